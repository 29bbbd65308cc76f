"""Swapping two players in a night's draft (issue 43, item 5): the swap itself, the flaws
measured again by the seating's own measure, a seating given by hand checked and accepted
exactly as given in one transaction, and ``night seat --swap`` on the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_run import run
from jsonschema import Draft202012Validator

from intlscore.errors import LedgerError, NightError
from intlscore.faces.documents import schema
from intlscore.session.ledger import Ledger
from intlscore.session.night.seating import seating_flaws
from intlscore.session.night.store import (
    accept_round,
    accept_seating,
    create_night,
    draft_round,
    preview_seating,
    read_night,
    roll_call,
    swap_draft,
)
from intlscore.session.night.swap import check_seating, swap_seats

EIGHT = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]
SEVEN = EIGHT[:7]
SIXTEEN = [f"p{i:02}" for i in range(1, 17)]
"""16 players meet nobody twice in two rounds (four tables of 4)."""


def seats(draft: Any) -> list[tuple[str, ...]]:
    return [table for table, _ in draft.tables]


# -- the pure swap and check -------------------------------------------------------------------


def test_a_swap_between_tables_takes_the_other_seat_and_at_one_table_exchanges_seats() -> None:
    tables = (("ann", "bob", "cat", "dan"), ("eve", "fay", "gus"))
    assert swap_seats(tables, "dan", "eve") == (("ann", "bob", "cat", "eve"),
                                               ("dan", "fay", "gus"))  # fmt: skip
    assert swap_seats(tables, "cat", "ann") == (("cat", "bob", "ann", "dan"), tables[1])
    with pytest.raises(NightError, match="zed is not seated in this draft"):
        swap_seats(tables, "ann", "zed")
    with pytest.raises(NightError, match="ann cannot swap with themselves"):
        swap_seats(tables, "ann", "ann")


@pytest.mark.parametrize(
    ("tables", "problem"),
    [
        ([("ann", "bob", "cat", "dan"), ("eve", "fay")], "table 2 seats 2 players"),
        ([("ann", "bob", "cat", "dan", "eve"), ("fay", "gus")], "table 1 seats 5 players"),
        ([("ann", "bob", "cat"), ("dan", "eve", "fay"), ("gus",)], "table 3 seats 1 player "),
        ([("ann", "bob", "cat"), ("dan", "eve", "ann", "fay")], "ann is seated twice"),
        ([("ann", "bob", "cat"), ("dan", "eve", "zed")], "zed is not present"),
        ([("ann", "bob", "cat"), ("dan", "eve", "fay")], "gus is present but not seated"),
        ([], "a seating is a list of tables"),
    ],
)
def test_a_seating_given_by_hand_is_checked(tables: list[tuple[str, ...]], problem: str) -> None:
    with pytest.raises(NightError, match=problem):
        check_seating(tables, SEVEN)


# -- the store: preview and accept -------------------------------------------------------------


def test_a_swap_that_brings_back_a_meeting_is_named_and_a_swap_back_clears_it(
    tmp_path: Path,
) -> None:
    with Ledger(tmp_path / "l") as ledger:
        create_night(ledger, "n", SIXTEEN, rounds=2, deals=2, seed=5)
        _, first = accept_round(ledger, "n", cpu_seconds=None)
        draft = draft_round(ledger, "n", cpu_seconds=None)
        assert draft.flaws == ()
        one, two = seats(draft)[:2]
        mover = one[0]
        # someone at the other table who sat with one of table 1's others in round 1
        round_one = {p: set(t) for t in first.seating for p in t}
        other = next(p for p in two if round_one[p] & set(one[1:]))
        swapped = swap_draft(ledger, "n", [(mover, other)], cpu_seconds=None)
        assert seats(swapped)[0] == (other, *one[1:])  # the other's seat, in order
        kinds = {flaw.kind for flaw in swapped.flaws}
        assert kinds == {"repeat"}
        assert any(other in flaw.players for flaw in swapped.flaws)
        assert all({other, mover} & set(flaw.players) for flaw in swapped.flaws)
        assert any("meet a second time in round 2" in flaw.text for flaw in swapped.flaws)
        # the seating module's own measure, not a second one
        whole = [*(s.seating for s in read_night(ledger, "n").night.seated), seats(swapped)]
        assert swapped.flaws == seating_flaws(whole, first=2)
        back = preview_seating(ledger, "n", seats(swapped), swap=(other.upper(), mover))
        assert seats(back) == seats(draft) and back.flaws == ()
        assert read_night(ledger, "n").night.seated == (first,)  # nothing stored


def test_keep_apart_and_a_second_table_of_three_are_named(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l") as ledger:
        create_night(ledger, "n", SEVEN, rounds=2, deals=3, seed=2, apart=[("ann", "bob")])
        first = ("ann", "cat", "dan", "eve"), ("bob", "fay", "gus")
        draft, _ = accept_seating(ledger, "n", first, round=1, cpu_seconds=None)
        assert draft.flaws == ()
        # bob at a table of 3 again, with ann; cat never at one
        second = [("cat", "dan", "fay", "gus"), ("bob", "ann", "eve")]
        preview = preview_seating(ledger, "n", second, cpu_seconds=None)
        texts = [flaw.text for flaw in preview.flaws]
        assert "bob and ann are kept apart but sit at one table in round 2" in texts
        assert any(t.startswith("bob sits at a table of 3 in 2 rounds") for t in texts)
        assert preview.tables[1] == (("bob", "ann", "eve"), ("bob", "ann", "eve"))  # starts


def test_accept_seats_exactly_the_seating_in_one_transaction(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l") as ledger:
        create_night(ledger, "n", EIGHT, rounds=2, deals=2, seed=5, stake="0.05")
        given = [["Hal", "gus", "fay", "eve"], ["dan", "cat", "bob", "ann"]]  # any case
        draft, seated = accept_seating(ledger, "n", given, round=1, cpu_seconds=None)
        assert seated.seating == (("hal", "gus", "fay", "eve"), ("dan", "cat", "bob", "ann"))
        assert seated.tables[0].starts == ("hal", "gus") == draft.tables[0][1]
        assert ledger.session("n-r1-t2").players == ("dan", "cat", "bob", "ann")
        assert read_night(ledger, "n").night.seated == (seated,)
        # the same seating shown for round 1 again is refused: round 1 is seated
        with pytest.raises(NightError, match="round 1 of night 'n' is seated already"):
            accept_seating(ledger, "n", given, round=1)


def test_a_refused_seating_stores_nothing(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l") as ledger:
        create_night(ledger, "n", EIGHT, rounds=2, deals=2, seed=5)
        roll_call(ledger, "n", "bob", arriving=False)
        with pytest.raises(NightError, match="bob has left the night: not seated in round 1"):
            accept_seating(ledger, "n", [EIGHT[:4], EIGHT[4:]], round=1)
        with pytest.raises(NightError, match="'zed' is not a player of night 'n'"):
            accept_seating(ledger, "n", [["ann", "cat", "zed"], EIGHT[4:]])
        ledger.create_session("n-r1-t2", ["x", "y"])  # the second table's name is taken
        with pytest.raises(LedgerError, match="n-r1-t2"):
            accept_seating(ledger, "n", [["ann", "cat", "dan"], EIGHT[4:]])
        assert ledger.session_names() == ["n-r1-t2"]
        assert read_night(ledger, "n").night.seated == ()


# -- the command line --------------------------------------------------------------------------


@pytest.fixture
def night(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
          ) -> None:  # fmt: skip
    monkeypatch.setenv("INTLSCORE_DB", str(tmp_path / "ledger.sqlite3"))
    status, _, err = run(capsys, "night", "new", "n", "--players", *SIXTEEN, "--rounds", "2",
                         "--deals", "2", "--seed", "5")  # fmt: skip
    assert status == 0, err


def seat_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status, out, err = run(capsys, "night", "seat", "n", *argv, "--json")
    assert status == 0, err
    data: dict[str, Any] = json.loads(out)
    Draft202012Validator(schema("night-seat")).validate(data)
    return data


@pytest.mark.usefixtures("night")
def test_seat_swap_shows_and_accepts_the_swapped_draft(capsys: pytest.CaptureFixture[str]) -> None:
    plain = seat_json(capsys)
    one, two = (t["players"] for t in plain["tables"][:2])
    swaps = ["--swap", one[0], two[1], "--swap", one[2], one[3]]
    shown = seat_json(capsys, *swaps)
    rest = [t["players"] for t in plain["tables"][2:]]
    expected = [[two[1], one[1], one[3], one[2]], [two[0], one[0], *two[2:]], *rest]
    assert [t["players"] for t in shown["tables"]] == expected
    assert shown["swaps"] == [[one[0], two[1]], [one[2], one[3]]] and not shown["accepted"]
    status, out, _ = run(capsys, "night", "seat", "n", *swaps)
    assert status == 0
    assert f"swapped: {one[0]} and {two[1]}" in out
    assert f"--swap {one[0]} {two[1]} --swap {one[2]} {one[3]}" in " ".join(out.split())
    accepted = seat_json(capsys, *swaps, "--accept")
    assert [t["players"] for t in accepted["tables"]] == expected
    assert accepted["accepted"] and accepted["sessions"] == [f"n-r1-t{n}" for n in (1, 2, 3, 4)]
    status, out, _ = run(capsys, "night", "show", "n", "--json")
    assert [t["players"] for t in json.loads(out)["rounds"][0]["tables"]] == expected


@pytest.mark.usefixtures("night")
@pytest.mark.parametrize(
    ("swap", "line"),
    [
        (["p01", "zed"], "intlscore: error: 'zed' is not a player of night 'n' (its players"),
        (["p02", "p01"], "intlscore: error: p02 has left the night: not seated in round 1"),
        (["p01", "P01"], "intlscore: error: p01 cannot swap with themselves"),
    ],
)
def test_a_swap_naming_an_unknown_or_absent_player_is_one_line(
    capsys: pytest.CaptureFixture[str], swap: list[str], line: str
) -> None:
    assert run(capsys, "night", "leave", "n", "p02")[0] == 0
    for accept in ((), ("--accept",)):
        status, out, err = run(capsys, "night", "seat", "n", "--swap", *swap, *accept)
        assert (status, out) == (2, "")
        assert len(err.strip().splitlines()) == 1 and err.startswith(line), err
    status, out, _ = run(capsys, "night", "show", "n", "--json")
    assert json.loads(out)["rounds"] == []  # nothing seated


@pytest.mark.slow  # three whole searches by standing (they never stop early): a few seconds
@pytest.mark.usefixtures("night")
def test_a_swap_in_a_draft_seated_by_standing_plans_no_later_round(
    capsys: pytest.CaptureFixture[str],
) -> None:
    seat_json(capsys, "--accept")
    drafted = seat_json(capsys, "--by-standing")
    one, two = (t["players"] for t in drafted["tables"][:2])
    shown = seat_json(capsys, "--by-standing", "--swap", one[0], two[0])
    assert shown["by_standing"] and shown["later_flaws"] == 0
    assert [t["players"][0] for t in shown["tables"][:2]] == [two[0], one[0]]
    accepted = seat_json(capsys, "--by-standing", "--swap", one[0], two[0], "--accept", "--force")
    assert accepted["tables"] == shown["tables"] and accepted["by_standing"]


def test_a_night_changed_while_the_seating_was_measured_is_checked_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The flaws are measured before the write; a player who leaves meanwhile (another
    connection, say the laptop's command line) makes the write refuse the seating."""
    from intlscore.session.night import store

    path = tmp_path / "l"
    measured = store._given_draft
    calls = []

    def measure_then_leave(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        draft = measured(*args, **kwargs)
        if len(calls) == 1:
            with Ledger(path) as other:
                roll_call(other, "n", "eve", arriving=False)
        return draft

    with Ledger(path) as ledger:
        create_night(ledger, "n", EIGHT, rounds=2, deals=2, seed=5)
        monkeypatch.setattr(store, "_given_draft", measure_then_leave)
        with pytest.raises(NightError, match="eve has left the night: not seated in round 1"):
            accept_seating(ledger, "n", [EIGHT[:4], EIGHT[4:]], round=1, cpu_seconds=None)
        assert read_night(ledger, "n").night.seated == ()
        assert ledger.session_names() == []


def test_a_pair_kept_apart_meanwhile_is_named_in_the_round_seated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The night changed but the seating still holds: it is seated, its flaws measured
    again on the night as it is now."""
    from intlscore.session.night import store
    from intlscore.session.night.store import set_apart

    path = tmp_path / "l"
    measured = store._given_draft
    calls = []

    def measure_then_keep_apart(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        draft = measured(*args, **kwargs)
        if len(calls) == 1:
            with Ledger(path) as other:
                set_apart(other, "n", "ann", "bob")
            assert draft.flaws == ()
        return draft

    with Ledger(path) as ledger:
        create_night(ledger, "n", EIGHT, rounds=2, deals=2, seed=5)
        monkeypatch.setattr(store, "_given_draft", measure_then_keep_apart)
        draft, seated = accept_seating(ledger, "n", [EIGHT[:4], EIGHT[4:]], cpu_seconds=None)
    assert len(calls) == 2 and seated.seating == (tuple(EIGHT[:4]), tuple(EIGHT[4:]))
    assert [flaw.text for flaw in draft.flaws] == [
        "ann and bob are kept apart but sit at one table in round 1"
    ]
