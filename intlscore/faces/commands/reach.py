"""``intlscore reach``: how many draws each closed-hand type is from a hand (R20).

The search and ``rich`` are imported inside :func:`run`, so ``--json`` never
loads ``rich`` and ``intlscore --help`` loads neither.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from intlscore.errors import UnknownTypeError
from intlscore.faces.commands.common import (
    add_context_flags,
    add_seen_and_trump,
    add_table_and_json,
    add_tiles,
    present,
    rack_from_arguments,
    sentence,
)

if TYPE_CHECKING:
    from intlscore.engine.rack import Rack

HELP = "how far a hand of 14 or 15 tiles is from every closed-hand type, and what to draw"
EXAMPLE = 'example: intlscore reach "r1-4 r6-13 r1 k5" --seen "r5"'


def type_number(text: str) -> int:
    """A ``--type`` argument: a type's number, 1 to 9999.

    >>> type_number("24")
    24
    >>> type_number("x")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'x' is not a type number (like 24)
    """
    stripped = text.strip()
    if not (stripped.isascii() and stripped.isdigit() and len(stripped) <= 4):
        raise argparse.ArgumentTypeError(f"{text!r} is not a type number (like 24)")
    return int(stripped)


def run(args: argparse.Namespace) -> int:
    """Compute and print the reachability of every type; 0 for every valid hand."""
    from intlscore.engine.build import tell_if_missing

    rack = rack_from_arguments(args)
    if not (args.json or args.all or args.type):
        return _near_view(rack)
    from intlscore.engine.reach import reachability

    result = reachability(rack)
    numbers = [entry.number for entry in result.types]
    for number in args.type:
        if number not in numbers:
            raise UnknownTypeError(
                f"--type {number}: the table has no type {number}"
                f" (its types are {min(numbers)} to {max(numbers)})"
            )
    tell_if_missing()
    return present(result, args.json, lambda: _view(args), "reach", {"rules": rack.rules.name})


def _near_view(rack: Rack) -> int:
    """The default view, from the near part of the answer alone (far types are not searched)."""
    from intlscore.engine.build import tell_if_missing
    from intlscore.engine.reach.near_search import near_reach
    from intlscore.faces.render.output import print_views
    from intlscore.faces.render.reach_view import FEW_DRAWS, reach_view

    near = near_reach(rack, window=FEW_DRAWS)
    tell_if_missing()
    print_views(reach_view(near))
    return 0


def _view(args: argparse.Namespace) -> Callable[[Any], Any]:
    from intlscore.faces.render import reach_view

    if args.type:
        return lambda result: reach_view.reach_detail_view(result, args.type)
    return reach_view.reach_all_view


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``reach`` to the ``intlscore`` sub-commands."""
    parser = subparsers.add_parser("reach", help=HELP, description=sentence(HELP), epilog=EXAMPLE)
    add_tiles(parser, "the hand, 14 or 15 tiles")
    add_seen_and_trump(parser)
    view = parser.add_argument_group(
        "what to show",
        "By default, one screen: the closest types and the most valuable within a few draws,"
        " one row each (number, name, score, distance, outs).",
    )
    view.add_argument(
        "--all",
        action="store_true",
        help="every type, one compact row each, and why some are unreachable",
    )
    view.add_argument(
        "--type",
        metavar="N",
        type=type_number,
        action="append",
        default=[],
        help="one type in full: its outs with their unseen copies, the tiles to keep, or why it"
        " is unreachable; may be repeated",
    )
    add_context_flags(parser, "when the win would happen")
    add_table_and_json(parser)
    parser.set_defaults(run=run)
