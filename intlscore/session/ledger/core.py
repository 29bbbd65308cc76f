"""The session ledger: deals of named sessions kept in one SQLite file.

What is guaranteed (see ``docs/ledger.md`` for how each is tested):

- **one store**: the file is reached only through its :class:`~.store.Store`, one write
  transaction or one read snapshot at a time (:meth:`Ledger.write`, :meth:`Ledger.read`),
  and never opened outside SQLite;
- **atomic writes**: each deal, amendment, undo and redo is one transaction
  (``BEGIN IMMEDIATE``); a crash leaves the ledger as it was before or after, never half;
  the file is in WAL mode with ``synchronous=FULL``; a writer waits up to ``timeout``
  seconds for another, then gets :class:`~intlscore.errors.LedgerBusyError`;
- **appends in constant time**: a write reads the session's head, not its history
  (:mod:`.session`, :mod:`.kept`);
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

import json
import os
import sqlite3
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, Self, TypeVar

from intlscore.errors import LedgerDamageError, LedgerError, SessionNotFoundError, known, quoted
from intlscore.rules import Rules, resolve_rules
from intlscore.rules.deal_table import DealTable
from intlscore.session.deal import check_player_names
from intlscore.session.ledger import clock, files, kept, requests
from intlscore.session.ledger.records import (
    History,
    SessionRecord,
    checked_session,
    replay,
)
from intlscore.session.ledger.requests import Remembered
from intlscore.session.ledger.schema import write_session
from intlscore.session.ledger.session import OpenSession, read_tail
from intlscore.session.ledger.state import (
    LedgerCheck,
    Rescore,
    SessionState,
    SessionSummary,
    csv_cell,
    rescore_problem,
)
from intlscore.session.ledger.store import Store
from intlscore.session.names import name_key

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


def check_session_name(name: str) -> str:
    """``name`` if it can name a session (printable, no spaces around it, not too long)."""
    if not isinstance(name, str) or not name.strip():
        raise LedgerError("a session name is empty")
    if name != name.strip() or not name.isprintable() or len(name) > MAX_SESSION_NAME:
        raise LedgerError(
            f"session name {name[:MAX_SESSION_NAME]!r} must be printable, without spaces around"
            f" it, and at most {MAX_SESSION_NAME} characters"
        )
    return name


def stored_name(connection: sqlite3.Connection, name: str) -> str | None:
    """The session that ``name`` names, as its name is stored (first typed), or None.

    Session names are one name under Unicode NFC and case folding, as players' are
    (:func:`~intlscore.session.names.name_key`): "Fri" finds "fri". The name as stored is
    found first, by the table's index; another spelling reads every session's name. A
    ledger from before this rule may hold two sessions that are one name: then only
    their exact names find them, and another spelling is refused naming both.
    """
    row = connection.execute("SELECT name FROM session WHERE name = ?", (name,)).fetchone()
    if row is not None:
        return str(row[0])
    found = same_names(connection, name)
    if len(found) > 1:
        raise LedgerError(
            f"{quoted(name)} names {len(found)} sessions, {', '.join(map(repr, found))}, which"
            " differ only in case or accents; give one as it is written (see: intlscore"
            " session check)"
        )
    return found[0] if found else None


def same_names(connection: sqlite3.Connection, name: str) -> list[str]:
    """Every stored session name that is one name with ``name``, oldest first."""
    key = name_key(name)
    return [
        stored
        for (stored,) in connection.execute("SELECT name FROM session ORDER BY id")
        if name_key(stored) == key
    ]


def name_clashes(names: Sequence[str]) -> list[str]:
    """One line for each group of session names that are one name, with a way to rename.

    >>> name_clashes(["Fri", "sat", "fri"])
    ["sessions 'Fri' and 'fri' are one name (they differ only in case or accents); rename \
the later one: intlscore session rename 'fri' NEW-NAME"]
    """
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(name_key(name), []).append(name)
    lines = []
    for group in groups.values():
        if len(group) > 1:
            shown = ", ".join(map(repr, group[:-1])) + f" and {group[-1]!r}"
            later = "the later one" if len(group) == 2 else "all but the first"
            lines.append(
                f"sessions {shown} are one name (they differ only in case or accents); rename"
                f" {later}: intlscore session rename {group[-1]!r} NEW-NAME"
            )
    return lines


class Session(OpenSession):
    """A named session of a ledger: its players, deals and running totals.

    Get one from :meth:`Ledger.create_session` / :meth:`Ledger.session`, or
    from :meth:`Session.create` / :meth:`Session.open`, which open the ledger
    themselves (then close it with :meth:`close` or a ``with`` block).
    """

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


class Ledger:
    """One ledger file, opened safely; use it as a context manager (or call :meth:`close`).

    ``path`` defaults to :func:`default_db_path`. ``timeout`` is how long a
    writer waits for another writer before :class:`~intlscore.errors.LedgerBusyError`.
    Opening never creates anything: a missing file reads as a ledger without sessions,
    and the first write (:meth:`create_session`) creates it. One ledger may serve many
    threads (a web server keeps one for its whole life).
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *, timeout: float = 5.0) -> None:
        self.path = files.ledger_path(path) if path is not None else default_db_path()
        self.timeout = timeout
        self.store = Store(self.path, timeout=timeout)
        """The file and its connections: the only way in (:mod:`.store`)."""

    # -- the store API -----------------------------------------------------------------------

    def read(self, work: Callable[[sqlite3.Connection | None], T]) -> T:
        """``work(connection)`` in one read snapshot (``None``: there is no ledger yet);
        see :meth:`.store.Store.read`."""
        return self.store.read(work)

    def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(connection)`` in one write transaction, creating the ledger if there is
        none; see :meth:`.store.Store.write`."""
        return self.store.write(work)

    @property
    def exists(self) -> bool:
        """True once the ledger file holds a ledger (reading never creates it)."""
        return self.store.exists

    @property
    def schema_version(self) -> int:
        def version(connection: sqlite3.Connection | None) -> int:
            if connection is None:
                return 0
            return int(connection.execute("PRAGMA user_version").fetchone()[0])

        return self.read(version)

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def once(
        self, scope: str, key: str, fingerprint: str, write: Callable[[], tuple[int, str]]
    ) -> tuple[Remembered, bool]:
        """Do a keyed write at most once: ``write()`` makes the change (through this
        ledger and its sessions) and returns the answer's status and body, and the answer is
        remembered under ``(scope, key)`` in the same transaction.

        Returns the remembered answer and whether it is fresh (False: ``key`` had already
        been answered in ``scope``, and nothing was written). A key used before with another
        ``fingerprint`` raises :class:`~intlscore.errors.KeyReused`. If
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

        return self.write(change)

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
        name = check_session_name(name)
        names = check_player_names(players, "session")
        record = SessionRecord(name, names, clock.now(), _session_rules(rules, table))

        def insert(connection: sqlite3.Connection) -> None:
            held = same_names(connection, name)
            if held:
                also = (
                    ""
                    if name in held
                    else f" (written {held[0]!r}: names that differ only in case or accents"
                    " are one name)"
                )
                raise LedgerError(f"a session named {name!r} already exists{also}")
            session_id = write_session(connection, record, [])
            (head,) = connection.execute(
                "SELECT head FROM session WHERE id = ?", (session_id,)
            ).fetchone()
            kept.rebuild(connection, session_id, History(head=head), {}, 0)  # its kept state

        self.write(insert)
        return self.session(name)

    def load(
        self, connection: sqlite3.Connection, name: str, problems: list[str] | None = None
    ) -> tuple[int, SessionRecord, History] | None:
        """A session's id, record and replayed, checked history (None: no such session),
        read through ``connection`` (inside :meth:`read` or :meth:`write`)."""
        name = stored_name(connection, name) or name
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

    def missing(self, connection: sqlite3.Connection | None, name: str) -> SessionNotFoundError:
        """The error for a session that is not there, naming the ones that are."""
        if connection is None:
            return SessionNotFoundError(
                f"no session named {name!r}: there is no ledger yet"
                " (start one with: intlscore session new NAME --players ...)"
            )
        known = [row[0] for row in connection.execute("SELECT name FROM session ORDER BY id")]
        hint = f"the sessions are {', '.join(known)}" if known else "there are no sessions"
        return SessionNotFoundError(f"no session named {name!r} ({hint})")

    def session(self, name: str) -> Session:
        """An existing session; :class:`~intlscore.errors.SessionNotFoundError` if there is
        none of that name. Reads the session's record and head, not its history."""

        def read(connection: sqlite3.Connection | None) -> Session:
            row, stored = None, None
            if connection is not None:
                stored = stored_name(connection, name)
                row = connection.execute(
                    "SELECT id FROM session WHERE name = ?", (stored,)
                ).fetchone()
            if connection is None or row is None or stored is None:
                raise self.missing(connection, name)
            tail = read_tail(connection, stored, row[0])
            return Session(self, tail.session_id, tail.record, tail.rules)

        return self.read(read)

    def session_names(self) -> list[str]:
        """The name of every session, oldest first (one query: nothing is replayed)."""

        def read(connection: sqlite3.Connection | None) -> list[str]:
            if connection is None:
                return []
            return [row[0] for row in connection.execute("SELECT name FROM session ORDER BY id")]

        return self.read(read)

    def sessions(self) -> list[SessionSummary]:
        """Every session, oldest first, with its number of deals (each session record
        checked against its checksum; the count is the kept one)."""

        def read(connection: sqlite3.Connection | None) -> list[SessionSummary]:
            if connection is None:
                return []
            return [
                SessionSummary(name, record.players, deals, record.created)
                for name, record, deals in session_rows(connection)
            ]

        return self.read(read)

    def rosters(self) -> list[tuple[str, ...]]:
        """Every session's players in seat order, oldest session first, read in one
        snapshot from the players kept beside each record (:mod:`.kept`): cheap enough for
        every page (the charts' styles, issue 29).

        >>> import tempfile, pathlib
        >>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
        ...     _ = ledger.create_session("friday", ["ann", "bob"])
        ...     _ = ledger.create_session("monday", ["cat", "ann"])
        ...     ledger.rosters()
        [('ann', 'bob'), ('cat', 'ann')]
        """

        def read(connection: sqlite3.Connection | None) -> list[tuple[str, ...]]:
            if connection is None:
                return []
            rosters = []
            for name, players in connection.execute(
                "SELECT name, players FROM session ORDER BY id"
            ).fetchall():
                try:
                    seats = json.loads(players)
                except ValueError:
                    seats = None
                if not isinstance(seats, list) or not all(isinstance(n, str) for n in seats):
                    raise LedgerDamageError(
                        f"session {name!r}: its kept players are damaged; see: intlscore"
                        " session check"
                    ) from None
                rosters.append(tuple(seats))
            return rosters

        return self.read(read)

    def check(self, name: str | None = None) -> list[str]:
        """Verify the whole ledger (or one session): every record against its checksum,
        the history's order, every deal re-scored from its stored raw input, and what is
        kept beside each history. Returns one line per problem (empty: all is well);
        :meth:`verify` says more."""
        return list(self.verify(name).problems)

    def verify(self, name: str | None = None) -> LedgerCheck:
        """:meth:`check`, with the sessions checked and their deals, in one snapshot."""

        def read(connection: sqlite3.Connection | None) -> LedgerCheck:
            if connection is None:
                if name is not None:
                    raise self.missing(connection, name)
                return LedgerCheck(self.path, (), ())
            names = [row[0] for row in connection.execute("SELECT name FROM session ORDER BY id")]
            clashes = name_clashes(names) if name is None else []
            if name is not None:
                stored = stored_name(connection, name)
                if stored is None:
                    raise self.missing(connection, name)
                names = [stored]
            problems: list[str] = []
            summaries: list[SessionSummary] = []
            for each in names:
                found = len(problems)
                try:
                    loaded = self.load(connection, each, problems)
                except LedgerDamageError as error:
                    problems.append(str(error))
                    continue
                session_id, record, history = known(loaded, f"session {each!r}, listed")
                problems += rescore_problems(each, history)
                if len(problems) == found:  # a damaged history says enough
                    problems += kept_problems(connection, each, session_id, history)
                summaries.append(
                    SessionSummary(each, record.players, len(history.deals), record.created)
                )
            if problems:
                return LedgerCheck(self.path, (), tuple(problems), tuple(clashes))
            return LedgerCheck(self.path, tuple(summaries), (), tuple(clashes))

        return self.read(read)


def rescore_problems(name: str, history: History) -> list[str]:
    """Every version of every deal of a replayed session, re-scored from its input."""
    problems = []
    for deal, rules in history.versions:
        problem = rescore_problem(rules, deal)
        if problem:
            problems.append(f"session {name!r}, deal {deal.number}: {problem}")
    return problems


def session_rows(connection: sqlite3.Connection) -> list[tuple[str, SessionRecord, int]]:
    """Every session's name, record (checked against its checksum) and kept deal count,
    oldest first."""
    rows = []
    for name, text, digest, deals in connection.execute(
        "SELECT name, record, digest, deals FROM session ORDER BY id"
    ).fetchall():
        record, problem = checked_session(name, text, digest)
        if problem is not None or record is None:
            raise LedgerDamageError(
                f"session {name!r}: {problem}; nothing was shown or changed (see: intlscore"
                " session check)"
            )
        rows.append((name, record, int(deals)))
    return rows


def _closed_types(history: History) -> dict[int, kept.Closed | None]:
    rules = history.rules_in_force
    return {
        deal.number: kept.closed_scored(deal, rules) for deal in (*history.deals, *history.undone)
    }


def kept_problems(
    connection: sqlite3.Connection, name: str, session_id: int, history: History
) -> list[str]:
    """What the kept state of a replayed session says that its history does not."""
    found = kept.differences(
        connection, session_id, history, _closed_types(history), history.rules_seq
    )
    return [f"session {name!r}: {problem}" for problem in found]


def rebuild_kept(connection: sqlite3.Connection, session_id: int, history: History) -> None:
    """Write a session's kept state anew from its replayed history (after an import or a
    rename rewrote its records)."""
    kept.rebuild(connection, session_id, history, _closed_types(history), history.rules_seq)


def _session_rules(rules: Rules | DealTable | None, table: DealTable | None) -> Rules:
    if isinstance(rules, DealTable):
        rules, table = None, rules
    resolved = resolve_rules(rules)
    if table is not None and table != resolved.deals:
        resolved = resolved.with_deals(table)
    return resolved
