"""A night as kept in the ledger: its roll call, its settings, the rounds seated (each table
the name of an ordinary session) and a cut; and the pure steps that change it.

Nothing here reads or writes the ledger (:mod:`.store` does); a :class:`Night` is a value,
and each step returns a new one, checked.

>>> night = new_night("friday", ["ann", "bob", "cat", "dan", "eve", "fay"], rounds=2,
...                   deals=3, seed=7, stake=None, created="2026-12-06T20:00:00+00:00")
>>> night.present
('ann', 'bob', 'cat', 'dan', 'eve', 'fay')
>>> arrive(night, "Bob")
Traceback (most recent call last):
...
intlscore.errors.NightError: bob is already at the night ('Bob' is the same name)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from fractions import Fraction
from typing import Any, Final

from intlscore.errors import DealError, NightError
from intlscore.session.deal import check_player_names
from intlscore.session.names import name_key
from intlscore.session.night.points import DEFAULT_ORDER, KEYS
from intlscore.session.night.seating import table_sizes

__all__ = [
    "CARRY",
    "Cut",
    "Night",
    "RoundClock",
    "SeatedRound",
    "SeatedTable",
    "arrive",
    "check_record",
    "cut_tables",
    "keep_apart",
    "leave",
    "new_night",
    "player_named",
    "round_clock",
    "round_ends",
    "with_players_renamed",
    "with_session_renamed",
]

CARRY: Final[Mapping[str, Fraction]] = {
    "kept": Fraction(1),
    "halved": Fraction(1, 2),
    "cleared": Fraction(0),
}
"""What a cut does to the points and margins of the rounds before it."""
MAX_ROUNDS: Final = 20
MAX_DEALS: Final = 20
MAX_SEED: Final = 2**63
MAX_MINUTES: Final = 600


@dataclass(frozen=True, slots=True)
class SeatedTable:
    """One table of an accepted round: its session, its players in seat order and the
    starting player of each of its deals."""

    table: int
    session: str
    players: tuple[str, ...]
    starts: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "session": self.session,
            "players": list(self.players),
            "starts": list(self.starts),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeatedTable:
        return cls(
            int(data["table"]),
            str(data["session"]),
            tuple(str(p) for p in data["players"]),
            tuple(str(p) for p in data["starts"]),
        )


@dataclass(frozen=True, slots=True)
class SeatedRound:
    """An accepted round: its tables (each an ordinary session of the ledger)."""

    round: int
    tables: tuple[SeatedTable, ...]
    accepted: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "accepted": self.accepted,
            "tables": [table.to_dict() for table in self.tables],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeatedRound:
        return cls(
            int(data["round"]),
            tuple(SeatedTable.from_dict(table) for table in data["tables"]),
            str(data["accepted"]),
        )

    @property
    def seating(self) -> tuple[tuple[str, ...], ...]:
        return tuple(table.players for table in self.tables)

    @property
    def started(self) -> str:
        """When the round's clock started: the moment it was accepted (the ledger's
        clock, ISO 8601)."""
        return self.accepted


@dataclass(frozen=True, slots=True)
class RoundClock:
    """The clock of the round in play under a night's time limit: when it started, when
    its time is up, the whole seconds left at the moment read (0 once up) and whether
    time is up (then each table finishes the deal in play and stops).

    >>> round_clock(1, "2026-12-06T20:00:00+00:00", 45, "2026-12-06T20:44:30+00:00")
    RoundClock(round=1, started='2026-12-06T20:00:00+00:00', ends='2026-12-06T20:45:00+00:00', seconds_left=30, time_up=False)
    """  # noqa: E501

    round: int
    started: str
    ends: str
    seconds_left: int
    time_up: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "started": self.started,
            "ends": self.ends,
            "seconds_left": self.seconds_left,
            "time_up": self.time_up,
        }


def round_ends(started: str, minutes: int) -> str:
    """When a round that started at ``started`` runs out of its ``minutes``.

    >>> round_ends("2026-12-06T20:00:00+00:00", 90)
    '2026-12-06T21:30:00+00:00'
    """
    end = datetime.fromisoformat(started) + timedelta(minutes=minutes)
    return end.isoformat(timespec="seconds")


def round_clock(number: int, started: str, minutes: int, now: str) -> RoundClock:
    """Round ``number``'s clock read at ``now`` (ISO times, as the ledger's clock gives)."""
    ends = round_ends(started, minutes)
    left = (datetime.fromisoformat(ends) - datetime.fromisoformat(now)).total_seconds()
    return RoundClock(number, started, ends, max(0, int(left)), left <= 0)


@dataclass(frozen=True, slots=True)
class Cut:
    """A cut after round ``after``: ``players`` (in seed order) play on; ``carry`` says
    what becomes of the points and margins of rounds up to ``after``. A cut to the top N
    has no ``winners``; a cut to the table winners names them (the winners of round
    ``after``'s tables) and how many ``best_losers`` join them.

    >>> Cut(2, ("ann", "bob", "cat"), "kept", ("ann", "bob"), 1).to_dict()["by"]
    'winners'
    """

    after: int
    players: tuple[str, ...]
    carry: str
    winners: tuple[str, ...] = ()
    best_losers: int | None = None
    """None for a cut to the top N."""

    @property
    def by_winners(self) -> bool:
        return self.best_losers is not None

    def to_dict(self) -> dict[str, Any]:
        return {"after": self.after, "top": len(self.players), "players": list(self.players),
                "carry": self.carry, "by": "winners" if self.by_winners else "top",
                "winners": list(self.winners), "best_losers": self.best_losers}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Cut:
        losers = data.get("best_losers")
        return cls(int(data["after"]), tuple(str(p) for p in data["players"]),
                   str(data["carry"]), tuple(str(p) for p in data.get("winners", ())),
                   None if losers is None else int(losers))

    @property
    def who(self) -> str:
        """Who plays on, in words: "the top 8", or "the 2 table winners and the 4 best
        others"."""
        if self.by_winners:
            return (f"the {len(self.winners)} table winners and the {self.best_losers} best"
                    " others")
        return f"the top {len(self.players)}"

    @property
    def summary(self) -> str:
        """The cut in words, as the sheet prints it.

        >>> Cut(2, ("ann", "bob", "cat", "dan"), "halved", ("ann", "bob"), 2).summary
        'cut after round 2: the 2 table winners and the 2 best others play on (earlier points halved)'
        """  # noqa: E501
        return f"cut after round {self.after}: {self.who} play on (earlier points {self.carry})"


@dataclass(frozen=True, slots=True)
class Night:
    """A night: everyone who came (in order) and who is gone, its rounds of deals, its seed
    and stake, keep-apart pairs, its tie-break order, the rounds seated and a cut."""

    name: str
    players: tuple[str, ...]
    rounds: int
    deals: int
    seed: int
    created: str
    stake: str | None = None
    gone: frozenset[str] = frozenset()
    apart: tuple[tuple[str, str], ...] = ()
    order: tuple[str, ...] = DEFAULT_ORDER
    seated: tuple[SeatedRound, ...] = ()
    cut: Cut | None = None
    log: tuple[str, ...] = field(default=(), compare=False)
    minutes: int | None = None
    """The time limit of a round (None: none): a round ends after ``deals`` deals or
    ``minutes`` minutes, the deal in play finished."""
    """Roll-call events in order ("round 2: gus arrives"), for the sheet."""

    @property
    def present(self) -> tuple[str, ...]:
        """The players seated in the next round: everyone not gone (after a cut, the cut)."""
        if self.cut is not None:
            return tuple(p for p in self.cut.players if p not in self.gone)
        return tuple(p for p in self.players if p not in self.gone)

    @property
    def total_rounds(self) -> int:
        """The rounds of the night: ``rounds``, and after a cut, the final."""
        return self.rounds if self.cut is None else self.cut.after + 1

    def to_record(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "players": list(self.players),
            "gone": sorted(self.gone, key=self.players.index),
            "rounds": self.rounds,
            "deals": self.deals,
            "seed": self.seed,
            "created": self.created,
            "stake": self.stake,
            "apart": [list(pair) for pair in self.apart],
            "order": list(self.order),
            "seated": [seated.to_dict() for seated in self.seated],
            "cut": None if self.cut is None else self.cut.to_dict(),
            "log": list(self.log),
            "minutes": self.minutes,
        }

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> Night:
        cut = data.get("cut")
        return cls(
            name=str(data["name"]),
            players=tuple(str(p) for p in data["players"]),
            rounds=int(data["rounds"]),
            deals=int(data["deals"]),
            seed=int(data["seed"]),
            created=str(data["created"]),
            stake=None if data.get("stake") is None else str(data["stake"]),
            gone=frozenset(str(p) for p in data.get("gone", ())),
            apart=tuple((str(a), str(b)) for a, b in data.get("apart", ())),
            order=tuple(str(key) for key in data.get("order", DEFAULT_ORDER)),
            seated=tuple(SeatedRound.from_dict(r) for r in data.get("seated", ())),
            cut=None if cut is None else Cut.from_dict(cut),
            log=tuple(str(line) for line in data.get("log", ())),
            minutes=None if data.get("minutes") is None else int(data["minutes"]),
        )


def check_record(night: Night, sessions: Mapping[str, Sequence[str]]) -> None:
    """Refuse a night record read from outside (an export being imported) unless it holds
    together: distinct, usable players (without regard to case or Unicode form), rounds,
    deals, seed, tie-breaks and a cut's carry as a new night's would be; everyone
    gone, kept apart or in the cut on its roll call; each seated table a session of
    ``sessions`` (each session's players by its name) with those very players, and its
    starts among them. :class:`NightError` names the first problem.

    >>> night = new_night("fri", ["ann", "bob", "cat", "dan", "eve", "fay"], rounds=1,
    ...                   deals=2, seed=1, stake=None, created="")
    >>> table = SeatedTable(1, "fri-r1-t1", ("ann", "bob", "zed"), ("ann", "bob"))
    >>> check_record(replace(night, seated=(SeatedRound(1, (table,), ""),)),
    ...              {"fri-r1-t1": ["ann", "bob", "zed"]})
    Traceback (most recent call last):
    ...
    intlscore.errors.NightError: night 'fri', round 1, table 1: 'zed' is not on its roll call
    """
    try:
        check_player_names(night.players, "night", (1, None))
        _check_settings(night.rounds, night.deals, night.seed, night.order, night.minutes)
        if night.cut is not None and night.cut.carry not in CARRY:
            raise NightError(f"carry {night.cut.carry!r} is not one of {', '.join(CARRY)}")
    except (DealError, NightError) as error:
        raise NightError(f"night {night.name!r}: {error}") from None
    roll = set(night.players)

    def known(names: Sequence[str], where: str) -> None:
        for name in names:
            if name not in roll:
                raise NightError(f"night {night.name!r}{where}: {name!r} is not on its roll call")

    known(sorted(night.gone), " (gone)")
    known([name for pair in night.apart for name in pair], " (kept apart)")
    known(() if night.cut is None else night.cut.players, " (the cut)")
    if night.cut is not None and not set(night.cut.winners) <= set(night.cut.players):
        raise NightError(f"night {night.name!r}: a table winner of the cut is not in the cut")
    for seated in night.seated:
        for table in seated.tables:
            where = f", round {seated.round}, table {table.table}"
            known(table.players, where)
            if table.session not in sessions:
                raise NightError(f"night {night.name!r}{where}: no session {table.session!r}")
            held = tuple(sessions[table.session])
            if held != table.players:
                missing = [name for name in table.players if name not in held]
                extra = [name for name in held if name not in table.players]
                if len(missing) == 1 == len(extra):  # a rename the night missed
                    raise NightError(
                        f"night {night.name!r}{where}: {missing[0]!r} is {extra[0]!r} in session"
                        f" {table.session!r}; rename them once more to make the names one"
                        f" (intlscore player rename {missing[0]} {extra[0]}) and export again"
                    )
                raise NightError(
                    f"night {night.name!r}{where}: its players are not those of session"
                    f" {table.session!r}"
                )
            if not set(table.starts) <= set(table.players):
                raise NightError(f"night {night.name!r}{where}: a start is not at the table")


def _check_settings(
    rounds: int, deals: int, seed: int, order: Sequence[str], minutes: int | None = None
) -> None:
    if not 1 <= rounds <= MAX_ROUNDS:
        raise NightError(f"a night has 1 to {MAX_ROUNDS} rounds, not {rounds}")
    if not 1 <= deals <= MAX_DEALS:
        raise NightError(f"a round has 1 to {MAX_DEALS} deals at each table, not {deals}")
    if not 0 <= seed < MAX_SEED:
        raise NightError(f"a seed is a whole number from 0 to 2**63 - 1, not {seed}")
    if minutes is not None and not 1 <= minutes <= MAX_MINUTES:
        raise NightError(f"a round's time limit is 1 to {MAX_MINUTES} minutes, not {minutes}")
    for key in order:
        if key not in KEYS:
            raise NightError(f"tie-break {key!r} is not one of {', '.join(KEYS)}")


def new_night(
    name: str,
    players: Sequence[str],
    *,
    rounds: int,
    deals: int,
    seed: int,
    stake: str | None,
    created: str,
    apart: Sequence[tuple[str, str]] = (),
    order: Sequence[str] = DEFAULT_ORDER,
    minutes: int | None = None,
) -> Night:
    """A night checked: usable, distinct names (without regard to case or Unicode form),
    enough players for tables of 3 and 4, sensible rounds, deals and time limit."""
    names = check_player_names(players, "night", (1, None))
    table_sizes(len(names))  # says what is possible when too few
    _check_settings(rounds, deals, seed, order, minutes)
    night = Night(name, names, rounds, deals, seed, created, stake, order=tuple(order),
                  minutes=minutes)
    pairs = tuple((player_named(night, a), player_named(night, b)) for a, b in apart)
    for a, b in pairs:
        if a == b:
            raise NightError(f"{a} cannot be kept apart from themselves")
    return replace(night, apart=pairs)


def player_named(night: Night, name: str) -> str:
    """The night's spelling of ``name`` (matched without regard to case or Unicode form);
    :class:`NightError` naming the night's players if there is none."""
    key = name_key(name)
    for player in night.players:
        if name_key(player) == key:
            return player
    raise NightError(
        f"{name!r} is not a player of night {night.name!r} (its players are"
        f" {', '.join(night.players)})"
    )


def arrive(night: Night, name: str) -> Night:
    """A latecomer (or a player who left and is back): seated from the next round on,
    without reseating a round already seated."""
    key = name_key(name)
    for player in night.players:
        if name_key(player) == key:
            if player not in night.gone:
                same = "" if player == name else f" ({name!r} is the same name)"
                raise NightError(f"{player} is already at the night{same}")
            return replace(
                night,
                gone=night.gone - {player},
                log=(*night.log, _logged(night, player, "is back")),
            )
    (checked,) = check_player_names([name], "night", (1, None))
    if night.cut is not None:
        raise NightError(f"night {night.name!r} is past its cut: only the cut plays on")
    return replace(
        night,
        players=(*night.players, checked),
        log=(*night.log, _logged(night, checked, "arrives")),
    )


def leave(night: Night, name: str) -> Night:
    """A player leaves: not seated from the next round on (their tables played so far
    still count)."""
    player = player_named(night, name)
    if player in night.gone:
        raise NightError(f"{player} has already left night {night.name!r}")
    return replace(
        night,
        gone=night.gone | {player},
        log=(*night.log, _logged(night, player, "leaves")),
    )


def keep_apart(night: Night, a: str, b: str, *, remove: bool = False) -> Night:
    """The night with players ``a`` and ``b`` kept apart from the next round on (or with
    ``remove``, no longer); the rounds already seated stay as they are.

    >>> night = new_night("fri", ["ann", "bob", "cat", "dan", "eve", "fay"], rounds=2,
    ...                   deals=2, seed=1, stake=None, created="")
    >>> keep_apart(night, "BOB", "ann").apart
    (('bob', 'ann'),)
    >>> keep_apart(night, "ann", "bob", remove=True)
    Traceback (most recent call last):
    ...
    intlscore.errors.NightError: ann and bob are not kept apart (no pair is)
    """
    first, second = player_named(night, a), player_named(night, b)
    if first == second:
        raise NightError(f"{first} cannot be kept apart from themselves")
    pair = {first, second}
    held = [p for p in night.apart if set(p) == pair]
    if remove:
        if not held:
            pairs = ", ".join(f"{x} and {y}" for x, y in night.apart) or "no pair is"
            raise NightError(f"{first} and {second} are not kept apart ({pairs})")
        return replace(night, apart=tuple(p for p in night.apart if set(p) != pair))
    if held:
        raise NightError(f"{first} and {second} are already kept apart")
    return replace(night, apart=(*night.apart, (first, second)))


_LOG_LINE: Final = re.compile(r"(before round \d+: )(.+) (arrives|is back|leaves)")
"""A roll-call line of :func:`_logged`: its prefix, the player, and what they did."""


def _logged(night: Night, player: str, what: str) -> str:
    return f"before round {len(night.seated) + 1}: {player} {what}"


def with_players_renamed(night: Night, renamed: Callable[[str], str]) -> Night:
    """The night with every player's name passed through ``renamed``: the roll call, who
    is gone, keep-apart pairs, every seated table's seats and starts, the cut's seeds and
    the roll-call lines (a player's rename, :mod:`intlscore.session.club.players`).

    >>> night = new_night("fri", ["ann", "bob", "cat", "dan", "eve", "fay"], rounds=1,
    ...                   deals=2, seed=1, stake=None, created="", apart=[("ann", "bob")])
    >>> night = leave(night, "ann")
    >>> again = with_players_renamed(night, lambda p: "anna" if p == "ann" else p)
    >>> again.players[0], sorted(again.gone), again.apart, again.log
    ('anna', ['anna'], (('anna', 'bob'),), ('before round 1: anna leaves',))
    """

    def line(text: str) -> str:
        match = _LOG_LINE.fullmatch(text)
        if match is None:
            return text
        return f"{match[1]}{renamed(match[2])} {match[3]}"

    def names(players: Sequence[str]) -> tuple[str, ...]:
        return tuple(renamed(player) for player in players)

    seated = tuple(
        replace(
            seated,
            tables=tuple(
                replace(table, players=names(table.players), starts=names(table.starts))
                for table in seated.tables
            ),
        )
        for seated in night.seated
    )
    return replace(
        night,
        players=names(night.players),
        gone=frozenset(names(sorted(night.gone))),
        apart=tuple((renamed(a), renamed(b)) for a, b in night.apart),
        seated=seated,
        cut=None if night.cut is None else replace(
            night.cut, players=names(night.cut.players), winners=names(night.cut.winners)
        ),
        log=tuple(line(text) for text in night.log),
    )


def with_session_renamed(night: Night, old: str, new: str) -> Night:
    """The night with its table whose session is ``old`` (the stored name) now ``new``
    (a session's rename, :mod:`intlscore.session.club.session_rename`)."""
    return replace(
        night,
        seated=tuple(
            replace(
                seated,
                tables=tuple(
                    replace(table, session=new) if table.session == old else table
                    for table in seated.tables
                ),
            )
            for seated in night.seated
        ),
    )


def cut_tables(players: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The cut's tables, seeded: seed ``i`` (from 0) sits at table ``i mod k`` of ``k``
    tables, so 8 players sit 1-3-5-7 / 2-4-6-8.

    >>> cut_tables(["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"])
    (('s1', 's3', 's5', 's7'), ('s2', 's4', 's6', 's8'))
    >>> cut_tables(["s1", "s2", "s3", "s4", "s5", "s6", "s7"])
    (('s1', 's3', 's5', 's7'), ('s2', 's4', 's6'))
    """
    count = len(table_sizes(len(players)))
    return tuple(tuple(players[i::count]) for i in range(count))


def check_cut(night: Night, top: int, carry: str, what: str | None = None) -> None:
    """Refuse a cut that cannot be: a second one, one before any round, or too few (or
    a count that tables of 3 and 4 cannot seat); ``what`` names the count (default "the
    top N")."""
    check_can_cut(night, carry)
    present = len(night.present)
    what = what or f"a cut to the top {top}"
    if not 3 <= top <= present or top == 5:
        raise NightError(
            f"{what} cannot sit at tables of 3 and 4 from {present} players present: cut to"
            " 3, 4, or 6 or more"
        )
    table_sizes(top)


def check_can_cut(night: Night, carry: str) -> None:
    """Refuse any cut of ``night`` now: a second one, one before any round, or an unknown
    carry."""
    if night.cut is not None:
        raise NightError(f"night {night.name!r} was cut already (top {len(night.cut.players)})")
    if not night.seated:
        raise NightError(f"night {night.name!r} has no round seated yet to cut after")
    if carry not in CARRY:
        raise NightError(f"carry {carry!r} is not one of {', '.join(CARRY)}")
