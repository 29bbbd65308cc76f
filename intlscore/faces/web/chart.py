"""The geometry of the running-totals chart; the template draws it as inline SVG.

One line per player over the deals (deal 0 is the start, every total 0). Lines
differ by dash pattern and marker shape as well as colour, so the chart reads
without colour; each line ends with the player's name and total.

>>> chart = running_chart(["ann", "bob"], [{"ann": 100, "bob": -100}, {"ann": -20, "bob": 20}])
>>> [line.totals for line in chart.lines]
[[0, 100, 80], [0, -100, -80]]
>>> chart.lines[0].points[0], chart.lines[0].points[1]
((40.0, 110.0), (170.0, 20.0))
>>> chart.y_of(0), chart.low, chart.high
(110.0, -100, 100)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

__all__ = ["Chart", "Line", "running_chart"]

WIDTH: Final = 320
HEIGHT: Final = 220
LEFT: Final = 40
RIGHT: Final = 300
TOP: Final = 20
BOTTOM: Final = 200
STYLES: Final = (
    ("#1b1b1b", "", "circle"),
    ("#c0392b", "6 3", "square"),
    ("#1f5fbf", "2 3", "triangle"),
    ("#d35400", "8 3 2 3", "diamond"),
)
"""Colour, dash pattern and marker of each seat."""


@dataclass(frozen=True, slots=True)
class Line:
    """One player's running totals and where they fall on the chart."""

    name: str
    totals: list[int]
    points: list[tuple[float, float]]
    colour: str
    dash: str
    marker: str

    @property
    def path(self) -> str:
        """The SVG ``points`` attribute of the polyline."""
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in self.points)

    @property
    def final(self) -> int:
        return self.totals[-1]


@dataclass(frozen=True, slots=True)
class Chart:
    """The whole chart: one line per player, the value range and the deal count."""

    lines: list[Line]
    low: int
    high: int
    deals: int
    """How many steps the lines take (deals, or sessions on the club's chart)."""
    unit: str = "deal"
    """What one step is: ``deal``, or ``session`` on the club's chart."""
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = RIGHT
    top: int = TOP
    bottom: int = BOTTOM

    def y_of(self, value: int) -> float:
        return _scale(value, self.low, self.high, BOTTOM, TOP)


def _scale(value: float, low: float, high: float, start: float, end: float) -> float:
    if high == low:
        return (start + end) / 2
    return start + (value - low) * (end - start) / (high - low)


def running_chart(
    players: Sequence[str], deltas: Sequence[Mapping[str, int]], unit: str = "deal"
) -> Chart:
    """The chart of the running totals after each step (``deltas`` in order): each deal,
    or (``unit="session"``) each session's deals summed, one point a session."""
    running = {name: [0] for name in players}
    for deal in deltas:
        for name in players:
            running[name].append(running[name][-1] + deal.get(name, 0))
    values = [value for totals in running.values() for value in totals] or [0]  # no players
    low, high = min(values), max(values)
    count = len(deltas)
    lines = []
    for seat, name in enumerate(players):
        colour, dash, marker = STYLES[seat % len(STYLES)]
        points = [
            (
                round(_scale(index, 0, max(count, 1), LEFT, RIGHT), 1),
                round(_scale(value, low, high, BOTTOM, TOP), 1),
            )
            for index, value in enumerate(running[name])
        ]
        lines.append(Line(name, running[name], points, colour, dash, marker))
    return Chart(lines, low, high, count, unit)
