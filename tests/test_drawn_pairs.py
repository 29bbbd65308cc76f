"""The set search's pairs mode: which two drawn tiles complete 13 tiles (issue 19, 20).

``intlscore.engine.setsearch.drawn_pairs.drawn_pairs`` is the Python reference and
``holds_sets_pairs`` in ``native/setsearch.c`` the build the compiled play search reads
(``native/play.c: paired_wins``); ``intlscore._native.sets_pairs`` exposes it here. Hands
worked out by hand pin the meaning; random pools of 13 tiles (up to two jokers) and of 14
tiles with one or two, with copies known elsewhere (R3), compare the two builds on every
set-based row of the shipped table and on house rows using the rest of the vocabulary.
The tests fail, never skip, when the compiled module lacks the function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from compiled_functions import compiled_function, compiled_type
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from play_reference import full_set

from intlscore.engine.notation import parse_tiles
from intlscore.engine.setsearch.drawn_pairs import DrawnPairs, drawn_pairs
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import type_spec
from intlscore.engine.tiles import Tile
from intlscore.rules.hand_table import SET_STRUCTURES, HandType, parse_row
from intlscore.rules.ruleset import default_table

TABLE = default_table()
HOUSE_ROWS = (
    {"structure": "sets", "same_number": 6},
    {"structure": "groups", "colours": 4, "max_total": 70},
    {"structure": "runs", "range": "minor", "max_total": 61},
    {"structure": "runs", "colours": 1, "range": "major"},
)
HOUSE_TYPES = tuple(
    parse_row(
        {"number": 41 + i, "name": f"House {i}", "scores": [900, 800, 700], "description": "-"}
        | row,
        i,
        "house rows",
    )
    for i, row in enumerate(HOUSE_ROWS)
)
SET_TYPES = tuple(t for t in TABLE.types if t.structure in SET_STRUCTURES)
TYPES = SET_TYPES + HOUSE_TYPES


def compiled(hand_type: HandType, pool: Pool) -> DrawnPairs | None:
    sets_pairs: Callable[..., Any] = compiled_function("sets_pairs")
    table = compiled_type(type_spec(hand_type))
    answer = sets_pairs(table, 0, bytes(pool.hand), pool.jokers, bytes(pool.cap))
    if answer is None:
        return None
    one, pair, joker_free = answer
    return DrawnPairs(one, list(pair), list(joker_free))


def python(hand_type: HandType, pool: Pool) -> DrawnPairs | None:
    return drawn_pairs(type_spec(hand_type), pool)


def pool_of(rack: str, seen: str = "") -> Pool:
    return Pool.build(parse_tiles(rack), parse_tiles(seen) if seen else [], None)


def tiles(mask: int) -> set[str]:
    return {str(Tile(i)) for i in range(52) if mask >> i & 1}


def test_basic_with_two_drawn_tiles_by_hand() -> None:
    """Four runs of three and a lone k13. The 13 tiles and one more never lay out as 14
    (k13 needs two more beside it), so no tile completes them alone. Two drawn tiles do
    when both extend the runs and k13 is thrown: k4 with r8 (k1-4, r5-8, b9-11, o1-3) or
    k4 with k5 (k1-5); k11 extends nothing (b9-11 is blue, a group of 11s would break it),
    so it is in no pair. No joker: nothing to spare."""
    basic = TABLE.by_number(1)
    pool = pool_of("k1 k2 k3 r5 r6 r7 b9 b10 b11 o1 o2 o3 k13")
    for found in (python(basic, pool), compiled(basic, pool)):
        assert found is not None
        assert found.one == 0
        k4, k5, r8, k11 = (Tile(t).index for t in ("k4", "k5", "r8", "k11"))
        assert found.pair[k4] >> r8 & 1 and found.pair[r8] >> k4 & 1
        assert found.pair[k4] >> k5 & 1
        assert {"r4", "r8", "b8", "b12", "o4"} <= tiles(found.pair[k4])
        assert not found.pair[k4] >> k4 & 1  # a second k4 fits nowhere
        assert found.pair[k11] == 0
        assert not any(found.joker_free)


@pytest.mark.parametrize("rack", ["k1-6 k8-12 * k1", "k1-6 k8-12 * *"])
def test_jokers_stand_in_and_one_may_be_thrown_by_hand(rack: str) -> None:
    """Black runs k1-6 and k8-12 with a joker and k1, or with two jokers (issue 31: 11
    real tiles, a hand keeping ten of them standing in for four). A drawn k7 or k13
    completes them alone (k1-13 and a high k1 after k13, the jokers standing in for the
    rest), and k7 with k13 complete them with one joker fewer, which is then thrown
    (R12). No tile of another colour completes single-colour runs."""
    runs = TABLE.by_number(23)  # Single colour runs
    pool = pool_of(rack)
    for found in (python(runs, pool), compiled(runs, pool)):
        assert found is not None
        assert {"k7", "k13"} <= tiles(found.one)
        k7, k13 = Tile("k7").index, Tile("k13").index
        assert found.joker_free[k7] >> k13 & 1 and found.joker_free[k13] >> k7 & 1
        assert not tiles(found.one) & {"r7", "b7", "o7"}


def test_a_seen_copy_is_not_drawn_twice_by_hand() -> None:
    """Both k7s seen: no hand stands in for k7 (R3)."""
    runs = TABLE.by_number(23)
    pool = pool_of("k1-6 k8-12 * k1", seen="k7 k7")
    for found in (python(runs, pool), compiled(runs, pool)):
        assert found is not None
        k7 = Tile("k7").index
        assert not found.one >> k7 & 1 and not found.pair[k7] and not found.joker_free[k7]


def test_other_pools_have_no_answer() -> None:
    basic = TABLE.by_number(1)
    for rack in ("k1-12", "k1-13 r1", "k1-13 * *", "k1-11 r5"):
        assert python(basic, pool_of(rack)) is None
        assert compiled(basic, pool_of(rack)) is None


@st.composite
def pools(draw: st.DrawFn) -> Pool:
    """13 tiles with up to two jokers, or 14 with one or two, and up to 20 seen tiles."""
    every = full_set()
    order = draw(st.permutations(range(len(every))))
    jokers = draw(st.integers(0, 2))
    size = draw(st.sampled_from((13, 13, 14))) if jokers else 13
    numbered = [every[i] for i in order if not every[i].is_joker]
    near = draw(st.booleans())
    if near:  # a stretch of neighbours, where hands are close
        start = draw(st.integers(0, 52 - 8))
        numbered.sort(key=lambda t: (abs(t.index - start - 4), t.index))
    hand = numbered[: size - jokers] + [t for t in every if t.is_joker][:jokers]
    seen = numbered[size - jokers : size - jokers + draw(st.integers(0, 20))]
    return Pool.build(hand, seen, None)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pools(), st.sampled_from(TYPES))
def test_the_builds_agree(pool: Pool, hand_type: HandType) -> None:
    note(f"type {hand_type.number} {hand_type.name}")
    assert python(hand_type, pool) == compiled(hand_type, pool)


@pytest.mark.parametrize("hand_type", TYPES, ids=lambda t: f"{t.number}")
def test_the_builds_agree_near_a_completed_hand(hand_type: HandType) -> None:
    """Racks of the play corpus's kind: near misses with one tile dropped, per row."""
    for rack in (
        "k1-4 r5 b5 o5 k9-12 r13 b13",
        "k5 r5 b5 k7 r7 b7 k9 r9 b9 o9 k11 r11 *",
        "k1-7 r1-5 *",
        "k2 r2 b2 k3 r3 o3 k4 b4 o4 k6 r6 * o11 b6",
        "k5 r5 b5 o5 k5 r5 k7 r7 b7 k9 r9 o9 *",
        "k1-4 r5 b5 k9-12 r13 b13 * *",
        "k5 r5 b5 k7 r7 b7 k9 r9 b9 o9 k11 * *",
        "k2 r2 b2 k3 r3 o3 k4 b4 o4 k6 r6 * *",
    ):
        pool = pool_of(rack)
        assert python(hand_type, pool) == compiled(hand_type, pool), rack
