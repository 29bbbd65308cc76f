"""Every session of a ledger, read in one snapshot (the base of every club figure).

>>> import tempfile, pathlib
>>> from intlscore.session.ledger import Ledger
>>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
...     session = ledger.create_session("friday", ["ann", "bob"])
...     _ = session.deal(kind="open", winner="ann", racks={"bob": "r5"})
...     [(state.name, len(state.deals)) for state in read_season(ledger)]
[('friday', 1)]
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING

from intlscore.errors import LedgerDamageError, LedgerError, known, quoted

if TYPE_CHECKING:
    from intlscore.session.ledger import Ledger
    from intlscore.session.ledger.records import History, SessionRecord


def loaded_sessions(
    ledger: Ledger, connection: sqlite3.Connection
) -> list[tuple[int, SessionRecord, History]]:
    """Every session as (id, record, replayed history), oldest first, read through
    ``connection`` (inside a snapshot or a write). A damaged session raises
    :class:`~intlscore.errors.LedgerDamageError` naming it. For the export and a rename,
    which read every record anyway; the club's figures read :func:`read_season`."""
    names = [row[0] for row in connection.execute("SELECT name FROM session ORDER BY id")]
    sessions = []
    for name in names:
        # the ledger's own replay and checks
        sessions.append(known(ledger.load(connection, name), f"session {name!r}, listed"))
    return sessions


@dataclass(frozen=True, slots=True)
class SeasonDeal:
    """A deal that counts, as the club reads it: its result as kept when it was written."""

    number: int
    created: str
    kind: str
    winner: str | None
    doubled: bool
    summary: str
    deltas: dict[str, int]
    """Each player's change, in seat order."""
    closed: tuple[int, str, int] | None
    """For a closed win: the type's number, its name and the jokers among the 14 tiles."""


@dataclass(frozen=True, slots=True)
class SeasonSession:
    """A session as the club reads it: its players and the deals that count, in order."""

    name: str
    players: tuple[str, ...]
    deals: tuple[SeasonDeal, ...]
    stake: Decimal | None = None
    """The session's own stake, as kept (R19; None until one is stored)."""
    night_table: bool = False
    """A table of a night's round (:mod:`intlscore.session.night`): the season's rating
    takes one step for the whole table, not one a deal (:mod:`.ratings`)."""
    memo: dict[object, object] = field(default_factory=dict, compare=False, repr=False)
    """What has been worked out from this session (:func:`~.tally.tally`): it lives as long
    as the session as read, so a server's :class:`SeasonCache` keeps it until the session
    changes."""


def read_season(ledger: Ledger, known: SeasonCache | None = None) -> list[SeasonSession]:
    """Every session of the ledger with its deals that count, oldest first, all read in one
    snapshot from what was kept when each deal was written (:mod:`~intlscore.session.
    ledger.kept`): no history is replayed, no session record parsed and no deal scored
    again. The nights' records are read to mark their tables' sessions (``night_table``).

    With ``known`` (a server keeps one), a session whose head has not moved since it was
    last read is taken from there: after a deal, only that deal's session is read again.
    """

    def read(connection: sqlite3.Connection | None) -> list[SeasonSession]:
        if connection is None:
            return []
        rows = connection.execute(
            "SELECT id, name, head, players, stake FROM session ORDER BY id"
        ).fetchall()
        from intlscore.session.night.store import night_table_sessions

        tables = night_table_sessions(connection)
        found = {} if known is None else known.sessions
        fresh = {
            session_id: (name, tuple(json.loads(players)))
            for session_id, name, head, players, _ in rows
            if found.get(session_id, (None, ""))[1] != head
        }
        deals = _deals(connection, fresh) if fresh else {}
        season = []
        for session_id, name, head, _, stake in rows:
            if session_id in fresh:
                session = SeasonSession(
                    name,
                    fresh[session_id][1],
                    tuple(deals[session_id]),
                    None if stake is None else Decimal(stake),
                    name in tables,
                )
            else:
                session = found[session_id][0]
                if session.night_table != (name in tables):
                    session = replace(session, night_table=name in tables)
            if known is not None:
                known.sessions[session_id] = (session, head)
            season.append(session)
        if known is not None:
            for gone in set(known.sessions) - {row[0] for row in rows}:
                del known.sessions[gone]
        return season

    return ledger.read(read)


class SeasonCache:
    """Each session as the club last read it, with the head it had (:func:`read_season`)."""

    def __init__(self) -> None:
        self.sessions: dict[int, tuple[SeasonSession, str]] = {}


def _deals(
    connection: sqlite3.Connection, seats: dict[int, tuple[str, tuple[str, ...]]]
) -> dict[int, list[SeasonDeal]]:
    """The kept deals that count of the sessions ``seats`` names, by session."""
    deals: dict[int, list[SeasonDeal]] = {session_id: [] for session_id in seats}
    rows = connection.execute(
        "SELECT session_id, number, created, kind, winner, doubled, summary, closed, deltas"
        " FROM deal WHERE undone IS NULL ORDER BY session_id, number"
        if len(seats) > 50
        else "SELECT session_id, number, created, kind, winner, doubled, summary, closed, deltas"
        f" FROM deal WHERE undone IS NULL AND session_id IN ({','.join('?' * len(seats))})"
        " ORDER BY session_id, number",
        () if len(seats) > 50 else tuple(seats),
    )
    for session_id, number, created, kind, winner, doubled, summary, closed, deltas in rows:
        if session_id not in seats:
            continue
        deals[session_id].append(
            SeasonDeal(
                number,
                created,
                kind,
                winner,
                bool(doubled),
                summary,
                dict(zip(seats[session_id][1], map(int, deltas.split(",")), strict=True)),
                None if closed is None else _closed(json.loads(closed)),
            )
        )
    return deals


def _closed(data: object) -> tuple[int, str, int]:
    """A kept deal's closed type: its number, name and jokers."""
    match data:
        case [int() as number, str() as name, int() as jokers]:
            return number, name, jokers
    raise LedgerDamageError(
        f"a kept deal's closed type is damaged ({quoted(str(data))}); see: intlscore session check"
    )


def listed(names: list[str], most: int = 8) -> str:
    """Names for a one-line message: the first ``most``, then how many more.

    >>> listed(["ann", "bob"]), listed([str(n) for n in range(10)], 3)
    ('ann, bob', '0, 1, 2 and 7 more')
    """
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more


def parse_day(text: str, what: str) -> date:
    """A date typed by the user, ``YYYY-MM-DD``; one clear line otherwise.

    >>> parse_day("2024-03-01", "--since")
    datetime.date(2024, 3, 1)
    >>> parse_day("March", "--since")
    Traceback (most recent call last):
    ...
    intlscore.errors.LedgerError: --since: 'March' is not a date (write YYYY-MM-DD, like 2024-03-01)
    """
    from intlscore.errors import quoted

    cleaned = text.strip()
    try:
        if len(cleaned) != 10 or not cleaned.isascii():
            raise ValueError(cleaned)
        return date.fromisoformat(cleaned)
    except ValueError:
        raise LedgerError(
            f"{what}: {quoted(text)} is not a date (write YYYY-MM-DD, like 2024-03-01)"
        ) from None


def stored_within(stamp: str, since: date | None, until: date | None) -> bool:
    """Whether a time stamp's day is from ``since`` to ``until`` (inclusive, either open).

    >>> stored_within("2024-03-01T20:15:00+00:00", date(2024, 3, 1), None)
    True
    >>> stored_within("2024-03-01T20:15:00+00:00", None, date(2024, 2, 29))
    False
    """
    day = day_of(stamp)
    return (since is None or day >= since) and (until is None or day <= until)


def day_of(stamp: str) -> date:
    """The day of a stored time stamp (ISO 8601, UTC), e.g. a deal's ``created``.

    >>> day_of("2024-03-01T20:15:00+00:00")
    datetime.date(2024, 3, 1)
    """
    return date.fromisoformat(stamp[:10])
