"""``--db PATH``: the ledger file a command reads or writes (shared by the club commands)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
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
