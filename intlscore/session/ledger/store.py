"""The store: one ledger file, its SQLite connections, and the only ways in, one write
transaction (:meth:`Store.write`) or one read snapshot (:meth:`Store.read`).

This is the ledger's public store API (as datasette's ``execute_fn`` and
``execute_write_fn``): sessions, the club and the faces reach the file through these two
calls and nothing else. What it guarantees (``docs/ledger.md`` says how each is tested):

- **the files are SQLite's alone**: the ledger, its ``-wal`` and ``-shm`` are never opened
  outside SQLite, not even to read the header (:func:`~.files.check_header` asks SQLite).
  Closing a descriptor opened outside SQLite drops every POSIX lock the process holds on
  the file; another process would then believe itself alone and checkpoint and delete
  the WAL under this one's connections;
- **one write at a time, reads never wait**: the file is in WAL mode; a write is one
  ``BEGIN IMMEDIATE`` transaction, and a writer waits up to ``timeout`` seconds for
  another (in any process) before :class:`~intlscore.errors.LedgerBusyError`; a read is
  one transaction on its own connection, so it sees one moment and never blocks a writer;
- **threads share one store**: connections are pooled, each used by one thread at a time;
  a read or write made inside a write on the same thread joins that write;
- **opening checks once**: a present file is recovered after a crash, inspected read-only
  (an SQLite file, ours, not newer, ``quick_check``) and migrated, once per store; a
  missing file reads as a ledger without sessions, and the first write creates it.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as tmp:
...     store = Store(pathlib.Path(tmp) / "l.sqlite3")
...     store.read(lambda connection: connection is None)
...     store.write(lambda connection: connection.execute("SELECT count(*) FROM session")
...                 .fetchone()[0])
...     store.read(lambda connection: connection.execute("PRAGMA journal_mode").fetchone()[0])
...     store.close()
True
0
'wal'
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final, Self, TypeVar

from intlscore.errors import IntlscoreError, LedgerError
from intlscore.session.ledger import files
from intlscore.session.ledger.files import State, refuse
from intlscore.session.ledger.schema import (
    APPLICATION_ID,
    APPLICATION_MARKER,
    MIGRATIONS,
    READS_FROM,
    SCHEMA_VERSION,
)

__all__ = ["Store"]

T = TypeVar("T")
IDLE: Final = 8
"""How many idle connections a store keeps for its threads."""


class Store:
    """One ledger file and its connections; see the module's docstring."""

    def __init__(self, path: Path, *, timeout: float = 5.0) -> None:
        self.path = path
        self.timeout = timeout
        self._guard = threading.Lock()
        """Held while opening, creating, or taking a connection from the pool."""
        self._idle: list[sqlite3.Connection] = []
        self._present = False
        self._empty = False
        self._closed = False
        self._thread = threading.local()
        """``.active``: the connection of the transaction this thread is in."""
        self._trace: Callable[[str], object] | None = None
        self._read_only: LedgerError | None = None
        """Why the ledger cannot be written (None: it can), as found when it was opened:
        then every connection reads only, and a write is refused before it begins."""
        self._watch: sqlite3.Connection | None = None
        """The connection :meth:`data_version` asks (never lent out)."""
        with self._guard:
            self._open()

    # -- the two ways in -----------------------------------------------------------------------

    def read(self, work: Callable[[sqlite3.Connection | None], T]) -> T:
        """``work(connection)`` inside one read transaction (``None``: no ledger yet)."""
        with self.snapshot() as connection:
            return work(connection)

    def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(connection)`` inside one write transaction: all of it is stored, or none
        of it (an exception rolls it back). The first write creates the ledger, with
        ``work`` inside the creation: if it fails, no file is left."""
        if self._active() is None and not self.exists:
            made = self._create_with(work)
            if made is not None:
                return made[0]
        if self._read_only is not None:
            raise self._read_only
        with self._transaction() as connection:
            return work(connection)

    @contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection | None]:
        """One read transaction: every SELECT inside sees the same moment."""
        active = self._active()
        if active is not None:  # inside a write on this thread: it is one moment already
            yield active
            return
        connection = self._borrow()
        if connection is None:
            yield None
            return
        with self._in_transaction(connection, "BEGIN", writing=False):
            yield connection

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``); a write inside it joins it."""
        active = self._active()
        if active is not None:
            if not getattr(self._thread, "writing", False):
                raise LedgerError("a write cannot start inside a read")  # pragma: no cover
            yield active
            return
        connection = self._borrow_for_writing()
        with self._in_transaction(connection, "BEGIN IMMEDIATE", writing=True):
            yield connection

    @contextmanager
    def _in_transaction(
        self, connection: sqlite3.Connection, begin: str, *, writing: bool
    ) -> Iterator[None]:
        """:meth:`_one_transaction` on a borrowed connection; the connection is this
        thread's meanwhile, and given back after."""
        try:
            with self._one_transaction(connection, begin):
                self._thread.active, self._thread.writing = connection, writing
                yield
        finally:
            self._thread.active, self._thread.writing = None, False
            self._give_back(connection)

    @contextmanager
    def _one_transaction(self, connection: sqlite3.Connection, begin: str) -> Iterator[None]:
        """``begin``, the block, then COMMIT; ROLLBACK if anything fails, an SQLite error
        raised as the ledger's own (:meth:`failure`). Every transaction of the store."""
        try:
            connection.execute(begin)
        except sqlite3.Error as error:
            raise self.failure(error) from None
        try:
            yield
            connection.execute("COMMIT")
        except BaseException as error:
            _end(connection, "ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise self.failure(error) from None
            raise

    # -- the file ------------------------------------------------------------------------------

    @property
    def exists(self) -> bool:
        """True once the file holds a ledger (reading never creates it)."""
        with self._guard:
            if not self._present and not self._closed:
                self._open()
            return self._present

    def data_version(self) -> int | None:
        """A number that changes whenever any other connection, in any process (this
        store's own ones included), has committed a change since the last call: SQLite's
        ``PRAGMA data_version`` on a connection of its own. None while there is no ledger.
        One caller at a time (the server's one change watcher)."""
        with self._guard:
            if self._closed:
                raise LedgerError("the ledger was closed")
            if not self._present:
                self._open()
            if not self._present:
                return None
            if self._watch is None:
                self._watch = self._connect()
            watch = self._watch
        try:
            return int(watch.execute("PRAGMA data_version").fetchone()[0])
        except sqlite3.Error as error:
            raise self.failure(error) from None

    def close(self) -> None:
        """Close every idle connection; one in use is closed when it is given back."""
        with self._guard:
            self._closed = True
            idle, self._idle = self._idle, []
            if self._watch is not None:
                idle.append(self._watch)
                self._watch = None
        for connection in idle:
            connection.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @property
    def read_only(self) -> LedgerError | None:
        """Why this ledger cannot be written (a read-only disk, a missing permission), as
        found when it was opened; None when it can be."""
        return self._read_only

    def failure(self, error: sqlite3.Error) -> LedgerError:
        """The typed error for SQLite's ``error`` on this file (:func:`.files.failure`)."""
        return files.failure(self.path, error)

    def set_trace(self, callback: Callable[[str], object] | None) -> None:
        """Call ``callback`` with every SQL statement from now on (None: stop); for
        tests and debugging."""
        self._trace = callback

    # -- connections ---------------------------------------------------------------------------

    def _active(self) -> sqlite3.Connection | None:
        active: sqlite3.Connection | None = getattr(self._thread, "active", None)
        return active

    def _connect(self, path: Path | str | None = None) -> sqlite3.Connection:
        reading = path is None and self._read_only is not None
        try:
            if reading:
                connection = files.open_reader(
                    self.path, self.timeout, isolation_level=None, check_same_thread=False
                )
            else:
                connection = sqlite3.connect(
                    self.path if path is None else path,
                    timeout=self.timeout,
                    isolation_level=None,
                    check_same_thread=False,
                )
        except sqlite3.Error as error:
            raise self.failure(error) from None
        try:
            _prepare(connection, writing=not reading)
        except sqlite3.Error as error:
            connection.close()
            raise self.failure(error) from None
        return connection

    def _borrow(self) -> sqlite3.Connection | None:
        """An idle connection, or a new one; None while there is no ledger."""
        with self._guard:
            if self._closed:
                raise LedgerError("the ledger was closed")
            if not self._present:
                self._open()  # another process may have created it since
            if not self._present:
                return None
            connection = self._idle.pop() if self._idle else None
        if connection is None:
            connection = self._connect()
        connection.set_trace_callback(self._trace)
        return connection

    def _borrow_for_writing(self) -> sqlite3.Connection:
        connection = self._borrow()
        if connection is None:  # pragma: no cover - write() made the ledger first
            raise LedgerError(f"there is no ledger at {self.path}")
        return connection

    def _give_back(self, connection: sqlite3.Connection) -> None:
        with self._guard:
            keep = not self._closed and len(self._idle) < IDLE and not connection.in_transaction
            if keep:
                self._idle.append(connection)
        if not keep:
            connection.close()

    # -- opening and creating (under the guard) ------------------------------------------------

    def _open(self) -> None:
        """Open an existing ledger (recovering a crash first); nothing if there is none."""
        state = files.probe(self.path)
        if state is State.PRESENT:
            self._read_only = files.unwritable(self.path)
            if self._read_only is None:
                files.recover(self.path, self.timeout)
            state = files.inspect(self.path, self._inspect_with)
        self._empty = state is State.EMPTY  # reads as no ledger; initialised on first write
        if state is State.PRESENT:
            self._first_connection()

    def _first_connection(self) -> None:
        """Connect, create or upgrade the schema, and keep the connection: it is a ledger."""
        connection = self._connect()
        try:
            self._migrate(connection)
        except BaseException:
            connection.close()
            raise
        self._idle.append(connection)
        self._present = True

    def _create_with(self, work: Callable[[sqlite3.Connection], T]) -> tuple[T] | None:
        """The first write: build the ledger with ``work`` in a private file beside the path
        and link it into place (:func:`.files.create`). None when there is a ledger after
        all (another process made it first, or an empty file was there): write into it."""
        with self._guard:
            if self._present:
                return None
            if not self._empty:
                created, result = files.create(self.path, self._builder(work))
                self._open()
                if created:
                    return (result,)  # type: ignore[return-value]
                if self._present:
                    return None
            # an empty file (a creator that was killed): initialise it in place
            self._empty = False
            self._first_connection()
        return None

    def _builder(self, work: Callable[[sqlite3.Connection], T]) -> Callable[[Path], T]:
        def build(temporary: Path) -> T:
            connection = self._connect(temporary)
            try:
                with self._one_transaction(connection, "BEGIN IMMEDIATE"):
                    self._thread.active, self._thread.writing = connection, True
                    for migration in MIGRATIONS:
                        migration(connection)
                    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                    return work(connection)
            finally:
                self._thread.active, self._thread.writing = None, False
                connection.close()

        return build

    def _inspect_with(self, reader: sqlite3.Connection) -> State:
        app_id = reader.execute("PRAGMA application_id").fetchone()[0]
        version = reader.execute("PRAGMA user_version").fetchone()[0]
        tables = {
            row[0] for row in reader.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if not tables and app_id == 0 and version == 0:
            return State.EMPTY  # an empty SQLite database, e.g. an old creation that was killed
        if app_id != APPLICATION_ID or "meta" not in tables:
            raise refuse(self.path, "is not an intlscore session database (a foreign SQLite file)")
        marker = reader.execute("SELECT value FROM meta WHERE key = 'application'").fetchone()
        if marker is None or marker[0] != APPLICATION_MARKER:
            raise refuse(self.path, "is not an intlscore session database (no intlscore marker)")
        if version > SCHEMA_VERSION:
            raise refuse(
                self.path,
                f"was written by a newer intlscore (schema {version}; this one reads up to"
                f" {SCHEMA_VERSION})",
            )
        check = reader.execute("PRAGMA quick_check").fetchall()
        if check != [("ok",)]:
            from intlscore.errors import LedgerDamageError

            raise refuse(self.path, f"is corrupt ({check[0][0]})", LedgerDamageError)
        return State.PRESENT

    def _migrate(self, connection: sqlite3.Connection) -> None:
        """Create or upgrade the schema in one transaction (no write lock if up to date)."""
        try:
            current = connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        except sqlite3.Error as error:
            raise self.failure(error) from None
        if current:
            return
        if self._read_only is not None:
            self._readable_as_it_is(connection, self._read_only)
            return
        with self._one_transaction(connection, "BEGIN IMMEDIATE"):
            self._upgrade(connection)

    def _readable_as_it_is(self, connection: sqlite3.Connection, why: LedgerError) -> None:
        """A ledger that cannot be written is read without its upgrade when its schema is
        one this intlscore reads (:data:`~.schema.READS_FROM`); an older one needs the
        upgrade, which is a write."""
        try:
            version = connection.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.Error as error:
            raise self.failure(error) from None
        if version < READS_FROM:
            raise type(why)(
                f"{why} (it was written by an older intlscore, schema {version}, and must be"
                " upgraded once, which writes to it)",
                public=f"{why.public} (it must be upgraded once, which writes to it)",
            )

    def _upgrade(self, connection: sqlite3.Connection) -> None:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version == 0:
            tables = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if tables:
                raise refuse(self.path, "is not an intlscore session database (foreign tables)")
        elif version > SCHEMA_VERSION:
            raise refuse(self.path, f"was written by a newer intlscore (schema {version})")
        for migration in MIGRATIONS[version:]:
            try:
                migration(connection)
            except (IntlscoreError, ValueError, KeyError, TypeError) as error:
                raise refuse(
                    self.path, f"cannot be upgraded from schema {version} ({error})"
                ) from None
        if version < SCHEMA_VERSION:
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _prepare(connection: sqlite3.Connection, *, writing: bool = True) -> None:
    connection.execute("PRAGMA foreign_keys = ON")
    connection.execute("PRAGMA synchronous = FULL")
    if writing and connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        connection.execute("PRAGMA journal_mode = WAL")


def _end(connection: sqlite3.Connection, statement: str) -> None:
    """End a transaction; while another error is on its way, a failure here (a damaged
    file) must not replace it."""
    if not connection.in_transaction:
        return
    with contextlib.suppress(sqlite3.Error):
        connection.execute(statement)
