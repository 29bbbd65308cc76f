"""Hypothesis strategies for closed hands, built mostly as *near misses* of the 40 types.

A hand is drawn in four steps:

1. a type-shaped base: random groups and runs (low and high-1 runs, in a number band
   such as minor, major or low totals, with colour rules such as one colour, two
   colours or a different colour per run), seven pairs, waves, royal or mosaic
   sequences, eight tiles of one number, or a uniformly random hand;
2. 0-2 of its tiles replaced by jokers;
3. 0-2 tiles swapped for other tiles (a perturbation that often breaks the shape);
4. a shuffle.

Every step respects R1/R3: never more than two copies of a tile, never more than two
jokers (the discard and the 15th tile included).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from hypothesis import strategies as st

from intlscore.engine.tiles import ALL_NUMBERED, COPIES, JOKER, Tile

HAND_SIZE = 14
HIGH_ONE = 14
"""Run position of the 1 after the 13 (R5)."""

BANDS: dict[str, tuple[int, ...]] = {
    "any": tuple(range(1, HIGH_ONE + 1)),
    "minor": tuple(range(1, 10)),
    "major": (10, 11, 12, 13, HIGH_ONE),
    "low": (1, 2, 3, 4, 5),
}
"""Run positions a base hand may use (14 is the high 1): all, R9 minor/major, low totals."""

SIZE_PLANS: tuple[tuple[int, ...], ...] = (
    (3, 3, 4, 4),
    (4, 4, 3, 3),
    (3, 3, 3, 5),
    (4, 5, 5),
    (3, 4, 7),
    (7, 7),
    (3, 3, 8),
    (6, 8),
    (3, 11),
    (4, 4, 6),
    (5, 9),
    (4, 10),
    (3, 5, 6),
)
"""Meld sizes that add up to 14."""

GROUPS_PLANS: tuple[tuple[int, ...], ...] = ((3, 3, 4, 4), (4, 4, 3, 3), (3, 4, 3, 4))

SEQUENCES: dict[str, tuple[tuple[int, ...], int]] = {
    "royal": (tuple(range(1, HIGH_ONE + 1)), 1),
    "little": (tuple(range(1, 8)), 2),
    "big": (tuple(range(8, HIGH_ONE + 1)), 2),
}
"""Fixed sequences (positions, repeat): 1..13,1 once; 1..7 twice; 8..13,1 twice."""


def _number(position: int) -> int:
    return 1 if position == HIGH_ONE else position


class Pool:
    """The tiles still free under R1/R3 while one hand is being built."""

    def __init__(self) -> None:
        self.used: Counter[Tile] = Counter()

    def free(self, tile: Tile) -> bool:
        """Whether one more copy of ``tile`` (a joker too) may be taken."""
        return self.used[tile] < COPIES

    def take(self, tile: Tile) -> Tile:
        assert self.free(tile), f"third copy of {tile}"
        self.used[tile] += 1
        return tile

    def give_back(self, tile: Tile) -> None:
        assert self.used[tile] > 0
        self.used[tile] -= 1

    def free_numbered(self) -> list[Tile]:
        return [tile for tile in ALL_NUMBERED if self.free(tile)]

    def jokers(self) -> int:
        return self.used[JOKER]


def _random_tile(draw: st.DrawFn, pool: Pool, *, joker_ok: bool) -> Tile:
    options = pool.free_numbered()
    if joker_ok and pool.free(JOKER):
        options.append(JOKER)
    return pool.take(draw(st.sampled_from(options)))


def _fill(draw: st.DrawFn, pool: Pool, count: int) -> list[Tile]:
    """``count`` random numbered tiles: the near-miss fallback when a shape cannot be built."""
    return [_random_tile(draw, pool, joker_ok=False) for _ in range(count)]


def _group(draw: st.DrawFn, pool: Pool, size: int, band: tuple[int, ...]) -> list[Tile] | None:
    numbers = sorted({_number(p) for p in band})
    candidates = [
        [Tile.of(c, number) for c in colours]
        for number in numbers
        for colours in itertools.combinations(range(4), size)
    ]
    options = [tiles for tiles in candidates if all(pool.free(t) for t in tiles)]
    if not options:
        return None
    return [pool.take(t) for t in draw(st.sampled_from(options))]


def _run(
    draw: st.DrawFn, pool: Pool, size: int, band: tuple[int, ...], colours: Sequence[int]
) -> list[Tile] | None:
    candidates = [
        [Tile.of(colour, _number(p)) for p in range(start, start + size)]
        for colour in colours
        for start in band
        if start + size - 1 in band
    ]
    options = [tiles for tiles in candidates if all(pool.free(t) for t in tiles)]
    if not options:
        return None
    return [pool.take(t) for t in draw(st.sampled_from(options))]


@st.composite
def _sets_base(draw: st.DrawFn, pool: Pool) -> list[Tile]:
    """Random groups and/or runs (R4, R5), possibly restricted as many types are."""
    kinds = draw(st.sampled_from(["mixed", "mixed", "groups", "runs", "runs", "runs"]))
    band = BANDS[draw(st.sampled_from(["any", "any", "minor", "minor", "major", "low", "low"]))]
    colour_rule = draw(st.sampled_from(["free", "free", "one", "two", "distinct"]))
    palette = list(draw(st.permutations(range(4))))
    plans = GROUPS_PLANS if kinds == "groups" else SIZE_PLANS
    plan = draw(st.sampled_from([p for p in plans if max(p) <= len(band)]))
    used_colours: list[int] = []
    tiles: list[Tile] = []
    for size in plan:
        want_group = size <= 4 and (kinds == "groups" or (kinds == "mixed" and draw(st.booleans())))
        if want_group:
            meld = _group(draw, pool, size, band)
        else:
            if colour_rule == "one":
                colours = palette[:1]
            elif colour_rule == "two":
                colours = palette[:2]
            elif colour_rule == "distinct":
                colours = [c for c in palette if c not in used_colours]
            else:
                colours = palette
            meld = _run(draw, pool, size, band, colours) if colours else None
            if meld is not None:
                used_colours.append(meld[0].colour)
        tiles.extend(_fill(draw, pool, size) if meld is None else meld)
    return tiles


@st.composite
def _pairs_base(draw: st.DrawFn, pool: Pool) -> list[Tile]:
    """Seven pairs (R6), often minor, major or single-coloured."""
    band = BANDS[draw(st.sampled_from(["any", "any", "minor", "major"]))]
    numbers = {_number(p) for p in band}
    colours = draw(st.sampled_from([(0, 1, 2, 3), (0, 1, 2, 3), (draw(st.integers(0, 3)),)]))
    candidates = [
        t for t in ALL_NUMBERED if t.number in numbers and t.colour in colours and pool.used[t] == 0
    ]
    if len(candidates) < 7:  # one colour of a 5-number band: widen to every number
        candidates = [t for t in ALL_NUMBERED if t.colour in colours and pool.used[t] == 0]
    chosen = draw(st.lists(st.sampled_from(candidates), min_size=7, max_size=7, unique=True))
    return [pool.take(t) for t in chosen for _ in range(2)]


@st.composite
def _sequence_base(draw: st.DrawFn, pool: Pool) -> list[Tile]:
    """Royal/mosaic 1..13,1, or two little (1..7) or big (8..13,1) waves."""
    positions, repeat = SEQUENCES[draw(st.sampled_from(sorted(SEQUENCES)))]
    mode = draw(st.sampled_from(["one colour", "own colour", "own colour", "differ", "free"]))
    first = draw(st.integers(0, 3))
    tiles: list[Tile] = []
    for copy in range(repeat):
        colour = first if mode == "one colour" else (first + copy) % 4
        previous = -1
        for position in positions:
            if mode == "differ":
                colour = draw(st.sampled_from([c for c in range(4) if c != previous]))
            elif mode == "free":
                colour = draw(st.integers(0, 3))
            tile = Tile.of(colour, _number(position))
            tiles.append(pool.take(tile) if pool.free(tile) else _fill(draw, pool, 1)[0])
            previous = colour
    return tiles


@st.composite
def _square_base(draw: st.DrawFn, pool: Pool) -> list[Tile]:
    """All eight copies of one number (Grand square) and six other tiles."""
    number = draw(st.integers(1, 13))
    tiles = [pool.take(Tile.of(c, number)) for c in range(4) for _ in range(COPIES)]
    return tiles + _fill(draw, pool, HAND_SIZE - len(tiles))


@st.composite
def _uniform_base(draw: st.DrawFn, pool: Pool) -> list[Tile]:
    """A uniformly random hand, jokers possible: it rarely fits anything."""
    return [_random_tile(draw, pool, joker_ok=True) for _ in range(HAND_SIZE)]


@st.composite
def _hand(draw: st.DrawFn, pool: Pool, max_jokers: int, min_jokers: int = 0) -> list[Tile]:
    builder = draw(
        st.sampled_from(
            [_sets_base] * 5
            + [_pairs_base, _sequence_base, _sequence_base, _square_base]
            + [_uniform_base]
        )
    )
    tiles: list[Tile] = draw(builder(pool))
    # Jokers never exceed max_jokers in the 14 tiles (the uniform base may hold some).
    while sum(t.is_joker for t in tiles) > max_jokers:
        index = next(i for i, t in enumerate(tiles) if t.is_joker)
        pool.give_back(tiles[index])
        tiles[index] = _random_tile(draw, pool, joker_ok=False)
    wanted = max(min_jokers, draw(st.sampled_from([0, 0, 0, 1, 1, 2])))
    for _ in range(min(wanted, max_jokers) - sum(t.is_joker for t in tiles)):
        index = draw(st.sampled_from([i for i, t in enumerate(tiles) if not t.is_joker]))
        pool.give_back(tiles[index])
        tiles[index] = pool.take(JOKER)
    for _ in range(draw(st.sampled_from([0, 0, 1, 1, 2]))):
        index = draw(st.integers(0, HAND_SIZE - 1))
        pool.give_back(tiles[index])
        jokers_left = sum(t.is_joker for t in tiles) - tiles[index].is_joker
        if jokers_left < min_jokers:
            tiles[index] = pool.take(JOKER)
        else:
            tiles[index] = _random_tile(draw, pool, joker_ok=jokers_left < max_jokers)
    return list(draw(st.permutations(tiles)))


@st.composite
def hands14(draw: st.DrawFn, max_jokers: int = 2, min_jokers: int = 0) -> list[Tile]:
    """14 tiles (``min_jokers`` to ``max_jokers`` jokers), mostly near misses of some type."""
    return draw(_hand(Pool(), max_jokers, min_jokers))


@st.composite
def hands15(draw: st.DrawFn, max_jokers: int = 2) -> list[Tile]:
    """15 tiles: a near-miss 14 plus any free tile (a joker too, up to ``max_jokers``)."""
    pool = Pool()
    tiles = draw(_hand(pool, max_jokers))
    extra = _random_tile(draw, pool, joker_ok=pool.jokers() < max_jokers)
    position = draw(st.integers(0, HAND_SIZE))
    return [*tiles[:position], extra, *tiles[position:]]


@st.composite
def hands_with_discard(
    draw: st.DrawFn, max_jokers: int = 2, min_jokers: int = 0
) -> tuple[list[Tile], Tile | None]:
    """14 tiles and a discard (None, a free numbered tile or, while one is left, a joker)."""
    pool = Pool()
    tiles = draw(_hand(pool, max_jokers, min_jokers))
    if draw(st.booleans()):
        return tiles, None
    return tiles, _random_tile(draw, pool, joker_ok=True)


@st.composite
def hands_with_seen(
    draw: st.DrawFn, max_jokers: int = 2, min_jokers: int = 0
) -> tuple[list[Tile], Tile | None, list[Tile]]:
    """14 tiles, a discard or None, and 0-6 seen tiles (trump, discards, table; R3).

    The seen tiles are often copies of tiles in the hand, so that they use up the
    copies a joker could otherwise stand for.
    """
    pool = Pool()
    tiles = draw(_hand(pool, max_jokers, min_jokers))
    discard = _random_tile(draw, pool, joker_ok=True) if draw(st.booleans()) else None
    seen: list[Tile] = []
    for _ in range(draw(st.integers(0, 6))):
        twins = [t for t in tiles if not t.is_joker and pool.free(t)]
        use_twin = draw(st.booleans())
        if twins and use_twin:
            seen.append(pool.take(draw(st.sampled_from(twins))))
        else:
            seen.append(_random_tile(draw, pool, joker_ok=False))
    return tiles, discard, seen


@st.composite
def hands_seen_trump(
    draw: st.DrawFn, max_blocked: int = 30
) -> tuple[list[Tile], list[Tile], Tile | None]:
    """A 14-tile hand, seen tiles and a trump (or None), together within R3.

    ``hands_with_seen`` gives 0-6 seen tiles, often twins of hand tiles; up to
    ``max_blocked`` more are added, any tile still below two copies over hand, seen
    and trump, so that runs and groups get blocked (R3) and some types become
    unreachable.
    """
    hand, extra, seen = draw(hands_with_seen())
    trump = extra if draw(st.booleans()) else None
    known = Counter(hand) + Counter(seen) + Counter([] if trump is None else [trump])
    for index in draw(st.lists(st.integers(0, 51), max_size=max_blocked)):
        tile = Tile(index)
        if known[tile] < COPIES:
            known[tile] += 1
            seen.append(tile)
    return hand, seen, trump


def colour_permutations() -> st.SearchStrategy[tuple[int, ...]]:
    """A permutation of the four colours: ``perm[c]`` is the new colour of colour ``c``."""
    return st.permutations(range(4)).map(tuple)


def recolour(tiles: Sequence[Tile], perm: Sequence[int]) -> list[Tile]:
    """The tiles with every colour renamed by ``perm``; jokers unchanged.

    >>> from intlscore.engine.notation import parse_tiles
    >>> recolour(parse_tiles("k1 r2 * o13"), (3, 2, 1, 0))
    [Tile('o1'), Tile('b2'), Tile('*'), Tile('k13')]
    """
    return [t if t.is_joker else Tile.of(perm[t.colour], t.number) for t in tiles]
