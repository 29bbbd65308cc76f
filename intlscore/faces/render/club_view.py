"""Views of the club: the players of a ledger, statistics, standings (rich renderables)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from intlscore.faces.render.bars import bar_chart
from intlscore.faces.render.layout import Fitted, Stacked
from intlscore.faces.render.output import user_text

if TYPE_CHECKING:
    from intlscore.session.club.players import Player
    from intlscore.session.club.standings import Standings
    from intlscore.session.club.stats import PlayerStats, Stats


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


def signed(value: int) -> str:
    """``+100``, ``-5``, ``0``.

    >>> signed(100), signed(-5), signed(0)
    ('+100', '-5', '0')
    """
    return f"{value:+d}" if value else "0"


def average_text(value: Fraction) -> str:
    """An average delta to one decimal, signed.

    >>> average_text(Fraction(-1724, 7)), average_text(Fraction(0))
    ('-246.3', '0.0')
    """
    rounded = round(float(value), 1)
    return f"{rounded:+.1f}" if rounded else "0.0"


def _wins(player: PlayerStats) -> str:
    return " ".join(f"{kind} {count}" for kind, count in player.wins.items() if count) or "none"


def stats_view(stats: Stats, chart: bool = True) -> RenderableType:
    """The statistics of a season: one row per player, the closed types made, the
    biggest hands, and (``chart``) a bar chart of each player's total."""
    from rich.console import Group

    if not stats.players or not stats.deals:
        return Text("no deals in this selection")
    money = any(player.money is not None for player in stats.players)
    table = Table(show_edge=False, pad_edge=False)
    headings = ("player", "deals", "total", "avg", "open", "foot", "closed", "streak")
    for heading in headings:
        table.add_column(heading, justify="left" if heading == "player" else "right")
    if money:
        table.add_column("money", justify="right", no_wrap=True)
    records: list[tuple[Text, list[Text]]] = []
    for player in stats.players:
        cells = [
            str(player.deals),
            signed(player.total),
            average_text(player.average),
            *(str(count) for count in player.wins.values()),
            str(player.longest_streak),
        ]
        if money:
            cells.append(str(player.money))
        table.add_row(user_text(player.name), *(Text(cell) for cell in cells))
        lines = [
            Text(
                f"{plural(player.deals, 'deal')} in {plural(player.sessions, 'session')},"
                f" average {average_text(player.average)}"
            ),
            Text(f"wins: {_wins(player)}; longest streak {player.longest_streak}"),
        ]
        if player.best is not None:
            best = player.best
            lines.append(
                user_text(
                    f"best: {signed(best.deltas[player.name])} ({best.session} #{best.number})"
                )
            )
        head = user_text(player.name, style="bold").append(f"  total {signed(player.total)}")
        if money:
            head.append(f"  money {player.money}")
        records.append((head, lines))
    parts: list[RenderableType] = [Fitted(table, Stacked(records))]
    if chart:
        parts += [
            Text(""),
            Text("totals", style="bold"),
            bar_chart([(player.name, player.total) for player in stats.players]),
        ]
    parts += [Text(""), closed_view(stats)]
    return Group(*parts)


def closed_view(stats: Stats) -> RenderableType:
    """How often each closed type was made, and the biggest hands."""
    from rich.console import Group

    if not stats.closed_types:
        return Text("no closed hands made")
    counts = bar_chart(
        [(f"{closed.number} {closed.name}", closed.count) for closed in stats.closed_types],
        signed=False,
    )
    hands = Table(show_edge=False, pad_edge=False)
    hands.add_column("points", justify="right", no_wrap=True)
    hands.add_column("hand")
    records: list[tuple[Text, list[Text]]] = []
    for hand in stats.biggest:
        what = user_text(
            f"{hand.type_number} {hand.type_name} by {hand.player} ({hand.session} #{hand.number})"
        )
        hands.add_row(Text(signed(hand.points)), what)
        records.append((Text(signed(hand.points), style="bold"), [what]))
    return Group(
        Text("closed hands made", style="bold"),
        counts,
        Text(""),
        Text("biggest hands", style="bold"),
        Fitted(hands, Stacked(records)),
    )


def standings_view(table: Standings) -> RenderableType:
    """The season table: rank, player, deals, total, money (with a stake) and the rating
    (mu ± sigma, and the ordinal the table can be sorted by)."""
    from rich.console import Group

    if not table.rows or not any(row.deals for row in table.rows):
        return Text("no deals in this selection")
    money = any(row.money is not None for row in table.rows)
    grid = Table(show_edge=False, pad_edge=False)
    grid.add_column("#", justify="right", no_wrap=True)
    grid.add_column("player")
    for heading in ("deals", "total", *(("money",) if money else ()), "rating", "ordinal"):
        grid.add_column(heading, justify="right", no_wrap=True)
    records: list[tuple[Text, list[Text]]] = []
    for row in table.rows:
        rating = f"{row.rating.mu:.1f} ± {row.rating.sigma:.1f}"
        ordinal = f"{row.rating.ordinal:.1f}"
        cells = [str(row.deals), signed(row.total), *((str(row.money),) if money else ())]
        grid.add_row(
            Text(str(row.rank)),
            user_text(row.name),
            *(Text(cell) for cell in (*cells, rating, ordinal)),
        )
        head = Text(f"{row.rank}. ").append_text(user_text(row.name, style="bold"))
        head.append(f"  {signed(row.total)}" + (f"  {row.money}" if money else ""))
        records.append((head, [Text(f"{plural(row.deals, 'deal')}; {rating} (ordinal {ordinal})")]))
    label = {"score": "total score", "money": "money", "rating": "rating (ordinal)"}[table.order]
    parts: list[RenderableType] = [
        Text(f"standings by {label}", style="bold"),
        Fitted(grid, Stacked(records)),
    ]
    if table.order == "score":
        parts += [Text(""), bar_chart([(row.name, row.total) for row in table.rows])]
    return Group(*parts)
