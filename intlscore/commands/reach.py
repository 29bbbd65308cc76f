"""``intlscore reach``: how many draws each closed-hand type is from a hand (R20).

The search and ``rich`` are imported inside :func:`run`, so ``--json`` never
loads ``rich`` and ``intlscore --help`` loads neither.
"""

from __future__ import annotations

import argparse
import json

HELP = "how far a hand of 14 or 15 tiles is from every closed-hand type, and what to draw"
EXAMPLE = 'example: intlscore reach "r1-4 r6-13 r1 k5" --seen "r5"'


def run(args: argparse.Namespace) -> int:
    """Compute and print the reachability of every type; 0 for every valid hand."""
    from intlscore.reach import reachability

    result = reachability(
        args.tiles,
        seen=args.seen or (),
        trump=args.trump,
        first_turn=args.first_turn,
        original_hand=args.original_hand,
        starting_player=args.starting_player,
        table=args.table,
    )
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
        return 0
    from rich.console import Console

    from intlscore.render.reach_view import reach_view

    Console(highlight=False).print(reach_view(result))
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``reach`` to the ``intlscore`` sub-commands."""
    parser = subparsers.add_parser(
        "reach", help=HELP, description=HELP.capitalize() + ".", epilog=EXAMPLE
    )
    parser.add_argument(
        "tiles",
        metavar="TILES",
        nargs="+",
        help="the hand, 14 or 15 tiles, as one quoted string or several arguments",
    )
    parser.add_argument(
        "--seen",
        metavar="TILES",
        action="append",
        help="tiles out of play (discards, other players' melds); may be repeated",
    )
    parser.add_argument("--trump", metavar="T", help="the face-up trump tile")
    context = parser.add_argument_group("when the win would happen (types 39 and 40)")
    context.add_argument(
        "--first-turn", action="store_true", help="the win would come on the first turn"
    )
    context.add_argument(
        "--original-hand", action="store_true", help="the tiles are the hand as dealt"
    )
    context.add_argument(
        "--starting-player",
        action="store_true",
        help="the player is the starting player (never a Grand blitz)",
    )
    parser.add_argument(
        "--table",
        metavar="FILE",
        help="a house closed-hand table (TOML) instead of the shipped one",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)
