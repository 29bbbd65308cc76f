"""``intlscore export``: the whole ledger as one JSON document (``intlscore import`` reads it)."""

from __future__ import annotations

import argparse

from intlscore.faces.commands.common import sentence
from intlscore.faces.commands.ledger_option import add_db_argument, open_ledger

HELP = "the whole ledger as JSON: every session, every deal with its versions and rules"


def run(args: argparse.Namespace) -> int:
    from intlscore.session.club.backup import export_format, export_ledger

    with open_ledger(args) as ledger:
        exported = export_ledger(ledger)
        path = ledger.path
    data = {"format": export_format(exported), "db": str(path), **exported}
    import json

    from intlscore.faces.documents import document

    if args.compact:
        text = json.dumps(document("ledger", data), ensure_ascii=False, separators=(",", ":"))
    else:
        text = json.dumps(document("ledger", data), ensure_ascii=False, indent=2)
    if args.output is None:
        print(text)
        return 0
    from intlscore.faces.commands.session import print_plain
    from intlscore.session.club.backup import write_private

    write_private(args.output, text + "\n")
    print_plain(f"exported {len(exported['sessions'])} sessions of {path} to {args.output}")
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("export", help=HELP, description=sentence(HELP))
    parser.add_argument(
        "--compact", action="store_true", help="print the JSON on one line, without spaces"
    )
    parser.add_argument(
        "--output", metavar="FILE", help="write it to FILE (private to you) instead of printing"
    )
    add_db_argument(parser)
    parser.set_defaults(run=run)
