"""The play odds (R23) in the odds view: the move to make first, then how it is worked out.

The lead (:func:`play_lead`) says what to do in plain words (:mod:`.advice`: "Throw back
r9.", the chance to win and the points on average); below it (:func:`play_parts`), under
"How this is worked out", how sure that is (exact, or a lower bound and its policy),
R22's "keeping everything" beside it, the chance by draws and, for 15 tiles, a table (or,
where it does not fit, stacked records) of each first move.

>>> from rich.console import Console
>>> from intlscore.engine.odds import odds
>>> console = Console(width=100, color_system=None)
>>> with console.capture() as capture:
...     for part in play_lead(odds("k1-13 k1 r9", draws=1, samples=50, play=True)):
...         console.print(part)
>>> print(capture.get().strip())
Throw back r9.
Chance to win within 1 draw: exactly 100%.
Points on average: exactly 2453, most often Royal.
"""

from __future__ import annotations

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from intlscore.engine.odds.odds_result import OddsResult
from intlscore.engine.odds.play import PlayOdds
from intlscore.faces.render.advice import advice_words
from intlscore.faces.render.layout import Fitted, Stacked
from intlscore.faces.render.output import user_text
from intlscore.faces.render.percent import percent

__all__ = ["play_lead", "play_parts"]


def _per_draw(play: PlayOdds) -> Text:
    shown = "  ".join(f"≤{k} {percent(chance)}" for k, chance in enumerate(play.chance, start=1))
    if play.exact:
        return Text(f"Closed win under the best play, by draws: {shown}")
    return Text(
        f"Closed win by draws (the best play up to {play.exact_draws}, then the policy): {shown}"
    )


def _moves(play: PlayOdds) -> RenderableType:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("first move", no_wrap=True)
    table.add_column("win", justify="right", no_wrap=True)
    table.add_column("expected" if play.exact else "at least", justify="right", no_wrap=True)
    table.add_column("ends most often in")
    records: list[tuple[Text, list[RenderableType]]] = []
    for move in play.moves or ():
        what = "win now" if move.discard is None else f"discard {move.discard}"
        chance = percent(move.line.chance)
        expected = f"{move.line.expected_score:.0f}"
        top = user_text("-" if move.line.top is None else play.names[move.line.top])
        table.add_row(what, chance, expected, top)
        detail = Text(f"win {chance}, expected {expected}; ends most often in ").append_text(top)
        records.append((Text(what, style="bold"), [detail]))
    return Fitted(table, Stacked(records), at_least=40)


def play_lead(result: OddsResult) -> list[RenderableType]:
    """The lines a player reads first: the move (bold), the chance, the points; none
    without the play odds."""
    if result.play is None:
        return []
    say, *figures = advice_words(result).lead
    return [Text(say, style="bold"), *(Text(line) for line in figures)]


def play_parts(result: OddsResult) -> list[RenderableType]:
    """How the lead is worked out: the method, R22 beside it, the chance by draws and
    each first move; none without the play odds."""
    play = result.play
    if play is None:
        return []
    words = advice_words(result)
    parts: list[RenderableType] = [Text("\nHow this is worked out", style="bold")]
    parts.append(Text(words.method))
    if words.keeping is not None:
        parts.append(Text(words.keeping))
    parts.append(_per_draw(play))
    if play.moves:
        parts.append(Text("\nPlay, per first move", style="bold"))
        parts.append(_moves(play))
    parts.append(Text("\nKeeping everything (R22)", style="bold"))
    return parts
