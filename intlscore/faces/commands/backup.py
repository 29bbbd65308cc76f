"""``intlscore backup FILE``: a consistent copy of the ledger, even while it is written."""

from __future__ import annotations

import argparse

from intlscore.faces.commands.common import sentence
from intlscore.faces.commands.deal import add_json_argument, print_document
from intlscore.faces.commands.ledger_option import add_db_argument, open_ledger

HELP = "copy the ledger to FILE, consistent while a server writes, checked before kept"


def run(args: argparse.Namespace) -> int:
    from intlscore.faces.commands.session import print_plain
    from intlscore.faces.render.club_view import plural
    from intlscore.session.club.backup import backup

    with open_ledger(args) as ledger:
        copied = backup(ledger, args.file)
        source = ledger.path
    if args.json:
        print_document("backup", {"db": str(source), **copied.to_dict()})
    else:
        print_plain(
            f"backed up {source} to {copied.path}: {plural(copied.sessions, 'session')},"
            f" {plural(copied.deals, 'deal')}, every check passed"
        )
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("backup", help=HELP, description=sentence(HELP))
    parser.add_argument("file", metavar="FILE", help="the backup file (replaced if it exists)")
    add_db_argument(parser)
    add_json_argument(parser)
    parser.set_defaults(run=run)
