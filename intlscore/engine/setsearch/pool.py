"""What is in the hand and what can still be drawn (R3, R20).

A :class:`Pool` holds, for each of the 52 numbered tiles, the copies in the
hand, the copies known elsewhere (the trump, the seen tiles) and so the most
copies a completed hand may *represent*: two minus the known ones (R3). The
copies still drawable are those minus the hand's copies.

>>> from intlscore.engine.notation import parse_tiles
>>> pool = Pool.build(parse_tiles("r5 r5 k1 *"), seen=parse_tiles("k1"), trump=None)
>>> r5, k1 = parse_tiles("r5 k1")
>>> pool.hand[r5.index], pool.cap[r5.index], pool.unseen(r5.index)
(2, 2, 0)
>>> pool.hand[k1.index], pool.cap[k1.index], pool.unseen(k1.index), pool.jokers
(1, 1, 0, 1)
>>> pool.unseen_jokers
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from intlscore.engine.tiles import COPIES, JOKER_INDEX, Tile

NUMBERED = 52


class Pool(NamedTuple):
    """Hand counts, known counts and R3 limits, by tile index (0-51)."""

    hand: tuple[int, ...]
    """Copies of each numbered tile in the hand."""
    jokers: int
    """Jokers in the hand."""
    seen: tuple[int, ...]
    """Copies of each numbered tile the user listed as seen."""
    trump: int
    """Index of the trump tile (52 for a joker), or -1 when none was given."""
    seen_jokers: int
    cap: tuple[int, ...]
    """Most copies of each tile a completed hand may represent: two minus the known ones."""

    @classmethod
    def build(cls, hand: Sequence[Tile], seen: Sequence[Tile], trump: Tile | None) -> Pool:
        """The pool for a (checked) hand, the seen tiles and the trump."""
        counts = [0] * NUMBERED
        seen_counts = [0] * NUMBERED
        for tile in hand:
            if not tile.is_joker:
                counts[tile.index] += 1
        for tile in seen:
            if not tile.is_joker:
                seen_counts[tile.index] += 1
        known = list(seen_counts)
        if trump is not None and not trump.is_joker:
            known[trump.index] += 1
        return cls(
            hand=tuple(counts),
            jokers=sum(1 for tile in hand if tile.is_joker),
            seen=tuple(seen_counts),
            trump=-1 if trump is None else trump.index,
            seen_jokers=sum(1 for tile in seen if tile.is_joker),
            cap=tuple(max(0, COPIES - k) for k in known),
        )

    def unseen(self, index: int) -> int:
        """Copies of a numbered tile still drawable: not in the hand, not known."""
        return max(0, self.cap[index] - self.hand[index])

    @property
    def unseen_jokers(self) -> int:
        """Jokers still drawable: two minus the hand's, the seen ones and a joker trump."""
        trump_joker = 1 if self.trump == JOKER_INDEX else 0
        return max(0, COPIES - self.jokers - self.seen_jokers - trump_joker)

    def known_words(self, index: int) -> str:
        """Where the known copies of a tile are, in words: ``both seen``, ``the trump``..."""
        seen = self.seen[index]
        trump = self.trump == index
        parts = []
        if trump:
            parts.append("the trump")
        if seen:
            parts.append("both seen" if seen == COPIES else "one seen")
        if len(parts) == 2:
            return "one seen, one the trump"
        return parts[0] if parts else "none known"
