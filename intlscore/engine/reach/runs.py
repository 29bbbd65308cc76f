"""Closest completed hands of a runs-only type, one colour at a time.

Runs of different colours share no tile, so each colour is solved on its own:
a small dynamic programme walks the colour's positions upwards with its two
run slots (:mod:`.slots`) and records, for every (tiles, runs, total) it can
end with, the most hand tiles kept, the union of the tiles drawn by every
such best choice, and one keep. The four colour tables are then joined on
the type's conditions: 14 tiles, the allowed number of runs, exactly N
colours, every run a different colour, the total (R8). Each colour table
depends only on the hand, the colour, the range and the total limit, so the
runs types of one hand share them.

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.reach.pool import Pool
>>> from intlscore.rules.hand_table import default_table
>>> from intlscore.engine.reach.best import mask_indices
>>> from intlscore.engine.tiles import Tile
>>> pool = Pool.build(parse_tiles("k1-4 r3-7 b8-10 o2 o3"), (), None)
>>> four = closest_runs(default_table().by_number(13), pool)
>>> four.kept, [str(Tile(index)) for index in mask_indices(four.outs)]
(13, ['o1', 'o4'])
"""

from __future__ import annotations

import functools

from intlscore.engine.reach.best import Best, Value, combine, offer_state, prefers
from intlscore.engine.reach.pool import Pool
from intlscore.engine.reach.shapes import SetShape
from intlscore.engine.reach.slots import CLOSED, PAIRS, moves, needed, slot_code
from intlscore.rules.hand_table import HandType

HAND = 14
MAX_RUNS = 4

ColourTable = dict[tuple[int, int, int], Value]
"""``(tiles, runs, total) -> best value`` for one colour."""


def closest_runs(hand_type: HandType, pool: Pool) -> Best:
    """The most hand tiles a completed runs-only hand of the type keeps, with the outs."""
    return closest_runs_of(SetShape.of(hand_type), pool)


def closest_runs_of(shape: SetShape, pool: Pool) -> Best:
    """As :func:`closest_runs`, for a shape (its groups, if any, are not used)."""
    lo, hi = shape.positions
    limit = shape.max_total
    most_runs = _runs_needed(shape)
    tables = [colour_table(pool, colour, lo, hi, limit, most_runs) for colour in range(4)]
    # (tiles, runs, colours used, total) over the colours so far.
    joined: dict[tuple[int, int, int, int], Value] = {(0, 0, 0, 0): (0, 0, 0)}
    for table in tables:
        after: dict[tuple[int, int, int, int], Value] = {}
        for (tiles, runs, used, total), value in joined.items():
            for (n, r, s), part in table.items():
                if tiles + n > HAND:
                    continue
                if limit is not None and total + s > limit:
                    continue
                offer_state(
                    after,
                    (tiles + n, runs + r, used + (n > 0), total + s),
                    combine(value, part),
                )
        joined = after
    best = Best()
    for (tiles, runs, used, _), value in joined.items():
        if tiles != HAND:
            continue
        if most_runs and shape.allowed_sets is not None and runs not in shape.allowed_sets:
            continue
        if shape.colours is not None and used != shape.colours:
            continue
        best.offer(*value)
    return best


def _runs_needed(shape: SetShape) -> int:
    """The most runs of one colour worth telling apart for the type's conditions.

    With every run a different colour, a colour has at most one run (1). Any
    14 tiles in runs form two to four runs, so a type allowing all of 2, 3 and
    4 need not count them (0); otherwise runs are counted up to four.
    """
    if shape.distinct:
        return 1
    if shape.allowed_sets is None or shape.allowed_sets >= {2, 3, 4}:
        return 0
    return MAX_RUNS


@functools.lru_cache(maxsize=64)
def colour_table(
    pool: Pool, colour: int, lo: int, hi: int, limit: int | None, most_runs: int
) -> ColourTable:
    """Every way one colour's runs between positions ``lo`` and ``hi`` can end.

    Runs are counted up to ``most_runs`` (1: more than one is not allowed; 0:
    not counted at all).

    >>> from intlscore.engine.notation import parse_tiles
    >>> pool = Pool.build(parse_tiles("r3 r4 r5"), (), None)
    >>> table = colour_table(pool, 1, 1, 14, None, MAX_RUNS)
    >>> table[(3, 1, 0)][0], table[(0, 0, 0)]
    (3, (0, 0, 0))
    """
    track_ones = lo == 1 and hi == 14
    # State: slot code | tiles << 4 | runs << 8 | low 1s << 11 | total << 13.
    states: dict[int, Value] = {slot_code(0, 0): (0, 0, 0)}
    cap, hand = pool.cap, pool.hand
    for position in range(lo, hi + 1):
        number = (position - 1) % 13 + 1
        tile = (number - 1) * 4 + colour
        bit = 1 << tile
        shift = 2 * tile
        held = hand[tile]
        flags = (position <= min(hi - 2, 12), track_ones and position == 3, position == 14)
        steps = _steps(*flags)
        after: dict[int, Value] = {}
        for state, (kept, outs, keep) in states.items():
            code = state & 15
            tiles = state >> 4 & 15
            runs = state >> 8 & 7
            low_ones = state >> 11 & 3
            total = state >> 13
            used_low = low_ones if position == 14 else 0
            for copies in range(cap[tile] - used_low + 1):
                new_tiles = tiles + copies
                new_total = total + number * copies if limit is not None else 0
                if new_tiles > HAND or (limit is not None and new_total + HAND - new_tiles > limit):
                    break
                gain = min(used_low + copies, held) - min(used_low, held)
                value = (
                    kept + gain,
                    outs | bit if copies > gain else outs,
                    keep + (gain << shift),
                )
                ones = copies if track_ones and position == 1 else low_ones
                rest = new_tiles << 4 | ones << 11 | new_total << 13
                room = HAND - new_tiles
                for new_code, starts, need in steps[code][copies]:
                    new_runs = runs + starts if most_runs else 0
                    if new_runs > most_runs or need > room:
                        continue
                    key = rest | new_code | new_runs << 8
                    # offer_state, inlined: this is the innermost loop.
                    old = after.get(key)
                    if old is None or value[0] > old[0]:
                        after[key] = value
                    elif value[0] == old[0]:
                        if prefers(value[2], old[2]):
                            after[key] = (old[0], old[1] | value[1], value[2])
                        elif value[1] | old[1] != old[1]:
                            after[key] = (old[0], old[1] | value[1], old[2])
        states = after
    table: ColourTable = {}
    for state, value in states.items():
        if state & 15 in CLOSED:
            offer_state(table, (state >> 4 & 15, state >> 8 & 7, state >> 13), value)
    return table


@functools.cache
def _steps(
    can_start: bool, at_three: bool, at_high_one: bool
) -> tuple[tuple[tuple[tuple[int, int, int], ...], ...], ...]:
    """For each slot code and copies 0-2: the moves with the tiles they still need."""
    return tuple(
        tuple(
            tuple(
                (new_code, starts, needed(new_code))
                for new_code, starts in moves(code, copies, can_start, at_three, at_high_one)
            )
            for copies in range(3)
        )
        for code in range(len(PAIRS))
    )
