"""``reachability``: how far every type of the table is from a hand (R20).

>>> result = reachability("r1-4 r6-13 r1 k5")
>>> royal = result.by_number(24)
>>> royal.distance, [str(out.tile) for out in royal.outs]
(1, ['r5', '*'])
>>> result.by_number(39).reason
'Little blitz needs a win on the first turn (--first-turn)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from intlscore.engine.context import Context, context_allows
from intlscore.engine.rack import Rack, RackKeywords, TileInput, rack_of
from intlscore.engine.reach.blitz import draws_allowed, too_far_reason
from intlscore.engine.reach.impossible import impossible_reason
from intlscore.engine.reach.reach_result import Out, ReachResult, TypeReach
from intlscore.engine.reach.reasons import blocked_reason, context_reason
from intlscore.engine.reach.solve import closest
from intlscore.engine.setsearch.best import Best, mask_indices, unpack_keep
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.tiles import JOKER, Tile
from intlscore.rules.hand_table import HAND_SIZE, HandType

if TYPE_CHECKING:
    from typing import Unpack


def reachability(tiles: Rack | TileInput, **keywords: Unpack[RackKeywords]) -> ReachResult:
    """Distance, outs, keep and reason for every type, for a
    :class:`~intlscore.engine.rack.Rack` of 14 or 15 tiles (without a discard), or those
    tiles and the rack's keywords (:class:`~intlscore.engine.rack.RackKeywords`).

    ``seen`` are tiles known to be out of play (discards, other players' melds),
    ``trump`` the face-up trump; both count toward the two copies of each tile
    (R3), so a seen tile that would make a third copy is a :class:`HandError`
    naming it. The context flags decide types 39 and 40 as in the scorer.
    ``rules`` (a :class:`~intlscore.rules.Rules` or a rules file) gives the
    types; ``table`` is the older keyword for a hand table alone.
    """
    return reach_of(rack_of(tiles, **keywords))


def reach_of(rack: Rack, *, reasons: bool = True) -> ReachResult:
    """:func:`reachability` of a rack; with ``reasons`` false, a type that no completed
    hand can be drawn to says so without naming the tiles that block it (``reason`` None):
    naming them is one search per blocked tile, and the odds read only the distances.

    >>> late = Rack("k1-13 r5", seen="k1 r1 b1 o1 k13 r13 b13 o13")
    >>> reachability(late).by_number(24).reason
    'Royal in black needs k1 twice, one seen; in red needs r1 twice, ...'
    >>> royal = reach_of(late, reasons=False).by_number(24)
    >>> royal.distance, royal.reason
    (None, None)
    """
    request = read_request(rack)
    pool, context, size = request.pool, request.context, len(request.hand)
    entries = tuple(_reach_type(t, pool, context, size, reasons) for t in request.types)
    return request.result(entries)


class Request(NamedTuple):
    """A checked reach question: the hand, what is known, the context and the types."""

    hand: tuple[Tile, ...]
    seen: tuple[Tile, ...]
    trump: Tile | None
    context: Context
    pool: Pool
    types: tuple[HandType, ...]

    def result(self, entries: tuple[TypeReach, ...]) -> ReachResult:
        """The answer, one entry per type in table order."""
        return ReachResult(
            tiles=tuple(sorted(self.hand)),
            seen=tuple(sorted(self.seen)),
            trump=self.trump,
            context=self.context,
            types=entries,
        )


def read_request(rack: Rack) -> Request:
    """A reach question of a rack (checked when it was made; it has no discard)."""
    rack.without_discard()
    pool = Pool.build(rack.tiles, rack.seen, rack.trump)
    return Request(rack.tiles, rack.seen, rack.trump, rack.context, pool, tuple(rack.hands))


def _reach_type(
    hand_type: HandType,
    pool: Pool,
    context: Context,
    hand_size: int = HAND_SIZE,
    reasons: bool = True,
) -> TypeReach:
    def unreachable(reason: str | None) -> TypeReach:
        return TypeReach(hand_type.number, hand_type.name, hand_type.scores, None, (), (), reason)

    if not context_allows(hand_type, context):
        return unreachable(context_reason(hand_type, context))
    best = closest(hand_type, pool)
    if not best.found:
        if not reasons:
            return unreachable(None)
        return unreachable(impossible_reason(hand_type) or blocked_reason(hand_type, pool))
    distance = distance_of(best.kept, pool)
    allowed = draws_allowed(hand_type, context, hand_size)
    if allowed is not None and distance > allowed:
        return unreachable(too_far_reason(hand_type, distance, allowed, context, hand_size))
    return reachable_entry(hand_type, pool, best)


def distance_of(kept: int, pool: Pool) -> int:
    """Draws still needed when a completed hand keeps ``kept`` real hand tiles (R20).

    Every tile it lacks is drawn, or stood in for by a joker of the hand.

    >>> from intlscore.engine.notation import parse_tiles
    >>> distance_of(12, Pool.build(parse_tiles("r1-12 * *"), (), None))
    0
    """
    missing = HAND_SIZE - kept
    return missing - min(pool.jokers, missing)


def least_kept(distance: int, pool: Pool) -> int:
    """The real hand tiles a completed hand keeps when it is ``distance`` draws away.

    The inverse of :func:`distance_of`: a type is at most ``distance`` draws
    away exactly when its closest hands keep this many tiles or more.

    >>> from intlscore.engine.notation import parse_tiles
    >>> pool = Pool.build(parse_tiles("r1-12 * *"), (), None)
    >>> least_kept(0, pool), least_kept(3, pool), distance_of(9, pool)
    (12, 9, 3)
    """
    return HAND_SIZE - pool.jokers - distance


def reachable_entry(hand_type: HandType, pool: Pool, best: Best) -> TypeReach:
    """The entry of a type whose closest completed hands are ``best`` (found)."""
    distance = distance_of(best.kept, pool)
    jokers_used = HAND_SIZE - best.kept - distance
    outs: list[Out] = []
    if distance:
        outs = [Out(Tile(i), pool.unseen(i)) for i in mask_indices(best.outs)]
        outs.sort(key=lambda out: out.tile.rack_key())
        if pool.unseen_jokers:
            outs.append(Out(JOKER, pool.unseen_jokers))
    keep = sorted([Tile(i) for i in unpack_keep(best.keep)] + [JOKER] * jokers_used)
    return TypeReach(
        hand_type.number,
        hand_type.name,
        hand_type.scores,
        distance,
        tuple(outs),
        tuple(keep),
        None,
    )
