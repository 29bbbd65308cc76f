"""The set search's *find one split* mode, the scorer's: how tiles are laid out in sets.

One split of melded tiles into groups (R4) and runs (R5), jokers as wildcards (R7), and
which discard of 15 tiles leaves sets. Its C build is ``native/setsearch.c``, function
by function. The groups and runs a tile anchors come from :mod:`.steps`, shared with
reach's walk (:mod:`.keep_most`), where a drawn tile plays the joker's part.

The search always takes the lowest remaining real tile (number-major order, so
every 1 comes first) and tries every group and every run that can hold it.
Because every lower number is already used up, a run can reach below that tile
only through jokers, and a 1 is tried both low (1-2-3) and high (12-13-1); a run
is never longer than 13, so 13-1-2 and a 1 at both ends never happen. A joker
is placed at a definite position of a definite set, and only where R3 allows
one more copy of the tile it would stand for. There are at most four sets in 14
tiles, so the search is shallow; failed states are memoised.

>>> from intlscore.engine.facts import HandFacts
>>> from intlscore.engine.melds import describe
>>> from intlscore.engine.tiles import tile_index
>>> tiles = [tile_index(0, n) for n in (11, 12, 13, 1)] + [tile_index(c, 5) for c in range(3)]
>>> search = SetSearch(HandFacts.build(tiles, jokers=0))
>>> [describe(m) for m in search.find()]
['run k11 k12 k13 k1', 'group k5 r5 b5']
>>> twice = [tile_index(0, n) for n in (9, 10, 11)] * 2  # the lowest tile held twice
>>> [describe(m) for m in SetSearch(HandFacts.build(twice, jokers=0)).find()]
['run k9 k10 k11', 'run k9 k10 k11']
>>> SetSearch(HandFacts.build(twice[:4], jokers=0)).find() is None
True
>>> bad = [tile_index(0, n) for n in (13, 1, 2)]
>>> SetSearch(HandFacts.build(bad, jokers=0)).find() is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

from intlscore.engine.conditions import joker_tiles_may_hold, tiles_hold
from intlscore.engine.facts import HandFacts
from intlscore.engine.melds import MAX_RUN, Placed, RawMeld, position_tile
from intlscore.engine.setsearch.steps import GROUP_CHOICES, anchor_positions, lowest_start
from intlscore.engine.spec import ALL_NUMBERS, PLAIN, TypeSpec
from intlscore.engine.tiles import JOKER_INDEX

DISCARD_HAND: Final = 15
"""The tiles of a closed win with its discard (R10): what discards_leaving_sets is for."""

LeafCheck = Callable[[int, tuple[int, ...], tuple[int, ...]], bool]
"""``(groups, run colours sorted, jokers' tiles sorted) -> bool``, checked on a full split."""


class SetSearch:
    """Finds one split of the melded tiles into groups and/or runs meeting a check.

    The type's ``spec`` (:class:`~intlscore.engine.spec.TypeSpec`; the plain split's by
    default) says which kinds of set may be used, the numbers a group may have and the
    run positions (1-14) a run may cover, so a range condition (R9) becomes a narrower
    search; it bounds the number of sets, and ``distinct_colours`` stops a second run of
    one colour as soon as it appears. ``leaf`` judges a complete split and ``prune``
    may reject a partial choice of jokers' tiles early.

    The scorer mostly runs this search compiled (``native/setsearch.c``: the plain
    search, :func:`plain_split`, and the conditioned one, :func:`conditioned_split`), which
    finds the very same split; this class is the reference and the pure-Python build.
    """

    def __init__(
        self,
        facts: HandFacts,
        *,
        spec: TypeSpec = PLAIN,
        leaf: LeafCheck | None = None,
        prune: Callable[[tuple[int, ...]], bool] | None = None,
        leaf_needs: tuple[bool, bool] = (True, True),
        summary: Callable[[tuple[int, ...]], object] | None = None,
        failed: set[tuple[object, ...]] | None = None,
    ) -> None:
        self.facts = facts
        self.groups = spec.groups
        self.runs = spec.runs
        self.numbers = spec.numbers
        self.low, self.high = spec.low, spec.high
        self.max_sets = spec.max_sets
        self.distinct_colours = spec.distinct_colours
        self.leaf = leaf
        self.prune = prune
        self.needs_count, self.needs_colours = leaf_needs
        self.summary = summary
        self.failed: set[tuple[object, ...]] = set() if failed is None else failed

    def find(self) -> list[RawMeld] | None:
        """One split meeting every condition, or None."""
        return self._search(self.facts.packed, self.facts.jokers, (), 0, ())

    def _search(
        self, packed: int, jokers: int, used: tuple[int, ...], groups: int, runs: tuple[int, ...]
    ) -> list[RawMeld] | None:
        if not packed:
            if jokers:
                return None  # jokers alone never make a set
            if self.leaf is None or self.leaf(groups, runs, used):
                return []
            return None
        if groups + len(runs) >= self.max_sets:
            return None
        key = (
            packed,
            jokers,
            None if self.summary is None else self.summary(used),
            self._limits(used, jokers),
            groups + len(runs) if self.needs_count else -1,
            runs if self.needs_colours or self.distinct_colours else (),
        )
        if key in self.failed:
            return None
        tile = ((packed & -packed).bit_length() - 1) >> 1
        rest = packed - (1 << (2 * tile))  # one copy: a count of 2 is binary 10
        if self.groups:
            for meld, left, jokers_left, now_used in self._groups_with(tile, rest, jokers, used):
                found = self._search(left, jokers_left, now_used, groups + 1, runs)
                if found is not None:
                    return [meld, *found]
        if self.runs:
            colour = tile & 3
            if not (self.distinct_colours and colour in runs):
                new_runs = tuple(sorted((*runs, colour)))
                for meld, left, jokers_left, now_used in self._runs_with(tile, rest, jokers, used):
                    found = self._search(left, jokers_left, now_used, groups, new_runs)
                    if found is not None:
                        return [meld, *found]
        self.failed.add(key)
        return None

    def _limits(self, used: tuple[int, ...], jokers: int) -> tuple[int, ...]:
        """The jokers' tiles so far that R3 lets the remaining jokers take fewer times."""
        if not used or not jokers:
            return ()
        cap = self.facts.cap
        return tuple(t for t in used if cap[t] - used.count(t) < jokers)

    def _with_jokers(self, used: tuple[int, ...], added: list[int]) -> tuple[int, ...] | None:
        if not added:
            return used
        now_used = tuple(sorted((*used, *added)))
        if self.prune is not None and not self.prune(now_used):
            return None
        return now_used

    def _groups_with(
        self, tile: int, rest: int, jokers: int, used: tuple[int, ...]
    ) -> Iterator[tuple[RawMeld, int, int, tuple[int, ...]]]:
        number = (tile >> 2) + 1
        if not self.numbers >> number & 1:
            return
        colour = tile & 3
        base = tile - colour
        present = 0
        for other in range(4):
            if other != colour and (rest >> (2 * (base + other))) & 3:
                present |= 1 << other
        for reals, joker_colours in GROUP_CHOICES[colour][present][min(jokers, 2)]:
            added = [base + c for c in joker_colours]
            if any(self.facts.cap[index] <= used.count(index) for index in added):
                continue
            now_used = self._with_jokers(used, added)
            if now_used is None:
                continue
            left = rest
            for c in reals:
                left -= 1 << (2 * (base + c))
            placed = [(base + c, base + c) for c in reals]
            placed += [(JOKER_INDEX, index) for index in added]
            placed.append((tile, tile))
            placed.sort(key=lambda p: p[1] & 3)
            yield ("group", tuple(placed)), left, jokers - len(added), now_used

    def _runs_with(
        self, tile: int, rest: int, jokers: int, used: tuple[int, ...]
    ) -> Iterator[tuple[RawMeld, int, int, tuple[int, ...]]]:
        colour = tile & 3
        number = (tile >> 2) + 1
        for position in anchor_positions(number):
            if not self.low <= position <= self.high:
                continue
            # Below `position` (unless it is the high 1) every number is used up,
            # so only jokers can stand there.
            for start in range(lowest_start(position, self.low, jokers), position + 1):
                yield from self._run_from(start, position, tile, colour, rest, jokers, used)

    def _run_from(
        self,
        start: int,
        position: int,
        tile: int,
        colour: int,
        rest: int,
        jokers: int,
        used: tuple[int, ...],
    ) -> Iterator[tuple[RawMeld, int, int, tuple[int, ...]]]:
        """Runs from ``start`` through ``position`` and on, as long as tiles allow.

        A joker fills a position only when no real tile for it is left: if a real
        one were left, it would end up in a later set, and swapping it with the
        joker gives a split with exactly the same represented tiles.
        """
        placed: list[Placed] = []
        added: list[int] = []
        cap = self.facts.cap
        at = start
        while at <= self.high and len(placed) < MAX_RUN:
            if at == position:
                placed.append((tile, tile))
            else:
                index = position_tile(colour, at)
                shift = 2 * index
                if (rest >> shift) & 3:
                    rest -= 1 << shift
                    placed.append((index, index))
                elif len(added) < jokers and cap[index] > used.count(index) + added.count(index):
                    added.append(index)
                    placed.append((JOKER_INDEX, index))
                else:
                    return
            at += 1
            if at > position and len(placed) >= 3:
                now_used = self._with_jokers(used, added)
                if now_used is not None:
                    yield ("run", tuple(placed)), rest, jokers - len(added), now_used
                elif added:
                    return  # more jokers only make the pruned choice worse


def discards_leaving_sets(facts: HandFacts) -> frozenset[int]:
    """Which single tile (index; 52 for a joker) can go so the rest split into sets.

    ``facts`` describe 15 tiles. One search covers every discard at once: at
    each step the lowest tile either joins a set or, once, is the discard. Its C build
    (``native/setsearch.c``) gives the same answer; ask the build in use
    (:func:`intlscore.engine.build.current`).

    >>> from intlscore.engine.facts import HandFacts
    >>> from intlscore.engine.tiles import tile_index
    >>> tiles = [tile_index(0, n) for n in range(1, 8)] * 2 + [tile_index(2, 9)]
    >>> sorted(discards_leaving_sets(HandFacts.build(tiles, jokers=0)))
    [34]
    >>> from intlscore.engine.tiles import Tile
    >>> tiles[-1] = tile_index(0, 8)  # k1-7 k1-8: k2, k3 or k6 would strand a tile (R5)
    >>> [str(Tile(i)) for i in sorted(discards_leaving_sets(HandFacts.build(tiles, jokers=0)))]
    ['k1', 'k4', 'k5', 'k7', 'k8']
    """
    search = SetSearch(facts)
    memo: dict[tuple[object, ...], frozenset[int]] = {}
    none: frozenset[int] = frozenset()

    def after(packed: int, jokers: int, used: tuple[int, ...], discarded: bool) -> frozenset[int]:
        """Discards possible from here; with ``discarded``, {-1} when the rest splits."""
        if not packed:
            if not jokers:
                return frozenset({-1}) if discarded else none
            return frozenset({JOKER_INDEX}) if jokers == 1 and not discarded else none
        key = (packed, jokers, search._limits(used, jokers), discarded)
        cached = memo.get(key)
        if cached is not None:
            return cached
        found: set[int] = set()
        if not discarded and jokers and after(packed, jokers - 1, used, True):
            found.add(JOKER_INDEX)
        tile = ((packed & -packed).bit_length() - 1) >> 1
        rest = packed - (1 << (2 * tile))
        if not discarded and after(rest, jokers, used, True):
            found.add(tile)
        options = [*search._groups_with(tile, rest, jokers, used)]
        options += search._runs_with(tile, rest, jokers, used)
        for _, left, jokers_left, now_used in options:
            if discarded and found:
                break
            found |= after(left, jokers_left, now_used, discarded)
        result = frozenset(found)
        memo[key] = result
        return result

    return after(facts.packed, facts.jokers, (), False)


def plain_split(
    facts: HandFacts, failed: dict[tuple[int, ...], set[tuple[object, ...]]]
) -> list[RawMeld] | None:
    """Any split into groups and runs, or None (``plain_split`` in ``native/setsearch.c``);
    ``failed`` keeps the failed states by the tiles' R3 limits, shared across calls."""
    return SetSearch(facts, failed=failed.setdefault(facts.cap, set())).find()


def conditioned_split(spec: TypeSpec, facts: HandFacts) -> list[RawMeld] | None:
    """A split into sets meeting a set-based type (sets, groups or runs), or None.

    :class:`SetSearch` narrowed by the type's spec: the walk reads which sets it may
    make, the leaf and the pruning its tile conditions (:mod:`intlscore.engine.conditions`,
    ``conditioned_split`` in ``native/setsearch.c``, which gives the very same split).

    >>> from intlscore.engine.melds import describe
    >>> from intlscore.engine.notation import parse_tiles
    >>> from intlscore.engine.spec import type_spec
    >>> from intlscore.rules.ruleset import default_table
    >>> two_colours = type_spec(default_table().by_number(19))  # 2-4 runs, two colours
    >>> tiles = parse_tiles("k3-7 k3-5 r7-9 r11-13")
    >>> facts = HandFacts.build([t.index for t in tiles], 0)
    >>> [describe(m) for m in conditioned_split(two_colours, facts)]
    ['run k3 k4 k5', 'run k3 k4 k5 k6 k7', 'run r7 r8 r9', 'run r11 r12 r13']
    """
    allowed = spec.sets_mask

    def leaf(groups: int, runs: tuple[int, ...], used: tuple[int, ...]) -> bool:
        if allowed and not allowed >> (groups + len(runs)) & 1:
            return False
        return tiles_hold(spec, facts, used)

    needs_prune = spec.numbers != ALL_NUMBERS or spec.max_total >= 0 or spec.colours >= 0

    def summary(used: tuple[int, ...]) -> object:
        # What leaf() and the pruning read of the jokers' tiles; the range is
        # enforced on the way, so it needs nothing here.
        if spec.same_number:
            return used
        total = sum(t // 4 + 1 for t in used) if spec.max_total >= 0 else 0
        mask = 0
        if spec.colours >= 0:
            for tile in used:
                mask |= 1 << (tile % 4)
        return (total, mask)

    # The leaf reads the set count only if the type limits it, and the runs'
    # colours never (colours are in the tiles; distinct_colours prunes on the way).
    return SetSearch(
        facts,
        spec=spec,
        leaf=leaf,
        leaf_needs=(bool(allowed), False),
        summary=summary,
        prune=(lambda used: joker_tiles_may_hold(spec, facts, used)) if needs_prune else None,
    ).find()
