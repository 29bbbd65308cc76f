"""``intlscore reach``: how many draws each closed-hand type is from a hand (R20).

The search and ``rich`` are imported inside :func:`run`, so ``--json`` never
loads ``rich`` and ``intlscore --help`` loads neither.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from intlscore.faces.commands.common import add_context_flags, add_table_and_json, present

HELP = "how far a hand of 14 or 15 tiles is from every closed-hand type, and what to draw"
EXAMPLE = 'example: intlscore reach "r1-4 r6-13 r1 k5" --seen "r5"'


def run(args: argparse.Namespace) -> int:
    """Compute and print the reachability of every type; 0 for every valid hand."""
    from intlscore.engine.reach import reachability
    from intlscore.faces.commands.rules_option import rules_from_arguments

    rules = rules_from_arguments(args)
    result = reachability(
        args.tiles,
        seen=args.seen or (),
        trump=args.trump,
        first_turn=args.first_turn,
        original_hand=args.original_hand,
        starting_player=args.starting_player,
        rules=rules,
    )
    return present(result, args.json, _view, "reach", {"rules": rules.name})


def _view() -> Callable[[Any], Any]:
    from intlscore.faces.render.reach_view import reach_view

    return reach_view


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
    add_context_flags(parser, "when the win would happen")
    add_table_and_json(parser)
    parser.set_defaults(run=run)
