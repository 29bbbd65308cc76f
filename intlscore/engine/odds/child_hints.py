"""What a position of the play search tells its children about their next draw (R23).

Two draws from the end, a position walks, once per discard, the 13 tiles the discard
leaves (:meth:`ChildHints.useful_draws`): every child made of them and a drawn tile reads
its wins at the last draw from that walk (:func:`drawn_hint`), and a discard that leaves
no win whatever comes is not searched. A child that throws the drawn tile back
(:meth:`ChildHints.back_hint`) or keeps a drawn joker (:meth:`ChildHints.joker_hint`)
reads them from a walk of the parent's own tiles. The hints themselves are
:class:`~intlscore.engine.odds.hints.Hint`.
"""

from __future__ import annotations

from dataclasses import dataclass

from intlscore.engine.odds.firsts import Firsts
from intlscore.engine.odds.hints import (
    ANY_NUMBERED,
    Hint,
    back_child,
    back_child_two_jokers,
    joker_child,
)
from intlscore.engine.odds.positions import allowed, thrown
from intlscore.engine.odds.slots import Slots
from intlscore.engine.odds.walks import Walks
from intlscore.engine.reach.solve import closest_within, kept_within
from intlscore.engine.setsearch.drawn_pairs import DrawnPairs
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.tiles import JOKER_INDEX
from intlscore.errors import InternalError
from intlscore.rules.hand_table import HAND_SIZE, SET_STRUCTURES, HandTable


@dataclass(frozen=True, slots=True)
class Useful:
    """:meth:`Expectimax.useful_draws` of 13 tiles: per type slot, the numbered kinds drawn
    next that may still win at the last draw (``may``); the set-based slots, for which
    that is exact (``sure``), and their pairs walks (``pairs``, None without one). For 13
    tiles holding both jokers, the slots not built from sets that any drawn tile passes
    (``completes``) or none does (``fails``) through :meth:`Expectimax.may_complete`."""

    may: tuple[int, ...]
    sure: int
    pairs: tuple[DrawnPairs | None, ...] | None
    completes: int = 0
    fails: int = 0


@dataclass(frozen=True, slots=True)
class ThrowBack:
    """:meth:`Expectimax.throw_back` of 14 tiles: per type slot, the walk of the 14 tiles
    (None: not set-based, or not allowed at the draw) and the tiles completing them."""

    pairs: tuple[DrawnPairs | None, ...]
    outs: tuple[int, ...]


class ChildHints:
    """The hints of one play search's positions for their children, their walks kept."""

    def __init__(self, table: HandTable, slots: Slots, walks: Walks) -> None:
        self.types = slots.types
        self.walks = walks
        self.two_jokers = Firsts(table, [(JOKER_INDEX, JOKER_INDEX)])
        self.useful_memo: dict[tuple[Pool, int], Useful] = {}

    def joker_hint(self, found: Useful) -> Hint:
        """The hint of the child that keeps a drawn joker, the 13 tiles left holding one
        at most: its wins from the same pairs walk of the 13 (:func:`.hints.joker_child`)."""
        possible = sure = 0
        pairs: list[DrawnPairs | None] = [None] * len(self.types)
        for slot, (hand_type, _limit) in enumerate(self.types):
            walked = found.pairs[slot] if found.pairs is not None else None
            if hand_type.structure not in SET_STRUCTURES:
                possible |= 1 << slot
            elif found.sure >> slot & 1 and walked is not None:
                pairs[slot] = joker_child(walked)
                if pairs[slot] is not None:
                    possible |= 1 << slot
                    sure |= 1 << slot
        return Hint(possible, sure, tuple(pairs), 0)

    def back_hint(self, pool: Pool, back: ThrowBack, kind: int, copies: int, draw: int) -> Hint:
        """The hint of the child that throws the drawn ``kind`` back: the 14 tiles again,
        one copy fewer to draw, its wins read from one walk of the 14 per type
        (:meth:`throw_back`; :func:`.hints.back_child`, and with both jokers held
        :func:`.hints.back_child_two_jokers`, where a type whose hands stand in for the
        kind thrown back walks the child's own tiles)."""
        possible = sure = 0
        pairs: list[DrawnPairs | None] = [None] * len(self.types)
        for slot, (hand_type, limit) in enumerate(self.types):
            set_based = hand_type.structure in SET_STRUCTURES
            if pool.jokers == 2:
                if not set_based or not allowed(limit, draw):
                    possible |= 1 << slot
                    continue
                walked, paired = back.pairs[slot], back.outs[slot]
                if walked is None:  # a set-based slot of a hinted parent is walked
                    raise InternalError("a thrown-back draw's walk is missing")
                pairs[slot] = back_child_two_jokers(walked, paired, kind, copies)
                if pairs[slot] is None:
                    possible |= 1 << slot
                elif walked.one | paired:
                    possible |= 1 << slot
                    sure |= 1 << slot
                continue
            if not set_based:
                possible |= 1 << slot
                continue
            walked = back.pairs[slot]
            if walked is None:
                continue  # not allowed at the draw: no win
            pairs[slot] = back_child(pool.jokers, walked, back.outs[slot], kind, copies)
            if pairs[slot] is not None:
                possible |= 1 << slot
                sure |= 1 << slot
        return Hint(possible, sure, tuple(pairs), kind)

    def throw_back(self, pool: Pool, draw: int) -> ThrowBack:
        """For 14 tiles two draws from the end, the child that throws the drawn tile back
        holds the same 14 tiles, with one copy of that kind fewer to draw: per set-based
        type allowed at its draw ``draw``, one walk of the 14 tiles serves every such
        child. Without a joker it is the outs walk at 13 real tiles: whether they hold the
        type alone (``one`` all tiles) and which drawn tiles complete it (``outs``); with
        jokers, the pairs walk (:func:`.drawn_pairs`: the tiles the jokers stand in for in
        the hands keeping every real tile, and the pairs a hand keeping all but one stands
        in for; with two jokers ``outs`` are the tiles of such pairs)."""
        walks: list[DrawnPairs | None] = [None] * len(self.types)
        outs = [0] * len(self.types)
        for slot, (hand_type, limit) in enumerate(self.types):
            if hand_type.structure not in SET_STRUCTURES or not allowed(limit, draw):
                continue  # draw >= 2
            if pool.jokers:
                walks[slot] = walked = self.walks.derived(slot, pool)
                if pool.jokers == 2:
                    outs[slot] = walked.paired
                continue
            walks[slot] = found = DrawnPairs()
            closest = closest_within(hand_type, pool, HAND_SIZE - 1)
            if closest is not None and closest.kept == HAND_SIZE:
                found.one = ANY_NUMBERED
            elif closest is not None:
                outs[slot] = closest.outs
        return ThrowBack(tuple(walks), tuple(outs))

    def may_win_within_two(self, pool: Pool, draws: tuple[int, ...]) -> bool:
        """Whether 14 tiles may win on one of draw numbers ``draws`` (at most two of them):
        only if they and two jokers in place of the draws hold a type (each drawn tile is
        an unseen copy a joker may stand for, R3). A hand with a joker may always."""
        if pool.jokers:
            return True  # a third joker is not a hand (R3): no shortcut
        return any(
            self.two_jokers.of(hand_type, pool, 2, 2).kept[0] is not None
            for hand_type, limit in self.types
            if any(allowed(limit, draw) for draw in draws)
        )

    def useful_draws(self, pool: Pool, discard: int, draw: int) -> Useful:
        """For 14 tiles two draws from the end and a kind held (``discard``): whether,
        once that kind is thrown after the next draw, each type may still win at the last
        draw (number ``draw``), as the mask (per slot) of the numbered kinds drawn next
        for which it may.

        The 14 tiles kept then win with the last tile only if they and a joker in its
        place hold the type (an unseen copy is one a joker may stand for, R3). For a
        set-based type this is exact (``sure`` marks these slots), found by one walk of
        the 13 tiles left in pairs mode (:func:`.drawn_pairs`): with a joker they hold it
        alone when some tile completes them, and otherwise with the tiles x of the pairs
        (x, z) that complete them keeping all their real tiles but one. The same walk tells
        what the 14 tiles then win with each last tile (``pairs``, read by
        :meth:`.Wins.paired_wins`). Another type may win only if the 13 tiles and two jokers
        hold it (with a joker among the 13, nothing is ruled out). The memo keeps what is
        found for the 13 tiles: two orders of the same two discards leave the same tiles.

        With Single colour runs alone, ``k1-13 o5`` throwing o5 keeps a completed hand
        whatever comes, and throwing k7 needs a black tile (the joker one in its place):

        >>> from intlscore.engine.odds.start import set_up
        >>> from intlscore.engine.tiles import Tile
        >>> rack = set_up("k1-13 o5")
        >>> slots = Slots.of([(rack.table.by_number(23), None)])
        >>> hints = ChildHints(rack.table, slots, Walks(slots))
        >>> [bin(hints.useful_draws(rack.pool, Tile(name).index, 2).may[0]).count("1")
        ...  for name in ("o5", "k7")]
        [52, 13]
        """
        after = thrown(pool, discard)
        key = (after, draw)
        known = self.useful_memo.get(key)
        if known is not None:
            return known
        may = [0] * len(self.types)
        walks: list[DrawnPairs | None] = [None] * len(self.types)
        sure = completes = fails = 0
        for slot, (hand_type, limit) in enumerate(self.types):
            if not allowed(limit, draw):
                continue  # draw >= 2: never the hand as dealt (limit 0)
            if hand_type.structure in SET_STRUCTURES:
                sure |= 1 << slot
                walks[slot] = found = self.walks.pairs_walk(slot, after)
                may[slot] = ANY_NUMBERED if found.one else found.paired
            elif after.jokers or self.two_jokers.of(hand_type, after, 2, 2).kept[0] is not None:
                may[slot] = ANY_NUMBERED
            if after.jokers == 2 and hand_type.structure not in SET_STRUCTURES:
                # the 13 tiles and a drawn tile keep at most one real tile more than the
                # 13 do, and never fewer: may_complete asks all their real tiles but one
                kept = kept_within(hand_type, after, HAND_SIZE - 4)
                if kept is None:
                    fails |= 1 << slot
                elif kept >= HAND_SIZE - 3:
                    completes |= 1 << slot
        useful = Useful(tuple(may), sure, tuple(walks) if sure else None, completes, fails)
        self.useful_memo[key] = useful
        return useful


def drawn_hint(found: Useful, kind: int) -> Hint:
    """The hint of a child made of the 13 tiles of ``found`` (:meth:`Expectimax.useful_draws`)
    and a drawn numbered ``kind``: the types it may win at its next draw, those for which
    that is exact, and their walks. One draw from the end, a child that may win nothing
    there is worth nothing; further from the end the hint only finds its wins sooner."""
    possible = 0
    for slot, mask in enumerate(found.may):
        possible |= (mask >> kind & 1) << slot
    return Hint(
        possible, possible & found.sure, found.pairs, kind, found.sure, found.completes, found.fails
    )
