"""Where a session sits in a night: its night, round and table, the seats in order, who
starts each deal, and who starts the deal in play (issue 43, item 5: the phones of a
table show it, as do ``session show`` and the session's JSON).

Each accepted table of a night is an ordinary session; the night's record (:mod:`.store`)
names it. :func:`table_place` finds the table that names a session and counts the deals
it has recorded, in one snapshot of the ledger. The starts come from the record, which
:func:`.starts.starts_of` wrote when the round was accepted; a deal past the round's
planned ones (a table that plays on) is given by the same rotation.

>>> import tempfile, pathlib
>>> from intlscore.session.ledger import Ledger
>>> from intlscore.session.night.store import accept_round, create_night
>>> players = ["ann", "bob", "cat", "dan", "eve", "fay"]
>>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
...     _ = create_night(ledger, "cafe", players, rounds=2, deals=3, seed=1)
...     _, seated = accept_round(ledger, "cafe", cpu_seconds=None)
...     table = seated.tables[1]
...     _ = ledger.session(table.session).deal(kind="none", not_melded=table.players)
...     place = table_place(ledger, table.session)
...     lone = ledger.create_session("friday", ["ann", "bob"])
...     outside = table_place(ledger, "friday")
>>> (place.round, place.rounds, place.table, place.deal)
(1, 2, 2, 2)
>>> place.starter == table.starts[1] == place.seats[1]
True
>>> outside is None
True
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from intlscore.session.night.starts import starts_of
from intlscore.session.night.store import _has_nights, _load

if TYPE_CHECKING:
    from intlscore.session.ledger import Ledger
    from intlscore.session.night.night import Night

__all__ = ["TablePlace", "nights_naming", "place_in", "table_place"]


@dataclass(frozen=True, slots=True)
class TablePlace:
    """A night's table as its session stands: the night, the round (of ``rounds``), the
    table's number, its players in seat order, the starting player of each of the round's
    ``len(starts)`` deals, and how many deals the session has recorded.

    >>> place = TablePlace("cafe", 1, 4, 2, ("ann", "ben", "cy", "di"),
    ...                    ("ann", "ben", "cy", "di"), played=1)
    >>> place.deal, place.starter, place.over
    (2, 'ben', False)
    >>> TablePlace("cafe", 1, 4, 2, ("ann", "ben", "cy"), ("ann", "ben"), played=2).starter
    'cy'
    """

    night: str
    round: int
    rounds: int
    """The night's rounds as it stands (after a cut: up to and with the final)."""
    table: int
    seats: tuple[str, ...]
    starts: tuple[str, ...]
    """Who starts each of the round's planned deals, as the night's record keeps them."""
    played: int
    """The deals the session has recorded (undone ones not counted)."""

    @property
    def deal(self) -> int:
        """The number of the deal in play: the next one to be recorded."""
        return self.played + 1

    @property
    def deals(self) -> int:
        """The deals of the round at this table (the night's ``--deals``)."""
        return len(self.starts)

    @property
    def over(self) -> bool:
        """Whether the round's planned deals are all recorded (a table may play on)."""
        return self.played >= self.deals

    @property
    def starter(self) -> str:
        """Who starts the deal in play: the record's start for a planned deal, the same
        rotation (:func:`.starts.starts_of`) past them."""
        if self.played < len(self.starts):
            return self.starts[self.played]
        return starts_of(self.seats, self.deal)[-1]

    def to_dict(self) -> dict[str, Any]:
        """The ``table`` of a session's JSON (``session show --json``, ``GET
        /api/session/NAME``)."""
        return {
            "night": self.night,
            "round": self.round,
            "rounds": self.rounds,
            "table": self.table,
            "seats": list(self.seats),
            "starts": list(self.starts),
            "deals": self.deals,
            "deal": self.deal,
            "starter": self.starter,
        }


def place_in(nights: Sequence[Night], session: str, played: int) -> TablePlace | None:
    """The table of ``nights`` whose session is ``session`` (its stored name), with
    ``played`` deals recorded; None when no night seats that session."""
    for night in nights:
        for seated in night.seated:
            for table in seated.tables:
                if table.session == session:
                    return TablePlace(
                        night.name,
                        seated.round,
                        night.total_rounds,
                        table.table,
                        table.players,
                        table.starts,
                        played,
                    )
    return None


def nights_naming(connection: sqlite3.Connection, session: str) -> list[Night]:
    """The nights whose record names ``session`` (its stored name), oldest first. Only
    they are read (SQLite finds them in the records' text), so a table's page reads one
    night, and a night whose record is damaged stops only the sessions it names."""
    if not _has_nights(connection):
        return []
    quoted = json.dumps(session, ensure_ascii=False)  # as the record holds it (.store)
    rows = connection.execute(
        "SELECT name FROM night WHERE instr(record, ?) > 0 ORDER BY id", (quoted,)
    ).fetchall()
    return [_load(connection, name) for (name,) in rows]


def table_place(ledger: Ledger, session: str, played: int | None = None) -> TablePlace | None:
    """Where ``session`` (any spelling the ledger accepts) sits in a night, read in one
    snapshot: the nights' records and, unless ``played`` is given (a caller holding the
    session's state already), the deals the session has recorded. None for a session
    outside every night, or no session of that name."""
    from intlscore.session.ledger.core import stored_name
    from intlscore.session.ledger.session import read_tail

    def read(connection: sqlite3.Connection | None) -> TablePlace | None:
        if connection is None:
            return None
        stored = stored_name(connection, session)
        if stored is None:
            return None
        found = place_in(nights_naming(connection, stored), stored, 0)
        if found is None:
            return None
        if played is not None:
            return replace(found, played=played)
        (session_id,) = connection.execute(
            "SELECT id FROM session WHERE name = ?", (stored,)
        ).fetchone()
        return replace(found, played=read_tail(connection, stored, session_id).head.deals)

    return ledger.read(read)
