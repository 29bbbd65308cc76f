"""The ledger file on disk: its path, recovery after a crash, the read-only inspection,
and race-free creation.

- A path given by the user is checked before anything touches it: a NUL byte,
  ``~nosuchuser``, a folder, a FIFO or a device are each one clear
  :class:`~intlscore.errors.LedgerError` (a FIFO would otherwise hang the open).
- :func:`recover` lets SQLite roll back a *hot* rollback journal left by a writer that
  was killed (only a connection that may write can do that); the read-only
  :func:`inspect` comes after, so an interrupted write is never called "corrupt".
- :func:`create` builds a new ledger in a private temporary file in the same folder and
  links it into place (``os.link`` fails if the name exists), so several processes
  creating one ledger at once never see a half-made file; the file is created 0600.
  Folders made for a ledger that then fails are removed again.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sqlite3
import stat
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Final, TypeVar
from urllib.parse import quote

from intlscore.errors import (
    InputTypeError,
    LedgerBusyError,
    LedgerDamageError,
    LedgerError,
    LedgerFileError,
    about_file,
)

__all__ = [
    "State",
    "check_header",
    "create",
    "failure",
    "inspect",
    "ledger_path",
    "probe",
    "recover",
]

FILE_MODE: Final = 0o600
T = TypeVar("T")


class State(Enum):
    MISSING = "missing"
    EMPTY = "empty"
    """An empty file, or an SQLite file without any table (a creation that was killed)."""
    PRESENT = "present"


def ledger_path(path: str | os.PathLike[str]) -> Path:
    """The path of a ledger, with ``~`` expanded; a path that cannot be one is an error.

    >>> ledger_path("a\\x00b")
    Traceback (most recent call last):
    ...
    intlscore.errors.LedgerError: the ledger path 'a\\x00b' holds a NUL byte
    >>> ledger_path("~nosuchuser4711/x.db")
    Traceback (most recent call last):
    ...
    intlscore.errors.LedgerError: the ledger path '~nosuchuser4711/x.db': there is no user ...
    """
    if not isinstance(path, str | os.PathLike):
        raise InputTypeError(f"the ledger path must be a path, not {type(path).__name__}")
    text = os.fspath(path)
    if not isinstance(text, str):
        raise LedgerError(f"the ledger path must be text, not {text!r}")
    if "\x00" in text:
        raise LedgerError(f"the ledger path {text!r} holds a NUL byte")
    if not text.strip():
        raise LedgerError("the ledger path is empty")
    if not text.isprintable():
        raise LedgerError(f"the ledger path {text!r} holds a control character")
    try:
        return Path(text).expanduser()
    except RuntimeError:
        user = text[1:].split("/", 1)[0].split(os.sep, 1)[0]
        raise LedgerError(f"the ledger path {text!r}: there is no user {user!r}") from None


def probe(path: Path) -> State:
    """What is at ``path``, without opening it (a FIFO or device is refused, never opened)."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return State.MISSING
    except NotADirectoryError:
        raise LedgerError(f"{path}: a part of the path is a file, not a folder") from None
    except OSError as error:
        raise LedgerError(f"cannot look at {path}: {error.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise LedgerError(f"{path} is a folder, not a session database")
    if not stat.S_ISREG(info.st_mode):
        raise LedgerError(f"{path} is not a regular file (a FIFO or a device?); give a file")
    return State.EMPTY if info.st_size == 0 else State.PRESENT


def refuse(path: Path, problem: str, kind: type[LedgerFileError] = LedgerFileError) -> LedgerError:
    """One line: SQLite's own reports (quick_check) may hold line breaks."""
    said = " ".join(problem.split())
    return about_file(kind, path, lambda where: f"{where} {said}; it was left untouched")


def recover(path: Path, timeout: float) -> None:
    """Roll back a hot journal left by a killed writer (SQLite does it on a writer's open).

    Only when a ``-journal`` file is there: a WAL ledger needs nothing, a read-only
    connection replays the WAL itself. Whether it is there is asked with ``stat``, which
    opens nothing.
    """
    journal = Path(f"{path}-journal")
    try:
        if journal.stat().st_size == 0:
            return
    except OSError:
        return
    check_header(path)
    try:
        connection = sqlite3.connect(
            f"file:{quote(str(path))}?mode=rw", uri=True, timeout=timeout, isolation_level=None
        )
    except sqlite3.Error as error:
        raise refuse(path, f"cannot be opened to recover from a crash ({error})") from None
    try:
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error as error:
        raise failure(path, error, "could not be recovered after a crash") from None
    finally:
        connection.close()


def check_header(path: Path) -> None:
    """Refuse a file that is not SQLite before SQLite (or its recovery) writes to it.

    The header is read by SQLite itself, through a connection that takes no lock and looks
    at no journal (``immutable=1``), never with a plain ``open()``: closing a descriptor
    that the process opened on the ledger outside SQLite drops every POSIX lock the
    process holds on it, and the other processes would then take the ledger for unused
    (docs/ledger.md, "The files belong to SQLite").

    Only "not a database" is concluded here. A read without locks may meet page 1 while
    another process checkpoints the WAL into it, and SQLite then calls the file malformed
    (about one read in twenty with two writers); whether a real SQLite file is damaged is
    judged by the read that follows, which takes its locks.
    """
    try:
        reader = sqlite3.connect(f"file:{quote(str(path))}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error as error:
        reason = str(error)
        raise about_file(
            LedgerError, path, lambda where: f"cannot read {where}: {reason}"
        ) from None
    try:
        reader.execute("PRAGMA schema_version").fetchone()
    except sqlite3.Error as error:
        if sqlite_code(error) == SQLITE_NOTADB:
            raise refuse(path, "is not an SQLite database") from None
    finally:
        reader.close()


BUSY: Final = "the session database is busy, try again"
SQLITE_NOTADB: Final = 26
SQLITE_CORRUPT: Final = 11
TRANSIENT: Final = frozenset({5, 6, 10, 15})
"""SQLite's primary result codes of a passing failure: BUSY, LOCKED, IOERR and PROTOCOL.
The same request may simply be sent again (:class:`~intlscore.errors.LedgerBusyError`)."""


def sqlite_code(error: sqlite3.Error) -> int:
    """SQLite's primary result code of ``error`` (0 when it carries none)."""
    return int(getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF


def is_busy(error: sqlite3.Error) -> bool:
    """Whether ``error`` is a passing one (busy, locked, a failed read or write, a lock
    protocol race), by SQLite's result code, never by its text."""
    return sqlite_code(error) in TRANSIENT


def failure(path: Path, error: sqlite3.Error, problem: str) -> LedgerError:
    """The typed error for SQLite's ``error`` on ``path``: busy (send it again), damaged
    (corrupt, not a database), or refused with ``problem``."""
    if is_busy(error):
        reason = " ".join(str(error).split())
        return LedgerBusyError(f"{BUSY} ({reason})")
    if sqlite_code(error) in (SQLITE_CORRUPT, SQLITE_NOTADB):
        return refuse(path, f"{problem} ({error})", LedgerDamageError)
    return refuse(path, f"{problem} ({error})")


def inspect(path: Path, check: Callable[[sqlite3.Connection], State]) -> State:
    """Open ``path`` read-only and run ``check`` on it (application id, schema, quick_check)."""
    check_header(path)
    try:
        reader = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True, timeout=1.0)
    except sqlite3.Error as error:
        raise refuse(path, f"cannot be opened ({error})") from None
    try:
        return check(reader)
    except sqlite3.Error as error:
        raise failure(path, error, "is corrupt or unreadable") from None
    except UnicodeDecodeError:  # a damaged name in SQLite's own schema (a flipped bit)
        raise refuse(
            path, "is corrupt (its schema holds a name that is not UTF-8)", LedgerDamageError
        ) from None
    finally:
        reader.close()


def create(path: Path, build: Callable[[Path], T]) -> tuple[bool, T | None]:
    """Build a new ledger with ``build(temporary_path)`` and link it into place at ``path``.

    Returns ``(True, what build returned)``, or ``(False, None)`` when another process
    created ``path`` first (then nothing of ours is left behind). On any failure the
    temporary file and the folders made for it are removed.
    """
    made = _make_folders(path.parent)
    _sweep(path)
    temporary = path.with_name(f".{path.name}.creating-{os.getpid()}-{secrets.token_hex(4)}")
    try:
        descriptor = os.open(temporary, os.O_CREAT | os.O_EXCL | os.O_WRONLY, FILE_MODE)
        os.close(descriptor)
        result = build(temporary)
        _sync(temporary)
        try:
            os.link(temporary, path)
        except FileExistsError:
            return False, None
        except OSError:  # a file system without hard links: rename, if still free
            if path.exists():
                return False, None
            os.rename(temporary, path)
        _sync_folder(path.parent)
        return True, result
    except OSError as error:
        _remove_folders(made)
        raise LedgerError(f"cannot create {path}: {error.strerror}") from None
    except BaseException:
        _remove(temporary)
        _remove_folders(made)
        raise
    finally:
        _remove(temporary)


def _sweep(path: Path) -> None:
    """Remove the temporary files of creators that were killed (their process is gone)."""
    prefix = f".{path.name}.creating-"
    try:
        leftovers = [p for p in path.parent.iterdir() if p.name.startswith(prefix)]
    except OSError:
        return
    for leftover in leftovers:
        pid_text = leftover.name[len(prefix) :].split("-", 1)[0]
        if not pid_text.isdigit() or _alive(int(pid_text)):
            continue
        with contextlib.suppress(OSError):
            leftover.unlink()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _make_folders(folder: Path) -> list[Path]:
    missing: list[Path] = []
    for parent in [folder, *folder.parents]:
        if parent.exists():
            break
        missing.append(parent)
    for parent in reversed(missing):
        try:
            parent.mkdir(mode=0o700)
        except FileExistsError:
            pass
        except OSError as error:
            _remove_folders(missing)
            raise LedgerError(f"cannot create the folder {parent}: {error.strerror}") from None
    return missing


def _remove_folders(made: list[Path]) -> None:
    for folder in made:  # deepest first
        with contextlib.suppress(OSError):
            folder.rmdir()


def _remove(temporary: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{temporary}{suffix}")


def _sync(path: Path) -> None:
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _sync_folder(folder: Path) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
