"""A night in the ledger: one ``night`` row (its record as JSON, :mod:`.night`), and each
accepted table an ordinary session of the ledger, recorded, amended, undone and settled as
any other.

Every change is one write transaction (accepting a round creates all its sessions and
updates the night together, or nothing). Standings are never stored: they are recomputed
from the sessions' deals on every read, in one snapshot, so an amended or undone deal in
any round changes every standing after it.

>>> import tempfile, pathlib
>>> from intlscore.session.ledger import Ledger
>>> players = [f"p{i:02}" for i in range(1, 9)]
>>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
...     _ = create_night(ledger, "cafe", players, rounds=2, deals=4, seed=1)
...     _, seated = accept_round(ledger, "cafe")
...     first = seated.tables[0]
...     session = ledger.session(first.session)
...     _ = session.deal(kind="open", winner=first.players[0], not_melded=first.players[1:])
...     view = read_night(ledger, "cafe")
...     [table.session for table in seated.tables], view.standings[0].player == first.players[0]
(['cafe-r1-t1', 'cafe-r1-t2'], True)
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from intlscore.errors import LedgerDamageError, NightError
from intlscore.session.ledger import clock
from intlscore.session.names import name_key
from intlscore.session.night import night as nights
from intlscore.session.night.money import NightMoney
from intlscore.session.night.night import (
    CARRY,
    Cut,
    Night,
    RoundClock,
    SeatedRound,
    SeatedTable,
    check_can_cut,
    check_cut,
    cut_tables,
    round_clock,
    round_ends,
)
from intlscore.session.night.points import Standing, TableResult, standings, winners_cut
from intlscore.session.night.seating import DEFAULT_CPU_SECONDS, Flaw, plan_seating
from intlscore.session.night.starts import count_starts, seat_round

if TYPE_CHECKING:
    from intlscore.session.ledger import Ledger
    from intlscore.session.ledger.core import Session
    from intlscore.session.ledger.records import RecordedDeal

MAX_NIGHT_NAME: Final = 48

__all__ = [
    "Draft",
    "NightView",
    "TableState",
    "accept_round",
    "all_nights",
    "create_night",
    "cut_night",
    "cut_to_winners",
    "draft_round",
    "night_name_clashes",
    "night_table_sessions",
    "read_night",
    "rewrite_nights",
    "roll_call",
    "set_apart",
    "settle_night_tables",
    "store_night",
]


@dataclass(frozen=True, slots=True)
class Draft:
    """The next round as it would be seated: its number, each table's seats and starts,
    the flaws of this round (and how many later rounds' plan has), and the warnings."""

    round: int
    tables: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
    flaws: tuple[Flaw, ...]
    later_flaws: int
    warnings: tuple[str, ...]
    seed: int
    cut: bool = False
    by_standing: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "seed": self.seed,
            "cut": self.cut,
            "by_standing": self.by_standing,
            "tables": [
                {"table": number, "players": list(seats), "starts": list(starts)}
                for number, (seats, starts) in enumerate(self.tables, start=1)
            ],
            "flaws": [flaw.to_dict() for flaw in self.flaws],
            "later_flaws": self.later_flaws,
            "warnings": list(self.warnings),
        }


@dataclass(frozen=True, slots=True)
class TableState:
    """A seated table as read now: how many deals it has and each player's total;
    whether it is finished (its deals played, or under a time limit, the deal in play
    when time was up recorded) and whether its round's time is up."""

    round: int
    table: SeatedTable
    deals: int
    totals: dict[str, int]
    closed_wins: dict[str, int]
    finished: bool = False
    time_up: bool = False
    after_time: int = 0
    """Deals first recorded once time was up (one finishes the table)."""


@dataclass(frozen=True, slots=True)
class NightView:
    """A night read at one moment: its record, every seated table's state, the standings
    and the warnings."""

    night: Night
    tables: tuple[TableState, ...]
    standings: tuple[Standing, ...]
    warnings: tuple[str, ...]
    clock: RoundClock | None = None
    """The clock of the round in play (None without a time limit or a round in play)."""

    def to_dict(self) -> dict[str, Any]:
        night = self.night
        states = {(state.round, state.table.table): state for state in self.tables}
        return {
            "name": night.name,
            "created": night.created,
            "players": [
                {"name": p, "status": "gone" if p in night.gone else "present"}
                for p in night.players
            ],
            "rounds_planned": night.rounds,
            "deals": night.deals,
            "minutes": night.minutes,
            "seed": night.seed,
            "stake": night.stake,
            "order": list(night.order),
            "keep_apart": [list(pair) for pair in night.apart],
            "rounds": [
                {
                    "round": seated.round,
                    "started": seated.started,
                    "tables": [
                        {
                            **table.to_dict(),
                            "deals_played": states[(seated.round, table.table)].deals,
                            "totals": states[(seated.round, table.table)].totals,
                            "finished": states[(seated.round, table.table)].finished,
                            "time_up": states[(seated.round, table.table)].time_up,
                        }
                        for table in seated.tables
                    ],
                }
                for seated in night.seated
            ],
            "cut": None if night.cut is None else night.cut.to_dict(),
            "standings": [row.to_dict() for row in self.standings],
            "roll_call": list(night.log),
            "clock": None if self.clock is None else self.clock.to_dict(),
            "warnings": list(self.warnings),
        }


def _has_nights(connection: sqlite3.Connection | None) -> bool:
    """False for no ledger, or one of schema 6 read as it is (a read-only disk)."""
    return connection is not None and connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'night'"
    ).fetchone() is not None


def _load(connection: sqlite3.Connection | None, name: str) -> Night:
    row = None
    if not _has_nights(connection):
        connection = None
    if connection is not None:
        row = connection.execute("SELECT record FROM night WHERE name = ?", (name,)).fetchone()
    if connection is None or row is None:
        known = [] if connection is None else [
            r[0] for r in connection.execute("SELECT name FROM night ORDER BY id")
        ]
        hint = f"the nights are {', '.join(known)}" if known else "there are no nights"
        raise NightError(
            f"no night named {name!r} ({hint}; start one with: intlscore night new NAME"
            " --players ...)"
        )
    try:
        return Night.from_record(json.loads(row[0]))
    except (ValueError, KeyError, TypeError) as error:
        raise LedgerDamageError(f"night {name!r}: its record is damaged ({error})") from None


def store_night(connection: sqlite3.Connection, night: Night) -> None:
    """Insert a new night row (inside the caller's write transaction)."""
    connection.execute(
        "INSERT INTO night (name, record) VALUES (?, ?)",
        (night.name, json.dumps(night.to_record(), ensure_ascii=False, sort_keys=True)),
    )


def night_name_clashes(names: Sequence[str]) -> list[str]:
    """One line for each group of night names that are one name under NFC and case folding.

    >>> night_name_clashes(["Fri", "sat", "fri"])
    ["nights 'Fri' and 'fri' are one name (they differ only in case or accents)"]
    """
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(name_key(name), []).append(name)
    return [
        f"nights {', '.join(map(repr, group[:-1]))} and {group[-1]!r} are one name (they"
        " differ only in case or accents)"
        for group in groups.values()
        if len(group) > 1
    ]


def _save(connection: sqlite3.Connection, night: Night) -> None:
    connection.execute(
        "UPDATE night SET record = ? WHERE name = ?",
        (json.dumps(night.to_record(), ensure_ascii=False, sort_keys=True), night.name),
    )


def all_nights(connection: sqlite3.Connection | None) -> list[Night]:
    """Every night of the ledger, oldest first (none in a ledger without the table)."""
    if connection is None or not _has_nights(connection):
        return []
    names = [row[0] for row in connection.execute("SELECT name FROM night ORDER BY id")]
    return [_load(connection, name) for name in names]


def night_table_sessions(connection: sqlite3.Connection | None) -> frozenset[str]:
    """The names of every session that is a table of a night (inside the caller's read)."""
    return frozenset(
        table.session
        for night in all_nights(connection)
        for seated in night.seated
        for table in seated.tables
    )


def rewrite_nights(
    connection: sqlite3.Connection, change: Callable[[Night], Night]
) -> tuple[str, ...]:
    """Store every night again as ``change`` makes it, inside the caller's write
    transaction (a rename of a player or a session); the names of the nights changed."""
    changed = []
    for night in all_nights(connection):
        again = change(night)
        if again.to_record() != night.to_record():
            _save(connection, again)
            changed.append(night.name)
    return tuple(changed)


def create_night(
    ledger: Ledger,
    name: str,
    players: Sequence[str],
    *,
    rounds: int = 4,
    deals: int = 4,
    seed: int = 0,
    stake: str | None = None,
    apart: Sequence[tuple[str, str]] = (),
    order: Sequence[str] | None = None,
    minutes: int | None = None,
) -> Night:
    """Store a new night (checked: :func:`.night.new_night`); ``minutes`` is a round's
    time limit (None: none)."""
    from intlscore.session.ledger.core import check_session_name
    from intlscore.session.night.points import DEFAULT_ORDER
    from intlscore.session.settlement import parse_money

    check_session_name(name)
    if len(name) > MAX_NIGHT_NAME:
        raise NightError(
            f"night name {name[:MAX_NIGHT_NAME]!r}... is longer than {MAX_NIGHT_NAME} characters"
            " (its tables' sessions add the round and table to it)"
        )
    money = None if stake is None else str(parse_money(stake))
    night = nights.new_night(
        name, players, rounds=rounds, deals=deals, seed=seed, stake=money,
        created=clock.now(), apart=apart, order=order or DEFAULT_ORDER, minutes=minutes,
    )

    def insert(connection: sqlite3.Connection) -> Night:
        held = [row[0] for row in connection.execute("SELECT name FROM night")]
        same = [other for other in held if name_key(other) == name_key(name)]
        if same:
            why = "" if same[0] == name else " (names that differ only in case or accents are one)"
            raise NightError(f"a night named {same[0]!r} already exists{why}")
        store_night(connection, night)
        return night

    return ledger.write(insert)


def roll_call(ledger: Ledger, name: str, player: str, *, arriving: bool) -> Night:
    """``night arrive`` / ``night leave``: one transaction."""

    def change(connection: sqlite3.Connection) -> Night:
        night = _load(connection, name)
        changed = nights.arrive(night, player) if arriving else nights.leave(night, player)
        _save(connection, changed)
        return changed

    return ledger.write(change)


def set_apart(ledger: Ledger, name: str, a: str, b: str, *, remove: bool = False) -> Night:
    """``night apart``: keep two players apart from the next draft on (or no longer);
    one transaction, the rounds seated unchanged (:func:`.night.keep_apart`)."""

    def change(connection: sqlite3.Connection) -> Night:
        changed = nights.keep_apart(_load(connection, name), a, b, remove=remove)
        _save(connection, changed)
        return changed

    return ledger.write(change)


def _table_states(
    ledger: Ledger, night: Night, now: str | None = None
) -> tuple[TableState, ...]:
    """Every seated table's deals and totals, read through the ledger's sessions (inside
    the caller's snapshot), and under a time limit, whether time is up at ``now`` (the
    ledger's clock by default)."""
    moment = datetime.fromisoformat(now or clock.now())
    states = []
    for seated in night.seated:
        ends = None
        if night.minutes is not None:
            ends = datetime.fromisoformat(round_ends(seated.started, night.minutes))
        time_up = ends is not None and moment >= ends
        for table in seated.tables:
            session = ledger.session(table.session)
            snapshot = session.snapshot()
            wins = Counter(
                deal.winner for deal in snapshot.deals if deal.kind == "closed" and deal.winner
            )
            keys = {name_key(p): p for p in table.players}
            after = 0
            if time_up and ends is not None:
                after = sum(
                    _first_recorded(session, deal) >= ends for deal in snapshot.deals
                )
            count = len(snapshot.deals)
            states.append(
                TableState(
                    seated.round,
                    table,
                    count,
                    {p: snapshot.totals.get(p, 0) for p in table.players},
                    {keys[name_key(w)]: n for w, n in wins.items() if name_key(w) in keys},
                    finished=count >= night.deals or after >= 1,
                    time_up=time_up,
                    after_time=after,
                )
            )
    return tuple(states)


def _first_recorded(session: Session, deal: RecordedDeal) -> datetime:
    """When ``deal`` was first recorded (an amendment keeps the first version's time)."""
    created = session.versions(deal.number)[0].created if deal.amended else deal.created
    return datetime.fromisoformat(created)


def _unfinished(night: Night, states: Sequence[TableState]) -> list[str]:
    if not night.seated:
        return []
    last = night.seated[-1].round
    return [
        f"round {last} is not finished: table {state.table.table} has {state.deals} of"
        f" {night.deals} deals"
        + (" (time up: finish the deal in play)" if state.time_up else "")
        for state in states
        if state.round == last and not state.finished
    ]


def _results(night: Night, states: Sequence[TableState]) -> list[TableResult]:
    """Each table's result as the standings count it (weighted by a cut's carry)."""
    results = []
    for state in states:
        before_cut = night.cut is not None and state.round <= night.cut.after
        weight = CARRY[night.cut.carry] if night.cut is not None and before_cut else Fraction(1)
        results.append(
            TableResult(state.round, state.table.table, state.totals, state.deals,
                        state.closed_wins, weight)
        )
    return results


def _view(ledger: Ledger, night: Night, now: str | None = None) -> NightView:
    now = now or clock.now()
    states = _table_states(ledger, night, now)
    results = _results(night, states)
    rows = standings(
        results, night.players, night.order, () if night.cut is None else night.cut.players
    )
    warnings = _unfinished(night, states)
    warnings += [
        f"round {state.round}, table {state.table.table} has {state.deals} deals, more than"
        f" the {night.deals} of a round (all count)"
        for state in states
        if state.deals > night.deals
    ]
    warnings += [
        f"round {state.round}, table {state.table.table} recorded {state.after_time} deals"
        " after time was up (all count)"
        for state in states
        if state.after_time > 1
    ]
    round_clock_now = None
    if night.minutes is not None and night.seated:
        last = night.seated[-1]
        if any(not s.finished for s in states if s.round == last.round):
            round_clock_now = round_clock(last.round, last.started, night.minutes, now)
    return NightView(night, states, rows, tuple(warnings), round_clock_now)


def read_night(ledger: Ledger, name: str, now: str | None = None) -> NightView:
    """The night, its tables' states and standings, read in one snapshot; its round's
    clock as at ``now`` (ISO 8601; the ledger's clock by default)."""

    def read(connection: sqlite3.Connection | None) -> NightView:
        return _view(ledger, _load(connection, name), now)

    return ledger.read(read)


def _draft(
    ledger: Ledger, night: Night, cpu_seconds: float | None, by_standing: bool = False
) -> Draft:
    number = len(night.seated) + 1
    if number > night.total_rounds:
        more = "" if night.cut is not None else " (a cut adds a final: intlscore night cut)"
        raise NightError(
            f"night {night.name!r} has all its {night.total_rounds} rounds seated{more}"
        )
    states = _table_states(ledger, night)
    warnings = _unfinished(night, states)
    started = count_starts([table.starts for seated in night.seated for table in seated.tables])
    present = night.present
    if night.cut is not None:
        seating = cut_tables(present)
        flaws: tuple[Flaw, ...] = ()
        later = 0
    else:
        if night.gone and len(present) < 6 and len(present) not in (3, 4):
            raise NightError(
                f"only {len(present)} players are present ({', '.join(present)}): tables of 3"
                " and 4 need 3, 4, or 6 or more"
            )
        ranks = None
        if by_standing:  # the next round only: the later ones wait for their standings
            rows = _view(ledger, night).standings
            ranks = {row.player: index for index, row in enumerate(rows)}
        plan = plan_seating(
            present,
            number if by_standing else night.rounds,
            fixed=[seated.seating for seated in night.seated],
            apart=night.apart,
            seed=night.seed,
            cpu_seconds=cpu_seconds,
            ranks=ranks,
        )
        seating = plan.rounds[number - 1]
        if ranks is not None:  # the leaders at table 1
            seating = tuple(sorted(seating, key=lambda table: min(ranks[p] for p in table)))
        flaws = tuple(flaw for flaw in plan.flaws if flaw.round == number)
        later = sum(flaw.round > number for flaw in plan.flaws)
        if not plan.complete:
            warnings.append(
                "the seating search ran out of CPU time before its steps: it may differ on"
                " another machine"
            )
    tables = seat_round(seating, night.deals, started)
    return Draft(
        number, tables, flaws, later, tuple(warnings), night.seed, night.cut is not None,
        by_standing and night.cut is None,
    )


def draft_round(
    ledger: Ledger,
    name: str,
    cpu_seconds: float | None = DEFAULT_CPU_SECONDS,
    *,
    by_standing: bool = False,
) -> Draft:
    """``night seat``: the next round's draft, read in one snapshot (nothing is stored);
    ``by_standing`` seats it with neighbours in the standings together, repeats first."""

    def read(connection: sqlite3.Connection | None) -> Draft:
        return _draft(ledger, _load(connection, name), cpu_seconds, by_standing)

    return ledger.read(read)


def accept_round(
    ledger: Ledger,
    name: str,
    *,
    force: bool = False,
    cpu_seconds: float | None = DEFAULT_CPU_SECONDS,
    by_standing: bool = False,
) -> tuple[Draft, SeatedRound]:
    """``night seat --accept``: seat the draft (returned with the round); each table
    becomes a session (the night's stake kept with it), all in one transaction. An
    unfinished round before it is refused unless ``force``."""

    def change(connection: sqlite3.Connection) -> tuple[Draft, SeatedRound]:
        night = _load(connection, name)
        draft = _draft(ledger, night, cpu_seconds, by_standing)
        if draft.warnings and not force and _unfinished(night, _table_states(ledger, night)):
            raise NightError(f"{draft.warnings[0]}; add --force to seat round {draft.round}"
                             " anyway")
        now = clock.now()
        tables = []
        for number, (seats, starts) in enumerate(draft.tables, start=1):
            session_name = f"{night.name}-r{draft.round}-t{number}"
            session = ledger.create_session(session_name, seats)
            if night.stake is not None:
                session.set_stake(night.stake)
            tables.append(SeatedTable(number, session_name, seats, starts))
        seated = SeatedRound(draft.round, tuple(tables), now)
        _save(connection, replace(night, seated=(*night.seated, seated)))
        return draft, seated

    return ledger.write(change)


def settle_night_tables(
    ledger: Ledger, name: str, stake: str | None = None, unit: str = "0.01"
) -> NightMoney:
    """``night settle``: every table settled at its session's stake (or ``stake``), the
    nets added over the night and paid with the fewest transfers; read in one snapshot,
    nothing stored."""
    from intlscore.errors import LedgerError
    from intlscore.session.night.money import settle_night
    from intlscore.session.settlement import settle

    def read(connection: sqlite3.Connection | None) -> NightMoney:
        night = _load(connection, name)
        tables = []
        for seated in night.seated:
            for table in seated.tables:
                state = ledger.session(table.session).snapshot()
                chosen = stake if stake is not None else state.stake
                if chosen is None:
                    raise LedgerError(
                        f"session {table.session!r} of night {name!r} has no stake: give"
                        " --stake AMOUNT"
                    )
                tables.append((table.session, settle(state.totals, chosen, unit)))
        if not tables:
            raise NightError(f"night {name!r} has no round seated yet: nothing to settle")
        return settle_night(tables, night.players)

    return ledger.read(read)


def cut_night(ledger: Ledger, name: str, top: int, carry: str) -> Cut:
    """``night cut --top``: the top ``top`` of the standings play on, seeded; the rounds
    so far count as ``carry`` says. One transaction."""
    return _cut(ledger, name, carry, top=top)[0]


def cut_to_winners(
    ledger: Ledger, name: str, best_losers: int, carry: str
) -> tuple[Cut, tuple[str, ...]]:
    """``night cut --winners``: each table's winner of the last round plus the
    ``best_losers`` best others by standing play on, seeded winners first
    (:func:`.points.winners_cut` says who wins a tied table); the rounds so far count as
    ``carry`` says. One transaction; the cut and a line for each table whose win was tied
    (or that has no player still present)."""
    return _cut(ledger, name, carry, best_losers=best_losers)


def _cut(
    ledger: Ledger,
    name: str,
    carry: str,
    *,
    top: int | None = None,
    best_losers: int | None = None,
) -> tuple[Cut, tuple[str, ...]]:
    def change(connection: sqlite3.Connection) -> tuple[Cut, tuple[str, ...]]:
        night = _load(connection, name)
        check_can_cut(night, carry)
        view = _view(ledger, night)
        unfinished = _unfinished(night, view.tables)
        if unfinished:
            raise NightError(f"{unfinished[0]}; finish it before the cut")
        present = [row for row in view.standings if row.player not in night.gone]
        ranked = [row.player for row in present]
        notes: tuple[str, ...] = ()
        if best_losers is None:
            top_n = top or 0
            check_cut(night, top_n, carry)
            cut = Cut(len(night.seated), tuple(ranked[:top_n]), carry)
        else:
            last = night.seated[-1].round
            chosen = winners_cut(
                [result for result in _results(night, view.tables) if result.round == last],
                present, night.order, best_losers,
            )
            others = len(ranked) - len(chosen.winners)
            if best_losers > others:
                raise NightError(
                    f"only {others} players present are not table winners: cannot add the"
                    f" {best_losers} best of them"
                )
            check_cut(night, len(chosen.players), carry,
                      f"the {len(chosen.winners)} table winners and {best_losers} best others"
                      f" ({len(chosen.players)} players)")  # fmt: skip
            cut = Cut(len(night.seated), chosen.players, carry, chosen.winners, best_losers)
            notes = chosen.notes
        _save(connection, replace(night, cut=cut))
        return cut, notes

    return ledger.write(change)
