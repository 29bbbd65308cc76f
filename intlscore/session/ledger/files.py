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
import errno
import os
import secrets
import sqlite3
import stat
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Any, Final, TypeVar
from urllib.parse import quote

from intlscore.errors import (
    InputTypeError,
    LedgerBusyError,
    LedgerDamageError,
    LedgerError,
    LedgerFileError,
    LedgerFullError,
    LedgerIOError,
    LedgerReadOnlyError,
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
        if sqlite_code(error) == sqlite3.SQLITE_NOTADB:
            raise refuse(path, "is not an SQLite database") from None
    finally:
        reader.close()


BUSY: Final = "the session database is busy, try again"
TRANSIENT: Final = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_PROTOCOL})
"""SQLite's primary result codes of "another connection holds the lock": BUSY, LOCKED,
and PROTOCOL (which SQLite returns when a connection lost the race for a WAL lock dozens
of times). The same request may simply be sent again
(:class:`~intlscore.errors.LedgerBusyError`); no other code is called busy."""
ROOM: Final = 1 << 20
"""Free bytes below which a disk that failed a write is called full (SQLite reports a
full disk as FULL, or as an I/O error when the WAL or its index cannot grow)."""
UNUSABLE: Final = "could not be read or written"


def sqlite_code(error: sqlite3.Error) -> int:
    """SQLite's primary result code of ``error`` (0 when it carries none)."""
    return int(getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF


def is_busy(error: sqlite3.Error) -> bool:
    """Whether ``error`` is another connection holding the lock, by SQLite's result code,
    never by its text."""
    return sqlite_code(error) in TRANSIENT


def _existing(path: Path) -> Path:
    """``path``, or the nearest folder above it that is there."""
    for candidate in [path, *path.parents]:
        if candidate.exists():
            return candidate
    return path


def disk_full(path: Path) -> bool:
    """Whether the disk that holds ``path`` (or would) has less than :data:`ROOM` free."""
    try:
        info = os.statvfs(_existing(path))
    except OSError:
        return False
    return info.f_bavail * info.f_frsize < ROOM


def full(path: Path) -> LedgerFullError:
    """The one line for a full disk, naming the folder of ``path``."""
    folder = path.parent
    return LedgerFullError(
        f"the disk is full: {folder} has no room for the ledger's writes; nothing was stored"
        " (free some room there and try again)",
        public="the ledger's disk is full; nothing was stored",
    )


def unwritable(path: Path) -> LedgerReadOnlyError | None:
    """Why the ledger at ``path`` cannot be written, or None when it can: a read-only disk,
    or no permission to write the file or its folder (SQLite keeps the ledger's ``-wal``
    and ``-shm`` files beside it). Asked of the file system, which opens nothing.
    (``tests/test_ledger_media.py`` makes each case on real media.)
    """
    there = _existing(path)
    try:
        read_only = bool(os.statvfs(there).f_flag & os.ST_RDONLY)
    except OSError:
        return None
    said = "it can be read, but nothing can be stored"
    if read_only:
        return about_file(
            LedgerReadOnlyError, path, lambda where: f"{where} is on a read-only disk; {said}"
        )
    if there == path and not os.access(path, os.W_OK):
        return about_file(
            LedgerReadOnlyError, path, lambda where: f"no permission to write {where}; {said}"
        )
    folder = path.parent if there == path else there
    if not os.access(folder, os.W_OK | os.X_OK):
        return about_file(
            LedgerReadOnlyError,
            path,
            lambda where: (
                f"no permission to write in the folder of {where} (SQLite keeps"
                f" its -wal and -shm files there); {said}"
            ),
        )
    return None


def os_failure(path: Path, error: OSError, doing: str) -> LedgerError:
    """The typed error for the file system's ``error`` while ``doing`` (e.g. "create
    /x/l.sqlite3"): a full disk, a read-only disk or a missing permission say so."""
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return full(path)
    if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        found = unwritable(path)
        if found is not None:
            return found
    return LedgerError(f"cannot {doing}: {error.strerror}")


def failure(path: Path, error: sqlite3.Error, problem: str = UNUSABLE) -> LedgerError:
    """The typed error for SQLite's ``error`` on ``path``, by its result code: busy (send it
    again), a full disk, a ledger that cannot be written, a failing disk, damaged (corrupt,
    not a database), or refused with ``problem``."""
    code = sqlite_code(error)
    reason = " ".join(str(error).split())
    if code in TRANSIENT:
        return LedgerBusyError(f"{BUSY} ({reason})")
    if code == sqlite3.SQLITE_FULL or (code == sqlite3.SQLITE_IOERR and disk_full(path)):
        return full(path)
    if code in (
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_PERM,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_IOERR,
    ):
        found = unwritable(path)
        if found is not None:
            return found
    if code == sqlite3.SQLITE_READONLY:
        return about_file(
            LedgerReadOnlyError, path, lambda where: f"{where} cannot be written ({reason})"
        )
    if code == sqlite3.SQLITE_IOERR:
        return about_file(
            LedgerIOError,
            path,
            lambda where: (
                f"the disk failed to read or write {where} ({reason}); nothing was stored"
            ),
        )
    if code == sqlite3.SQLITE_CANTOPEN:
        return refuse(path, f"cannot be opened ({reason})")
    if code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return refuse(path, f"is corrupt ({reason})", LedgerDamageError)
    return refuse(path, f"{problem} ({reason})")


def open_reader(path: Path, timeout: float, **options: Any) -> sqlite3.Connection:
    """A read-only connection to the ledger at ``path`` (``options`` go to
    :func:`sqlite3.connect`).

    ``mode=ro`` first. A WAL ledger needs its ``-shm`` file even to be read, and a
    read-only disk or folder cannot hold a new one: then, if no ``-wal`` file holds
    changes (no writer has it open, every change is in the file itself), the file is read
    as ``immutable``, without locks, which a disk nobody can write needs none of. A ``-wal``
    that holds changes is never skipped: then the error stands.
    """
    uri = f"file:{quote(str(path))}?mode=ro"
    reader: sqlite3.Connection = sqlite3.connect(uri, uri=True, timeout=timeout, **options)
    try:
        reader.execute("PRAGMA schema_version").fetchone()
        return reader
    except sqlite3.Error as error:
        reader.close()
        cannot = sqlite_code(error) in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY)
        if not cannot or unwritable(path) is None or _wal_holds(path):
            raise
    immutable: sqlite3.Connection = sqlite3.connect(
        f"{uri}&immutable=1", uri=True, timeout=timeout, **options
    )
    return immutable


def _wal_holds(path: Path) -> bool:
    try:
        return Path(f"{path}-wal").stat().st_size > 0
    except OSError:
        return False


def inspect(path: Path, check: Callable[[sqlite3.Connection], State]) -> State:
    """Open ``path`` read-only and run ``check`` on it (application id, schema, quick_check)."""
    check_header(path)
    try:
        reader = open_reader(path, 1.0)
    except sqlite3.Error as error:
        raise failure(path, error) from None
    try:
        return check(reader)
    except sqlite3.Error as error:
        raise failure(path, error) from None
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
        raise os_failure(path, error, f"create {path}") from None
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
            raise os_failure(parent, error, f"create the folder {parent}") from None
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
