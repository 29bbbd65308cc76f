"""Who starts each deal, placement points, margins and the night's standings (issue 43)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from intlscore.errors import OrderError
from intlscore.session.night.points import (
    TableResult,
    margins,
    parse_order,
    placement_points,
    standings,
)
from intlscore.session.night.seating import plan_seating
from intlscore.session.night.starts import count_starts, seat_round, starts_of

# -- who starts --------------------------------------------------------------------------------


def test_four_deals_at_a_table_of_four_each_starts_once() -> None:
    starts = starts_of(("ann", "bob", "cat", "dan"), 4)
    assert sorted(starts) == ["ann", "bob", "cat", "dan"]
    assert starts == ("ann", "bob", "cat", "dan")  # the start moves one seat each deal


def test_extra_starts_go_to_those_who_started_least() -> None:
    (seats, starts), = seat_round([("ann", "bob", "cat", "dan")], 3, {"ann": 2, "bob": 1})
    assert "ann" not in starts
    assert seats[-1] == "ann"


@settings(max_examples=20, deadline=None)
@given(
    count=st.integers(min_value=6, max_value=30),
    rounds=st.integers(min_value=1, max_value=5),
    deals=st.integers(min_value=1, max_value=6),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_over_a_night_no_one_starts_two_more_than_another(
    count: int, rounds: int, deals: int, seed: int
) -> None:
    players = [f"p{i:02}" for i in range(count)]
    plan = plan_seating(players, rounds, seed=seed, steps=200, cpu_seconds=None)
    started: Counter[str] = Counter()
    for tables in plan.rounds:
        seated = seat_round(tables, deals, started)
        for (seats, starts), table in zip(seated, tables, strict=True):
            assert sorted(seats) == sorted(table)
            assert len(starts) == deals
            assert starts == starts_of(seats, deals)
        started.update(count_starts([starts for _, starts in seated]))
    counts = [started[player] for player in players]
    assert max(counts) - min(counts) <= 2


# -- points and margins ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "points"),
    [
        ({"a": 90, "b": 10, "c": -20, "d": -80}, {"a": 4, "b": 3, "c": 1, "d": 0}),
        ({"a": 90, "b": 10, "c": 10, "d": -80}, {"a": 4, "b": 2, "c": 2, "d": 0}),
        ({"a": 90, "b": 90, "c": 10, "d": -80}, {"a": Fraction(7, 2), "b": Fraction(7, 2),
                                                 "c": 1, "d": 0}),
        ({"a": 5, "b": 5, "c": 5, "d": -15}, {"a": Fraction(8, 3), "b": Fraction(8, 3),
                                              "c": Fraction(8, 3), "d": 0}),
        ({"a": 0, "b": 0, "c": 0, "d": 0}, {p: 2 for p in "abcd"}),
        ({"a": 50, "b": -10, "c": -40}, {"a": 4, "b": 2, "c": 0}),
        ({"a": 50, "b": 50, "c": -100}, {"a": 3, "b": 3, "c": 0}),
        ({"a": 10, "b": -5, "c": -5}, {"a": 4, "b": 1, "c": 1}),
        ({"a": 0, "b": 0, "c": 0}, {"a": 2, "b": 2, "c": 2}),
    ],
)
def test_placement_points(totals: dict[str, int], points: dict[str, Fraction]) -> None:
    assert placement_points(totals) == points


def test_placement_points_only_at_tables_of_three_and_four() -> None:
    with pytest.raises(ValueError, match="tables of 3 and 4, not 2"):
        placement_points({"a": 1, "b": 2})


@given(st.lists(st.integers(-3000, 3000), min_size=3, max_size=4))
def test_points_and_margins_add_up(scores: list[int]) -> None:
    totals = {f"p{i}": score for i, score in enumerate(scores)}
    assert sum(placement_points(totals).values()) == sum((4, 3, 1, 0)[: len(scores)]) + (
        0 if len(scores) == 4 else -2  # 4/2/0 at three
    )
    edges = margins(totals)
    assert sum(edges.values()) == 0
    size = len(scores)
    for player, total in totals.items():
        others = [value for name, value in totals.items() if name != player]
        assert edges[player] == total - Fraction(sum(others), size - 1)


def test_margin_formula() -> None:
    assert margins({"a": 90, "b": 10, "c": -20, "d": -80}) == {
        "a": Fraction(4 * 90 - 0, 3), "b": Fraction(40, 3), "c": Fraction(-80, 3),
        "d": Fraction(-320, 3),
    }


# -- standings ---------------------------------------------------------------------------------


def night_results() -> list[TableResult]:
    return [
        TableResult(1, 1, {"ann": 100, "bob": 20, "cat": -20, "dan": -100}, 2, {"ann": 1}),
        TableResult(1, 2, {"eve": 30, "fay": 0, "gus": -30}, 2),
        TableResult(2, 1, {"ann": -50, "eve": 60, "fay": 40, "gus": -50}, 3, {"eve": 1}),
        TableResult(2, 2, {"bob": 0, "cat": 0, "dan": 0}, 0),  # no deal yet: nothing
    ]


PLAYERS = ["ann", "bob", "cat", "dan", "eve", "fay", "gus"]


def test_standings_add_points_and_margins_and_say_why() -> None:
    rows = standings(night_results(), PLAYERS)
    by = {row.player: row for row in rows}
    assert by["ann"].points == 4 + Fraction(1, 2)  # 1st, then tied 3rd-4th of 1/0
    assert by["eve"].points == 4 + 4
    assert by["bob"].points == 3 and by["bob"].tables == 1  # round 2's table had no deal
    assert by["ann"].margin == Fraction(400, 3) + Fraction(4 * -50 - 0, 3)
    assert [row.player for row in rows][:3] == ["eve", "fay", "ann"]  # fay: 2 + 3
    assert rows[0].why == "above fay on points: 8 to 5"
    assert rows[1].why == "above ann on points: 5 to 4.5"
    assert rows[-1].why.startswith("below ")
    assert [row.place for row in rows] == sorted(row.place for row in rows)


def test_tie_break_order_is_the_organisers() -> None:
    results = [
        TableResult(1, 1, {"ann": 100, "bob": 90, "cat": -90, "dan": -100}, 1, {"bob": 1}),
        TableResult(2, 1, {"ann": 10, "bob": 200, "cat": -100, "dan": -110}, 1),
    ]
    # points: ann 4+3 = 7, bob 3+4 = 7; margin: bob's is larger; closed wins: bob 1
    default = standings(results, ["ann", "bob", "cat", "dan"])
    assert [row.player for row in default][:2] == ["bob", "ann"]
    assert default[0].why.startswith("above ann on margin")
    by_total = standings(results, ["ann", "bob", "cat", "dan"], order=("points", "wins"))
    assert by_total[0].why == "above ann on closed wins: 1 to 0"


def test_players_equal_on_every_key_share_a_place() -> None:
    results = [TableResult(1, 1, {"ann": 10, "bob": 10, "cat": -20}, 1)]
    rows = standings(results, ["ann", "bob", "cat"])
    assert [row.place for row in rows] == [1, 1, 3]
    assert rows[0].why == "tied with bob"


def test_a_cut_stands_above_and_earlier_rounds_may_be_halved() -> None:
    results = [
        TableResult(1, 1, {"ann": 100, "bob": 20, "cat": -20, "dan": -100}, 2,
                    weight=Fraction(1, 2)),
        TableResult(2, 1, {"bob": 5, "cat": 0, "dan": -5}, 1),
    ]
    rows = standings(results, ["ann", "bob", "cat", "dan"], cut=["bob", "cat", "dan"])
    assert [row.player for row in rows] == ["bob", "cat", "dan", "ann"]
    assert rows[0].points == Fraction(3, 2) + 4
    assert rows[2].why == "above ann: in the cut (top 3)"


def test_parse_order() -> None:
    assert parse_order("points,margin,wins") == ("points", "margin", "wins")
    with pytest.raises(OrderError, match="names a key twice"):
        parse_order("points,points")
    with pytest.raises(OrderError, match="at least one"):
        parse_order(" , ")
