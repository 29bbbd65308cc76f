"""Layouts that fit any width: a table where it fits whole, stacked records where it does not.

A rich table that is too wide crops its cells (``+24…``). The views never let
that happen: numbers and tiles sit in columns that do not wrap, text columns
wrap between words, and :class:`Fitted` switches to a stacked layout when even
that cannot fit the width (when the table would show an ellipsis anywhere).

>>> from rich.console import Console
>>> from rich.table import Table
>>> table = Table("player", "delta")
>>> table.add_row("ann", "+4800")
>>> stacked = Stacked([(Text("ann +4800"), [Text("closed win")])])
>>> view = Fitted(table, stacked)
>>> for width in (40, 12):
...     console = Console(width=width, color_system=None)
...     with console.capture() as capture:
...         console.print(view)
...     print(capture.get().rstrip())
┏━━━━━━━━┳━━━━━━━┓
┃ player ┃ delta ┃
┡━━━━━━━━╇━━━━━━━┩
│ ann    │ +4800 │
└────────┴───────┘
ann +4800
  closed win
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.padding import Padding
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

__all__ = ["Fitted", "LabelledRows", "Stacked", "min_width"]

_UNBOUNDED = 10_000
_ELLIPSIS = "…"
_GAP = 2
"""Spaces between a label and its row."""


def min_width(console: Console, options: ConsoleOptions, renderable: RenderableType) -> int:
    """The fewest columns ``renderable`` needs without cropping anything."""
    wide = options.update(width=_UNBOUNDED)
    return Measurement.get(console, wide, renderable).minimum


class Fitted:
    """``wide`` when it fits the width without cropping a cell, else ``narrow``.

    ``at_least`` asks for more room than the bare minimum before ``wide`` is
    used (a table whose text column would be a few letters wide reads worse
    than the stacked records).
    """

    def __init__(self, wide: RenderableType, narrow: RenderableType, at_least: int = 0) -> None:
        self.wide = wide
        self.narrow = narrow
        self.at_least = at_least

    def _choice(
        self, console: Console, options: ConsoleOptions
    ) -> tuple[RenderableType, list[list[Segment]] | None]:
        """What to show, with its lines when ``wide`` was drawn to check it."""
        if max(min_width(console, options, self.wide), self.at_least) > options.max_width:
            return self.narrow, None
        # rich's tables do not always reach their measured minimum: they may crop a cell
        # (with an ellipsis) when a column could have wrapped. Draw it to be sure.
        lines = console.render_lines(self.wide, options.update(height=None), pad=False)
        cropped = any(_ELLIPSIS in segment.text for line in lines for segment in line)
        return (self.narrow, None) if cropped else (self.wide, lines)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        choice, lines = self._choice(console, options)
        if lines is None or options.height is not None:
            yield choice
            return
        # ``wide`` was just drawn with these options: show those lines rather than
        # drawing the table a second time (a third of a view's drawing time).
        for line in lines:
            yield from line
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self._choice(console, options)[0])


class Stacked:
    """Records one under another: a headline, then its details indented below it.

    Every line wraps between words (a word longer than the width is folded, never
    cut), so nothing is lost at any width.
    """

    def __init__(
        self, records: Sequence[tuple[Text, Sequence[RenderableType]]], indent: int = 2
    ) -> None:
        self.records = list(records)
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for headline, details in self.records:
            yield headline
            if details:
                yield Padding(Group(*details), (0, 0, 0, self.indent), expand=False)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [Measurement.get(console, options, headline) for headline, _ in self.records]
        for _, details in self.records:
            for detail in details:
                inner = Measurement.get(console, options, detail)
                widths.append(Measurement(inner.minimum + self.indent, inner.maximum + self.indent))
        if not widths:
            return Measurement(0, 0)
        return Measurement(max(w.minimum for w in widths), max(w.maximum for w in widths))


class LabelledRows:
    """Rows with a dim label on the left, laid out for the width at hand.

    When a label and its row do not fit side by side, ``narrow`` decides:
    ``"stack"`` puts each label on a line of its own above its row, ``"drop"``
    leaves the labels out (for labels that only repeat what the row shows).

    >>> rows = LabelledRows([("run", Text("r1 r2 r3")), ("group", Text("k5 r5 b5"))], "drop")
    >>> console = Console(width=20, color_system=None)
    >>> with console.capture() as capture:
    ...     console.print(rows)
    >>> print(capture.get().rstrip())
    run    r1 r2 r3
    group  k5 r5 b5
    >>> console = Console(width=12, color_system=None)
    >>> with console.capture() as capture:
    ...     console.print(rows)
    >>> print(capture.get().rstrip())
    r1 r2 r3
    k5 r5 b5
    >>> rows = LabelledRows([("hand", Text("k1 k2 k3 k4 k5")), ("discard", Text("r9"))], "stack")
    >>> console = Console(width=20, color_system=None)
    >>> with console.capture() as capture:
    ...     console.print(rows)
    >>> print(capture.get().rstrip())
    hand
    k1 k2 k3 k4 k5
    discard  r9
    """

    def __init__(self, rows: Sequence[tuple[str, Text]], narrow: Literal["stack", "drop"]) -> None:
        self.rows = list(rows)
        self.narrow = narrow
        self.label_width = max((len(label) for label, _ in self.rows), default=0)
        self.row_width = max((text.cell_len for _, text in self.rows), default=0)

    @property
    def side_by_side_width(self) -> int:
        return self.label_width + _GAP + self.row_width

    def _grid(self, rows: Iterable[tuple[str, Text]]) -> Table:
        grid = Table.grid(padding=(0, _GAP))
        grid.add_column(no_wrap=True, min_width=self.label_width)
        grid.add_column()
        for label, text in rows:
            grid.add_row(Text(label, style="dim"), text)
        return grid

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.side_by_side_width <= options.max_width:
            yield self._grid(self.rows)
            return
        if self.narrow == "drop":
            yield from (text for _, text in self.rows)
            return
        # "stack": a row that still fits keeps its label beside it, the others go below theirs.
        beside: list[tuple[str, Text]] = []
        for label, text in self.rows:
            if self.label_width + _GAP + text.cell_len <= options.max_width:
                beside.append((label, text))
                continue
            if beside:
                yield self._grid(beside)
                beside = []
            yield Text(label, style="dim")
            yield text
        if beside:
            yield self._grid(beside)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = min(self.side_by_side_width, options.max_width)
        return Measurement(min(self.row_width, widest), widest)
