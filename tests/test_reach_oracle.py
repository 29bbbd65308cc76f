"""Reachability against the scorer (the oracle), on generated near-miss hands.

Hands are built from completed hands of several types with zero to two tiles
swapped, so they sit 0, 1 or 2 draws from those types; some get seen tiles.
For each checked type:

* distance 0 exactly when the scorer says 14 of the tiles fit it;
* distance 1 exactly when some single drawable tile (hand + tile, best 14) fits,
  and the outs are exactly those tiles;
* distance 2: no single drawable tile fits, and some listed out leaves the hand
  at distance 1;
* seen tiles only ever raise distances.

Type 41 is a house row (Basic plus at least six tiles of one number), so a
set-based type with ``same_number`` is checked against the scorer too.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from intlscore.engine.notation import parse_tiles
from intlscore.engine.reach.driver import _reach_type
from intlscore.engine.score_result import Context
from intlscore.engine.scoring import types_fitting
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.tiles import JOKER, Tile
from intlscore.rules.hand_table import HandTable, HandType
from intlscore.rules.ruleset import default_table

TABLE = default_table()
HOUSE = TABLE.by_number(1)._replace(
    number=41,
    name="Six of a number",
    description="Groups and/or runs with at least six tiles of one number",
    same_number=6,
)
"""A house row (not in the shipped table): Basic's structure plus ``same_number``."""
TYPES = {t.number: t for t in (*TABLE.types, HOUSE)}
DECK = [Tile(i) for i in range(52) for _ in range(2)] + [JOKER, JOKER]

TEMPLATES = (
    ("k1-3 r5 b5 o5 k9-12 r13 b13 o13 k4", (1, 25, 19)),
    ("r1-13 r1", (24, 23, 22, 28)),
    ("k1 r2 k3 r4 k5 r6 k7 r1 k2 r3 k4 r5 k6 r7", (29, 33)),
    ("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b7 b7", (35, 36)),
    ("k1-4 r5-8 b9-11 o2-4", (13, 16, 5)),
    ("k5 r5 b5 k7 r7 b7 k9 r9 b9 o9 k11 r11 b11 o11", (25, 27, 4)),
    ("k1 r1 b1 o1 k2 r2 b2 o2 k3 r3 b3 o3 k4 r4", (6, 9, 3, 12)),
    ("k10-13 r10-13 b11-13 o11 o12 o13", (10, 11, 21, 37)),
    ("k5 r5 b5 o5 k5 r5 b5 k1-3 r8-11", (41, 1)),
    ("k8-11 r8-10 b9-11 k9 r9 b9 o9", (41, 1)),
)


def single(hand_type: HandType) -> HandTable:
    return HandTable((hand_type,), "oracle")


def fits(tiles: list[Tile], hand_type: HandType, known: list[Tile]) -> bool:
    return hand_type.number in types_fitting(tiles, table=single(hand_type), known=known)


def drawable(hand: list[Tile], known: list[Tile]) -> list[Tile]:
    counts = Counter(hand) + Counter(known)
    return [t for t in {*DECK} if counts[t] < 2]


def distance_of(
    hand: list[Tile], seen: list[Tile], hand_type: HandType
) -> tuple[int | None, set[str]]:
    entry = _reach_type(hand_type, Pool.build(hand, seen, None), Context())
    return entry.distance, {str(out.tile) for out in entry.outs}


@st.composite
def near_misses(draw: st.DrawFn) -> tuple[list[Tile], list[Tile], tuple[int, ...]]:
    text, numbers = draw(st.sampled_from(TEMPLATES))
    hand = parse_tiles(text)
    for _ in range(draw(st.integers(0, 2))):
        rest = list(DECK)
        for tile in hand:
            rest.remove(tile)
        hand[draw(st.integers(0, 13))] = draw(st.sampled_from(rest))
    rest = list(DECK)
    for tile in hand:
        rest.remove(tile)
    seen = draw(st.lists(st.sampled_from(rest), max_size=3, unique=True))
    return hand, seen, numbers


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_misses(), st.data())
def test_distance_and_outs_match_the_scorer(
    case: tuple[list[Tile], list[Tile], tuple[int, ...]], data: st.DataObject
) -> None:
    hand, seen, numbers = case
    hand_type = TYPES[data.draw(st.sampled_from(numbers))]
    distance, outs = distance_of(hand, seen, hand_type)
    event(f"distance {distance}")
    assert (distance == 0) == fits(hand, hand_type, seen)
    if distance == 0:
        assert outs == set()
        return
    singles = {str(t) for t in drawable(hand, seen) if fits([*hand, t], hand_type, seen)}
    assert (distance == 1) == bool(singles)
    if distance == 1:
        assert outs == singles
    if distance == 2:
        assert outs
        first = next(t for t in sorted(parse_tiles(sorted(outs)), key=Tile.rack_key))
        after, _ = distance_of([*hand, first], seen, hand_type)
        assert after == 1


@settings(max_examples=60, deadline=None)
@given(near_misses(), st.data())
def test_seen_tiles_only_raise_distances(
    case: tuple[list[Tile], list[Tile], tuple[int, ...]], data: st.DataObject
) -> None:
    hand, seen, numbers = case
    hand_type = TYPES[data.draw(st.sampled_from(numbers))]
    rest = list(DECK)
    for tile in [*hand, *seen]:
        rest.remove(tile)
    more = data.draw(st.lists(st.sampled_from(rest), min_size=1, max_size=6, unique=True))
    before, _ = distance_of(hand, seen, hand_type)
    after, _ = distance_of(hand, [*seen, *more], hand_type)
    if before is None:
        assert after is None
    elif after is not None:
        assert after >= before
