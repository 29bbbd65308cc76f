"""The play advice (R23) in plain words: what to do first, then how it is worked out.

Shared by ``intlscore odds --play`` and the reach page (the web API sends the words with
the odds). The *lead* is what a player reads at the table, in everyday words: ``say``
the move ("Throw back r9."), ``chance`` the chance to win within the draws and
``points`` the points on average, each with one short phrase for how sure it is
("exactly", "at least", "about"). The rest is how it is worked out, for those who ask
(below the lead in the terminal, behind "how this is worked out" on the page):
``method`` whether that is the exact optimum (R23) or a lower bound and its policy, and
``keeping`` R22's "keep every drawn tile" figure beside it, named for what it is (the
same at one draw, where there is no choice; an estimate with its interval where it is
sampled; a ceiling otherwise).

>>> from intlscore.engine.odds import odds
>>> words = advice_words(odds("k1-13 k1 r9", draws=1, samples=50, play=True))
>>> for line in words.lead:
...     print(line)
Throw back r9.
Chance to win within 1 draw: exactly 100%.
Points on average: exactly 2453, most often Royal.
>>> words.keeping
'Keeping every tile drawn gives the same at one draw: there is no choice to make (R22 = R23).'
"""

from __future__ import annotations

from dataclasses import dataclass

from intlscore.engine.odds.odds_result import Interval, OddsResult
from intlscore.engine.odds.play import PlayMove, PlayOdds
from intlscore.faces.render.percent import percent

__all__ = ["AdviceWords", "advice_words", "draws_text"]


@dataclass(frozen=True, slots=True)
class AdviceWords:
    """The advice as sentences a player reads (plain text; type names are the rules')."""

    say: str
    """The move: "Throw back r9.", "Win now: Royal, 2400 points.", "Draw and play on."."""
    chance: str | None
    """The chance to win within the draws, "exactly" or "about"; None after a win now."""
    points: str | None
    """The points on average, "exactly" or "at least"; None where no win can come."""
    method: str
    keeping: str | None

    @property
    def lead(self) -> tuple[str, ...]:
        """The lines a player reads first: the move, the chance, the points."""
        return tuple(line for line in (self.say, self.chance, self.points) if line)

    def to_dict(self) -> dict[str, str | None]:
        return {
            "say": self.say,
            "chance": self.chance,
            "points": self.points,
            "method": self.method,
            "keeping": self.keeping,
        }


def draws_text(count: int) -> str:
    """>>> draws_text(1), draws_text(3)
    ('1 draw', '3 draws')"""
    return f"{count} draw{'s' if count != 1 else ''}"


def advice_words(result: OddsResult) -> AdviceWords:
    """The sentences of an odds result that holds the play odds."""
    play = result.play
    if play is None:
        raise ValueError("the odds were asked without the play odds")
    move = play.best_move
    say, chance, points = _lead(play, move)
    return AdviceWords(say, chance, points, _method(play), _keeping(result, play, move))


def _lead(play: PlayOdds, move: PlayMove | None) -> tuple[str, str | None, str | None]:
    """The move, the chance line and the points line."""
    line = play.line if move is None else move.line
    top = None if line.top is None else play.names[line.top]
    if move is not None and move.discard is None:
        named = "" if top is None else f"{top}, "
        return f"Win now: {named}{line.expected_score:.0f} points.", None, None
    say = "Draw and play on." if move is None else f"Throw back {move.discard}."
    within = f"within {draws_text(play.draws)}"
    if not line.win:
        return say, f"No closed win can come {within}, whatever you throw.", None
    sure, floor = ("exactly", "exactly") if play.exact else ("about", "at least")
    often = "" if top is None else f", most often {top}"
    return (
        say,
        f"Chance to win {within}: {sure} {percent(line.chance)}.",
        f"Points on average: {floor} {line.expected_score:.0f}{often}.",
    )


def _method(play: PlayOdds) -> str:
    if play.exact:
        ahead = "draw" if play.draws == 1 else draws_text(play.draws)
        return (
            f"Exact: the best way to play the next {ahead}, worked out over every tile "
            "that can come (R23)."
        )
    return (
        f"A lower bound (R23): the best play is worked out exactly for "
        f"{draws_text(play.exact_draws)} of {play.draws}; the chance and the points are "
        f"those of a stated way to play, {play.policy}, and the best play scores at least "
        "as much."
    )


def _keeping(result: OddsResult, play: PlayOdds, move: PlayMove | None) -> str | None:
    if move is not None and move.discard is None:
        return None  # a win now keeps nothing to draw to
    if play.draws == 1:
        return (
            "Keeping every tile drawn gives the same at one draw: there is no choice "
            "to make (R22 = R23)."
        )
    figure = _r22(result, move)
    if figure is None:
        return None
    chance, interval = figure
    ceiling = "no real turn keeps them all, so it is a ceiling"
    if interval is None:
        return f"Keeping every tile drawn (R22) would close {percent(chance)}: {ceiling}."
    low, high = interval
    return (
        f"Keeping every tile drawn (R22) would close about {percent(chance)} (an estimate "
        f"from {result.samples} sampled draws, seed {result.seed}, 95% between "
        f"{percent(low)} and {percent(high)}): {ceiling}."
    )


def _r22(result: OddsResult, move: PlayMove | None) -> tuple[float, Interval | None] | None:
    """R22's chance within N draws for the same first move, and its 95% interval where
    it is sampled."""
    if move is None:
        interval = None if result.any.interval is None else result.any.interval[-1]
        return result.any.chance[-1], interval
    for row in result.discards or ():
        if row.discard == move.discard:
            return row.chance, row.interval
    return None
