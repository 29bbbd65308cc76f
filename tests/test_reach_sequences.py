"""Sequence types with three or more sequences (house rows): ``reach`` answers at once.

The sequence search walks the positions with every sequence's colour. Up to two
sequences (every shipped row) it keeps them in order; from three on they are
interchangeable, so a state is the multiset of their colours (120 for seven sequences
instead of 4^7 orders). A legal house row of seven 12-13 pairs used to hang ``reach``.
"""

from __future__ import annotations

from random import Random

import pytest
from conftest import STRESS
from test_holds_simple import compiled, house, random_pool, reference

from intlscore.engine.reach import reachability
from intlscore.engine.reach.sequences import _choices, _multiset_choices
from intlscore.rules import parse_rules

ZIGZAGS = """\
extends = "international"
[[type]]
number = 41
name = "Zigzag pairs"
scores = [900, 800, 700]
description = "Seven 12-13 pairs, the two tiles of a pair of different colours"
structure = "sequence"
sequence = [12, 13]
repeat = 7
neighbours = "differ"
"""


@pytest.mark.parametrize("previous", [(), (0, 0, 1), (1, 2, 3), (0, 1, 2, 3), (0, 3, 3, 3, 3)])
@pytest.mark.parametrize(("same", "distinct"), [(False, False), (True, False), (True, True)])
def test_multiset_choices_are_the_ordered_choices_without_order(
    previous: tuple[int, ...], same: bool, distinct: bool
) -> None:
    repeat = len(previous) or 3
    ordered = {tuple(sorted(c)) for c in _choices(previous, repeat, same, distinct)}
    assert set(_multiset_choices(previous, repeat, same, distinct)) == ordered


def test_seven_zigzag_pairs_are_two_draws_away() -> None:
    # 12s held: k k r b b o; 13s held: k k r r b o. Six pairs of different colours:
    # k12-r13, k12-r13, r12-k13, b12-k13, b12-o13, o12-b13 keep 12 tiles; the seventh
    # pair (a 12 and a 13 of different colours) is two draws.
    rules = parse_rules(ZIGZAGS, "house.toml")
    hand = "k12 r13 b12 o13 k12 r13 b12 k13 r12 b13 o12 k13 r1 r2"
    entry = next(t for t in reachability(hand, rules=rules).types if t.number == 41)
    assert entry.distance == 2


def test_fourteen_fives_are_never_formed() -> None:
    # One number fourteen times: there are only eight 5s and two jokers (R3, R7).
    row = house(structure="sequence", sequence=[5], repeat=14, neighbours="same")
    pool = random_pool(Random(1), row)
    assert reference(row, pool) == -1 == compiled(row, pool)


@pytest.mark.parametrize(
    "row",
    [
        {"sequence": [12, 13], "repeat": 7, "neighbours": "differ"},
        {"sequence": [12, 13], "repeat": 7, "neighbours": "same"},
        {"sequence": [13, 1], "repeat": 7, "neighbours": "differ"},  # the high 1 (R5)
        {"sequence": [3, 4], "repeat": 7, "neighbours": "same", "colours": 4},
    ],
)
def test_the_search_agrees_with_the_compiled_holds_check(row: dict[str, object]) -> None:
    hand_type = house(structure="sequence", **row)
    rng = Random(3)
    held = 0
    for _ in range(40 * STRESS):
        pool = random_pool(rng, hand_type)
        expected = compiled(hand_type, pool)
        assert reference(hand_type, pool) == expected
        held += expected >= 0
    assert held > 0
