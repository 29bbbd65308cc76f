"""What one session adds to the season's figures, worked out once per session as read.

Every club figure (:mod:`.stats`, :mod:`.standings`, :mod:`.ratings`, the club page's
chart) is a sum over sessions taken in the ledger's order. A :class:`SessionTally` is one
session's share: its deals as the season names them, each player's counts, wins, best deal
and wins in a row, the closed hands made, its summed deltas (one point of the club's
chart) and the lines the ratings' checksum reads. :func:`tally` keeps it on the session
it was made from (:attr:`SeasonSession.memo <intlscore.session.club.season.SeasonSession.memo>`),
so a server that keeps the sessions it has read (:class:`~.season.SeasonCache`) works out,
after a deal, only that deal's session: the season's figures then cost one combination of
a few numbers per session, not a walk over every deal.

>>> from intlscore.session.club.season import SeasonDeal, SeasonSession
>>> deal = SeasonDeal(1, "2024-03-01T20:00:00+00:00", "open", "ann", False, "ann won",
...                   {"ann": 100, "bob": -5}, None)
>>> friday = SeasonSession("friday", ("ann", "bob"), (deal, deal))
>>> share = tally(friday, None, None, ("ann", "bob"))
>>> len(share.played), share.step, share.players["ann"].streak
(2, {'ann': 200, 'bob': -10}, Streak(first=2, last=2, longest=2, whole=True))
>>> tally(friday, None, None, ("ann", "bob")) is share  # kept on the session
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Final, cast

from intlscore.session.club.season import stored_within

if TYPE_CHECKING:
    from intlscore.session.club.season import SeasonDeal, SeasonSession

__all__ = [
    "WIN_KINDS",
    "ClosedTally",
    "Hand",
    "PlayedDeal",
    "PlayerTally",
    "SessionTally",
    "Streak",
    "count_closed",
    "session_nets",
    "tally",
    "walk_line",
]

WIN_KINDS: Final = ("open", "foot", "closed")

ClosedTally = dict[int, tuple[str, int, int]]
"""Closed hands by type number: the type's name (as first seen), how many, their points."""


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
    night_table: bool = False
    """A deal at a night's table: the rating takes one step for the table's deals."""


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
class Streak:
    """A player's wins in a row over their deals of one session: from its start, at its
    end, the longest, and whether every deal was a win (then a run goes on through it).

    >>> Streak(1, 0, 2, False).after(3)  # 3 wins in a row before: 3 + 1 and then 0
    (0, 4)
    >>> Streak(2, 2, 2, True).after(3)  # every deal won: the run goes on
    (5, 5)
    """

    first: int
    last: int
    longest: int
    whole: bool

    def after(self, running: int) -> tuple[int, int]:
        """The run at this session's end and its longest here, given the run before it."""
        longest = max(self.longest, running + self.first)
        return (running + self.first if self.whole else self.last), longest


@dataclass(slots=True)
class PlayerTally:
    """One player's share of a session's deals selected."""

    deals: int = 0
    total: int = 0
    best: PlayedDeal | None = None
    """Their biggest delta's deal (the first of equals)."""
    wins: dict[str, int] = field(default_factory=lambda: dict.fromkeys(WIN_KINDS, 0))
    closed: ClosedTally = field(default_factory=dict)
    streak: Streak = Streak(0, 0, 0, True)


@dataclass(frozen=True, slots=True)
class SessionTally:
    """One session's share of the season (see the module's docstring)."""

    played: tuple[PlayedDeal, ...]
    """Its deals selected, by number, under the season's names."""
    players: dict[str, PlayerTally]
    """Each player with a deal selected, by season name, in seat order."""
    closed: ClosedTally
    hands: tuple[Hand, ...]
    """The closed hands made, in deal order."""
    step: dict[str, int]
    """Each player's deltas summed: the session's point on the club's chart."""
    walked: bytes
    """The ratings' checksum lines of its deals (:func:`walk_line`), one after another."""
    ends: tuple[int, ...]
    """Where each deal's line ends in :attr:`walked`."""


def walk_line(deal: PlayedDeal) -> bytes:
    """What the ratings' checksum reads of a deal: what it is (session, number, time,
    whether at a night's table) and how it ended (its deltas).

    >>> walk_line(PlayedDeal("fri", 2, "2024-03-01", "open", "ann", {"ann": 5, "bob": -5}, ""))
    b'fri\\x1f2\\x1f2024-03-01\\x1fann=5,bob=-5\\n'
    """
    deltas = ",".join(f"{name}={delta}" for name, delta in deal.deltas.items())
    table = "\x1fnight table" if deal.night_table else ""
    return f"{deal.session}\x1f{deal.number}\x1f{deal.created}{table}\x1f{deltas}\n".encode()


def count_closed(counts: ClosedTally, number: int, name: str, points: int, times: int = 1) -> None:
    """Add ``times`` closed hands of type ``number`` worth ``points`` in all to ``counts``."""
    _, count, total = counts.get(number, (name, 0, 0))
    counts[number] = (name, count + times, total + points)


def tally(
    state: SeasonSession, since: date | None, until: date | None, seats: tuple[str, ...]
) -> SessionTally:
    """The share of ``state``'s deals stored from ``since`` to ``until`` (inclusive, either
    open), its players named ``seats`` (the season's names, in seat order); made once and
    kept on ``state``."""
    key = ("tally", since, until, seats)
    found = state.memo.get(key)
    if found is None:
        found = state.memo[key] = _tally(state, since, until, seats)
    return cast(SessionTally, found)


def _tally(
    state: SeasonSession, since: date | None, until: date | None, seats: tuple[str, ...]
) -> SessionTally:
    seat = dict(zip(state.players, seats, strict=True))
    deals: list[SeasonDeal] = list(state.deals)
    if since is not None or until is not None:
        deals = [deal for deal in deals if stored_within(deal.created, since, until)]
    players: dict[str, PlayerTally] = {}
    runs: dict[str, list[int]] = {}  # first, running, longest, whole
    closed: ClosedTally = {}
    hands: list[Hand] = []
    step: dict[str, int] = {}
    played: list[PlayedDeal] = []
    walked: list[bytes] = []
    ends: list[int] = []
    end = 0
    for deal in deals:
        winner = None if deal.winner is None else seat[deal.winner]
        one = PlayedDeal(
            state.name,
            deal.number,
            deal.created,
            deal.kind,
            winner,
            {seat[name]: delta for name, delta in deal.deltas.items()},
            deal.summary,
            deal.closed,
            state.night_table,
        )
        played.append(one)
        line = walk_line(one)
        walked.append(line)
        end += len(line)
        ends.append(end)
        for name, delta in one.deltas.items():
            player = players.get(name)
            if player is None:
                player = players[name] = PlayerTally()
                runs[name] = [0, 0, 0, 1]
            player.deals += 1
            player.total += delta
            step[name] = step.get(name, 0) + delta
            if player.best is None or delta > player.best.deltas[name]:
                player.best = one
            run = runs[name]
            if winner == name:
                run[1] += 1
                run[2] = max(run[2], run[1])
            else:
                if run[3]:
                    run[0], run[3] = run[1], 0
                run[1] = 0
        if winner is not None and one.kind in WIN_KINDS:
            players[winner].wins[one.kind] += 1
        if one.closed is not None and winner is not None:
            number, type_name, jokers = one.closed
            points = one.deltas[winner]
            count_closed(players[winner].closed, number, type_name, points)
            count_closed(closed, number, type_name, points)
            hands.append(Hand(winner, state.name, one.number, number, type_name, jokers, points))
    for name, (first, running, longest, whole) in runs.items():
        players[name].streak = Streak(running if whole else first, running, longest, bool(whole))
    return SessionTally(
        tuple(played), players, closed, tuple(hands), step, b"".join(walked), tuple(ends)
    )


def session_nets(
    state: SeasonSession,
    since: date | None,
    until: date | None,
    seats: tuple[str, ...],
    stake: Decimal,
    unit: Decimal | str,
) -> dict[str, Decimal]:
    """The session settled (R19) at ``stake`` on the totals of its deals selected (as
    :func:`tally` selects them): each player's net, by season name (``seats``); kept on
    ``state``. Empty when no deal is selected."""
    from intlscore.session.settlement import settle

    key = ("nets", since, until, seats, stake, str(unit))
    found = state.memo.get(key)
    if found is None:
        share = tally(state, since, until, seats)
        found = {}
        if share.played:
            totals = {
                name: share.step[season] for name, season in zip(state.players, seats, strict=True)
            }
            nets = settle(totals, stake, unit).nets
            found = {season: nets[name] for name, season in zip(state.players, seats, strict=True)}
        state.memo[key] = found
    return cast(dict[str, Decimal], found)
