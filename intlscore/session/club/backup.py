"""Backups and restores of a ledger file, and the whole ledger as JSON.

- :func:`backup` copies the ledger with SQLite's online backup API, in one step: the copy
  is one consistent moment even while another process (``serve``) writes, since the
  copy holds a read snapshot of the whole file. The copy is made in a private temporary
  file (0600) next to the target, checked like ``session check --all``, and only then
  moved into place (an existing backup of that name is replaced whole).
- :func:`restore` reads a backup into a private copy first (so the backup file is never
  changed, not even upgraded), refuses it unless it is an intlscore ledger that passes
  every check, and then copies it into the ledger, again with the online backup API, so a
  server that has the ledger open sees the restored ledger as one change. A ledger that
  already holds sessions is replaced only when asked (``replace``).
- :func:`export_ledger` gives every session's stored records as JSON (the session record
  with its rules, and every entry: deals, amendments with every version, undos, redos,
  rescores) and every tournament night's record, and :func:`import_ledger` stores them in
  an empty ledger again, chained and checked: the same records give the same checksums,
  so the ledger comes back identical.

>>> import tempfile, pathlib
>>> from intlscore.session.ledger import Ledger
>>> with tempfile.TemporaryDirectory() as tmp:
...     folder = pathlib.Path(tmp)
...     with Ledger(folder / "club.sqlite3") as ledger:
...         friday = ledger.create_session("friday", ["ann", "bob"])
...         _ = friday.deal(kind="open", winner="ann", racks={"bob": "r5"})
...         print(backup(ledger, folder / "copy.sqlite3").to_dict()["deals"])
...         exported = export_ledger(ledger)
...     with Ledger(folder / "again.sqlite3") as again:
...         print(import_ledger(again, exported).sessions, again.session("friday").totals())
1
1 {'ann': 100, 'bob': -5}
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from intlscore.errors import (
    IntlscoreError,
    LedgerBusyError,
    LedgerError,
    LedgerFullError,
    LedgerReadOnlyError,
    NightError,
)
from intlscore.session.club.season import loaded_sessions
from intlscore.session.ledger import files
from intlscore.session.ledger.core import name_clashes, rebuild_kept, rescore_problems
from intlscore.session.ledger.files import State
from intlscore.session.ledger.records import SESSION_SEED, canonical, chain_digest
from intlscore.session.night.night import Night, check_record
from intlscore.session.night.store import all_nights, night_name_clashes, store_night

if TYPE_CHECKING:
    from intlscore.session.ledger import Ledger, LedgerCheck

EXPORT_FORMAT: Final = "ledger/2"
"""The newest export: ``ledger/1`` and the nights of a tournament (:func:`export_format`)."""
READ_FORMATS: Final = ("ledger/1", EXPORT_FORMAT)


@dataclass(frozen=True, slots=True)
class Copied:
    """What a backup, restore or import stored: where, and how many sessions and deals."""

    path: Path
    sessions: int
    deals: int

    def to_dict(self) -> dict[str, Any]:
        return {"path": str(self.path), "sessions": self.sessions, "deals": self.deals}


def _temporary(near: Path, what: str) -> Path:
    """A new private (0600) file next to ``near``, for a copy being made."""
    path = near.with_name(f".{near.name}.{what}-{os.getpid()}-{secrets.token_hex(4)}")
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, files.FILE_MODE))
    except OSError as error:
        raise files.os_failure(near, error, f"write next to {near}") from None
    return path


def _output(target: str | os.PathLike[str], what: str) -> Path:
    """A path to write a new file at: not a folder, a FIFO or a device, in a folder that is
    there."""
    path = files.ledger_path(target)
    if path.is_dir():
        raise LedgerError(f"the {what} path {path} is a folder; give a file name in it")
    files.probe(path)
    if not path.parent.is_dir():
        raise LedgerError(f"cannot write {path}: the folder {path.parent} does not exist")
    return path


def _replaceable_backup(path: Path) -> None:
    """An existing file a backup may replace: an intlscore ledger (an older backup), never
    anything else."""
    from intlscore.session.ledger import Ledger

    try:
        Ledger(path).close()
    except LedgerError:
        raise LedgerError(
            f"{path} is there and is not an intlscore ledger; it was left untouched (give"
            " another name)"
        ) from None


def _remove(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{path}{suffix}")


def _copy(source: Path, target: Path, timeout: float, failure: str) -> None:
    """Copy the SQLite file ``source`` into the file ``target`` in one step of the backup
    API (one read snapshot of ``source``, one write transaction on ``target``); an SQLite
    error is one line starting with ``failure``."""
    try:
        reader = files.open_reader(source, timeout)
    except sqlite3.Error as error:
        raise LedgerError(f"{failure} ({' '.join(str(error).split())})") from None
    try:
        writer = sqlite3.connect(target, timeout=timeout)
        try:
            reader.backup(writer)
        finally:
            writer.close()
    except sqlite3.Error as error:
        said = files.failure(target, error)
        if isinstance(said, LedgerBusyError | LedgerFullError | LedgerReadOnlyError):
            raise said from None  # the copy's disk: full, read-only, or held by a writer
        raise LedgerError(f"{failure} ({' '.join(str(error).split())})") from None
    finally:
        reader.close()


def _checked(path: Path, shown: Path) -> LedgerCheck:
    """Open the ledger copy at ``path`` and check all of it; errors name ``shown``."""
    from intlscore.session.ledger import Ledger

    try:
        with Ledger(path) as copy:
            report = copy.verify()
    except IntlscoreError as error:
        raise LedgerError(str(error).replace(str(path), str(shown))) from None
    if not report.ok:
        count = len(report.problems)
        raise LedgerError(
            f"{shown} fails the ledger's checks ({count} problem{'s' * (count != 1)}; the"
            f" first: {report.problems[0]})"
        )
    return report


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.resolve() == other.resolve() or (one.exists() and one.samefile(other))
    except OSError:
        return False


def backup(ledger: Ledger, target: str | os.PathLike[str], *, new: bool = False) -> Copied:
    """Copy the ledger to ``target`` (see the module's docstring); with ``new``, ``target``
    must not exist yet (:class:`FileExistsError` if it does): it is never replaced."""
    path = _output(target, "backup")
    if _same_file(path, ledger.path):
        raise LedgerError(f"{path} is the ledger itself; back it up to another file")
    if not new and files.probe(path) is State.PRESENT:
        _replaceable_backup(path)
    if not ledger.path.exists() or files.probe(ledger.path) is not State.PRESENT:
        raise LedgerError(f"there is no ledger at {ledger.path} to back up")
    reserved = False
    try:
        if new:  # the name is taken first, so that no other backup can take it meanwhile
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, files.FILE_MODE))
            reserved = True
        temporary = _temporary(path, "backup")
        try:
            _copy(ledger.path, temporary, ledger.timeout, f"cannot back up {ledger.path}")
            report = _checked(temporary, ledger.path)
            os.replace(temporary, path)
            reserved = False
        finally:
            _remove(temporary)
    except FileExistsError:
        raise
    except OSError as error:
        raise LedgerError(f"cannot write {path}: {error.strerror}") from None
    finally:
        if reserved:
            with contextlib.suppress(OSError):
                os.unlink(path)
    return Copied(path, len(report.sessions), report.deals)


def dated_name(ledger: Path, when: datetime, again: int = 1) -> Path:
    """The file a backup without a name goes to: beside the ledger, named after it and the
    local time to the minute; ``again`` > 1 for another one in the same minute.

    >>> when = datetime(2026, 12, 6, 1, 30)
    >>> str(dated_name(Path("club/ledger.sqlite3"), when)), dated_name(Path("l.db"), when, 2).name
    ('club/ledger-2026-12-06-0130.sqlite3', 'l-2026-12-06-0130-2.sqlite3')
    """
    more = "" if again == 1 else f"-{again}"
    return ledger.with_name(f"{ledger.stem}-{when:%Y-%m-%d-%H%M}{more}.sqlite3")


DATED_TRIES: Final = 100
"""How many names :func:`dated_backup` tries within one minute."""


def dated_backup(ledger: Ledger, when: datetime | None = None) -> Copied:
    """Copy the ledger to a new file beside it, :func:`dated_name` (``when``: now, local
    time), never replacing an existing file: a name that is taken gets ``-2``, ``-3``...

    >>> import tempfile
    >>> from intlscore.session.ledger import Ledger
    >>> with tempfile.TemporaryDirectory() as tmp, Ledger(Path(tmp) / "club.sqlite3") as ledger:
    ...     _ = ledger.create_session("friday", ["ann", "bob"])
    ...     when = datetime(2026, 12, 6, 1, 30)
    ...     [dated_backup(ledger, when).path.name for _ in range(2)]
    ['club-2026-12-06-0130.sqlite3', 'club-2026-12-06-0130-2.sqlite3']
    """
    moment = datetime.now().astimezone() if when is None else when
    for again in range(1, DATED_TRIES + 1):
        path = dated_name(ledger.path, moment, again)
        if os.path.lexists(path):
            continue
        with contextlib.suppress(FileExistsError):  # taken meanwhile: the next name
            return backup(ledger, path, new=True)
    raise LedgerError(
        f"{dated_name(ledger.path, moment)} and {DATED_TRIES - 1} more names beside it are"
        " taken; give the backup a file name"
    )


def restore(ledger: Ledger, source: str | os.PathLike[str], *, replace: bool = False) -> Copied:
    """Put the backup ``source`` in place of the ledger (see the module's docstring)."""
    path = files.ledger_path(source)
    if path.is_dir():
        raise LedgerError(f"{path} is a folder, not a backup of a ledger")
    state = files.probe(path)
    if state is State.MISSING:
        raise LedgerError(f"{path}: no such file")
    if state is State.EMPTY:
        raise LedgerError(f"{path} is empty, not a backup of a ledger")
    if _same_file(path, ledger.path):
        raise LedgerError(f"{path} is the ledger itself")
    files.probe(ledger.path)  # the ledger's own path must be a file, or nothing yet
    if not ledger.path.parent.is_dir():
        raise LedgerError(f"cannot write {ledger.path}: its folder does not exist")
    files.check_header(path)
    temporary = _temporary(ledger.path, "restore")
    try:
        _copy(path, temporary, ledger.timeout, f"{path} is not a backup of a ledger")
        report = _checked(temporary, path)
        held = ledger.sessions()
        if held and not replace:
            raise LedgerError(
                f"{ledger.path} already holds {len(held)} session{'s' * (len(held) != 1)};"
                " add --replace to replace them by the backup (back them up first)"
            )
        _install(temporary, ledger)
    except OSError as error:
        raise LedgerError(f"cannot restore to {ledger.path}: {error.strerror}") from None
    finally:
        _remove(temporary)
    return Copied(ledger.path, len(report.sessions), report.deals)


def _install(checked: Path, ledger: Ledger) -> None:
    """Copy the checked ledger into the ledger's file, as one change to its readers."""
    ledger.close()
    if not ledger.path.exists():
        with contextlib.suppress(FileExistsError):
            os.link(checked, ledger.path)
            return
    _copy(checked, ledger.path, ledger.timeout, f"cannot restore to {ledger.path}")


# -- the whole ledger as JSON -------------------------------------------------------------


def write_private(target: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` to ``target`` whole (a private temporary file moved into place), 0600:
    an export holds the whole ledger."""
    path = _output(target, "output")
    if files.probe(path) is State.PRESENT:
        try:
            read_export(str(path))
        except LedgerError:
            raise LedgerError(
                f"{path} is there and is not an export of a ledger; it was left untouched"
                " (give another name)"
            ) from None
    temporary = _temporary(path, "export")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    except OSError as error:
        raise LedgerError(f"cannot write {path}: {error.strerror}") from None
    finally:
        _remove(temporary)
    return path


def export_ledger(ledger: Ledger) -> dict[str, Any]:
    """Every session's stored records, the renames noted and every night's record, read in
    one snapshot (each session and night checked)."""
    from intlscore.session.club.players import RENAMES_KEY

    sessions: list[dict[str, Any]] = []
    renames: list[Any] = []
    nights: list[dict[str, Any]] = []
    with ledger.store.snapshot() as connection:
        if connection is not None:
            for session_id, record, _ in loaded_sessions(ledger, connection):
                (text,) = connection.execute(
                    "SELECT record FROM session WHERE id = ?", (session_id,)
                ).fetchone()
                rows = connection.execute(
                    "SELECT record FROM entry WHERE session_id = ? ORDER BY seq", (session_id,)
                ).fetchall()
                sessions.append(
                    {
                        "name": record.name,
                        "record": json.loads(text),
                        "entries": [json.loads(row[0]) for row in rows],
                    }
                )
            row = connection.execute(
                "SELECT value FROM meta WHERE key = ?", (RENAMES_KEY,)
            ).fetchone()
            renames = json.loads(row[0]) if row else []
            nights = [
                {"name": night.name, "record": night.to_record()}
                for night in all_nights(connection)
            ]
    exported: dict[str, Any] = {"sessions": sessions, "renames": renames}
    if nights:  # ledger/2; without nights the export is the ledger/1 document it always was
        exported["nights"] = nights
    return exported


def export_format(exported: dict[str, Any]) -> str:
    """The ``"format"`` of an :func:`export_ledger` document: ``ledger/2`` when it holds
    nights, else ``ledger/1``, which an intlscore without nights still imports (one that
    would drop the nights refuses a ``ledger/2`` export instead)."""
    return EXPORT_FORMAT if "nights" in exported else "ledger/1"


def _bad(problem: str) -> LedgerError:
    return LedgerError(f"the export cannot be imported: {problem}; nothing was stored")


def import_ledger(ledger: Ledger, data: Any) -> Copied:
    """Store an :func:`export_ledger` document in an empty ledger, in one transaction.

    Each session's records are chained again and the sessions replayed and re-scored (as
    ``session check``) before the commit; anything amiss stores nothing.
    """
    from intlscore.session.club.players import RENAMES_KEY

    if not isinstance(data, dict) or not isinstance(data.get("sessions"), list):
        raise _bad("it is not an export of a ledger (no list of sessions)")
    sessions = data["sessions"]
    renames = data.get("renames", [])
    if not isinstance(renames, list) or not all(_is_rename(note) for note in renames):
        raise _bad("renames is not a list of renames (old, new, when, sessions)")
    for index, session in enumerate(sessions, start=1):
        if (
            not isinstance(session, dict)
            or not isinstance(session.get("name"), str)
            or not isinstance(session.get("record"), dict)
            or not isinstance(session.get("entries"), list)
            or not all(isinstance(entry, dict) for entry in session["entries"])
        ):
            raise _bad(f"session {index} is not a name, a record and a list of entries")

    clashes = name_clashes([session["name"] for session in sessions])
    if clashes:  # one name under NFC and case folding: the ledger would hold two
        raise _bad(f"{clashes[0]} in the ledger it was exported from, then export it again")
    nights = _checked_nights(data.get("nights", []), sessions)

    def store(connection: sqlite3.Connection) -> Copied:
        held = connection.execute("SELECT count(*) FROM session").fetchone()[0]
        if held:
            raise LedgerError(
                f"{ledger.path} already holds {held} session{'s' * (held != 1)}; import into"
                " an empty ledger (a new --db)"
            )
        held = connection.execute("SELECT count(*) FROM night").fetchone()[0]
        if held:
            raise LedgerError(
                f"{ledger.path} already holds {held} night{'s' * (held != 1)}; import into"
                " an empty ledger (a new --db)"
            )
        for session in sessions:
            _store_session(connection, session)
        problems: list[str] = []
        deals = 0
        for session in sessions:
            try:
                loaded = ledger.load(connection, session["name"], problems)
            except IntlscoreError as error:
                problems.append(str(error))
                continue
            if loaded is None:
                problems.append(f"session {session['name']!r} was not stored")
                continue
            problems += rescore_problems(session["name"], loaded[2])
            if not problems:
                rebuild_kept(connection, loaded[0], loaded[2])
            deals += len(loaded[2].deals)
        if problems:
            raise _bad(problems[0])
        if renames:
            connection.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                (RENAMES_KEY, json.dumps(renames, sort_keys=True, ensure_ascii=False)),
            )
        for night in nights:
            store_night(connection, night)
        return Copied(ledger.path, len(sessions), deals)

    return ledger.write(store)


def _checked_nights(nights: Any, sessions: list[dict[str, Any]]) -> list[Night]:
    """The nights of an export, each record checked (:func:`.night.check_record`) against
    the export's sessions; their names one name each under NFC and case folding."""
    if not isinstance(nights, list) or not all(
        isinstance(night, dict)
        and set(night) == {"name", "record"}
        and isinstance(night["name"], str)
        and isinstance(night["record"], dict)
        for night in nights
    ):
        raise _bad("nights is not a list of nights (name, record)")
    players = {
        session["name"]: session["record"].get("players", ()) for session in sessions
    }
    checked = []
    for night in nights:
        try:
            read = Night.from_record(night["record"])
        except (ValueError, KeyError, TypeError) as error:
            raise _bad(f"night {night['name']!r}: its record is damaged ({error})") from None
        if read.name != night["name"]:
            raise _bad(f"night {night['name']!r}: its record names night {read.name!r}")
        try:
            check_record(read, players)
        except NightError as error:
            raise _bad(str(error)) from None
        checked.append(read)
    clashes = night_name_clashes([night.name for night in checked])
    if clashes:
        raise _bad(clashes[0])
    return checked


def _is_rename(note: Any) -> bool:
    """A note of :func:`~intlscore.session.club.players.rename_player`."""
    return (
        isinstance(note, dict)
        and set(note) == {"old", "new", "when", "sessions"}
        and all(isinstance(note[key], str) for key in ("old", "new", "when"))
        and isinstance(note["sessions"], list)
        and all(isinstance(name, str) for name in note["sessions"])
    )


def _store_session(connection: sqlite3.Connection, session: dict[str, Any]) -> None:
    try:
        text = canonical(session["record"])
        entries = [canonical(entry) for entry in session["entries"]]
    except (TypeError, ValueError) as error:
        raise _bad(f"session {session['name']!r}: {error}") from None
    head = chain_digest(SESSION_SEED, text)
    try:
        cursor = connection.execute(
            "INSERT INTO session (name, record, digest, head) VALUES (?, ?, ?, ?)",
            (session["name"], text, head, head),
        )
    except sqlite3.IntegrityError:
        raise _bad(f"session {session['name']!r} is there twice") from None
    session_id = cursor.lastrowid
    for seq, (entry, entry_text) in enumerate(zip(session["entries"], entries, strict=True), 1):
        head = chain_digest(head, entry_text)
        connection.execute(
            "INSERT INTO entry (session_id, seq, record, digest, label) VALUES (?, ?, ?, ?, ?)",
            (session_id, seq, entry_text, head, _label(entry, seq)),
        )
    connection.execute("UPDATE session SET head = ? WHERE id = ?", (head, session_id))


def _label(entry: dict[str, Any], seq: int) -> str:
    """The label the ledger gives the entry (it only names it in messages)."""
    from intlscore.session.ledger.records import ENTRY_KINDS, Entry

    kind, number = entry.get("record"), entry.get("number")
    if kind in ENTRY_KINDS and isinstance(number, int) and not isinstance(number, bool):
        return Entry(kind, number, "").label
    return f"entry {seq}"


MAX_EXPORT_BYTES: Final = 256 * 1024 * 1024
"""The largest export read (ten years of a weekly table export to about 20 MiB)."""
MAX_EXPORT_DEPTH: Final = 32
"""The deepest nesting of an export's objects and lists (an export has 7 levels)."""


def read_export(source: str) -> Any:
    """The JSON document in the file ``source`` (``-``: standard input), written by
    ``intlscore export``; one clear line if it cannot be read or is another document
    (too large, nested too deeply, not JSON, or not an export)."""
    import sys

    from intlscore.errors import quoted
    from intlscore.rules.tomlfile import nesting_depth

    too_large = f"{quoted(source)} is larger than {MAX_EXPORT_BYTES // 2**20} MiB; not an export"
    try:
        if source == "-":
            text = sys.stdin.read(MAX_EXPORT_BYTES + 1)
        else:
            path = files.ledger_path(source)
            if path.is_dir():
                raise LedgerError(f"{path} is a folder, not an export")
            if path.stat().st_size > MAX_EXPORT_BYTES:
                raise LedgerError(too_large)
            text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LedgerError(f"{quoted(source)}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise LedgerError(f"cannot read {quoted(source)}: {error}") from None
    if len(text) > MAX_EXPORT_BYTES:
        raise LedgerError(too_large)
    try:
        data = json.loads(text)
    except ValueError as error:
        raise LedgerError(f"{quoted(source)} is not JSON ({error})") from None
    except RecursionError:
        raise LedgerError(f"{quoted(source)} is nested too deeply; not an export") from None
    if nesting_depth(data) > MAX_EXPORT_DEPTH:
        raise LedgerError(
            f"{quoted(source)} is nested deeper than {MAX_EXPORT_DEPTH} levels; not an export"
        )
    kind = data.get("format") if isinstance(data, dict) else None
    if kind not in READ_FORMATS:
        shown = "" if not isinstance(kind, str) else f" (a {quoted(kind)} document)"
        raise LedgerError(
            f"{quoted(source)} is not an export of a ledger{shown}; write one with: intlscore"
            " export > FILE"
        )
    return data
