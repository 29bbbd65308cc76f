"""``near_reach``: the near part of a reachability answer, without searching far types (R20).

:func:`near_reach` gives what ``near_of(reachability(...), window)`` gives (see
:mod:`.near`) at a fraction of the cost. The types whose search cannot skip far
hands (every type but the set-based ones of the compiled search) are searched in
full first; the closest of them bounds how near the closest type is. Then each
set-based type is searched only for hands at most ``window`` draws beyond the
closest found so far (a floor on the hand tiles kept): its entry is exact when it
is that near, and otherwise it is further away, or unreachable when no completed
hand of it can be drawn to at all. A type limited by the context (R21) is
searched only as far as its draws allow. Reasons are not computed: nothing near
needs one.

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
from intlscore.engine.reach.blitz import draws_allowed
from intlscore.engine.reach.driver import (
    Request,
    TileInput,
    distance_of,
    least_kept,
    reachable_entry,
    read_request,
)
from intlscore.engine.reach.near import NearReach
from intlscore.engine.reach.result import TypeReach
from intlscore.engine.reach.solve import closest, closest_within, formable, prunable
from intlscore.engine.tiles import Tile

if TYPE_CHECKING:
    from pathlib import Path

    from intlscore.rules.hand_table import HandType
    from intlscore.rules.ruleset import Rules


def near_reach(
    tiles: TileInput,
    *,
    window: int,
    seen: TileInput = (),
    trump: str | Tile | None = None,
    first_turn: bool = False,
    original_hand: bool = False,
    starting_player: bool = False,
    rules: Rules | str | Path | None = None,
) -> NearReach:
    """The types at most ``window`` draws beyond the closest, as :func:`reachability` has them.

    The arguments (and the errors) are :func:`~intlscore.engine.reach.reachability`'s.
    """
    if window < 0:
        raise ValueError(f"window must be 0 or more draws, not {window}")
    flags = (first_turn, original_hand, starting_player)
    request = read_request(tiles, seen, trump, flags, rules)
    found: dict[int, TypeReach] = {}
    unreachable: set[int] = set()
    nearest: int | None = None
    full = [t for t in request.types if not prunable(t)]
    pruned = [t for t in request.types if prunable(t)]
    for hand_type in full:
        entry = _full_entry(request, hand_type)
        if entry is None:
            unreachable.add(hand_type.number)
        else:
            found[hand_type.number] = entry
            nearest = _nearer(nearest, entry.distance)
    for hand_type in pruned:
        entry, reachable = _pruned_entry(request, hand_type, nearest, window)
        if entry is not None:
            found[hand_type.number] = entry
            nearest = _nearer(nearest, entry.distance)
        elif not reachable:
            unreachable.add(hand_type.number)
    horizon = (nearest or 0) + window
    near = [found[t.number] for t in request.types if _within(found.get(t.number), horizon)]
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


def _nearer(nearest: int | None, distance: int | None) -> int | None:
    if distance is None:
        return nearest
    return distance if nearest is None else min(nearest, distance)


def _within(entry: TypeReach | None, horizon: int) -> bool:
    return entry is not None and entry.distance is not None and entry.distance <= horizon


def _context(request: Request, hand_type: HandType) -> tuple[bool, int | None]:
    """Whether the context allows the type, and the most draws it leaves (None: no limit)."""
    context = request.context
    allowed = draws_allowed(hand_type, context, len(request.hand))
    return context_allows(hand_type, context), allowed


def _full_entry(request: Request, hand_type: HandType) -> TypeReach | None:
    """The exact entry of a type searched in full; None when it is unreachable."""
    allows, allowed = _context(request, hand_type)
    if not allows:
        return None
    best = closest(hand_type, request.pool)
    if not best.found:
        return None
    if allowed is not None and distance_of(best.kept, request.pool) > allowed:
        return None
    return reachable_entry(hand_type, request.pool, best)


def _pruned_entry(
    request: Request, hand_type: HandType, nearest: int | None, window: int
) -> tuple[TypeReach | None, bool]:
    """The exact entry of a type if it is near enough, and whether it is reachable.

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
        return reachable_entry(hand_type, pool, best), True
    if allowed is not None:
        return None, False  # further than the context allows (R21), or never formed
    return None, floor >= 1 and formable(hand_type, pool)
