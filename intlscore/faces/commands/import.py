"""``intlscore import FILE``: store a ledger exported as JSON in an empty ledger."""

from __future__ import annotations

import argparse

from intlscore.faces.commands.common import sentence
from intlscore.faces.commands.deal import add_json_argument
from intlscore.faces.commands.ledger_option import add_db_argument, open_ledger, show_copied

HELP = "store a ledger exported as JSON in an empty ledger"


def run(args: argparse.Namespace) -> int:
    from intlscore.session.club.backup import import_ledger, read_export

    data = read_export(args.file)
    with open_ledger(args) as ledger:
        stored = import_ledger(ledger, data)
    done = f"imported {args.file} into {stored.path}"
    show_copied(args, "import", {"export": args.file}, stored, done)
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("import", help=HELP, description=sentence(HELP))
    parser.add_argument(
        "file", metavar="FILE", help="a file written by intlscore export (- reads stdin)"
    )
    add_db_argument(parser)
    add_json_argument(parser)
    parser.set_defaults(run=run)
