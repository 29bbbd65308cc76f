"""The set search's *keep most* mode, reach's: the closest completed hands of a set-based type.

Any structure of sets (``sets``, ``groups``, ``runs``); with a floor it also decides
whether a pool holds a type (the holds-checks' *decide only* mode in pure Python).

The search never lists complete hands. It walks the hand's own tiles, lowest
first (number-major order, so 1s come first). The lowest tile still open is
either let go (every open copy of it), or it anchors a set: a group of its
number or a run through it, whose other tiles are open hand copies where the
hand has one (kept) and otherwise drawn. Below the anchor every hand tile is
already decided, so a run reaches below it only through drawn tiles. A drawn
tile must be drawable: the completed hand may represent at most ``cap`` copies
of it (R3), and never a tile whose hand copy was let go (keeping that copy would
be better, and the search tries that too). When no hand tile is open, the rest
of the 14 tiles are *fillers*: whole sets of drawn tiles.

Every completed hand with the most kept tiles is accounted for, so the union of their
drawn tiles is exactly the set of outs: a second pass, once the most is known, walks
them, each state it reaches by several partial hands once (``_tie_key``). Of those
hands, the keep shown is the one :func:`.best.prefers` (the lowest tiles): the first
pass explores a tie
only while its tiles below the current one, which are final, could still give
that keep. A row asking for ``same_number`` tiles of
one number (a house row may) is searched once per number, each search counting
that number's tiles, fillers included.

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.rules.ruleset import default_table
>>> hand = parse_tiles("k1-4 r5 b5 o5 k9-12 r13 b13 o1")
>>> best = closest_sets(default_table().by_number(1), Pool.build(hand, (), None))
>>> best.kept
13

The groups and runs a tile anchors come from :mod:`.steps`, shared with the scorer's
split (:mod:`.split`): a drawn tile here is a joker there. Unlike the split, the order
in which they are tried does not change the answer (the most kept tiles, the union of
outs over every closest hand, and the keep :func:`.best.prefers` are all independent
of it), so this walk tries the groups in the reverse of the split's order (the
four-colour group first) and each run from its anchor down, then up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

from intlscore.engine.melds import HIGH_ONE, MAX_RUN, position_tile
from intlscore.engine.setsearch.best import Best, mask_indices, prefers
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.setsearch.shapes import Candidate, filler_sets, number_mask, target_numbers
from intlscore.engine.setsearch.steps import (
    GROUP_CHOICES,
    MOST_SUBSTITUTES,
    anchor_positions,
    lowest_start,
)
from intlscore.engine.spec import TypeSpec, type_spec
from intlscore.rules.hand_table import HAND_SIZE, HandType


def closest_sets(hand_type: HandType | TypeSpec, pool: Pool, floor: int = -1) -> Best:
    """The most hand tiles a completed hand of this type (or spec) keeps, with its outs.

    With a ``floor`` of 1 or more, only hands keeping that many tiles or more are
    looked for: the answer is the same when the closest hands keep as many, and
    not found (``Best()``) when they keep fewer.
    """
    shape = hand_type if isinstance(hand_type, TypeSpec) else type_spec(hand_type)
    return best_over_targets(
        shape,
        pool,
        lambda target, cap, least: _SetSearch(shape, pool, target, cap).run(least),
        floor,
    )


TargetSearch = Callable[[int | None, int, int], Best]
"""``(target number or None, kept cap, floor) -> the closest hands for that target``."""


def best_over_targets(shape: TypeSpec, pool: Pool, search: TargetSearch, floor: int = -1) -> Best:
    """One search per number that may hold the type's ``same_number`` tiles, combined.

    A completed hand with at least N tiles of one number is found by the search
    for that number; the closest over all numbers are the closest of the type.
    Numbers whose hand tiles promise the most are searched first, and each search
    gets the best so far (or ``floor``, when higher) as its floor: it then only
    looks for hands that keep as many or more; a number that cannot reach it is
    skipped. Without ``same_number`` there is one search. Not found (``Best()``)
    when no hand keeps ``floor`` tiles or more.
    """
    best = Best()
    caps = {target: kept_cap(shape, pool, target) for target in target_numbers(shape)}
    for target in sorted(caps, key=lambda t: -caps[t]):
        least = max(best.kept, floor)
        if caps[target] < least:
            continue
        found = search(target, caps[target], least)
        if found.kept > 0 and not found.keep:
            continue  # the floor itself, given back untouched: no hand keeps that many
        best.offer(found.kept, found.outs, found.keep)
    return best


def kept_cap(shape: TypeSpec, pool: Pool, target: int | None) -> int:
    """Most hand tiles a hand with ``same_number`` tiles of ``target`` can keep.

    Every target tile the hand does not hold must be drawn.

    >>> from intlscore.engine.notation import parse_tiles
    >>> from intlscore.rules.ruleset import default_table
    >>> shape = type_spec(default_table().by_number(1))._replace(same_number=6)
    >>> kept_cap(shape, Pool.build(parse_tiles("k5 r5 b5 k6-13 r1-3"), (), None), 5)
    11
    """
    if target is None or not shape.same_number:
        return HAND_SIZE
    held = sum(pool.hand[cell] for cell in mask_indices(number_mask(target)) if shape.usable(cell))
    return HAND_SIZE - max(0, shape.same_number - held)


def search_start(shape: TypeSpec, pool: Pool) -> tuple[list[int], int, int]:
    """Where the search starts: the open hand copies, the let-go mask and the full mask.

    Hand tiles no set of the shape can hold are let go from the start; ``full``
    marks every tile a completed hand could draw (once the outs are all of
    them, ties can add nothing and the search stops).
    """
    open_ = [count if shape.usable(i) else 0 for i, count in enumerate(pool.hand)]
    let_go = 0
    full = 0
    for index, count in enumerate(pool.hand):
        if count and not open_[index]:
            let_go |= 1 << index
        if shape.usable(index) and pool.cap[index] > count:
            full |= 1 << index
    return open_, let_go, full


Partial = tuple[int, int, int, int, int, int, int, int, int]
"""A partial hand during the walk: ``(kept, tiles, sets, total, colours, run_colours, outs,
keep, left)``: hand tiles kept, tiles placed, sets made, their total (R8), the colour mask
of its tiles and of its runs, the drawn tiles (mask), the kept tiles (packed two bits a
tile) and the hand tiles still open."""

Fill = tuple[int, int, int, int, int, int, int]
"""What a leaf must still fill with whole sets of drawn tiles: ``(need, sets, room, total,
colours, run_colours, short)``; ``room`` the copies left of each tile, as two masks in one
integer (bits 0-51: the tiles with a copy left, bits 52-103: with two, see
:func:`_room_of`), ``short`` the tiles
of the target number still missing (``same_number``)."""

Taken = list[tuple[int, int]]
"""Tiles put in a set, each with how: 1 an open hand copy kept, 0 a drawn copy."""


_GROUPS: Final = tuple(
    tuple(
        tuple(
            ((*reals, *drawn), sum(1 << c for c in (colour, *reals, *drawn)))
            for reals, drawn in reversed(GROUP_CHOICES[colour][held][MOST_SUBSTITUTES])
        )
        for held in range(16)
    )
    for colour in range(4)
)
""":data:`.steps.GROUP_CHOICES` as :meth:`_SetSearch._groups` reads them: the other colours
of each group with the colour mask of the group, the four-colour group first (the order
the compiled walk keeps; the answer does not depend on it). ``held`` may include the
anchor's own colour: no choice depends on it."""


class _SetSearch:
    def __init__(
        self, shape: TypeSpec, pool: Pool, target: int | None = None, most: int = HAND_SIZE
    ) -> None:
        self.shape = shape
        # ``same_number``: the hand must hold ``same`` tiles of the number ``target``,
        # so it keeps at most ``most`` (see ``kept_cap``).
        self.same = shape.same_number
        self.target_mask = number_mask(target)
        self.target_cells = mask_indices(self.target_mask)
        self.kept_cap = most
        self.cap = list(pool.cap)
        self.open, self.let_go, self.full = search_start(shape, pool)
        self.cover = [0] * 52
        self.drawn: list[int] = []  # the copies drawn so far, in the order taken
        self.best = Best()
        self.strict = True
        self.fillers = filler_sets(shape)
        self.memo: dict[tuple[object, ...], int | None] = {}
        self.feasible_memo: dict[tuple[object, ...], bool] = {}
        self.ties: dict[tuple[object, ...], int] = {}
        self.base = 0
        self.gathered = -1
        low, high = shape.low, shape.high
        self.low, self.high = low, high
        self.one_kind = shape.groups != shape.runs
        self.later_groups = _later_groups(self.open)
        # The most tiles one set can hold: a run of the shape's positions, else a group.
        self.most_size = max(min(MAX_RUN, high - low + 1), 4) if shape.runs else 4

    def run(self, floor: int = -1) -> Best:
        """The closest hands; with a ``floor``, only those keeping that many or more.

        Below the floor nothing is found; at the floor the keep is left empty (the
        caller has one already) and only the outs are gathered.
        """
        # First the most kept tiles alone (ties pruned), then every closest hand
        # again with that bound known from the start, for the outs.
        start: Partial = (0, 0, 0, 0, 0, 0, 0, 0, sum(self.open))
        self.best = Best(floor, 0, 0)
        self.strict = True
        self._search(0, start)
        if not self.best.found or self.best.outs == self.full:
            return self.best
        self.strict = False
        self.best = Best(self.best.kept, 0, self.best.keep)
        self.base, self.gathered = 0, -1
        self._search(0, start)
        return self.best

    # -- the walk over hand tiles -------------------------------------------------

    def _search(self, start: int, hand: Partial) -> None:
        kept, tiles, sets, total, colours, run_colours, _, keep, left = hand
        # (conditional expressions: the builtin min costs more, many times a walk)
        bound = kept + (left if left < HAND_SIZE - tiles else HAND_SIZE - tiles)
        if bound > self.kept_cap:
            bound = self.kept_cap
        limit = self.shape.max_total
        if limit >= 0 and bound >= self.best.kept:
            bound = kept + self._affordable(start, limit - total, bound - kept)
        if tiles + self.most_size * (self.shape.max_sets - sets) < HAND_SIZE:
            return  # the sets still to come cannot hold the rest of the 14 tiles
        if self.one_kind and bound >= self.best.kept:
            bound = min(bound, kept + self._most_kept_later(start, sets, colours, run_colours))
        if self._hopeless_at(bound, keep, start):
            return  # nothing better, and a tie could add no out and no preferred keep
        if not self.strict:
            key = self._tie_key(start, hand)
            if key is not None:
                self._walk_once(key, start, hand)
                return
        self._walk(start, hand)

    def _walk(self, start: int, hand: Partial) -> None:
        """The lowest open tile from ``start`` on anchors each set it can, then is let go."""
        kept, tiles, sets, total, colours, run_colours, outs, keep, left = hand
        open_ = self.open
        index = start
        while index < 52 and not open_[index]:
            index += 1
        if index == 52:
            self._leaf(hand)
            return
        shape = self.shape
        if sets < shape.max_sets:
            if shape.groups and shape.numbers >> (index // 4 + 1) & 1:
                self._groups(index, hand)
            if shape.runs and not (shape.distinct_colours and run_colours >> (index & 3) & 1):
                self._runs(index, hand)
        count = open_[index]
        open_[index] = 0
        self.let_go |= 1 << index
        self._search(
            index + 1, (kept, tiles, sets, total, colours, run_colours, outs, keep, left - count)
        )
        self.let_go &= ~(1 << index)
        open_[index] = count

    # -- the second pass: the outs of a partial hand's ties, once per state -------------

    def _tie_key(self, start: int, hand: Partial) -> tuple[object, ...] | None:
        """What the closest hands completed from a partial hand depend on, or None.

        Only in the second pass, and only while fewer than three tiles are left to draw
        (closest hands draw ``HAND_SIZE - best.kept``): then no filler set is drawn, and the
        tiles below the lowest open tile (all decided) matter only where a set anchored
        from there on may still draw them: the anchor's number for a group, as many run
        positions down as draws are left for a run, and the 1s (a run ending on the high
        1); with no draw left, none of them. Conditions the shape does not have are left
        out, so partial hands differing only there share one entry.
        """
        kept, tiles, sets, total, colours, run_colours, _, _, _ = hand
        draws = HAND_SIZE - self.best.kept - tiles + kept
        if draws >= 3:
            return None
        shape, open_ = self.shape, self.open
        index = start
        while index < 52 and not open_[index]:
            index += 1
        key: tuple[object, ...] = (
            index,
            kept,
            tiles,
            sets,
            total if shape.max_total >= 0 else 0,
            colours if shape.colours >= 0 else 0,
            run_colours if shape.distinct_colours else 0,
            bytes(open_[index:]),
            sum(self.cover[cell] for cell in self.target_cells) if self.same else 0,
        )
        if draws == 0:
            return key
        low = max(0, (index & ~3) - 4 * draws) if shape.runs else index & ~3
        cover, let_go = self.cover, self.let_go
        key += (let_go >> low, bytes(cover[low:]))
        if shape.runs and self.high == HIGH_ONE:
            key += (let_go & 15, bytes(cover[:4]))
        return key

    def _walk_once(self, key: tuple[object, ...], start: int, hand: Partial) -> None:
        """:meth:`_walk` in the second pass, remembering the outs its ties draw by ``key``.

        The walk below gathers the tiles drawn from here on (``outs`` starts at 0, the
        tiles drawn above are ``base``): -1 when no closest hand completes it.
        """
        known = self.ties.get(key)
        kept, tiles, sets, total, colours, run_colours, outs, keep, left = hand
        if known is None:
            outer = self.base, self.gathered
            self.base |= outs
            self.gathered = -1
            self._walk(start, (kept, tiles, sets, total, colours, run_colours, 0, keep, left))
            known = self.ties[key] = self.gathered
            self.base, self.gathered = outer
        if known >= 0:
            self._gather(outs | known)

    def _gather(self, outs: int) -> None:
        """A closest hand found in the second pass: ``outs`` drawn below the last
        :meth:`_walk_once`, and ``base`` above it."""
        self.gathered = outs if self.gathered < 0 else self.gathered | outs
        self.best.outs |= self.base | outs

    def _hopeless_at(self, most: int, keep: int, start: int) -> bool:
        """Whether a partial hand keeping at most ``most`` tiles can add nothing.

        It must beat the best so far, or tie it while ties can still add outs
        (the second pass) or give a preferred keep (the first pass: ``keep`` is
        final below tile index ``start``, and it must not already lose there).
        """
        best = self.best
        if most != best.kept:
            return most < best.kept
        if not self.strict and best.outs != self.full:
            return False
        if not self.strict:
            return True
        below = (1 << (2 * start)) - 1
        mine, theirs = keep & below, best.keep & below
        return mine != theirs and not prefers(mine, theirs)

    def _most_kept_later(self, start: int, sets: int, colours: int, run_colours: int) -> int:
        """At most how many open hand tiles the sets still to come can keep (one kind of set).

        A set holds one copy of a tile at most, and tiles of one number (a group) or one
        colour (a run). So each group to come keeps at most the colours of its number
        with an open copy (a second group of the number: those with two), and the runs
        keep only open tiles of the colours they may still have: not a colour whose run
        is made when every run is another colour, none beyond the ``colours`` the type
        allows, and one colour a run when each run is a different colour. The sum of the
        largest of these, one per set still to make, bounds the tiles kept from here.
        """
        shape = self.shape
        most_sets = shape.max_sets - sets
        if most_sets <= 0 or start >= 52:
            return 0
        open_ = self.open
        if shape.groups:
            # Only the groups of the number of ``start`` change the open tiles of their
            # number: the later numbers' potentials are the hand's (``later_groups``).
            base = start & ~3
            once = twice = 0
            for held in open_[base : base + 4]:
                if held:
                    once += 1
                    if held > 1:
                        twice += 1
            later = self.later_groups[base >> 2]
            if not once or (len(later) >= most_sets and later[most_sets - 1] >= once):
                return sum(later[:most_sets])
            potentials = sorted((*later[:most_sets], once, twice), reverse=True)
            return sum(potentials[:most_sets])
        distinct = shape.distinct_colours
        per_colour = [0, 0, 0, 0]
        for colour in range(4):
            cells = open_[start + ((colour - start) & 3) :: 4]
            per_colour[colour] = len(cells) - cells.count(0) if distinct else sum(cells)
        if distinct:
            for colour in range(4):
                if run_colours >> colour & 1:
                    per_colour[colour] = 0
        if shape.colours < 0:
            chosen = per_colour
        else:
            inside = [per_colour[c] for c in range(4) if colours >> c & 1]
            new = sorted((per_colour[c] for c in range(4) if not colours >> c & 1), reverse=True)
            chosen = inside + new[: max(0, shape.colours - len(inside))]
        if distinct:
            chosen = sorted(chosen, reverse=True)[:most_sets]
        return sum(chosen)

    def _affordable(self, start: int, budget: int, most: int) -> int:
        """How many open hand tiles, cheapest first, still fit under the total (R8)."""
        count = 0
        open_ = self.open
        for index in range(start, 52):
            held = open_[index]
            if held:
                number = index // 4 + 1
                for _ in range(held):
                    if budget < number or count >= most:
                        return count
                    budget -= number
                    count += 1
        return count

    def _ok(self, tiles: int, sets: int, total: int, colours: int) -> bool:
        shape = self.shape
        if tiles > HAND_SIZE or sets > shape.max_sets:
            return False
        if 0 <= shape.max_total < total:
            return False
        return shape.colours < 0 or colours.bit_count() <= shape.colours

    # -- putting tiles in a set: the one step groups and runs share -----------------

    def _take(self, cell: int) -> int:
        """Put one more copy of ``cell`` in a set: 1 kept, 0 drawn, -1 impossible.

        An open hand copy is kept; otherwise a copy is drawn if R3 leaves one and the
        hand's own copy was not let go (keeping it would be better, and is tried too).
        A drawn copy joins ``drawn`` (the pairs walks read the tiles drawn in order).
        """
        if self.open[cell]:
            self.open[cell] -= 1
            self.cover[cell] += 1
            return 1
        if self.cover[cell] < self.cap[cell] and not self.let_go >> cell & 1:
            self.cover[cell] += 1
            self.drawn.append(cell)
            return 0
        return -1

    def _give_back(self, cell: int, how: int) -> None:
        self.cover[cell] -= 1
        if how == 1:
            self.open[cell] += 1
        else:
            self.drawn.pop()

    def _take_all(self, cells: tuple[int, ...]) -> Taken | None:
        """:meth:`_take` for each cell; None, with nothing taken, when one is impossible."""
        taken: Taken = []
        for cell in cells:
            how = self._take(cell)
            if how < 0:
                self._give_all(taken)
                return None
            taken.append((cell, how))
        return taken

    def _give_all(self, taken: Taken) -> None:
        for cell, how in reversed(taken):
            self._give_back(cell, how)

    def _groups(self, index: int, hand: Partial) -> None:
        """Every group of the anchor's number holding the anchor (three or four colours).

        The groups are :data:`.steps.GROUP_CHOICES`: a colour whose hand copy is open is
        kept, any other is drawn (the scorer's joker), if :meth:`_take` may draw it.
        """
        kept, tiles, sets, total, colours, run_colours, outs, keep, left = hand
        colour = index & 3
        base = index - colour
        number = index // 4 + 1
        open_ = self.open
        held = (
            (open_[base] > 0)
            | (open_[base + 1] > 0) << 1
            | (open_[base + 2] > 0) << 2
            | (open_[base + 3] > 0) << 3
        )
        for others, mask in _GROUPS[colour][held]:
            size = len(others) + 1
            new_total = total + number * size
            new_colours = colours | mask
            if not self._ok(tiles + size, sets + 1, new_total, new_colours):
                continue
            cells = (index, *[base + c for c in others])
            taken = self._take_all(cells)
            if taken is None:
                continue
            gained, new_keep, drawn = 0, keep, outs
            for cell, how in taken:
                if how:
                    gained += 1
                    new_keep += 1 << (2 * cell)
                else:
                    drawn |= 1 << cell
            self._search(
                index,
                (
                    kept + gained,
                    tiles + size,
                    sets + 1,
                    new_total,
                    new_colours,
                    run_colours,
                    drawn,
                    new_keep,
                    left - gained,
                ),
            )
            self._give_all(taken)

    def _runs(self, index: int, hand: Partial) -> None:
        """Every run of the anchor's colour through the anchor (a 1 low and high)."""
        for position in anchor_positions(index // 4 + 1):
            if self.low <= position <= self.high:
                self._runs_through(index, position, hand)

    def _runs_through(self, index: int, position: int, hand: Partial) -> None:
        kept, tiles, sets, total, colours, run_colours, outs, keep, left = hand
        colour = index & 3
        low = lowest_start(position, self.low, MAX_RUN)  # drawn tiles: as many as R5 allows
        # The anchor itself.
        self._take(index)
        anchor_number = index // 4 + 1
        base_kept = kept + 1
        base_keep = keep + (1 << (2 * index))
        base_total = total + anchor_number
        left_cells: Taken = []
        left_kept, left_keep, left_outs, left_total = 0, 0, 0, 0
        start = position
        while start >= low:
            if start < position:
                cell = position_tile(colour, start)
                how = self._take(cell)
                if how < 0:
                    break
                left_cells.append((cell, how))
                left_total += cell // 4 + 1
                if how:
                    left_kept += 1
                    left_keep += 1 << (2 * cell)
                else:
                    left_outs |= 1 << cell
                    most = HAND_SIZE - (tiles + position - start + 1 - base_kept - left_kept)
                    if self._hopeless_at(most, base_keep + left_keep, index):
                        break  # more tiles drawn below can only make it worse
            self._extend_right(
                index,
                colour,
                start,
                position,
                (
                    base_kept + left_kept,
                    tiles + position - start + 1,
                    sets,
                    base_total + left_total,
                    colours,
                    run_colours,
                    outs | left_outs,
                    base_keep + left_keep,
                    left - 1 - left_kept,
                ),
            )
            start -= 1
        self._give_all(left_cells)
        self._give_back(index, 1)

    def _extend_right(
        self, index: int, colour: int, start: int, position: int, hand: Partial
    ) -> None:
        kept, tiles, sets, total, colours, run_colours, outs, keep, left = hand
        shape = self.shape
        new_colours = colours | (1 << colour)
        new_runs = run_colours | (1 << colour)
        end = position
        right_cells: Taken = []
        top = min(self.high, start + MAX_RUN - 1)
        while True:
            if end - start + 1 >= 3 and self._ok(tiles, sets + 1, total, new_colours):
                self._search(
                    index, (kept, tiles, sets + 1, total, new_colours, new_runs, outs, keep, left)
                )
            end += 1
            if end > top or tiles >= HAND_SIZE:
                break
            if 0 <= shape.max_total < total:
                break
            cell = position_tile(colour, end)
            how = self._take(cell)
            if how < 0:
                break
            right_cells.append((cell, how))
            tiles += 1
            total += cell // 4 + 1
            if how:
                kept += 1
                keep += 1 << (2 * cell)
                left -= 1
            else:
                outs |= 1 << cell
                if self._hopeless_at(HAND_SIZE - (tiles - kept), keep, index):
                    break  # longer runs only draw more
        self._give_all(right_cells)

    # -- leaves: fill up with whole sets of drawn tiles ------------------------------

    def _final_ok(self, sets: int, colours: int) -> bool:
        shape = self.shape
        if shape.sets_mask and not shape.sets_mask >> sets & 1:
            return False
        return shape.colours < 0 or colours.bit_count() == shape.colours

    def _leaf(self, hand: Partial) -> None:
        kept, tiles, sets, total, colours, run_colours, outs, keep, _ = hand
        best = self.best
        if kept < best.kept or (
            kept == best.kept
            and (self.strict or best.outs == self.full)
            and not prefers(keep, best.keep)
        ):
            return
        need = HAND_SIZE - tiles
        short = max(0, self.same - sum(self.cover[cell] for cell in self.target_cells))
        if need == 0:
            if short == 0 and self._final_ok(sets, colours):
                if self.strict:
                    best.offer(kept, outs, keep)
                else:
                    self._gather(outs)
            return
        if need < 3 or sets >= self.shape.max_sets or short > need:
            return
        room = _room_of(self.cap, self.cover, self.let_go)
        fill: Fill = (need, sets, room, total, colours, run_colours, short)
        if self.strict:
            if self._feasible(fill, 0):
                best.offer(kept, 0, keep)
            return
        union = self._filler_union(fill)
        if union is not None:
            self._gather(outs | union)

    def _filler_union(self, fill: Fill) -> int | None:
        """Union of the tiles of every way to add ``need`` drawn tiles as whole sets."""
        if fill in self.memo:
            return self.memo[fill]
        union: int | None = None
        for _, cand in self._fillers_from(fill, 0):
            if self._completes(cand, 0, fill):
                union = cand.mask if union is None else union | cand.mask
        self.memo[fill] = union
        return union

    def _feasible(self, fill: Fill, first: int) -> bool:
        """Whether ``need`` drawn tiles can be added as whole sets, fillers from ``first``."""
        key = (fill, first)
        cached = self.feasible_memo.get(key)
        if cached is not None:
            return cached
        result = False
        for position, cand in self._fillers_from(fill, first):
            if self._completes(cand, position, fill):
                result = True
                break
        self.feasible_memo[key] = result
        return result

    def _fillers_from(self, fill: Fill, first: int) -> Iterator[tuple[int, Candidate]]:
        """The filler sets from position ``first`` on (with their positions) that can be
        added: no more than ``need`` tiles, and :meth:`_fits` the rest of ``fill``."""
        need, _, room, total, colours, run_colours, _ = fill
        room_mask = room & _TILES
        fillers = self.fillers
        for position in range(first, len(fillers)):
            cand = fillers[position]
            if len(cand.cells) > need:
                break
            if cand.mask & ~room_mask:
                continue  # most fail here: a quicker test before _fits, which makes it too
            if self._fits(cand, room_mask, total, colours, run_colours):
                yield position, cand

    def _short_after(self, cand: Candidate, short: int) -> int:
        """Target tiles (``same_number``) still missing once a filler set is added."""
        return max(0, short - (cand.mask & self.target_mask).bit_count())

    def _fits(
        self,
        cand: Candidate,
        room: int,
        total: int,
        colours: int,
        run_colours: int,
    ) -> bool:
        """Whether one filler set can still be added (``room``: tiles with a copy left)."""
        shape = self.shape
        if 0 <= shape.max_total < total + cand.total:
            return False
        if cand.mask & ~room:
            return False
        if 0 <= shape.colours < (colours | cand.colours).bit_count():
            return False
        distinct = shape.distinct_colours
        return not (distinct and cand.run_colour >= 0 and run_colours >> cand.run_colour & 1)

    def _completes(self, cand: Candidate, first: int, fill: Fill) -> bool:
        """Whether, with one filler set added, whole sets from ``first`` on fill the rest.

        ``short``: tiles of the target number still missing (``same_number``).
        """
        need, sets, room, total, colours, run_colours, short = fill
        rest = need - len(cand.cells)
        after_colours = colours | cand.colours
        after_short = self._short_after(cand, short)
        if rest == 0:
            return after_short == 0 and self._final_ok(sets + 1, after_colours)
        if rest < 3 or sets + 1 >= self.shape.max_sets or after_short > rest:
            return False
        after_runs = run_colours | (1 << cand.run_colour if cand.run_colour >= 0 else 0)
        after: Fill = (
            rest,
            sets + 1,
            _minus(room, cand.mask),
            total + cand.total,
            after_colours,
            after_runs,
            after_short,
        )
        return self._feasible(after, first)


_TILES = (1 << 52) - 1


def _later_groups(open_: list[int]) -> list[list[int]]:
    """For each number (0-12), the most open tiles each group of a later number can keep.

    A number with open tiles of ``once`` colours can keep that many in one group and,
    with ``twice`` colours held twice, that many in a second; largest first.

    >>> _later_groups([1, 1, 1, 0] + [2, 1, 0, 0] + [0] * 44)[0]
    [2, 1]
    """
    later: list[list[int]] = [[] for _ in range(13)]
    potentials: list[int] = []
    for number in range(12, -1, -1):
        later[number] = sorted(potentials, reverse=True)
        cells = open_[4 * number : 4 * number + 4]
        once = len(cells) - cells.count(0)
        twice = sum(1 for held in cells if held > 1)
        potentials += [p for p in (once, twice) if p]
    return later


def _room_of(cap: list[int], cover: list[int], let_go: int) -> int:
    """The copies left of each tile (none of a tile let go), as :data:`Fill` packs them.

    >>> bin(_room_of([2, 2, 1, 2] + [0] * 48, [0, 1, 0, 2] + [0] * 48, 0b0100) >> 52)
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


def _minus(room: int, cells: int) -> int:
    """``room`` with one copy fewer of each tile of the mask ``cells`` (each has one left).

    >>> _minus(0b11 | 0b01 << 52, 0b11) == 0b01
    True
    """
    once, twice = room & _TILES, room >> 52
    return (once & ~cells | twice & cells) | (twice & ~cells) << 52
