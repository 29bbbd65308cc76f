"""The compiled conditioned split (``conditioned_split``, ``native/setsearch.c``).

The scorer lays out the melds of a hand fitting a set-based type with
:func:`intlscore.engine.matcher.find_sets`: ``SetSearch`` narrowed by the type's
conditions (kinds of set, R9 ranges, numbers of sets, distinct run colours, R8 totals,
colours, same number). The compiled search must find the very same split: the same melds,
in the same order, with the jokers standing for the same tiles (R7), or None for both.

Hand-worked hands pin the shipped conditioned types, with jokers and with copies known
elsewhere (R3); Hypothesis compares the compiled and the Python search on near-miss hands
for every set-based type of the shipped table and for house rows using the rest of the
vocabulary; bad arguments raise one clear error. The tests fail, never skip, when the
installed ``intlscore._native`` lacks the function (rebuild it with ``pip install .``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from builds import pure_python
from compiled_functions import compiled_function, compiled_type
from conftest import STRESS
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from strategies import hands14

from intlscore.engine import setsearch
from intlscore.engine.facts import HandFacts
from intlscore.engine.matcher import Matcher, find_sets, is_plain
from intlscore.engine.melds import RawMeld, describe
from intlscore.engine.notation import parse_tiles
from intlscore.engine.setsearch import SetSearch
from intlscore.engine.spec import type_spec
from intlscore.engine.tiles import JOKER_INDEX, Tile
from intlscore.rules.hand_table import SET_STRUCTURES, HandTable, HandType, parse_row
from intlscore.rules.ruleset import default_table

TABLE = default_table()
SET_TYPES = tuple(t for t in TABLE.types if t.structure in SET_STRUCTURES)

Split = list[RawMeld] | None
ConditionedSplit = Callable[[object, int, bytes, int, bytes], Split]


def conditioned_split() -> ConditionedSplit:
    """The compiled function; the calling test fails (never skips) when it is missing."""
    function: ConditionedSplit = compiled_function("conditioned_split")
    return function


def compiled(hand_type: HandType, facts: HandFacts) -> Split:
    split = conditioned_split()
    table = compiled_type(type_spec(hand_type))
    return split(table, 0, bytes(facts.counts), facts.jokers, bytes(facts.cap))


def facts_of(tiles: str, others: str = "") -> HandFacts:
    hand = parse_tiles(tiles)
    real = [tile.index for tile in hand if not tile.is_joker]
    known = [tile.index for tile in parse_tiles(others, allow_empty=True)]
    return HandFacts.build(real, len(hand) - len(real), known)


# ---- hand-worked hands ------------------------------------------------------------------

# Each split is the first one the lowest-tile-first search meets: the lowest tile (number
# first, then k r b o) goes into a group before a run, a run starts as low as it can and
# grows one tile at a time, and a joker takes a position only where no real tile is left.
CASES: list[tuple[int, str, str, list[str] | None, str]] = [
    # (type, 14 tiles, others (discard, seen), split or None, why)
    (
        2,
        "k1-4 r3-6 b2-4 o6-8",
        "",
        ["run k1 k2 k3 k4", "run b2 b3 b4", "run r3 r4 r5 r6", "run o6 o7 o8"],
        "every tile 1-9 (R9); k1-3 first leaves k4 stranded, so k1-4",
    ),
    (3, "k1-4 r3-6 b2-4 o6-8", "", None, "Hand minor 51: total 58 > 51 (R8)"),
    (
        2,
        "k1-4 r3-6 b2-4 o6 o7 *",
        "",
        ["run k1 k2 k3 k4", "run b2 b3 b4", "run r3 r4 r5 r6", "run *(o5) o6 o7"],
        "the joker completes o6 o7 from below (R7)",
    ),
    (3, "k1-4 r3-6 b2-4 o6 o7 *", "", None, "o6 o7 needs o5 or o8: 55 or 58 > 51 (R8)"),
    (
        2,
        "r1-3 b1-3 o1-3 k6-9 *",
        "",
        ["group r1 b1 o1", "group r2 b2 o2", "group r3 b3 o3", "run *(k5) k6 k7 k8 k9"],
        "the joker is k5",
    ),
    (
        2,
        "r1-3 b1-3 o1-3 k6-9 *",
        "k5 k5",
        ["group r1 b1 o1", "group r2 b2 o2", "group *(k3) r3 b3 o3", "run k6 k7 k8 k9"],
        "R3: both k5 are known elsewhere and k10 is not minor (R9): the joker is k3",
    ),
    (
        1,
        "r1-3 b1-3 o1-3 k6-9 *",
        "k5 k5",
        ["group r1 b1 o1", "group r2 b2 o2", "group r3 b3 o3", "run k6 k7 k8 k9 *(k10)"],
        "Basic, no range: the joker is k10",
    ),
    (19, "k3-7 k3-5 r7-9 b11-13", "", None, "Two colours: three colours"),
    (
        19,
        "k3-7 k3-5 r7-9 r11 r12 *",
        "",
        ["run k3 k4 k5", "run k3 k4 k5 k6 k7", "run r7 r8 r9", "run *(r10) r11 r12"],
        "two colours, the joker red",
    ),
    (20, "k3-7 k3-5 r7-9 r11 r12 *", "", None, "Two colours minor: r11 is not minor (R9)"),
    (
        21,
        "k10-1 r10-13 k10-13 *",
        "",
        ["run k10 k11 k12 k13 k1", "run k10 k11 k12 k13", "run r10 r11 r12 r13 *(r1)"],
        "Two colours major: the joker is the high r1 (R5, R9)",
    ),
    (
        25,
        "k2 r2 * k5 r5 b5 o5 k9 b9 o9 k12 r12 b12 o12",
        "",
        ["group k2 r2 *(o2)", "group k5 r5 b5 o5", "group k9 b9 o9", "group k12 r12 b12 o12"],
        "Sticks: four groups (R4), the joker o2",
    ),
    (
        25,
        "k2 r2 * k5 r5 b5 o5 k9 b9 o9 k12 r12 b12 o12",
        "o2 o2",
        ["group k2 r2 *(b2)", "group k5 r5 b5 o5", "group k9 b9 o9", "group k12 r12 b12 o12"],
        "R3: both o2 are known elsewhere, so the joker is b2",
    ),
    (
        26,
        "k2 r2 * k5 r5 b5 o5 k9 b9 o9 k12 r12 b12 o12",
        "",
        None,
        "Sticks minor: the 12s (R9)",
    ),
    (
        27,
        "k10 r10 b10 k11 r11 o11 k13 b13 o13 k1 r1 b1 o1 *",
        "",
        ["group k1 r1 b1 o1", "group k10 r10 b10", "group k11 r11 o11", "group k13 *(r13) b13 o13"],
        "Sticks major: 1s count high (R9)",
    ),
    (
        13,
        "k1-4 r3-5 b6-9 o10-12",
        "",
        ["run k1 k2 k3 k4", "run r3 r4 r5", "run b6 b7 b8 b9", "run o10 o11 o12"],
        "Four colours: four runs, four colours",
    ),
    (13, "k1-4 k6-8 b6-9 o10-12", "", None, "Four colours: two black runs"),
    (16, "k1-4 r3-5 b6-9 o10-12", "", None, "Three colours: four runs"),
    (
        16,
        "k1-5 r3-6 b6-10",
        "",
        ["run k1 k2 k3 k4 k5", "run r3 r4 r5 r6", "run b6 b7 b8 b9 b10"],
        "Three colours: three runs",
    ),
    (
        15,
        "k10-1 r10-12 b11-13 o10 o11 *",
        "",
        ["run k10 k11 k12 k13 k1", "run r10 r11 r12", "run o10 o11 *(o12)", "run b11 b12 b13"],
        "Four colours major: the high k1 (R5), the joker o12",
    ),
    (
        23,
        "k1-7 k1-6 *",
        "",
        ["run k1 k2 k3", "run k1 k2 k3", "run k4 k5 k6", "run k4 k5 k6 k7 *(k8)"],
        "Single colour runs: the joker k8",
    ),
    (
        23,
        "k1-7 k1-6 *",
        "k8 k8",
        ["run k1 k2 k3", "run k1 k2 k3", "run k4 k5 k6 k7", "run k4 k5 k6 *(k7)"],
        "R3: both k8 are known, so the joker is the second k7",
    ),
    (23, "k1-7 k1-6 *", "k8 k8 k7", None, "R3: no copy of k7 or k8 is left for the joker"),
    (
        4,
        "k1 r1 b1 o1 k2 r2 b2 k3 r3 b3 k9 r9 * *",
        "",
        ["group k1 r1 b1 o1", "group k2 r2 b2", "group k3 r3 b3 *(o3)", "group k9 r9 *(o9)"],
        "Minor 51 groups: 37 + 3 + 9 = 49 <= 51 (R7, R8)",
    ),
    (
        9,
        "k1 r1 b1 o1 k2 r2 b2 k3 r3 b3 k9 r9 * *",
        "",
        None,
        "Piccolo 41 groups: a 9 and at least a 1 for the jokers, 47 > 41 (R8)",
    ),
]


def test_the_cases_cover_every_kind_of_condition() -> None:
    numbers = {case[0] for case in CASES}
    covered = [t for t in SET_TYPES if t.number in numbers]
    assert any(t.range == "minor" for t in covered) and any(t.range == "major" for t in covered)
    assert any(t.max_total for t in covered) and any(t.colours for t in covered)
    assert any(t.distinct_colours for t in covered) and any(t.sets for t in covered)
    assert {t.structure for t in covered} == set(SET_STRUCTURES)
    assert any(case[2] for case in CASES) and any("*" in case[1] for case in CASES)


@pytest.mark.parametrize(
    ("number", "tiles", "others", "expected"),
    [case[:4] for case in CASES],
    ids=[f"{case[0]}-{case[4]}" for case in CASES],
)
def test_hand_worked(number: int, tiles: str, others: str, expected: list[str] | None) -> None:
    hand_type = TABLE.by_number(number)
    facts = facts_of(tiles, others)
    assert len(parse_tiles(tiles)) == 14
    for split in (
        compiled(hand_type, facts),
        setsearch.conditioned_split(type_spec(hand_type), facts),
    ):
        assert (None if split is None else [describe(meld) for meld in split]) == expected


@pytest.mark.parametrize(
    ("hand_type", "tiles", "expected"),
    [
        # six real 5s: the joker is free, k6 extends the run
        (
            {"structure": "sets", "same_number": 6},
            "k5 r5 b5 o5 k5 r5 * k1-3 k7-10",
            ["run k1 k2 k3", "group k5 r5 o5", "group k5 r5 b5", "run *(k6) k7 k8 k9 k10"],
        ),
        # seven: the joker is the seventh 5 (R7), o5 (one o5 is held: R3 allows one more)
        (
            {"structure": "sets", "same_number": 7},
            "k5 r5 b5 o5 k5 r5 * k1-3 k7-10",
            ["run k1 k2 k3", "group k5 r5 o5", "group k5 r5 b5 *(o5)", "run k7 k8 k9 k10"],
        ),
        # two colours: the cheapest joker keeping two colours is k3, 49 + 3 = 52 (R8)
        (
            {"structure": "sets", "colours": 2, "max_total": 52},
            "k1-4 r1-4 k5-7 r5 r6 *",
            ["run k1 k2 k3", "run r1 r2 r3", "run *(k3) k4 k5 k6 k7", "run r4 r5 r6"],
        ),
        ({"structure": "sets", "colours": 2, "max_total": 51}, "k1-4 r1-4 k5-7 r5 r6 *", None),
        # three colours: the joker brings the third, o1
        (
            {"structure": "sets", "colours": 3},
            "k1-4 r1-4 k5-7 r5 r6 *",
            ["group k1 r1 *(o1)", "run k2 k3 k4", "run r2 r3 r4 r5 r6", "run k5 k6 k7"],
        ),
        # runs of distinct colours, exactly three sets
        (
            {"structure": "runs", "distinct_colours": True, "sets": [3]},
            "k1-5 r3-7 b9-12",
            ["run k1 k2 k3 k4 k5", "run r3 r4 r5 r6 r7", "run b9 b10 b11 b12"],
        ),
        ({"structure": "runs", "distinct_colours": True}, "k1-5 k3-7 b9-12", None),
        (
            {"structure": "runs", "sets": [3]},
            "k1-5 k3-7 b9-12",
            ["run k1 k2 k3 k4 k5", "run k3 k4 k5 k6 k7", "run b9 b10 b11 b12"],
        ),
    ],
    ids=[
        "six 5s",
        "seventh 5",
        "52 <= 52",
        "52 > 51",
        "three colours",
        "distinct",
        "two k",
        "k k b",
    ],
)
def test_house_hand_worked(
    hand_type: dict[str, Any], tiles: str, expected: list[str] | None
) -> None:
    """House rows use the rest of the vocabulary: same number, exact colours, set counts."""
    house = house_type(0, **hand_type)
    facts = facts_of(tiles)
    for split in (compiled(house, facts), setsearch.conditioned_split(type_spec(house), facts)):
        assert (None if split is None else [describe(meld) for meld in split]) == expected


def test_the_plain_split_is_the_conditioned_split_without_conditions() -> None:
    """Basic has no condition: its spec makes the conditioned split the plain one."""
    plain_split = compiled_function("plain_split")
    basic = compiled_type(type_spec(TABLE.by_number(1)))
    for tiles in ("k1-13 k1", "r1-3 b1-3 o1-3 k6-9 *", "k1 k2 k4 k5 r1 r2 r3 b7 b8 b9 o1 o2 o3 *"):
        facts = facts_of(tiles)
        counts, cap = bytes(facts.counts), bytes(facts.cap)
        plain = plain_split(counts, facts.jokers, cap)
        assert conditioned_split()(basic, 0, counts, facts.jokers, cap) == plain
        assert plain == SetSearch(facts).find()


# ---- random hands against the Python search ---------------------------------------------


def house_type(index: int, **fields: Any) -> HandType:
    row = {"number": 100 + index, "name": f"House {index}", "scores": [1, 1, 1]}
    row["description"] = ", ".join(f"{key} {value}" for key, value in fields.items())
    return parse_row(row | fields, index, "<house>")


HOUSE_ROWS: list[dict[str, Any]] = [
    {"structure": "sets", "same_number": 6},
    {"structure": "sets", "same_number": 4, "range": "minor"},
    {"structure": "sets", "colours": 2, "max_total": 60},
    {"structure": "sets", "colours": 3},
    {"structure": "sets", "sets": [3], "range": "major"},
    {"structure": "sets", "sets": [4], "max_total": 45},
    {"structure": "runs", "distinct_colours": True, "max_total": 70},
    {"structure": "runs", "sets": [2, 3], "range": "minor", "same_number": 3},
    {"structure": "runs", "range": "minor", "max_total": 61},  # the house file's type 41
    {"structure": "groups", "sets": [4], "colours": 3},
    {"structure": "groups", "range": "major", "max_total": 100},
    {"structure": "groups", "same_number": 5},
]
HOUSE_TYPES = tuple(house_type(len(TABLE) + i, **row) for i, row in enumerate(HOUSE_ROWS))
"""Positions after the shipped rows, so that both make one table."""
ALL_TYPES = SET_TYPES + HOUSE_TYPES

OTHERS = st.lists(st.integers(0, JOKER_INDEX), max_size=3)
"""The discard and tiles seen elsewhere (R3); a joker among them (index 52) is ignored."""


@pytest.mark.slow
@settings(
    max_examples=250 * STRESS,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(hands14(), OTHERS)
def test_the_compiled_split_is_the_python_split(hand: list[Tile], others: list[int]) -> None:
    """For every set-based type (shipped and house), the same split or None for both."""
    real = [tile.index for tile in hand if not tile.is_joker]
    facts = HandFacts.build(real, len(hand) - len(real), others)
    if min(facts.cap) < 0:
        return  # a third copy with the others (R3): never scored, the Python search answers
    for hand_type in ALL_TYPES:
        expected = setsearch.conditioned_split(type_spec(hand_type), facts)
        note(f"{hand_type.description}: {expected}")
        assert compiled(hand_type, facts) == expected


@pytest.mark.slow
def test_random_hands_are_often_split() -> None:
    """The property above is not only about None: near misses fit many conditioned types."""
    found = set()

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(hands14())
    def collect(hand: list[Tile]) -> None:
        real = [tile.index for tile in hand if not tile.is_joker]
        facts = HandFacts.build(real, len(hand) - len(real))
        for hand_type in ALL_TYPES:
            if not is_plain(type_spec(hand_type)) and compiled(hand_type, facts) is not None:
                found.add(hand_type.number)

    collect()
    assert len(found) >= 10, sorted(found)


@settings(max_examples=60 * STRESS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands14(), OTHERS)
def test_the_matcher_answers_the_same_without_the_compiled_split(
    hand: list[Tile], others: list[int]
) -> None:
    """find_sets is the Python search in the pure-Python build: the same matches."""
    real = [tile.index for tile in hand if not tile.is_joker]
    jokers = len(hand) - len(real)
    if min(HandFacts.build(real, jokers, others).cap) < 0:
        return
    table = HandTable(ALL_TYPES, "<shipped and house>")
    fast = Matcher(table).matches(real, jokers, others)
    facts = HandFacts.build(real, jokers, others)
    compiled_split = find_sets(type_spec(HOUSE_TYPES[0]), facts)
    with pure_python():
        assert Matcher(table).matches(real, jokers, others) == fast
        assert find_sets(type_spec(HOUSE_TYPES[0]), facts) == compiled_split


# ---- bad arguments ----------------------------------------------------------------------

TWO = bytes([2] * 52)


@pytest.mark.parametrize(
    ("counts", "jokers", "cap", "index", "message"),
    [
        (bytes(51), 0, TWO, 0, "counts must be 52 bytes"),
        (bytes(52), 0, bytes(53), 0, "cap must be 52 bytes"),
        (bytes([3] + [0] * 51), 0, TWO, 0, "at most 2"),
        (bytes(52), 3, TWO, 0, "0 to 2 jokers"),
        (bytes(52), -1, TWO, 0, "0 to 2 jokers"),
        ("k1", 0, TWO, 0, "bytes"),
        (bytes(52), 0, TWO, 1, "outside the table"),
    ],
)
def test_bad_input_is_one_clear_error(
    counts: Any, jokers: int, cap: bytes, index: int, message: str
) -> None:
    """The pool's arguments; a bad spec is refused when the table is compiled
    (``tests/test_type_spec.py``)."""
    basic = compiled_type(type_spec(TABLE.by_number(1)))
    with pytest.raises((TypeError, ValueError, IndexError), match=message):
        conditioned_split()(basic, index, counts, jokers, cap)
