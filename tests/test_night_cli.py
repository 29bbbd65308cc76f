"""``intlscore night`` end to end (issue 43): a night's rounds become ordinary sessions,
standings recompute from their deals (an amended or undone deal changes them), the roll
call, a cut, and bad input as one line with exit status 2."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from cli_run import ok, refused

PLAYERS = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]


@pytest.fixture(autouse=True)
def ledger_in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    path = tmp_path / "ledger.sqlite3"
    monkeypatch.setenv("INTLSCORE_DB", str(path))
    return path


def as_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok(capsys, *argv, "--json"))
    return data


def new_night(capsys: pytest.CaptureFixture[str], *extra: str) -> None:
    ok(capsys, "night", "new", "n", "--players", *PLAYERS, "--rounds", "2", "--deals", "2",
       "--seed", "5", *extra)  # fmt: skip


def seat(capsys: pytest.CaptureFixture[str], *extra: str) -> list[dict[str, Any]]:
    tables: list[dict[str, Any]] = as_json(capsys, "night", "seat", "n", "--accept", *extra)[
        "tables"
    ]
    return tables


def open_win(capsys: pytest.CaptureFixture[str], session: str, players: list[str]) -> None:
    """The first player wins open; the others hold a few tiles each."""
    racks = [arg for i, p in enumerate(players[1:]) for arg in ("--rack", f"{p}=r{3 + i}")]
    ok(capsys, "session", "deal", session, "--open", "--winner", players[0], *racks)


def play_round(capsys: pytest.CaptureFixture[str], number: int, deals: int = 2) -> None:
    night = as_json(capsys, "night", "show", "n")
    for table in night["rounds"][number - 1]["tables"]:
        for _ in range(deals):
            open_win(capsys, table["session"], table["players"])


def standing(night: dict[str, Any], player: str) -> dict[str, Any]:
    row: dict[str, Any] = next(r for r in night["standings"] if r["player"] == player)
    return row


def test_a_night_from_start_to_standings(capsys: pytest.CaptureFixture[str]) -> None:
    new_night(capsys, "--stake", "0.05")
    tables = seat(capsys)
    assert [len(t["players"]) for t in tables] == [4, 4]
    assert all(sorted(t["starts"]) == sorted(t["players"][:2]) for t in tables)  # 2 deals
    # each table is an ordinary session, with the night's stake
    shown = as_json(capsys, "session", "show", "n-r1-t1")
    assert shown["players"] == tables[0]["players"]
    play_round(capsys, 1)
    night = as_json(capsys, "night", "show", "n")
    winner = tables[0]["players"][0]
    assert standing(night, winner)["points"] == 4
    assert standing(night, winner)["place"] == 1
    assert night["warnings"] == []
    text = ok(capsys, "night", "show", "n")
    assert "standings (ranked by points, margin, closed wins)" in text
    assert "n-r1-t1" in text
    # 8 players at two tables of 4 must meet again in round 2: each repeat is named
    draft = as_json(capsys, "night", "seat", "n")
    met = {frozenset((a, b)) for t in tables for a in t["players"] for b in t["players"] if a < b}
    again = {
        frozenset((a, b))
        for t in draft["tables"]
        for a in t["players"]
        for b in t["players"]
        if a < b and frozenset((a, b)) in met
    }
    assert {frozenset(f["players"]) for f in draft["flaws"] if f["kind"] == "repeat"} == again
    assert len(again) == 4  # the least there can be: two from each table at each table
    seat(capsys)
    assert "all its 2 rounds seated" in refused(capsys, "night", "seat", "n")


def test_an_amended_or_undone_deal_changes_the_standings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    new_night(capsys)
    tables = seat(capsys)
    play_round(capsys, 1)
    seat(capsys)
    first = tables[0]["players"]
    before = as_json(capsys, "night", "show", "n")
    assert standing(before, first[0])["points"] == 4
    # deal 1 of round 1, table 1 amended: now the second player wins it, and both deals
    # are undone and redone in turn
    losers = [p for p in first if p != first[1]]
    racks = [arg for i, p in enumerate(losers) for arg in ("--rack", f"{p}=k{9 + i} o{9 + i}")]
    ok(capsys, "session", "amend", "n-r1-t1", "1", "--open", "--winner", first[1], *racks)
    ok(capsys, "session", "amend", "n-r1-t1", "2", "--open", "--winner", first[1], *racks)
    after = as_json(capsys, "night", "show", "n")
    assert standing(after, first[1])["points"] == 4
    assert standing(after, first[0])["points"] < 4
    ok(capsys, "session", "undo", "n-r1-t1")
    ok(capsys, "session", "undo", "n-r1-t1")
    undone = as_json(capsys, "night", "show", "n")
    assert all(standing(undone, p)["tables"] == 0 for p in first)  # no deal: no points
    assert "round 2 is not finished" in undone["warnings"][0]


def test_a_deal_for_a_player_not_at_the_table_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    new_night(capsys)
    tables = seat(capsys)
    here = tables[0]["players"]
    stranger = tables[1]["players"][0]
    line = refused(capsys, "session", "deal", "n-r1-t1", "--open", "--winner", stranger,
                   "--not-melded", *here)  # fmt: skip
    for player in here:
        assert player in line
    assert as_json(capsys, "session", "show", "n-r1-t1")["deals"] == []


def test_seating_while_a_round_is_unfinished(capsys: pytest.CaptureFixture[str]) -> None:
    new_night(capsys)
    seat(capsys)
    draft = ok(capsys, "night", "seat", "n")
    assert "warning: round 1 is not finished: table 1 has 0 of 2 deals" in draft
    line = refused(capsys, "night", "seat", "n", "--accept")
    assert line == (
        "intlscore: error: round 1 is not finished: table 1 has 0 of 2 deals; add --force to"
        " seat round 2 anyway"
    )
    assert len(as_json(capsys, "night", "show", "n")["rounds"]) == 1  # nothing stored
    assert len(seat(capsys, "--force")) == 2


def test_latecomer_and_leaver(capsys: pytest.CaptureFixture[str]) -> None:
    new_night(capsys)
    first = seat(capsys)
    play_round(capsys, 1)
    assert "before round 2: ivy arrives" in ok(capsys, "night", "arrive", "n", "ivy")
    assert "before round 2: bob leaves" in ok(capsys, "night", "leave", "n", "BOB")
    second = seat(capsys)
    seated = sorted(p for t in second for p in t["players"])
    assert seated == sorted([p for p in PLAYERS if p != "bob"] + ["ivy"])
    night = as_json(capsys, "night", "show", "n")
    assert night["rounds"][0]["tables"][0]["players"] == first[0]["players"]  # kept
    assert {"name": "bob", "status": "gone"} in night["players"]
    assert standing(night, "bob")["tables"] == 1  # his round still counts
    assert ok(capsys, "night", "arrive", "n", "bob").startswith("before round 3: bob is back")


def test_cut_to_the_top_eight_seeded_and_halved(capsys: pytest.CaptureFixture[str]) -> None:
    new_night(capsys)
    seat(capsys)
    play_round(capsys, 1)
    seat(capsys)
    play_round(capsys, 2)
    before = as_json(capsys, "night", "show", "n")
    ranked = [row["player"] for row in before["standings"]]
    out = ok(capsys, "night", "cut", "n", "--top", "8", "--carry", "halved")
    assert f"table 1: 1. {ranked[0]}, 3. {ranked[2]}, 5. {ranked[4]}, 7. {ranked[6]}" in out
    final = seat(capsys)
    assert [sorted(t["players"]) for t in final] == [sorted(ranked[0::2]), sorted(ranked[1::2])]
    after = as_json(capsys, "night", "show", "n")
    top = standing(after, ranked[0])
    assert top["points"] == standing(before, ranked[0])["points"] / 2
    assert after["cut"]["carry"] == "halved" and after["cut"]["players"] == ranked
    assert "was cut already" in refused(capsys, "night", "cut", "n", "--top", "4")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["night", "new", "x", "--players", "a", "b", "c", "d", "e"],
            "5 players cannot sit at tables of 3 and 4: seat 3 or 4 at one table, or 6 or more",
        ),
        (
            ["night", "new", "x", "--players", "ann", "bob", "cat", "dan", "eve", "Ann"],
            "players 'ann' and 'Ann' are one player",
        ),
        (
            ["night", "new", "x", "--players", "José", "bob", "cat", "dan", "eve", "Jose\u0301"],
            "are one player (names are matched without regard to case or Unicode form)",
        ),
        (
            ["night", "new", "x", "--players", *PLAYERS, "--apart", "ann", "zed"],
            "'zed' is not a player of night 'x' (its players are ann, bob",
        ),
        (
            ["night", "new", "x", "--players", *PLAYERS, "--order", "points,luck"],
            "tie-break 'luck' is not one of points, margin, wins, total",
        ),
        (["night", "show", "nope"], "no night named 'nope' (there are no nights"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    assert said in refused(capsys, *argv)


def test_roll_call_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    new_night(capsys)
    assert "'zed' is not a player of night 'n'" in refused(capsys, "night", "leave", "n", "zed")
    assert refused(capsys, "night", "arrive", "n", "ANN").endswith(
        "ann is already at the night ('ANN' is the same name)"
    )
    for player in ("ann", "bob", "cat"):
        ok(capsys, "night", "leave", "n", player)
    assert "only 5 players are present" in refused(capsys, "night", "seat", "n")
    assert refused(capsys, "night", "cut", "n", "--top", "4") == (
        "intlscore: error: night 'n' has no round seated yet to cut after"
    )


def test_accepting_is_one_transaction(
    capsys: pytest.CaptureFixture[str], ledger_in_tmp: Path
) -> None:
    """A table's session name already taken: the whole round is refused, nothing stored."""
    new_night(capsys)
    ok(capsys, "session", "new", "n-r1-t2", "--players", "x", "y")
    assert "n-r1-t2" in refused(capsys, "night", "seat", "n", "--accept")
    names = [r[0] for r in sqlite3.connect(ledger_in_tmp).execute("SELECT name FROM session")]
    assert names == ["n-r1-t2"]
    assert as_json(capsys, "night", "show", "n")["rounds"] == []


def test_the_night_settles_across_its_tables(capsys: pytest.CaptureFixture[str]) -> None:
    """Each table at its stake; a player's net is the sum of their tables' nets; the fewest
    transfers pay exactly those nets."""
    from decimal import Decimal

    new_night(capsys, "--stake", "0.05")
    seat(capsys)
    play_round(capsys, 1)
    seat(capsys)
    play_round(capsys, 2)
    money = as_json(capsys, "night", "settle", "n")
    nets = {p: Decimal(0) for p in PLAYERS}
    for table in money["tables"]:
        alone = as_json(capsys, "session", "settle", table["session"])
        assert alone["nets"] == table["nets"]
        for player, net in alone["nets"].items():
            nets[player] += Decimal(net)
    assert {p: Decimal(v) for p, v in money["nets"].items()} == nets
    paid = {p: Decimal(0) for p in PLAYERS}
    for payment in money["transfers"]:
        paid[payment["from"]] -= Decimal(payment["amount"])
        paid[payment["to"]] += Decimal(payment["amount"])
    assert paid == nets
    assert len(money["transfers"]) < len([n for n in nets.values() if n])
    assert "fewest transfers for the night" in ok(capsys, "night", "settle", "n")


def test_a_night_without_a_stake_asks_for_one(capsys: pytest.CaptureFixture[str]) -> None:
    new_night(capsys)
    assert "nothing to settle" in refused(capsys, "night", "settle", "n")
    seat(capsys)
    assert "has no stake: give --stake AMOUNT" in refused(capsys, "night", "settle", "n")
    assert as_json(capsys, "night", "settle", "n", "--stake", "0.1")["transfers"] == []


def test_seating_by_standing(capsys: pytest.CaptureFixture[str]) -> None:
    """After round 1, --by-standing puts neighbours in the standings together, the leaders
    at table 1, where no repeat forbids it; the draft says so."""
    players = [f"p{i:02}" for i in range(1, 17)]
    ok(capsys, "night", "new", "big", "--players", *players, "--rounds", "3", "--deals", "1",
       "--seed", "2")  # fmt: skip
    first = as_json(capsys, "night", "seat", "big", "--accept")["tables"]
    for table in first:
        open_win(capsys, f"big-r1-t{table['table']}", table["players"])
    ranks = {
        row["player"]: index
        for index, row in enumerate(as_json(capsys, "night", "show", "big")["standings"])
    }
    plain = as_json(capsys, "night", "seat", "big")
    draft = as_json(capsys, "night", "seat", "big", "--by-standing")
    assert draft["by_standing"] and not plain["by_standing"]

    def spread(tables: list[dict[str, Any]]) -> int:
        return sum(abs(ranks[a] - ranks[b]) for t in tables for a in t["players"]
                   for b in t["players"] if a < b)  # fmt: skip

    assert spread(draft["tables"]) < spread(plain["tables"])
    leaders = min(ranks[p] for p in draft["tables"][0]["players"])
    assert leaders == 0
    assert [f for f in draft["flaws"] if f["kind"] == "repeat"] == []
    seated = as_json(capsys, "night", "seat", "big", "--by-standing", "--accept")
    assert seated["tables"] == draft["tables"]


def test_a_cut_that_cannot_sit_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    new_night(capsys)
    seat(capsys)
    line = refused(capsys, "night", "cut", "n", "--top", "8")
    assert line.endswith("round 1 is not finished: table 1 has 0 of 2 deals; finish it before"
                         " the cut")  # fmt: skip
    play_round(capsys, 1)
    for top in ("5", "9"):
        assert refused(capsys, "night", "cut", "n", "--top", top).endswith(
            f"a cut to the top {top} cannot sit at tables of 3 and 4 from 8 players present:"
            " cut to 3, 4, or 6 or more"
        )
    assert as_json(capsys, "night", "show", "n")["cut"] is None  # nothing stored
    ok(capsys, "night", "cut", "n", "--top", "4", "--carry", "cleared")
    final = seat(capsys)
    assert len(final) == 1 and len(final[0]["players"]) == 4
    night = as_json(capsys, "night", "show", "n")
    assert all(row["points"] == 0 for row in night["standings"])  # cleared, none played yet
    assert [row["in_cut"] for row in night["standings"]] == [True] * 4 + [False] * 4


def renamed(document: Any, old: str, new: str) -> Any:
    """``document`` with the player ``old`` named ``new`` everywhere: values, keys, and
    the words of lines (the roll call, why a row stands where it does)."""
    if isinstance(document, dict):
        return {renamed(k, old, new): renamed(v, old, new) for k, v in document.items()}
    if isinstance(document, list):
        return [renamed(item, old, new) for item in document]
    if isinstance(document, str):
        return re.sub(rf"\b{re.escape(old)}\b", new, document)
    return document


def test_a_player_rename_reaches_the_night(capsys: pytest.CaptureFixture[str]) -> None:
    """``player rename`` rewrites the night's record in the same transaction as the
    sessions: the roll call, seats, starts, keep-apart pair, cut seeds and roll-call lines
    all take the new name, and the standings keep the player's points."""
    new_night(capsys, "--apart", "ann", "bob")
    seat(capsys)
    play_round(capsys, 1)
    seat(capsys)
    play_round(capsys, 2)
    ok(capsys, "night", "cut", "n", "--top", "8", "--carry", "kept")
    ok(capsys, "night", "leave", "n", "ann")
    before = as_json(capsys, "night", "show", "n")
    assert standing(before, "ann")["points"] > 0  # two tables of open wins: points to keep
    out = ok(capsys, "player", "rename", "ANN", "Anna")
    assert out.strip().endswith("; and in night n")
    after = as_json(capsys, "night", "show", "n")
    assert after == renamed(before, "ann", "Anna")
    assert standing(after, "Anna")["points"] == standing(before, "ann")["points"]
    assert not any(row["player"] == "ann" for row in after["standings"])
    assert after["roll_call"][-1] == "before round 3: Anna leaves"
    assert "every record matches its checksum" in " ".join(
        ok(capsys, "session", "check", "--all").split()
    )


def test_a_player_on_the_roll_call_only_is_renamed_and_clashes_are_refused(
    capsys: pytest.CaptureFixture[str], ledger_in_tmp: Path
) -> None:
    new_night(capsys)
    ok(capsys, "session", "new", "other", "--players", "ann", "zoe")
    said = refused(capsys, "player", "rename", "ann", "BOB")
    assert said.endswith("cannot rename 'ann' to 'BOB': 'bob' already plays in night 'n'")
    stored = sqlite3.connect(ledger_in_tmp).execute("SELECT record FROM night").fetchone()
    assert '"ann"' in stored[0]  # nothing changed
    assert ok(capsys, "player", "rename", "hal", "Hal").strip() == "renamed hal to Hal in night n"
    assert as_json(capsys, "night", "show", "n")["players"][-1] == {
        "name": "Hal",
        "status": "present",
    }
    assert "no player named 'nobody'" in refused(capsys, "player", "rename", "nobody", "x")


def test_a_session_rename_reaches_the_night(capsys: pytest.CaptureFixture[str]) -> None:
    new_night(capsys)
    seat(capsys)
    play_round(capsys, 1)
    before = as_json(capsys, "night", "show", "n")
    ok(capsys, "session", "rename", "N-R1-T1", "opening")
    after = as_json(capsys, "night", "show", "n")
    assert after["rounds"][0]["tables"][0]["session"] == "opening"
    after["rounds"][0]["tables"][0]["session"] = "n-r1-t1"
    assert after == before  # the same standings, the table's deals still counted
    open_win(capsys, "opening", before["rounds"][0]["tables"][0]["players"])
    again = as_json(capsys, "night", "show", "n")
    assert again["rounds"][0]["tables"][0]["deals_played"] == 3


def test_a_rename_the_night_missed_is_mended_by_renaming_again(
    capsys: pytest.CaptureFixture[str], ledger_in_tmp: Path
) -> None:
    """A night stored while renames did not reach nights holds the old name; renaming the
    old name to the new one once more makes them one player again, points and all."""
    new_night(capsys)
    seat(capsys)
    play_round(capsys, 1)
    before = as_json(capsys, "night", "show", "n")
    with sqlite3.connect(ledger_in_tmp) as connection:  # the sessions say ann, the night zed
        (record,) = connection.execute("SELECT record FROM night").fetchone()
        stale = json.dumps(renamed(json.loads(record), "ann", "zed"))
        connection.execute("UPDATE night SET record = ?", (stale,))
    connection.close()
    gap = standing(as_json(capsys, "night", "show", "n"), "zed")
    assert gap["total"] == 0 != standing(before, "ann")["total"]  # ann's deals lost to zed
    assert ok(capsys, "player", "rename", "zed", "ann").strip() == "renamed zed to ann in night n"
    assert as_json(capsys, "night", "show", "n") == before


def test_night_names_that_differ_only_in_case_are_one(capsys: pytest.CaptureFixture[str]) -> None:
    new_night(capsys)
    said = refused(capsys, "night", "new", "N", "--players", *PLAYERS)
    assert said.endswith(
        "a night named 'n' already exists (names that differ only in case or accents are one)"
    )
    assert "a night named 'n' already exists" in refused(capsys, "night", "new", "n",
                                                          "--players", *PLAYERS)  # fmt: skip
