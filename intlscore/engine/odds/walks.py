"""The play search's pairs walks of 12, 13 or 14 tiles, each made once for many positions.

What a position one draw from the end wins with each last tile is read from
:func:`~intlscore.engine.setsearch.drawn_pairs.drawn_pairs` of the 13 tiles its discard leaves
(or of its 14 tiles with jokers). Positions reach the same tiles under many caps, and the
same 12 or 13 tiles with many drawn tiles: :class:`Walks` walks the tiles once, under the
highest caps any such position has (:func:`~intlscore.engine.setsearch.drawn_pairs.stood_hands`),
and reads each position's masks from that walk.
"""

from __future__ import annotations

from dataclasses import dataclass

from intlscore.engine.odds.positions import thrown_back
from intlscore.engine.odds.slots import Slots
from intlscore.engine.setsearch.drawn_pairs import DrawnPairs, StoodHands, drawn_pairs, stood_hands
from intlscore.engine.setsearch.pool import NUMBERED, Pool
from intlscore.errors import known
from intlscore.rules.hand_table import HAND_SIZE


@dataclass(frozen=True, slots=True)
class Walked:
    """A pairs walk of 13 tiles (:meth:`Expectimax.pairs_walk`): the caps it was walked with,
    what it found, and the kinds its hands stand in for (``stood``: a drawn tile or a
    joker, in ``one`` or in a pair)."""

    cap: tuple[int, ...]
    pairs: DrawnPairs
    stood: int

    def serves(self, cap: tuple[int, ...]) -> bool:
        """Whether the walk is also the walk of the same tiles under ``cap``: where no cap
        is above the walk's and every kind whose cap is below it is one no hand of the
        walk stands in for. A lower cap only takes away the hands that stand in for more
        copies of its kind than it allows, so with no such hand every hand stays, and so
        does every mask.

        >>> Walked((2, 2), DrawnPairs(one=0b10), 0b10).serves((1, 2))
        True
        >>> Walked((2, 2), DrawnPairs(one=0b10), 0b10).serves((2, 1))
        False
        """
        for kind, (walked, now) in enumerate(zip(self.cap, cap, strict=True)):
            if now != walked and (now > walked or self.stood >> kind & 1):
                return False
        return True


class Walks:
    """The pairs walks of one play search's set-based slots, kept per tiles and caps."""

    def __init__(self, slots: Slots) -> None:
        self.specs = slots.specs
        self.narrowed = slots.narrowed
        self.walks: dict[tuple[tuple[int, ...], int, int], Walked] = {}
        self.stood: dict[tuple[tuple[int, ...], int, int, tuple[int, ...]], StoodHands] = {}
        """Per 12 or 13 tiles, slot and caps, their :func:`.stood_hands` (:meth:`derived`)."""
        self.top_hand = self.top_cap = (0,) * NUMBERED
        """The most copies held and the most caps of any position asked for
        (:meth:`raise_tops`): the positions below hold no tile of a kind it did not hold
        unless drawn, and their caps are no higher (:meth:`pairs_walk`)."""

    def raise_tops(self, pool: Pool) -> None:
        """Counts a position asked for (:meth:`.Expectimax.value`) in the top copies held
        and the top caps."""
        self.top_hand = tuple(map(max, self.top_hand, pool.hand))
        self.top_cap = tuple(map(max, self.top_cap, pool.cap))

    def pairs_walk(self, slot: int, pool: Pool) -> DrawnPairs:
        """:func:`.drawn_pairs` of a set-based slot for 13 tiles, found once for the
        tiles (and their jokers) under the highest caps a position holding them can have
        (:meth:`derived`), and kept for every position whose caps it serves
        (:meth:`Walked.serves`): the same masks. Each copy held above was thrown to leave
        these tiles, a cap lower by one each (:meth:`top_caps`); a tile drawn and thrown
        back lowers one more, so positions reach the same 13 tiles with many caps. Where
        the masks kept do not serve, :meth:`derived` reads them under the position's own
        caps."""
        key = (pool.hand, pool.jokers, slot)
        walked = self.walks.get(key)
        if walked is None:
            top = self.top_caps(pool.hand)
            if all(map(int.__le__, pool.cap, top)):
                found = self.derived(slot, pool._replace(cap=top))
                walked = self.walks[key] = Walked(top, found, found.one | found.paired)
        if walked is not None and walked.serves(pool.cap):
            return walked.pairs
        return self.derived(slot, pool)

    def derived(self, slot: int, pool: Pool) -> DrawnPairs:
        """:func:`.drawn_pairs` of a set-based slot for 13 tiles, or 14 with jokers, read
        from one walk of the tiles every position around them holds (:func:`.stood_hands`,
        walked once per tiles, slot and top caps): where the tiles hold one copy more of a
        numbered kind x than any position asked for (:meth:`raise_tops`), they are tiles
        such positions hold and a drawn x (12 and x, or 13 and x: a drawn tile to throw
        back, :meth:`.ChildHints.throw_back`); 14 tiles no position exceeds are 13 and
        their last kind, walked under the 14 tiles' top caps; otherwise 13 tiles are their
        own. The tiles without x are walked under the top caps of the tiles with x, and any
        lower caps (a tile drawn and thrown back) only take hands away: the same masks as a
        walk of the tiles under their own caps, which is made where there is no such walk
        (caps above the top caps).

        With Single colour runs alone, the 13 tiles ``k1-12 o5`` of a position holding
        ``k1-11 o5 o6 o7`` are its 12 tiles ``k1-11 o5`` and a drawn k12:

        >>> from intlscore.engine.odds.positions import drawn, thrown
        >>> from intlscore.engine.odds.start import set_up
        >>> from intlscore.engine.tiles import Tile
        >>> rack = set_up("k1-11 o5 o6 o7")
        >>> walks = Walks(Slots.of([(rack.table.by_number(23), None)]))
        >>> walks.raise_tops(rack.pool)
        >>> leaves = thrown(thrown(drawn(rack.pool, Tile("k12").index), Tile("o6").index),
        ...                 Tile("o7").index)
        >>> found = walks.derived(0, leaves)
        >>> len(walks.stood), found == drawn_pairs(walks.specs[0], leaves)
        (1, True)
        >>> [str(Tile(z)) for z in range(52) if found.pair[Tile("k13").index] >> z & 1]
        ['k1', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9', 'k10', 'k11', 'k12']
        """
        excess = [
            kind
            for kind, (held, most) in enumerate(zip(pool.hand, self.top_hand, strict=True))
            if held > most
        ]
        added: int | None = None
        if len(excess) == 1 and pool.hand[excess[0]] == self.top_hand[excess[0]] + 1:
            added = excess[0]
        elif not excess and sum(pool.hand) + pool.jokers == HAND_SIZE:
            added = max(kind for kind, held in enumerate(pool.hand) if held)
        base = pool if added is None else thrown_back(pool, added)
        top = self.top_caps(pool.hand)
        size = sum(base.hand) + base.jokers
        if (size == HAND_SIZE - 1 or (size == HAND_SIZE - 2 and added is not None)) and all(
            map(int.__le__, pool.cap, top)
        ):
            return self.stood_hands(slot, base, top).drawn_pairs(pool, added)
        return known(drawn_pairs(self.specs[slot], pool), "the pairs walk of 13 or 14 tiles")

    def stood_hands(self, slot: int, base: Pool, top: tuple[int, ...]) -> StoodHands:
        """:func:`.stood_hands` of a set-based slot for 12 or 13 tiles under the caps
        ``top``, once per tiles, slot and caps. Where the slot's type is a narrower one's
        (:attr:`narrowed`) and the tiles are all its own, the wider type's hands within its
        tiles (:meth:`.StoodHands.within`): the same hands, without a walk of their own."""
        key = (base.hand, base.jokers, slot, top)
        hands = self.stood.get(key)
        if hands is None:
            narrowed = self.narrowed[slot]
            if narrowed is not None and within(base.hand, narrowed[1]):
                hands = self.stood_hands(narrowed[0], base, top).within(narrowed[1])
            else:
                walked = stood_hands(self.specs[slot], base._replace(cap=top))
                hands = known(walked, "the stood walk of 12 or 13 tiles")
            self.stood[key] = hands
        return hands

    def top_caps(self, hand: tuple[int, ...]) -> tuple[int, ...]:
        """The highest caps of a position below those asked for (:meth:`raise_tops`)
        holding ``hand``: the top caps, less one for each copy held above and not here (it
        was thrown, R3)."""
        return tuple(
            cap - max(0, most - held)
            for cap, most, held in zip(self.top_cap, self.top_hand, hand, strict=True)
        )


def within(hand: tuple[int, ...], tiles: int) -> bool:
    """Whether every kind held is one of the mask ``tiles``."""
    return all(not held or tiles >> kind & 1 for kind, held in enumerate(hand))
