"""The keep-most walk's leaves: filling up a partial hand with whole sets of drawn tiles.

When no hand tile is left open (:mod:`.keep_most`), the rest of the 14 tiles are
*fillers*: whole sets of drawn tiles (:func:`.shapes.filler_sets`, smallest first). A
:class:`Fillers` answers, for one search, whether a leaf can be filled
(:meth:`Fillers.feasible`) and the union of the tiles of every way to fill it
(:meth:`Fillers.union`), each remembered per :data:`Fill`.

>>> from intlscore.engine.spec import type_spec
>>> from intlscore.rules.ruleset import default_table
>>> fillers = Fillers(type_spec(default_table().by_number(1)), 0)
>>> room = room_of([2] * 52, [0] * 52, 0)
>>> fillers.feasible((3, 0, room, 0, 0, 0, 0), 0)  # three drawn tiles: any set of three
True
>>> fillers.feasible((2, 0, room, 0, 0, 0, 0), 0)  # no set of two tiles
False
"""

from __future__ import annotations

from collections.abc import Iterator

from intlscore.engine.setsearch.shapes import Candidate, filler_sets
from intlscore.engine.spec import TypeSpec

Fill = tuple[int, int, int, int, int, int, int]
"""What a leaf must still fill with whole sets of drawn tiles: ``(need, sets, room, total,
colours, run_colours, short)``; ``room`` the copies left of each tile, as two masks in one
integer (bits 0-51: the tiles with a copy left, bits 52-103: with two, see
:func:`room_of`), ``short`` the tiles of the target number still missing
(``same_number``)."""

TILES = (1 << 52) - 1
"""A mask of every numbered tile."""


class Fillers:
    """The filler sets of one spec and the leaves they fill, for one keep-most search
    (``target_mask``: the tiles of the number a ``same_number`` row needs, else 0)."""

    def __init__(self, spec: TypeSpec, target_mask: int) -> None:
        self.spec = spec
        self.target_mask = target_mask
        self.sets = filler_sets(spec)
        self.union_memo: dict[Fill, int | None] = {}
        self.feasible_memo: dict[tuple[Fill, int], bool] = {}

    def final_ok(self, sets: int, colours: int) -> bool:
        """Whether a completed hand of ``sets`` sets and the colour mask ``colours`` has
        as many sets and colours as the spec asks."""
        spec = self.spec
        if spec.sets_mask and not spec.sets_mask >> sets & 1:
            return False
        return spec.colours < 0 or colours.bit_count() == spec.colours

    def union(self, fill: Fill) -> int | None:
        """Union of the tiles of every way to add ``need`` drawn tiles as whole sets."""
        if fill in self.union_memo:
            return self.union_memo[fill]
        union: int | None = None
        for _, cand in self.fitting(fill, 0):
            if self.completes(cand, 0, fill):
                union = cand.mask if union is None else union | cand.mask
        self.union_memo[fill] = union
        return union

    def feasible(self, fill: Fill, first: int) -> bool:
        """Whether ``need`` drawn tiles can be added as whole sets, fillers from ``first``."""
        key = (fill, first)
        cached = self.feasible_memo.get(key)
        if cached is not None:
            return cached
        result = False
        for position, cand in self.fitting(fill, first):
            if self.completes(cand, position, fill):
                result = True
                break
        self.feasible_memo[key] = result
        return result

    def fitting(self, fill: Fill, first: int) -> Iterator[tuple[int, Candidate]]:
        """The filler sets from position ``first`` on (with their positions) that can be
        added: no more than ``need`` tiles, and :meth:`fits` the rest of ``fill``."""
        need, _, room, total, colours, run_colours, _ = fill
        room_mask = room & TILES
        fillers = self.sets
        for position in range(first, len(fillers)):
            cand = fillers[position]
            if len(cand.cells) > need:
                break
            if cand.mask & ~room_mask:
                continue  # most fail here: a quicker test before fits, which makes it too
            if self.fits(cand, room_mask, total, colours, run_colours):
                yield position, cand

    def short_after(self, cand: Candidate, short: int) -> int:
        """Target tiles (``same_number``) still missing once a filler set is added."""
        return max(0, short - (cand.mask & self.target_mask).bit_count())

    def fits(
        self,
        cand: Candidate,
        room: int,
        total: int,
        colours: int,
        run_colours: int,
    ) -> bool:
        """Whether one filler set can still be added (``room``: tiles with a copy left)."""
        spec = self.spec
        if 0 <= spec.max_total < total + cand.total:
            return False
        if cand.mask & ~room:
            return False
        if 0 <= spec.colours < (colours | cand.colours).bit_count():
            return False
        distinct = spec.distinct_colours
        return not (distinct and cand.run_colour >= 0 and run_colours >> cand.run_colour & 1)

    def completes(self, cand: Candidate, first: int, fill: Fill) -> bool:
        """Whether, with one filler set added, whole sets from ``first`` on fill the rest.

        ``short``: tiles of the target number still missing (``same_number``).
        """
        need, sets, room, total, colours, run_colours, short = fill
        rest = need - len(cand.cells)
        after_colours = colours | cand.colours
        after_short = self.short_after(cand, short)
        if rest == 0:
            return after_short == 0 and self.final_ok(sets + 1, after_colours)
        if rest < 3 or sets + 1 >= self.spec.max_sets or after_short > rest:
            return False
        after_runs = run_colours | (1 << cand.run_colour if cand.run_colour >= 0 else 0)
        after: Fill = (
            rest,
            sets + 1,
            minus(room, cand.mask),
            total + cand.total,
            after_colours,
            after_runs,
            after_short,
        )
        return self.feasible(after, first)


def room_of(cap: list[int], cover: list[int], let_go: int) -> int:
    """The copies left of each tile (none of a tile let go), as :data:`Fill` packs them.

    >>> bin(room_of([2, 2, 1, 2] + [0] * 48, [0, 1, 0, 2] + [0] * 48, 0b0100) >> 52)
    '0b1'
    """
    once = twice = 0
    for index in range(52):
        left = cap[index] - cover[index]
        if left > 0 and not let_go >> index & 1:
            once |= 1 << index
            if left > 1:
                twice |= 1 << index
    return once | twice << 52


def minus(room: int, cells: int) -> int:
    """``room`` with one copy fewer of each tile of the mask ``cells`` (each has one left).

    >>> minus(0b11 | 0b01 << 52, 0b11) == 0b01
    True
    """
    once, twice = room & TILES, room >> 52
    return (once & ~cells | twice & cells) | (twice & ~cells) << 52
