"""``intlscore player rename OLD NEW``: fix a player's name in every session, at once."""

from __future__ import annotations

import argparse

from intlscore.faces.commands.common import sentence
from intlscore.faces.commands.deal import add_json_argument, print_document
from intlscore.faces.commands.ledger_option import add_db_argument, open_ledger

HELP = "change a player: rename OLD NEW renames them in every session, in one transaction"


def run_rename(args: argparse.Namespace) -> int:
    from intlscore.faces.commands.session import print_plain, stored_already
    from intlscore.session.club.players import rename_player

    with open_ledger(args) as ledger:
        done = rename_player(ledger, args.old, args.new)
        path = ledger.path
    with stored_already(f"the rename of {args.old!r} to {args.new!r}"):
        if args.json:
            print_document(
                "player-rename",
                {"db": str(path), **done.to_dict(), "nights": list(done.nights)},
            )
        else:
            count, nights = len(done.sessions), len(done.nights)
            where = []
            if count:
                where.append(f"{count} session{'s' * (count != 1)}: {', '.join(done.sessions)}")
            if nights:
                where.append(f"night{'s' * (nights != 1)} {', '.join(done.nights)}")
            print_plain(f"renamed {done.old} to {done.new} in {'; and in '.join(where)}")
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("player", help=HELP, description=sentence(HELP))
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    rename_help = "rename a player in every session of the ledger (one transaction)"
    rename = actions.add_parser("rename", help=rename_help, description=sentence(rename_help))
    from intlscore.faces.commands.completion import complete_players

    complete_players(
        rename.add_argument("old", metavar="OLD", help="the name as it is now (any case)")
    )
    rename.add_argument("new", metavar="NEW", help="the new name")
    add_db_argument(rename)
    add_json_argument(rename)
    rename.set_defaults(run=run_rename)
