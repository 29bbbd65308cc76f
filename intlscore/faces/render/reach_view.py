"""Rich views of a reachability result (:class:`~intlscore.engine.reach.ReachResult`).

Three views, one per question:

- :func:`reach_view` (the default) answers "what should I go for?" in one 80x24
  screen: the closest types, then the most valuable types within a few draws,
  one compact row each (number, name, score, distance, outs);
- :func:`reach_all_view` (``--all``) has the same compact row for every type,
  then the unreachable types with their reason;
- :func:`reach_detail_view` (``--type N``) shows one type in full: its outs as
  chips with their unseen copies (``r5 x2``), the tiles to keep, or the reason
  it is unreachable.

"outs" in a compact row counts the unseen tiles whose draw brings the type one
draw closer (every copy counts). Every fact is in the text, so the views read
the same with ``NO_COLOR`` or when piped.

>>> from rich.console import Console
>>> from intlscore.engine.reach import reachability
>>> result = reachability("r1-4 r6-13 r1 k5", seen="r5 k1")
>>> console = Console(width=80, color_system=None)
>>> with console.capture() as capture:
...     console.print(reach_view(result))
>>> lines = capture.get().splitlines()
>>> len(lines) <= 24
True
>>> print("\\n".join(line.rstrip() for line in lines[3:9]))
closest: 1 draw away
 #  type                score  dist  outs
24  Royal                2400     1     3
23  Single colour runs   2000     1     8
22  Single colour odd    1600     1    14
 1  Basic                 500     1     8
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from intlscore.engine.reach.near import NearReach, near_of
from intlscore.engine.reach.reach_result import Out, ReachResult, TypeReach
from intlscore.faces.render.chips import chip_row, tile_chip
from intlscore.faces.render.layout import Fitted, LabelledRows, Stacked
from intlscore.faces.render.output import user_text

__all__ = [
    "FEW_DRAWS",
    "ROWS_PER_SECTION",
    "ordered",
    "outs_count",
    "outs_text",
    "reach_all_view",
    "reach_detail_view",
    "reach_view",
]

ROWS_PER_SECTION = 5
"""Rows of each section of the default view (two sections fit an 80x24 screen)."""
FEW_DRAWS = 2
""""A few draws": the most valuable types at most this many draws beyond the closest."""


def ordered(entries: Sequence[TypeReach]) -> list[TypeReach]:
    """Reachable types by distance, then highest score; unreachable ones last (table order)."""
    reachable = [e for e in entries if e.distance is not None]
    reachable.sort(key=lambda e: (e.distance, -e.score))
    return reachable + [e for e in entries if e.distance is None]


def outs_count(entry: TypeReach) -> int:
    """The unseen tiles (every copy) whose draw brings the type one draw closer."""
    return sum(out.unseen for out in entry.outs)


def outs_text(outs: Sequence[Out]) -> Columns:
    """The outs as chips, each followed by its unseen copies (``r5 x2``), never split."""
    return Columns([Text.assemble(tile_chip(out.tile), f" x{out.unseen}") for out in outs])


def _draws(distance: int | None) -> str:
    if distance is None:
        return "unreachable"
    if distance == 0:
        return "formed now"
    return f"{distance} draw" + ("s" if distance != 1 else "") + " away"


def _hand(result: ReachResult | NearReach) -> LabelledRows:
    rows = [("Hand", chip_row(result.tiles))]
    if result.seen:
        rows.append(("Seen", chip_row(result.seen)))
    if result.trump is not None:
        rows.append(("Trump", chip_row([result.trump])))
    return LabelledRows(rows, "stack")


def _compact(entries: Iterable[TypeReach]) -> RenderableType:
    """One row per type: number, name, score, distance, outs."""
    table = Table(box=None, pad_edge=False, header_style="dim", padding=(0, 1))
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("type")
    table.add_column("score", justify="right", no_wrap=True)
    table.add_column("dist", justify="right", no_wrap=True)
    table.add_column("outs", justify="right", no_wrap=True)
    records: list[tuple[Text, list[RenderableType]]] = []
    for entry in entries:
        cells = [str(entry.score), str(entry.distance), str(outs_count(entry))]
        table.add_row(Text(str(entry.number)), user_text(entry.name), *(Text(c) for c in cells))
        headline = Text(f"{entry.number}  ").append_text(user_text(entry.name, style="bold"))
        detail = Text(f"score {cells[0]}, {_draws(entry.distance)}, {cells[2]} outs")
        records.append((headline, [detail]))
    return Fitted(table, Stacked(records))


def _unreachable(entries: Iterable[TypeReach]) -> RenderableType:
    table = Table(box=None, pad_edge=False, header_style="dim", padding=(0, 1))
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("type")
    table.add_column("why")
    records: list[tuple[Text, list[RenderableType]]] = []
    for entry in entries:
        reason = user_text(entry.reason or "")
        table.add_row(Text(str(entry.number)), user_text(entry.name), reason)
        headline = Text(f"{entry.number}  ").append_text(user_text(entry.name, style="bold"))
        records.append((headline, [reason]))
    return Fitted(table, Stacked(records), at_least=60)


def _sections(near: NearReach) -> tuple[list[TypeReach], list[TypeReach], int]:
    """The closest types, the most valuable within a few more draws, and the horizon."""
    reachable = ordered(near.near)
    if not reachable:
        return [], [], 0
    nearest = reachable[0].distance or 0
    closest = [e for e in reachable if e.distance == nearest][:ROWS_PER_SECTION]
    horizon = nearest + near.window
    shown = {e.number for e in closest}
    candidates = [
        e
        for e in reachable
        if e.number not in shown and e.distance is not None and e.distance <= horizon
    ]
    candidates.sort(key=lambda e: (-e.score, e.distance))
    return closest, candidates[:ROWS_PER_SECTION], horizon


def reach_view(result: ReachResult | NearReach) -> RenderableType:
    """The default view: the closest types and the most valuable within a few draws.

    It reads only the near part of the answer (:class:`NearReach`, within
    :data:`FEW_DRAWS`); given a full answer, it cuts that part from it first.
    """
    near = result if isinstance(result, NearReach) else near_of(result, FEW_DRAWS)
    parts: list[RenderableType] = [_hand(near), Text("")]
    closest, valuable, horizon = _sections(near)
    if not closest:
        parts.append(Text("No type is reachable.", style="bold"))
    else:
        parts.append(Text(f"closest: {_draws(closest[0].distance)}", style="bold"))
        parts.append(_compact(closest))
        within = f"within {horizon} draw{'s' * (horizon != 1)}"
        if valuable:
            parts += [Text(""), Text(f"most valuable {within}", style="bold"), _compact(valuable)]
        else:
            parts += [Text(""), Text(f"no other type {within}", style="bold")]
    shown = len(closest) + len(valuable)
    parts.append(Text(""))
    parts.append(
        Text(
            f"{shown} of {near.type_count} types shown ({len(near.unreachable)} unreachable); "
            "outs = unseen tiles that bring a type one draw closer. "
            "--all lists every type, --type N shows one in full.",
            style="dim",
        )
    )
    return Group(*parts)


def reach_all_view(result: ReachResult) -> RenderableType:
    """Every reachable type, closest first, then the unreachable ones with their reason."""
    entries = ordered(result.types)
    reachable = [e for e in entries if e.distance is not None]
    unreachable = [e for e in entries if e.distance is None]
    parts: list[RenderableType] = [_hand(result), Text("")]
    if reachable:
        parts += [Text(f"reachable ({len(reachable)})", style="bold"), _compact(reachable)]
    else:
        parts.append(Text("No type is reachable.", style="bold"))
    if unreachable:
        heading = Text(f"unreachable ({len(unreachable)})", style="bold")
        parts += [Text(""), heading, _unreachable(unreachable)]
    return Group(*parts)


def _detail(entry: TypeReach) -> RenderableType:
    headline = Text(f"{entry.number}  ").append_text(user_text(entry.name, style="bold"))
    headline.append(f"  score {entry.score}, {_draws(entry.distance)}")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    if entry.distance is None:
        grid.add_row("why", user_text(entry.reason or ""))
    else:
        if entry.outs:
            grid.add_row("outs", outs_text(entry.outs))
        elif entry.distance == 0:
            grid.add_row("outs", Text("none needed: formed now"))
        grid.add_row("keep", chip_row(entry.keep))
    return Group(headline, Padding(grid, (0, 0, 0, 2), expand=False))


def reach_detail_view(result: ReachResult, numbers: Sequence[int]) -> RenderableType:
    """Each asked type in full: outs with their unseen copies, the tiles to keep, or why not.

    ``numbers`` must be types of the result (``KeyError`` otherwise).
    """
    parts: list[RenderableType] = [_hand(result)]
    for number in dict.fromkeys(numbers):
        parts += [Text(""), _detail(result.by_number(number))]
    if any(result.by_number(n).outs for n in numbers):
        parts += [Text(""), Text("x N: unseen copies of the tile", style="dim")]
    return Group(*parts)
