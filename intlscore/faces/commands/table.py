"""``intlscore table``: the closed-hand types of the table in use, as a reference card.

The rows come from the shipped rules (``tables/international.toml``) or from
``--rules FILE`` (``--table FILE`` is the deprecated older option); ``--json``
prints one document ``{"format": "table/1", "rules": name, "table": source, "types": [...]}``;
``--toml`` prints the whole rules in use as a complete rules file.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from intlscore.faces.commands.common import sentence

if TYPE_CHECKING:
    from rich.console import RenderableType

    from intlscore.rules.hand_table import HandTable

HELP = "list the closed-hand types with their scores (no joker / 1 joker / 2 jokers)"


_CARD_WIDTH = 72
"""Below this width the card's descriptions would be a few words a line: stack instead."""


def table_card(
    table: HandTable, *, title: str | None = None, caption: str | None = None
) -> RenderableType:
    """The reference card: number, name, the three scores and the description of each type.

    Descriptions and names wrap between words; numbers are never cut. Where the
    table cannot fit the width whole, each type becomes a short record.

    >>> from rich.console import Console
    >>> from intlscore.rules.ruleset import default_table
    >>> console = Console(width=40, color_system=None)
    >>> with console.capture() as capture:
    ...     console.print(table_card(default_table()))
    >>> print("\\n".join(capture.get().splitlines()[:3]))
    scores: no joker / 1 joker / 2 jokers
    1  Basic
      500 / 400 / 300
    """
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from intlscore.faces.render.layout import Fitted, Stacked
    from intlscore.faces.render.output import user_text

    card = Table(box=box.SIMPLE_HEAD, show_edge=False, header_style="bold")
    card.add_column("#", justify="right", no_wrap=True)
    card.add_column("type")
    card.add_column("no joker", justify="right", no_wrap=True)
    card.add_column("1 joker", justify="right", no_wrap=True)
    card.add_column("2 jokers", justify="right", no_wrap=True)
    card.add_column("the 14 tiles are")  # no min_width: rich then crops (rich 13-15)
    records: list[tuple[Text, list[RenderableType]]] = []
    for hand_type in table:
        scores = [str(score) for score in hand_type.scores]
        name = user_text(hand_type.name)
        description = user_text(hand_type.description)
        card.add_row(Text(str(hand_type.number)), name, *scores, description)
        headline = Text.assemble(f"{hand_type.number}  ", (name.plain, "bold"))
        records.append((headline, [Text(" / ".join(scores)), description]))
    stacked = Group(Text("scores: no joker / 1 joker / 2 jokers", style="dim"), Stacked(records))
    parts: list[RenderableType] = []
    if title:
        parts.append(user_text(title, style="bold"))
    parts.append(Fitted(card, stacked, at_least=_CARD_WIDTH))
    if caption:
        parts.append(user_text(caption))
    return Group(*parts)


def run(args: argparse.Namespace) -> int:
    """Print the card (or its JSON) for the table in use."""
    from intlscore.faces.commands.rules_option import rules_from_arguments
    from intlscore.faces.documents import document, table_data

    rules = rules_from_arguments(args)
    table = rules.hands
    if args.toml:
        print(rules.to_toml(), end="")
        return 0
    if args.json:
        print(json.dumps(document("table", table_data(rules)), indent=2))
        return 0
    from intlscore.faces.render.output import print_views

    title = f"{len(table)} closed-hand types: score by jokers among the 14 melded tiles (R10)"
    caption = f"rules: {rules.name} ({table.source}); a joker discard doubles the score (R12)"
    print_views(table_card(table, title=title, caption=caption))
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``table`` to the ``intlscore`` sub-commands."""
    parser = subparsers.add_parser("table", help=HELP, description=sentence(HELP))
    from intlscore.faces.commands.rules_option import add_rules_argument

    add_rules_argument(parser, table=True)
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print one JSON object")
    output.add_argument(
        "--toml",
        action="store_true",
        help="print the rules in use as one complete rules file (a house file with its"
        " changes applied)",
    )
    parser.set_defaults(run=run)
