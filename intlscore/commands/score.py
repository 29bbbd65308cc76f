"""``intlscore score``: score one closed hand (R10-R13) as a rich view or one JSON object.

The engine and ``rich`` are imported inside :func:`run`, so ``--json`` never
loads ``rich`` and ``intlscore --help`` loads neither.
"""

from __future__ import annotations

import argparse
import json

HELP = "score a closed hand: 14 tiles (and --discard), or 15 tiles (the best discard is found)"
EXAMPLE = 'example: intlscore score "k1-13 k1" --discard "*" (quote the * for the shell)'


def run(args: argparse.Namespace) -> int:
    """Score the hand and print it; 0 for every valid hand, whether it scores or not."""
    from intlscore.scoring import score_hand

    result = score_hand(
        args.tiles,
        discard=args.discard,
        first_turn=args.first_turn,
        original_hand=args.original_hand,
        starting_player=args.starting_player,
        table=args.table,
    )
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
        return 0
    from rich.console import Console

    from intlscore.render.score_view import score_view

    Console(highlight=False).print(score_view(result))
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``score`` to the ``intlscore`` sub-commands."""
    parser = subparsers.add_parser(
        "score", help=HELP, description=HELP.capitalize() + ".", epilog=EXAMPLE
    )
    parser.add_argument(
        "tiles",
        metavar="TILES",
        nargs="+",
        help="the tiles, as one quoted string or several arguments: r7, k13, * (joker), r3-7",
    )
    parser.add_argument(
        "--discard",
        metavar="T",
        help='the final discard when 14 tiles are given; "*" (a joker) doubles the score (R12)',
    )
    context = parser.add_argument_group("when the win happened (types 39 and 40)")
    context.add_argument(
        "--first-turn", action="store_true", help="the win comes on the player's first turn"
    )
    context.add_argument(
        "--original-hand",
        action="store_true",
        help="the 14 melded tiles are the tiles the player was dealt",
    )
    context.add_argument(
        "--starting-player",
        action="store_true",
        help="the player is the starting player (dealt 15; never a Grand blitz)",
    )
    parser.add_argument(
        "--table",
        metavar="FILE",
        help="a house closed-hand table (TOML) instead of the shipped one",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)
