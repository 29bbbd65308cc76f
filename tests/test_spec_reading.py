"""The scorer and reach read a type's conditions from its spec alone (issue 44).

A rules row (``HandType``) says "no condition" with ``None``; its spec
(``engine/spec.py: TypeSpec``) with every number allowed, -1 or 0. The scorer's tile
conditions (``engine/conditions.py``), its melds of pairs, sequences and any tiles, and
reach's searches of those structures read the spec, so these tests work out by hand
what rows without a condition (where the row said ``None``) and rows with one give,
compare the tile conditions with the rules read straight from the row (R8, R9, colours,
same number) on random tiles, and check that no module of the engine reads a row's
conditions but the one that decodes them (``spec.py``) and the one that explains them
by the row's own words (``reach/impossible.py``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import STRESS
from hypothesis import given, settings
from hypothesis import strategies as st
from test_cond_split import HOUSE_ROWS as SET_ROWS
from test_holds_simple import HOUSE_ROWS as OTHER_ROWS

from intlscore.engine.any_melds import find_any
from intlscore.engine.conditions import can_hold, joker_tiles_may_hold, tiles_hold
from intlscore.engine.facts import HandFacts
from intlscore.engine.notation import parse_tiles
from intlscore.engine.pair_melds import find_pairs
from intlscore.engine.prefilter import structure_possible
from intlscore.engine.reach.anytiles import closest_any, counted_kept
from intlscore.engine.reach.pairs import closest_pairs
from intlscore.engine.reach.sequences import closest_sequences
from intlscore.engine.sequence_melds import find_sequences
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import ALL_NUMBERS, TypeSpec, type_spec
from intlscore.engine.tiles import JOKER_INDEX
from intlscore.rules.hand_table import HandType, parse_row
from intlscore.rules.ruleset import default_table

ENGINE = Path(__file__).parent.parent / "intlscore" / "engine"
SEVEN = [1, 2, 3, 4, 5, 6, 7]


def row(**fields: Any) -> HandType:
    """A house row with these fields (its number, name and scores made up)."""
    text = {"number": 100, "name": "House", "scores": [1, 1, 1], "description": "d"}
    return parse_row(text | fields, 0, "<house>")


def spec_of(**fields: Any) -> TypeSpec:
    return type_spec(row(**fields))


def facts_of(tiles: str) -> HandFacts:
    hand = parse_tiles(tiles)
    real = [tile.index for tile in hand if not tile.is_joker]
    return HandFacts.build(real, len(hand) - len(real))


def pool_of(tiles: str) -> Pool:
    return Pool.build(parse_tiles(tiles), (), None)


ANY = spec_of(structure="any")
PAIRS = spec_of(structure="pairs")
WAVE = spec_of(structure="sequence", sequence=SEVEN, repeat=2, neighbours="differ")
GROUPS = spec_of(structure="groups")


@pytest.mark.parametrize("spec", [ANY, PAIRS, WAVE, GROUPS], ids=["any", "pairs", "wave", "groups"])
def test_a_row_without_conditions_has_the_no_condition_values(spec: TypeSpec) -> None:
    assert spec.numbers == ALL_NUMBERS == sum(1 << n for n in range(1, 14))
    assert (spec.max_total, spec.colours, spec.same_number) == (-1, -1, 0)
    assert (spec.sets_mask, spec.max_sets, spec.distinct_colours) == (0, 4, 0)


# ---- the scorer -------------------------------------------------------------------------

# 1+13+7+9+2+2+5+11+12+13+1+3+4 = 83 in four colours, and a joker
SPREAD = "k1 r13 b7 o9 k2 k2 r5 b11 o12 k13 r1 b3 o4 *"


def test_any_tiles_without_conditions_take_any_hand() -> None:
    """No total, range, colours or number: every 14 tiles fit, and the joker is the
    lowest tile R3 leaves (R7: k1, held once)."""
    facts = facts_of(SPREAD)
    assert can_hold(ANY, facts)
    melds = find_any(ANY, facts)
    assert melds is not None and (JOKER_INDEX, 0) in melds[0][1]
    assert tiles_hold(ANY, facts, [51]) and joker_tiles_may_hold(ANY, facts, [51])  # o13


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        ({"max_total": 83}, "83 and the joker's 1 or more is over 83"),
        ({"colours": 3}, "four colours held"),
        ({"range": "minor"}, "r13 is higher than 9"),
        ({"same_number": 4}, "at most two of a number held and one joker"),
    ],
)
def test_any_tiles_with_a_condition_refuse_the_same_hand(fields: dict[str, Any], why: str) -> None:
    spec = spec_of(structure="any", **fields)
    facts = facts_of(SPREAD)
    assert not can_hold(spec, facts), why
    assert find_any(spec, facts) is None, why


def test_any_tiles_with_a_total_the_hand_meets() -> None:
    """84 allows the joker as a 1 (83 + 1), not as a 2."""
    spec = spec_of(structure="any", max_total=84)
    facts = facts_of(SPREAD)
    assert tiles_hold(spec, facts, [0]) and not tiles_hold(spec, facts, [4])
    assert not joker_tiles_may_hold(spec, facts, [4])
    assert find_any(spec, facts) is not None


def test_seven_pairs_without_conditions() -> None:
    """Six pairs in four colours and b11 with the joker: seven pairs whatever the colours
    and total; "exactly two colours" refuses them."""
    hand = "k1 k1 r13 r13 b7 b7 o9 o9 k2 k2 r5 r5 b11 *"
    melds = find_pairs(PAIRS, facts_of(hand))
    assert melds is not None and len(melds) == 7
    assert melds[-1] == ("pair", ((42, 42), (JOKER_INDEX, 42)))
    assert find_pairs(spec_of(structure="pairs", colours=2), facts_of(hand)) is None


def test_a_sequence_without_colours_or_total() -> None:
    """1-7 twice, each step another colour: black and red, then blue and orange. With
    "exactly two colours" the same tiles fit no longer (four are shown)."""
    hand = "k1 r2 k3 r4 k5 r6 k7 b1 o2 b3 o4 b5 o6 b7"
    melds = find_sequences(WAVE, facts_of(hand))
    assert melds is not None and len(melds) == 2
    two = spec_of(structure="sequence", sequence=SEVEN, repeat=2, neighbours="differ", colours=2)
    assert find_sequences(two, facts_of(hand)) is None


def test_groups_without_a_set_count() -> None:
    """Four numbers need four groups: allowed with no count, not with "3 sets"."""
    facts = facts_of("k1 r1 b1 o1 k2 r2 b2 k3 r3 b3 k4 r4 b4 o4")
    assert structure_possible(GROUPS, facts)
    assert not structure_possible(spec_of(structure="groups", sets=[3]), facts)


def test_the_matcher_scores_rows_without_conditions() -> None:
    """Through the public API: a rules file with a condition-free "any" row scores the
    spread hand with it, the shipped types not."""
    from intlscore import parse_rules, score_hand

    rules = parse_rules(
        'extends = "international"\n[[type]]\nnumber = 41\nname = "Anything"\n'
        'scores = [50, 40, 30]\ndescription = "any 14 tiles"\nstructure = "any"\n',
        "house.toml",
    )
    result = score_hand(SPREAD, discard="k9", rules=rules)
    assert result.best is not None and (result.best.name, result.best.score) == ("Anything", 40)
    assert score_hand(SPREAD, discard="k9").best is None


# ---- reach ------------------------------------------------------------------------------


def test_reach_of_any_tiles_without_conditions_keeps_every_tile() -> None:
    pool = pool_of("k1 r13 b7 o9 k2 k2 r5 b11 o12 k13 r1 b3 o4 o5")
    best = closest_any(ANY, pool)
    assert (best.kept, best.outs) == (14, 0)
    assert counted_kept(ANY, pool) == 14


def test_reach_of_one_colour_any_tiles() -> None:
    """Black or red, seven held of either: keep 7, draw 7 of that colour."""
    spec = spec_of(structure="any", colours=1)
    assert closest_any(spec, pool_of("k1-7 r1-7")).kept == 7


def test_reach_of_seven_pairs_without_conditions() -> None:
    """Six pairs and two singles: keep the pairs and one single, draw its twin (b7 or o8)."""
    best = closest_pairs(PAIRS, pool_of("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b7 o8"))
    outs = {index for index in range(52) if best.outs >> index & 1}
    assert best.kept == 13 and outs == {parse_tiles("b7")[0].index, parse_tiles("o8")[0].index}


def test_reach_of_a_sequence_without_colours() -> None:
    """Without a colour count the hand is complete; with exactly two colours the best is
    black and blue, k1 b2 k3 ... k7 and b1 k2 b3 ... b7, keeping the eight odd tiles
    (black and red, or blue and orange, keep one sequence of seven; the other pairs of
    colours fewer)."""
    pool = pool_of("k1 r2 k3 r4 k5 r6 k7 b1 o2 b3 o4 b5 o6 b7")
    assert closest_sequences(WAVE, pool).kept == 14
    two = spec_of(structure="sequence", sequence=SEVEN, repeat=2, neighbours="differ", colours=2)
    best = closest_sequences(two, pool)
    odd = {t.index for t in parse_tiles("k1 k3 k5 k7 b1 b3 b5 b7")}
    assert best.kept == 8
    assert {index for index in range(52) if best.keep >> (2 * index) & 3} == odd


# ---- the spec against the row -----------------------------------------------------------

ROWS = [
    *default_table().types,
    *(row(**fields) for fields in [*SET_ROWS, *OTHER_ROWS]),
    *(row(structure=s) for s in ("sets", "groups", "runs", "pairs", "any")),
]
"""The shipped rows, the house rows of the search tests and rows with no condition."""


def row_holds(hand_type: HandType, numbered: Sequence[int]) -> bool:
    """The tile conditions read straight from the row, ``None`` meaning none: R9's range,
    R8's total (a 1 counts 1), exactly ``colours`` colours, ``same_number`` of a number."""
    numbers = [index // 4 + 1 for index in numbered]
    if hand_type.range == "minor" and any(n > 9 for n in numbers):
        return False
    if hand_type.range == "major" and any(1 < n < 10 for n in numbers):
        return False
    if hand_type.max_total is not None and sum(numbers) > hand_type.max_total:
        return False
    if hand_type.colours is not None and len({i % 4 for i in numbered}) != hand_type.colours:
        return False
    most = max(numbers.count(n) for n in set(numbers))
    return hand_type.same_number is None or most >= hand_type.same_number


@settings(max_examples=150 * STRESS, deadline=None)
@given(
    st.lists(st.integers(0, 51), min_size=1, max_size=14),
    st.lists(st.integers(0, 51), max_size=2),
    st.sampled_from(ROWS),
)
def test_the_tile_conditions_are_the_rows(
    real: list[int], joker_tiles: list[int], hand_type: HandType
) -> None:
    spec = type_spec(hand_type)
    facts = HandFacts.build(real, len(joker_tiles))
    holds = row_holds(hand_type, [*real, *joker_tiles])
    assert tiles_hold(spec, facts, joker_tiles) == holds
    if holds:  # the quick checks never refuse what holds
        assert can_hold(spec, facts)
        assert joker_tiles_may_hold(spec, facts, joker_tiles[:1])


# ---- one encoding -----------------------------------------------------------------------

CONDITION_FIELDS = (
    "sets|colours|distinct_colours|range|max_total|same_number|sequence|repeat|neighbours"
)
ROW_READ = re.compile(rf"\bhand_type\.({CONDITION_FIELDS})\b")
READS_THE_ROW = {
    "spec.py": "decodes the row into the spec",
    "impossible.py": "explains an impossible row by its fields' names",
}


def test_no_engine_module_reads_a_rows_conditions_beside_the_spec() -> None:
    readers = {
        path.name
        for path in ENGINE.rglob("*.py")
        if ROW_READ.search(path.read_text(encoding="utf-8"))
    }
    assert readers <= set(READS_THE_ROW), sorted(readers - set(READS_THE_ROW))
    assert "spec.py" in readers  # the pattern finds what it is meant to
