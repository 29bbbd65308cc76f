"""``intlscore backup [FILE]``: a consistent copy of the ledger, even while it is written;
without FILE, a new file beside the ledger named after it and the time."""

from __future__ import annotations

import argparse

from intlscore.faces.commands.common import sentence
from intlscore.faces.commands.deal import add_json_argument
from intlscore.faces.commands.ledger_option import add_db_argument, open_ledger, show_copied

HELP = (
    "copy the ledger to FILE (or to a new dated file beside it), consistent while a server"
    " writes, checked before kept"
)


def run(args: argparse.Namespace) -> int:
    from intlscore.session.club.backup import backup, dated_backup

    with open_ledger(args) as ledger:
        copied = dated_backup(ledger) if args.file is None else backup(ledger, args.file)
        source = ledger.path
    done = f"backed up {source} to {copied.path} and checked it"
    show_copied(args, "backup", {"db": str(source)}, copied, done)
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("backup", help=HELP, description=sentence(HELP))
    parser.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help="the backup file (an older backup of that name is replaced); without it, a new"
        " file beside the ledger named after it and the time (ledger-2026-12-06-0130.sqlite3)",
    )
    add_db_argument(parser)
    add_json_argument(parser)
    parser.set_defaults(run=run)
