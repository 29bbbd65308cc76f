"""What the engine needs to know about one set of 14 melded tiles.

>>> from intlscore.engine.tiles import tile_index
>>> facts = HandFacts.build([tile_index(1, 5), tile_index(1, 5), tile_index(2, 13)], jokers=1)
>>> facts.counts[tile_index(1, 5)], facts.total, facts.colour_mask, facts.cap[tile_index(1, 5)]
(2, 23, 6, 0)
>>> bin(facts.number_mask)
'0b10000000100000'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from intlscore.engine.tiles import COPIES, JOKER_INDEX

_CAP: Final = tuple(COPIES - held for held in range(2 * JOKER_INDEX))
"""Copies a joker may still stand for, by copies held (R3; negative for an illegal count)."""


def unpack(packed: int) -> list[int]:
    """The tile indices of a packed hand (:attr:`HandFacts.packed`), lowest first.

    >>> unpack(HandFacts.build([7, 3, 3], jokers=0).packed)
    [3, 3, 7]
    """
    indices = []
    index = 0
    while packed:
        count = packed & 3
        indices.extend([index] * count)
        packed >>= 2
        index += 1
    return indices


# A NamedTuple, not a dataclass: made in a fraction of the time at import, which
# every run of the command line pays.
class HandFacts(NamedTuple):
    """Counts and summary numbers of the real (non-joker) melded tiles."""

    counts: tuple[int, ...]
    """Copies of each of the 52 numbered tiles among the melded tiles."""
    packed: int
    jokers: int
    cap: tuple[int, ...]
    """How many more copies of each tile a joker may stand for (R3): two minus the
    copies among every physical tile known (melded, discard, seen)."""
    total: int
    """Sum of the real tiles' numbers, a 1 counting 1 (R8)."""
    colour_mask: int
    number_counts: tuple[int, ...]
    """Real tiles per number; index 0 unused."""
    number_mask: int
    """Bit n set when some real tile has number n."""
    colour_count: int
    """How many colours the real tiles show."""
    top_count: int
    """How many real tiles the most held number has."""
    colour_numbers: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Per colour, bit n set when a real tile of that colour and number n is held."""

    @classmethod
    def build(cls, melded: Sequence[int], jokers: int, others: Sequence[int] = ()) -> HandFacts:
        """Facts for melded tile indices (no jokers among them) plus ``jokers`` jokers.

        ``others`` are further physical tiles (the discard, seen tiles) that count
        toward the two copies of each tile (R3); jokers among them are ignored.
        """
        counts = [0] * JOKER_INDEX
        number_counts = [0] * 14
        total = 0
        packed = 0
        colour_numbers = [0, 0, 0, 0]
        for index in melded:
            counts[index] += 1
            number = (index >> 2) + 1
            number_counts[number] += 1
            total += number
            colour_numbers[index & 3] |= 1 << number
            packed += 1 << (2 * index)
        black, red, blue, orange = colour_numbers
        number_mask = black | red | blue | orange
        mask = (black > 0) | (red > 0) << 1 | (blue > 0) << 2 | (orange > 0) << 3
        if others:
            cap = [COPIES - c for c in counts]
            for index in others:
                if index != JOKER_INDEX and cap[index] > 0:
                    cap[index] -= 1
            caps = tuple(cap)
        else:
            caps = tuple(map(_CAP.__getitem__, counts))
        return cls(
            counts=tuple(counts),
            packed=packed,
            jokers=jokers,
            cap=caps,
            total=total,
            colour_mask=mask,
            number_counts=tuple(number_counts),
            number_mask=number_mask,
            colour_count=mask.bit_count(),
            top_count=max(number_counts),
            colour_numbers=(black, red, blue, orange),
        )
