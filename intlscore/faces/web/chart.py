"""The geometry of the running-totals chart; the template draws it as inline SVG.

One line per player over the deals (deal 0 is the start, every total 0). Lines
differ by dash pattern and marker shape as well as colour, so the chart reads
without colour; each line ends with the player's name and total.

A player keeps one colour and marker everywhere, on every session's chart and on the
club's (issue 29): the style follows the player's place in ``order``, the ledger's players
in order of first appearance (:func:`first_appearance`), not the seat. Eight colours, five
markers and three dash patterns make 120 different styles, so up to 120 players of one
ledger never share one.

>>> chart = running_chart(["ann", "bob"], [{"ann": 100, "bob": -100}, {"ann": -20, "bob": 20}])
>>> [line.totals for line in chart.lines]
[[0, 100, 80], [0, -100, -80]]
>>> chart.lines[0].points[0], chart.lines[0].points[1]
((40.0, 110.0), (170.0, 20.0))
>>> chart.y_of(0), chart.low, chart.high
(110.0, -100, 100)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from intlscore.errors import LedgerDamageError
from intlscore.session.names import name_key

if TYPE_CHECKING:
    from intlscore.session.ledger import Ledger

__all__ = ["Chart", "Line", "first_appearance", "player_order", "running_chart", "style"]

WIDTH: Final = 320
HEIGHT: Final = 220
LEFT: Final = 40
RIGHT: Final = 300
TOP: Final = 20
BOTTOM: Final = 200
COLOURS: Final = (
    "#1b1b1b",
    "#c0392b",
    "#1f5fbf",
    "#b35900",
    "#1e7b4f",
    "#7b3fa0",
    "#8a6d00",
    "#c2185b",
)
MARKERS: Final = ("circle", "square", "triangle", "diamond", "cross")
MARK_GAP: Final = 10
"""The least room, in chart units, between two markers of one line: a line of more points
than fit draws a marker on every few of them (and on its last), its polyline on all."""
DASHES: Final = ("", "6 3", "2 3")


def style(place: int) -> tuple[str, str, str]:
    """Colour, dash pattern and marker of the player at ``place`` in the ledger's order.

    >>> style(0), style(1), style(8)
    (('#1b1b1b', '', 'circle'), ('#c0392b', '6 3', 'square'), ('#1b1b1b', '2 3', 'diamond'))
    >>> len({style(place) for place in range(120)})
    120
    """
    return (
        COLOURS[place % len(COLOURS)],
        DASHES[place % len(DASHES)],
        MARKERS[place % len(MARKERS)],
    )


def first_appearance(rosters: Iterable[Sequence[str]]) -> list[str]:
    """Every player once (case folded, as a ledger matches names), in order of first
    appearance: ``rosters`` are the sessions' players, oldest session first, in seat order.

    >>> first_appearance([["ann", "bob"], ["Cat", "ANN"]])
    ['ann', 'bob', 'cat']
    """
    seen: dict[str, None] = {}
    for players in rosters:
        for name in players:
            seen.setdefault(name_key(name), None)
    return list(seen)


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

    @property
    def marks(self) -> list[tuple[float, float]]:
        """The points that carry a marker: every one while they are at least
        :data:`MARK_GAP` apart, else evenly every few, the first and the last always (520
        sessions on a 260-unit chart would draw 520 markers per line, all overlapping).

        >>> line = running_chart(["ann"], [{"ann": 1}] * 3).lines[0]
        >>> line.marks == line.points
        True
        >>> many = running_chart(["ann"], [{"ann": 1}] * 520).lines[0]
        >>> len(many.points), len(many.marks), many.marks[-1] == many.points[-1]
        (521, 27, True)
        """
        room = (RIGHT - LEFT) // MARK_GAP + 1
        count = len(self.points)
        if count <= room:
            return self.points
        step = -(-(count - 1) // (room - 1))
        chosen = self.points[::step]
        if chosen[-1] != self.points[-1]:
            chosen[-1] = self.points[-1]
        return chosen


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


def player_order(ledger: Ledger) -> list[str]:
    """The ledger's players in order of first appearance (:meth:`Ledger.rosters`), what
    every chart of the pages styles its players by. A damaged session record leaves it
    empty, so that the charts fall back to seat order: ``session check`` tells the damage,
    and the page shows what it can."""
    try:
        return first_appearance(ledger.rosters())
    except LedgerDamageError:
        return []


def running_chart(
    players: Sequence[str],
    deltas: Sequence[Mapping[str, int]],
    order: Sequence[str] = (),
    unit: str = "deal",
) -> Chart:
    """The chart of the running totals after each step (``deltas`` in order): each deal,
    or (``unit="session"``) each session's deals summed, one point a session. Each
    player's style follows their place in ``order`` (:func:`first_appearance`); a player
    not in it comes after everyone who is.

    >>> chart = running_chart(["cat", "ann"], [], order=["ann", "bob", "cat"])
    >>> [(line.name, line.colour, line.marker) for line in chart.lines]
    [('cat', '#1f5fbf', 'triangle'), ('ann', '#1b1b1b', 'circle')]
    """
    places = {name: place for place, name in enumerate(order)}
    extra = len(places)
    running = {name: [0] for name in players}
    for deal in deltas:
        for name in players:
            running[name].append(running[name][-1] + deal.get(name, 0))
    values = [value for totals in running.values() for value in totals] or [0]  # no players
    low, high = min(values), max(values)
    count = len(deltas)
    xs = [round(_scale(index, 0, max(count, 1), LEFT, RIGHT), 1) for index in range(count + 1)]
    lines = []
    for name in players:
        place = places.get(name_key(name))
        if place is None:
            place = places[name_key(name)] = extra
            extra += 1
        colour, dash, marker = style(place)
        ys = [round(_scale(value, low, high, BOTTOM, TOP), 1) for value in running[name]]
        points = list(zip(xs, ys, strict=True))
        lines.append(Line(name, running[name], points, colour, dash, marker))
    return Chart(lines, low, high, count, unit)
