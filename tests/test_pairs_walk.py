"""The pairs walk against a brute force (issue 31): what 13 tiles make with two drawn ones.

``drawn_pairs`` (``intlscore/engine/setsearch/drawn_pairs.py``) and its C twin
``holds_sets_pairs`` (``native/setsearch.c``, ``intlscore._native.sets_pairs``) no longer
visit the completed hands one by one: below a point of the walk with fewer than three draws
left they gather, once per state, what the hands stand in for beyond the tiles drawn above
it. Here both are compared with their definition, worked out by brute force and judged by
another search, the scorer's split (``conditioned_split``), with the jokers wild (R7):

- a hand keeping all the pool's real tiles stands in for the other ``stood`` tiles of the
  14 (the jokers' and one drawn tile for 13 tiles, the jokers' for 14): ``one`` is the
  tiles x such that the real tiles, x and ``stood - 1`` wild tiles split into sets, and
  ``joker_free[x]`` the tiles z such that the real tiles, x, z and ``stood - 2`` wild
  tiles do;
- a hand keeping all the real tiles but one copy of some tile r stands in for one tile
  more: ``pair[x]`` is the tiles z such that those tiles, x, z and ``stood - 1`` wild
  tiles split into sets, where nothing stands in for r (the walk never draws a tile whose
  own copy it let go: keeping that copy is the other hand, keeping all the real tiles).

Every copy a hand holds, real or stood in for, is one R3 leaves (the seen tiles). The
pools are small worlds: every tile outside a few numbers (and colours) is seen twice, so
the brute force tries every pair of the few tiles left; 11 to 13 real tiles from the world
and up to two jokers, 13 tiles in all (14 with jokers). The test fails, never skips, when
the compiled module lacks ``sets_pairs``.
"""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import STRESS
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from test_drawn_pairs import compiled

from intlscore.engine import build
from intlscore.engine.facts import HandFacts
from intlscore.engine.setsearch.drawn_pairs import DrawnPairs, drawn_pairs
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import type_spec
from intlscore.engine.tiles import JOKER_INDEX, Tile, tile_index
from intlscore.rules.hand_table import HAND_SIZE, HandType
from intlscore.rules.ruleset import default_table

TABLE = default_table()
TYPES = tuple(TABLE.by_number(n) for n in (1, 4, 19, 23, 25))
"""Basic (groups and runs), Minor 51 groups (a total), Two colours (runs of exactly two
colours), Single colour runs, Sticks (groups)."""


class World:
    """A pool of a small world: its real tiles, jokers and seen tiles (every tile outside
    the world twice, some inside once or twice)."""

    def __init__(self, real: list[int], jokers: int, seen: list[int], kinds: list[int]) -> None:
        self.real, self.jokers, self.seen, self.kinds = real, jokers, seen, kinds
        self.cap = Counter({t: 2 - seen.count(t) for t in kinds})

    def pool(self) -> Pool:
        hand = [Tile(t) for t in self.real] + [Tile(JOKER_INDEX)] * self.jokers
        return Pool.build(hand, [Tile(t) for t in self.seen], None)

    def __repr__(self) -> str:
        tiles = " ".join(str(Tile(t)) for t in sorted(self.real))
        inside = " ".join(str(Tile(t)) for t in sorted(self.seen) if t in self.kinds)
        return f"World({tiles} + {self.jokers} jokers; seen in the world: {inside or '-'})"


def holds(hand_type: HandType, melded: list[int], jokers: int, others: list[int]) -> bool:
    """Whether these real tiles and jokers (standing for what ``others`` leaves, R3) split
    into sets of the type: the scorer's split is the judge."""
    if jokers < 0:
        return False
    facts = HandFacts.build(melded, jokers, others)
    return build.current().conditioned_split(type_spec(hand_type), facts) is not None


def brute_force(hand_type: HandType, world: World) -> DrawnPairs:
    """:class:`DrawnPairs` by its definition (see the module's docstring)."""
    found = DrawnPairs()
    real, seen, kinds, cap = world.real, world.seen, world.kinds, world.cap
    stood = HAND_SIZE - len(real)
    held = Counter(real)
    pairs = [(x, z) for a, x in enumerate(kinds) for z in kinds[a:]]

    def fits(kept: Counter[int], *drawn: int) -> bool:
        return all(kept[t] + drawn.count(t) <= cap[t] for t in drawn)

    for x in kinds:
        if fits(held, x) and holds(hand_type, [*real, x], stood - 1, seen):
            found.one |= 1 << x
    for x, z in pairs:
        if fits(held, x, z) and holds(hand_type, [*real, x, z], stood - 2, seen):
            found.joker_free[x] |= 1 << z
            found.joker_free[z] |= 1 << x
    for r in held:
        kept = held - Counter([r])
        others = [*seen, r, r]  # nothing stands in for the copy let go
        rest = list(kept.elements())
        for x, z in pairs:
            if r in (x, z) or not fits(kept, x, z):
                continue
            if holds(hand_type, [*rest, x, z], stood - 1, others):
                found.pair[x] |= 1 << z
                found.pair[z] |= 1 << x
    return found


@st.composite
def worlds(draw: st.DrawFn) -> World:
    """Four or five numbers in every colour, or seven in two colours (after 13 comes 1);
    11 to 13 real tiles
    of them, up to two jokers (13 tiles, or 14 with jokers) and a few seen copies."""
    if draw(st.booleans()):
        width, colours = draw(st.integers(4, 5)), (0, 1, 2, 3)
    else:
        width, colours = 7, tuple(sorted(draw(st.permutations(range(4)))[:2]))
    low = draw(st.integers(1, 13))  # 11, 12, 13, 1...: runs ending on a high 1 (R5)
    kinds = [tile_index(c, (n - 1) % 13 + 1) for n in range(low, low + width) for c in colours]
    copies = [t for t in kinds for _ in range(2)]
    order = draw(st.permutations(copies))
    jokers = draw(st.sampled_from((0, 1, 2, 2)))
    size = (draw(st.sampled_from((13, 13, 14))) if jokers else 13) - jokers
    real = sorted(order[:size])
    inside = list(order[size : size + draw(st.integers(0, 3))])
    outside = [t for t in range(52) if t not in kinds for _ in range(2)]
    return World(real, jokers, outside + inside, kinds)


def check(world: World, hand_type: HandType) -> None:
    pool = world.pool()
    expected = brute_force(hand_type, world)
    assert drawn_pairs(type_spec(hand_type), pool) == expected
    assert compiled(hand_type, pool) == expected


@pytest.mark.stress
@settings(max_examples=12 * STRESS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(worlds(), st.sampled_from(TYPES))
def test_the_walk_is_its_definition(world: World, hand_type: HandType) -> None:
    """12 examples (about a second), times ``INTLSCORE_STRESS``."""
    note(f"type {hand_type.number} {hand_type.name}; {world!r}")
    check(world, hand_type)


def test_two_jokers_by_hand() -> None:
    """k3-6, r3-5, b4 b5, o4 o5 and two jokers: 11 real tiles. A drawn b3 completes them
    alone (b3-5, o4 o5 with a joker as o3, the other joker as r6, say); b3 and o3 complete
    them with a joker to spare (k3-6 r3-5 b3-5 o3-5 and one joker as r6), and keeping ten
    of the eleven (k6 thrown: k3-5 r3-5 b3-5 o3-5 and the jokers as r6 and b6). No hand
    holds three k6 (R3). The brute force and both builds agree."""
    world = World(
        [
            tile_index(c, n)
            for c, numbers in ((0, (3, 4, 5, 6)), (1, (3, 4, 5)), (2, (4, 5)), (3, (4, 5)))
            for n in numbers
        ],
        2,
        [t for t in range(52) if not 2 <= t // 4 + 1 <= 7 for _ in range(2)],
        [t for t in range(52) if 2 <= t // 4 + 1 <= 7],
    )
    basic = TABLE.by_number(1)
    check(world, basic)
    found = drawn_pairs(type_spec(basic), world.pool())
    b3, o3, k6 = tile_index(2, 3), tile_index(3, 3), tile_index(0, 6)
    assert found.one >> b3 & 1
    assert found.joker_free[b3] >> o3 & 1 and found.pair[b3] >> o3 & 1
    assert not found.pair[k6] >> k6 & 1
