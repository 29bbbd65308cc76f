"""``intlscore table``: the closed-hand types of the table in use, as a reference card.

The rows come from the shipped rules (``tables/international.toml``) or from
``--rules FILE`` (``--table FILE`` is the deprecated older option); ``--json``
prints one document ``{"format": "table/1", "rules": name, "table": source, "types": [...]}``.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import RenderableType

    from intlscore.rules.hand_table import HandTable

HELP = "list the closed-hand types with their scores (no joker / 1 joker / 2 jokers)"


def table_rows(table: HandTable) -> list[dict[str, Any]]:
    """The rows of the reference card, in table order.

    >>> from intlscore.rules.hand_table import default_table
    >>> royal = table_rows(default_table())[23]
    >>> royal["number"], royal["name"], royal["scores"]
    (24, 'Royal', [2400, 2200, 2000])
    """
    return [
        {
            "number": hand_type.number,
            "name": hand_type.name,
            "scores": list(hand_type.scores),
            "description": hand_type.description,
        }
        for hand_type in table
    ]


def table_card(
    table: HandTable, *, title: str | None = None, caption: str | None = None
) -> RenderableType:
    """The reference card: number, name, the three scores and the description of each type."""
    from rich import box
    from rich.table import Table

    card = Table(
        title=title,
        caption=caption,
        caption_justify="left",
        title_justify="left",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        header_style="bold",
        pad_edge=False,
    )
    card.add_column("#", justify="right", no_wrap=True)
    card.add_column("type", no_wrap=True)
    card.add_column("no joker", justify="right", no_wrap=True)
    card.add_column("1 joker", justify="right", no_wrap=True)
    card.add_column("2 jokers", justify="right", no_wrap=True)
    card.add_column("the 14 tiles are", min_width=20)
    for hand_type in table:
        no_joker, one_joker, two_jokers = (str(score) for score in hand_type.scores)
        card.add_row(
            str(hand_type.number),
            hand_type.name,
            no_joker,
            one_joker,
            two_jokers,
            hand_type.description,
        )
    return card


def run(args: argparse.Namespace) -> int:
    """Print the card (or its JSON) for the table in use."""
    from intlscore.faces.commands.rules_option import rules_from_arguments
    from intlscore.faces.documents import document

    rules = rules_from_arguments(args)
    table = rules.hands
    if args.json:
        data = {"rules": rules.name, "table": table.source, "types": table_rows(table)}
        print(json.dumps(document("table", data), indent=2))
        return 0
    from rich.console import Console

    title = f"{len(table)} closed-hand types: score by jokers among the 14 melded tiles (R10)"
    caption = f"rules: {rules.name} ({table.source}); a joker discard doubles the score (R12)"
    Console(highlight=False).print(table_card(table, title=title, caption=caption))
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``table`` to the ``intlscore`` sub-commands."""
    parser = subparsers.add_parser("table", help=HELP, description=HELP.capitalize() + ".")
    from intlscore.faces.commands.rules_option import add_rules_argument

    add_rules_argument(parser, table=True)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)
