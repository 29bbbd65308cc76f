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

from collections.abc import Callable
from typing import Final, NamedTuple

from intlscore.engine.melds import HIGH_ONE, MAX_RUN, position_tile
from intlscore.engine.setsearch.best import Best, mask_indices, prefers
from intlscore.engine.setsearch.fillers import Fill, Fillers, room_of
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.setsearch.shapes import number_mask, target_numbers
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
    spec = hand_type if isinstance(hand_type, TypeSpec) else type_spec(hand_type)
    return best_over_targets(
        spec,
        pool,
        lambda target, cap, least: _SetSearch(spec, pool, target, cap).run(least),
        floor,
    )


TargetSearch = Callable[[int | None, int, int], Best]
"""``(target number or None, kept cap, floor) -> the closest hands for that target``."""


def best_over_targets(spec: TypeSpec, pool: Pool, search: TargetSearch, floor: int = -1) -> Best:
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
    caps = {target: kept_cap(spec, pool, target) for target in target_numbers(spec)}
    for target in sorted(caps, key=lambda t: -caps[t]):
        least = max(best.kept, floor)
        if caps[target] < least:
            continue
        found = search(target, caps[target], least)
        if found.kept > 0 and not found.keep:
            continue  # the floor itself, given back untouched: no hand keeps that many
        best.offer(found.kept, found.outs, found.keep)
    return best


def kept_cap(spec: TypeSpec, pool: Pool, target: int | None) -> int:
    """Most hand tiles a hand with ``same_number`` tiles of ``target`` can keep.

    Every target tile the hand does not hold must be drawn.

    >>> from intlscore.engine.notation import parse_tiles
    >>> from intlscore.rules.ruleset import default_table
    >>> spec = type_spec(default_table().by_number(1))._replace(same_number=6)
    >>> kept_cap(spec, Pool.build(parse_tiles("k5 r5 b5 k6-13 r1-3"), (), None), 5)
    11
    """
    if target is None or not spec.same_number:
        return HAND_SIZE
    held = sum(pool.hand[cell] for cell in mask_indices(number_mask(target)) if spec.usable(cell))
    return HAND_SIZE - max(0, spec.same_number - held)


def search_start(spec: TypeSpec, pool: Pool) -> tuple[list[int], int, int]:
    """Where the search starts: the open hand copies, the let-go mask and the full mask.

    Hand tiles no set of the spec can hold are let go from the start; ``full``
    marks every tile a completed hand could draw (once the outs are all of
    them, ties can add nothing and the search stops).
    """
    open_ = [count if spec.usable(i) else 0 for i, count in enumerate(pool.hand)]
    let_go = 0
    full = 0
    for index, count in enumerate(pool.hand):
        if count and not open_[index]:
            let_go |= 1 << index
        if spec.usable(index) and pool.cap[index] > count:
            full |= 1 << index
    return open_, let_go, full


class Partial(NamedTuple):
    """A partial hand during the walk: what it keeps, places and draws so far."""

    kept: int
    """Hand tiles kept."""
    tiles: int
    """Tiles placed in sets."""
    sets: int
    """Sets made."""
    total: int
    """The total of the tiles placed (R8)."""
    colours: int
    """The colour mask of its tiles."""
    run_colours: int
    """The colour mask of its runs."""
    outs: int
    """The drawn tiles (a mask)."""
    keep: int
    """The kept tiles, packed two bits a tile."""
    left: int
    """The hand tiles still open."""

    @classmethod
    def empty(cls, left: int) -> Partial:
        """Nothing placed yet, ``left`` hand tiles open.

        >>> Partial.empty(14).left, Partial.empty(14).kept
        (14, 0)
        """
        return cls(0, 0, 0, 0, 0, 0, 0, 0, left)

    def letting_go(self, count: int) -> Partial:
        """The same hand with ``count`` open hand copies let go."""
        return Partial(
            self.kept,
            self.tiles,
            self.sets,
            self.total,
            self.colours,
            self.run_colours,
            self.outs,
            self.keep,
            self.left - count,
        )

    def with_group(
        self, gained: int, size: int, total: int, colours: int, outs: int, keep: int
    ) -> Partial:
        """The hand with a group of ``size`` tiles more, ``gained`` of them open hand
        copies kept: its new ``total``, ``colours``, ``outs`` and ``keep``."""
        return Partial(
            self.kept + gained,
            self.tiles + size,
            self.sets + 1,
            total,
            colours,
            self.run_colours,
            outs,
            keep,
            self.left - gained,
        )


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
    """The keep-most walk of one spec, pool and target number (:func:`closest_sets`)."""

    def __init__(
        self, spec: TypeSpec, pool: Pool, target: int | None = None, most: int = HAND_SIZE
    ) -> None:
        self.spec = spec
        # ``same_number``: the hand must hold ``same`` tiles of the number ``target``,
        # so it keeps at most ``most`` (see ``kept_cap``).
        self.same = spec.same_number
        self.target_mask = number_mask(target)
        self.target_cells = mask_indices(self.target_mask)
        self.kept_cap = most
        self.cap = list(pool.cap)
        self.open, self.let_go, self.full = search_start(spec, pool)
        self.cover = [0] * 52
        self.drawn: list[int] = []  # the copies drawn so far, in the order taken
        self.best = Best()
        self.strict = True
        self.fillers = Fillers(spec, self.target_mask)
        self.ties: dict[tuple[object, ...], int] = {}
        self.base = 0
        self.gathered = -1
        low, high = spec.low, spec.high
        self.low, self.high = low, high
        self.one_kind = spec.groups != spec.runs
        self.later_groups = _later_groups(self.open)
        # The most tiles one set can hold: a run of the spec's positions, else a group.
        self.most_size = max(min(MAX_RUN, high - low + 1), 4) if spec.runs else 4

    def run(self, floor: int = -1) -> Best:
        """The closest hands; with a ``floor``, only those keeping that many or more.

        Below the floor nothing is found; at the floor the keep is left empty (the
        caller has one already) and only the outs are gathered.
        """
        # First the most kept tiles alone (ties pruned), then every closest hand
        # again with that bound known from the start, for the outs.
        start = Partial.empty(sum(self.open))
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
        """Prunes a partial hand that cannot beat (or usefully tie) the best, then walks
        on from tile index ``start``."""
        kept, tiles, left = hand.kept, hand.tiles, hand.left
        # (conditional expressions: the builtin min costs more, many times a walk)
        bound = kept + (left if left < HAND_SIZE - tiles else HAND_SIZE - tiles)
        if bound > self.kept_cap:
            bound = self.kept_cap
        spec = self.spec
        limit = spec.max_total
        if limit >= 0 and bound >= self.best.kept:
            bound = kept + affordable(self.open, start, limit - hand.total, bound - kept)
        if tiles + self.most_size * (spec.max_sets - hand.sets) < HAND_SIZE:
            return  # the sets still to come cannot hold the rest of the 14 tiles
        if self.one_kind and bound >= self.best.kept:
            later = most_kept_later(spec, self.open, self.later_groups, start, hand)
            bound = min(bound, kept + later)
        if self._hopeless_at(bound, hand.keep, start):
            return  # nothing better, and a tie could add no out and no preferred keep
        if not self.strict:
            key = self._tie_key(start, hand)
            if key is not None:
                self._walk_once(key, start, hand)
                return
        self._walk(start, hand)

    def _walk(self, start: int, hand: Partial) -> None:
        """The lowest open tile from ``start`` on anchors each set it can, then is let go."""
        open_ = self.open
        index = start
        while index < 52 and not open_[index]:
            index += 1
        if index == 52:
            self._leaf(hand)
            return
        spec = self.spec
        if hand.sets < spec.max_sets:
            if spec.groups and spec.numbers >> (index // 4 + 1) & 1:
                self._groups(index, hand)
            if spec.runs and not (spec.distinct_colours and hand.run_colours >> (index & 3) & 1):
                self._runs(index, hand)
        count = open_[index]
        open_[index] = 0
        self.let_go |= 1 << index
        self._search(index + 1, hand.letting_go(count))
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
        1); with no draw left, none of them. Conditions the spec does not have are left
        out, so partial hands differing only there share one entry.
        """
        draws = HAND_SIZE - self.best.kept - hand.tiles + hand.kept
        if draws >= 3:
            return None
        spec, open_ = self.spec, self.open
        index = start
        while index < 52 and not open_[index]:
            index += 1
        key: tuple[object, ...] = (
            index,
            hand.kept,
            hand.tiles,
            hand.sets,
            hand.total if spec.max_total >= 0 else 0,
            hand.colours if spec.colours >= 0 else 0,
            hand.run_colours if spec.distinct_colours else 0,
            bytes(open_[index:]),
            sum(self.cover[cell] for cell in self.target_cells) if self.same else 0,
        )
        if draws == 0:
            return key
        low = max(0, (index & ~3) - 4 * draws) if spec.runs else index & ~3
        cover, let_go = self.cover, self.let_go
        key += (let_go >> low, bytes(cover[low:]))
        if spec.runs and self.high == HIGH_ONE:
            key += (let_go & 15, bytes(cover[:4]))
        return key

    def _walk_once(self, key: tuple[object, ...], start: int, hand: Partial) -> None:
        """:meth:`_walk` in the second pass, remembering the outs its ties draw by ``key``.

        The walk below gathers the tiles drawn from here on (``outs`` starts at 0, the
        tiles drawn above are ``base``): -1 when no closest hand completes it.
        """
        known = self.ties.get(key)
        if known is None:
            outer = self.base, self.gathered
            self.base |= hand.outs
            self.gathered = -1
            self._walk(start, hand._replace(outs=0))
            known = self.ties[key] = self.gathered
            self.base, self.gathered = outer
        if known >= 0:
            self._gather(hand.outs | known)

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
        """:meth:`_take` undone (``how`` as it answered)."""
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
        """:meth:`_take_all` undone."""
        for cell, how in reversed(taken):
            self._give_back(cell, how)

    def _groups(self, index: int, hand: Partial) -> None:
        """Every group of the anchor's number holding the anchor (three or four colours).

        The groups are :data:`.steps.GROUP_CHOICES`: a colour whose hand copy is open is
        kept, any other is drawn (the scorer's joker), if :meth:`_take` may draw it.
        """
        colour = index & 3
        base = index - colour
        number = index // 4 + 1
        tiles, sets, total, colours = hand.tiles, hand.sets, hand.total, hand.colours
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
            if not partial_ok(self.spec, tiles + size, sets + 1, new_total, new_colours):
                continue
            cells = (index, *[base + c for c in others])
            taken = self._take_all(cells)
            if taken is None:
                continue
            gained, new_keep, drawn = 0, hand.keep, hand.outs
            for cell, how in taken:
                if how:
                    gained += 1
                    new_keep += 1 << (2 * cell)
                else:
                    drawn |= 1 << cell
            self._search(
                index,
                hand.with_group(gained, size, new_total, new_colours, drawn, new_keep),
            )
            self._give_all(taken)

    def _runs(self, index: int, hand: Partial) -> None:
        """Every run of the anchor's colour through the anchor (a 1 low and high)."""
        for position in anchor_positions(index // 4 + 1):
            if self.low <= position <= self.high:
                self._runs_through(index, position, hand)

    def _runs_through(self, index: int, position: int, hand: Partial) -> None:
        """Every run of the anchor's colour with the anchor at ``position``: each start
        down to the lowest R5 allows (:meth:`_extend_right` then each end)."""
        tiles = hand.tiles
        colour = index & 3
        low = lowest_start(position, self.low, MAX_RUN)  # drawn tiles: as many as R5 allows
        # The anchor itself.
        self._take(index)
        anchor_number = index // 4 + 1
        base_kept = hand.kept + 1
        base_keep = hand.keep + (1 << (2 * index))
        base_total = hand.total + anchor_number
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
                Partial(
                    base_kept + left_kept,
                    tiles + position - start + 1,
                    hand.sets,
                    base_total + left_total,
                    hand.colours,
                    hand.run_colours,
                    hand.outs | left_outs,
                    base_keep + left_keep,
                    hand.left - 1 - left_kept,
                ),
            )
            start -= 1
        self._give_all(left_cells)
        self._give_back(index, 1)

    def _extend_right(
        self, index: int, colour: int, start: int, position: int, hand: Partial
    ) -> None:
        """Every end of a run from ``start`` through the anchor at ``position`` (``hand``
        holds the run so far, its set not yet counted), each ending a set."""
        kept, tiles, sets, total = hand.kept, hand.tiles, hand.sets, hand.total
        outs, keep, left = hand.outs, hand.keep, hand.left
        spec = self.spec
        new_colours = hand.colours | (1 << colour)
        new_runs = hand.run_colours | (1 << colour)
        end = position
        right_cells: Taken = []
        top = min(self.high, start + MAX_RUN - 1)
        while True:
            if end - start + 1 >= 3 and partial_ok(spec, tiles, sets + 1, total, new_colours):
                self._search(
                    index,
                    Partial(kept, tiles, sets + 1, total, new_colours, new_runs, outs, keep, left),
                )
            end += 1
            if end > top or tiles >= HAND_SIZE:
                break
            if 0 <= spec.max_total < total:
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

    # -- leaves: fill up with whole sets of drawn tiles (:mod:`.fillers`) -------------

    def _leaf(self, hand: Partial) -> None:
        """No hand tile left open: the partial hand completed, with whole sets of drawn
        tiles where tiles are missing, offered to the best (first pass) or its outs
        gathered (second pass)."""
        kept, keep = hand.kept, hand.keep
        best = self.best
        if kept < best.kept or (
            kept == best.kept
            and (self.strict or best.outs == self.full)
            and not prefers(keep, best.keep)
        ):
            return
        need = HAND_SIZE - hand.tiles
        sets = hand.sets
        short = max(0, self.same - sum(self.cover[cell] for cell in self.target_cells))
        if need == 0:
            if short == 0 and self.fillers.final_ok(sets, hand.colours):
                if self.strict:
                    best.offer(kept, hand.outs, keep)
                else:
                    self._gather(hand.outs)
            return
        if need < 3 or sets >= self.spec.max_sets or short > need:
            return
        room = room_of(self.cap, self.cover, self.let_go)
        fill: Fill = (need, sets, room, hand.total, hand.colours, hand.run_colours, short)
        if self.strict:
            if self.fillers.feasible(fill, 0):
                best.offer(kept, 0, keep)
            return
        union = self.fillers.union(fill)
        if union is not None:
            self._gather(hand.outs | union)


def partial_ok(spec: TypeSpec, tiles: int, sets: int, total: int, colours: int) -> bool:
    """Whether a partial hand with these tiles, sets, total and colours is allowed.

    >>> from intlscore.rules.ruleset import default_table
    >>> basic = type_spec(default_table().by_number(1))
    >>> partial_ok(basic, 14, 4, 100, 0b1111), partial_ok(basic, 15, 4, 100, 0b1111)
    (True, False)
    """
    if tiles > HAND_SIZE or sets > spec.max_sets:
        return False
    if 0 <= spec.max_total < total:
        return False
    return spec.colours < 0 or colours.bit_count() <= spec.colours


def most_kept_later(
    spec: TypeSpec, open_: list[int], later_groups: list[list[int]], start: int, hand: Partial
) -> int:
    """At most how many open hand tiles the sets still to come can keep (one kind of set).

    A set holds one copy of a tile at most, and tiles of one number (a group) or one
    colour (a run). So each group to come keeps at most the colours of its number
    with an open copy (a second group of the number: those with two), and the runs
    keep only open tiles of the colours they may still have: not a colour whose run
    is made when every run is another colour, none beyond the ``colours`` the type
    allows, and one colour a run when each run is a different colour. The sum of the
    largest of these, one per set still to make, bounds the tiles kept from here.
    """
    most_sets = spec.max_sets - hand.sets
    if most_sets <= 0 or start >= 52:
        return 0
    if spec.groups:
        # Only the groups of the number of ``start`` change the open tiles of their
        # number: the later numbers' potentials are the hand's (``later_groups``).
        base = start & ~3
        once = twice = 0
        for held in open_[base : base + 4]:
            if held:
                once += 1
                if held > 1:
                    twice += 1
        later = later_groups[base >> 2]
        if not once or (len(later) >= most_sets and later[most_sets - 1] >= once):
            return sum(later[:most_sets])
        potentials = sorted((*later[:most_sets], once, twice), reverse=True)
        return sum(potentials[:most_sets])
    distinct = spec.distinct_colours
    per_colour = [0, 0, 0, 0]
    for colour in range(4):
        cells = open_[start + ((colour - start) & 3) :: 4]
        per_colour[colour] = len(cells) - cells.count(0) if distinct else sum(cells)
    if distinct:
        for colour in range(4):
            if hand.run_colours >> colour & 1:
                per_colour[colour] = 0
    if spec.colours < 0:
        chosen = per_colour
    else:
        inside = [per_colour[c] for c in range(4) if hand.colours >> c & 1]
        new = sorted((per_colour[c] for c in range(4) if not hand.colours >> c & 1), reverse=True)
        chosen = inside + new[: max(0, spec.colours - len(inside))]
    if distinct:
        chosen = sorted(chosen, reverse=True)[:most_sets]
    return sum(chosen)


def affordable(open_: list[int], start: int, budget: int, most: int) -> int:
    """How many open hand tiles, cheapest first, still fit under the total (R8)."""
    count = 0
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
