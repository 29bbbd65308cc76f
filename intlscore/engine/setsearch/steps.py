"""The steps both walks of the set search take: which groups and runs a tile anchors.

Both walks (:mod:`.split`, the scorer's; :mod:`.keep_most`, reach's) take the lowest
tile still open and let it anchor a group of its number or a run through it. Each set
then holds tiles of two kinds: tiles the hand has (real, kept) and tiles it lacks,
which the scorer fills with a joker (R7) and reach with a drawn tile (R20). A lacking
tile is the same idea in both: a *substitute*, allowed only while R3 leaves the
completed hand another copy of the tile it stands for, and never where a real copy
is still open (swapping the two gives the same represented tiles, so the search
would only find the same layout twice).

>>> GROUP_CHOICES[0][0b0110][1]  # k with r and b held, one substitute at most
[((1, 2), ()), ((2,), (3,)), ((1,), (3,)), ((1, 2), (3,))]
>>> anchor_positions(1), anchor_positions(7)
((1, 14), (7,))
>>> lowest_start(7, 1, substitutes=2), lowest_start(14, 1, substitutes=0)
(5, 2)
"""

from __future__ import annotations

from itertools import product
from typing import Final

from intlscore.engine.melds import HIGH_ONE, MAX_RUN

MOST_SUBSTITUTES: Final = 3
"""A group holds at most three tiles besides its anchor: no more substitutes are ever needed."""

GroupChoice = tuple[tuple[int, ...], tuple[int, ...]]
"""A group through an anchor: ``(colours of real tiles, colours of substitutes)``."""

# For the three other colours of a group: 0 absent, 1 a real tile, 2 a substitute.
_GROUP_PATTERNS: Final = tuple(
    pattern for pattern in product((0, 1, 2), repeat=3) if sum(1 for p in pattern if p) >= 2
)


def group_choices() -> list[list[list[list[GroupChoice]]]]:
    """For an anchor's colour, the other colours held (bit mask) and 0-3 substitutes:
    every group holding the anchor, fewest substitutes first, reals before them.

    A substitute never takes a colour whose real tile is held (see the module), so
    each set of colours is one choice: a colour is real exactly when it is held. Built
    once at import from bit masks (under half a millisecond).

    >>> [wild for reals, wild in group_choices()[0][0][3]]  # k, nothing else held
    [(2, 3), (1, 3), (1, 2), (1, 2, 3)]
    """
    table = []
    for colour in range(4):
        others = [c for c in range(4) if c != colour]
        options = []
        for pattern in _GROUP_PATTERNS:
            reals = tuple(c for c, how in zip(others, pattern, strict=True) if how == 1)
            wild = tuple(c for c, how in zip(others, pattern, strict=True) if how == 2)
            options.append((reals, wild, sum(1 << c for c in reals), sum(1 << c for c in wild)))
        options.sort(key=lambda option: len(option[1]))  # stable: pattern order within
        rows = []
        for present in range(16):
            fitting = [
                (reals, wild)
                for reals, wild, need, avoid in options
                if not need & ~present and not avoid & present
            ]
            # fewest substitutes first: the groups with at most `most` of them are a prefix
            ends = [
                sum(len(wild) <= most for _, wild in fitting)
                for most in range(MOST_SUBSTITUTES + 1)
            ]
            rows.append([fitting[:end] for end in ends])
        table.append(rows)
    return table


GROUP_CHOICES: Final = group_choices()
"""``GROUP_CHOICES[colour][held][substitutes]``: the groups through an anchor of ``colour``."""

_ANCHOR_POSITIONS: Final = tuple((1, HIGH_ONE) if n == 1 else (n,) for n in range(14))


def anchor_positions(number: int) -> tuple[int, ...]:
    """The run positions (1-14) a tile of ``number`` may take: a 1 low or high (R5)."""
    return _ANCHOR_POSITIONS[number]


def lowest_start(position: int, low: int, substitutes: int) -> int:
    """The lowest start of a run through an anchor at ``position`` (from run position ``low``).

    Every tile below the anchor is already decided, so only substitutes stand below
    it, at most ``substitutes`` of them; the high 1 (position 14) is the lowest tile
    but its run stands above every other number, so there it is only R5's length.
    """
    reach = MAX_RUN - 1 if position == HIGH_ONE else min(substitutes, MAX_RUN - 1)
    return max(low, position - reach, 1)
