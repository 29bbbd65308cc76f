"""The near part of a reachability answer: the closest types and those a few draws further.

The default ``intlscore reach`` view shows only the closest types and the most
valuable within ``window`` draws of them. A :class:`NearReach` holds what that
needs: the exact entry of every type at most :attr:`NearReach.horizon` draws
away (as :func:`~intlscore.engine.reach.reachability` gives it), and only the
numbers of the other types, reachable further away or unreachable (R20, R21).
:func:`near_of` cuts it from a full answer; :func:`~intlscore.engine.reach.near_reach`
finds it without computing the far types at all.

Red 1 to 13 but the 5, another red 1 and k5: one draw (r5) from Royal, from
Single colour runs and odd, and from Basic; two from Two colours (the k5 in a
black run). Types 39 and 40 need a first turn or the dealt hand.

>>> from intlscore.engine.reach import reachability
>>> near = near_of(reachability("r1-4 r6-13 r1 k5"), window=1)
>>> near.nearest, near.horizon, len(near.further), near.unreachable
(1, 2, 33, (39, 40))
>>> [(entry.number, entry.distance) for entry in near.near]
[(1, 1), (19, 2), (22, 1), (23, 1), (24, 1)]
"""

from __future__ import annotations

from typing import NamedTuple

from intlscore.engine.context import Context
from intlscore.engine.reach.reach_result import ReachResult, TypeReach
from intlscore.engine.tiles import Tile


class NearReach(NamedTuple):
    """The types at most ``window`` draws beyond the closest, in full; the others counted."""

    tiles: tuple[Tile, ...]
    """The hand (14 or 15 tiles), in rack order."""
    seen: tuple[Tile, ...]
    trump: Tile | None
    context: Context
    window: int
    """Draws beyond the closest type that still count as near."""
    near: tuple[TypeReach, ...]
    """Every type at most :attr:`horizon` draws away, as the full answer has it (table order)."""
    further: tuple[int, ...]
    """Numbers of the reachable types more than :attr:`horizon` draws away (table order)."""
    unreachable: tuple[int, ...]
    """Numbers of the types no draws can reach (table order)."""

    @property
    def nearest(self) -> int | None:
        """Draws to the closest type; None when no type is reachable."""
        return min((e.distance for e in self.near if e.distance is not None), default=None)

    @property
    def horizon(self) -> int | None:
        """The most draws a near type is away: :attr:`nearest` plus :attr:`window`."""
        nearest = self.nearest
        return None if nearest is None else nearest + self.window

    @property
    def type_count(self) -> int:
        """How many types the table has."""
        return len(self.near) + len(self.further) + len(self.unreachable)


def near_of(result: ReachResult, window: int) -> NearReach:
    """The near part of a full answer: what :func:`~intlscore.engine.reach.near_reach` gives."""
    reachable = [e for e in result.types if e.distance is not None]
    nearest = min((e.distance for e in reachable if e.distance is not None), default=0)
    near = tuple(e for e in reachable if e.distance is not None and e.distance <= nearest + window)
    shown = {e.number for e in near}
    return NearReach(
        tiles=result.tiles,
        seen=result.seen,
        trump=result.trump,
        context=result.context,
        window=window,
        near=near,
        further=tuple(e.number for e in reachable if e.number not in shown),
        unreachable=tuple(e.number for e in result.types if e.distance is None),
    )
