"""Each SQLite error is told as what it is (issue 42), by its result code, never by its
text: only another writer's lock is "busy, try again" (exit status 75, HTTP 503 with
Retry-After); a full disk, a ledger that cannot be written, a failing disk, a corrupt file
and every other error each have their own line, status and HTTP answer.

The errors are injected: a write's ``BEGIN IMMEDIATE`` raises
:class:`sqlite3.OperationalError` with the code SQLite would give. The same errors on real
media are in ``test_ledger_media.py``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_run import run
from starlette.testclient import TestClient

from intlscore.errors import (
    LedgerBusyError,
    LedgerDamageError,
    LedgerFileError,
    LedgerFullError,
    LedgerIOError,
    LedgerReadOnlyError,
)
from intlscore.faces.web.app import create_app
from intlscore.session.ledger import Ledger, files
from intlscore.session.ledger.store import Store

PLAYERS = ["ann", "bob"]
DEAL = {"kind": "open", "winner": "ann", "racks": {"bob": "r6"}}


def sqlite_error(code: int, text: str) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError(text)
    error.sqlite_errorcode = code  # type: ignore[attr-defined]
    return error


class Failing:
    """A connection whose next ``BEGIN IMMEDIATE`` raises ``error``."""

    def __init__(self, connection: sqlite3.Connection, error: sqlite3.Error) -> None:
        self._connection = connection
        self._error = error

    def execute(self, sql: str, *args: Any) -> Any:
        if sql == "BEGIN IMMEDIATE":
            raise self._error
        return self._connection.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._connection, name)


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("INTLSCORE_DB", str(tmp_path / "env-ledger.sqlite3"))
    path = tmp_path / "club.sqlite3"
    with Ledger(path) as ledger:
        ledger.create_session("friday", PLAYERS).deal(**DEAL)  # type: ignore[arg-type]
    return path


@pytest.fixture
def inject(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``inject(error)``: every write from now on fails with ``error`` as it begins."""

    def failing_writes(error: sqlite3.Error) -> None:
        borrow = Store._borrow_for_writing

        def borrowed(self: Store) -> Any:
            return Failing(borrow(self), error)

        monkeypatch.setattr(Store, "_borrow_for_writing", borrowed)

    yield failing_writes


# code, SQLite's text, the class, the HTTP status, what the line says (``{db}``, ``{folder}``)
CASES = [
    (5, "database is locked", LedgerBusyError, 503,
     "the session database is busy, try again (database is locked)"),
    (6, "database table is locked", LedgerBusyError, 503,
     "the session database is busy, try again (database table is locked)"),
    (15, "locking protocol", LedgerBusyError, 503,
     "the session database is busy, try again (locking protocol)"),
    (13, "database or disk is full", LedgerFullError, 507,
     "the disk is full: {folder} has no room for the ledger's writes; nothing was stored"
     " (free some room there and try again)"),
    (778, "disk I/O error", LedgerIOError, 500,
     "the disk failed to read or write {db} (disk I/O error); nothing was stored"),
    (8, "attempt to write a readonly database", LedgerReadOnlyError, 409,
     "{db} cannot be written (attempt to write a readonly database)"),
    (11, "database disk image is malformed", LedgerDamageError, 500,
     "{db} is corrupt (database disk image is malformed); it was left untouched"),
    (26, "file is not a database", LedgerDamageError, 500,
     "{db} is corrupt (file is not a database); it was left untouched"),
    (14, "unable to open database file", LedgerFileError, 500,
     "{db} cannot be opened (unable to open database file); it was left untouched"),
    (1, "no such table: session", LedgerFileError, 500,
     "{db} could not be read or written (no such table: session); it was left untouched"),
]  # fmt: skip
IDS = ["busy", "locked", "protocol", "full", "ioerr", "readonly", "corrupt", "notadb",
       "cantopen", "other"]  # fmt: skip


@pytest.mark.parametrize(("code", "text", "kind", "status", "said"), CASES, ids=IDS)
def test_each_sqlite_error_is_typed_by_its_code(
    tmp_path: Path, code: int, text: str, kind: type, status: int, said: str
) -> None:
    db = tmp_path / "club.sqlite3"
    error = files.failure(db, sqlite_error(code, text))
    assert type(error) is kind
    assert error.http_status == status
    assert error.exit_code == (75 if status == 503 else 2)
    assert str(error) == said.format(db=db, folder=tmp_path)
    assert str(tmp_path) not in error.public
    busy = "busy" in str(error)
    assert busy == (kind is LedgerBusyError)
    assert ("corrupt" in str(error)) == (kind is LedgerDamageError)


@pytest.mark.parametrize(("code", "text", "kind", "status", "said"), CASES, ids=IDS)
def test_the_command_line_says_one_line_with_the_status_of_its_kind(
    db: Path,
    inject: Any,
    capsys: pytest.CaptureFixture[str],
    code: int,
    text: str,
    kind: type,
    status: int,
    said: str,
) -> None:
    inject(sqlite_error(code, text))
    result, out, err = run(
        capsys,
        *["session", "deal", "friday", "--open", "--winner", "ann", "--rack", "bob=r6"],
        *["--db", str(db)],
    )
    assert result == (75 if status == 503 else 2)
    assert out == ""
    assert err == f"intlscore: error: {said.format(db=db, folder=db.parent)}\n"


@pytest.mark.parametrize(("code", "text", "kind", "status", "said"), CASES, ids=IDS)
def test_the_server_answers_the_status_of_its_kind_with_the_line_naming_no_file(
    db: Path, inject: Any, code: int, text: str, kind: type, status: int, said: str
) -> None:
    with TestClient(create_app(db=db, allowed_hosts=["testserver"])) as client:
        assert client.get("/api/session/friday").status_code == 200
        inject(sqlite_error(code, text))
        reply = client.post(
            "/api/session/friday/deal", json=DEAL, headers={"Idempotency-Key": '"k-1"'}
        )
    assert reply.status_code == status
    line = reply.json()["error"]
    assert str(db.parent) not in line and "\n" not in line
    assert line == files.failure(db, sqlite_error(code, text)).public
    retry = {503: "1", 507: "10"}.get(status)
    assert reply.headers.get("Retry-After") == retry
    with Ledger(db) as ledger:
        assert len(ledger.session("friday").deals()) == 1  # nothing was stored


def test_an_io_error_on_a_disk_without_room_is_a_full_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite reports a WAL (or its index) that cannot grow as an I/O error: when the disk
    has no room, that is a full disk."""
    db = tmp_path / "club.sqlite3"
    monkeypatch.setattr(files, "disk_full", lambda path: True)
    error = files.failure(db, sqlite_error(4874, "disk I/O error"))  # IOERR_SHMSIZE
    assert type(error) is LedgerFullError
    assert str(error).startswith(f"the disk is full: {tmp_path} has no room")
