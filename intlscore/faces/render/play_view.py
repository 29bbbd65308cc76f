"""The play odds (R23) in the odds view: the move to make first, then the numbers.

The first line says what to do and why ("discard r9: 100% closed win within 2 draws,
expected 2453; keeping everything would give at most ..."), with R22's upper bound
beside it; a lower bound says it is one. For 15 tiles a table (or, where it does not
fit, stacked records) gives each first move.

>>> from rich.console import Console
>>> from intlscore.engine.odds import odds
>>> console = Console(width=100, color_system=None)
>>> with console.capture() as capture:
...     console.print(*play_parts(odds("k1-13 k1 r9", draws=1, samples=50, play=True)))
>>> print(capture.get().splitlines()[0])
Play: discard r9: 100% closed win within 1 draw, expected 2453 (ends most often in Royal); keeping
"""

from __future__ import annotations

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from intlscore.engine.odds.play import PlayMove, PlayOdds
from intlscore.engine.odds.result import OddsResult
from intlscore.faces.render.layout import Fitted, Stacked
from intlscore.faces.render.odds_view import percent
from intlscore.faces.render.output import user_text

__all__ = ["play_parts"]


def _draws(count: int) -> str:
    return f"{count} draw{'s' if count != 1 else ''}"


def _keeping(result: OddsResult, move: PlayMove | None) -> float | None:
    """R22's chance within N draws for the same first move (an upper bound)."""
    if move is None:
        return result.any.chance[-1]
    if move.discard is None:
        return None
    for row in result.discards or ():
        if row.discard == move.discard:
            return row.chance
    return None


def _headline(result: OddsResult, play: PlayOdds) -> Text:
    move = play.best_move
    line = play.line if move is None else move.line
    within = f"within {_draws(play.draws)}"
    first = "" if move is None else f"discard {move.discard}: "
    notes: list[str] = []
    if move is not None and move.discard is None:
        lead = f"win now: {line.expected_score:.0f}"
    elif play.exact:
        lead = (
            f"{first}{percent(line.chance)} closed win {within}, expected {line.expected_score:.0f}"
        )
    else:  # the expected score is a lower bound; the chance is the stated policy's own
        lead = f"{first}expected at least {line.expected_score:.0f}"
        notes.append(f"the policy below wins {percent(line.chance)} {within}")
    text = Text("Play: ", style="bold").append(lead)
    if line.top is not None:
        notes.append("ends most often in ")
    if notes:
        text.append(" (" + "; ".join(notes))
        if line.top is not None:
            text.append_text(user_text(play.names[line.top]))
        text.append(")")
    keeping = _keeping(result, move)
    if keeping is not None:
        text.append(f"; keeping everything would give at most {percent(keeping)} (R22)")
    return text


def _exactness(play: PlayOdds) -> Text:
    if play.exact:
        return Text(f"Exact: the best play over every policy within {_draws(play.draws)} (R23).")
    return Text(
        f"A lower bound, not the optimum: {play.policy} (exact within "
        f"{_draws(play.exact_draws)} of {play.draws})."
    )


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


def play_parts(result: OddsResult) -> list[RenderableType]:
    """The lines of the play odds, the move first; none without them."""
    play = result.play
    if play is None:
        return []
    parts: list[RenderableType] = [_headline(result, play), _exactness(play), _per_draw(play)]
    if play.moves:
        parts.append(Text("\nPlay, per first move", style="bold"))
        parts.append(_moves(play))
    parts.append(Text("\nKeeping everything (R22)", style="bold"))
    return parts
