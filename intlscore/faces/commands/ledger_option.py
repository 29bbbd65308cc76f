"""``--db PATH``: the ledger file a command reads or writes (shared by the club commands)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from intlscore.session.club.backup import Copied
    from intlscore.session.ledger import Ledger

DB_HELP: Final = (
    "the ledger file (default: $INTLSCORE_DB, else ledger.sqlite3 in the user's data folder)"
)


def add_db_argument(parser: argparse.ArgumentParser) -> None:
    """``--db PATH``.

    >>> parser = argparse.ArgumentParser()
    >>> add_db_argument(parser)
    >>> parser.parse_args(["--db", "club.sqlite3"]).db
    'club.sqlite3'
    """
    parser.add_argument("--db", metavar="PATH", help=DB_HELP)


def open_ledger(args: argparse.Namespace) -> Ledger:
    """The ledger named by ``--db`` (or the default one)."""
    from intlscore.session.ledger import Ledger

    return Ledger(args.db)


def show_copied(
    args: argparse.Namespace, kind: str, extra: dict[str, str], copied: Copied, done: str
) -> None:
    """What a backup, restore or import stored: one JSON document of ``kind`` (``extra``
    keys first), or the line ``done`` with the sessions and deals counted."""
    from intlscore.faces.commands.deal import print_document

    if args.json:
        print_document(kind, {**extra, **copied.to_dict()})
        return
    from intlscore.faces.commands.session import print_plain
    from intlscore.faces.render.club_view import plural

    counts = f"{plural(copied.sessions, 'session')}, {plural(copied.deals, 'deal')}"
    print_plain(f"{done}: {counts}")
