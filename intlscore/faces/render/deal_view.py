"""The rich view of one scored deal: who won how, and each player's delta with its arithmetic.

>>> from rich.console import Console
>>> from intlscore.session.deal import score_deal
>>> deal = score_deal(["ann", "bob"], kind="open", winner="ann", racks={"bob": "r5 *"})
>>> console = Console(width=100, color_system=None)
>>> with console.capture() as capture:
...     console.print(deal_view(deal))
>>> print(capture.get().splitlines()[0])
open win by ann
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from intlscore.faces.render.chips import chip_row, placed_row
from intlscore.session.deal import DealResult

__all__ = ["deal_view", "delta_text"]


def delta_text(delta: int) -> Text:
    """A signed score change, green when it gains and red when it loses."""
    style = "bold green" if delta > 0 else "bold red" if delta < 0 else ""
    return Text(f"{delta:+d}", style=style)


def deal_view(result: DealResult) -> RenderableType:
    """Headline, the winner's closed hand (if any), and the table of deltas."""
    parts: list[RenderableType] = [Text(result.summary, style="bold")]
    closed = result.closed
    if closed is not None and closed.best is not None:
        hand = Text(f"{result.winner}'s hand: ")
        hand.append_text(
            Text("  ").join(
                placed_row((placed.tile, placed.represented) for placed in meld.tiles)
                for meld in closed.best.melds
            )
        )
        if closed.discard is not None:
            hand.append("   discard ")
            hand.append_text(chip_row([closed.discard]))
        parts.append(hand)
    elif result.discard is not None:
        parts.append(Text("discard ").append_text(chip_row([result.discard])))
    if result.trump is not None:
        bonus = "trump bonus on" if result.table.trump_bonus_enabled else "trump bonus off"
        parts.append(Text("trump ").append_text(chip_row([result.trump])).append(f"  ({bonus})"))

    table = Table(show_edge=False, pad_edge=False)
    table.add_column("player")
    table.add_column("role")
    table.add_column("rack")
    table.add_column("delta", justify="right")
    table.add_column("why")
    for player in result.players:
        table.add_row(
            player.name,
            player.role,
            chip_row(player.rack) if player.rack else Text("-"),
            delta_text(player.delta),
            player.why,
        )
    parts.append(table)
    return Group(*parts)
