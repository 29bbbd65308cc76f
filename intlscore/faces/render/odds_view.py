"""The rich view of an odds result (:class:`~intlscore.engine.odds.OddsResult`).

A header gives the rack's chance of any closed win and its expected closed
score; a table lists each type reachable within the draws, most expected
points first, with its chance after 1, 2, ..., N draws (``~`` marks an
estimate, ``±`` its 95% interval at N); for 15 tiles a second table gives one
row per discard and names the best. Every fact is plain text.

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

from intlscore.engine.odds.result import OddsResult, TypeOdds

__all__ = ["odds_view", "percent"]


def percent(chance: float) -> str:
    """A chance as a percentage with one decimal.

    >>> percent(0.1234), percent(1.0)
    ('12.3%', '100%')
    """
    if chance >= 1.0:
        return "100%"
    return f"{100 * chance:.1f}%"


def _half_width(row: TypeOdds) -> str:
    if row.interval is None:
        return "exact"
    low, high = row.interval[-1]
    return f"±{100 * max(row.within - low, high - row.within):.1f}"


def odds_view(result: OddsResult) -> RenderableType:
    """The header, the per-type table and, for 15 tiles, the per-discard table."""
    parts: list[RenderableType] = []
    rack = " ".join(str(tile) for tile in result.tiles)
    how = f"{result.samples} sampled draw sequences, seed {result.seed}"
    parts.append(Text(f"Rack {rack}   ({result.draws} draws ahead; {how})"))
    chance = result.any.chance[-1]
    parts.append(
        Text(
            f"Chance of any closed win within {result.draws} draws: {percent(chance)}; "
            f"expected closed score {result.any.expected_score:.0f}"
        )
    )
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column("type")
    table.add_column("dist", justify="right")
    for k in range(1, result.draws + 1):
        table.add_column(f"≤{k}", justify="right")
    table.add_column("95%", justify="right")
    table.add_column("expected", justify="right")
    rows = sorted(result.types, key=lambda r: (-r.expected, r.distance, r.number))
    for row in rows:
        mark = "" if row.exact else "~"
        table.add_row(
            str(row.number),
            Text(row.name),
            str(row.distance),
            *[mark + percent(c) for c in row.chance],
            _half_width(row),
            f"{row.expected:.0f}",
        )
    if not rows:
        parts.append(Text(f"No type is reachable within {result.draws} draws."))
    else:
        parts.append(table)
    if result.discards:
        discards = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="Per discard")
        discards.add_column("discard")
        discards.add_column("any win", justify="right")
        discards.add_column("expected", justify="right")
        discards.add_column("top type")
        discards.add_column("dist", justify="right")
        for entry in result.discards:
            discards.add_row(
                str(entry.discard),
                ("" if entry.interval is None else "~") + percent(entry.chance),
                f"{entry.expected_score:.0f}",
                Text(entry.top_type or "-"),
                "-" if entry.distance is None else str(entry.distance),
            )
        parts.append(discards)
        parts.append(Text(f"Best discard: {result.best_discard}"))
    return Group(*parts)
