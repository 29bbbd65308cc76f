"""The compiled set search, when it was built: the same answers, about 100 times faster.

``intlscore._native`` is a C port of :mod:`intlscore.engine.setsearch.keep_most` (built
with the wheel; see ``hatch_build.py``). Where it is missing (no C compiler when installing) or
``INTLSCORE_PURE_PYTHON=1`` is set, :data:`AVAILABLE` is false, :data:`SEARCH`
says ``"pure Python"`` and the pure-Python searches answer instead; tests compare
the two. Run from a source checkout (which holds no compiled file), the installed
wheel's copy is used.

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.rules.hand_table import default_table
>>> from intlscore.engine.setsearch.shapes import SetShape
>>> hand = parse_tiles("k1-4 r5 b5 o5 k9-12 r13 b13 o1")
>>> shape = SetShape.of(default_table().by_number(1))
>>> pool = Pool.build(hand, (), None)
>>> from intlscore.engine.setsearch.keep_most import closest_sets
>>> closest_sets(shape, pool).kept
13
>>> not AVAILABLE or closest_sets_native(shape, pool) == closest_sets(shape, pool)
True
"""

from __future__ import annotations

import functools

from intlscore.engine.native import (
    _NATIVE,
    AVAILABLE,
    MODULE,
    PURE_PYTHON_VARIABLE,
    SEARCH,
    tell_if_missing,
)
from intlscore.engine.setsearch import keep_most
from intlscore.engine.setsearch.best import Best
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.setsearch.shapes import SetShape, filler_sets, number_mask

__all__ = [
    "AVAILABLE",
    "MODULE",
    "PURE_PYTHON_VARIABLE",
    "SEARCH",
    "_NATIVE",
    "closest_sets_native",
    "formable_native",
    "tell_if_missing",
]

ShapeArgs = tuple[int, int, int, int, int, int, int, int, int, int]
FillerArgs = tuple[tuple[int, int, int, int, int], ...]


def closest_sets_native(shape: SetShape, pool: Pool, floor: int = -1) -> Best:
    """As :func:`.keep_most.closest_sets` (``floor`` included), computed by the compiled module."""
    open_, let_go, full = keep_most.search_start(shape, pool)
    return keep_most.best_over_targets(
        shape, pool, _searcher(shape, pool, open_, let_go, full), floor
    )


def formable_native(shape: SetShape, pool: Pool) -> bool:
    """Whether any completed hand of the shape fits the pool's limits (R3), whatever the hand.

    The search from an empty hand, where every tile must be drawn: its first
    pass alone (``full`` empty, so no outs are gathered) says whether a hand
    exists. The hand's own tiles never matter: a completed hand keeps the hand
    copies it uses and draws the rest.

    >>> from intlscore.engine.notation import parse_tiles
    >>> from intlscore.rules.hand_table import default_table
    >>> four_colours = SetShape.of(default_table().by_number(13))  # four runs, four colours
    >>> not AVAILABLE or formable_native(four_colours, Pool.build((), (), None))
    True
    >>> no_orange = parse_tiles("o1-13 o1-13")  # both copies of every orange tile seen
    >>> AVAILABLE and formable_native(four_colours, Pool.build((), no_orange, None))
    False
    """
    empty = [0] * len(pool.hand)
    search = _searcher(shape, pool, empty, 0, 0)
    return keep_most.best_over_targets(shape, pool._replace(hand=tuple(empty)), search).found


def _searcher(
    shape: SetShape, pool: Pool, open_: list[int], let_go: int, full: int
) -> keep_most.TargetSearch:
    """The compiled search for one target number, from these open hand tiles."""
    if _NATIVE is None:
        raise RuntimeError("the compiled set search (intlscore._native) is not available")
    shape_args, fillers = _arguments(shape)
    hand, cap = bytes(open_), bytes(pool.cap)
    same = shape.same_number or 0
    module = _NATIVE

    def search(target: int | None, most: int, floor: int) -> Best:
        kept, outs, keep = module.closest_sets(
            hand, cap, let_go, full, shape_args, fillers, same, number_mask(target), most, floor
        )
        return Best(kept, outs, keep)

    return search


@functools.cache
def _arguments(shape: SetShape) -> tuple[ShapeArgs, FillerArgs]:
    """The shape and its filler sets as the flat integers the C code reads."""
    low, high = shape.positions
    allowed = 0 if shape.allowed_sets is None else sum(1 << n for n in shape.allowed_sets)
    shape_args: ShapeArgs = (
        int(shape.groups),
        int(shape.runs),
        low,
        high,
        shape.max_sets,
        allowed,
        int(shape.distinct),
        -1 if shape.colours is None else shape.colours,
        -1 if shape.max_total is None else shape.max_total,
        sum(1 << number for number in shape.numbers),
    )
    fillers = tuple(
        (cand.mask, len(cand.cells), cand.total, cand.colours, cand.run_colour)
        for cand in filler_sets(shape)
    )
    return shape_args, fillers
