"""A quicker "does this pool hold a set-based type" for the compiled set search.

The reach search finds the most kept tiles *and* every out; a holds-check needs
neither the outs nor any hand below ``14 - jokers`` kept tiles. This calls the
compiled search with that floor (branches that cannot reach it are pruned) and
with no outs to gather, target number by target number as the reach search
does (:func:`intlscore.engine.reach.sets.best_over_targets`). It answers the
same as ``closest(...).kept`` whenever the pool holds the type (the tests
compare the two); None when the compiled search is not built.

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.reach.pool import Pool
>>> from intlscore.rules.hand_table import default_table
>>> pool = Pool.build(parse_tiles("k1-13 r5 b5 o5"), (), None)
>>> kept_if_held(default_table().by_number(1), pool) in (14, None)
True
"""

from __future__ import annotations

import functools

from intlscore.engine.reach import native
from intlscore.engine.reach.pool import NUMBERED, Pool
from intlscore.engine.reach.sets import kept_cap
from intlscore.engine.reach.shapes import SetShape, number_mask, target_numbers
from intlscore.rules.hand_table import HAND_SIZE, HandType

NOT_HELD = -1


@functools.cache
def _usable(shape: SetShape) -> tuple[bool, ...]:
    return tuple(shape.usable(index) for index in range(NUMBERED))


def kept_if_held(hand_type: HandType, pool: Pool) -> int | None:
    """Most real tiles kept when the pool holds the type, :data:`NOT_HELD` when it does not,
    None when this quick path cannot answer (no compiled search)."""
    module = native._NATIVE
    if module is None:
        return None
    shape = SetShape.of(hand_type)
    usable = _usable(shape)
    open_ = bytes(count if usable[i] else 0 for i, count in enumerate(pool.hand))
    let_go = 0
    for index, count in enumerate(pool.hand):
        if count and not usable[index]:
            let_go |= 1 << index
    shape_args, fillers = native._arguments(shape)
    cap = bytes(pool.cap)
    same = shape.same_number or 0
    floor = max(0, HAND_SIZE - pool.jokers)
    best = NOT_HELD
    for target in target_numbers(shape):
        most = kept_cap(shape, pool, target)
        need = max(floor, best + 1)
        if most < need:
            continue
        kept, _outs, keep = module.closest_sets(
            open_, cap, let_go, 0, shape_args, fillers, same, number_mask(target), most, need - 1
        )
        if keep and kept >= need:
            best = kept
    return best
