"""The ``intlscore`` command line.

Each sub-command lives in its own module under :mod:`intlscore.faces.commands` and
exposes ``add_parser(subparsers)``; the parser it adds sets ``run``, a function
``(argparse.Namespace) -> int``. Heavy imports (the engine, ``rich``) happen
inside ``run`` so that start-up stays light.

Every error that intlscore raises on purpose (:class:`IntlscoreError`) becomes
one line on stderr and exit status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from intlscore.errors import IntlscoreError

COMMAND_MODULES = ("score", "table", "reach", "odds", "simulate", "deal", "session", "settle")


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, one sub-parser per command module."""
    parser = argparse.ArgumentParser(
        prog="intlscore",
        description="Score International Rummikub closed hands, deals and sessions.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"intlscore.faces.commands.{name}")
        except ModuleNotFoundError as error:
            if error.name == f"intlscore.faces.commands.{name}":
                continue  # command not built yet
            raise
        module.add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0 ok, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except IntlscoreError as error:
        print(f"intlscore: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("intlscore: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
