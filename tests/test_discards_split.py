"""The compiled ``discards_leaving_sets`` (``native/setsearch.c``) against the Python search.

Given 15 tiles, which single tile (52: a joker) can go so that the other 14 split into
groups and runs (R4, R5, R7)? The scorer asks it to explain a 15-tile hand (R13). The
compiled search must give exactly the set the Python one gives: hand-worked hands, with
jokers and with copies known elsewhere (R3); Hypothesis on near-miss 15-tile hands; bad
arguments raise one clear error. The tests fail, never skip, when the installed
``intlscore._native`` lacks the function (rebuild it with ``pip install .``).
"""

from __future__ import annotations

from typing import Any

import pytest
from builds import pure_python
from compiled_functions import compiled_function
from conftest import STRESS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import hands15

from intlscore.engine import build
from intlscore.engine.facts import HandFacts
from intlscore.engine.notation import parse_tiles
from intlscore.engine.setsearch import discards_leaving_sets
from intlscore.engine.tiles import JOKER_INDEX, Tile


def compiled(facts: HandFacts) -> frozenset[int]:
    discards = compiled_function("discards_leaving_sets")
    found: frozenset[int] = discards(bytes(facts.counts), facts.jokers, bytes(facts.cap))
    return found


def facts_of(tiles: str, others: str = "") -> HandFacts:
    hand = parse_tiles(tiles)
    real = [tile.index for tile in hand if not tile.is_joker]
    known = [tile.index for tile in parse_tiles(others, allow_empty=True)]
    return HandFacts.build(real, len(hand) - len(real), known)


def names(discards: frozenset[int]) -> list[str]:
    return sorted("*" if index == JOKER_INDEX else str(Tile(index)) for index in discards)


CASES: list[tuple[str, str, list[str], str]] = [
    # (15 tiles, others, discards, why)
    ("k1-7 k1-7 b9", "", ["b9"], "two runs k1-7 and a stray b9 (R5)"),
    ("k1-13 k1 r5", "", ["r5"], "k1-13 k1 is one run 1..13,1 of 14 tiles"),
    ("k1-7 k1-6 * b9", "", ["b9"], "without b9 the joker is the second k7 (R7)"),
    ("k1-7 k1-6 * b9", "k7", ["b9"], "R3: k7 is known, the joker is k8 on k4-7"),
    ("k1-7 k1-6 * b9", "k7 k8 k8", [], "R3: no k7 or k8 is left for the joker"),
    (
        "k1-7 k1-7 *",
        "",
        ["*", "k1", "k4", "k5", "k7"],
        "the joker goes, or is k8: k2-8 k1-7, k1-3 k5-8 k1-7, k1-4 k6-8 k1-7, k1-3 k1-3 k4-6 k4-8",
    ),
    ("k1-7 k1-7 *", "k8 k8", ["*"], "R3: both k8 known and both k1 held: only the joker"),
    (
        "r1 r1 b1 b1 o1 o1 k5 r5 b5 k9 r9 b9 o9 k13 *",
        "",
        ["k13"],
        "two groups of 1s, 5s with the joker, 9s (R4)",
    ),
]


@pytest.mark.parametrize(
    ("tiles", "others", "expected"),
    [case[:3] for case in CASES],
    ids=[case[3] for case in CASES],
)
def test_hand_worked(tiles: str, others: str, expected: list[str]) -> None:
    facts = facts_of(tiles, others)
    assert sum(facts.counts) + facts.jokers == 15
    assert names(compiled(facts)) == expected
    assert names(discards_leaving_sets(facts)) == expected


OTHERS = st.lists(st.integers(0, JOKER_INDEX), max_size=2)
"""Tiles seen elsewhere (R3); a joker among them (index 52) is ignored."""


@pytest.mark.slow
@settings(max_examples=300 * STRESS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands15(), OTHERS)
def test_the_compiled_discards_are_the_python_discards(hand: list[Tile], others: list[int]) -> None:
    real = [tile.index for tile in hand if not tile.is_joker]
    facts = HandFacts.build(real, len(hand) - len(real), others)
    if min(facts.cap) < 0:
        return  # a third copy with the others (R3): never scored, the Python search answers
    assert compiled(facts) == discards_leaving_sets(facts)


def test_random_hands_often_have_discards() -> None:
    """The property above is not only about empty sets: near misses often split. The
    examples are the same in every run (derandomized): a share of random ones fell below
    20 of 100 now and then (17 in one CI run of 26 November)."""
    counts = {"some": 0, "none": 0}

    @settings(
        max_examples=100,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(hands15())
    def collect(hand: list[Tile]) -> None:
        real = [tile.index for tile in hand if not tile.is_joker]
        found = compiled(HandFacts.build(real, len(hand) - len(real)))
        counts["some" if found else "none"] += 1

    collect()
    assert counts["some"] >= 20 and counts["none"] >= 20, counts


def test_the_python_search_answers_without_the_compiled_module() -> None:
    facts = facts_of("k1-7 k1-7 *")
    with pure_python():
        assert names(build.current().discards_leaving_sets(facts)) == ["*", "k1", "k4", "k5", "k7"]
    sixteen = facts_of("k1-7 k1-7 * *")  # more than 15 tiles: the Python search, not an error
    assert build.current().discards_leaving_sets(sixteen) == discards_leaving_sets(sixteen)


TWO = bytes([2] * 52)


@pytest.mark.parametrize(
    ("counts", "jokers", "cap", "message"),
    [
        (bytes(51), 0, TWO, "counts must be 52 bytes"),
        (bytes(52), 0, bytes(50), "cap must be 52 bytes"),
        (bytes([3] + [0] * 51), 0, TWO, "at most 2"),
        (bytes(52), 3, TWO, "0 to 2 jokers"),
        (bytes([2] * 8 + [0] * 44), 0, TWO, "at most 15 tiles, got 16"),
        (bytes([2] * 7 + [0] * 45), 2, TWO, "at most 15 tiles, got 16"),
        ([0] * 52, 0, TWO, "bytes"),
    ],
)
def test_bad_input_is_one_clear_error(counts: Any, jokers: int, cap: bytes, message: str) -> None:
    discards = compiled_function("discards_leaving_sets")
    with pytest.raises((TypeError, ValueError), match=message):
        discards(counts, jokers, cap)
