"""The session in play: the one a session command means when its name is left out.

``session use NAME`` (and ``session new NAME``) remembers NAME in a small text file beside
the ledger, ``LEDGER.in-play`` (``ledger.sqlite3.in-play``), never in the ledger itself:
the ledger's own files (the database, ``-wal``, ``-shm``) are opened by SQLite alone
(docs/ledger.md). The file holds the name and a newline, owner-only, written in one small
write; a reader that finds it empty or unreadable sees no session in play.

A command without a session name uses, in order: the session in play, if the ledger still
has it; else the ledger's only session; else it asks for a name, listing the sessions.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as tmp:
...     ledger = pathlib.Path(tmp) / "club.sqlite3"
...     before = read_in_play(ledger)
...     remember_in_play(ledger, "friday")
...     before, read_in_play(ledger), in_play_file(ledger).name
(None, 'friday', 'club.sqlite3.in-play')
>>> choose_session(None, ["friday"]), choose_session("monday", ["friday", "monday"])
('friday', 'monday')
>>> choose_session(None, ["friday", "monday"])
Traceback (most recent call last):
...
intlscore.errors.LedgerError: name the session: the ledger has friday, monday (or choose one for every command with: intlscore session use NAME)
"""  # noqa: E501

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from intlscore.errors import LedgerError

__all__ = ["choose_session", "in_play_file", "read_in_play", "remember_in_play"]

SUFFIX: Final = ".in-play"
MAX_NAME_BYTES: Final = 1024
"""A session name is at most 60 characters; a longer file is not ours and is ignored."""


def in_play_file(ledger: Path) -> Path:
    """Where the session in play of the ledger at ``ledger`` is remembered."""
    return ledger.with_name(ledger.name + SUFFIX)


def read_in_play(ledger: Path) -> str | None:
    """The session in play, or None when none was chosen (or the file is unreadable)."""
    try:
        with in_play_file(ledger).open("rb") as file:
            data = file.read(MAX_NAME_BYTES + 1)
    except OSError:
        return None
    if len(data) > MAX_NAME_BYTES:
        return None
    try:
        name = data.decode("utf-8").rstrip("\n")
    except UnicodeDecodeError:
        return None
    return name if name and name.isprintable() else None


def remember_in_play(ledger: Path, name: str) -> None:
    """Make ``name`` the session in play of the ledger at ``ledger``: one small write, no
    temporary file (so a process killed here leaves nothing behind but, at worst, an empty
    file, which reads as no session in play)."""
    data = (name + "\n").encode("utf-8")
    try:
        handle = os.open(in_play_file(ledger), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(handle, data)
        finally:
            os.close(handle)
    except OSError as error:
        raise LedgerError(f"cannot remember the session in play ({error.strerror})") from None


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
