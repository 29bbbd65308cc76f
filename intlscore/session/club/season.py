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

import sqlite3
from datetime import date
from typing import TYPE_CHECKING

from intlscore.errors import LedgerError

if TYPE_CHECKING:
    from intlscore.session.ledger import Ledger, SessionState
    from intlscore.session.ledger.records import History, SessionRecord


def loaded_sessions(
    ledger: Ledger, connection: sqlite3.Connection
) -> list[tuple[int, SessionRecord, History]]:
    """Every session as (id, record, replayed history), oldest first, read through
    ``connection`` (inside a snapshot or a write). A damaged session raises
    :class:`~intlscore.errors.LedgerDamageError` naming it."""
    names = [row[0] for row in connection.execute("SELECT name FROM session ORDER BY id")]
    sessions = []
    for name in names:
        loaded = ledger._load(connection, name)  # the ledger's own replay and checks
        assert loaded is not None
        sessions.append(loaded)
    return sessions


def state_of(
    ledger: Ledger, session_id: int, record: SessionRecord, history: History
) -> SessionState:
    """A replayed session as the :class:`SessionState` ``session show`` reads."""
    from intlscore.session.ledger import Session

    return Session(ledger, session_id, record, history.rules)._state(history)


def read_season(ledger: Ledger) -> list[SessionState]:
    """Every session of the ledger as ``session show`` sees it, all read in one snapshot."""
    with ledger._snapshot() as connection:
        if connection is None:
            return []
        return [state_of(ledger, *loaded) for loaded in loaded_sessions(ledger, connection)]


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


def day_of(stamp: str) -> date:
    """The day of a stored time stamp (ISO 8601, UTC), e.g. a deal's ``created``.

    >>> day_of("2024-03-01T20:15:00+00:00")
    datetime.date(2024, 3, 1)
    """
    return date.fromisoformat(stamp[:10])
