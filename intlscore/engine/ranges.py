"""The numbers a type's range (R9) allows: in groups, and as run positions.

The one place R9 is decoded: every search reads a range through these tables (most
through :class:`intlscore.engine.spec.TypeSpec`, which is built from them). A light module
of its own, so that ``reach`` reads them without importing the scorer.

>>> sorted(GROUP_NUMBERS["major"])
[1, 10, 11, 12, 13]
>>> RUN_POSITIONS["minor"], RUN_POSITIONS[None]
((1, 9), (1, 14))
>>> bin(NUMBER_MASKS["major"])
'0b11110000000010'

"""

from __future__ import annotations

from intlscore.engine.melds import HIGH_ONE

MINOR_NUMBERS = frozenset(range(1, 10))
"""R9: no tile higher than 9 (a 1 is low)."""
MAJOR_NUMBERS = frozenset({1, 10, 11, 12, 13})
"""R9: no tile lower than 10, a 1 counting as high."""
ALL_NUMBERS = frozenset(range(1, 14))
RUN_POSITIONS = {None: (1, HIGH_ONE), "minor": (1, 9), "major": (10, HIGH_ONE)}
"""Lowest and highest run position (1-14, 14 the high 1) of each range."""
GROUP_NUMBERS = {None: ALL_NUMBERS, "minor": MINOR_NUMBERS, "major": MAJOR_NUMBERS}
"""The numbers a group (or any tile) may have in each range."""
NUMBER_MASKS = {name: sum(1 << n for n in numbers) for name, numbers in GROUP_NUMBERS.items()}
"""The same as bit masks (bit n: number n allowed), as ``HandFacts.number_mask`` is."""
