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
from intlscore.session.club.season import listed, parse_day, read_season, stored_within
from intlscore.session.club.tally import (
    WIN_KINDS,
    ClosedTally,
    Hand,
    PlayedDeal,
    SessionTally,
    count_closed,
    session_nets,
    tally,
)
from intlscore.session.names import name_key
from intlscore.session.settlement import DEFAULT_UNIT, parse_money

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
    "season_tallies",
]

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
        return stored_within(deal.created, self.since, self.until)

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


def season_tallies(
    season: Sequence[SeasonSession], selection: Selection = EVERY
) -> list[SessionTally]:
    """Each selected session's share of the season (:func:`~.tally.tally`), in the ledger's
    order: made once per session as read, and kept on it."""
    names = season_names(season)
    return [
        tally(
            state,
            selection.since,
            selection.until,
            tuple(names[name_key(name)] for name in state.players),
        )
        for state in selection.states(season)
    ]


def season_deals(season: Sequence[SeasonSession], selection: Selection = EVERY) -> list[PlayedDeal]:
    """Every deal that counts and is selected, in date order: the sessions in the ledger's
    order, each one's deals by number; names are the season-wide ones."""
    return [deal for share in season_tallies(season, selection) for deal in share.played]


def season_stats(
    season: Sequence[SeasonSession],
    selection: Selection = EVERY,
    stake: Decimal | str | None = None,
    unit: Decimal | str = DEFAULT_UNIT,
) -> Stats:
    """The statistics of the deals selected (see the module's docstring): each selected
    session's share (:func:`season_tallies`) summed in the ledger's order."""
    money_stake = None if stake is None else parse_money(stake, "stake")
    names = season_names(season)
    players = {name: PlayerStats(name) for name in names.values()}
    streaks = dict.fromkeys(players, 0)
    closed_by: dict[str, ClosedTally] = {name: {} for name in players}
    table: ClosedTally = {}
    hands: list[Hand] = []
    deals = 0
    shares = season_tallies(season, selection)
    for share in shares:
        deals += len(share.played)
        hands.extend(share.hands)
        for number, (type_name, count, points) in share.closed.items():
            count_closed(table, number, type_name, points, count)
        for name, part in share.players.items():
            stats = players[name]
            stats.sessions += 1
            stats.deals += part.deals
            stats.total += part.total
            best = part.best
            if best is not None and (
                stats.best is None or best.deltas[name] > stats.best.deltas[name]
            ):
                stats.best = best
            for kind, wins in part.wins.items():
                stats.wins[kind] += wins
            for number, (type_name, count, points) in part.closed.items():
                count_closed(closed_by[name], number, type_name, points, count)
            streaks[name], longest = part.streak.after(streaks[name])
            stats.longest_streak = max(stats.longest_streak, longest)
    for name, stats in players.items():
        stats.closed = _counts(closed_by[name])
    if money_stake is not None or not missing_stakes(season, selection):
        _add_money(players, season, selection, money_stake, unit)
    kept = tuple(stats for stats in players.values() if stats.deals or not deals)
    ordered = tuple(sorted(hands, key=lambda hand: -hand.points))
    counts = tuple(_counts(table))
    return Stats(selection, money_stake, deals, kept, counts, ordered[:BIGGEST], ordered)


def _counts(counts: ClosedTally) -> list[ClosedCount]:
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
        at = stake if stake is not None else state.stake
        if at is None:
            continue  # no deal selected: missing_stakes() found none missing
        seats = tuple(names[name_key(name)] for name in state.players)
        for name, net in session_nets(
            state, selection.since, selection.until, seats, at, unit
        ).items():
            stats = players[name]
            stats.money = (stats.money or Decimal(0)) + net
