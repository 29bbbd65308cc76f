"""The cut to the table winners plus the best others (issue 43, item 4), with hands worked
out by hand: an open win scores the winner 100 (R14) and each loser who has melded minus
the tiles on their rack (R15)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from cli_run import ok, refused

from intlscore.session.night.points import TableResult, standings, winners_cut

PLAYERS = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]


@pytest.fixture(autouse=True)
def ledger_in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("INTLSCORE_DB", str(tmp_path / "ledger.sqlite3"))


def shown(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok(capsys, "night", "show", "n", "--json"))
    return data


def open_win(capsys: pytest.CaptureFixture[str], session: str, winner: str,
             racks: dict[str, str]) -> None:  # fmt: skip
    args = [arg for player, rack in racks.items() for arg in ("--rack", f"{player}={rack}")]
    ok(capsys, "session", "deal", session, "--open", "--winner", winner, *args)


def first_round(capsys: pytest.CaptureFixture[str]) -> tuple[list[str], list[str]]:
    """Two tables of four, two deals each. Table 1 (seats a b c d): a wins both open, b c
    d hold r3 r4 r5: totals 200 -6 -8 -10 (sum 176), margins (4 x total - 176) / 3: 208,
    -200/3, -208/3, -72. Table 2 (seats e f g h): e wins both, f g h hold r6 r7 r8:
    totals 200 -12 -14 -16 (sum 158), margins 214, -206/3, -214/3, -74."""
    ok(capsys, "night", "new", "n", "--players", *PLAYERS, "--rounds", "1", "--deals", "2",
       "--seed", "5")  # fmt: skip
    ok(capsys, "night", "seat", "n", "--accept")
    one, two = shown(capsys)["rounds"][0]["tables"]
    for _ in range(2):
        a, b, c, d = one["players"]
        open_win(capsys, one["session"], a, {b: "r3", c: "r4", d: "r5"})
        e, f, g, h = two["players"]
        open_win(capsys, two["session"], e, {f: "r6", g: "r7", h: "r8"})
    return one["players"], two["players"]


def test_winners_and_the_best_others_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    (a, b, c, d), (e, f, g, h) = first_round(capsys)
    night = shown(capsys)
    assert [(r["player"], r["points"], r["margin"]) for r in night["standings"]] == [
        (e, 4, 214),
        (a, 4, 208),
        (b, 3, -66.67),
        (f, 3, -68.67),
        (c, 1, -69.33),
        (g, 1, -71.33),
        (d, 0, -72),
        (h, 0, -74),
    ]
    out = ok(capsys, "night", "cut", "n", "--winners", "--best-losers", "4", "--carry",
             "halved")  # fmt: skip
    # seeds: the winners e, a by standing; then b, f, c, g: tables 1-3-5 and 2-4-6
    assert (
        out.split()
        == " ".join(
            [  # as wrapped at any width
                "night n: the 2 table winners and the 4 best others after round 1 play on"
                " (earlier points halved)",
                f"table 1: 1. {e} (table winner), 3. {b}, 5. {c}",
                f"table 2: 2. {a} (table winner), 4. {f}, 6. {g}",
                "next: intlscore night seat n --accept",
            ]
        ).split()
    )
    cut = shown(capsys)["cut"]
    assert cut == {"after": 1, "top": 6, "players": [e, a, b, f, c, g], "carry": "halved",
                   "by": "winners", "winners": [e, a], "best_losers": 4}  # fmt: skip
    final = json.loads(ok(capsys, "night", "seat", "n", "--json"))["tables"]
    assert [sorted(t["players"]) for t in final] == [sorted([e, b, c]), sorted([a, f, g])]
    assert "the 2 table winners and the 4 best others play on" in " ".join(
        ok(capsys, "night", "show", "n").split()
    )


def test_winners_alone_and_a_winner_who_left(capsys: pytest.CaptureFixture[str]) -> None:
    """Winners only (no --best-losers) is too few for a table of 3 here: refused, nothing
    stored. A winner who left does not go through: the best player of their table still
    present does."""
    (a, b, c, _), (e, f, _, _) = first_round(capsys)
    line = refused(capsys, "night", "cut", "n", "--winners")
    assert line == (
        "intlscore: error: the 2 table winners and 0 best others (2 players) cannot sit at"
        " tables of 3 and 4 from 8 players present: cut to 3, 4, or 6 or more"
    )
    assert refused(capsys, "night", "cut", "n", "--winners", "--best-losers", "7").endswith(
        "only 6 players present are not table winners: cannot add the 7 best of them"
    )
    assert refused(capsys, "night", "cut", "n", "--top", "4", "--best-losers", "2").endswith(
        "--best-losers goes with --winners (the table winners plus the K best others)"
    )
    assert shown(capsys)["cut"] is None
    ok(capsys, "night", "leave", "n", e)
    out = ok(capsys, "night", "cut", "n", "--winners", "--best-losers", "2")
    # table 2 without e: f is its best player still present; seeds a, f (by standing: b is
    # between them), then b, c
    assert f"table 1: 1. {a} (table winner), 2. {f} (table winner), 3. {b}, 4. {c}" in out
    assert refused(capsys, "night", "cut", "n", "--winners").endswith("was cut already (top 4)")


def test_a_tie_for_a_tables_win_goes_to_the_higher_standing() -> None:
    """Worked by hand. Round 1: ann 40 at a table of three (4 points), bob -40 (0 points).
    Round 2, table 1: ann and bob both 10, cat -5, dan -15: they share places 1-2 (3.5
    points each), margins equal (15), no closed win, equal totals: a tie on every key.
    ann stands higher over the night (7.5 points to bob's 3.5), so ann goes through; bob
    can still come through among the best others."""
    r1 = [TableResult(1, 1, {"ann": 40, "eve": 0, "fay": -40}, 1),
          TableResult(1, 2, {"bob": -40, "cat": 20, "dan": 20}, 1)]  # fmt: skip
    r2 = [TableResult(2, 1, {"bob": 10, "ann": 10, "cat": -5, "dan": -15}, 2),
          TableResult(2, 2, {"eve": 5, "fay": -5, "gus": 0}, 2)]  # fmt: skip
    rows = standings(r1 + r2, ["ann", "bob", "cat", "dan", "eve", "fay", "gus"])
    assert [(row.player, row.points) for row in rows][:2] == [("ann", Fraction(15, 2)),
                                                               ("eve", Fraction(6))]  # fmt: skip
    cut = winners_cut(r2, rows, losers=1)
    assert cut.winners == ("ann", "eve")
    assert cut.notes == (
        "round 2, table 1: ann and bob tie for the win on points, margin, closed wins; ann"
        " goes through, higher in the night's standings",
    )
    assert cut.players == ("ann", "eve", "cat")  # cat: 3 + 1 points, above bob


def test_a_tie_also_shared_in_the_standings_goes_to_the_roll_call() -> None:
    """One round: ann and bob both 10 at table 1, equal on every key, and so equal in the
    standings too: the one who came first (ann, on the roll call first) goes through."""
    tables = [TableResult(1, 1, {"bob": 10, "ann": 10, "cat": -20}, 1),
              TableResult(1, 2, {"dan": 30, "eve": -10, "fay": -20}, 1)]  # fmt: skip
    rows = standings(tables, ["ann", "bob", "cat", "dan", "eve", "fay"])
    cut = winners_cut(tables, rows, losers=1)
    assert cut.winners == ("dan", "ann")  # dan: 4 points, ann 3
    assert cut.players == ("dan", "ann", "bob")
    assert cut.notes == (
        "round 1, table 1: ann and bob tie for the win on points, margin, closed wins; ann"
        " goes through, first on the roll call (they share a place in the standings too)",
    )
