"""Arguments and output shared by the ``score`` and ``reach`` commands.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_context_flags(parser, "when the win happened")
>>> add_table_and_json(parser)
>>> args = parser.parse_args(["--first-turn", "--json"])
>>> args.first_turn, args.original_hand, args.table, args.json
(True, False, None, True)
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping
from typing import Any, Protocol


class Presentable(Protocol):
    """A result object: JSON through ``to_dict``, a rich view through a view function."""

    def to_dict(self) -> dict[str, Any]: ...


def add_context_flags(parser: argparse.ArgumentParser, title: str) -> None:
    """``--first-turn``, ``--original-hand``, ``--starting-player`` (types 39 and 40)."""
    context = parser.add_argument_group(f"{title} (types 39 and 40)")
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


def add_table_and_json(parser: argparse.ArgumentParser) -> None:
    """``--rules FILE`` (``--table FILE``, deprecated) and ``--json``."""
    from intlscore.faces.commands.rules_option import add_rules_argument

    add_rules_argument(parser, table=True)
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def present(
    result: Presentable,
    as_json: bool,
    view: Callable[[], Callable[[Any], Any]],
    kind: str = "score",
    extra: Mapping[str, Any] | None = None,
) -> int:
    """Print one JSON document of ``kind`` (``extra`` keys added), or the rich view;
    ``view`` imports the view only when needed."""
    if as_json:
        from intlscore.faces.documents import document

        print(json.dumps(document(kind, {**result.to_dict(), **(extra or {})}), indent=2))
        return 0
    from rich.console import Console

    Console(highlight=False).print(view()(result))
    return 0
