"""The session ledger: deals of named sessions kept in one SQLite file.

What is guaranteed (see ``docs/ledger.md`` for how each is tested):

- **atomic writes**: each deal, amendment, undo and redo is one transaction
  (``BEGIN IMMEDIATE``); a crash leaves the ledger as it was before or after, never half;
  the file is in WAL mode with ``synchronous=FULL``; a writer waits up to ``timeout``
  seconds for another, then gets "the session database is busy, try again";
- **snapshot reads**: every answer (show, export, settle, totals, list, check) is read in
  one read transaction, so it never mixes two moments;
- **self-checking records**: every record carries a SHA-256 checksum chained to the one
  before (:mod:`intlscore.session.ledger.records`); a record that fails it is refused in
  one line naming the session and the deal, never shown; :meth:`Ledger.check` also
  re-scores every deal from its stored raw input;
- **recovery after a crash**: a hot journal left by a killed writer is rolled back on the
  next open, before the read-only inspection; "corrupt" is said only of a damaged file;
- **nothing made by reading**: opening a missing ledger creates nothing; the first write
  creates it atomically (0600, race-free, :func:`~intlscore.session.ledger.files.create`);
- ``undo`` and ``amend`` never delete: the history keeps every version.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l.sqlite3") as ledger:
...     session = ledger.create_session("friday", ["ann", "bob", "cat"])
...     session.deal(kind="open", winner="ann", racks={"bob": "r5 b7"}, not_melded=["cat"]).deltas
...     session.deal(kind="foot", winner="BOB", racks={"ann": "k1", "cat": "o2 o3"}).deltas
...     session.totals()
...     session.undo().number, session.totals()
...     session.redo().number, session.totals()
...     session.amend(1, kind="open", winner="ann", not_melded=["bob", "cat"]).deltas
...     [problem for problem in ledger.check()]
{'ann': 100, 'bob': -12, 'cat': -100}
{'ann': -10, 'bob': 200, 'cat': -5}
{'ann': 90, 'bob': 188, 'cat': -105}
(2, {'ann': 100, 'bob': -12, 'cat': -100})
(2, {'ann': 90, 'bob': 188, 'cat': -105})
{'ann': 200, 'bob': -100, 'cat': -100}
[]
"""

from __future__ import annotations

import csv
import io
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any, Final, Self, TypeVar

from intlscore.errors import DealTypeError, IntlscoreError, LedgerDamageError, LedgerError
from intlscore.rules import Rules, default_rules, resolve_rules
from intlscore.rules.deal_table import DealTable
from intlscore.session.deal import DealResult, check_player_names, score_deal
from intlscore.session.ledger import files, requests
from intlscore.session.ledger.files import BUSY, State, is_busy, refuse
from intlscore.session.ledger.records import (
    Entry,
    History,
    RecordedDeal,
    SessionRecord,
    replay,
)
from intlscore.session.ledger.requests import Remembered
from intlscore.session.ledger.schema import (
    APPLICATION_ID,
    APPLICATION_MARKER,
    MIGRATIONS,
    SCHEMA_VERSION,
    append_entries,
    write_session,
)
from intlscore.session.settlement import DEFAULT_UNIT, Settlement, parse_money, settle

__all__ = [
    "DB_ENV",
    "Ledger",
    "LedgerCheck",
    "Rescore",
    "Session",
    "SessionState",
    "SessionSummary",
    "csv_cell",
    "default_db_path",
]

DB_ENV: Final = "INTLSCORE_DB"
"""Environment variable naming the ledger file (``--db`` wins over it)."""
DB_FILE: Final = "ledger.sqlite3"
MAX_SESSION_NAME: Final = 60
T = TypeVar("T")


def default_db_path() -> Path:
    """``$INTLSCORE_DB``, else ``ledger.sqlite3`` in the user's data directory."""
    from_env = os.environ.get(DB_ENV, "").strip()
    if from_env:
        return files.ledger_path(from_env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("intlscore", appauthor=False)) / DB_FILE


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _check_session_name(name: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise LedgerError("a session name is empty")
    if name != name.strip() or not name.isprintable() or len(name) > MAX_SESSION_NAME:
        raise LedgerError(
            f"session name {name[:MAX_SESSION_NAME]!r} must be printable, without spaces around"
            f" it, and at most {MAX_SESSION_NAME} characters"
        )
    return name


FORMULA_STARTS: Final = ("=", "+", "-", "@", "|", "\t", "\r")


def csv_cell(text: str) -> str:
    """A text cell made safe for spreadsheets (OWASP CSV injection): a cell starting with
    ``= + - @ |``, a tab or a carriage return gets a leading ``'``. Numbers are written as
    numbers and never pass through here, so a real ``-42`` stays numeric.

    >>> csv_cell("=HYPERLINK(1)"), csv_cell("ann"), csv_cell("-x")
    ("'=HYPERLINK(1)", 'ann', "'-x")
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _deal_arguments() -> list[str]:
    """The keyword arguments a session's deal takes: those of ``score_deal`` that the
    session does not fix."""
    import inspect

    fixed = {"players", "table", "rules"}
    return [name for name in inspect.signature(score_deal).parameters if name not in fixed]


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """A line of ``session list``."""

    name: str
    players: tuple[str, ...]
    deals: int
    created: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "players": list(self.players),
            "deals": self.deals,
            "created": self.created,
        }


@dataclass(frozen=True, slots=True)
class SessionState:
    """A session as read at one moment: its players, deal table and deals."""

    name: str
    players: tuple[str, ...]
    created: str
    table: DealTable
    deals: tuple[RecordedDeal, ...]
    can_redo: bool = False
    rules: Rules | None = None
    """The rules in force (``None``: the shipped rules with ``table``)."""
    stake: Decimal | None = None
    """The session's stake (money per point, R19) as stored, None until one is."""

    @property
    def totals(self) -> dict[str, int]:
        """Each player's running total, in seat order."""
        return {name: sum(deal.deltas[name] for deal in self.deals) for name in self.players}

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``session show --json`` and ``session export --format json``."""
        return {
            "name": self.name,
            "players": list(self.players),
            "totals": self.totals,
            "deals": [deal.to_dict() for deal in self.deals],
            "created": self.created,
            "deal_table": {"source": self.table.source, "numbers": self.table.to_dict()},
            "rules": self.rules_name,
        }

    @property
    def rules_name(self) -> str:
        """The name of the rules in force (``international`` for the shipped ones)."""
        return (self.rules or default_rules()).name

    def to_csv(self) -> str:
        """One row per deal: number, time, kind, winner, doubled and each player's delta.

        Text cells (player names) are neutralised against formula injection
        (:func:`csv_cell`); deltas stay numbers.
        """
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        names = [csv_cell(name) for name in self.players]
        writer.writerow(["deal", "created", "kind", "winner", "doubled", *names])
        for deal in self.deals:
            writer.writerow(
                [
                    deal.number,
                    deal.created,
                    deal.kind,
                    csv_cell(deal.winner or ""),
                    "yes" if deal.doubled else "no",
                    *(deal.deltas[name] for name in self.players),
                ]
            )
        return out.getvalue()


@dataclass(frozen=True, slots=True)
class Rescore:
    """A session's history scored again under other rules: old and new totals."""

    rules: Rules
    old: dict[str, int]
    new: dict[str, int]
    deals: tuple[RecordedDeal, ...]
    """The deals that count, with their new scores."""
    results: tuple[DealResult, ...]

    @property
    def changed(self) -> bool:
        return self.old != self.new or any(
            not new.same_score(old) for new, old in zip(self.deals, self.old_deals, strict=True)
        )

    old_deals: tuple[RecordedDeal, ...] = ()
    """The same deals as stored before, with their old scores."""

    @property
    def changed_deals(self) -> list[tuple[RecordedDeal, RecordedDeal]]:
        """``(old, new)`` of each deal whose deltas change, in order."""
        return [
            (old, new)
            for new, old in zip(self.deals, self.old_deals, strict=True)
            if dict(new.deltas) != dict(old.deltas)
        ]

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``session rescore --json`` (the command adds the session's name and
        whether it was stored): the new rules' name, how many deals were scored again,
        each player's old and new total and the change, and the deals whose deltas change.

        >>> import tempfile, pathlib
        >>> from intlscore.rules import default_rules
        >>> joker25 = default_rules().with_options(joker_value=25)
        >>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
        ...     session = ledger.create_session("friday", ["ann", "bob"])
        ...     _ = session.deal(kind="open", winner="ann", racks={"bob": "r5"})
        ...     _ = session.deal(kind="open", winner="bob", racks={"ann": "*"})
        ...     report = session.rescore(joker25).to_dict()
        >>> report["deals"], report["old"], report["new"], report["change"]
        (2, {'ann': 70, 'bob': 95}, {'ann': 75, 'bob': 95}, {'ann': 5, 'bob': 0})
        >>> [(deal["number"], deal["old"]["deltas"], deal["new"]["deltas"])
        ...  for deal in report["changed_deals"]]
        [(2, {'ann': -30, 'bob': 100}, {'ann': -25, 'bob': 100})]
        """
        return {
            "rules": self.rules.name,
            "deals": len(self.deals),
            "old": dict(self.old),
            "new": dict(self.new),
            "change": {name: self.new[name] - old for name, old in self.old.items()},
            "changed_deals": [
                {
                    "number": new.number,
                    "old": {"summary": old.summary, "deltas": dict(old.deltas)},
                    "new": {"summary": new.summary, "deltas": dict(new.deltas)},
                }
                for old, new in self.changed_deals
            ],
        }


@dataclass(frozen=True, slots=True)
class LedgerCheck:
    """What :meth:`Ledger.verify` found, read in one snapshot: every problem (one line
    each), and when there is none, each session checked with its number of deals."""

    path: Path
    sessions: tuple[SessionSummary, ...]
    """The sessions checked (empty when a problem was found: their counts are not trusted)."""
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """True when every record matches its checksum and re-scores to its deltas."""
        return not self.problems

    @property
    def deals(self) -> int:
        """The number of deals of the sessions checked."""
        return sum(summary.deals for summary in self.sessions)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``session check --json``: ``sessions`` only when ``ok``.

        >>> LedgerCheck(Path("l.sqlite3"), (), ("session 'x': deal 2 is damaged",)).to_dict()
        {'db': 'l.sqlite3', 'ok': False, 'problems': ["session 'x': deal 2 is damaged"]}
        """
        data: dict[str, Any] = {"db": str(self.path), "ok": self.ok}
        if self.ok:
            data["sessions"] = [
                {"name": summary.name, "deals": summary.deals} for summary in self.sessions
            ]
        data["problems"] = list(self.problems)
        return data


def _rescored(name: str, players: Sequence[str], history: History, rules: Rules) -> Rescore:
    """Every deal that counts scored again under ``rules``; totals for every player (0
    before the first deal)."""
    results: list[DealResult] = []
    deals: list[RecordedDeal] = []
    for deal in history.deals:
        try:
            result = deal.input.score(rules=rules)
        except IntlscoreError as error:
            raise LedgerError(
                f"session {name!r}, deal {deal.number} cannot be scored under the rules"
                f" {rules.name!r}: {error}; nothing was changed"
            ) from None
        results.append(result)
        fresh = RecordedDeal.from_result(deal.number, deal.created, result)
        deals.append(replace(fresh, amended=deal.amended))
    old = {p: sum(d.deltas[p] for d in history.deals) for p in players}
    new = {p: sum(d.deltas[p] for d in deals) for p in players}
    return Rescore(rules, old, new, tuple(deals), tuple(results), tuple(history.deals))


class Ledger:
    """One ledger file, opened safely; use it as a context manager (or call :meth:`close`).

    ``path`` defaults to :func:`default_db_path`. ``timeout`` is how long a
    writer waits for another writer before :class:`LedgerError` (busy).
    Opening never creates anything: a missing file reads as a ledger without sessions,
    and the first write (:meth:`create_session`) creates it.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *, timeout: float = 5.0) -> None:
        self.path = files.ledger_path(path) if path is not None else default_db_path()
        self.timeout = timeout
        self._connection: sqlite3.Connection | None = None
        self._empty = False
        self._lock = threading.RLock()  # one Ledger may serve several threads (a web server)
        self._active: sqlite3.Connection | None = None
        """The connection of the write transaction under way, which nested writes join."""
        self._open()

    # -- opening -----------------------------------------------------------------------------

    def _open(self) -> None:
        """Open an existing ledger (recovering a crash first); nothing if there is none."""
        state = files.probe(self.path)
        if state is State.PRESENT:
            files.recover(self.path, self.timeout)
            state = files.inspect(self.path, self._inspect_with)
        self._empty = state is State.EMPTY  # reads as no ledger; initialised on first write
        if state is not State.PRESENT:
            return
        try:
            connection = sqlite3.connect(
                self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as error:
            raise self._failure(error) from None
        self._adopt(connection)

    def _adopt(self, connection: sqlite3.Connection) -> None:
        """Prepare and migrate a new connection and keep it; closed again if either fails."""
        self._connection = connection
        try:
            self._prepare(connection)
            self._migrate(connection)
        except BaseException:
            connection.close()
            self._connection = None
            raise

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
            raise refuse(self.path, f"is corrupt ({check[0][0]})")
        return State.PRESENT

    def _prepare(self, connection: sqlite3.Connection) -> None:
        try:
            connection.execute("PRAGMA foreign_keys = ON")
            connection.execute("PRAGMA synchronous = FULL")
            if connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                connection.execute("PRAGMA journal_mode = WAL")
        except sqlite3.Error as error:
            raise self._failure(error) from None

    def _migrate(self, connection: sqlite3.Connection) -> None:
        """Create or upgrade the schema in one transaction (no write lock if up to date)."""
        try:
            current = connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        except sqlite3.Error as error:
            raise self._failure(error) from None
        if current:
            return
        with self._transaction(connection):
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

    def _failure(self, error: sqlite3.Error) -> LedgerError:
        if is_busy(error):
            return LedgerError(f"{BUSY} ({self.path})")
        return LedgerError(f"session database {self.path}: {' '.join(str(error).split())}")

    @contextmanager
    def _transaction(self, connection: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it is stored, or none of it."""
        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise self._failure(error) from None
        self._active = connection
        try:
            yield connection
            connection.execute("COMMIT")
        except BaseException as error:
            self._end(connection, "ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise self._failure(error) from None
            raise
        finally:
            self._active = None

    def _write(self, change: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``change`` in one write transaction, creating the ledger if there is none."""
        with self._lock:
            return self._write_unlocked(change)

    def _write_unlocked(self, change: Callable[[sqlite3.Connection], T]) -> T:
        if self._active is not None:  # inside a write already (see :meth:`once`): join it
            return change(self._active)
        if self._connection is None:
            if not self._empty:
                created, result = files.create(self.path, self._build_with(change))
                if created:
                    self._open()
                    return result  # type: ignore[return-value]
            self._open_for_writing()
        assert self._connection is not None
        with self._transaction(self._connection) as connection:
            return change(connection)

    def _build_with(self, change: Callable[[sqlite3.Connection], T]) -> Callable[[Path], T]:
        def build(temporary: Path) -> T:
            connection = sqlite3.connect(temporary, isolation_level=None)
            try:
                self._prepare(connection)
                with self._transaction(connection):
                    for migration in MIGRATIONS:
                        migration(connection)
                    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                    return change(connection)
            finally:
                connection.close()

        return build

    def _open_for_writing(self) -> None:
        """An empty file (or one another process has just created): open and initialise."""
        self._empty = False
        self._open()
        if self._connection is None:  # still empty: initialise in place, under the write lock
            self._adopt(
                sqlite3.connect(
                    self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False
                )
            )

    @contextmanager
    def _snapshot(self) -> Iterator[sqlite3.Connection | None]:
        """One read transaction: every SELECT inside sees the same moment."""
        with self._lock, self._snapshot_unlocked() as connection:
            yield connection

    @contextmanager
    def _snapshot_unlocked(self) -> Iterator[sqlite3.Connection | None]:
        if self._active is not None:  # inside a write: it already sees one moment
            yield self._active
            return
        if self._connection is None:  # another process may have created it since
            self._open()
        connection = self._connection
        if connection is None:
            yield None
            return
        try:
            connection.execute("BEGIN")
        except sqlite3.Error as error:
            raise self._failure(error) from None
        try:
            yield connection
        except BaseException as error:
            self._end(connection, "ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise self._failure(error) from None
            raise
        try:
            self._end(connection, "COMMIT", strict=True)
        except sqlite3.Error as error:
            raise self._failure(error) from None

    @staticmethod
    def _end(connection: sqlite3.Connection, statement: str, *, strict: bool = False) -> None:
        """End a transaction; while another error is on its way, a failure here (a damaged
        file) must not replace it."""
        if not connection.in_transaction:
            return
        try:
            connection.execute(statement)
        except sqlite3.Error:
            if strict:
                raise

    # -- public API --------------------------------------------------------------------------

    @property
    def exists(self) -> bool:
        """True once the ledger file holds a ledger (reading never creates it)."""
        return self._connection is not None

    @property
    def schema_version(self) -> int:
        with self._snapshot() as connection:
            if connection is None:
                return 0
            return int(connection.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def once(
        self, scope: str, key: str, fingerprint: str, write: Callable[[], tuple[int, str]]
    ) -> tuple[Remembered, bool]:
        """Do a keyed write at most once: ``write()`` makes the change (through this
        ledger and its sessions) and returns the answer's status and body, and the answer is
        remembered under ``(scope, key)`` in the same transaction.

        Returns the remembered answer and whether it is fresh (False: ``key`` had already
        been answered in ``scope``, and nothing was written). A key used before with another
        ``fingerprint`` raises :class:`~intlscore.session.ledger.requests.KeyReused`. If
        ``write`` raises, nothing is stored, the key included. Keys are kept at least
        :data:`~intlscore.session.ledger.requests.KEY_WINDOW`.

        >>> import tempfile, pathlib
        >>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
        ...     session = ledger.create_session("friday", ["ann", "bob"])
        ...     def deal() -> tuple[int, str]:
        ...         stored = session.deal(kind="open", winner="ann", racks={"bob": "r5"})
        ...         return 201, str(stored.number)
        ...     ledger.once("session:friday", "k-1", "f", deal)[0].answer
        ...     ledger.once("session:friday", "k-1", "f", deal)[1]
        ...     len(session.deals())
        '1'
        False
        1
        """

        def change(connection: sqlite3.Connection) -> tuple[Remembered, bool]:
            found = requests.recall(connection, scope, key, fingerprint)
            if found is not None:
                return found, False
            status, answer = write()
            row = Remembered(scope, key, fingerprint, status, answer)
            now = datetime.now(UTC)
            requests.forget_before(connection, now)
            requests.remember(connection, row, now.isoformat(timespec="seconds"))
            return row, True

        return self._write(change)

    def create_session(
        self,
        name: str,
        players: Sequence[str],
        rules: Rules | DealTable | None = None,
        *,
        table: DealTable | None = None,
    ) -> Session:
        """Start a session under ``rules`` (the shipped ones by default). The whole rules
        are stored with it (as a rules file), so later deals are scored under them even if
        the file they came from changes or disappears. ``table`` (or a
        :class:`DealTable` as ``rules``) is the older way: the shipped rules with that
        deal table."""
        name = _check_session_name(name)
        names = check_player_names(players, "session")
        record = SessionRecord(name, names, _now(), _session_rules(rules, table))

        def insert(connection: sqlite3.Connection) -> None:
            if connection.execute("SELECT 1 FROM session WHERE name = ?", (name,)).fetchone():
                raise LedgerError(f"a session named {name!r} already exists in {self.path}")
            write_session(connection, record, [])

        self._write(insert)
        return self.session(name)

    def _load(
        self, connection: sqlite3.Connection, name: str, problems: list[str] | None = None
    ) -> tuple[int, SessionRecord, History] | None:
        row = connection.execute(
            "SELECT id, record, digest, head FROM session WHERE name = ?", (name,)
        ).fetchone()
        if row is None:
            return None
        session_id, text, digest, head = row
        entries = connection.execute(
            "SELECT seq, record, digest, label FROM entry WHERE session_id = ? ORDER BY seq",
            (session_id,),
        ).fetchall()
        record, history = replay(name, (text, digest, head), entries, problems)
        return session_id, record, history

    def _missing(self, connection: sqlite3.Connection | None, name: str) -> LedgerError:
        if connection is None:
            return LedgerError(
                f"no session named {name!r}: there is no ledger at {self.path} yet"
                " (start one with: intlscore session new NAME --players ...)"
            )
        known = [row[0] for row in connection.execute("SELECT name FROM session ORDER BY id")]
        hint = f"the sessions are {', '.join(known)}" if known else "there are no sessions"
        return LedgerError(f"no session named {name!r} in {self.path} ({hint})")

    def session(self, name: str) -> Session:
        """An existing session; :class:`LedgerError` if there is none of that name."""
        with self._snapshot() as connection:
            loaded = None if connection is None else self._load(connection, name)
            if loaded is None:
                raise self._missing(connection, name)
        session_id, record, history = loaded
        return Session(self, session_id, record, history.rules)  # in force, after a rescore

    def session_names(self) -> list[str]:
        """The name of every session, oldest first (one query: nothing is replayed)."""
        with self._snapshot() as connection:
            if connection is None:
                return []
            return [row[0] for row in connection.execute("SELECT name FROM session ORDER BY id")]

    def sessions(self) -> list[SessionSummary]:
        """Every session, oldest first, with its number of deals (each one checked)."""
        with self._snapshot() as connection:
            if connection is None:
                return []
            names = [row[0] for row in connection.execute("SELECT name FROM session ORDER BY id")]
            summaries = []
            for name in names:
                loaded = self._load(connection, name)
                assert loaded is not None
                _, record, history = loaded
                summaries.append(
                    SessionSummary(name, record.players, len(history.deals), record.created)
                )
        return summaries

    def check(self, name: str | None = None) -> list[str]:
        """Verify the whole ledger (or one session): every record against its checksum,
        the history's order, and every deal re-scored from its stored raw input.
        Returns one line per problem (empty: all is well); :meth:`verify` says more."""
        return list(self.verify(name).problems)

    def verify(self, name: str | None = None) -> LedgerCheck:
        """:meth:`check`, with the sessions checked and their deals, in one snapshot."""
        problems: list[str] = []
        summaries: list[SessionSummary] = []
        with self._snapshot() as connection:
            if connection is None:
                if name is not None:
                    raise self._missing(connection, name)
                return LedgerCheck(self.path, (), ())
            names = [row[0] for row in connection.execute("SELECT name FROM session ORDER BY id")]
            if name is not None:
                if name not in names:
                    raise self._missing(connection, name)
                names = [name]
            for each in names:
                try:
                    loaded = self._load(connection, each, problems)
                except LedgerDamageError as error:
                    problems.append(str(error))
                    continue
                assert loaded is not None
                _, record, history = loaded
                for deal, rules in history.versions:
                    problem = _rescore_problem(rules, deal)
                    if problem:
                        problems.append(f"session {each!r}, deal {deal.number}: {problem}")
                summaries.append(
                    SessionSummary(each, record.players, len(history.deals), record.created)
                )
        if problems:
            return LedgerCheck(self.path, (), tuple(problems))
        return LedgerCheck(self.path, tuple(summaries), ())


def _session_rules(rules: Rules | DealTable | None, table: DealTable | None) -> Rules:
    if isinstance(rules, DealTable):
        rules, table = None, rules
    resolved = resolve_rules(rules)
    if table is not None and table != resolved.deals:
        resolved = resolved.with_deals(table)
    return resolved


def _rescore_problem(rules: Rules, deal: RecordedDeal) -> str | None:
    try:
        again = deal.input.score(rules=rules)
    except IntlscoreError as error:
        return f"its stored input no longer scores ({error})"
    fresh = RecordedDeal.from_result(deal.number, deal.created, again)
    if dict(fresh.deltas) != dict(deal.deltas):
        return (
            f"its stored deltas {dict(deal.deltas)} differ from its input re-scored"
            f" {dict(fresh.deltas)}"
        )
    return None


class Session:
    """A named session of a ledger: its players, deals and running totals.

    Get one from :meth:`Ledger.create_session` / :meth:`Ledger.session`, or
    from :meth:`Session.create` / :meth:`Session.open`, which open the ledger
    themselves (then close it with :meth:`close` or a ``with`` block).
    """

    def __init__(
        self,
        ledger: Ledger,
        session_id: int,
        record: SessionRecord,
        rules: Rules | None = None,
    ) -> None:
        self.ledger = ledger
        self.id = session_id
        self.name = record.name
        self.players = record.players
        self.created = record.created
        self._rules = rules if rules is not None else record.rules
        """The rules in force: those of the last rescore, else the session's own."""
        self._last: SessionState | None = None

    @property
    def rules(self) -> Rules:
        """The rules in force (as last read): the session's own, or those of its last
        rescore."""
        return self._rules

    @property
    def table(self) -> DealTable:
        """The deal table of the rules in force (the older name)."""
        return self._rules.deals

    @classmethod
    def create(
        cls,
        name: str,
        players: Sequence[str],
        *,
        db: str | Path | None = None,
        rules: Rules | None = None,
        table: DealTable | None = None,
    ) -> Session:
        """Open the ledger at ``db`` (default :func:`default_db_path`) and start a session."""
        ledger = Ledger(db)
        try:
            return ledger.create_session(name, players, rules, table=table)
        except BaseException:
            ledger.close()
            raise

    @classmethod
    def open(cls, name: str, *, db: str | Path | None = None) -> Session:
        """Open the ledger at ``db`` and an existing session of it."""
        ledger = Ledger(db)
        try:
            return ledger.session(name)
        except BaseException:
            ledger.close()
            raise

    def close(self) -> None:
        """Close the ledger this session belongs to."""
        self.ledger.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Session({self.name!r}, players={list(self.players)!r})"

    # -- writing -----------------------------------------------------------------------------

    def _history(self, connection: sqlite3.Connection) -> History:
        loaded = self.ledger._load(connection, self.name)
        if loaded is None or loaded[0] != self.id:
            raise LedgerError(f"session {self.name!r} is no longer in {self.ledger.path}")
        history = loaded[2]
        assert history.rules is not None
        self._rules = history.rules
        return history

    def _append(self, make: Callable[[History], Entry]) -> tuple[Entry, History]:
        def change(connection: sqlite3.Connection) -> tuple[Entry, History]:
            history = self._history(connection)
            entry = make(history)
            problem = history.apply(entry)
            if problem is not None:  # pragma: no cover - make() checks first
                raise LedgerError(f"session {self.name!r}: {problem}")
            append_entries(connection, self.id, history.entries, history.head, [entry])
            self._last = self._state(history)
            return entry, history

        return self.ledger._write(change)

    def _score(self, deal: dict[str, Any]) -> DealResult:
        for key in ("players", "table", "rules"):
            if key in deal:
                raise DealTypeError(f"Session.deal() takes no {key!r}: the session fixes it")
        known = _deal_arguments()
        for key in deal:
            if key not in known:
                import difflib

                close = difflib.get_close_matches(key, known, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise DealTypeError(f"Session.deal() has no argument {key!r}{hint}")
        return score_deal(self.players, rules=self._rules, **deal)

    def play(self, number: int | None = None, **deal: Any) -> tuple[RecordedDeal, DealResult]:
        """Score a deal under the session's rules and store it: a new deal, or (with
        ``number``) an amendment of deal ``number``. Returns what was stored and the full
        result (for a view). An invalid deal raises :class:`~intlscore.errors.DealError`
        and the ledger is unchanged."""
        if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
            raise DealTypeError(f"number must be a deal number, not {number!r}")
        return self._store(number, self._score(deal))

    def _store(self, number: int | None, first: DealResult) -> tuple[RecordedDeal, DealResult]:
        if first.input.players != self.players:
            raise LedgerError(
                f"the deal is for {', '.join(first.input.players)}, but session"
                f" {self.name!r} is {', '.join(self.players)}"
            )
        created = _now()
        scored: list[DealResult] = []

        def make(history: History) -> Entry:
            count = len(history.deals)
            if number is not None and not 1 <= number <= count:
                has = f"deals 1 to {count}" if count else "no deals"
                raise LedgerError(f"session {self.name!r} has no deal {number} ({has})")
            result = first
            if history.rules != first.rules:  # the rules changed since: score under them
                result = first.input.score(rules=history.rules)
            scored.append(result)
            if number is None:
                return Entry(
                    "deal", count + 1, created, RecordedDeal.from_result(count + 1, created, result)
                )
            recorded = replace(RecordedDeal.from_result(number, created, result), amended=True)
            return Entry("amend", number, created, recorded)

        entry, _ = self._append(make)
        assert entry.deal is not None
        return entry.deal, scored[-1]

    def deal(self, **deal: Any) -> RecordedDeal:
        """Score a deal of this session's players and store it.

        The arguments are those of :func:`~intlscore.session.deal.score_deal` but
        ``players`` and ``rules`` (the session fixes both). The deal is scored
        before anything is written: an invalid deal raises
        :class:`~intlscore.errors.DealError` and the ledger is unchanged.
        """
        return self.play(**deal)[0]

    def record(self, result: DealResult) -> RecordedDeal:
        """Store an already scored deal of this session's players, in one transaction
        (scored again from its input if the session's rules are other than its own)."""
        return self._store(None, result)[0]

    def amend(self, number: int, **deal: Any) -> RecordedDeal:
        """Replace deal ``number`` by a new description (the arguments of :meth:`deal`);
        the old version is kept in the history, and the deal shows as amended."""
        return self.play(number, **deal)[0]

    def undo(self) -> RecordedDeal:
        """Mark the last deal as undone (it stays in the file) and return it."""
        undone = _now()

        def make(history: History) -> Entry:
            if not history.deals:
                raise LedgerError(f"session {self.name!r} has no deals to undo")
            return Entry("undo", len(history.deals), undone)

        _, history = self._append(make)
        return history.undone[-1]

    def redo(self) -> RecordedDeal:
        """Restore the most recently undone deal (not after a new deal took its place)."""
        created = _now()

        def make(history: History) -> Entry:
            if not history.undone:
                raise LedgerError(f"session {self.name!r} has no undone deal to redo")
            return Entry("redo", history.undone[-1].number, created)

        _, history = self._append(make)
        return history.deals[-1]

    def set_stake(self, stake: Decimal | str | int) -> Decimal:
        """Store the session's stake (money per point, R19) for later settlements; one
        entry in the history, so the stake it replaces stays on record.

        >>> import tempfile, pathlib
        >>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
        ...     session = ledger.create_session("friday", ["ann", "bob"])
        ...     session.snapshot().stake, session.set_stake("0.05"), session.snapshot().stake
        (None, Decimal('0.05'), Decimal('0.05'))
        """
        amount = parse_money(stake)
        created = _now()

        def make(history: History) -> Entry:
            return Entry("stake", len(history.deals), created, stake=str(amount))

        self._append(make)
        return amount

    def change_rules(self, rules: Rules) -> Rescore:
        """Re-score the whole history from the stored raw input under ``rules`` and play on
        under them (one transaction; the old scores stay in the history)."""
        created = _now()
        outcome: list[Rescore] = []

        def make(history: History) -> Entry:
            report = _rescored(self.name, self.players, history, rules)
            outcome.append(report)
            return Entry("rescore", len(history.deals), created, rules=rules, rescored=report.deals)

        self._append(make)
        self._rules = rules
        return outcome[-1]

    # -- reading -----------------------------------------------------------------------------

    def versions(self, number: int) -> tuple[RecordedDeal, ...]:
        """Every version of deal ``number`` that counts now, oldest first: the versions
        its amendments replaced, then the deal as it stands (read in one transaction).

        >>> import tempfile, pathlib
        >>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
        ...     session = ledger.create_session("friday", ["ann", "bob"])
        ...     _ = session.deal(kind="open", winner="ann", racks={"bob": "r5"})
        ...     _ = session.amend(1, kind="open", winner="bob", racks={"ann": "k1"})
        ...     [(deal.winner, deal.amended) for deal in session.versions(1)]
        [('ann', False), ('bob', True)]
        """
        with self.ledger._snapshot() as connection:
            if connection is None:
                raise self.ledger._missing(connection, self.name)
            history = self._history(connection)
        count = len(history.deals)
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= count:
            has = f"deals 1 to {count}" if count else "no deals"
            raise LedgerError(f"session {self.name!r} has no deal {number} ({has})")
        return (*history.earlier.get(number, []), history.deals[number - 1])

    def snapshot(self) -> SessionState:
        """The session as it is now, read in one transaction: players, rules, deals."""
        with self.ledger._snapshot() as connection:
            if connection is None:
                raise self.ledger._missing(connection, self.name)
            history = self._history(connection)
        self._last = self._state(history)
        return self._last

    def _state(self, history: History) -> SessionState:
        assert history.rules is not None
        return SessionState(
            self.name,
            self.players,
            self.created,
            history.rules.deals,
            tuple(history.deals),
            can_redo=bool(history.undone),
            rules=history.rules,
            stake=None if history.stake is None else Decimal(history.stake),
        )

    @property
    def last_state(self) -> SessionState:
        """The session as this object last read or wrote it, in that one transaction (so a
        command shows the totals its own write produced, not a later moment)."""
        return self._last if self._last is not None else self.snapshot()

    def deals(self) -> list[RecordedDeal]:
        """The deals of the session (undone ones left out), in order."""
        return list(self.snapshot().deals)

    def totals(self) -> dict[str, int]:
        """Each player's running total, in seat order."""
        return self.snapshot().totals

    def settle(self, stake: Decimal | str | int, unit: Decimal | str = DEFAULT_UNIT) -> Settlement:
        """Settle the running totals (R19); see :func:`~intlscore.session.settlement.settle`."""
        return settle(self.totals(), stake, unit)

    def rescore(self, rules: Rules | DealTable | None = None) -> Rescore:
        """Score every deal that counts again from its raw input under ``rules`` (the
        session's own by default; a :class:`DealTable` as before). Nothing is written:
        :meth:`change_rules` stores it."""
        with self.ledger._snapshot() as connection:
            if connection is None:
                raise self.ledger._missing(connection, self.name)
            history = self._history(connection)
        assert history.rules is not None
        if isinstance(rules, DealTable):
            rules = history.rules.with_deals(rules)
        rules = history.rules if rules is None else rules
        return _rescored(self.name, self.players, history, rules)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``session show --json``; see :meth:`SessionState.to_dict`."""
        return self.snapshot().to_dict()
