"""Closest completed hands of a type with structure "any" (Piccolo odd, Grand odd, ...).

Only tile conditions matter: range (R9), total (R8), exactly N colours, and
"at least N tiles of one number", read from the type's
:class:`~intlscore.engine.spec.TypeSpec` (-1 or 0 where the row sets none). A
completed hand is 14 copies, at most ``cap`` of each tile (R3); it keeps
``min(copies, hand copies)`` of each.

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import NUMBERED, Pool
>>> from intlscore.engine.spec import type_spec
>>> from intlscore.rules.ruleset import default_table
>>> hand = parse_tiles("k1 r1 b1 o1 k2 r2 b2 o2 k3 r3 b3 o3 k13 r13")
>>> best = closest_any(type_spec(default_table().by_number(6)), Pool.build(hand, (), None))
>>> from intlscore.engine.setsearch.best import offer_state, mask_indices
>>> best.kept, {index // 4 + 1 for index in mask_indices(best.outs)}
(13, {1, 2, 3, 4})
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations

from intlscore.engine.setsearch.best import Best, offer_state
from intlscore.engine.setsearch.pool import NUMBERED, Pool
from intlscore.engine.spec import ANY, TypeSpec
from intlscore.rules.hand_table import HAND_SIZE


@functools.cache
def allowed_numbers(spec: TypeSpec) -> frozenset[int]:
    """Numbers the type's range allows (R9).

    >>> from intlscore.engine.spec import type_spec
    >>> from intlscore.rules.ruleset import default_table
    >>> sorted(allowed_numbers(type_spec(default_table().by_number(11))))  # Grand sets
    [1, 10, 11, 12, 13]
    """
    return frozenset(number for number in range(1, 14) if spec.numbers >> number & 1)


def colour_sets(spec: TypeSpec) -> list[frozenset[int]]:
    """The colour sets a completed hand may use: each choice of exactly ``colours`` colours,
    or all four when the type does not fix them.

    >>> from intlscore.engine.spec import type_spec
    >>> from intlscore.rules.ruleset import default_table
    >>> [sorted(s) for s in colour_sets(type_spec(default_table().by_number(1)))]
    [[0, 1, 2, 3]]
    >>> len(colour_sets(type_spec(default_table().by_number(19))))  # exactly 2 of 4 colours
    6
    """
    if spec.colours < 0:
        return [frozenset(range(4))]
    return [frozenset(s) for s in combinations(range(4), spec.colours)]


def closest_any(spec: TypeSpec, pool: Pool, floor: int = 0) -> Best:
    """The most hand tiles 14 tiles meeting the type's conditions can keep, with the outs.

    Where ``floor`` is given, the answer is the same wherever it keeps ``floor`` tiles or
    more (:func:`.solve.closest_within`): hands keeping fewer may be left out.

    >>> from intlscore.engine.notation import parse_tiles
    >>> from intlscore.engine.spec import type_spec
    >>> from intlscore.rules.ruleset import default_table
    >>> square = type_spec(default_table().by_number(12))  # eight tiles of one number
    >>> pool = Pool.build(parse_tiles("k7 r7 b7 o7 k7 r7 k1-6 k8 k9"), (), None)
    >>> closest_any(square, pool) == closest_any(square, pool, 12), closest_any(square, pool).kept
    (True, 12)
    """
    best = Best()
    at_least = spec.same_number
    limit = spec.max_total
    counted = _counted(spec)
    for colours, allowed in _allowed_cells(spec):
        cells = [i for i in allowed if pool.cap[i]]
        if counted:
            counts = _Counts(pool, cells)
            for target in _targets(spec):
                if counts.most_kept(target, at_least) >= max(best.kept, floor):
                    _count_only(pool, cells, target, counts.hands(target, at_least), best)
            continue
        need_each = len(colours) if spec.colours >= 0 and len(colours) > 1 else 0
        for target in _targets(spec):
            if need_each or (limit >= 0 and target is not None):
                fill_dp(spec, pool, cells, colours if need_each else frozenset(), target, best)
            elif limit >= 0:  # a total and no colours to cover
                _cheapest(limit, pool, cells, best)
    return best


def counted_kept(spec: TypeSpec, pool: Pool) -> int | None:
    """:func:`closest_any`'s kept tiles (-1: no hand) for a type its counts tell alone
    (no total, no set of colours to cover: Grand odd, Grand square, Single colour odd),
    without building a hand; None for another type. The holds-checks of the pure-Python
    build need no more (:mod:`intlscore.engine.odds.holds`, which asks
    :class:`CountedKept` of a pool and the tiles drawn to it).

    >>> from intlscore.engine.notation import parse_tiles
    >>> from intlscore.engine.spec import type_spec
    >>> from intlscore.rules.ruleset import default_table
    >>> square, piccolo = (type_spec(default_table().by_number(n)) for n in (12, 6))
    >>> pool = Pool.build(parse_tiles("k7 r7 b7 o7 k7 r7 k1-6 k8 k9"), (), None)
    >>> counted_kept(square, pool), counted_kept(piccolo, pool)
    (12, None)
    """
    if not counts_tell(spec):
        return None
    return CountedKept(spec, pool).kept()


def counts_tell(spec: TypeSpec) -> bool:
    """Whether :func:`counted_kept` answers for the type."""
    return spec.structure == ANY and _counted(spec)


class CountedKept:
    """:func:`counted_kept` of a pool and any tiles drawn to it: each colour set's counts
    per number (:class:`_Counts`) are made once, and a drawn tile changes them at its
    number alone (a copy more held, one fewer to draw where one was left). The answer
    depends on those changes only, so tiles of one number drawn in the colours a set
    allows share one answer, worked out once.

    >>> from intlscore.engine.notation import parse_tiles
    >>> from intlscore.engine.tiles import Tile
    >>> from intlscore.engine.spec import type_spec
    >>> from intlscore.rules.ruleset import default_table
    >>> square = type_spec(default_table().by_number(12))  # eight tiles of one number
    >>> pool = Pool.build(parse_tiles("k7 r7 b7 o7 k7 r7 k1-6 k8"), (), None)
    >>> counted = CountedKept(square, pool)
    >>> counted.kept(), counted.kept([Tile("b7").index]), counted.kept([Tile("k9").index])
    (12, 13, 12)
    """

    __slots__ = ("at_least", "cap", "counts", "hand", "known", "targets")

    def __init__(self, spec: TypeSpec, pool: Pool) -> None:
        self.at_least = spec.same_number
        self.targets = _targets(spec)
        self.hand, self.cap = pool.hand, pool.cap
        # a tile without copies (cap 0) counts for nothing: every allowed tile is counted
        self.counts = [
            (mask, _Counts(pool, allowed))
            for (_colours, allowed), mask in zip(
                _allowed_cells(spec), _allowed_masks(spec), strict=True
            )
        ]
        self.known: list[dict[tuple[tuple[int, bool], ...], int]] = [{} for _ in self.counts]

    def kept(self, drawn: Sequence[int] = ()) -> int:
        """The most tiles of the pool and ``drawn`` (numbered tiles; a joker, 52, counts
        for nothing here) that a hand keeps; -1 where no hand can be made."""
        best = -1
        for (allowed, counts), known in zip(self.counts, self.known, strict=True):
            changes = self._changes(allowed, drawn)
            kept = known.get(changes)
            if kept is None:
                kept = known[changes] = counts.changed(changes).most(self.targets, self.at_least)
            if kept > best:
                best = kept
        return best

    def _changes(self, allowed: int, drawn: Sequence[int]) -> tuple[tuple[int, bool], ...]:
        """Per drawn tile of ``allowed``, its number and whether it took a copy to draw."""
        if not drawn:
            return ()
        copies: dict[int, int] = {}
        changes = []
        for cell in drawn:
            if cell < NUMBERED and allowed >> cell & 1:
                held = copies.get(cell, self.hand[cell])
                changes.append((cell // 4 + 1, self.cap[cell] > held))
                copies[cell] = held + 1
        return tuple(sorted(changes))


def _counted(spec: TypeSpec) -> bool:
    """Whether an any-tiles type's hands are told by counts alone (:func:`_count_only`):
    no total, and no set of two or more colours to cover."""
    return spec.max_total < 0 and spec.colours <= 1


@functools.cache
def _targets(spec: TypeSpec) -> tuple[int | None, ...]:
    """The numbers of which a hand must hold ``same_number`` tiles, or None for no such
    condition."""
    return tuple(range(1, 14)) if spec.same_number else (None,)


@functools.cache
def _allowed_cells(spec: TypeSpec) -> tuple[tuple[frozenset[int], tuple[int, ...]], ...]:
    """Per colour set a completed hand may use (:func:`colour_sets`), the tiles of the
    numbers the type allows in those colours."""
    numbers = allowed_numbers(spec)
    return tuple(
        (colours, tuple(i for i in range(52) if i // 4 + 1 in numbers and i % 4 in colours))
        for colours in colour_sets(spec)
    )


@functools.cache
def _allowed_masks(spec: TypeSpec) -> tuple[int, ...]:
    """:func:`_allowed_cells` as masks."""
    return tuple(sum(1 << cell for cell in allowed) for _, allowed in _allowed_cells(spec))


class _Counts:
    """Per number, the hand copies and the drawable copies of some cells: the hands of
    :func:`_count_only` told by their counts alone, so that those keeping fewer tiles
    than the best so far (which would change nothing, :meth:`.Best.offer`) or than a
    floor are never built."""

    __slots__ = ("drawable", "held", "total_drawable", "total_held")

    def __init__(self, pool: Pool, cells: Sequence[int]) -> None:
        self.held = held = [0] * 14
        self.drawable = drawable = [0] * 14
        hand, cap = pool.hand, pool.cap
        for cell in cells:
            copies = hand[cell]
            if copies:
                held[cell // 4 + 1] += copies
            if cap[cell] > copies:
                drawable[cell // 4 + 1] += cap[cell] - copies
        self.total_held = sum(held)
        self.total_drawable = sum(drawable)

    def changed(self, changes: Sequence[tuple[int, bool]]) -> _Counts:
        """The counts with tiles drawn: per tile its number and whether it took a copy
        that was left to draw (:meth:`CountedKept._changes`)."""
        if not changes:
            return self
        counts = _Counts.__new__(_Counts)
        counts.held, counts.drawable = held, drawable = self.held[:], self.drawable[:]
        took_total = 0
        for number, took in changes:
            held[number] += 1
            if took:
                drawable[number] -= 1
                took_total += 1
        counts.total_held = self.total_held + len(changes)
        counts.total_drawable = self.total_drawable - took_total
        return counts

    def most(self, targets: Sequence[int | None], at_least: int) -> int:
        """:meth:`most_kept` at its best over ``targets``: a hand with u tiles of the
        target keeps min(u, on) + min(14 - u, off), which no u beats when u is the target's
        hand tiles, or the nearest count a hand can have (:meth:`_split`'s fewest and
        most, worked out here in one loop: many times a play search)."""
        best = -1
        total_held, total_drawable = self.total_held, self.total_drawable
        held, drawable = self.held, self.drawable
        for target in targets:
            held_on, draw_on = (0, 0) if target is None else (held[target], drawable[target])
            held_off = total_held - held_on
            fewest = HAND_SIZE - held_off - total_drawable + draw_on
            if fewest < at_least:
                fewest = at_least
            most = held_on + draw_on
            if most > HAND_SIZE:
                most = HAND_SIZE
            if fewest > most:
                continue
            # (the builtins min and max cost more than these)
            units_on = fewest if held_on < fewest else most if held_on > most else held_on
            rest = HAND_SIZE - units_on
            kept = (units_on if units_on < held_on else held_on) + (
                rest if rest < held_off else held_off
            )
            if kept > best:
                best = kept
        return best

    def _split(self, target: int | None, at_least: int) -> tuple[int, int, int, int]:
        """The hand tiles of number ``target`` and of the others, and the fewest and most
        tiles of the target a hand of 14 can have (the fewest above the most: none)."""
        if target is None:
            held_on = draw_on = 0
        else:
            held_on, draw_on = self.held[target], self.drawable[target]
        held_off = self.total_held - held_on
        fewest = HAND_SIZE - held_off - self.total_drawable + draw_on
        most = held_on + draw_on
        return (
            held_on,
            held_off,
            at_least if at_least > fewest else fewest,
            most if most < HAND_SIZE else HAND_SIZE,
        )

    def most_kept(self, target: int | None, at_least: int) -> int:
        """The most hand tiles a hand of :meth:`hands` keeps (-1: no hand), at once: a
        hand with u tiles of the target keeps min(u, on) + min(14 - u, off), which no u
        beats when u is the target's hand tiles, or the nearest count a hand can have.

        >>> from intlscore.engine.notation import parse_tiles
        >>> counts = _Counts(Pool.build(parse_tiles("k7 r7 b7 k1-5"), (), None), list(range(52)))
        >>> # eight 7s: the three held and five drawn, and six others: the five held
        >>> [(counts.most_kept(7, 8), max(a + b for a, b, _, _ in counts.hands(7, 8)))]
        [(8, 8)]
        """
        return self.most((target,), at_least)

    def hands(self, target: int | None, at_least: int) -> list[tuple[int, int, bool, bool]]:
        """Per count of tiles of number ``target`` (at least ``at_least``, none without a
        target) in a hand of 14: the hand tiles of the target it keeps and of the others,
        and whether it draws some of each."""
        held_on, held_off, fewest, most = self._split(target, at_least)
        hands = []
        for units_on in range(fewest, most + 1):
            units_off = HAND_SIZE - units_on
            kept_on, kept_off = min(units_on, held_on), min(units_off, held_off)
            hands.append((kept_on, kept_off, units_on > kept_on, units_off > kept_off))
        return hands


def _units(pool: Pool, cells: list[int]) -> tuple[list[int], list[int]]:
    """Hand units and drawable units (one entry per copy), as tile indices."""
    hand: list[int] = []
    drawable: list[int] = []
    for cell in cells:
        hand.extend([cell] * pool.hand[cell])
        drawable.extend([cell] * (pool.cap[cell] - pool.hand[cell]))
    return hand, drawable


def _pack(indices: list[int]) -> int:
    packed = 0
    for index in indices:
        packed += 1 << (2 * index)
    return packed


def _count_only(
    pool: Pool,
    cells: list[int],
    target: int | None,
    hands: list[tuple[int, int, bool, bool]],
    best: Best,
) -> None:
    """No total: keep as many hand tiles as fit, with some of number ``target``: offers
    ``best`` the ``hands`` of :meth:`_Counts.hands`."""
    on = [c for c in cells if target is not None and c // 4 + 1 == target]
    off = [c for c in cells if target is None or c // 4 + 1 != target]
    packs_on, spare_on = _prefix_packs(pool, on)
    packs_off, spare_off = _prefix_packs(pool, off)
    for kept_on, kept_off, draws_on, draws_off in hands:
        outs = (spare_on if draws_on else 0) | (spare_off if draws_off else 0)
        best.offer(kept_on + kept_off, outs, packs_on[kept_on] + packs_off[kept_off])


def _prefix_packs(pool: Pool, cells: list[int]) -> tuple[list[int], int]:
    """The hand copies of ``cells`` in order, as the packed keep of each first few
    (:func:`_pack` of the first k, k = 0, 1, ...), and the tiles with drawable copies."""
    packs = [0]
    packed = spare = 0
    for cell in cells:
        held = pool.hand[cell]
        for _ in range(held):
            packed += 1 << (2 * cell)
            packs.append(packed)
        if pool.cap[cell] > held:
            spare |= 1 << cell
    return packs, spare


def _cheapest(limit: int, pool: Pool, cells: list[int], best: Best) -> None:
    """A total limit only: the cheapest ``k`` hand tiles and cheapest ``14 - k`` drawn ones."""
    hand, drawable = _units(pool, cells)
    hand.sort(key=_number)
    drawable.sort(key=_number)
    for kept in range(min(HAND_SIZE, len(hand)), -1, -1):
        draws = HAND_SIZE - kept
        if draws > len(drawable):
            continue
        base = sum(_number(t) for t in hand[:kept])
        if base + sum(_number(t) for t in drawable[:draws]) > limit:
            continue
        outs = 0
        if draws:
            cheapest = set(drawable[:draws])
            rest = sum(_number(t) for t in drawable[: draws - 1])
            for cell in set(drawable):
                if cell in cheapest or base + rest + _number(cell) <= limit:
                    outs |= 1 << cell
        best.offer(kept, outs, _pack(hand[:kept]))
        return


def _number(index: int) -> int:
    return index // 4 + 1


def fill_dp(
    spec: TypeSpec,
    pool: Pool,
    cells: list[int],
    each: frozenset[int],
    target: int | None,
    best: Best,
    copies: int | None = None,
) -> None:
    """General case: a small dynamic programme over the tiles (count, total, colours, target)
    that offers ``best`` every 14-tile hand of ``cells`` meeting the row's conditions: a
    total at most ``max_total``, every colour of ``each``, ``same_number`` tiles of
    ``target``. Each cell is taken 1 to all its copies, or (``copies``) exactly that many:
    seven pairs are the same walk with ``copies=2`` (:mod:`.pairs`)."""
    limit = spec.max_total
    at_least = spec.same_number
    need_mask = 0
    for colour in each:
        need_mask |= 1 << colour
    states: dict[tuple[int, int, int, int], tuple[int, int, int]] = {(0, 0, 0, 0): (0, 0, 0)}
    for cell in cells:
        number = cell // 4 + 1
        held = pool.hand[cell]
        nxt = dict(states)
        for (count, total, mask, on), (kept, outs, keep) in states.items():
            for taken in range(1, pool.cap[cell] + 1) if copies is None else (copies,):
                new_count = count + taken
                new_total = total + number * taken
                if new_count > HAND_SIZE or (limit >= 0 and new_total > limit):
                    break
                gain = min(taken, held)
                key = (
                    new_count,
                    new_total if limit >= 0 else 0,
                    mask | (1 << (cell % 4)) if need_mask else 0,
                    min(at_least, on + taken) if number == target else on,
                )
                value = (
                    kept + gain,
                    outs | (1 << cell) if taken > held else outs,
                    keep + (gain << (2 * cell)),
                )
                offer_state(nxt, key, value)
        states = nxt
    for (count, _total, mask, on), (kept, outs, keep) in states.items():
        if count == HAND_SIZE and mask == need_mask and on >= (at_least if target else 0):
            best.offer(kept, outs, keep)
