"""Views of the club: the players of a ledger, statistics, standings (rich renderables)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from intlscore.faces.render.layout import Fitted, Stacked
from intlscore.faces.render.output import user_text

if TYPE_CHECKING:
    from intlscore.session.club.players import Player


def plural(count: int, word: str) -> str:
    """``1 deal``, ``2 deals``.

    >>> plural(1, "deal"), plural(0, "session")
    ('1 deal', '0 sessions')
    """
    return f"{count} {word}{'s' * (count != 1)}"


def players_view(players: Sequence[Player]) -> RenderableType:
    """Every player of a ledger: sessions played and deals."""
    if not players:
        return Text("no players yet (start a session: intlscore session new NAME --players ...)")
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("player")
    table.add_column("sessions")
    table.add_column("deals", justify="right", no_wrap=True)
    records: list[tuple[Text, list[Text]]] = []
    for player in players:
        sessions = user_text(", ".join(player.sessions))
        table.add_row(user_text(player.name), sessions, Text(str(player.deals)))
        headline = user_text(player.name, style="bold").append(f"  {plural(player.deals, 'deal')}")
        records.append((headline, [sessions]))
    return Fitted(table, Stacked(records))
