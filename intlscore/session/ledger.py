"""The session ledger: deals of named sessions kept in one SQLite file.

Nothing is ever lost:

- each deal is one transaction (``BEGIN IMMEDIATE``), so a crash or a kill
  leaves the ledger as it was before that deal or after it, never half;
- the file is in WAL mode with ``synchronous=FULL``; a writer waits up to
  ``timeout`` seconds for another one, then gets
  :class:`~intlscore.errors.LedgerError` "the session database is busy, try again";
- an existing file is first opened read-only and checked (SQLite header, the
  application marker, the schema version, ``PRAGMA quick_check``); a corrupt
  or foreign file is refused with its path and never written to;
- every deal keeps its raw input (:class:`~intlscore.session.deal.DealInput` as JSON)
  next to the computed deltas, so history can be re-scored (:meth:`Session.rescore`);
- ``undo`` marks the last deal as undone instead of deleting it.

The schema has a version (``PRAGMA user_version``) and a list of migrations,
:data:`MIGRATIONS`; opening an older file upgrades it in one transaction.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l.sqlite3") as ledger:
...     session = ledger.create_session("friday", ["ann", "bob", "cat"])
...     session.deal(kind="open", winner="ann", racks={"bob": "r5 b7"}, not_melded=["cat"]).deltas
...     session.deal(kind="foot", winner="bob", racks={"ann": "k1", "cat": "o2 o3"}).deltas
...     session.totals()
...     session.undo().number, session.totals()
{'ann': 100, 'bob': -12, 'cat': -100}
{'ann': -10, 'bob': 200, 'cat': -5}
{'ann': 90, 'bob': 188, 'cat': -105}
(2, {'ann': 100, 'bob': -12, 'cat': -100})
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any, Final, Self
from urllib.parse import quote

from intlscore.errors import LedgerError
from intlscore.rules.deal_table import DealTable, default_deal_table, parse_deal_table
from intlscore.session.deal import DealInput, DealResult, check_player_names, score_deal
from intlscore.session.settlement import DEFAULT_UNIT, Settlement, settle

__all__ = [
    "APPLICATION_ID",
    "APPLICATION_MARKER",
    "DB_ENV",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Ledger",
    "RecordedDeal",
    "Session",
    "SessionState",
    "SessionSummary",
    "default_db_path",
]

DB_ENV: Final = "INTLSCORE_DB"
"""Environment variable naming the ledger file (``--db`` wins over it)."""
DB_FILE: Final = "ledger.sqlite3"
APPLICATION_ID: Final = 0x494E5453  # "INTS"
"""Stored in the SQLite header (``PRAGMA application_id``)."""
APPLICATION_MARKER: Final = "intlscore-ledger"
"""Stored in the ``meta`` table; a file without it is not ours."""
SQLITE_HEADER: Final = b"SQLite format 3\x00"
BUSY: Final = "the session database is busy, try again"
MAX_SESSION_NAME: Final = 60

Migration = Callable[[sqlite3.Connection], None]


def _statements(*sql: str) -> Migration:
    def run(connection: sqlite3.Connection) -> None:
        for statement in sql:
            connection.execute(statement)

    return run


def _add_deal_scores(connection: sqlite3.Connection) -> None:
    """Version 2: one row per player and deal, so totals are a SQL sum; backfilled."""
    connection.execute(
        "CREATE TABLE deal_scores ("
        " deal_id INTEGER NOT NULL REFERENCES deals(id),"
        " player TEXT NOT NULL,"
        " delta INTEGER NOT NULL,"
        " PRIMARY KEY (deal_id, player))"
    )
    rows = connection.execute("SELECT id, result FROM deals").fetchall()
    for deal_id, result in rows:
        for player in json.loads(result)["players"]:
            connection.execute(
                "INSERT INTO deal_scores (deal_id, player, delta) VALUES (?, ?, ?)",
                (deal_id, player["name"], player["delta"]),
            )


MIGRATIONS: Final[tuple[Migration, ...]] = (
    # 0 -> 1: sessions and deals, each deal with its raw input and its result as JSON.
    _statements(
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        f"INSERT INTO meta (key, value) VALUES ('application', '{APPLICATION_MARKER}')",
        "CREATE TABLE sessions ("
        " id INTEGER PRIMARY KEY,"
        " name TEXT NOT NULL UNIQUE,"
        " players TEXT NOT NULL,"
        " deal_table TEXT NOT NULL,"
        " created TEXT NOT NULL)",
        "CREATE TABLE deals ("
        " id INTEGER PRIMARY KEY,"
        " session_id INTEGER NOT NULL REFERENCES sessions(id),"
        " number INTEGER NOT NULL,"
        " input TEXT NOT NULL,"
        " result TEXT NOT NULL,"
        " created TEXT NOT NULL,"
        " undone TEXT)",
        "CREATE INDEX deals_by_session ON deals (session_id, undone, number)",
    ),
    # 1 -> 2: per-player deltas in their own table.
    _add_deal_scores,
)
"""``MIGRATIONS[v]`` upgrades a ledger from schema ``v`` to ``v + 1``."""
SCHEMA_VERSION: Final = len(MIGRATIONS)


def default_db_path() -> Path:
    """``$INTLSCORE_DB``, else ``ledger.sqlite3`` in the user's data directory."""
    from_env = os.environ.get(DB_ENV, "").strip()
    if from_env:
        return Path(from_env).expanduser()
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


@dataclass(frozen=True, slots=True)
class RecordedDeal:
    """One deal of a session as stored: its raw input and what it scored."""

    number: int
    created: str
    input: DealInput
    deltas: Mapping[str, int]
    result: Mapping[str, Any]
    """The stored :meth:`DealResult.to_dict` (without the input)."""
    undone: str | None = None

    @property
    def kind(self) -> str:
        return str(self.result["kind"])

    @property
    def winner(self) -> str | None:
        winner = self.result["winner"]
        return None if winner is None else str(winner)

    @property
    def doubled(self) -> bool:
        return bool(self.result["doubled"])

    @property
    def summary(self) -> str:
        return str(self.result["summary"])

    def why(self, name: str) -> str:
        """The stored arithmetic of one player's delta."""
        for player in self.result["players"]:
            if player["name"] == name:
                return str(player["why"])
        return ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "created": self.created,
            "kind": self.kind,
            "winner": self.winner,
            "doubled": self.doubled,
            "summary": self.summary,
            "deltas": dict(self.deltas),
            "players": [
                {"name": p["name"], "delta": p["delta"], "why": p["why"]}
                for p in self.result["players"]
            ],
            "input": self.input.to_dict(),
        }


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
        }

    def to_csv(self) -> str:
        """One row per deal: number, time, kind, winner, doubled and each player's delta."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["deal", "created", "kind", "winner", "doubled", *self.players])
        for deal in self.deals:
            writer.writerow(
                [
                    deal.number,
                    deal.created,
                    deal.kind,
                    deal.winner or "",
                    "yes" if deal.doubled else "no",
                    *(deal.deltas[name] for name in self.players),
                ]
            )
        return out.getvalue()


class Ledger:
    """One ledger file, opened safely; use it as a context manager (or call :meth:`close`).

    ``path`` defaults to :func:`default_db_path`. ``timeout`` is how long a
    writer waits for another writer before :class:`LedgerError` (busy).
    """

    def __init__(self, path: str | Path | None = None, *, timeout: float = 5.0) -> None:
        self.path = Path(path).expanduser() if path is not None else default_db_path()
        self.timeout = timeout
        if self._inspect():
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise LedgerError(
                    f"cannot create the folder of {self.path}: {error.strerror}"
                ) from None
        try:
            self._connection = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise self._failure(error) from None
        try:
            self._prepare()
        except BaseException:
            self._connection.close()
            raise

    # -- opening -----------------------------------------------------------------------------

    def _inspect(self) -> bool:
        """Check an existing file read-only; True when there is nothing there yet."""
        path = self.path
        if path.is_dir():
            raise LedgerError(f"{path} is a folder, not a session database")
        if not path.exists():
            return True
        try:
            with path.open("rb") as handle:
                header = handle.read(len(SQLITE_HEADER))
        except OSError as error:
            raise LedgerError(f"cannot read {path}: {error.strerror}") from None
        if not header:
            return True  # an empty file holds nothing to lose
        if header != SQLITE_HEADER:
            raise self._refuse("is not an SQLite database")
        try:
            reader = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True, timeout=1.0)
        except sqlite3.Error as error:
            raise self._refuse(f"cannot be opened ({error})") from None
        try:
            return self._inspect_with(reader)
        except sqlite3.Error as error:
            if _is_busy(error):
                raise LedgerError(f"{BUSY} ({path})") from None
            raise self._refuse(f"is corrupt or unreadable ({error})") from None
        finally:
            reader.close()

    def _inspect_with(self, reader: sqlite3.Connection) -> bool:
        app_id = reader.execute("PRAGMA application_id").fetchone()[0]
        version = reader.execute("PRAGMA user_version").fetchone()[0]
        tables = {
            row[0] for row in reader.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if not tables and app_id == 0 and version == 0:
            return True  # an empty SQLite database, e.g. a first open that was killed
        if app_id != APPLICATION_ID or "meta" not in tables:
            raise self._refuse("is not an intlscore session database (a foreign SQLite file)")
        marker = reader.execute("SELECT value FROM meta WHERE key = 'application'").fetchone()
        if marker is None or marker[0] != APPLICATION_MARKER:
            raise self._refuse("is not an intlscore session database (no intlscore marker)")
        if version > SCHEMA_VERSION:
            raise self._refuse(
                f"was written by a newer intlscore (schema {version}; this one reads up to"
                f" {SCHEMA_VERSION})"
            )
        check = reader.execute("PRAGMA quick_check").fetchall()
        if check != [("ok",)]:
            raise self._refuse(f"is corrupt ({check[0][0]})")
        return False

    def _refuse(self, problem: str) -> LedgerError:
        return LedgerError(f"{self.path} {problem}; it was left untouched")

    def _prepare(self) -> None:
        """WAL mode, then create or migrate the schema in one transaction (only if needed:
        opening an up-to-date ledger takes no write lock)."""
        connection = self._connection
        try:
            connection.execute("PRAGMA foreign_keys = ON")
            connection.execute("PRAGMA synchronous = FULL")
            if connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                connection.execute("PRAGMA journal_mode = WAL")
            current = connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        except sqlite3.Error as error:
            raise self._failure(error) from None
        if current:
            return
        with self._transaction():
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version == 0:
                tables = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
                if tables:
                    raise self._refuse("is not an intlscore session database (foreign tables)")
            elif version > SCHEMA_VERSION:
                raise self._refuse(f"was written by a newer intlscore (schema {version})")
            for migration in MIGRATIONS[version:]:
                migration(connection)
            if version < SCHEMA_VERSION:
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _failure(self, error: sqlite3.Error) -> LedgerError:
        if _is_busy(error):
            return LedgerError(f"{BUSY} ({self.path})")
        return LedgerError(f"session database {self.path}: {error}")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it is stored, or none of it."""
        connection = self._connection
        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise self._failure(error) from None
        try:
            yield connection
            connection.execute("COMMIT")
        except BaseException as error:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise self._failure(error) from None
            raise

    def _read(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        try:
            return self._connection.execute(sql, parameters).fetchall()
        except sqlite3.Error as error:
            raise self._failure(error) from None

    # -- public API --------------------------------------------------------------------------

    @property
    def schema_version(self) -> int:
        return int(self._read("PRAGMA user_version")[0][0])

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def create_session(
        self, name: str, players: Sequence[str], table: DealTable | None = None
    ) -> Session:
        """Start a session; its deal table (house options included) is stored with it."""
        name = _check_session_name(name)
        names = check_player_names(players, "session")
        table = default_deal_table() if table is None else table
        stored_table = json.dumps({"source": table.source, "numbers": table.to_dict()})
        with self._transaction() as connection:
            if connection.execute("SELECT 1 FROM sessions WHERE name = ?", (name,)).fetchone():
                raise LedgerError(f"a session named {name!r} already exists in {self.path}")
            connection.execute(
                "INSERT INTO sessions (name, players, deal_table, created) VALUES (?, ?, ?, ?)",
                (name, json.dumps(list(names)), stored_table, _now()),
            )
        return self.session(name)

    def session(self, name: str) -> Session:
        """An existing session; :class:`LedgerError` if there is none of that name."""
        rows = self._read(
            "SELECT id, players, deal_table, created FROM sessions WHERE name = ?", (name,)
        )
        if not rows:
            known = [row[0] for row in self._read("SELECT name FROM sessions ORDER BY id")]
            hint = f"the sessions are {', '.join(known)}" if known else "there are no sessions"
            raise LedgerError(f"no session named {name!r} in {self.path} ({hint})")
        session_id, players, stored_table, created = rows[0]
        table_data = json.loads(stored_table)
        table = parse_deal_table(table_data["numbers"], source=table_data["source"])
        return Session(self, session_id, name, tuple(json.loads(players)), table, created)

    def sessions(self) -> list[SessionSummary]:
        """Every session, oldest first, with its number of deals."""
        rows = self._read(
            "SELECT s.name, s.players, s.created, count(d.id) FROM sessions s"
            " LEFT JOIN deals d ON d.session_id = s.id AND d.undone IS NULL"
            " GROUP BY s.id ORDER BY s.id"
        )
        return [
            SessionSummary(name, tuple(json.loads(players)), count, created)
            for name, players, created, count in rows
        ]


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
        name: str,
        players: tuple[str, ...],
        table: DealTable,
        created: str,
    ) -> None:
        self.ledger = ledger
        self.id = session_id
        self.name = name
        self.players = players
        self.table = table
        self.created = created

    @classmethod
    def create(
        cls,
        name: str,
        players: Sequence[str],
        *,
        db: str | Path | None = None,
        table: DealTable | None = None,
    ) -> Session:
        """Open the ledger at ``db`` (default :func:`default_db_path`) and start a session."""
        ledger = Ledger(db)
        try:
            return ledger.create_session(name, players, table)
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

    def deal(self, **deal: Any) -> RecordedDeal:
        """Score a deal of this session's players and store it.

        The arguments are those of :func:`~intlscore.session.deal.score_deal` but
        ``players`` and ``table`` (the session fixes both). The deal is scored
        before anything is written: an invalid deal raises
        :class:`~intlscore.errors.DealError` and the ledger is unchanged.
        """
        for key in ("players", "table"):
            if key in deal:
                raise TypeError(f"Session.deal() takes no {key!r}: the session fixes it")
        return self.record(score_deal(self.players, table=self.table, **deal))

    def record(self, result: DealResult) -> RecordedDeal:
        """Store an already scored deal of this session's players, in one transaction."""
        if result.input.players != self.players:
            raise LedgerError(
                f"the deal is for {', '.join(result.input.players)}, but session"
                f" {self.name!r} is {', '.join(self.players)}"
            )
        stored = result.to_dict()
        raw = stored.pop("input")
        created = _now()
        with self.ledger._transaction() as connection:
            number = connection.execute(
                "SELECT coalesce(max(number), 0) + 1 FROM deals"
                " WHERE session_id = ? AND undone IS NULL",
                (self.id,),
            ).fetchone()[0]
            cursor = connection.execute(
                "INSERT INTO deals (session_id, number, input, result, created)"
                " VALUES (?, ?, ?, ?, ?)",
                (self.id, number, json.dumps(raw), json.dumps(stored), created),
            )
            connection.executemany(
                "INSERT INTO deal_scores (deal_id, player, delta) VALUES (?, ?, ?)",
                [(cursor.lastrowid, name, delta) for name, delta in result.deltas().items()],
            )
        return RecordedDeal(number, created, result.input, result.deltas(), stored)

    def undo(self) -> RecordedDeal:
        """Mark the last deal as undone (it stays in the file) and return it."""
        with self.ledger._transaction() as connection:
            deals = self._deals(connection, "ORDER BY d.number DESC LIMIT 1")
            if not deals:
                raise LedgerError(f"session {self.name!r} has no deals to undo")
            last = deals[0]
            undone = _now()
            connection.execute(
                "UPDATE deals SET undone = ? WHERE session_id = ? AND number = ?"
                " AND undone IS NULL",
                (undone, self.id, last.number),
            )
        return dataclasses.replace(last, undone=undone)

    # -- reading -----------------------------------------------------------------------------

    def _deals(self, connection: sqlite3.Connection, order: str) -> list[RecordedDeal]:
        active = "d.session_id = ? AND d.undone IS NULL"
        rows = connection.execute(
            f"SELECT d.id, d.number, d.created, d.input, d.result FROM deals d WHERE {active}"
            f" {order}",
            (self.id,),
        ).fetchall()
        scores: dict[int, dict[str, int]] = {}
        for deal_id, player, delta in connection.execute(
            "SELECT s.deal_id, s.player, s.delta FROM deal_scores s"
            f" JOIN deals d ON d.id = s.deal_id WHERE {active}",
            (self.id,),
        ):
            scores.setdefault(deal_id, {})[player] = delta
        return [
            RecordedDeal(
                number=number,
                created=created,
                input=DealInput.from_dict(json.loads(raw)),
                deltas={name: scores.get(deal_id, {}).get(name, 0) for name in self.players},
                result=json.loads(result),
            )
            for deal_id, number, created, raw, result in rows
        ]

    def deals(self) -> list[RecordedDeal]:
        """The deals of the session (undone ones left out), in order."""
        try:
            return self._deals(self.ledger._connection, "ORDER BY d.number")
        except sqlite3.Error as error:
            raise self.ledger._failure(error) from None

    def snapshot(self) -> SessionState:
        """The session as it is now: players, deal table and deals."""
        return SessionState(self.name, self.players, self.created, self.table, tuple(self.deals()))

    def totals(self) -> dict[str, int]:
        """Each player's running total, in seat order."""
        return self.snapshot().totals

    def settle(self, stake: Decimal | str | int, unit: Decimal | str = DEFAULT_UNIT) -> Settlement:
        """Settle the running totals (R19); see :func:`~intlscore.session.settlement.settle`."""
        return settle(self.totals(), stake, unit)

    def rescore(self, table: DealTable | None = None) -> list[DealResult]:
        """Score every stored deal again from its raw input (nothing is written).

        ``table`` defaults to the session's own deal table.
        """
        table = self.table if table is None else table
        return [deal.input.score(table) for deal in self.deals()]

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``session show --json``; see :meth:`SessionState.to_dict`."""
        return self.snapshot().to_dict()


def _is_busy(error: sqlite3.Error) -> bool:
    text = str(error).lower()
    return "locked" in text or "busy" in text
