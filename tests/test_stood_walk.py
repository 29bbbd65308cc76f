"""One walk of 12 or 13 tiles for the pairs walks of many positions (issue 31).

The play search asks :func:`~intlscore.engine.setsearch.drawn_pairs.drawn_pairs` of the 13
tiles each of its positions leaves two draws from the end, and of 14 tiles with jokers
(a drawn tile thrown back); those of one position's many first draws are the same 12 or
13 tiles and one drawn tile x, or the same tiles with a cap lowered by a tile thrown back.
``stood_hands`` walks the 12 or 13 tiles once and keeps what each completed hand stands in
for, whole; ``StoodHands.drawn_pairs(after, x)`` reads the answer for the tiles with x
added (or none) under the caps of ``after``. Its C twin is ``holds_sets_stood`` and
``holds_stood_pairs`` (``native/setsearch.c``, ``intlscore._native.sets_stood``). Both must
give exactly what the pairs walk of those tiles gives (itself checked against a brute force
in ``test_pairs_walk.py``), in both builds. The test fails, never skips, when the compiled
module lacks ``sets_stood``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from compiled_functions import compiled_function, compiled_type
from conftest import STRESS
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from play_reference import full_set
from test_drawn_pairs import TYPES, compiled, pool_of

from intlscore.engine.odds.positions import drawn
from intlscore.engine.odds.slots import narrowed_slots
from intlscore.engine.setsearch.drawn_pairs import DrawnPairs, drawn_pairs, stood_hands
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.setsearch.shapes import narrowing
from intlscore.engine.spec import type_spec
from intlscore.engine.tiles import Tile
from intlscore.rules.hand_table import HandType
from intlscore.rules.ruleset import default_table

TABLE = default_table()


def compiled_stood(
    hand_type: HandType, pool: Pool, after: Pool, x: int | None = None, within: int = -1
) -> DrawnPairs | None:
    """The C build's pairs of ``after``: the pool walked, with ``x`` added, under the caps
    of ``after``; of the hands within the mask ``within`` alone where one is given."""
    sets_stood: Callable[..., Any] = compiled_function("sets_stood")
    table = compiled_type(type_spec(hand_type))
    answer = sets_stood(
        table,
        0,
        bytes(pool.hand),
        pool.jokers,
        bytes(pool.cap),
        -1 if x is None else x,
        bytes(after.hand),
        bytes(after.cap),
        within & (1 << 64) - 1,
    )
    if answer is None:
        return None
    one, pair, joker_free = answer
    return DrawnPairs(one, list(pair), list(joker_free))


def lowered(pool: Pool, kind: int) -> Pool:
    """The pool with one copy fewer of ``kind`` to draw (a copy drawn and thrown back)."""
    cap = list(pool.cap)
    cap[kind] -= 1
    return pool._replace(cap=tuple(cap))


def drawable(pool: Pool) -> list[int]:
    """The numbered tiles a position holding the pool could draw (R3)."""
    return [x for x in range(52) if pool.hand[x] < pool.cap[x]]


@st.composite
def pools(draw: st.DrawFn) -> Pool:
    """12 or 13 tiles with up to two jokers, often a stretch of neighbours (where hands
    are close), and up to 20 seen tiles."""
    every = full_set()
    order = draw(st.permutations(range(len(every))))
    size = draw(st.sampled_from((12, 13)))
    jokers = draw(st.sampled_from((0, 1, 2, 2)))
    numbered = [every[i] for i in order if not every[i].is_joker]
    if draw(st.booleans()):
        start = draw(st.integers(0, 52 - 8))
        numbered.sort(key=lambda t: (abs(t.index - start - 4), t.index))
    hand = numbered[: size - jokers] + [t for t in every if t.is_joker][:jokers]
    seen = numbered[size - jokers : size - jokers + draw(st.integers(0, 20))]
    return Pool.build(hand, seen, None)


def afters(pool: Pool) -> list[tuple[Pool, int | None]]:
    """What the play search reads from a walk of ``pool``: the pool with each drawable
    tile x added (13 tiles, or 14 with jokers), and with a drawable tile's cap lowered by
    one, with or without x (13 tiles)."""
    size = sum(pool.hand) + pool.jokers
    found: list[tuple[Pool, int | None]] = []
    if size == 12 or pool.jokers:
        found += [(drawn(pool, x), x) for x in drawable(pool)]
    if size == 13:
        found += [(pool, None)] + [(lowered(pool, k), None) for k in drawable(pool)]
    else:
        for x in drawable(pool)[::5]:
            after = drawn(pool, x)
            kinds = drawable(after)
            found += [(lowered(after, kinds[x % len(kinds)]), x)] if kinds else []
    return found


def check_compiled(hand_type: HandType, pool: Pool, cases: list[tuple[Pool, int | None]]) -> None:
    """The C build's stood walk of ``pool`` against its pairs walk of every case."""
    for after, x in cases:
        expected = compiled(hand_type, after)
        assert compiled_stood(hand_type, pool, after, x) == expected, (pool, after, x)


@pytest.mark.stress
@settings(max_examples=25 * STRESS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pools(), st.sampled_from(TYPES), st.data())
def test_one_walk_reads_the_walks_around_it(
    pool: Pool, hand_type: HandType, data: st.DataObject
) -> None:
    """Every case in C against the compiled pairs walk of those tiles; a few in Python
    against its own (25 examples, about ten seconds, times ``INTLSCORE_STRESS``)."""
    note(f"type {hand_type.number} {hand_type.name}")
    spec = type_spec(hand_type)
    hands = stood_hands(spec, pool)
    assert hands is not None
    cases = afters(pool)
    check_compiled(hand_type, pool, cases)
    chosen = data.draw(st.lists(st.sampled_from(cases), min_size=1, max_size=3))
    for after, x in chosen:
        assert hands.drawn_pairs(after, x) == drawn_pairs(spec, after), (after, x)


@pytest.mark.slow
@pytest.mark.parametrize("number", [1, 2, 13, 19, 23, 25, 40])
def test_near_misses_of_the_play_corpus(number: int) -> None:
    """Racks of the play search's kind (two jokers and a run of neighbours, or none), less
    one or two tiles, and every tile added or cap lowered (in Python every twelfth)."""
    hand_type = TABLE.by_number(number)
    spec = type_spec(hand_type)
    for rack in (
        "r6 r4 r5 r6 b5 b6 o4 o6 b4 o5 * *",
        "r6 r4 r5 r7 r6 b5 b6 o4 o6 b4 o5 * *",
        "k1-4 r5 b5 k9-12 * *",
        "k5 r5 b5 k7 r7 b7 k9 r9 b9 o9 k11 *",
        "k1 k2 k3 r5 r6 r7 b9 b10 b11 o12 o13 o1",
        "k1 k2 k3 r5 r6 r7 b9 b10 b11 o12 o13 o1 k7",
    ):
        pool = pool_of(rack)
        hands = stood_hands(spec, pool)
        assert hands is not None
        cases = afters(pool)
        check_compiled(hand_type, pool, cases)
        for after, x in cases[::12]:  # the Python walks take longer
            assert hands.drawn_pairs(after, x) == drawn_pairs(spec, after), (rack, after, x)


def test_two_jokers_by_hand() -> None:
    """k3-6, r3-5, b4, o4 o5 and two jokers: 12 tiles. With b5 added they are the 13 tiles
    of ``test_pairs_walk.test_two_jokers_by_hand``: a drawn b3 completes them alone, b3 and
    o3 with a joker to spare, and keeping ten of the eleven real tiles (k6 thrown). With k7
    added instead, k3-7 is a run of five; a drawn b5 then completes them alone (b3 the joker,
    k3-7 r3-5 b3-5 o4 o5 and the other joker as o3). With both b3 seen, no hand stands in
    for b3, and o3 still completes the 13 with b5 (o3-5, b4 b5 and a joker as b6)."""
    basic = TABLE.by_number(1)
    spec = type_spec(basic)
    pool = pool_of("k3-6 r3-5 b4 o4 o5 * *")
    hands = stood_hands(spec, pool)
    assert hands is not None
    b3, o3, b5, k7 = (Tile(name).index for name in ("b3", "o3", "b5", "k7"))
    with_b5 = hands.drawn_pairs(drawn(pool, b5), b5)
    assert with_b5 == drawn_pairs(spec, drawn(pool, b5))
    assert with_b5.one >> b3 & 1
    assert with_b5.joker_free[b3] >> o3 & 1 and with_b5.pair[b3] >> o3 & 1
    with_k7 = hands.drawn_pairs(drawn(pool, k7), k7)
    assert with_k7 == drawn_pairs(spec, drawn(pool, k7))
    assert with_k7.one >> b5 & 1
    assert compiled_stood(basic, pool, drawn(pool, b5), b5) == with_b5
    assert compiled_stood(basic, pool, drawn(pool, k7), k7) == with_k7
    no_b3 = lowered(lowered(drawn(pool, b5), b3), b3)  # both b3 seen: none to draw
    without = hands.drawn_pairs(no_b3, b5)
    assert without == drawn_pairs(spec, no_b3) == compiled_stood(basic, pool, no_b3, b5)
    assert not without.one >> b3 & 1 and not without.pair[o3] >> b3 & 1
    assert without.one >> o3 & 1  # the other end: o3-5 and b4 b5 with the jokers


def test_other_pools_have_no_answer() -> None:
    basic = TABLE.by_number(1)
    for rack in ("k1-13 *", "k1-11", "k1-12 * *", "k1-10 *"):
        assert stood_hands(type_spec(basic), pool_of(rack)) is None
        assert compiled_stood(basic, pool_of(rack), pool_of(rack)) is None


NARROWER = tuple(
    (narrow, wide, tiles)
    for narrow in TABLE.types
    for wide in TABLE.types
    if (tiles := narrowing(type_spec(narrow), type_spec(wide))) is not None
)
"""The table's types whose hands are a wider type's within their tiles, with the wider type
and those tiles (:func:`.shapes.narrowing`)."""


def test_the_narrower_types_of_the_table_by_hand() -> None:
    """R9's minor and major ranges of a type with a plain range: 1-9 (36 tiles), and 10-13
    with the 1 (20 tiles); the major range is a narrowing of the plain one because a run
    ending on the high 1 (12 13 1) is a set of both, and the plain one's run 1 2 3 is not
    within its tiles. Basic, Little blitz and Grand blitz have one spec. The types with a
    total (Hand minor 51) or groups alone against sets (Sticks) narrow nothing: their
    other conditions differ, or Basic's runs lie within their tiles."""
    names = {(narrow.name, wide.name) for narrow, wide, _ in NARROWER}
    plain = ("Basic", "Little blitz", "Grand blitz")
    assert names == {
        *((narrower, wide) for narrower in ("Hand minor", "Grand sets") for wide in plain),
        *(
            (f"{family} {band}", family)
            for family in ("Four colours", "Three colours", "Two colours", "Sticks")
            for band in ("minor", "major")
        ),
    }
    minor_tiles, major_tiles = (1 << 36) - 1, (1 << 52) - (1 << 36) | 0b1111
    assert {tiles for _, _, tiles in NARROWER} == {minor_tiles, major_tiles}
    basic = type_spec(TABLE.by_number(1))
    to_13 = basic._replace(high=13)  # no high 1: 12 13 1 is Basic's
    assert narrowing(to_13, basic) is None
    assert narrowing(basic, basic) is None  # the same sets: nothing narrower
    assert narrowing(type_spec(TABLE.by_number(25)), basic) is None  # Sticks: groups
    specs = [type_spec(TABLE.by_number(n)) for n in (13, 2, 1, 14, 15)]
    assert narrowed_slots(specs) == [
        None,
        (2, minor_tiles),
        None,
        (0, minor_tiles),
        (0, major_tiles),
    ]


@st.composite
def pools_within(draw: st.DrawFn, tiles: int) -> Pool:
    """12 or 13 tiles of the mask ``tiles`` with up to two jokers, often neighbours, and up
    to 20 seen tiles (any)."""
    every = [t for t in full_set() if t.is_joker or tiles >> t.index & 1]
    order = draw(st.permutations(range(len(every))))
    size = draw(st.sampled_from((12, 13)))
    jokers = draw(st.sampled_from((0, 1, 2, 2)))
    numbered = [every[i] for i in order if not every[i].is_joker]
    if draw(st.booleans()):
        start = draw(st.sampled_from([t.index for t in numbered]))
        numbered.sort(key=lambda t: (abs(t.index - start - 4), t.index))
    hand = numbered[: size - jokers] + [t for t in every if t.is_joker][:jokers]
    seen = [t for t in full_set() if not t.is_joker and t not in hand]
    seen = draw(st.permutations(seen))[: draw(st.integers(0, 20))]
    return Pool.build(hand, seen, None)


@pytest.mark.stress
@settings(max_examples=15 * STRESS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NARROWER), st.data())
def test_a_narrower_types_hands_are_the_wider_types_within_its_tiles(
    case: tuple[HandType, HandType, int], data: st.DataObject
) -> None:
    """What the play search reads in place of a narrower type's walk of tiles all its own:
    the wider type's hands within its tiles, in Python (``StoodHands.within``) and in C
    (``holds_stood_within``), against the narrower type's own walk, for every tile added
    or cap lowered (15 examples, about ten seconds, times ``INTLSCORE_STRESS``)."""
    narrow, wide, tiles = case
    note(f"{narrow.name} within {wide.name}")
    pool = data.draw(pools_within(tiles))
    hands = stood_hands(type_spec(narrow), pool)
    assert hands is not None
    wider = stood_hands(type_spec(wide), pool)
    assert wider is not None
    assert wider.within(tiles) == hands
    for after, x in afters(pool):
        expected = compiled_stood(narrow, pool, after, x)
        assert compiled_stood(wide, pool, after, x, tiles) == expected, (after, x)
