"""``intlscore stats``: statistics across the sessions of the ledger."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from intlscore.faces.commands.common import sentence
from intlscore.faces.commands.deal import add_json_argument, print_document, print_rich
from intlscore.faces.commands.ledger_option import add_db_argument, open_ledger

if TYPE_CHECKING:
    from intlscore.session.club.stats import Selection

HELP = "statistics across sessions: wins, closed hands, averages, streaks, money"
STREAK = (
    "streak: a player's longest run of wins in a row, over the deals they played (an open,"
    " foot or closed win each; a deal of theirs that another player wins, or that ends with"
    " no winner, ends the run). money: each session settled (R19), the nets summed."
)


def add_selection_arguments(parser: argparse.ArgumentParser) -> None:
    """``--since``, ``--until`` and ``--sessions`` (shared with ``standings``)."""
    parser.add_argument("--since", metavar="DATE", help="only deals from this day on (YYYY-MM-DD)")
    parser.add_argument("--until", metavar="DATE", help="only deals up to this day (YYYY-MM-DD)")
    parser.add_argument(
        "--sessions", metavar="NAME", nargs="+", help="only these sessions (default: all)"
    )


def add_money_options(parser: argparse.ArgumentParser) -> None:
    """``--stake`` (optional: the ledger stores none) and ``--unit``."""
    parser.add_argument(
        "--stake",
        metavar="AMOUNT",
        help="money per point: each session settled at this stake (default: each session's"
        " own, kept by 'session new --stake' or its first 'session settle')",
    )
    parser.add_argument(
        "--unit",
        default="0.01",
        metavar="AMOUNT",
        help="smallest unit of the currency (default 0.01), as in settle",
    )


def selection(args: argparse.Namespace) -> Selection:
    """The deals chosen by ``--since``, ``--until`` and ``--sessions``."""
    from intlscore.session.club.stats import Selection

    return Selection.typed(args.since, args.until, args.sessions or ())


def run(args: argparse.Namespace) -> int:
    from intlscore.session.club.stats import read_season, season_stats

    chosen = selection(args)
    with open_ledger(args) as ledger:
        season = read_season(ledger)
        path = ledger.path
    stats = season_stats(season, chosen, args.stake, args.unit)
    if args.json:
        data = stats.to_dict()
        if args.player is not None:  # one player's row; the table's figures stay whole
            data["players"] = [stats.player(args.player).to_dict()]
        print_document("stats", {"db": str(path), **data})
        return 0
    from intlscore.faces.render.club_view import stats_view

    if args.player is None:
        print_rich(stats_view(stats))
    else:
        print_rich(stats_view(stats.only(args.player), chart=False))
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "stats",
        help=HELP,
        description=sentence(HELP),
        epilog=STREAK,
    )
    from intlscore.faces.commands.completion import complete_players

    complete_players(
        parser.add_argument("--player", metavar="NAME", help="only this player (any case)")
    )
    add_selection_arguments(parser)
    add_money_options(parser)
    add_db_argument(parser)
    add_json_argument(parser)
    parser.set_defaults(run=run)
