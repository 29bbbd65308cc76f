"""``intlscore restore FILE``: put a checked backup in place of the ledger."""

from __future__ import annotations

import argparse

from intlscore.faces.commands.common import sentence
from intlscore.faces.commands.deal import add_json_argument, print_document
from intlscore.faces.commands.ledger_option import add_db_argument, open_ledger

HELP = "restore the ledger from a backup FILE, refused unless it passes every check"


def run(args: argparse.Namespace) -> int:
    from intlscore.faces.commands.session import print_plain
    from intlscore.faces.render.club_view import plural
    from intlscore.session.club.backup import restore

    with open_ledger(args) as ledger:
        copied = restore(ledger, args.file, replace=args.replace)
    if args.json:
        print_document("restore", {"backup": args.file, **copied.to_dict()})
    else:
        print_plain(
            f"restored {copied.path} from {args.file}: {plural(copied.sessions, 'session')},"
            f" {plural(copied.deals, 'deal')}"
        )
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("restore", help=HELP, description=sentence(HELP))
    parser.add_argument("file", metavar="FILE", help="a backup made by intlscore backup")
    parser.add_argument(
        "--replace",
        action="store_true",
        help="replace a ledger that already holds sessions (else refused)",
    )
    add_db_argument(parser)
    add_json_argument(parser)
    parser.set_defaults(run=run)
