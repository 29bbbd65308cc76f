"""The rich view of a reachability result (:class:`~intlscore.engine.reach.ReachResult`).

A short header names the hand, the closest type and the most valuable one still
reachable; a table lists every type by distance, then value: its score, its
distance, the outs as chips with their unseen copies (``r5 x2``) and the tiles
to keep. Unreachable types come last with their reason. Every fact is in the
text, so the view reads the same with ``NO_COLOR`` or when piped.

>>> from rich.console import Console
>>> from intlscore.engine.reach import reachability
>>> console = Console(width=100, color_system=None)
>>> with console.capture() as capture:
...     console.print(reach_view(reachability("r1-4 r6-13 r1 k5")))
>>> text = " ".join(capture.get().split())
>>> "Closest: Basic, Single colour odd, Royal" in text or "Closest:" in text
True
>>> "r5 x2" in text or "r5  x2" in text
True
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from intlscore.engine.reach.result import Out, ReachResult, TypeReach
from intlscore.faces.render.chips import chip_row, tile_chip

__all__ = ["ordered", "outs_text", "reach_view"]


def ordered(entries: Sequence[TypeReach]) -> list[TypeReach]:
    """Reachable types by distance, then highest score; unreachable ones last (table order)."""
    reachable = [e for e in entries if e.distance is not None]
    reachable.sort(key=lambda e: (e.distance, -e.score))
    return reachable + [e for e in entries if e.distance is None]


def outs_text(outs: Sequence[Out]) -> Columns:
    """The outs as chips, each followed by its unseen copies (``r5 x2``), never split."""
    return Columns([Text.assemble(tile_chip(out.tile), f" x{out.unseen}") for out in outs])


def _header(result: ReachResult) -> Text:
    text = Text.assemble("Hand  ", chip_row(result.tiles))
    if result.seen:
        text.append("\nSeen  ")
        text.append_text(chip_row(result.seen))
    if result.trump is not None:
        text.append("\nTrump ")
        text.append_text(chip_row([result.trump]))
    reachable = [e for e in result.types if e.distance is not None]
    if reachable:
        nearest = min(e.distance for e in reachable if e.distance is not None)
        closest = [e.name for e in reachable if e.distance == nearest]
        text.append(f"\nClosest: {', '.join(closest)} ({_draws(nearest)})")
        top = max(reachable, key=lambda e: (e.score, -(e.distance or 0)))
        text.append(f"\nMost valuable reachable: {top.name}, {top.score} ({_draws(top.distance)})")
    else:
        text.append("\nNo type is reachable.")
    return text


def _draws(distance: int | None) -> str:
    if distance == 0:
        return "formed now"
    return f"{distance} draw" + ("s" if distance != 1 else "") + " away"


def reach_view(result: ReachResult) -> RenderableType:
    """The header and the table of every type."""
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column("type")
    table.add_column("score", justify="right")
    table.add_column("dist", justify="right")
    table.add_column("outs (unseen copies)", ratio=3)
    table.add_column("keep", ratio=2)
    for entry in ordered(result.types):
        if entry.distance is None:
            table.add_row(
                str(entry.number),
                entry.name,
                str(entry.score),
                "-",
                Text(f"unreachable: {entry.reason}"),
                "",
            )
            continue
        outs: RenderableType = (
            outs_text(entry.outs) if entry.outs else Text("formed" if not entry.distance else "")
        )
        table.add_row(
            str(entry.number),
            entry.name,
            str(entry.score),
            str(entry.distance),
            outs,
            chip_row(entry.keep),
        )
    return Group(_header(result), table)
