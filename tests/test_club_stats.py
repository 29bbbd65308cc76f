"""Statistics across sessions: the hand-worked season (tests/club_season.py), random
seasons against ``session show`` and ``settle``, and the command line."""

from __future__ import annotations

import contextlib
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from club_ledgers import build, deal_of, season_steps
from club_season import make_season
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from intlscore.errors import IntlscoreError
from intlscore.faces.cli import main
from intlscore.faces.documents import schema
from intlscore.session.club.stats import Selection, read_season, season_stats
from intlscore.session.ledger import Ledger
from intlscore.session.settlement import settle


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "club.sqlite3"
    monkeypatch.setenv("INTLSCORE_DB", str(path))
    return make_season(path, monkeypatch)


def stats_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status = main(["stats", *argv, "--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    data: dict[str, Any] = json.loads(out)
    Draft202012Validator(schema("stats")).validate(data)
    return data


def by_name(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {player["name"]: player for player in data["players"]}


def test_the_hand_worked_season(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    data = stats_json(capsys, "--stake", "0.05")
    assert data["deals"] == 7
    players = by_name(data)
    assert list(players) == ["Ann", "bob", "cat", "dan"]  # first seat, last spelling
    ann, bob, cat, dan = players.values()
    assert (ann["sessions"], ann["deals"], ann["total"]) == (3, 7, 90 + 86 - 1900)
    assert ann["wins"] == {"open": 3, "foot": 0, "closed": 0}
    assert ann["average"] == round(-1724 / 7, 2)
    assert ann["best"] == {"session": "w1", "deal": 1, "delta": 100, "summary": "open win by ann"}
    assert ann["longest_streak"] == 1  # w1#1, then w2#2, then w3#2: never two in a row
    assert (bob["sessions"], bob["deals"], bob["total"]) == (2, 5, 2388 - 140)
    assert bob["wins"] == {"open": 0, "foot": 0, "closed": 1}
    assert bob["closed"] == [{"type": 24, "name": "Royal", "count": 1, "points": 2400}]
    assert bob["closed_total"] == {"count": 1, "points": 2400}
    assert bob["best"]["delta"] == 2400
    assert (cat["deals"], cat["total"], cat["closed_total"]) == (
        4, -2500 + 1983, {"count": 1, "points": 2000},
    )  # fmt: skip
    assert (dan["deals"], dan["total"], dan["wins"]["foot"], dan["best"]["delta"]) == (
        3,
        90,
        1,
        200,
    )
    # money at 0.05 a point, settled session by session (R19): stake x (n x total - sum)
    w1 = {"ann": Decimal("0.05") * (3 * 90 + 22), "bob": Decimal("0.05") * (3 * 2388 + 22)}
    w2 = {"ann": Decimal("0.05") * (3 * 86 - 36), "bob": Decimal("0.05") * (3 * -140 - 36)}
    w3 = {"ann": Decimal("0.05") * (2 * -1900 - 83)}
    assert Decimal(ann["money"]) == w1["ann"] + w2["ann"] + w3["ann"]
    assert Decimal(bob["money"]) == w1["bob"] + w2["bob"]
    assert sum(Decimal(p["money"]) for p in players.values()) == 0
    table = data["table"]
    assert table["closed"] == [
        {"type": 24, "name": "Royal", "count": 1, "points": 2400},
        {"type": 36, "name": "Seven pairs minor", "count": 1, "points": 2000},
    ]
    assert [(h["player"], h["session"], h["deal"], h["points"]) for h in table["biggest"]] == [
        ("bob", "w1", 2, 2400),
        ("cat", "w3", 1, 2000),
    ]


def test_a_date_range_and_sessions_choose_the_deals(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    data = stats_json(capsys, "--since", "2024-03-08", "--until", "2024-03-08")
    assert data["deals"] == 3 and data["since"] == data["until"] == "2024-03-08"
    assert {name: p["total"] for name, p in by_name(data).items()} == {
        "Ann": 86, "bob": -140, "dan": 90,
    }  # fmt: skip
    data = stats_json(capsys, "--sessions", "w1", "w3", "--player", "ANN")
    assert [p["name"] for p in data["players"]] == ["Ann"]
    assert data["players"][0]["total"] == 90 - 1900 and data["players"][0]["sessions"] == 2
    assert stats_json(capsys, "--since", "2025-01-01")["deals"] == 0


def test_the_figures_agree_with_session_show_and_settle(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    data = by_name(stats_json(capsys, "--stake", "0.1"))
    totals: dict[str, int] = {}
    money: dict[str, Decimal] = {}
    for name in ("w1", "w2", "w3"):
        assert main(["session", "show", name, "--json"]) == 0
        shown = json.loads(capsys.readouterr().out)
        assert main(["session", "settle", name, "--stake", "0.1", "--json"]) == 0
        nets = json.loads(capsys.readouterr().out)["nets"]
        for player, total in shown["totals"].items():
            key = player.casefold()
            totals[key] = totals.get(key, 0) + total
            money[key] = money.get(key, Decimal(0)) + Decimal(nets[player])
    assert {name.casefold(): p["total"] for name, p in data.items()} == totals
    assert {name.casefold(): Decimal(p["money"]) for name, p in data.items()} == money


def test_the_view_at_80_and_40_columns(
    capsys: pytest.CaptureFixture[str], db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for width in ("80", "40"):
        monkeypatch.setenv("COLUMNS", width)
        assert main(["stats", "--stake", "0.05"]) == 0
        out = capsys.readouterr().out
        assert max(len(line) for line in out.splitlines()) <= int(width)
        assert "24 Royal" in out and "\x1b[" not in out  # piped: text only
        assert "-168.45" in out  # Ann: 14.60 + 11.10 - 194.15


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(sessions=season_steps())
def test_random_seasons_agree_with_each_sessions_totals_and_settlement(
    tmp_path_factory: pytest.TempPathFactory, sessions: Any
) -> None:
    path = tmp_path_factory.mktemp("season") / "l.sqlite3"
    with Ledger(path) as ledger:
        build(ledger, sessions)
        season = read_season(ledger)
        states = {s.name: ledger.session(s.name).snapshot() for s in ledger.sessions()}
    stats = season_stats(season, Selection(), "0.05")
    totals: dict[str, int] = {}
    money: dict[str, Decimal] = {}
    deals: dict[str, int] = {}
    for state in states.values():
        if not state.deals:
            continue
        for name, net in settle(state.totals, "0.05").nets.items():
            totals[name] = totals.get(name, 0) + state.totals[name]
            money[name] = money.get(name, Decimal(0)) + net
            deals[name] = deals.get(name, 0) + len(state.deals)
    assert {p.name: p.total for p in stats.players if p.deals} == totals
    assert {p.name: p.money for p in stats.players if p.deals} == money
    assert {p.name: p.deals for p in stats.players if p.deals} == deals
    assert stats.deals == sum(len(state.deals) for state in states.values())
    wins = sum(sum(p.wins.values()) for p in stats.players)
    assert wins == sum(1 for s in states.values() for d in s.deals if d.winner is not None)
    assert sum(c.count for c in stats.closed_types) == sum(
        1 for s in states.values() for d in s.deals if d.kind == "closed"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--since", "March"], "--since: 'March' is not a date (write YYYY-MM-DD"),
        (["--until", "2024-02-30"], "--until: '2024-02-30' is not a date"),
        (["--since", "\uff12\uff10\uff12\uff14-03-01"], "is not a date"),
        (["--since", "2024-03-09", "--until", "2024-03-01"], "--since 2024-03-09 is after --until"),
        (["--player", "eve"], "no player named 'eve' (the players are Ann, bob, cat, dan)"),
        (["--sessions", "w9"], "no session named 'w9' (the sessions are w1, w2, w3)"),
        (["--stake", "lots"], "stake"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], db: Path, argv: list[str], message: str
) -> None:
    status = main(["stats", *argv])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_one_players_view_shows_the_closed_hands_they_made(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    assert main(["stats", "--player", "CAT"]) == 0
    out = capsys.readouterr().out
    assert "36 Seven pairs minor" in out and "Royal" not in out and "bob" not in out


@pytest.mark.slow
@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    sessions=season_steps(),
    more=st.lists(deal_of(("ann", "bob", "cat", "dan")), max_size=3),
    stake=st.sampled_from([None, "0.05", "own"]),
    days=st.lists(st.integers(1, 4), min_size=1, max_size=40),
)
def test_each_sessions_kept_share_sums_to_the_plain_walk(
    tmp_path_factory: pytest.TempPathFactory,
    sessions: Any,
    more: list[dict[str, Any]],
    stake: str | None,
    days: list[int],
) -> None:
    """Issue 28: the season's figures are each session's kept share (its tally) summed;
    they equal one plain walk over every deal (tests/club_reference.py) for every
    selection, stake and ratings walk, fresh and after more deals read through a server's
    cache (only the changed session is worked out again)."""
    from unittest import mock

    from club_reference import reference_deals, reference_stats

    from intlscore.session.club.ratings import ratings
    from intlscore.session.club.season import SeasonCache
    from intlscore.session.club.standings import standings
    from intlscore.session.ledger import clock

    ticks = iter(days * 50)  # each write on one of four days
    path = tmp_path_factory.mktemp("share") / "l.sqlite3"
    selections = [
        Selection(),
        Selection.typed("2024-03-02"),
        Selection.typed("2024-03-02", "2024-03-03"),
        Selection.typed(until="2024-03-01"),
    ]
    with (
        mock.patch.object(clock, "now", lambda: f"2024-03-0{next(ticks)}T20:00:00+00:00"),
        Ledger(path) as ledger,
    ):
        build(ledger, sessions)
        if stake == "own":
            for state in ledger.sessions():
                ledger.session(state.name).set_stake("0.10")
        cache = SeasonCache()
        for round_ in range(2):
            season = read_season(ledger, cache)
            fresh = read_season(ledger)
            for chosen in selections:
                at = "0.05" if stake == "0.05" else None
                kept = season_stats(season, chosen, at)
                assert kept.to_dict() == reference_stats(fresh, chosen, at).to_dict()
                assert kept.hands == reference_stats(fresh, chosen, at).hands
                table = standings(season, chosen, ledger=ledger)
                walked = ratings(reference_deals(fresh, chosen))[0]
                assert {row.name: row.rating for row in table.rows if row.deals} == {
                    name: walked[name] for name in walked
                }
            if round_ == 0:  # more deals in the last session, as at a table
                last = ledger.session(f"s{len(sessions)}")
                for deal in more:
                    seated = list(last.players)
                    losers = seated[1:] if deal["winner"] else seated
                    deal = {**deal, "winner": seated[0] if deal["winner"] else None}
                    deal["racks"] = {n: r for n, r in deal["racks"].items() if n in losers}
                    deal["not_melded"] = [n for n in losers if n not in deal["racks"]]
                    with contextlib.suppress(IntlscoreError):  # a tile seen three times
                        last.deal(**deal)


def test_a_run_of_wins_goes_on_across_sessions(tmp_path: Path) -> None:
    """Wins in a row count over a player's deals in date order, across sessions (worked by
    hand): ann wins the last two deals of s1, every deal of s2 (two) and the first of s3,
    then bob wins: a run of five, made of three sessions' shares."""
    from club_reference import reference_stats

    def won(session: Any, winner: str) -> None:
        losers = [name for name in session.players if name != winner]
        session.deal(kind="open", winner=winner, racks=dict.fromkeys(losers, "r5"))

    with Ledger(tmp_path / "l.sqlite3") as ledger:
        for name, winners in (("s1", "ba"), ("s2", "aa"), ("s3", "ab")):
            session = ledger.create_session(name, ["ann", "bob"])
            for winner in winners:
                won(session, "ann" if winner == "a" else "bob")
        won(ledger.session("s1"), "ann")
        season = read_season(ledger)
    stats = season_stats(season)
    assert stats.player("ann").longest_streak == 5
    assert stats.player("bob").longest_streak == 1
    assert stats.to_dict() == reference_stats(season).to_dict()
