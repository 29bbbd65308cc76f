"""Statistics across the sessions of a ledger: per player, and for the table.

Every figure comes from the deals that count (undone ones left out, amended ones in their
last version), read in one snapshot (:func:`~intlscore.session.club.season.read_season`).
A player is one person in every session where the name is written the same way up to
case. Every figure is an aggregate of the results kept when each deal was written (its
deltas, and the closed type a closed win made): nothing is scored again here.

A date range keeps the deals stored on those days (UTC; an amended deal counts on the
day of its last version); a session counts as played by a player when one of its deals
in the range does. Money is each session's settlement (R19) of the deals kept, summed over
the sessions: at the stake given, or else at each session's own stake (kept by ``session
new --stake`` or its first ``session settle``); without either, when a session kept has no
stake, there is no money.

>>> import tempfile, pathlib
>>> from intlscore.session.ledger import Ledger
>>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
...     friday = ledger.create_session("friday", ["ann", "bob"])
...     _ = friday.deal(kind="open", winner="ann", racks={"bob": "r5"})
...     _ = friday.deal(kind="closed", winner="bob", closed="k1-13 k1", discard="r5",
...                     not_melded=["ann"])
...     stats = season_stats(read_season(ledger), stake="0.05")
>>> for p in stats.players:
...     print(p.name, p.deals, p.total, p.wins, p.longest_streak, p.money)
ann 2 -2300 {'open': 1, 'foot': 0, 'closed': 0} 1 -234.75
bob 2 2395 {'open': 0, 'foot': 0, 'closed': 1} 1 234.75
>>> [(closed.number, closed.name, closed.count) for closed in stats.closed_types]
[(24, 'Royal', 1)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from intlscore.errors import LedgerError, quoted
from intlscore.session.club.season import day_of, listed, parse_day, read_season
from intlscore.session.names import name_key
from intlscore.session.settlement import DEFAULT_UNIT, parse_money, settle

if TYPE_CHECKING:
    from intlscore.session.club.season import SeasonDeal, SeasonSession

__all__ = [
    "EVERY",
    "ClosedCount",
    "Hand",
    "PlayedDeal",
    "PlayerStats",
    "Selection",
    "Stats",
    "missing_stakes",
    "read_season",
    "season_deals",
    "season_stats",
]

WIN_KINDS: Final = ("open", "foot", "closed")
BIGGEST: Final = 5
"""How many of the biggest hands the table's statistics keep."""


@dataclass(frozen=True, slots=True)
class Selection:
    """Which deals count: a date range (inclusive) and some sessions (``()``: all)."""

    since: date | None = None
    until: date | None = None
    sessions: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "since": None if self.since is None else self.since.isoformat(),
            "until": None if self.until is None else self.until.isoformat(),
            "sessions": list(self.sessions),
        }

    @classmethod
    def typed(
        cls, since: str | None = None, until: str | None = None, sessions: Sequence[str] = ()
    ) -> Selection:
        """The selection as a user types it (``--since``, ``--until``: ``YYYY-MM-DD``).

        >>> Selection.typed("2024-03-08", "2024-03-01")
        Traceback (most recent call last):
        ...
        intlscore.errors.LedgerError: --since 2024-03-08 is after --until 2024-03-01
        """
        first = None if since is None else parse_day(since, "--since")
        last = None if until is None else parse_day(until, "--until")
        if first is not None and last is not None and first > last:
            raise LedgerError(f"--since {first} is after --until {last}")
        return cls(first, last, tuple(sessions))

    def keeps(self, deal: SeasonDeal) -> bool:
        day = day_of(deal.created)
        return (self.since is None or day >= self.since) and (
            self.until is None or day <= self.until
        )

    def states(self, season: Sequence[SeasonSession]) -> list[SeasonSession]:
        """The sessions chosen, in the ledger's order; an unknown name is refused."""
        if not self.sessions:
            return list(season)
        known = {state.name: state for state in season}
        for name in self.sessions:
            if name not in known:
                hint = (
                    f"the sessions are {listed(list(known))}" if known else "there are no sessions"
                )
                raise LedgerError(f"no session named {quoted(name)} ({hint})")
        return [state for state in season if state.name in self.sessions]


EVERY: Final = Selection()
"""Every deal of every session."""


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """One deal of the season: its session, number, time and outcome, with each player's
    delta under the player's season-wide name."""

    session: str
    number: int
    created: str
    kind: str
    winner: str | None
    deltas: dict[str, int]
    summary: str
    closed: tuple[int, str, int] | None = None
    """For a closed win: the type's number, its name and the jokers among the 14 tiles."""


@dataclass(frozen=True, slots=True)
class Hand:
    """A closed hand made: who, where, which type and what it won."""

    player: str
    session: str
    number: int
    type_number: int
    type_name: str
    jokers: int
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "session": self.session,
            "deal": self.number,
            "type": self.type_number,
            "name": self.type_name,
            "jokers": self.jokers,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class ClosedCount:
    """How often one closed type was made, and the points its winners took."""

    number: int
    name: str
    count: int
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.number, "name": self.name, "count": self.count, "points": self.points}


@dataclass(slots=True)
class PlayerStats:
    """One player's season."""

    name: str
    sessions: int = 0
    deals: int = 0
    total: int = 0
    wins: dict[str, int] = field(default_factory=lambda: dict.fromkeys(WIN_KINDS, 0))
    closed: list[ClosedCount] = field(default_factory=list)
    best: PlayedDeal | None = None
    longest_streak: int = 0
    money: Decimal | None = None

    @property
    def average(self) -> Fraction:
        """The average delta per deal played (0 before any deal)."""
        return Fraction(self.total, self.deals) if self.deals else Fraction(0)

    @property
    def closed_count(self) -> int:
        return sum(closed.count for closed in self.closed)

    @property
    def closed_points(self) -> int:
        return sum(closed.points for closed in self.closed)

    def to_dict(self) -> dict[str, Any]:
        best = self.best
        return {
            "name": self.name,
            "sessions": self.sessions,
            "deals": self.deals,
            "total": self.total,
            "average": round(float(self.average), 2),
            "wins": dict(self.wins),
            "closed": [closed.to_dict() for closed in self.closed],
            "closed_total": {"count": self.closed_count, "points": self.closed_points},
            "best": None
            if best is None
            else {
                "session": best.session,
                "deal": best.number,
                "delta": best.deltas[self.name],
                "summary": best.summary,
            },
            "longest_streak": self.longest_streak,
            "money": None if self.money is None else str(self.money),
        }


@dataclass(frozen=True, slots=True)
class Stats:
    """The statistics of a season: per player, and the table's closed hands."""

    selection: Selection
    stake: Decimal | None
    deals: int
    players: tuple[PlayerStats, ...]
    closed_types: tuple[ClosedCount, ...]
    biggest: tuple[Hand, ...]
    hands: tuple[Hand, ...] = ()
    """Every closed hand made, the biggest first."""

    def player(self, name: str) -> PlayerStats:
        """One player's statistics, the name matched without case."""
        for player in self.players:
            if name_key(player.name) == name_key(name):
                return player
        known = listed([player.name for player in self.players]) or "none"
        raise LedgerError(f"no player named {quoted(name)} (the players are {known})")

    def only(self, name: str) -> Stats:
        """The statistics of one player (any case): their row, closed types and hands."""
        player = self.player(name)
        hands = tuple(hand for hand in self.hands if hand.player == player.name)
        return replace(
            self, players=(player,), closed_types=tuple(player.closed), biggest=hands[:BIGGEST]
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.selection.to_dict(),
            "stake": None if self.stake is None else str(self.stake),
            "deals": self.deals,
            "players": [player.to_dict() for player in self.players],
            "table": {
                "closed": [closed.to_dict() for closed in self.closed_types],
                "biggest": [hand.to_dict() for hand in self.biggest],
            },
        }


def season_names(season: Iterable[SeasonSession]) -> dict[str, str]:
    """Each player's season-wide name (the spelling of the last session), by its
    :func:`~intlscore.session.names.name_key`."""
    names: dict[str, str] = {}
    for state in season:
        for name in state.players:
            names[name_key(name)] = name  # first seat kept, last spelling
    return names


def season_deals(season: Sequence[SeasonSession], selection: Selection = EVERY) -> list[PlayedDeal]:
    """Every deal that counts and is selected, in date order: the sessions in the ledger's
    order, each one's deals by number; names are the season-wide ones."""
    names = season_names(season)
    dated = selection.since is not None or selection.until is not None
    played: list[PlayedDeal] = []
    for state in selection.states(season):
        seat = {name: names[name_key(name)] for name in state.players}
        for deal in state.deals:
            if dated and not selection.keeps(deal):
                continue
            played.append(
                PlayedDeal(
                    session=state.name,
                    number=deal.number,
                    created=deal.created,
                    kind=deal.kind,
                    winner=None if deal.winner is None else seat[deal.winner],
                    deltas={seat[name]: delta for name, delta in deal.deltas.items()},
                    summary=deal.summary,
                    closed=deal.closed,
                )
            )
    return played


def season_stats(
    season: Sequence[SeasonSession],
    selection: Selection = EVERY,
    stake: Decimal | str | None = None,
    unit: Decimal | str = DEFAULT_UNIT,
    *,
    played: Sequence[PlayedDeal] | None = None,
) -> Stats:
    """The statistics of the deals selected (see the module's docstring); ``played`` is
    :func:`season_deals` of the same selection, when the caller has it already."""
    money_stake = None if stake is None else parse_money(stake, "stake")
    if played is None:
        played = season_deals(season, selection)
    names = season_names(season)
    players = {name: PlayerStats(name) for name in names.values()}
    streaks = dict.fromkeys(players, 0)
    closed_by: dict[str, dict[int, tuple[str, int, int]]] = {name: {} for name in players}
    table: dict[int, tuple[str, int, int]] = {}
    hands: list[Hand] = []
    sessions: dict[str, set[str]] = {name: set() for name in players}
    for deal in played:
        for name, delta in deal.deltas.items():
            stats = players[name]
            sessions[name].add(deal.session)
            stats.deals += 1
            stats.total += delta
            if stats.best is None or delta > stats.best.deltas[name]:
                stats.best = deal
            streaks[name] = streaks[name] + 1 if deal.winner == name else 0
            stats.longest_streak = max(stats.longest_streak, streaks[name])
        if deal.winner is not None and deal.kind in WIN_KINDS:
            players[deal.winner].wins[deal.kind] += 1
        if deal.closed is not None and deal.winner is not None:
            number, name, jokers = deal.closed
            points = deal.deltas[deal.winner]
            _count(closed_by[deal.winner], number, name, points)
            _count(table, number, name, points)
            hands.append(Hand(deal.winner, deal.session, deal.number, number, name, jokers, points))
    for name, stats in players.items():
        stats.sessions = len(sessions[name])
        stats.closed = _counts(closed_by[name])
    if money_stake is not None or not missing_stakes(season, selection):
        _add_money(players, season, selection, money_stake, unit)
    kept = tuple(stats for stats in players.values() if stats.deals or not played)
    ordered = tuple(sorted(hands, key=lambda hand: -hand.points))
    counts = tuple(_counts(table))
    return Stats(selection, money_stake, len(played), kept, counts, ordered[:BIGGEST], ordered)


def _count(counts: dict[int, tuple[str, int, int]], number: int, name: str, points: int) -> None:
    _, count, total = counts.get(number, (name, 0, 0))
    counts[number] = (name, count + 1, total + points)


def _counts(counts: dict[int, tuple[str, int, int]]) -> list[ClosedCount]:
    """Most often first, then by type number."""
    rows = [
        ClosedCount(number, name, count, points) for number, (name, count, points) in counts.items()
    ]
    return sorted(rows, key=lambda row: (-row.count, row.number))


def missing_stakes(season: Sequence[SeasonSession], selection: Selection = EVERY) -> list[str]:
    """The sessions with deals selected that keep no stake of their own."""
    return [
        state.name
        for state in selection.states(season)
        if state.stake is None and any(selection.keeps(deal) for deal in state.deals)
    ]


def _add_money(
    players: dict[str, PlayerStats],
    season: Sequence[SeasonSession],
    selection: Selection,
    stake: Decimal | None,
    unit: Decimal | str,
) -> None:
    """Each session settled (R19) on the totals of its deals kept, at ``stake`` or else at
    its own stake, the nets summed."""
    names = season_names(season)
    for stats in players.values():
        stats.money = Decimal(0)
    for state in selection.states(season):
        kept = [deal for deal in state.deals if selection.keeps(deal)]
        if not kept:
            continue
        totals = {name: sum(deal.deltas[name] for deal in kept) for name in state.players}
        at = stake if stake is not None else state.stake
        assert at is not None  # missing_stakes() found none missing
        for name, net in settle(totals, at, unit).nets.items():
            stats = players[names[name_key(name)]]
            stats.money = (stats.money or Decimal(0)) + net
