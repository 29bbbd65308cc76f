"""Internal melds: a kind and ``(tile, stands_for)`` index pairs.

A real tile stands for itself; a joker (index 52) stands for the tile it
represents. Positions of a run are 1-14, 14 being the high 1 (R5).

>>> position_tile(2, 14), position_tile(2, 1)
(2, 2)
>>> describe(("run", ((44, 44), (52, 48), (0, 0))))
'run k12 *(k13) k1'
"""

from __future__ import annotations

from typing import Final

from intlscore.engine.tiles import JOKER_INDEX, Tile

Placed = tuple[int, int]
"""``(tile index as on the rack, index it stands for)``."""
RawMeld = tuple[str, tuple[Placed, ...]]

HIGH_ONE: Final = 14
MAX_RUN: Final = 13
"""A run is never longer than 13 tiles (R5): no 13-1-2, no 1 at both ends."""
MAX_SETS: Final = 4
"""Sets have three or more tiles, so 14 tiles make at most four."""


def position_tile(colour: int, position: int) -> int:
    """The tile index at run position 1-14 of a colour."""
    return ((position - 1) % 13) * 4 + colour


def position_number(position: int) -> int:
    """The number printed on the tile at a run position (14 -> 1)."""
    return (position - 1) % 13 + 1


def describe(meld: RawMeld) -> str:
    """A readable one-line form, for debugging and doctests."""
    kind, placed = meld
    parts = [f"*({Tile(rep)})" if rack == JOKER_INDEX else str(Tile(rack)) for rack, rep in placed]
    return " ".join([kind, *parts])
