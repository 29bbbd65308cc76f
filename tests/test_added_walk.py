"""One walk of 12 tiles for every 13 tiles made by adding a tile (issue 31).

The play search asks :func:`~intlscore.engine.setsearch.pairs.drawn_pairs` of the 13
tiles each of its positions leaves two draws from the end; those of one position's many
first draws are the same 12 tiles and one drawn tile x. ``added_pairs`` walks the 12 once
and keeps what each completed hand stands in for, whole; ``AddedPairs.with_tile(x)`` reads
the 13 tiles' answer from it. Its C twin is ``holds_sets_added`` and ``holds_added_with``
(``native/setsearch.c``, ``intlscore._native.sets_added``). Both must give exactly what the
pairs walk of the 13 tiles gives (itself checked against a brute force in
``test_pairs_walk.py``), in both builds, for every x a position could draw. The test fails,
never skips, when the compiled module lacks ``sets_added``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from compiled_functions import compiled_function, compiled_type
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from play_reference import full_set
from test_setsearch_pairs import TYPES, compiled, pool_of

from intlscore.engine.odds.play import drawn
from intlscore.engine.setsearch.pairs import DrawnPairs, added_pairs, drawn_pairs
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import type_spec
from intlscore.engine.tiles import Tile
from intlscore.rules.hand_table import HandType
from intlscore.rules.ruleset import default_table

TABLE = default_table()
STRESS = int(os.environ.get("INTLSCORE_STRESS", "1"))


def compiled_added(hand_type: HandType, pool: Pool, x: int) -> DrawnPairs | None:
    sets_added: Callable[..., Any] = compiled_function("sets_added")
    table = compiled_type(type_spec(hand_type))
    answer = sets_added(table, 0, bytes(pool.hand), pool.jokers, bytes(pool.cap), x)
    if answer is None:
        return None
    one, pair, joker_free = answer
    return DrawnPairs(one, list(pair), list(joker_free))


def drawable(pool: Pool) -> list[int]:
    """The numbered tiles a position holding the pool could draw (R3)."""
    return [x for x in range(52) if pool.hand[x] < pool.cap[x]]


@st.composite
def pools(draw: st.DrawFn) -> Pool:
    """12 tiles with up to two jokers, often a stretch of neighbours (where hands are
    close), and up to 20 seen tiles."""
    every = full_set()
    order = draw(st.permutations(range(len(every))))
    jokers = draw(st.sampled_from((0, 1, 2, 2)))
    numbered = [every[i] for i in order if not every[i].is_joker]
    if draw(st.booleans()):
        start = draw(st.integers(0, 52 - 8))
        numbered.sort(key=lambda t: (abs(t.index - start - 4), t.index))
    hand = numbered[: 12 - jokers] + [t for t in every if t.is_joker][:jokers]
    seen = numbered[12 - jokers : 12 - jokers + draw(st.integers(0, 20))]
    return Pool.build(hand, seen, None)


@pytest.mark.stress
@settings(max_examples=25 * STRESS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pools(), st.sampled_from(TYPES), st.data())
def test_a_tile_added_reads_the_walk_of_the_13(
    pool: Pool, hand_type: HandType, data: st.DataObject
) -> None:
    """Every drawable x in C against the compiled pairs walk of the 13 tiles; a few x in
    Python against its own (25 examples, about ten seconds, times ``INTLSCORE_STRESS``)."""
    note(f"type {hand_type.number} {hand_type.name}")
    spec = type_spec(hand_type)
    added = added_pairs(spec, pool)
    assert added is not None
    kinds = drawable(pool)
    for x in kinds:
        assert compiled_added(hand_type, pool, x) == compiled(hand_type, drawn(pool, x)), x
    for x in data.draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=3, unique=True)):
        assert added.with_tile(x) == drawn_pairs(spec, drawn(pool, x)), x


@pytest.mark.parametrize("number", [1, 2, 13, 19, 23, 25, 40])
def test_near_misses_of_the_play_corpus(number: int) -> None:
    """Racks of the play search's kind (two jokers and a run of neighbours, or none), less
    two tiles, and every tile added (in Python every sixth)."""
    hand_type = TABLE.by_number(number)
    spec = type_spec(hand_type)
    for rack in (
        "r6 r4 r5 r6 b5 b6 o4 o6 b4 o5 * *",
        "k1-4 r5 b5 k9-12 * *",
        "k5 r5 b5 k7 r7 b7 k9 r9 b9 o9 k11 *",
        "k1 k2 k3 r5 r6 r7 b9 b10 b11 o12 o13 o1",
    ):
        pool = pool_of(rack)
        added = added_pairs(spec, pool)
        assert added is not None
        for x in drawable(pool):
            expected = compiled(hand_type, drawn(pool, x))
            assert compiled_added(hand_type, pool, x) == expected, (rack, Tile(x))
        for x in drawable(pool)[::6]:  # the Python walks of 13 tiles take longer
            assert added.with_tile(x) == drawn_pairs(spec, drawn(pool, x)), (rack, Tile(x))


def test_two_jokers_by_hand() -> None:
    """k3-6, r3-5, b4, o4 o5 and two jokers: 12 tiles. With b5 added they are the 13 tiles
    of ``test_pairs_walk.test_two_jokers_by_hand``: a drawn b3 completes them alone, b3 and
    o3 with a joker to spare, and keeping ten of the eleven real tiles (k6 thrown). With k7
    added instead, k3-7 is a run of five; a drawn b5 then completes them alone (b3 the joker,
    k3-7 r3-5 b3-5 o4 o5 and the other joker as o3)."""
    basic = TABLE.by_number(1)
    spec = type_spec(basic)
    pool = pool_of("k3-6 r3-5 b4 o4 o5 * *")
    added = added_pairs(spec, pool)
    assert added is not None
    b3, o3, b5, k7 = (Tile(name).index for name in ("b3", "o3", "b5", "k7"))
    with_b5 = added.with_tile(b5)
    assert with_b5 == drawn_pairs(spec, drawn(pool, b5))
    assert with_b5.one >> b3 & 1
    assert with_b5.joker_free[b3] >> o3 & 1 and with_b5.pair[b3] >> o3 & 1
    with_k7 = added.with_tile(k7)
    assert with_k7 == drawn_pairs(spec, drawn(pool, k7))
    assert with_k7.one >> b5 & 1
    assert compiled_added(basic, pool, b5) == with_b5
    assert compiled_added(basic, pool, k7) == with_k7


def test_other_pools_have_no_answer() -> None:
    basic = TABLE.by_number(1)
    for rack in ("k1-13", "k1-11", "k1-12 *", "k1-10 *"):
        assert added_pairs(type_spec(basic), pool_of(rack)) is None
        assert compiled_added(basic, pool_of(rack), 0) is None
