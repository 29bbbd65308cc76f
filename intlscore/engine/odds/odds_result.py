"""Result objects of the odds (R22); ``intlscore odds --json`` prints :meth:`OddsResult.to_dict`.

>>> row = TypeOdds(24, "Royal", 1, (0.1, 0.19), None, True, 2400)
>>> row.within, row.expected
(0.19, 456.0)
>>> row.to_dict()["interval"] is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from intlscore.engine.odds.play import PlayOdds
from intlscore.engine.tiles import Tile

FORMAT = "odds/1"
PLAY_FORMAT = "odds/2"
"""The format with the play odds (R23) beside R22's."""
Interval = tuple[float, float]


@dataclass(frozen=True, slots=True)
class TypeOdds:
    """One type's chance within 1, 2, ..., N draws, and its expected contribution."""

    number: int
    name: str
    distance: int
    chance: tuple[float, ...]
    """Within 1, 2, ..., N draws."""
    interval: tuple[Interval, ...] | None
    """95% intervals of the estimates; None where the chance is exact."""
    exact: bool
    score: int
    """The table score in the column of the jokers the closest hand keeps (R10)."""

    @property
    def within(self) -> float:
        """The chance within all N draws."""
        return self.chance[-1]

    @property
    def expected(self) -> float:
        """Chance within N draws times the score."""
        return self.within * self.score

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "name": self.name,
            "distance": self.distance,
            "chance": list(self.chance),
            "interval": None if self.interval is None else [list(i) for i in self.interval],
            "exact": self.exact,
            "expected": self.expected,
        }


@dataclass(frozen=True, slots=True)
class AnyOdds:
    """The rack's chance of any closed win within 1..N draws and its expected closed score."""

    chance: tuple[float, ...]
    interval: tuple[Interval, ...] | None
    expected_score: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "chance": list(self.chance),
            "interval": None if self.interval is None else [list(i) for i in self.interval],
            "expected_score": self.expected_score,
        }


@dataclass(frozen=True, slots=True)
class DiscardOdds:
    """One distinct discard of a 15-tile rack, weighed by the 14 tiles that remain."""

    discard: Tile
    chance: float
    """Chance of any closed win within N draws."""
    interval: Interval | None
    expected_score: float
    expected_interval: Interval
    """95% interval of the expected score (normal approximation)."""
    top_type: str | None
    """The type that contributes most to the expected score (None if none can be reached)."""
    distance: int | None
    """The reach distance of the top type from the 14 tiles."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "discard": str(self.discard),
            "chance": self.chance,
            "interval": None if self.interval is None else list(self.interval),
            "expected_score": self.expected_score,
            "expected_interval": list(self.expected_interval),
            "top_type": self.top_type,
            "distance": self.distance,
        }


@dataclass(frozen=True, slots=True)
class OddsResult:
    """The odds of one rack: per type, any closed win, and for 15 tiles per discard."""

    tiles: tuple[Tile, ...]
    draws: int
    samples: int
    """Draw sequences sampled, or 0 when every chance was counted exactly."""
    seed: int
    types: tuple[TypeOdds, ...]
    any: AnyOdds
    discards: tuple[DiscardOdds, ...] | None = None
    """For 15 tiles: one row per distinct discard, best expected score first."""
    play: PlayOdds | None = None
    """The play odds (R23), when asked for."""

    @property
    def best_discard(self) -> Tile | None:
        return self.discards[0].discard if self.discards else None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT if self.play is None else PLAY_FORMAT,
            "tiles": [str(tile) for tile in self.tiles],
            "draws": self.draws,
            "samples": self.samples,
            "seed": self.seed,
            "types": [row.to_dict() for row in self.types],
            "any": self.any.to_dict(),
        }
        if self.discards is not None:
            data["discards"] = [row.to_dict() for row in self.discards]
            data["best_discard"] = str(self.best_discard)
        if self.play is not None:
            data["play"] = play_dict(self.play)
        return data


def play_dict(play: PlayOdds) -> dict[str, Any]:
    """The ``play`` object of ``odds/2``: the value under real play (R23)."""
    data: dict[str, Any] = {
        "exact": play.exact,
        "bound": None if play.exact else "lower",
        "policy": play.policy,
        "exact_draws": play.exact_draws,
        "any": {"chance": list(play.chance), "expected_score": play.expected_score},
        "top_type": play.top_type,
    }
    if play.moves is not None:
        data["discards"] = [
            {
                "discard": None if move.discard is None else str(move.discard),
                "win": move.win,
                "chance": move.line.chance,
                "expected_score": move.line.expected_score,
                "exact": play.exact,
                "top_type": None if move.line.top is None else play.names[move.line.top],
            }
            for move in play.moves
        ]
        best = play.best_move
        data["best_discard"] = None if best is None or best.discard is None else str(best.discard)
    return data
