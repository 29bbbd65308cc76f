"""``intlscore players``: every player of the ledger, across its sessions."""

from __future__ import annotations

import argparse

from intlscore.faces.commands.common import sentence
from intlscore.faces.commands.deal import add_json_argument, print_document, print_rich
from intlscore.faces.commands.ledger_option import add_db_argument, open_ledger

HELP = "every player of the ledger: the sessions and deals each one played"


def run(args: argparse.Namespace) -> int:
    from intlscore.session.club.players import list_players

    with open_ledger(args) as ledger:
        players = list_players(ledger)
        path = ledger.path
    if args.json:
        print_document(
            "players", {"db": str(path), "players": [player.to_dict() for player in players]}
        )
    else:
        from intlscore.faces.render.club_view import players_view

        print_rich(players_view(players))
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("players", help=HELP, description=sentence(HELP))
    add_db_argument(parser)
    add_json_argument(parser)
    parser.set_defaults(run=run)
