"""``intlscore odds``: the chance of each type within N draws, and the best discard (R22);
with ``--play``, the odds under real play beside them (R23).

The engine and ``rich`` are imported inside :func:`run`, so ``intlscore --help``
loads neither.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from intlscore.faces.commands.common import (
    add_context_flags,
    add_seen_and_trump,
    add_table_and_json,
    add_tiles,
    present,
    rack_from_arguments,
    sentence,
    whole_number_argument,
)

HELP = "the chance of each closed-hand type within N draws, and the best discard for 15 tiles"
EXAMPLE = 'example: intlscore odds "k1-12 r5 o9" --draws 4 --seen "k13"'
MAX_DRAWS = 20
"""The most draws ``--draws`` looks ahead (a player draws about 12 times in a 4-player game)."""
MAX_SAMPLES = 100_000
"""The most draw sequences ``--samples`` asks for (about 40 times the default)."""
MAX_SEED = 2**63 - 1


def run(args: argparse.Namespace) -> int:
    """Compute and print the odds of one rack; 0 for every valid rack."""
    from intlscore.engine.odds import odds
    from intlscore.faces.render.progress_bar import LazyBar

    rack = rack_from_arguments(args)
    with LazyBar("odds") as bar:
        result = odds(
            rack,
            draws=args.draws,
            samples=args.samples if args.samples is not None else _default_samples(),
            seed=args.seed if args.seed is not None else _default_seed(),
            progress=bar,
            play=args.play,
        )
    extra = {"rules": rack.rules.name}
    return present(result, args.json, lambda: _view(args.all), "odds", extra)


def _default_samples() -> int:
    from intlscore.engine.odds import DEFAULT_SAMPLES

    return DEFAULT_SAMPLES


def _default_seed() -> int:
    from intlscore.engine.odds import DEFAULT_SEED

    return DEFAULT_SEED


def _view(every: bool) -> Callable[[Any], Any]:
    from intlscore.faces.render.odds_view import odds_view

    return lambda result: odds_view(result, every)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``odds`` to the ``intlscore`` sub-commands."""
    parser = subparsers.add_parser("odds", help=HELP, description=sentence(HELP), epilog=EXAMPLE)
    add_tiles(parser, "the rack, 14 or 15 tiles")
    parser.add_argument(
        "--draws",
        type=whole_number_argument(minimum=1, maximum=MAX_DRAWS, example=6),
        default=6,
        metavar="N",
        help=f"how many draws ahead, 1 to {MAX_DRAWS} (default 6)",
    )
    add_seen_and_trump(parser)
    add_context_flags(parser, "when the win would happen")
    parser.add_argument(
        "--samples",
        type=whole_number_argument(minimum=1, maximum=MAX_SAMPLES, example=2401),
        metavar="S",
        help="Monte Carlo draw sequences, at most 100000"
        " (default 2401: every interval within 2 points)",
    )
    parser.add_argument(
        "--seed",
        type=whole_number_argument(minimum=0, maximum=MAX_SEED, example=1),
        metavar="X",
        help="seed of the draws (default 0); the same seed gives the same answer",
    )
    parser.add_argument(
        "--play",
        action="store_true",
        help="also the odds under real play (R23): a tile thrown back after every draw;"
        " exact where the search is small enough, else a lower bound that says so",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="list every reachable type (without it, those below 0.1%% are left out)",
    )
    add_table_and_json(parser)
    parser.set_defaults(run=run)
