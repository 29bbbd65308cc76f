"""The rich view of one scored deal: who won how, and each player's delta with its arithmetic.

Where the table of players does not fit the width (``COLUMNS=40``), each player
becomes a short record instead: name, role and delta on one line, the rack and
the arithmetic below. A delta is never cut.

>>> from rich.console import Console
>>> from intlscore.session.deal import score_deal
>>> deal = score_deal(["ann", "bob"], kind="open", winner="ann", racks={"bob": "r5 *"})
>>> console = Console(width=100, color_system=None)
>>> with console.capture() as capture:
...     console.print(deal_view(deal))
>>> print(capture.get().splitlines()[0])
open win by ann
>>> console = Console(width=30, color_system=None)
>>> with console.capture() as capture:
...     console.print(deal_view(deal))
>>> print("\\n".join(line.rstrip() for line in capture.get().splitlines()))
open win by ann
ann  winner  +100
  open win: +100
bob  melded  -35
  rack  r5   *
  rack r5 * = 5 + 30: -35
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from intlscore.faces.render.chips import chip_row, placed_row
from intlscore.faces.render.layout import Fitted, Stacked
from intlscore.faces.render.output import user_text
from intlscore.session.deal import DealResult, PlayerScore

__all__ = ["deal_view", "delta_text"]

_TABLE_WIDTH = 64
"""Below this width the "why" column would be a word or two a line: stack instead."""


def delta_text(delta: int) -> Text:
    """A signed score change, green when it gains and red when it loses."""
    style = "bold green" if delta > 0 else "bold red" if delta < 0 else ""
    return Text(f"{delta:+d}", style=style)


def _hand_line(result: DealResult) -> Text | None:
    closed = result.closed
    if closed is not None and closed.best is not None:
        hand = user_text(f"{result.winner}'s hand: ")
        hand.append_text(
            Text("  ").join(
                placed_row((placed.tile, placed.represented) for placed in meld.tiles)
                for meld in closed.best.melds
            )
        )
        if closed.discard is not None:
            hand.append("   discard ")
            hand.append_text(chip_row([closed.discard]))
        return hand
    if result.discard is not None:
        return Text("discard ").append_text(chip_row([result.discard]))
    return None


def _rack_cell(player: PlayerScore) -> Text:
    """The rack as tile chips, ``counted 42+1j`` for a rack given as its value, else -."""
    if player.counted is not None:
        return Text(f"counted {player.counted}")
    return chip_row(player.rack) if player.rack else Text("-")


def _players_table(players: tuple[PlayerScore, ...]) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("player")
    table.add_column("role", no_wrap=True)
    table.add_column("rack")
    table.add_column("delta", justify="right", no_wrap=True)
    table.add_column("why")
    for player in players:
        table.add_row(
            user_text(player.name),
            Text(player.role),
            _rack_cell(player),
            delta_text(player.delta),
            user_text(player.why),
        )
    return table


def _players_stacked(players: tuple[PlayerScore, ...]) -> Stacked:
    records: list[tuple[Text, list[RenderableType]]] = []
    for player in players:
        headline = Text.assemble(user_text(player.name), f"  {player.role}  ")
        headline.append_text(delta_text(player.delta))
        details: list[RenderableType] = []
        if player.rack or player.counted is not None:
            details.append(Text("rack ").append_text(_rack_cell(player)))
        details.append(user_text(player.why))
        records.append((headline, details))
    return Stacked(records)


def deal_view(result: DealResult) -> RenderableType:
    """Headline, the winner's closed hand (if any), and every player's delta."""
    parts: list[RenderableType] = [user_text(result.summary, style="bold")]
    hand = _hand_line(result)
    if hand is not None:
        parts.append(hand)
    if result.trump is not None:
        bonus = "trump bonus on" if result.table.trump_bonus_enabled else "trump bonus off"
        parts.append(Text("trump ").append_text(chip_row([result.trump])).append(f"  ({bonus})"))
    wide, stacked = _players_table(result.players), _players_stacked(result.players)
    parts.append(Fitted(wide, stacked, at_least=_TABLE_WIDTH))
    return Group(*parts)
