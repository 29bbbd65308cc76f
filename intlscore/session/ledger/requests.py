"""Remembered requests: the answer to a keyed write, stored in the write's own transaction.

A client that loses the answer to a write (a phone on a club's Wi-Fi) sends it again with
the same key (HTTP's ``Idempotency-Key``). The ledger keeps, for each ``(scope, key)``:
what the request was (its fingerprint), and the answer it was given. The row is written
in the same transaction as the write it answers, so a crash between the commit and the
answer leaves both or neither: a retry either finds the answer or does the write.

- ``scope`` is ``"session:NAME"`` for a session's writes and ``"ledger"`` for writes that
  make a session; a key is unique within its scope.
- A row is kept for at least :data:`KEY_WINDOW`; older rows are dropped by later keyed
  writes, in their transaction.
- Each row carries a SHA-256 checksum of its fields: a damaged row is refused in one
  line, never replayed.

>>> import sqlite3
>>> connection = sqlite3.connect(":memory:")
>>> create_table(connection)
>>> row = Remembered("ledger", "k1", "f" * 64, 201, '{"a":1}')
>>> remember(connection, row, "2026-11-24T20:00:00+00:00")
>>> recall(connection, "ledger", "k1", "f" * 64)
Remembered(scope='ledger', key='k1', fingerprint='ffff...', status=201, answer='{"a":1}')
>>> recall(connection, "ledger", "k1", "0" * 64)
Traceback (most recent call last):
...
intlscore.errors.KeyReused: the Idempotency-Key 'k1' was already used ...
"""

from __future__ import annotations

import hashlib
import sqlite3
from datetime import UTC, datetime, timedelta
from typing import Final, NamedTuple

from intlscore.errors import KeyReused, LedgerDamageError

__all__ = [
    "KEY_WINDOW",
    "KeyReused",
    "Remembered",
    "create_table",
    "forget_before",
    "index_created",
    "recall",
    "remember",
]

KEY_WINDOW: Final = timedelta(hours=24)
"""How long a remembered answer is kept, at least."""

TABLE_SQL: Final = (
    "CREATE TABLE request_key ("
    " scope TEXT NOT NULL,"
    " key TEXT NOT NULL,"
    " fingerprint TEXT NOT NULL,"
    " status INTEGER NOT NULL,"
    " answer TEXT NOT NULL,"
    " created TEXT NOT NULL,"
    " digest TEXT NOT NULL,"
    " PRIMARY KEY (scope, key))"
)


class Remembered(NamedTuple):
    """One remembered request and the answer it was given."""

    scope: str
    key: str
    fingerprint: str
    """SHA-256 (hex) of what the request asked: the same key must ask the same."""
    status: int
    answer: str
    """The answer's body, as it was sent."""

    def __repr__(self) -> str:
        short = self.fingerprint[:4] + "..."
        return (
            f"Remembered(scope={self.scope!r}, key={self.key!r}, fingerprint={short!r},"
            f" status={self.status}, answer={self.answer!r})"
        )


INDEX_SQL: Final = "CREATE INDEX request_key_by_created ON request_key (created)"
"""What :func:`forget_before` searches by: without it, every keyed write read the whole
table (at 30,000 keys a write cost 11 ms more; ``benchmarks/bench_request_keys.py``)."""


def create_table(connection: sqlite3.Connection) -> None:
    """The migration to schema 4: the table of remembered requests."""
    connection.execute(TABLE_SQL)


def index_created(connection: sqlite3.Connection) -> None:
    """The migration to schema 6: the index :func:`forget_before` searches by.

    >>> connection = sqlite3.connect(":memory:")
    >>> create_table(connection); index_created(connection)
    >>> plan = connection.execute("EXPLAIN QUERY PLAN DELETE FROM request_key"
    ...                           " WHERE created < ?", ("x",)).fetchall()
    >>> plan[0][3]
    'SEARCH request_key USING INDEX request_key_by_created (created<?)'
    """
    connection.execute(INDEX_SQL)


def _digest(row: Remembered, created: str) -> str:
    fields = (row.scope, row.key, row.fingerprint, str(row.status), row.answer, created)
    return hashlib.sha256("\n".join(fields).encode()).hexdigest()


def recall(
    connection: sqlite3.Connection, scope: str, key: str, fingerprint: str
) -> Remembered | None:
    """The answer already given to ``key`` in ``scope``, or None.

    Raises :class:`KeyReused` if the key was used for a request with another
    fingerprint, and :class:`~intlscore.errors.LedgerDamageError` if the row fails its
    checksum.
    """
    found = connection.execute(
        "SELECT fingerprint, status, answer, created, digest FROM request_key"
        " WHERE scope = ? AND key = ?",
        (scope, key),
    ).fetchone()
    if found is None:
        return None
    try:
        stored_fingerprint, status, answer, created, digest = found
        row = Remembered(scope, key, str(stored_fingerprint), int(status), str(answer))
        intact = digest == _digest(row, str(created))
    except (TypeError, ValueError):
        intact = False
    if not intact:
        raise LedgerDamageError(
            f"the stored answer to the Idempotency-Key {key!r} is damaged (it fails its"
            " checksum); the write it answered is in the history: reload and check"
        )
    if row.fingerprint != fingerprint:
        raise KeyReused(f"the Idempotency-Key {key!r} was already used for another request")
    return row


def remember(connection: sqlite3.Connection, row: Remembered, created: str) -> None:
    """Store ``row`` (inside the write's own transaction)."""
    connection.execute(
        "INSERT INTO request_key (scope, key, fingerprint, status, answer, created, digest)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            row.scope,
            row.key,
            row.fingerprint,
            row.status,
            row.answer,
            created,
            _digest(row, created),
        ),
    )


def forget_before(connection: sqlite3.Connection, now: datetime) -> int:
    """Drop the rows older than :data:`KEY_WINDOW` before ``now``; returns how many.

    Times are the ledger's UTC ISO stamps (``2026-11-24T20:00:00+00:00``), which sort
    as text; ``now`` is timezone-aware.
    """
    cutoff = (now - KEY_WINDOW).astimezone(UTC).isoformat(timespec="seconds")
    cursor = connection.execute("DELETE FROM request_key WHERE created < ?", (cutoff,))
    return cursor.rowcount
