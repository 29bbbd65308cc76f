"""The rich view of an odds result (:class:`~intlscore.engine.odds.OddsResult`).

A header gives the rack's chance of any closed win and its expected closed
score; a table lists each type reachable within the draws, most expected
points first, with its chance after 1, 2, ..., N draws (``~`` marks an
estimate, ``±`` its 95% interval at N); for 15 tiles a second table gives one
row per discard and names the best. With the play odds (R23) the move to make comes
first (:mod:`.play_view`). Every fact is plain text.

>>> from rich.console import Console
>>> from intlscore.engine.odds import odds
>>> console = Console(width=120, color_system=None)
>>> with console.capture() as capture:
...     console.print(odds_view(odds("k1-13 r5", draws=2, samples=50)))
>>> text = " ".join(capture.get().split())
>>> "Basic" in text and "any closed win" in text
True
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from intlscore.engine.odds.odds_result import OddsResult, TypeOdds
from intlscore.faces.render.advice import draws_text
from intlscore.faces.render.layout import Fitted, Stacked
from intlscore.faces.render.output import user_text
from intlscore.faces.render.percent import percent
from intlscore.faces.render.play_view import play_lead, play_parts

__all__ = ["SHOWN_FROM", "odds_view", "percent", "shown_types"]

SHOWN_FROM = 0.001
"""The table leaves out the types whose chance within the draws is below 0.1% (``--all``
lists every one); :func:`percent` would show them as 0.0%."""


def _half_width(row: TypeOdds) -> str:
    if row.interval is None:
        return "exact"
    low, high = row.interval[-1]
    return f"±{100 * max(row.within - low, high - row.within):.1f}"


def _chances(row: TypeOdds) -> list[str]:
    mark = "" if row.exact else "~"
    return [mark + percent(c) for c in row.chance]


def shown_types(rows: list[TypeOdds], every: bool = False) -> tuple[list[TypeOdds], int]:
    """The rows the table shows (those of at least 0.1% within the draws, or ``every``
    one) and how many are left out."""
    if every:
        return rows, 0
    shown = [row for row in rows if row.within >= SHOWN_FROM]
    return shown, len(rows) - len(shown)


def _types(result: OddsResult, rows: list[TypeOdds]) -> RenderableType:
    """One row per type: a table where it fits whole, else one stacked record per type."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("type")
    table.add_column("dist", justify="right", no_wrap=True)
    for k in range(1, result.draws + 1):
        table.add_column(f"≤{k}", justify="right", no_wrap=True)
    table.add_column("95%", justify="right", no_wrap=True)
    table.add_column("expected", justify="right", no_wrap=True)
    records: list[tuple[Text, list[RenderableType]]] = []
    for row in rows:
        chances = _chances(row)
        half = _half_width(row)
        expected = f"{row.expected:.0f}"
        table.add_row(
            str(row.number), user_text(row.name), str(row.distance), *chances, half, expected
        )
        headline = Text(f"{row.number}  ").append_text(user_text(row.name, style="bold"))
        spread = "exact" if row.interval is None else f"95% {half}"
        within = "  ".join(f"≤{k} {c}" for k, c in enumerate(chances, start=1))
        summary = Text(f"dist {row.distance}, expected {expected}, {spread}")
        records.append((headline, [summary, Text(within)]))
    # the table's head starts with a blank line; the records get one too
    return Fitted(table, Group(Text(""), Stacked(records)), at_least=60)


def _discards(result: OddsResult) -> RenderableType:
    """One row per discard: a table where it fits whole, else one stacked record each."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("discard", no_wrap=True)
    table.add_column("any win", justify="right", no_wrap=True)
    table.add_column("expected", justify="right", no_wrap=True)
    table.add_column("top type")
    table.add_column("dist", justify="right", no_wrap=True)
    records: list[tuple[Text, list[RenderableType]]] = []
    for entry in result.discards or ():
        chance = ("" if entry.interval is None else "~") + percent(entry.chance)
        expected = f"{entry.expected_score:.0f}"
        distance = "-" if entry.distance is None else str(entry.distance)
        top = user_text(entry.top_type or "-")
        table.add_row(str(entry.discard), chance, expected, top, distance)
        headline = Text(f"discard {entry.discard}", style="bold")
        detail = Text(f"any win {chance}, expected {expected}; top type ")
        detail.append_text(user_text(entry.top_type or "-"))
        detail.append(f", dist {distance}")
        records.append((headline, [detail]))
    return Fitted(table, Stacked(records), at_least=40)


def any_line(result: OddsResult) -> str:
    """The chance of any closed win within the draws and the expected closed score: exact
    where every draw was counted, else each called an estimate (the chance with its 95%
    interval; a certain win is certain, sampled or not).

    >>> from intlscore.engine.odds import odds
    >>> any_line(odds("k1-12 r5 o9", draws=1))
    'Chance of any closed win within 1 draw: 10.9% (exact); expected closed score 52'
    >>> print(any_line(odds("k1-12 r5 o9", draws=3, samples=400)))
    Chance of any closed win within 3 draws: about 40.0% (an estimate, 95% between 35.3% and
    44.9%); expected closed score about 327 (an estimate)
    """
    within = f"within {draws_text(result.draws)}"
    chance = percent(result.any.chance[-1])
    if result.any.interval is None:
        said = f"{chance} (exact)"  # counted, or certain (a type at distance 0)
    else:
        low, high = result.any.interval[-1]
        said = f"about {chance} (an estimate, 95% between {percent(low)} and {percent(high)})"
    score = f"{result.any.expected_score:.0f}"
    if result.samples:
        score = f"about {score} (an estimate)"
    return f"Chance of any closed win {within}: {said}; expected closed score {score}"


def odds_view(result: OddsResult, every: bool = False) -> RenderableType:
    """The header, the per-type table and, for 15 tiles, the per-discard table.

    The table leaves out the types below 0.1% within the draws, with a line saying how
    many, unless ``every``.

    Each table is drawn only where it fits whole (:class:`Fitted`); at a narrower
    width its rows become stacked records, so no number or type name is cut.
    """
    parts: list[RenderableType] = play_lead(result)  # the move to make leads (R23)
    rack = " ".join(str(tile) for tile in result.tiles)
    how = (
        "every draw counted exactly"
        if result.samples == 0
        else f"{result.samples} sampled draw sequences, seed {result.seed}"
    )
    ahead = f"{draws_text(result.draws)} ahead"
    parts.append(Text(f"Rack {rack}   ({ahead}; {how})"))
    parts.extend(play_parts(result))  # then how the lead is worked out
    parts.append(Text(any_line(result)))
    rows = sorted(result.types, key=lambda r: (-r.expected, r.distance, r.number))
    shown, left_out = shown_types(rows, every)
    if not rows:
        parts.append(Text(f"No type is reachable within {result.draws} draws."))
    elif shown:
        parts.append(_types(result, shown))
    if left_out:
        types = "type" if left_out == 1 else "types"
        parts.append(
            Text(
                f"{left_out} more {types} below 0.1% within {result.draws} draws (--all lists them)"
            )
        )
    if result.discards:
        parts.append(Text("\nPer discard", style="bold"))
        parts.append(_discards(result))
        parts.append(Text(f"Best discard: {result.best_discard}"))
    return Group(*parts)
