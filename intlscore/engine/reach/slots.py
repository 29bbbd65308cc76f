"""Run slots: the runs of one colour still open while positions are walked in order.

A completed hand holds at most two copies of a tile, so at most two runs of one
colour pass through a position. Walking positions upwards, each colour has two
*slots*, each empty or holding an open run of length 1, 2 or "3 or more". A
run of 3+ that began at position 1 is marked apart (``FROM_ONE``): it may not go
on to the high 1 at position 14, as no ordinary run is longer than 13 (R5).
The pair of slots is stored as one code, so states compare cheaply.

At each position, each copy of the colour's tile extends a slot (an empty
slot starts a new run); a slot with a run of 1 or 2 that is not extended
breaks the run, and a run of 3+ that is not extended closes.

>>> code = slot_code(0, 0)
>>> moves(code, copies=1, can_start=True, at_three=False, at_high_one=False)
((1, 1),)
>>> slot_pair(moves(code, 1, True, False, False)[0][0])
(0, 1)
>>> needed(slot_code(1, 2))
3
"""

from __future__ import annotations

import functools

EMPTY, ONE, TWO, LONG, FROM_ONE = range(5)
"""Slot values: empty, a run of 1 or 2 so far, 3 or more, 3 or more begun at position 1."""

PAIRS = tuple((a, b) for a in range(5) for b in range(a, 5))
_CODES = {pair: code for code, pair in enumerate(PAIRS)}
CLOSED = frozenset(code for code, (a, b) in enumerate(PAIRS) if a not in (1, 2) and b not in (1, 2))
"""Codes in which no run is left shorter than three."""


def slot_code(a: int, b: int) -> int:
    """The code of a pair of slot values (order does not matter)."""
    return _CODES[(min(a, b), max(a, b))]


def slot_pair(code: int) -> tuple[int, int]:
    """The slot values of a code, smaller first."""
    return PAIRS[code]


def needed(code: int) -> int:
    """Tiles still needed to bring every open run of the pair to three."""
    return sum(3 - v for v in PAIRS[code] if v in (ONE, TWO))


@functools.cache
def moves(
    code: int, copies: int, can_start: bool, at_three: bool, at_high_one: bool
) -> tuple[tuple[int, int], ...]:
    """Every way ``copies`` copies of a position's tile can extend a colour's slots.

    Each move is ``(new code, runs started)``. ``at_three`` marks position 3
    (a run reaching length 3 there began at 1), ``at_high_one`` position 14.
    """
    found: set[tuple[int, int]] = set()
    for extend_a in (False, True):
        for extend_b in (False, True):
            if extend_a + extend_b != copies:
                continue
            new: list[int] = []
            starts = 0
            for value, extend in zip(PAIRS[code], (extend_a, extend_b), strict=True):
                after = _step(value, extend, can_start, at_three, at_high_one)
                if after is None:
                    break
                starts += value == EMPTY and extend
                new.append(after)
            else:
                found.add((slot_code(*new), starts))
    return tuple(sorted(found))


def _step(
    value: int, extend: bool, can_start: bool, at_three: bool, at_high_one: bool
) -> int | None:
    if not extend:
        return None if value in (ONE, TWO) else EMPTY
    if value == EMPTY:
        return ONE if can_start else None
    if value == ONE:
        return TWO
    if value == TWO:
        return FROM_ONE if at_three else LONG
    if value == FROM_ONE:
        return None if at_high_one else FROM_ONE
    return LONG
