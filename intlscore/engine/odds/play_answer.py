"""The answer of the play search (R23): the value of a rack, its lines and first moves.

:func:`~intlscore.engine.odds.play.play_odds` answers with a :class:`PlayOdds`: per number
of draws a :class:`PlayLine` (expected score, chance of a closed win, the types it ends
in, all exact fractions), and for 15 tiles each first :class:`PlayMove`.

>>> from fractions import Fraction
>>> line = PlayLine(Fraction(700), Fraction(1, 2), ((23, Fraction(1, 2)),))
>>> line.expected_score, line.chance, line.top
(700.0, 0.5, 23)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from intlscore.engine.tiles import Tile

OPTIMAL = "optimal"
"""The policy of an exact answer: the best play over every policy."""


@dataclass(frozen=True, slots=True)
class PlayLine:
    """The value of one position (or one first move) under the best play within k draws."""

    expected: Fraction
    """The expected final score, exactly."""
    win: Fraction
    """The chance of a closed win within the k draws."""
    ends: tuple[tuple[int, Fraction], ...]
    """(type number, chance of ending in it), most likely first."""

    @property
    def expected_score(self) -> float:
        return float(self.expected)

    @property
    def chance(self) -> float:
        return float(self.win)

    @property
    def top(self) -> int | None:
        """The type number the play most often ends in, or None without a win."""
        return self.ends[0][0] if self.ends else None


@dataclass(frozen=True, slots=True)
class PlayMove:
    """One first move of a 15-tile rack: a discard, or a win now (``discard`` None)."""

    discard: Tile | None
    line: PlayLine

    @property
    def win(self) -> bool:
        return self.discard is None


@dataclass(frozen=True, slots=True)
class PlayOdds:
    """The play value of a rack within 1, 2, ..., N draws (R23)."""

    draws: int
    lines: tuple[PlayLine, ...]
    """The value under the best play within k draws, for k = 1 .. ``exact_draws``."""
    moves: tuple[PlayMove, ...] | None
    """For 15 tiles: each distinct discard (and a win now), best expected score first:
    under the best play within N draws, or else under :attr:`policy`."""
    names: dict[int, str]
    bound: PlayLine | None = None
    """Where N draws were too many for the exact search: the value of :attr:`policy`
    within N draws, a lower bound of the optimum."""
    bound_chances: tuple[Fraction, ...] = ()
    """The chance of a closed win under :attr:`policy` within ``exact_draws`` + 1 .. N
    draws (its last is the bound's)."""

    @property
    def exact_draws(self) -> int:
        """The draws the exact search covered: ``draws``, or fewer for a lower bound."""
        return len(self.lines)

    @property
    def exact(self) -> bool:
        """Whether the optimum over every policy was computed (else a lower bound)."""
        return self.bound is None

    @property
    def policy(self) -> str:
        if self.exact:
            return OPTIMAL
        k = self.exact_draws
        return (
            f"the better{' for each first move' if self.moves else ''} of the best play within"
            f" {k} draw{'s' if k != 1 else ''} (counting no later win) and keeping the 14 tiles,"
            " winning at the first drawn tile that completes them"
        )

    @property
    def line(self) -> PlayLine:
        """The rack's value within N draws (the policy's, a lower bound, when not exact)."""
        return self.lines[-1] if self.bound is None else self.bound

    @property
    def expected_score(self) -> float:
        return self.line.expected_score

    @property
    def chance(self) -> tuple[float, ...]:
        """The chance of a closed win within 1, 2, ..., N draws under the best play for
        that many draws; past ``exact_draws``, under the stated :attr:`policy`."""
        return tuple(line.chance for line in self.lines) + tuple(
            float(chance) for chance in self.bound_chances
        )

    @property
    def top_type(self) -> str | None:
        top = self.line.top
        return None if top is None else self.names[top]

    @property
    def best_move(self) -> PlayMove | None:
        return self.moves[0] if self.moves else None
