"""What a position one draw from the end is told by its parent (the play search, R23).

Most of an exact search is positions one draw from the end: 14 tiles, one draw to come.
What they win with each last tile is read from one walk that their parent already made
(:func:`~intlscore.engine.setsearch.drawn_pairs.drawn_pairs`: what 13 tiles make with any two
drawn tiles), not from a walk of their own. A :class:`Hint` carries that walk to the
child; the functions here derive a child's walk where its tiles are not 13 tiles and a
drawn one (a drawn tile thrown back, a drawn joker kept). Both builds read them alike:
``native/play.c`` has the same functions under the same names.

Without a joker, the 14 tiles ``k1-13 o5`` throw a drawn o5 back; Single colour runs
then win with any last tile (the hand holds it alone):

>>> child = back_child(0, DrawnPairs(one=(1 << 52) - 1), 0, kind=1, copies=2)
>>> child is not None and child.one == (1 << 52) - 1
True
"""

from __future__ import annotations

from dataclasses import dataclass

from intlscore.engine.setsearch.drawn_pairs import DrawnPairs
from intlscore.engine.setsearch.pool import NUMBERED

ANY_NUMBERED = (1 << NUMBERED) - 1
"""A mask of every numbered kind."""
ALL_TYPES = -1
"""A mask of every type slot (the search holds at most 64)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """What a position is known to win at its next draw from its parent (one draw from
    the end, or further where its parent walked the 13 tiles its discard leaves): the type
    slots that may hold it with a joker (``possible``), those among them for which that is
    certain (``sure``, set-based), and where the parent walked 13 tiles in pairs mode,
    what each slot makes of them and any two drawn tiles (``pairs``, per slot; the
    position being those 13 tiles and the tile ``drawn``); ``walked``: the slots whose
    ``possible`` bit is exact either way (a parent check read from it); ``completes`` and
    ``fails``: the slots not built from sets whose ``may_complete`` (both jokers held) the
    parent's 13 tiles decide, passed or failed."""

    possible: int = ALL_TYPES
    sure: int = 0
    pairs: tuple[DrawnPairs | None, ...] | None = None
    drawn: int = -1
    walked: int = 0
    completes: int = 0
    fails: int = 0


NO_HINT = Hint()
"""Nothing known: every type is weighed by the position's own checks."""


def back_child(
    jokers: int, back: DrawnPairs, outs: int, kind: int, copies: int
) -> DrawnPairs | None:
    """The hint pairs of one set-based slot for the child that throws a drawn ``kind``
    back (14 tiles with at most one joker, ``jokers``), read with ``kind`` as the drawn
    tile, or None where it cannot win. ``back``: the walk of the 14 tiles
    (:meth:`~intlscore.engine.odds.child_hints.ChildHints.throw_back`), ``outs`` the tiles that
    complete them without a joker; ``copies``: the unseen copies of the kind before it
    was thrown. Without a joker the 14 tiles' outs serve, less the kind once its last copy
    is gone. With one, a hand of the walk still counts unless it stands in for more
    copies of the kind than are left: it holds the type alone when the joker may stand in
    for a tile still free, and a tile z completes it when it pairs with another the joker
    stands in for; where the 13 real tiles and z complete it, the joker is thrown (kept
    14, R12).

    >>> back_child(0, DrawnPairs(), outs=0b101, kind=2, copies=1).pair[2]  # kind 2 gone
    1
    """
    bit = 1 << kind
    gone = bit if copies == 1 else 0  # its last copy thrown: not drawn again
    child = DrawnPairs()
    if not jokers:
        child.one = back.one
        child.pair[kind] = outs & ~gone
        return child if child.one or child.pair[kind] else None
    alone = (back.one & ~gone) != 0
    winners = 0
    if not alone:
        for z, partners in enumerate(back.pair):
            if z == kind:
                if gone:
                    continue
                partners &= ~bit  # two copies of the kind: one is left
            if partners & ~gone:
                winners |= 1 << z
    child.one = bit if alone else 0
    child.pair[kind] = winners
    child.joker_free[kind] = back.one & ~gone
    return child if alone or winners else None


def back_child_two_jokers(
    back: DrawnPairs, paired: int, kind: int, copies: int
) -> DrawnPairs | None:
    """:func:`back_child` for 14 tiles holding both jokers (12 real): the walk's hands
    keeping all 12 stand in for two tiles (``joker_free``), those keeping 11 for three
    (``paired``: every tile of one; ``pair``: every two tiles of one). A drawn tile z then
    wins keeping 13 real tiles when a hand keeping 12 stands in for z (a joker for the
    other tile, the other joker thrown, R12), and keeping 12 when the 14 tiles hold the
    type alone or a hand keeping 11 stands in for z. Throwing ``kind`` back leaves one
    copy fewer to stand in for (``copies``: the unseen copies before the draw): a hand
    standing in for fewer copies of it than are left is still a hand. Where every hand
    is (no hand stands in for the kind, or its last copy is not gone and no hand stands in
    for two copies), the child is read from the walk; otherwise None, and the child walks
    its own tiles.

    >>> back_child_two_jokers(DrawnPairs(one=0b10), paired=0, kind=1, copies=1) is None
    True
    >>> back_child_two_jokers(DrawnPairs(one=0b10), paired=0, kind=0, copies=1).one
    1
    >>> back_child_two_jokers(DrawnPairs(one=0b10), paired=0, kind=1, copies=2).one
    2
    """
    bit = 1 << kind
    twice = (back.joker_free[kind] | back.pair[kind]) & bit
    if (back.one | paired) & bit and (copies < 2 or twice):
        return None
    alone = back.one != 0
    child = DrawnPairs()
    child.one = bit if alone else 0
    child.pair[kind] = 0 if alone else paired
    child.joker_free[kind] = back.one
    return child


def joker_child(pairs: DrawnPairs) -> DrawnPairs | None:
    """The hint pairs of one set-based slot for 13 tiles with one joker at most
    (``pairs``, their walk) and a drawn joker, read with drawn tile 0, or None where it
    cannot win: the 14 tiles hold the type alone when some tile completes the 13 (the
    joker drawn stands in for it), and then a tile that completes the 13 keeps one real
    tile more (a joker is thrown, R12); otherwise a drawn tile wins when it completes them
    with another the joker drawn stands in for, keeping all real tiles but one.

    >>> joker_child(DrawnPairs()) is None, joker_child(DrawnPairs(one=0b100)).joker_free[0]
    (True, 4)
    """
    paired = pairs.paired
    if not pairs.one and not paired:
        return None
    child = DrawnPairs()
    child.one = 1 if pairs.one else 0
    child.joker_free[0] = pairs.one
    child.pair[0] = paired
    return child
