"""Closest completed hands of a fixed-sequence type (Royal, Mosaic, the waves).

The table gives the sequence's run positions and how often it repeats; only the
colours are free. A small dynamic programme walks the positions with every
sequence's colour: "same" keeps a sequence one colour, "differ" changes it at
every step. A number that comes back later in the sequence (the 1 of 1..13,1)
is settled at its last position, so each tile's copies are counted once
(R3: at most ``cap`` of each).

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.engine.spec import type_spec
>>> from intlscore.rules.ruleset import default_table
>>> royal = type_spec(default_table().by_number(24))
>>> best = closest_sequences(royal, Pool.build(parse_tiles("r1-4 r6-13 r1 k5"), (), None))
>>> best.kept, best.outs == 1 << parse_tiles("r5")[0].index
(13, True)
"""

from __future__ import annotations

import functools
from itertools import combinations_with_replacement, product

from intlscore.engine.melds import position_number, position_tile
from intlscore.engine.setsearch.best import Best
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import SAME_NEIGHBOURS, TypeSpec

State = tuple[tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...], int]
"""(colours at the last position, colours at earlier positions still open, colour mask)."""


def slot_numbers(spec: TypeSpec) -> list[int]:
    """The numbers of one sequence, in order."""
    return [position_number(p) for p in spec.sequence]


def closest_sequences(spec: TypeSpec, pool: Pool, floor: int = -1) -> Best:
    """The most hand tiles the type's sequences can keep, with the outs.

    With a ``floor``, a partial hand that cannot keep that many tiles even if
    every later position kept all the hand holds of its number is dropped: when
    the closest hands keep ``floor`` tiles or more, the kept tiles and the outs
    are the same (the keep may be another closest hand's: a tie keeps the first
    one met, and dropping states changes the order they are met in); otherwise
    the answer is not found (``Best()``).
    """
    positions = spec.sequence
    numbers = slot_numbers(spec)
    repeat = spec.repeat
    same = spec.neighbours == SAME_NEIGHBOURS
    distinct = bool(spec.distinct_colours)
    colours_wanted = spec.colours
    last_of = {n: max(i for i, m in enumerate(numbers) if m == n) for n in set(numbers)}
    still = _still_keepable(numbers, repeat, last_of, pool) if floor > 0 else None
    need_mask = colours_wanted >= 0 and not same
    # Three or more sequences are interchangeable: a state needs only the multiset of
    # their colours (at most 120 for seven sequences, not 4^7 orders), and a position
    # only which colours it holds. The shipped rows repeat once or twice and keep the
    # ordered walk (and so the keep it picks among equally close hands).
    choices = _multiset_choices if repeat > 2 else _choices
    states: dict[State, tuple[int, int, int]] = {((), (), 0): (0, 0, 0)}
    for slot, position in enumerate(positions):
        number = numbers[slot]
        settles = last_of[number] == slot
        # What settling a position's colours keeps and draws depends only on which
        # colours are there (in any order): worked out once per slot, not per state.
        settled: dict[tuple[int, ...], tuple[int, int, int] | None] = {}
        nxt: dict[State, tuple[int, int, int]] = {}
        for (previous, pending, mask), (kept, outs, keep) in states.items():
            if settles:
                # Earlier positions with this number, counted now.
                earlier = tuple(c for i, cs in pending if numbers[i] == number for c in cs)
                rest = tuple((i, cs) for i, cs in pending if numbers[i] != number)
            for colours in choices(previous, repeat, same, distinct):
                new_mask = mask
                for colour in colours:
                    new_mask |= 1 << colour
                if colours_wanted >= 0 and new_mask.bit_count() > colours_wanted:
                    continue
                if settles:
                    placed = tuple(sorted(colours + earlier))
                    if placed not in settled:
                        settled[placed] = _settle(placed, position, pool)
                    outcome = settled[placed]
                    if outcome is None:
                        continue
                    gain, drawn, packed = outcome
                    new_pending = rest
                    value = (kept + gain, outs | drawn, keep + packed)
                else:
                    new_pending = (*pending, (slot, colours))
                    value = (kept, outs, keep)
                key = (colours, new_pending, new_mask if (need_mask or same) else 0)
                old = nxt.get(key)
                if old is None or value[0] > old[0]:
                    nxt[key] = value
                elif value[0] == old[0]:
                    nxt[key] = (old[0], old[1] | value[1], old[2])
        if still is not None:
            # A dropped state's every extension would be dropped too, so the states
            # left, and their values, are those that lead to hands reaching the floor.
            nxt = {key: value for key, value in nxt.items() if value[0] + still[slot] >= floor}
        states = nxt
    best = Best()
    for (_, _, mask), (kept, outs, keep) in states.items():
        if colours_wanted < 0 or mask.bit_count() == colours_wanted:
            best.offer(kept, outs, keep)
    return best


def _still_keepable(
    numbers: list[int], repeat: int, last_of: dict[int, int], pool: Pool
) -> list[int]:
    """For each slot, the most hand tiles the numbers not yet settled after it can add.

    A number is counted when its last slot settles it: at most its slots (times
    ``repeat``) and at most the hand's tiles of that number, whatever their colour.
    """
    most = {
        number: min(repeat * numbers.count(number), sum(pool.hand[(number - 1) * 4 : number * 4]))
        for number in last_of
    }
    return [
        sum(most[number] for number, last in last_of.items() if last > slot)
        for slot in range(len(numbers))
    ]


def _settle(placed: tuple[int, ...], position: int, pool: Pool) -> tuple[int, int, int] | None:
    """``(kept, drawn mask, packed keep)`` of the tiles of these colours at a position,
    or None when they need more copies of a tile than a completed hand may hold (R3)."""
    gain, drawn, packed = 0, 0, 0
    for colour in set(placed):
        count = placed.count(colour)
        cell = position_tile(colour, position)
        if count > pool.cap[cell]:
            return None
        held = min(count, pool.hand[cell])
        gain += held
        packed += held << (2 * cell)
        if count > held:
            drawn |= 1 << cell
    return gain, drawn, packed


@functools.cache
def _choices(
    previous: tuple[int, ...], repeat: int, same: bool, distinct: bool
) -> tuple[tuple[int, ...], ...]:
    if previous and same:
        return (previous,)
    options = []
    for colours in product(range(4), repeat=repeat):
        if previous and any(a == b for a, b in zip(colours, previous, strict=True)):
            continue
        if not previous and same and distinct and len(set(colours)) < repeat:
            continue
        options.append(colours)
    return tuple(options)


@functools.cache
def _multiset_choices(
    previous: tuple[int, ...], repeat: int, same: bool, distinct: bool
) -> tuple[tuple[int, ...], ...]:
    """The colours a position may hold, each as a sorted tuple, once (as ``_choices``, but
    over multisets of interchangeable sequences, never their 4^repeat orders).

    >>> len(_choices((), 7, False, False)), len(_multiset_choices((), 7, False, False))
    (16384, 120)
    >>> ordered = {tuple(sorted(c)) for c in _choices((0, 0, 1), 3, False, False)}
    >>> set(_multiset_choices((0, 0, 1), 3, False, False)) == ordered  # each sequence moves
    True
    """
    if previous and same:
        return (tuple(sorted(previous)),)
    if not previous:
        found = set(combinations_with_replacement(range(4), repeat))
        if same and distinct:
            found = {colours for colours in found if len(set(colours)) == repeat}
        return tuple(sorted(found))
    # "differ": the sequences of each previous colour move to the three other colours.
    moves = []
    for colour in range(4):
        others = [c for c in range(4) if c != colour]
        moves.append(set(combinations_with_replacement(others, previous.count(colour))))
    return tuple(sorted({tuple(sorted(sum(parts, ()))) for parts in product(*moves)}))
