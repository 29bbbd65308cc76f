"""Closest completed hands of a groups-only type, one number at a time.

Groups of different numbers share no tile, so each number is solved on its
own: every choice of copies per colour (at most ``cap`` each, R3) that splits
into zero, one or two groups of three or four colours (R4) is listed with the
hand tiles it keeps and the tiles it draws. The numbers are then joined on
the type's conditions: 14 tiles, the allowed number of groups, exactly N
colours, the total (R8).

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.reach.pool import Pool
>>> from intlscore.rules.hand_table import default_table
>>> pool = Pool.build(parse_tiles("k5 r5 b5 k7 r7 b7 k9 r9 b9 o9 k11 r11 b11 o2"), (), None)
>>> sticks = closest_groups(default_table().by_number(25), pool)
>>> sticks.kept
13
"""

from __future__ import annotations

import functools
from itertools import product

from intlscore.engine.reach.best import Best, Value, combine, offer_state
from intlscore.engine.reach.pool import Pool
from intlscore.engine.reach.shapes import SetShape
from intlscore.rules.hand_table import HandType

HAND = 14

Choice = tuple[int, int, int, Value]
"""``(tiles, groups, colour mask, value)`` of one way to fill a number."""


def closest_groups(hand_type: HandType, pool: Pool) -> Best:
    """The most hand tiles a completed groups-only hand of the type keeps, with the outs."""
    return closest_groups_of(SetShape.of(hand_type), pool)


def closest_groups_of(shape: SetShape, pool: Pool) -> Best:
    """As :func:`closest_groups`, for a shape (its runs, if any, are not used)."""
    limit = shape.max_total
    count_groups = shape.allowed_sets is not None
    track_colours = shape.colours is not None
    # (tiles, groups, colour mask, total) over the numbers so far.
    joined: dict[tuple[int, int, int, int], Value] = {(0, 0, 0, 0): (0, 0, 0)}
    for number in sorted(shape.numbers):
        after = dict(joined)
        for tiles_here, groups_here, colours_here, part in number_choices(pool, number):
            for (tiles, groups, colours, total), value in joined.items():
                new_tiles = tiles + tiles_here
                new_total = total + number * tiles_here if limit is not None else 0
                if new_tiles > HAND or (limit is not None and new_total > limit):
                    continue
                offer_state(
                    after,
                    (
                        new_tiles,
                        groups + groups_here if count_groups else 0,
                        colours | colours_here if track_colours else 0,
                        new_total,
                    ),
                    combine(value, part),
                )
        joined = after
    best = Best()
    for (tiles, groups, colours, _), value in joined.items():
        if tiles != HAND:
            continue
        if shape.allowed_sets is not None and groups not in shape.allowed_sets:
            continue
        if shape.colours is not None and colours.bit_count() != shape.colours:
            continue
        best.offer(*value)
    return best


@functools.lru_cache(maxsize=64)
def number_choices(pool: Pool, number: int) -> tuple[Choice, ...]:
    """Every non-empty way to make one or two groups of a number, best per shape.

    >>> from intlscore.engine.notation import parse_tiles
    >>> pool = Pool.build(parse_tiles("k4 r4 b4"), (), None)
    >>> choices = number_choices(pool, 4)
    >>> sorted({(tiles, groups) for tiles, groups, _, _ in choices})
    [(3, 1), (4, 1), (6, 2), (7, 2), (8, 2)]
    >>> [(kept, outs) for tiles, _, mask, (kept, outs, _) in choices if tiles == 4]
    [(3, 32768)]
    """
    base = (number - 1) * 4
    cells = range(base, base + 4)
    best: dict[tuple[int, int, int], Value] = {}
    for copies in product(*(range(pool.cap[cell] + 1) for cell in cells)):
        groups = _groups(copies)
        if not groups:
            continue
        kept, outs, keep, colours = 0, 0, 0, 0
        for colour, (cell, count) in enumerate(zip(cells, copies, strict=True)):
            gain = min(count, pool.hand[cell])
            kept += gain
            keep += gain << (2 * cell)
            if count > gain:
                outs |= 1 << cell
            if count:
                colours |= 1 << colour
        offer_state(best, (sum(copies), groups, colours), (kept, outs, keep))
    return tuple((tiles, groups, mask, value) for (tiles, groups, mask), value in best.items())


def _groups(copies: tuple[int, ...]) -> int:
    """How many groups per-colour copies split into (0 when they do not split)."""
    colours = sum(1 for count in copies if count)
    doubled = sum(1 for count in copies if count == 2)
    if colours == 0:
        return 0
    if doubled == 0:
        return 1 if colours >= 3 else 0
    return 2 if colours + doubled >= 6 else 0
