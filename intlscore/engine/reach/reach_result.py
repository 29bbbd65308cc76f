"""Result objects of the reachability search (R20).

The Python API returns these; ``intlscore reach --json`` prints
:meth:`ReachResult.to_dict`; the rich view renders them.

>>> from intlscore.engine.tiles import Tile, JOKER
>>> out = Out(Tile.of("r", 5), 1)
>>> reach = TypeReach(24, "Royal", (2400, 2200, 2000), 1, (out, Out(JOKER, 2)),
...                   (Tile.of("r", 1),), None)
>>> reach.to_dict()["outs"]
[{'tile': 'r5', 'unseen': 1}, {'tile': '*', 'unseen': 2}]
>>> reach.reachable, reach.score
(True, 2400)
>>> TypeReach(39, "Little blitz", (1600, 1400, 1200), None, (), (), "needs a first-turn win")
TypeReach(39 Little blitz: unreachable, needs a first-turn win)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from intlscore.engine.context import NO_CONTEXT, Context
from intlscore.engine.tiles import Tile


class Out(NamedTuple):
    """A tile whose draw brings a type one step closer, and its unseen copies."""

    tile: Tile
    unseen: int

    def to_dict(self) -> dict[str, Any]:
        return {"tile": str(self.tile), "unseen": self.unseen}


class TypeReach(NamedTuple):
    """How far one type is from the hand (R20)."""

    number: int
    name: str
    scores: tuple[int, int, int]
    distance: int | None
    """Fewest draws before 14 of the tiles form the type; None when unreachable."""
    outs: tuple[Out, ...]
    """Every tile whose draw lowers the distance by one (rack order, joker last)."""
    keep: tuple[Tile, ...]
    """The hand tiles one closest completed hand uses (rack order)."""
    reason: str | None
    """Why the type is unreachable, in plain words; None when it is reachable."""

    @property
    def reachable(self) -> bool:
        return self.distance is not None

    @property
    def score(self) -> int:
        """The table score in the column of the jokers kept (R10)."""
        jokers = sum(1 for tile in self.keep if tile.is_joker)
        return self.scores[min(jokers, 2)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "name": self.name,
            "distance": self.distance,
            "outs": [out.to_dict() for out in self.outs],
            "keep": [str(tile) for tile in self.keep],
            "reason": self.reason,
        }

    def __repr__(self) -> str:
        where = (
            "unreachable, " + str(self.reason)
            if self.distance is None
            else (f"distance {self.distance}")
        )
        return f"TypeReach({self.number} {self.name}: {where})"


class ReachResult(NamedTuple):
    """Every type of the table, with its distance from one hand."""

    tiles: tuple[Tile, ...]
    """The hand (14 or 15 tiles), in rack order."""
    seen: tuple[Tile, ...]
    trump: Tile | None
    context: Context = NO_CONTEXT
    types: tuple[TypeReach, ...] = ()
    """One entry per type, in table order."""

    def by_number(self, number: int) -> TypeReach:
        """The entry of one type; KeyError if the table has no such type."""
        for entry in self.types:
            if entry.number == number:
                return entry
        raise KeyError(f"no type number {number}")

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``intlscore reach --json``."""
        return {
            "tiles": [str(tile) for tile in self.tiles],
            "seen": [str(tile) for tile in self.seen],
            "trump": None if self.trump is None else str(self.trump),
            "context": self.context.to_dict(),
            "types": [entry.to_dict() for entry in self.types],
        }
