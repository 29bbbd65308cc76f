"""``intlscore restore FILE``: put a checked backup in place of the ledger."""

from __future__ import annotations

import argparse

from intlscore.faces.commands.common import sentence
from intlscore.faces.commands.deal import add_json_argument
from intlscore.faces.commands.ledger_option import add_db_argument, open_ledger, show_copied

HELP = "restore the ledger from a backup FILE, refused unless it passes every check"


def run(args: argparse.Namespace) -> int:
    from intlscore.session.club.backup import restore

    with open_ledger(args) as ledger:
        copied = restore(ledger, args.file, replace=args.replace)
    done = f"restored {copied.path} from {args.file}"
    show_copied(args, "restore", {"backup": args.file}, copied, done)
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
