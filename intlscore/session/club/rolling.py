"""Rolling backups for ``serve --backups DIR``: one a day, the last ``keep`` kept.

A backup is named after the ledger and the day (``ledger-2024-03-01.sqlite3``) and made with
:func:`~intlscore.session.club.backup.backup` (consistent while the server writes, checked
before it is kept). Only files of exactly that form are ever removed, the oldest first.

>>> import tempfile, pathlib
>>> from datetime import date
>>> from intlscore.session.ledger import Ledger
>>> with tempfile.TemporaryDirectory() as tmp:
...     folder = pathlib.Path(tmp)
...     with Ledger(folder / "club.sqlite3") as ledger:
...         _ = ledger.create_session("friday", ["ann", "bob"])
...         for day in range(1, 5):
...             _ = rolling_backup(ledger, folder, date(2024, 3, day), keep=2)
...         rolling_backup(ledger, folder, date(2024, 3, 4), keep=2) is None
...     sorted(path.name for path in folder.glob("club-*"))
True
['club-2024-03-03.sqlite3', 'club-2024-03-04.sqlite3']
"""

from __future__ import annotations

import contextlib
import logging
import re
import threading
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Final

from intlscore.errors import IntlscoreError, LedgerError

if TYPE_CHECKING:
    from intlscore.session.ledger import Ledger

KEEP: Final = 7
CHECK_EVERY: Final = 3600.0
"""Seconds between two looks at whether today's backup is there."""
log = logging.getLogger("intlscore.backups")


def backup_folder(text: str) -> Path:
    """The folder of ``--backups``: it must be there (nothing is created for it).

    >>> backup_folder("/no/such/folder")
    Traceback (most recent call last):
    ...
    intlscore.errors.LedgerError: --backups: /no/such/folder is not a folder (make it first)
    """
    from intlscore.session.ledger.files import ledger_path

    path = ledger_path(text)
    if not path.is_dir():
        raise LedgerError(f"--backups: {path} is not a folder (make it first)")
    return path


def _pattern(ledger: Ledger) -> re.Pattern[str]:
    return re.compile(re.escape(ledger.path.stem) + r"-(\d{4}-\d\d-\d\d)\.sqlite3")


def rolling_backup(ledger: Ledger, folder: Path, today: date, keep: int = KEEP) -> Path | None:
    """Today's backup in ``folder`` if there is none yet (then the oldest beyond ``keep`` are
    removed); the new backup's path, or None when today's was there."""
    from intlscore.session.club.backup import backup

    target = folder / f"{ledger.path.stem}-{today.isoformat()}.sqlite3"
    if target.exists():
        return None
    backup(ledger, target)
    pattern = _pattern(ledger)
    ours = sorted(path for path in folder.iterdir() if pattern.fullmatch(path.name))
    for old in ours[: max(len(ours) - keep, 0)]:
        with contextlib.suppress(OSError):
            old.unlink()
    return target


class RollingBackups:
    """A thread that keeps :func:`rolling_backup` going while a server runs; use it as a
    context manager around the server. A failed backup is logged, never fatal."""

    def __init__(self, db: Path, folder: Path, keep: int = KEEP, every: float = CHECK_EVERY):
        self.db, self.folder, self.keep, self.every = db, folder, keep, every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="intlscore-backups", daemon=True)

    def _loop(self) -> None:
        from intlscore.session.ledger import Ledger

        while not self._stop.is_set():
            try:
                with Ledger(self.db) as ledger:
                    if ledger.exists:
                        made = rolling_backup(
                            ledger, self.folder, datetime.now(UTC).date(), self.keep
                        )
                        if made is not None:
                            log.warning("intlscore: backed up the ledger to %s", made)
            except IntlscoreError as error:
                log.error("intlscore: the daily backup failed: %s", error)
            self._stop.wait(self.every)

    def __enter__(self) -> RollingBackups:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=30)
