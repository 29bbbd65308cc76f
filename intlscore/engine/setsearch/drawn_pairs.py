"""The set search's *pairs* mode: which two drawn tiles complete 13 tiles.

The play search (R23) asks, two draws from the end, what the 13 tiles a discard leaves
make with any next draw x and last draw z: which x complete them alone, which pairs
(x, z) complete them, and which do without their joker (it is then thrown, R12). The
keep-most walk answers it in one pass when it visits every completed hand keeping all
the pool's real tiles or all but one (not only the closest) and records, for each, the
tiles it stands in for: a drawn tile or one of the pool's jokers each. With two jokers,
a hand keeping all the real tiles but one stands in for four tiles, which may be a new set
of four. A pool of 14 tiles with jokers is walked alike (the play search's drawn tile
thrown back).

The walk does not record the hands one by one (issue 31: with two jokers there are very
many, most standing in for the same tiles). Below a point with fewer than three draws left,
what its hands stand in for beyond the tiles drawn above it is gathered once per state
(the second pass's tie key of the keep-most walk) and merged into the point above; with no
draw left, the first hand found settles the point. ``tests/test_pairs_walk.py`` compares
the answer with its definition, worked out by brute force.

This is the readable reference of ``holds_sets_pairs`` in ``native/setsearch.c``, which
the compiled play search uses (``native/play.c``); the tests compare the two. The Python
play search asks the same of :func:`.keep_most.closest_sets` one position at a time.

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.engine.tiles import Tile
>>> from intlscore.rules.ruleset import default_table
>>> from intlscore.engine.spec import type_spec
>>> runs = type_spec(default_table().by_number(23))  # Single colour runs
>>> found = drawn_pairs(runs, Pool.build(parse_tiles("k1-6 k8-13 o5"), (), None))
>>> found.one  # o5 is always thrown: no single tile completes the 13
0

With k7 drawn, the black tiles run 1 to 13; a last tile completes two or more runs
where its number can start or end one (a second k1 as the high 1 after k11-13):

>>> [str(Tile(i)) for i in range(52) if found.pair[Tile("k7").index] >> i & 1]
['k1', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9', 'k10', 'k11', 'k12']
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field

from intlscore.engine.setsearch.best import Best, mask_indices
from intlscore.engine.setsearch.fillers import Fill, room_of
from intlscore.engine.setsearch.keep_most import Partial, _SetSearch, kept_cap
from intlscore.engine.setsearch.pool import NUMBERED, Pool
from intlscore.engine.setsearch.shapes import target_numbers
from intlscore.engine.spec import TypeSpec
from intlscore.rules.hand_table import HAND_SIZE


@dataclass(slots=True)
class DrawnPairs:
    """What the completed hands of a type make of a pool and two drawn tiles."""

    one: int = 0
    """The tiles x that complete the pool alone (with its joker): a mask."""
    pair: list[int] = field(default_factory=lambda: [0] * NUMBERED)
    """Per tile x, the tiles z that complete the pool with x, keeping all its real tiles
    but one (bit x of ``pair[x]``: two copies of x)."""
    joker_free: list[int] = field(default_factory=lambda: [0] * NUMBERED)
    """For 13 tiles holding jokers, per tile x, the tiles z that with x complete them
    with one joker fewer (it is then thrown)."""

    @property
    def paired(self) -> int:
        """The tiles x that complete the pool with some other drawn tile: a mask."""
        return sum(1 << x for x, partners in enumerate(self.pair) if partners)


def drawn_pairs(spec: TypeSpec, pool: Pool) -> DrawnPairs | None:
    """:class:`DrawnPairs` of 13 tiles (up to two jokers), or of 14 with one or two
    jokers; None for another pool."""
    real = sum(pool.hand)
    tiles = real + pool.jokers
    if tiles not in (HAND_SIZE - 1, HAND_SIZE) or (tiles == HAND_SIZE and not pool.jokers):
        return None
    found = DrawnPairs()
    for target in target_numbers(spec):
        most = kept_cap(spec, pool, target)
        if most >= real - 1:
            _PairsSearch(spec, pool, target, most, found).run(real - 1)
    return found


Suffixes = tuple["Part | None", "Part | None"]
"""What the completed hands below a point of the walk stand in for beyond the tiles drawn
above it, per level (keeping all the pool's real tiles but one, then all of them): None
where no hand completes, else a :data:`Part`."""

Part = tuple[int, dict[int, int]]
"""The union of the tiles those hands draw below the point (a mask), and per tile x of it
the tiles z that one of them draws beside x (``rows[x]``; bit x: two copies of x)."""


class _PairsSearch(_SetSearch):
    """The keep-most walk visiting every completed hand at ``floor`` or above.

    Hands are not recorded one by one. Below a point of the walk with fewer than three
    draws left (where :meth:`._SetSearch._tie_key` says what the hands completed from it
    depend on), the walk gathers what those hands stand in for beyond the tiles drawn
    above it (:data:`Suffixes`), once per key: a hand standing in for the tiles above, D,
    and S below makes the pairs of D, D x S and the pairs of S, so the union over the
    hands is the pairs of D, D x (the union of S) and the union of the pairs of S
    (:meth:`_merge`). With no draw left, every hand below stands in for D alone: the
    first one found settles the point, and the walk below it stops (:meth:`_hopeless_at`).
    """

    def __init__(
        self,
        spec: TypeSpec,
        pool: Pool,
        target: int | None,
        most: int,
        found: DrawnPairs,
    ) -> None:
        super().__init__(spec, pool, target, most)
        self.found = found
        self.full = -1  # never every tile: no hand is skipped once the outs are all tiles
        self.suffixes: dict[tuple[object, ...], Suffixes] = {}
        self.gathering: list[Part | None] = [None, None]  # below the innermost key
        self.mark = 0  # where the innermost key's tiles drawn below start in ``drawn``
        self.draws = HAND_SIZE  # the draws left at the innermost key
        self.settled = False  # the innermost key has no draw left and a hand: done

    def run(self, floor: int = -1) -> Best:
        """Every completed hand keeping ``floor`` real tiles or more, recorded."""
        self.strict = False
        self.best = Best(floor, 0, 0)
        self._search(0, Partial.empty(sum(self.open)))
        found = self.found
        kept_one, kept_all = self.gathering
        if kept_all is not None:
            found.one |= kept_all[0]
            for x, partners in kept_all[1].items():
                found.joker_free[x] |= partners
        if kept_one is not None:
            for x, partners in kept_one[1].items():
                found.pair[x] |= partners
        return self.best

    def _hopeless_at(self, most: int, keep: int, start: int) -> bool:
        """:meth:`._SetSearch._hopeless_at` of a second pass that gathers no outs (a tie
        always adds: only fewer than the floor is hopeless), or the key settled."""
        return self.settled or most < self.best.kept

    def _walk_once(self, key: tuple[object, ...], start: int, hand: Partial) -> None:
        """:meth:`_walk`, its :data:`Suffixes` gathered once per ``key`` and merged."""
        known = self.suffixes.get(key)
        if known is None:
            outer = self.gathering, self.mark, self.draws, self.settled
            self.gathering, self.mark = [None, None], len(self.drawn)
            self.draws = HAND_SIZE - self.best.kept - hand.tiles + hand.kept
            self.settled = False
            self._walk(start, hand)
            known = self.suffixes[key] = (self.gathering[0], self.gathering[1])
            self.gathering, self.mark, self.draws, self.settled = outer
        self._merge(known, self.drawn[self.mark :])

    def _merge(self, below: Suffixes, drawn: list[int]) -> None:
        """What hands standing in for ``drawn`` and then for ``below`` add to the
        innermost key's :data:`Suffixes`."""
        gathering = self.gathering
        mask = 0
        for cell in drawn:
            mask |= 1 << cell
        for level, part in enumerate(below):
            if part is None:
                continue
            union, rows = part
            mine = gathering[level]
            if mine is None:
                mine = gathering[level] = (0, {})
            mine_rows = mine[1]
            for a, first in enumerate(drawn):
                mine_rows[first] = mine_rows.get(first, 0) | union
                for second in drawn[a + 1 :]:
                    mine_rows[first] |= 1 << second
                    mine_rows[second] = mine_rows.get(second, 0) | 1 << first
            for cell in mask_indices(union):
                mine_rows[cell] = mine_rows.get(cell, 0) | mask | rows.get(cell, 0)
            gathering[level] = (mine[0] | mask | union, mine_rows)
            if level == 0 and self.draws == 0:
                self.settled = True

    largest_filler = 4
    """A new set of three drawn tiles at a leaf; of four where two jokers leave four to
    stand in for (13 tiles keeping all their real tiles but one)."""

    def _leaf(self, hand: Partial) -> None:
        """A completed hand at the floor or one above (with whole sets of drawn tiles
        where tiles are missing), recorded at its level."""
        level = hand.kept - self.best.kept  # 0: all real tiles but one kept, 1: all
        if level not in (0, 1):
            return
        need = HAND_SIZE - hand.tiles
        sets = hand.sets
        short = max(0, self.same - sum(self.cover[cell] for cell in self.target_cells))
        if need == 0:
            if short == 0 and self.fillers.final_ok(sets, hand.colours):
                self._completed(level, [()])
            return
        if not 3 <= need <= self.largest_filler or sets >= self.spec.max_sets or short > need:
            return
        room = room_of(self.cap, self.cover, self.let_go)
        fill: Fill = (need, sets, room, hand.total, hand.colours, hand.run_colours, short)
        fillers = [
            cand.cells
            for _, cand in self.fillers.fitting(fill, 0)
            if len(cand.cells) == need and self.fillers.completes(cand, 0, fill)
        ]
        if fillers:
            self._completed(level, fillers)

    def _completed(self, level: int, fillers: list[tuple[int, ...]]) -> None:
        """Hands at ``level`` standing in for the tiles drawn below the innermost key and
        then for one of ``fillers`` (a new set of drawn tiles, or none: ``()``)."""
        union, rows = 0, dict[int, int]()
        for cells in fillers:
            mask = sum(1 << cell for cell in cells)
            union |= mask
            for cell in cells:
                rows[cell] = rows.get(cell, 0) | mask & ~(1 << cell)
        below: list[Part | None] = [None, None]
        below[level] = (union, rows)
        self._merge((below[0], below[1]), self.drawn[self.mark :])


Stood = tuple[frozenset[tuple[int, ...]], frozenset[tuple[int, ...]]]
"""Per level (keeping all the pool's real tiles but one, then all of them), the tiles the
completed hands stand in for, each hand's as a sorted tuple (a copy drawn twice twice)."""


@dataclass(frozen=True, slots=True)
class StoodHands:
    """What the completed hands of a type stand in for, whole, for a pool of 12 or 13
    tiles: one walk (:func:`stood_hands`) that answers :func:`drawn_pairs` of the pool and
    of the pool with any one numbered tile x added, under any caps no higher than those
    walked (:meth:`drawn_pairs`). The play search asks the pairs of the tiles its
    positions leave two draws from the end, and those of one position's many draws differ
    in the one tile drawn, or in a cap lowered by a tile thrown back: one walk serves them
    all (issue 31).

    A hand of the pool and x keeping all their copies of x is the pool's hand that stands
    in for x, and one keeping fewer is the same hand without x among what it stands in for
    (the walk never draws a tile whose own copy it let go, in both). So the hands keeping
    all real tiles of the pool and x are the pool's keeping all theirs and standing in for
    x, less x; those keeping all but one are the pool's keeping all theirs and not standing
    in for x, and the pool's keeping all but one that stand in for x, less x. A lower cap
    takes away exactly the hands standing in for more copies of its kind than it leaves.
    """

    full: frozenset[tuple[int, ...]]
    """What each hand keeping all the pool's real tiles stands in for."""
    short: frozenset[tuple[int, ...]]
    """What each hand keeping all their real tiles but one stands in for."""
    short_with: dict[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict, compare=False)
    """Per tile, the hands of ``short`` standing in for it (:meth:`of` fills it): with a
    tile added, only those count at that level."""
    full_with: dict[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict, compare=False)
    """Per tile, the hands of ``full`` standing in for it (:meth:`of`)."""
    full_rows: tuple[Rows, ...] = field(default=(), compare=False)
    """:func:`_stood_rows` of each hand of ``full``, read for every tile added (:meth:`of`)."""

    @classmethod
    def of(cls, full: Iterable[tuple[int, ...]], short: Iterable[tuple[int, ...]]) -> StoodHands:
        """The hands standing in for ``full`` and ``short``, indexed by tile."""
        full, short = frozenset(full), frozenset(short)
        return cls(
            full,
            short,
            _indexed(short),
            _indexed(full),
            tuple(_stood_rows(stood) for stood in full),
        )

    def within(self, tiles: int) -> StoodHands:
        """The hands standing in for tiles of the mask ``tiles`` alone: for a pool whose own
        tiles lie in it, a narrower type's hands (:func:`.shapes.narrowing`).

        >>> hands = StoodHands.of([(3, 60)], [(3, 4, 5), (1, 40, 41)])
        >>> narrowed = hands.within((1 << 36) - 1)
        >>> sorted(narrowed.full), sorted(narrowed.short), narrowed.short_with[4]
        ([], [(3, 4, 5)], ((3, 4, 5),))
        """

        def inside(stood: tuple[int, ...]) -> bool:
            return all(tiles >> cell & 1 for cell in stood)

        return StoodHands.of(filter(inside, self.full), filter(inside, self.short))

    def drawn_pairs(self, after: Pool, added: int | None = None) -> DrawnPairs:
        """:func:`drawn_pairs` of ``after``: the pool walked (``added`` None) or the pool
        and the numbered tile ``added``, under ``after``'s caps (no higher than the
        walk's)."""
        found = DrawnPairs()
        none_left = one_left = 0  # the tiles with no copy, or one at most, left to draw
        for cell, (cap, held) in enumerate(zip(after.cap, after.hand, strict=True)):
            if cap - held < 2:
                one_left |= 1 << cell
                if cap - held < 1:
                    none_left |= 1 << cell
        if added is None:  # the pool's own hands, keeping all or all but one real tile
            _read(self.full_rows, none_left, one_left, found.joker_free, found)
            _read(map(_stood_rows, self.short), none_left, one_left, found.pair)
            return found
        # with x added: the hands keeping all real tiles, those that stood in for x (less
        # x); those keeping all but one, the others keeping all the pool's, and the
        # hands keeping all the pool's tiles but one that stood in for x (less x)
        kept_all = (_stood_rows(_without(stood, added)) for stood in self.full_with.get(added, ()))
        _read(kept_all, none_left, one_left, found.joker_free, found)
        # (read as if no copy of x were left: that leaves out the hands standing in for x)
        _read(self.full_rows, none_left | 1 << added, one_left, found.pair)
        short = (_stood_rows(_without(stood, added)) for stood in self.short_with.get(added, ()))
        _read(short, none_left, one_left, found.pair)
        return found


Rows = tuple[int, int, tuple[tuple[int, int], ...]]
""":func:`_stood_rows` of a hand: the tiles it stands in for (a mask), those it stands in
for twice, and every two of its tiles as rows."""


def _read(
    hands: Iterable[Rows],
    none_left: int,
    one_left: int,
    into: list[int],
    kept_all: DrawnPairs | None = None,
) -> None:
    """The pairs of ``hands`` into the rows ``into``, but of a hand standing in for a copy
    that is not left (R3: ``none_left`` the tiles with no copy left, ``one_left`` those
    with one at most); where the hands keep all the real tiles, their tiles into
    ``kept_all.one``."""
    for once, twice, rows in hands:
        if once & none_left or twice & one_left:
            continue  # a copy it stands in for is not left (R3)
        for cell, others in rows:
            into[cell] |= others
        if kept_all is not None:
            kept_all.one |= once


def _indexed(hands: frozenset[tuple[int, ...]]) -> dict[int, tuple[tuple[int, ...], ...]]:
    """Per tile, the hands standing in for it."""
    index: dict[int, list[tuple[int, ...]]] = {}
    for stood in hands:
        for cell in set(stood):
            index.setdefault(cell, []).append(stood)
    return {cell: tuple(found) for cell, found in index.items()}


def stood_hands(spec: TypeSpec, pool: Pool) -> StoodHands | None:
    """:class:`StoodHands` of 12 or 13 tiles (up to two jokers); None for another pool."""
    real = sum(pool.hand)
    if real + pool.jokers not in (HAND_SIZE - 2, HAND_SIZE - 1):
        return None
    full: set[tuple[int, ...]] = set()
    short: set[tuple[int, ...]] = set()
    for target in target_numbers(spec):
        most = kept_cap(spec, pool, target)
        if most >= real - 1:
            kept_one, kept_all = _StoodSearch(spec, pool, target, most).stood(real - 1)
            short |= kept_one
            full |= kept_all
    return StoodHands.of(full, short)


@functools.lru_cache(maxsize=1 << 16)
def _stood_rows(stood: tuple[int, ...]) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """What a hand standing in for ``stood`` needs left to draw, as masks (the tiles it
    stands in for, and those it stands in for twice), and every two of its tiles as rows
    (two copies of a tile: its own bit), per tile the others: the same few tuples recur in
    every walk, so each is worked out once.

    >>> once, twice, rows = _stood_rows((3, 3, 7))
    >>> bin(once), bin(twice), rows
    ('0b10001000', '0b1000', ((3, 136), (7, 8)))
    """
    once = twice = 0
    for cell in stood:
        if once >> cell & 1:
            twice |= 1 << cell
        once |= 1 << cell
    rows: dict[int, int] = {}
    for a, first in enumerate(stood):
        for second in stood[a + 1 :]:
            rows[first] = rows.get(first, 0) | 1 << second
            rows[second] = rows.get(second, 0) | 1 << first
    return once, twice, tuple(sorted(rows.items()))


@functools.lru_cache(maxsize=1 << 16)
def _without(stood: tuple[int, ...], cell: int) -> tuple[int, ...]:
    """The tiles stood in for, one copy of ``cell`` fewer."""
    at = stood.index(cell)
    return stood[:at] + stood[at + 1 :]


class _StoodSearch(_PairsSearch):
    """The pairs walk recording what each completed hand stands in for, whole (for
    :func:`stood_hands`): below a point with fewer than three draws left, the distinct
    tuples its hands stand in for beyond the tiles drawn above it, once per key."""

    def __init__(self, spec: TypeSpec, pool: Pool, target: int | None, most: int) -> None:
        super().__init__(spec, pool, target, most, DrawnPairs())
        self.sets: tuple[set[tuple[int, ...]], set[tuple[int, ...]]] = (set(), set())
        self.known: dict[tuple[object, ...], Stood] = {}

    def stood(self, floor: int) -> tuple[set[tuple[int, ...]], set[tuple[int, ...]]]:
        """Every completed hand keeping ``floor`` real tiles or more: what it stands in
        for, per level (``floor``, then ``floor`` + 1)."""
        self.strict = False
        self.best = Best(floor, 0, 0)
        self._search(0, Partial.empty(sum(self.open)))
        return self.sets

    def _walk_once(self, key: tuple[object, ...], start: int, hand: Partial) -> None:
        known = self.known.get(key)
        if known is None:
            outer = self.sets, self.mark, self.draws, self.settled
            self.sets, self.mark = (set(), set()), len(self.drawn)
            self.draws = HAND_SIZE - self.best.kept - hand.tiles + hand.kept
            self.settled = False
            self._walk(start, hand)
            known = self.known[key] = (frozenset(self.sets[0]), frozenset(self.sets[1]))
            self.sets, self.mark, self.draws, self.settled = outer
        self._record(known, self.drawn[self.mark :])

    def _record(self, below: Stood, drawn: list[int]) -> None:
        """Hands standing in for ``drawn`` and then for each of ``below``, per level."""
        for level, suffixes in enumerate(below):
            mine = self.sets[level]
            for suffix in suffixes:
                mine.add(tuple(sorted((*drawn, *suffix))))
            if level == 0 and suffixes and self.draws == 0:
                self.settled = True

    largest_filler = 5
    """Up to five drawn tiles in a new set: 12 tiles with two jokers keeping all their real
    tiles but one stand in for five (a run of five)."""

    def _completed(self, level: int, fillers: list[tuple[int, ...]]) -> None:
        below: list[frozenset[tuple[int, ...]]] = [frozenset(), frozenset()]
        below[level] = frozenset(fillers)
        self._record((below[0], below[1]), self.drawn[self.mark :])
