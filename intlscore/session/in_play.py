"""The session in play: the one a session command means when its name is left out.

``session use NAME`` (and ``session new NAME``) remembers NAME inside the ledger itself, in
its ``meta`` table under the key ``in_play``, in one write transaction (``session new``
stores it in the transaction that creates the session): nothing appears beside the ledger,
a backup keeps it, and every process that opens the ledger sees the same session in play.
A stored name that is not printable or too long reads as no session in play.

Ledgers of earlier versions kept the name in a small file beside the ledger,
``LEDGER.in-play``: it is still read while the ledger has no session in play of its own,
and removed once one is remembered in the ledger.

A command without a session name uses, in order: the session in play, if the ledger still
has it; else the ledger's only session; else it asks for a name, listing the sessions.

>>> import tempfile, pathlib
>>> from intlscore.session.ledger import Ledger
>>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l.sqlite3") as ledger:
...     _ = ledger.create_session("friday", ["ann", "bob"])
...     before = read_in_play(ledger)
...     remember_in_play(ledger, "friday")
...     before, read_in_play(ledger), [path.name for path in pathlib.Path(tmp).glob("*.in-play")]
(None, 'friday', [])
>>> choose_session(None, ["friday"]), choose_session("monday", ["friday", "monday"])
('friday', 'monday')
>>> choose_session(None, ["friday", "monday"])
Traceback (most recent call last):
...
intlscore.errors.LedgerError: name the session: the ledger has friday, monday (or choose one for every command with: intlscore session use NAME)
"""  # noqa: E501

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from intlscore.errors import LedgerError

if TYPE_CHECKING:
    from intlscore.session.ledger import Ledger

__all__ = ["choose_session", "old_in_play_file", "read_in_play", "remember_in_play"]

KEY: Final = "in_play"
"""The ``meta`` key of the session in play."""
OLD_SUFFIX: Final = ".in-play"
MAX_NAME_BYTES: Final = 1024
"""A session name is at most 60 characters; anything longer is not ours and is ignored."""


def old_in_play_file(ledger: Path) -> Path:
    """Where earlier versions remembered the session in play: a file beside the ledger."""
    return ledger.with_name(ledger.name + OLD_SUFFIX)


def _valid(name: str | None) -> str | None:
    ok = name is not None and 0 < len(name.encode("utf-8", "replace")) <= MAX_NAME_BYTES
    return name if ok and name is not None and name.isprintable() else None


def read_in_play(ledger: Ledger) -> str | None:
    """The session in play, or None when none was chosen (or what is stored is not a name)."""

    def read(connection: sqlite3.Connection | None) -> str | None:
        if connection is None:
            return None
        row = connection.execute("SELECT value FROM meta WHERE key = ?", (KEY,)).fetchone()
        return None if row is None else _valid(str(row[0]))

    stored = ledger.read(read)
    return stored if stored is not None else _read_old_file(ledger.path)


def _read_old_file(ledger: Path) -> str | None:
    try:
        with old_in_play_file(ledger).open("rb") as file:
            data = file.read(MAX_NAME_BYTES + 1)
    except OSError:
        return None
    try:
        return _valid(data.decode("utf-8").rstrip("\n"))
    except UnicodeDecodeError:
        return None


def remember_in_play(ledger: Ledger, name: str) -> None:
    """Make ``name`` the session in play of ``ledger``: one write transaction (it joins the
    write it is called in); a file an earlier version left beside the ledger is removed."""

    def write(connection: sqlite3.Connection) -> None:
        connection.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
            (KEY, name),
        )

    ledger.write(write)
    with contextlib.suppress(OSError):
        os.unlink(old_in_play_file(ledger.path))


def choose_session(in_play: str | None, names: Sequence[str]) -> str:
    """The session a command without a name means: ``in_play`` if the ledger (``names``)
    has it, else the only session; else :class:`LedgerError` asking for a name."""
    if in_play is not None and in_play in names:
        return in_play
    if len(names) == 1:
        return names[0]
    if not names:
        raise LedgerError(
            "there is no session yet: start one with: intlscore session new NAME --players ..."
        )
    from intlscore.session.club.season import listed

    raise LedgerError(
        f"name the session: the ledger has {listed(list(names))} (or choose one for every"
        " command with: intlscore session use NAME)"
    )
