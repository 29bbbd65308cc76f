"""Compact horizontal bar charts that fit any width, in colour or as plain text.

Each row is a label, a bar and the value. A bar's length is the value's share of the
largest one (in size); a negative value is drawn with ``▒`` and a positive one with ``█``,
so the chart reads the same without colour (piped, or ``NO_COLOR``), where rich drops the
green and red. When the labels leave too little room for the bars (a narrow terminal),
each label goes on its own line above its bar.

>>> from rich.console import Console
>>> chart = bar_chart([("ann", 90), ("bob", -45), ("cat", 0)])
>>> for width in (30, 12):
...     console = Console(width=width, color_system=None)
...     with console.capture() as capture:
...         console.print(chart)
...     print(capture.get().rstrip())
ann  ████████████████████  +90
bob  ▒▒▒▒▒▒▒▒▒▒            -45
cat                          0
ann
███████  +90
bob
▒▒▒▒     -45
cat
           0
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from intlscore.faces.render.output import escape_controls

__all__ = ["BarChart", "bar_chart"]

_MIN_BAR = 10
"""Fewer columns than this for the bars, and the labels go on their own lines."""
_GAP = "  "


class BarChart:
    """Labelled values as bars (see the module's docstring); build with :func:`bar_chart`."""

    def __init__(self, rows: Sequence[tuple[str, int]], *, signed: bool = True) -> None:
        self.rows = [(escape_controls(label), value) for label, value in rows]
        self.signed = signed

    def _value(self, value: int) -> str:
        return f"{value:+d}" if value and self.signed else str(value)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not self.rows:
            return
        width = options.max_width
        values = [self._value(value) for _, value in self.rows]
        value_width = max(len(text) for text in values)
        label_width = max(cell_len(label) for label, _ in self.rows)
        side_by_side = width - label_width - value_width - 2 * len(_GAP) >= _MIN_BAR
        bar_room = width - value_width - len(_GAP)
        if side_by_side:
            bar_room -= label_width + len(_GAP)
        bar_room = max(bar_room, 1)
        largest = max(abs(value) for _, value in self.rows) or 1
        for (label, value), shown in zip(self.rows, values, strict=True):
            length = round(bar_room * abs(value) / largest)
            if value and not length:
                length = 1  # a non-zero value always shows
            bar = Text(
                ("█" if value > 0 else "▒") * length,
                style="green" if value > 0 else "red",
            )
            line = Text()
            if side_by_side:
                line.append(label + " " * (label_width - cell_len(label)) + _GAP)
            else:
                yield Text(label, style="bold", no_wrap=True, overflow="fold")
            line.append_text(bar)
            line.append(" " * (bar_room - length) + _GAP + shown.rjust(value_width))
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(1, options.max_width)


def bar_chart(rows: Sequence[tuple[str, int]], *, signed: bool = True) -> BarChart:
    """A bar chart of ``(label, value)`` rows, in the order given; ``signed``: values
    shown with their sign (``+90``), else as counts (``3``)."""
    return BarChart(rows, signed=signed)
