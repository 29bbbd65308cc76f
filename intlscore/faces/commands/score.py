"""``intlscore score``: score one closed hand (R10-R13) as a rich view or one JSON object.

The engine and ``rich`` are imported inside :func:`run`, so ``--json`` never
loads ``rich`` and ``intlscore --help`` loads neither.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from intlscore.faces.commands.common import (
    add_context_flags,
    add_table_and_json,
    add_tiles,
    present,
    rack_from_arguments,
    sentence,
)

HELP = "score a closed hand: 14 tiles (and --discard), or 15 tiles (the best discard is found)"
EXAMPLE = 'example: intlscore score "k1-13 k1" --discard "*" (quote the * for the shell)'


def run(args: argparse.Namespace) -> int:
    """Score the hand and print it; 0 for every valid hand, whether it scores or not."""
    from intlscore.engine.scoring import score_hand

    rack = rack_from_arguments(args)
    result = score_hand(rack)
    return present(result, args.json, _view, "score", {"rules": rack.rules.name})


def _view() -> Callable[[Any], Any]:
    from intlscore.faces.render.score_view import score_view

    return score_view


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``score`` to the ``intlscore`` sub-commands."""
    parser = subparsers.add_parser("score", help=HELP, description=sentence(HELP), epilog=EXAMPLE)
    add_tiles(parser, "the tiles", ": r7, k13, * (joker), r3-7")
    parser.add_argument(
        "--discard",
        metavar="T",
        help='the final discard when 14 tiles are given; "*" (a joker) doubles the score (R12)',
    )
    add_context_flags(parser, "when the win happened")
    add_table_and_json(parser)
    parser.set_defaults(run=run)
