"""The play advice (R23) in plain words: what to do, how sure the figures are, and R22's.

Three sentences, shared by ``intlscore odds --play`` and the reach page (the web API
sends them with the odds): ``say`` is the move and what it is worth, ``method`` whether
that is the exact optimum or a lower bound, ``keeping`` R22's "keep every drawn tile"
figure beside it, named for what it is (the same at one draw, where there is no choice;
an estimate with its interval where it is sampled; a ceiling otherwise).

>>> from intlscore.engine.odds import odds
>>> words = advice_words(odds("k1-13 k1 r9", draws=1, samples=50, play=True))
>>> words.say
'Throw back r9: 100% to close within 1 draw, 2453 points on average (most often Royal).'
>>> words.keeping
'Keeping every tile drawn gives the same at one draw: there is no choice to make (R22 = R23).'
"""

from __future__ import annotations

from dataclasses import dataclass

from intlscore.engine.odds.play import PlayMove, PlayOdds
from intlscore.engine.odds.result import Interval, OddsResult
from intlscore.faces.render.percent import percent

__all__ = ["AdviceWords", "advice_words"]


@dataclass(frozen=True, slots=True)
class AdviceWords:
    """The advice as sentences a player reads (plain text; type names are the rules')."""

    say: str
    method: str
    keeping: str | None

    def to_dict(self) -> dict[str, str | None]:
        return {"say": self.say, "method": self.method, "keeping": self.keeping}


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
    return AdviceWords(_say(play, move), _method(play), _keeping(result, play, move))


def _say(play: PlayOdds, move: PlayMove | None) -> str:
    line = play.line if move is None else move.line
    within = f"within {draws_text(play.draws)}"
    if move is not None and move.discard is None:
        return f"Win now: {line.expected_score:.0f} points."
    act = "Draw and play on" if move is None else f"Throw back {move.discard}"
    if not line.win:
        return f"{act}: no closed win can come {within}."
    top = "" if line.top is None else f" (most often {play.names[line.top]})"
    if play.exact:
        return (
            f"{act}: {percent(line.chance)} to close {within}, "
            f"{line.expected_score:.0f} points on average{top}."
        )
    return (
        f"{act}: at least {line.expected_score:.0f} points on average {within}, "
        f"closing {percent(line.chance)} of the time when played as below{top}."
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
        f"{draws_text(play.exact_draws)} of {play.draws}; the figures are those of a stated "
        f"way to play, {play.policy}, and the best play does at least as well."
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
        f"from {result.samples} sampled draws, 95% between {percent(low)} and "
        f"{percent(high)}): {ceiling}."
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
