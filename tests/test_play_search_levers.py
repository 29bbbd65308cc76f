"""The play search's own levers (issue 31): each saves work and changes no answer.

A pairs walk of 13 tiles is walked once under the search's top caps and read for every
position reaching the same tiles with lower caps, where no hand of the walk stands in for
a kind whose cap is lower (``Walked.serves``, ``pairs_walk``; ``walk_serves`` in
``native/play.c``). Random pools check that premise in both builds: the walk under the
lower caps is the same walk. A drawn tile thrown back by 14 tiles holding both jokers
lowers its kind's cap the same way: the child reads the 14 tiles' walk wherever every hand
of it stays (``back_child_two_jokers``), and random pools check that premise in both
builds, hand-picked racks that the child then wins what its own checks find. The answers
of whole searches stay those of the brute-force reference and of the other build
(tests/test_play_odds.py, tests/test_builds_agree.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from unittest.mock import patch

import pytest
from compiled_functions import compiled_function, compiled_type
from hypothesis import HealthCheck, assume, example, given, note, settings
from hypothesis import strategies as st
from play_reference import full_set

from intlscore.engine.notation import parse_tiles
from intlscore.engine.odds import walks as walks_module
from intlscore.engine.odds.expectimax import Expectimax
from intlscore.engine.odds.hints import NO_HINT
from intlscore.engine.odds.holds import _kept_if_held
from intlscore.engine.odds.positions import drawn, thrown, unseen_counts
from intlscore.engine.odds.start import set_up
from intlscore.engine.odds.walks import Walked
from intlscore.engine.odds.wins import blind_class
from intlscore.engine.setsearch import drawn_pairs as pairs_module
from intlscore.engine.setsearch.drawn_pairs import DrawnPairs, drawn_pairs
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import TypeSpec, type_spec
from intlscore.engine.tiles import JOKER_INDEX, Tile
from intlscore.rules.hand_table import SET_STRUCTURES, HandType
from intlscore.rules.ruleset import default_table

TABLE = default_table()
SET_TYPES = tuple(t for t in TABLE.types if t.structure in SET_STRUCTURES)


def compiled_pairs(hand_type: HandType, pool: Pool) -> DrawnPairs:
    sets_pairs: Callable[..., Any] = compiled_function("sets_pairs")
    table = compiled_type(type_spec(hand_type))
    one, pair, joker_free = sets_pairs(table, 0, bytes(pool.hand), pool.jokers, bytes(pool.cap))
    return DrawnPairs(one, list(pair), list(joker_free))


def python_pairs(hand_type: HandType, pool: Pool) -> DrawnPairs:
    found = drawn_pairs(type_spec(hand_type), pool)
    assert found is not None  # 13 tiles
    return found


@st.composite
def thirteen(draw: st.DrawFn) -> Pool:
    """13 tiles with up to two jokers, often a stretch of neighbours (hands are close
    there), and up to 10 seen tiles."""
    every = full_set()
    order = draw(st.permutations(range(len(every))))
    jokers = draw(st.integers(0, 2))
    numbered = [every[i] for i in order if not every[i].is_joker]
    if draw(st.booleans()):
        start = draw(st.integers(0, 52 - 8))
        numbered.sort(key=lambda t: (abs(t.index - start - 4), t.index))
    hand = numbered[: 13 - jokers] + [t for t in every if t.is_joker][:jokers]
    seen = numbered[13 - jokers : 13 - jokers + draw(st.integers(0, 10))]
    return Pool.build(hand, seen, None)


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(thirteen(), st.sampled_from(SET_TYPES), st.data())
def test_a_walk_serves_lower_caps_of_kinds_no_hand_stands_in_for(
    pool: Pool, hand_type: HandType, data: st.DataObject
) -> None:
    """Lowering the caps of kinds that no hand of the walk stands in for (one copy out of
    play, R3: a tile thrown) leaves the walk as it is, in both builds; lowering any cap of
    a kind it stands in for is not served."""
    walked = python_pairs(hand_type, pool)
    assert compiled_pairs(hand_type, pool) == walked
    stood = walked.one | walked.paired
    free = [k for k in range(52) if pool.cap[k] > pool.hand[k]]
    lowered = data.draw(
        st.lists(st.sampled_from(free), unique=True, max_size=6) if free else st.just([])
    )
    cap = list(pool.cap)
    for kind in lowered:
        cap[kind] -= 1
    lower = pool._replace(cap=tuple(cap))
    note(f"type {hand_type.number}, lowered {[str(Tile(k)) for k in lowered]}")
    serves = Walked(pool.cap, walked, stood).serves(lower.cap)
    assert serves == (not any(stood >> kind & 1 for kind in lowered))
    if serves:
        assert python_pairs(hand_type, lower) == walked
        assert compiled_pairs(hand_type, lower) == walked


def test_a_higher_cap_is_never_served() -> None:
    """A walk under lower caps lacks the hands a higher cap allows: never read for it."""
    walked = Walked((1, 2), DrawnPairs(), 0)
    assert walked.serves((1, 2)) and walked.serves((0, 1))
    assert not walked.serves((2, 2))


def test_a_tile_thrown_back_reads_the_walk_of_the_same_tiles() -> None:
    """k1-12 r5 o9: a drawn tile thrown back leaves the same 14 tiles, its kind's cap one
    lower. Their discards leave 13 tiles walked before: where no hand of that walk stands
    in for the kind thrown back, it is read, not walked again, and it is what a walk of
    the 13 tiles under their own caps finds."""
    rack = set_up("k1-12 r5 o9")
    types: list[tuple[HandType, int | None]] = [
        (rack.table.by_number(number), None) for number in (1, 23)
    ]
    search = Expectimax(rack.table, types, 10**6, rack.pool, 2)
    search.value(rack.pool, 1, 1)  # the position asked for: the top caps
    discard = Tile("r5").index
    first = search.hints.useful_draws(rack.pool, discard, 2)
    assert first.pairs is not None
    stood = 0
    for walked in first.pairs:
        assert walked is not None
        stood |= walked.one | walked.paired
    back = next(k for k in range(52) if rack.pool.unseen(k) and not stood >> k & 1)
    again = thrown(drawn(rack.pool, back), back)
    walks = 0
    real_walk = pairs_module.drawn_pairs

    def walk(spec: TypeSpec, pool: Pool) -> DrawnPairs | None:
        nonlocal walks
        walks += 1
        return real_walk(spec, pool)

    with patch.object(walks_module, "drawn_pairs", walk):  # the name walks.py calls
        second = search.hints.useful_draws(again, discard, 2)
    assert walks == 0, f"{Tile(back)} thrown back: walked again"
    left = thrown(again, discard)
    assert second.pairs == tuple(python_pairs(hand_type, left) for hand_type, _ in types)
    assert second.pairs == tuple(compiled_pairs(hand_type, left) for hand_type, _ in types)


@st.composite
def fourteen_two_jokers(draw: st.DrawFn) -> Pool:
    """14 tiles holding both jokers, often a stretch of neighbours, and up to 10 seen
    tiles."""
    every = full_set()
    order = draw(st.permutations(range(len(every))))
    numbered = [every[i] for i in order if not every[i].is_joker]
    if draw(st.booleans()):
        start = draw(st.integers(0, 52 - 8))
        numbered.sort(key=lambda t: (abs(t.index - start - 4), t.index))
    hand = numbered[:12] + [t for t in every if t.is_joker]
    seen = numbered[12 : 12 + draw(st.integers(0, 10))]
    return Pool.build(hand, seen, None)


def stood_twice(walked: DrawnPairs, kind: int) -> bool:
    """Whether a hand of a walk stands in for two copies of ``kind``."""
    return bool((walked.joker_free[kind] | walked.pair[kind]) >> kind & 1)


DOUBLE_K3 = Pool.build(parse_tiles("k1 k2 k4 k5 k1 k2 k4 k5 r9 b9 o9 k9 * *"), (), None)
"""Two runs short of k3 and both jokers: Basic's hands keeping all 12 real tiles stand in
for both copies of k3."""


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fourteen_two_jokers(), st.sampled_from(SET_TYPES), st.integers(0, 51))
@example(DOUBLE_K3, TABLE.by_number(1), Tile("k3").index)
@example(DOUBLE_K3, TABLE.by_number(1), Tile("k6").index)
def test_a_copy_left_keeps_every_hand_of_the_walk_of_fourteen_tiles(
    pool: Pool, hand_type: HandType, kind: int
) -> None:
    """The premise of ``back_child_two_jokers``: a drawn tile thrown back lowers its kind's
    cap by one (R3). Where no hand of the 14 tiles' walk stands in for as many copies of
    it as were unseen (one: any hand standing in for it; two: a hand standing in for both),
    every hand stays, and so does the walk, in both builds; otherwise a hand goes."""
    assume(pool.cap[kind] > pool.hand[kind])  # a kind that can be drawn
    walked = python_pairs(hand_type, pool)
    assert compiled_pairs(hand_type, pool) == walked
    copies = pool.cap[kind] - pool.hand[kind]
    stood = (walked.one | walked.paired) >> kind & 1
    cap = list(pool.cap)
    cap[kind] -= 1
    lower = pool._replace(cap=tuple(cap))
    note(f"type {hand_type.number}, thrown back {Tile(kind)}, {copies} unseen")
    lowered = python_pairs(hand_type, lower)
    assert compiled_pairs(hand_type, lower) == lowered
    if not stood or (copies == 2 and not stood_twice(walked, kind)):
        assert lowered == walked
    if pool == DOUBLE_K3 and kind == Tile("k3").index:
        assert stood_twice(walked, kind) and lowered != walked


@pytest.mark.slow
@pytest.mark.parametrize(
    "rack",
    [
        "k1 k2 k4 k5 k1 k2 k4 k5 r9 b9 o9 k9 * *",  # two runs short of k3: both copies
        "k1-6 k8-12 b3 * *",
        "k2 r2 b2 k3 r3 o3 k4 b4 o4 k6 r6 o11 * *",
    ],
)
def test_a_tile_thrown_back_with_both_jokers_wins_what_its_own_checks_win(rack: str) -> None:
    """14 tiles holding both jokers, two draws from the end, every unseen kind drawn and
    thrown back: what the child wins at its draw, read from the 14 tiles' walk where
    ``back_child_two_jokers`` allows it, is what the child's own checks find. In the first
    rack the jokers stand in for both k3: throwing a drawn k3 back leaves one, and those
    hands are gone (the child walks its own tiles)."""
    set_rack = set_up(rack)
    types: list[tuple[HandType, int | None]] = [
        (TABLE.by_number(number), None)
        for number in (1, 13, 25)  # sets, runs, groups
    ]
    pool = set_rack.pool
    counts = unseen_counts(pool)
    read = 0
    for kind in range(52):
        if not counts[kind]:
            continue
        search = Expectimax(set_rack.table, types, 10**6, pool, 2)
        hints = search.hints
        hint = hints.back_hint(pool, hints.throw_back(pool, 2), kind, counts[kind], 2)
        read += sum(walk is not None for walk in hint.pairs or ())
        child = thrown(drawn(pool, kind), kind)
        child_counts = unseen_counts(child)
        own = Expectimax(set_rack.table, types, 10**6, pool, 2)
        assert search.wins.of(child, 2, child_counts, hint) == own.wins.of(
            child, 2, child_counts, NO_HINT
        ), f"{Tile(kind)} thrown back"
    assert read  # the walk is read somewhere: the lever is in use


@pytest.mark.slow
@pytest.mark.parametrize(
    "rack",
    [
        "k1 k2 k3 r5 r6 r7 b9 b10 b11 o1 o2 o3 k13 *",  # Basic held alone with the joker
        "k2 r2 b2 k3 r3 o3 k4 b4 o4 k6 r6 o11 o12 *",  # one tile short of Basic
        "k1-6 k8-12 b3 o3 *",
    ],
)
def test_a_drawn_joker_kept_beside_one_wins_what_its_own_checks_win(rack: str) -> None:
    """14 tiles holding one joker, two draws from the end: the child that keeps the other
    joker, drawn, and throws a real tile holds 13 tiles with one joker and the drawn one.
    What it wins at its draw, read from the 13 tiles' pairs walk (``joker_child``), is
    what its own checks find."""
    set_rack = set_up(rack)
    types: list[tuple[HandType, int | None]] = [
        (TABLE.by_number(number), None)
        for number in (1, 13, 25)  # sets, runs, groups
    ]
    pool = set_rack.pool
    read = 0
    for discard in range(52):
        if not pool.hand[discard]:
            continue
        search = Expectimax(set_rack.table, types, 10**6, pool, 2)
        hint = search.hints.joker_hint(search.hints.useful_draws(pool, discard, 2))
        read += sum(walk is not None for walk in hint.pairs or ())
        child = thrown(drawn(pool, JOKER_INDEX), discard)
        counts = unseen_counts(child)
        own = Expectimax(set_rack.table, types, 10**6, pool, 2)
        assert search.wins.of(child, 2, counts, hint) == own.wins.of(child, 2, counts, NO_HINT), (
            f"{Tile(discard)} thrown"
        )
    assert read  # the walk is read somewhere: the lever is in use


BLIND_TYPES = tuple(
    t for t in TABLE.types if blind_class(type_spec(t), Pool.build([], [], None), 0) is not None
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fourteen_two_jokers(), st.sampled_from(BLIND_TYPES), st.integers(0, 2))
def test_tiles_alike_for_a_type_blind_to_colour_complete_it_alike(
    pool: Pool, hand_type: HandType, jokers: int
) -> None:
    """The premise of ``blind_class``: for any tiles or seven pairs of every colour, the
    14 tiles and any drawn tile of one class hold the type alike (the kept tiles are the
    same), in both builds. The pools have 12 to 14 real tiles (up to two jokers)."""
    spec = type_spec(hand_type)
    hand = list(pool.hand)
    less = 2 - jokers  # real tiles in place of the jokers let go: the lowest free kinds
    for kind in range(52):
        if less and hand[kind] < pool.cap[kind]:
            hand[kind] += 1
            less -= 1
    fourteen = pool._replace(hand=tuple(hand), jokers=jokers)
    kept_compiled = compiled_function("holds_kept")
    table = compiled_type(spec)
    seen: dict[int, tuple[int, int | None]] = {}
    for kind in range(52):
        if fourteen.cap[kind] <= fourteen.hand[kind]:
            continue  # not drawable
        drawn_pool = drawn(fourteen, kind)
        python = _kept_if_held(hand_type, drawn_pool)
        compiled = kept_compiled(
            table, 0, bytes(drawn_pool.hand), drawn_pool.jokers, bytes(drawn_pool.cap)
        )
        assert (compiled if compiled >= 0 else None) == python
        alike = blind_class(spec, fourteen, kind)
        assert alike is not None
        if alike in seen:
            first, kept = seen[alike]
            assert python == kept, f"{Tile(kind)} and {Tile(first)}"
        else:
            seen[alike] = (kind, python)


NOT_SETS = tuple(t for t in TABLE.types if t.structure not in SET_STRUCTURES)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fourteen_two_jokers(), st.data())
def test_thirteen_tiles_with_both_jokers_decide_may_complete_of_their_draws(
    pool: Pool, data: st.DataObject
) -> None:
    """``useful_draws`` of 13 tiles holding both jokers marks a type not built from sets
    ``completes`` where every drawn tile passes ``may_complete`` (a completed hand of the
    14 keeps all their real tiles but one), ``fails`` where none does: a drawn tile adds
    one real tile kept at most and takes none away, so the 13 keeping 11 or more, or fewer
    than ten, decide every draw; at ten some drawn tile passes (one the closest hands
    draw). Against ``may_complete`` of each of the 14 tiles the 13 and a drawable tile
    make; the C build reads the same two holds-checks (its whole searches agree,
    tests/test_play_odds.py)."""
    discard = data.draw(st.sampled_from([k for k in range(52) if pool.hand[k]]))
    rack = set_up("k1-13 o5")  # the table: only the search's checks are asked
    search = Expectimax(rack.table, [(t, None) for t in NOT_SETS], 10**6, pool, 2)
    found = search.hints.useful_draws(pool, discard, 2)
    after = thrown(pool, discard)
    draws = [x for x in range(52) if after.cap[x] > after.hand[x]]
    for slot, hand_type in enumerate(NOT_SETS):
        passed = {x for x in draws if search.wins.may_complete(hand_type, drawn(after, x))}
        note(f"{hand_type.name}: {len(passed)} of {len(draws)} pass")
        if found.fails >> slot & 1:
            assert not passed, hand_type.name
        elif found.completes >> slot & 1:
            assert passed == set(draws), hand_type.name
        else:
            assert passed, hand_type.name  # ten kept: the outs of the closest hands pass
