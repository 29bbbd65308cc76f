"""``intlscore odds``: the chance of each type within N draws, and the best discard (R22).

The engine and ``rich`` are imported inside :func:`run`, so ``intlscore --help``
loads neither.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from intlscore.faces.commands.common import add_context_flags, add_table_and_json, present

HELP = "the chance of each closed-hand type within N draws, and the best discard for 15 tiles"
EXAMPLE = 'example: intlscore odds "k1-12 r5 o9" --draws 4 --seen "k13"'


def run(args: argparse.Namespace) -> int:
    """Compute and print the odds of one rack; 0 for every valid rack."""
    from intlscore.engine.odds import odds
    from intlscore.faces.commands.rules_option import rules_from_arguments
    from intlscore.faces.render.progress_bar import LazyBar

    rules = rules_from_arguments(args)
    with LazyBar("odds") as bar:
        result = odds(
            args.tiles,
            draws=args.draws,
            seen=args.seen or (),
            trump=args.trump,
            first_turn=args.first_turn,
            original_hand=args.original_hand,
            starting_player=args.starting_player,
            rules=rules,
            samples=args.samples if args.samples is not None else _default_samples(),
            seed=args.seed,
            progress=bar,
        )
    return present(result, args.json, _view, "odds", {"rules": rules.name})


def _default_samples() -> int:
    from intlscore.engine.odds import DEFAULT_SAMPLES

    return DEFAULT_SAMPLES


def _view() -> Callable[[Any], Any]:
    from intlscore.faces.render.odds_view import odds_view

    return odds_view


def _whole(low: int, name: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{name} must be a whole number; got {text!r}"
            ) from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{name} must be at least {low}; got {value}")
        return value

    return parse


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``odds`` to the ``intlscore`` sub-commands."""
    parser = subparsers.add_parser(
        "odds", help=HELP, description=HELP.capitalize() + ".", epilog=EXAMPLE
    )
    parser.add_argument(
        "tiles",
        metavar="TILES",
        nargs="+",
        help="the rack, 14 or 15 tiles, as one quoted string or several arguments",
    )
    parser.add_argument(
        "--draws",
        type=_whole(1, "--draws"),
        default=6,
        metavar="N",
        help="how many draws ahead (default 6)",
    )
    parser.add_argument(
        "--seen",
        metavar="TILES",
        action="append",
        help="tiles out of play (discards, other players' melds); may be repeated",
    )
    parser.add_argument("--trump", metavar="T", help="the face-up trump tile")
    add_context_flags(parser, "when the win would happen")
    parser.add_argument(
        "--samples",
        type=_whole(1, "--samples"),
        metavar="S",
        help="Monte Carlo draw sequences (default 2401: every interval within 2 points)",
    )
    parser.add_argument(
        "--seed",
        type=_whole(0, "--seed"),
        default=0,
        metavar="X",
        help="seed of the draws (default 0); the same seed gives the same answer",
    )
    add_table_and_json(parser)
    parser.set_defaults(run=run)
