"""``intlscore simulate``: the odds of a dealt hand, from many random deals (R20-R22).

The engine and ``rich`` are imported inside :func:`run`; Dask only with ``--scheduler``.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import Any

from intlscore.faces.commands.common import present, sentence, whole_number_argument

HELP = "deal many random hands and count how often each type is dealt or formed within k draws"
EXAMPLE = "example: intlscore simulate --hands 100000 --workers 2 --seed 1"
MAX_HANDS = 100_000_000
"""The most deals ``--hands`` simulates (hours on one core; split larger runs by seed)."""


def run(args: argparse.Namespace) -> int:
    """Run the simulation and print the table; 0 when it completes."""
    from intlscore.engine.odds.simulate import simulate
    from intlscore.errors import IntlscoreError
    from intlscore.faces.render.progress_bar import LazyBar

    executor = None
    client: Any = None
    if args.scheduler is not None:
        try:
            # by name: the optional Dask is typed alike whether it is installed or not
            distributed = importlib.import_module("distributed")
        except ImportError:
            raise IntlscoreError("--scheduler needs Dask: pip install 'intlscore[dask]'") from None
        try:
            client = distributed.Client(args.scheduler, timeout=10)
        except Exception as error:  # distributed raises many kinds here (seen: MemoryError)
            raise IntlscoreError(
                f"cannot reach the Dask scheduler {args.scheduler!r}: {error}"
            ) from None
        executor = client.get_executor()
    try:
        with LazyBar("simulate") as bar:
            counts = simulate(
                args.hands,
                seed=args.seed,
                workers=args.workers,
                ks=args.within or (1, 3, 6),
                executor=executor,
                progress=bar,
            )
    finally:
        if client is not None:
            client.close()
    return present(counts, args.json, _view, "simulate")


def _view() -> Callable[[Any], Any]:
    from intlscore.faces.render.simulate_view import simulate_view

    return simulate_view


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``simulate`` to the ``intlscore`` sub-commands."""
    parser = subparsers.add_parser(
        "simulate", help=HELP, description=sentence(HELP), epilog=EXAMPLE
    )
    parser.add_argument(
        "--hands",
        type=whole_number_argument(minimum=1, maximum=MAX_HANDS, example=100000),
        required=True,
        metavar="N",
        help="how many deals to simulate, at most 100000000",
    )
    parser.add_argument(
        "--workers",
        type=whole_number_argument(minimum=1, maximum=1024, example=2),
        default=1,
        metavar="W",
        help="worker processes (default 1); the result does not depend on it",
    )
    parser.add_argument(
        "--seed",
        type=whole_number_argument(minimum=0, maximum=2**63, example=1),
        default=0,
        metavar="S",
        help="seed of the deals (default 0)",
    )
    parser.add_argument(
        "--within",
        type=whole_number_argument(minimum=1, maximum=40, example=3),
        action="append",
        metavar="K",
        help="count types formed within K draws (repeatable; default 1, 3 and 6)",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run the chunks on this Dask scheduler (needs the 'dask' extra)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)
