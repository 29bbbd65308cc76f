"""``intlscore standings``: the season table by score, money or rating."""

from __future__ import annotations

import argparse

from intlscore.faces.commands.common import sentence
from intlscore.faces.commands.deal import add_json_argument, print_document, print_rich
from intlscore.faces.commands.ledger_option import add_db_argument, open_ledger
from intlscore.faces.commands.stats import add_money_options, add_selection_arguments, selection

HELP = "the season table: by total score, by money, or by a skill rating (openskill)"
ORDINAL = (
    "rating: openskill's estimate of a player's skill from the order of the players in each"
    " deal, as mu ± sigma (the estimate and how unsure it is; everyone starts at 25 ± 8.3)."
    " ordinal: mu - 3 x sigma, a cautious figure to rank by: a player with few deals is"
    " unsure, so ranks low whatever their luck."
)


def run(args: argparse.Namespace) -> int:
    from intlscore.session.club.standings import standings
    from intlscore.session.club.stats import read_season

    chosen = selection(args)
    with open_ledger(args) as ledger:
        season = read_season(ledger)
        path = ledger.path
        table = standings(season, chosen, args.by, args.stake, args.unit, ledger=ledger)
    if args.json:
        print_document("standings", {"db": str(path), **table.to_dict()})
    else:
        from intlscore.faces.render.club_view import standings_view

        print_rich(standings_view(table))
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "standings", help=HELP, description=sentence(HELP), epilog=ORDINAL
    )
    parser.add_argument(
        "--by",
        choices=("score", "money", "rating"),
        default="score",
        help="the order: total score (default); money (each session at its own stake, or"
        " --stake); or the rating's ordinal",
    )
    add_selection_arguments(parser)
    add_money_options(parser)
    add_db_argument(parser)
    add_json_argument(parser)
    parser.set_defaults(run=run)
