"""Places, placement points and margins of a night's tables, and the standings they add up
to (pure functions, no I/O).

A table's round gives **placement points** by its totals: 4/3/1/0 at a table of four,
4/2/0 at a table of three, players tied sharing the points of the places they span. Its
**margin** says by how much a player beat the others at that table:
``(n x their total - the table's sum) / (n - 1)``, their total less the mean of the other
players' (so a table's margins add up to nothing, whatever its scores' size). The
standings add both over the rounds; a table with no deal yet gives nothing.

>>> placement_points({"ann": 120, "bob": 40, "cat": 40, "dan": -200})
{'ann': Fraction(4, 1), 'bob': Fraction(2, 1), 'cat': Fraction(2, 1), 'dan': Fraction(0, 1)}
>>> margins({"ann": 120, "bob": 40, "cat": -160})
{'ann': Fraction(180, 1), 'bob': Fraction(60, 1), 'cat': Fraction(-240, 1)}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Final

from intlscore.errors import OrderError

__all__ = [
    "KEYS",
    "PLACE_POINTS",
    "Standing",
    "TableResult",
    "WinnersCut",
    "margins",
    "number_text",
    "parse_order",
    "placement_points",
    "standings",
    "winners_cut",
]

PLACE_POINTS: Final[Mapping[int, tuple[int, ...]]] = {4: (4, 3, 1, 0), 3: (4, 2, 0)}
"""The points of each place at a table of that size."""
KEYS: Final[Mapping[str, str]] = {
    "points": "points",
    "margin": "margin",
    "wins": "closed wins",
    "total": "total score",
}
"""The tie-break keys an organiser may order, and how each is named."""
DEFAULT_ORDER: Final = ("points", "margin", "wins")


def parse_order(text: str) -> tuple[str, ...]:
    """A tie-break order written ``points,margin,wins``.

    >>> parse_order("margin, points")
    ('margin', 'points')
    >>> parse_order("points,luck")
    Traceback (most recent call last):
    ...
    intlscore.errors.OrderError: tie-break 'luck' is not one of points, margin, wins, total
    """
    keys = tuple(part.strip() for part in text.split(",") if part.strip())
    for key in keys:
        if key not in KEYS:
            raise OrderError(f"tie-break {key!r} is not one of {', '.join(KEYS)}")
    if not keys:
        raise OrderError(f"a tie-break order names at least one of {', '.join(KEYS)}")
    if len(set(keys)) != len(keys):
        raise OrderError(f"tie-break order {text!r} names a key twice")
    return keys


def placement_points(totals: Mapping[str, int]) -> dict[str, Fraction]:
    """Each player's placement points at a table of 3 or 4, by their totals there; tied
    players share the points of the places they span (in the order given)."""
    size = len(totals)
    if size not in PLACE_POINTS:
        raise ValueError(f"placement points are for tables of 3 and 4, not {size}")
    scale = PLACE_POINTS[size]
    ranked = sorted(totals, key=lambda player: -totals[player])
    points: dict[str, Fraction] = {}
    place = 0
    while place < size:
        tied = [p for p in ranked[place:] if totals[p] == totals[ranked[place]]]
        share = Fraction(sum(scale[place : place + len(tied)]), len(tied))
        for player in tied:
            points[player] = share
        place += len(tied)
    return {player: points[player] for player in totals}


def margins(totals: Mapping[str, int]) -> dict[str, Fraction]:
    """Each player's margin at a table: ``(n x total - the table's sum) / (n - 1)``."""
    size = len(totals)
    whole = sum(totals.values())
    return {player: Fraction(size * total - whole, size - 1) for player, total in totals.items()}


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table of one round as far as it has been played: its players, their totals
    over its deals, how many deals count, and each player's closed wins. ``weight`` scales
    its points and margins (1; 1/2 or 0 for rounds before a cut that halves or clears)."""

    round: int
    table: int
    totals: Mapping[str, int]
    deals: int
    closed_wins: Mapping[str, int] = field(default_factory=dict)
    weight: Fraction = Fraction(1)


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of the standings, with why it stands where it does."""

    place: int
    player: str
    points: Fraction
    margin: Fraction
    wins: int
    total: int
    tables: int
    """The tables played that gave points (a table with a deal at least)."""
    why: str
    stage: int = 0
    """1 for a player in the cut (they stand above the rest), else 0."""

    def to_dict(self) -> dict[str, object]:
        return {
            "place": self.place,
            "player": self.player,
            "points": _json_number(self.points),
            "margin": _json_number(self.margin),
            "closed_wins": self.wins,
            "total": self.total,
            "tables": self.tables,
            "in_cut": bool(self.stage),
            "why": self.why,
        }


def _json_number(value: Fraction) -> int | float:
    if value.denominator == 1:
        return int(value)
    return round(float(value), 2)


def number_text(value: Fraction | int) -> str:
    """A points or margin figure as people write it: whole, or to two decimals.

    >>> number_text(Fraction(5, 2)), number_text(Fraction(8, 3)), number_text(Fraction(-4))
    ('2.5', '2.67', '-4')
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0")


def standings(
    results: Sequence[TableResult],
    players: Sequence[str],
    order: Sequence[str] = DEFAULT_ORDER,
    cut: Sequence[str] = (),
) -> tuple[Standing, ...]:
    """The standings of ``players`` from the ``results`` of their tables: points and
    margins added over the tables with a deal, ranked by ``order`` (players in ``cut``
    first); players equal on every key share a place. Each row's ``why`` names the first
    key that sets it apart from the next row (the last row: from the row before).

    >>> rows = standings([TableResult(1, 1, {"ann": 50, "bob": 50, "cat": -100}, 2)],
    ...                  ["ann", "bob", "cat"])
    >>> [(row.place, row.player, number_text(row.points), row.why) for row in rows]
    [(1, 'ann', '3', 'tied with bob'), (1, 'bob', '3', 'above cat on points: 3 to 0'), (3, 'cat', '0', 'below bob on points: 0 to 3')]
    """  # noqa: E501
    for key in order:
        if key not in KEYS:
            raise OrderError(f"tie-break {key!r} is not one of {', '.join(KEYS)}")
    sums: dict[str, dict[str, Fraction]] = {}
    tables: dict[str, int] = {}

    def row(player: str) -> dict[str, Fraction]:
        return sums.setdefault(player, {name: Fraction(0) for name in KEYS})

    for player in players:
        row(player)
    for result in results:
        if result.deals == 0:
            continue
        shares = placement_points(result.totals)
        edges = margins(result.totals)
        for player, value in result.totals.items():
            mine = row(player)
            mine["points"] += shares[player] * result.weight
            mine["margin"] += edges[player] * result.weight
            mine["total"] += value
            mine["wins"] += result.closed_wins.get(player, 0)
            tables[player] = tables.get(player, 0) + 1
    in_cut = set(cut)
    everyone = list(sums)

    def rank(player: str) -> tuple[Fraction | int, ...]:
        return (-(player in in_cut), *(-sums[player][name] for name in order))

    ranked = sorted(everyone, key=lambda player: (rank(player), everyone.index(player)))
    rows: list[Standing] = []
    for index, player in enumerate(ranked):
        same = bool(rows) and rank(ranked[index - 1]) == rank(player)
        place = rows[-1].place if same else index + 1
        if index + 1 < len(ranked):
            why = _why(player, ranked[index + 1], "above", sums, order, in_cut, len(cut))
        elif index > 0:
            why = _why(player, ranked[index - 1], "below", sums, order, in_cut, len(cut))
        else:
            why = "the only player"
        mine = sums[player]
        rows.append(
            Standing(
                place, player, mine["points"], mine["margin"], int(mine["wins"]),
                int(mine["total"]), tables.get(player, 0), why, int(player in in_cut),
            )
        )
    return tuple(rows)


def _why(
    player: str,
    other: str,
    word: str,
    values: Mapping[str, Mapping[str, Fraction]],
    order: Sequence[str],
    in_cut: set[str],
    top: int,
) -> str:
    if (player in in_cut) != (other in in_cut):
        return f"{word} {other}: {'in' if player in in_cut else 'not in'} the cut (top {top})"
    for key in order:
        mine, theirs = values[player][key], values[other][key]
        if mine != theirs:
            return f"{word} {other} on {KEYS[key]}: {number_text(mine)} to {number_text(theirs)}"
    return f"tied with {other}"


@dataclass(frozen=True, slots=True)
class WinnersCut:
    """Who plays on after a cut to the table winners plus the best others: the players in
    seed order (the winners, by the standings, then the others, by the standings), the
    winners, and a line for each table whose win was tied or has no winner present."""

    players: tuple[str, ...]
    winners: tuple[str, ...]
    notes: tuple[str, ...]


def winners_cut(
    tables: Sequence[TableResult],
    rows: Sequence[Standing],
    order: Sequence[str] = DEFAULT_ORDER,
    losers: int = 0,
) -> WinnersCut:
    """The winner of each of ``tables`` (one round's) plus the ``losers`` best others by
    the standings ``rows`` (those of the players still present, best first).

    A table's winner is its best player in that round by the night's tie-break ``order``
    applied to that table alone (its placement points, margin, closed wins, total). When
    players tie there on every key, the one higher in the night's standings goes through
    (sharing a place there too: the one listed first, who came to the night first); the
    others may still come through among the best others. Only players still present can
    win a table. The winners are seeded first, by standing, then the others.

    >>> first = TableResult(2, 1, {"ann": 50, "bob": 50, "cat": -100}, 4, {"bob": 1})
    >>> second = TableResult(2, 2, {"dan": -20, "eve": 30, "fay": -10}, 4)
    >>> night = standings([first, second], ["ann", "bob", "cat", "dan", "eve", "fay"])
    >>> cut = winners_cut([first, second], night, losers=2)
    >>> cut.players, cut.winners, cut.notes
    (('eve', 'bob', 'ann', 'fay'), ('eve', 'bob'), ())

    (bob and ann tie at table 1 on points and margin; bob has more closed wins there.)
    """
    place = {row.player: row.place for row in rows}
    index = {row.player: number for number, row in enumerate(rows)}
    winners: list[str] = []
    notes: list[str] = []
    for table in tables:
        if not any(player in place for player in table.totals):
            notes.append(f"round {table.round}, table {table.table}: no player of it is still"
                         " present, no winner")
            continue
        ranked = standings([replace(table, weight=Fraction(1))], list(table.totals), order)
        best = next(row for row in ranked if row.player in place)
        tied = sorted((row.player for row in ranked if row.place == best.place
                       and row.player in place), key=index.__getitem__)
        winners.append(tied[0])
        if len(tied) > 1:
            how = "higher in the night's standings"
            if place[tied[0]] == place[tied[1]]:
                how = "first on the roll call (they share a place in the standings too)"
            notes.append(
                f"round {table.round}, table {table.table}: {' and '.join(tied)} tie for the win on"
                f" {', '.join(KEYS[key] for key in order)}; {tied[0]} goes through, {how}"
            )
    winners.sort(key=index.__getitem__)
    others = [row.player for row in rows if row.player not in winners][:losers]
    return WinnersCut((*winners, *others), tuple(winners), tuple(notes))
