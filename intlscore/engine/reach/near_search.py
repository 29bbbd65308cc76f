"""``near_reach``: the near part of a reachability answer, without searching far types (R20).

:func:`near_reach` gives what ``near_of(reachability(...), window)`` gives (see
:mod:`.near`) at a fraction of the cost. The types whose search cannot skip far
hands (the "any" and pairs types, and the set-based ones without the compiled
search) are searched in full first; the closest of them bounds how near the
closest type is. Then each fixed sequence, then each set-based type, is searched
only for hands at most ``window`` draws beyond the closest found so far (a floor
on the hand tiles kept): its entry is exact when it is that near (a near
sequence is searched again in full, for its keep), and otherwise it is further
away, or unreachable when no completed hand of it can be drawn to at all. A
type limited by the context (R21) is searched only as far as its draws allow.
Reasons are not computed: nothing near needs one.

>>> from intlscore.engine.reach import reachability
>>> from intlscore.engine.reach.near import near_of
>>> hand = "k2 r7 b13 o4 k9 r3 b6 o11 k12 r1 b8 o2 k6 r10"
>>> near = near_reach(hand, window=2)
>>> near.nearest, [(entry.number, entry.distance) for entry in near.near]
(2, [(28, 2)])
>>> near == near_of(reachability(hand), window=2)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from intlscore.engine.context import context_allows
from intlscore.engine.rack import Rack, RackKeywords, TileInput, rack_of
from intlscore.engine.reach.blitz import draws_allowed
from intlscore.engine.reach.driver import (
    Request,
    distance_of,
    least_kept,
    reachable_entry,
    read_request,
)
from intlscore.engine.reach.near import NearReach
from intlscore.engine.reach.reach_result import TypeReach
from intlscore.engine.reach.solve import closest, closest_within, formable, prunable
from intlscore.engine.setsearch.best import Best
from intlscore.engine.spec import SEQUENCE, type_spec

if TYPE_CHECKING:
    from typing import Unpack

    from intlscore.engine.setsearch.pool import Pool
    from intlscore.rules.hand_table import HandType


def near_reach(
    tiles: Rack | TileInput, *, window: int, **keywords: Unpack[RackKeywords]
) -> NearReach:
    """The types at most ``window`` draws beyond the closest, as :func:`reachability` has them.

    The arguments (and the errors) are :func:`~intlscore.engine.reach.reachability`'s.
    """
    if window < 0:
        raise ValueError(f"window must be 0 or more draws, not {window}")
    rack = rack_of(tiles, **keywords)
    request = read_request(rack)
    pool = request.pool
    found: dict[int, Best] = {}
    unreachable: set[int] = set()
    nearest: int | None = None
    full = [t for t in request.types if not prunable(t)]
    # The fixed sequences first: their programme is cheap even when they are close,
    # and the closer the closest so far, the more of the set searches is pruned.
    pruned = sorted(
        (t for t in request.types if prunable(t)),
        key=lambda t: type_spec(t).structure != SEQUENCE,
    )
    for hand_type in full:
        best = _full_best(request, hand_type)
        if best is None:
            unreachable.add(hand_type.number)
        else:
            found[hand_type.number] = best
            nearest = _nearer(nearest, distance_of(best.kept, pool))
    for hand_type in pruned:
        best, reachable = _pruned_best(request, hand_type, nearest, window)
        if best is not None:
            found[hand_type.number] = best
            nearest = _nearer(nearest, distance_of(best.kept, pool))
        elif not reachable:
            unreachable.add(hand_type.number)
    horizon = (nearest or 0) + window
    near = [
        _entry(hand_type, pool, found[hand_type.number])
        for hand_type in request.types
        if hand_type.number in found and distance_of(found[hand_type.number].kept, pool) <= horizon
    ]
    shown = {entry.number for entry in near}
    numbers = [t.number for t in request.types]
    return NearReach(
        tiles=tuple(sorted(request.hand)),
        seen=tuple(sorted(request.seen)),
        trump=request.trump,
        context=request.context,
        window=window,
        near=tuple(near),
        further=tuple(n for n in numbers if n not in shown and n not in unreachable),
        unreachable=tuple(n for n in numbers if n in unreachable),
    )


def _nearer(nearest: int | None, distance: int) -> int:
    return distance if nearest is None else min(nearest, distance)


def _entry(hand_type: HandType, pool: Pool, best: Best) -> TypeReach:
    """The entry of a near type, as the full search gives it.

    A fixed sequence searched with a floor has the right distance and outs but
    maybe another closest hand's keep (:func:`.sequences.closest_sequences`): the
    few near ones are searched again in full.
    """
    if type_spec(hand_type).structure == SEQUENCE:
        best = closest(hand_type, pool)
    return reachable_entry(hand_type, pool, best)


def _context(request: Request, hand_type: HandType) -> tuple[bool, int | None]:
    """Whether the context allows the type, and the most draws it leaves (None: no limit)."""
    context = request.context
    allowed = draws_allowed(hand_type, context, len(request.hand))
    return context_allows(hand_type, context), allowed


def _full_best(request: Request, hand_type: HandType) -> Best | None:
    """The closest hands of a type searched in full; None when it is unreachable."""
    allows, allowed = _context(request, hand_type)
    if not allows:
        return None
    best = closest(hand_type, request.pool)
    if not best.found:
        return None
    if allowed is not None and distance_of(best.kept, request.pool) > allowed:
        return None
    return best


def _pruned_best(
    request: Request, hand_type: HandType, nearest: int | None, window: int
) -> tuple[Best | None, bool]:
    """The closest hands of a type if it is near enough, and whether it is reachable.

    Near enough: at most ``window`` draws beyond ``nearest`` (the closest so far;
    None searches in full), or, for a type the context limits, within its draws.
    """
    allows, allowed = _context(request, hand_type)
    if not allows:
        return None, False
    pool = request.pool
    limit = allowed if allowed is not None else None if nearest is None else nearest + window
    floor = -1 if limit is None else least_kept(limit, pool)
    best = closest_within(hand_type, pool, floor)
    if best is not None:
        return best, True
    if allowed is not None:
        return None, False  # further than the context allows (R21), or never formed
    return None, floor >= 1 and formable(hand_type, pool)
