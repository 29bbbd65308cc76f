"""Renaming a session: the way out of two sessions whose names are one name.

Session names are one name under Unicode NFC and case folding, as players' are
(:func:`~intlscore.session.names.name_key`). A ledger written before that rule may hold
two sessions that print the same (``Fri`` and ``fri``); ``session check --all`` names them,
and :func:`rename_session` gives one of them another name. Nothing is ever renamed
without being asked.

The session's name is in its own record, whose checksum starts the chain of its entries,
so a rename writes the session record again and chains every entry again from it, in one
transaction, and checks the session before it commits (as a player's rename does,
:mod:`intlscore.session.club.players`). A night whose table is that session names it
again in the same transaction.

>>> import tempfile, pathlib
>>> from intlscore.session.ledger import Ledger
>>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
...     friday = ledger.create_session("friday", ["ann", "bob"])
...     _ = friday.deal(kind="open", winner="ann", racks={"bob": "r5"})
...     rename_session(ledger, "FRIDAY", "friday-1")
...     ledger.session_names(), ledger.session("friday-1").totals(), ledger.check()
'friday'
(['friday-1'], {'ann': 100, 'bob': -5}, [])
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Any

from intlscore.errors import LedgerError
from intlscore.session.club.players import check_again, rewrite
from intlscore.session.ledger.core import check_session_name, same_names, stored_name
from intlscore.session.night.night import with_session_renamed
from intlscore.session.night.store import rewrite_nights

if TYPE_CHECKING:
    from intlscore.session.ledger import Ledger

__all__ = ["rename_session"]


def _same(name: Any) -> Any:
    return name


def rename_session(ledger: Ledger, old: str, new: str) -> str:
    """Rename the session ``old`` (any case, or exactly as written when two sessions are
    one name) to ``new``, in one transaction; returns the old name as it was stored.

    Refused with :class:`~intlscore.errors.LedgerError`, nothing changed: no such session,
    a bad name, or a name another session already has (in any case or Unicode form).
    """
    new = check_session_name(new)

    def change(connection: sqlite3.Connection) -> str:
        stored = stored_name(connection, old)
        if stored is None:
            raise ledger.missing(connection, old)
        if stored == new:
            raise LedgerError(f"the session is already named {new!r}")
        others = [name for name in same_names(connection, new) if name != stored]
        if others:
            raise LedgerError(
                f"cannot rename {stored!r} to {new!r}: session {others[0]!r} has that name"
                " (names that differ only in case or accents are one name)"
            )
        (session_id,) = connection.execute(
            "SELECT id FROM session WHERE name = ?", (stored,)
        ).fetchone()
        rewrite(connection, session_id, _same, new)
        rewrite_nights(connection, lambda night: with_session_renamed(night, stored, new))
        check_again(ledger, connection, (new,))
        return stored

    return ledger.write(change)
