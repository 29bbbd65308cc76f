"""Views of a night: the seating sheet, a round's draft and the standings (rich
renderables that print well on paper: plain rules, no colour needed)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from intlscore.faces.render.layout import Fitted, Stacked
from intlscore.faces.render.output import user_text
from intlscore.session.night.points import KEYS, number_text

if TYPE_CHECKING:
    from intlscore.session.night.money import NightMoney
    from intlscore.session.night.night import RoundClock
    from intlscore.session.night.points import Standing
    from intlscore.session.night.store import Draft, NightView, TableState


def _names(players: Sequence[str]) -> Text:
    return user_text(", ".join(players))


def _tables_grid(
    rows: Sequence[tuple[str, Sequence[str], Sequence[str], str]], played: bool
) -> RenderableType:
    """Tables as a grid (table, seats in order, who starts each deal, deals played), or
    stacked records when the grid does not fit."""
    grid = Table(show_edge=False, pad_edge=False)
    grid.add_column("table", justify="right", no_wrap=True)
    grid.add_column("seats (in order)")
    grid.add_column("starts, deal by deal")
    if played:
        grid.add_column("deals", justify="right", no_wrap=True)
    records: list[tuple[Text, list[RenderableType]]] = []
    for label, seats, starts, deals in rows:
        cells = [Text(label), _names(seats), _names(starts)]
        grid.add_row(*cells, *((Text(deals),) if played else ()))
        head = Text(f"table {label}").append(f"  {deals} deals" if played else "")
        records.append((head, [_names(seats), Text("starts: ").append_text(_names(starts))]))
    return Fitted(grid, Stacked(records))


def sheet_view(view: NightView) -> RenderableType:
    """The night's sheet: its settings, the rounds seated (each table's session, seats and
    starts) and the roll call."""
    night = view.night
    present = len(night.present)
    head = Text(f"night {night.name}", style="bold")
    head.append(
        f": {present} players present, {night.rounds} rounds of {night.deals} deals at each"
        f" table, seed {night.seed}"
        + ("" if night.minutes is None else f", {night.minutes} minutes a round")
        + ("" if night.stake is None else f", stake {night.stake} per point")
    )
    parts: list[RenderableType] = [head]
    states = {(state.round, state.table.table): state for state in view.tables}
    for seated in night.seated:
        parts += [Text(""), Text(f"round {seated.round}", style="bold")]
        if view.clock is not None and view.clock.round == seated.round:
            parts.append(Text(_clock_text(view.clock)))
        rows = [
            (
                str(table.table),
                table.players,
                table.starts,
                _deals_cell(states[(seated.round, table.table)], night.deals),
            )
            for table in seated.tables
        ]
        parts.append(_tables_grid(rows, played=True))
        sessions = ", ".join(table.session for table in seated.tables)
        parts.append(Text("sessions: ").append_text(user_text(sessions)))
    if not night.seated:
        parts += [Text(""), Text(f"no round seated yet: intlscore night seat {night.name}")]
    if night.cut is not None:
        parts += [
            Text(""),
            user_text(night.cut.summary),
        ]
    if night.log:
        parts += [Text(""), Text("roll call", style="bold")]
        parts += [user_text(line) for line in night.log]
    return Group(*parts)


def _deals_cell(state: TableState, deals: int) -> str:
    """A table's deals played of the round's, and ``time up`` while it owes the deal in
    play."""
    late = state.time_up and not state.finished
    return f"{state.deals}/{deals}" + (" time up" if late else "")


def _clock_text(clock: RoundClock) -> str:
    """The round's clock in a line: when it ends and the time left (or that time is up)."""
    ends = clock.ends[11:16]
    if clock.time_up:
        return f"time up at {ends} UTC: each table finishes the deal in play"
    minutes, seconds = divmod(clock.seconds_left, 60)
    return f"ends at {ends} UTC, {minutes}:{seconds:02} left"


def standings_view(rows: Sequence[Standing], order: Sequence[str]) -> RenderableType:
    """The standings: place, player, points, margin, closed wins, tables, and why each row
    stands where it does."""
    keys = ", ".join(KEYS[key] for key in order)
    title = Text("standings", style="bold").append(f" (ranked by {keys})", style="")
    if not rows:
        return Group(title, Text("no players"))
    grid = Table(show_edge=False, pad_edge=False)
    grid.add_column("#", justify="right", no_wrap=True)
    grid.add_column("player")
    for heading in ("points", "margin", "wins", "tables"):
        grid.add_column(heading, justify="right", no_wrap=True)
    grid.add_column("why")
    records: list[tuple[Text, list[RenderableType]]] = []
    for row in rows:
        numbers = (number_text(row.points), number_text(row.margin), str(row.wins),
                   str(row.tables))
        grid.add_row(Text(str(row.place)), user_text(row.player),
                     *(Text(cell) for cell in numbers), user_text(row.why))
        head = Text(f"{row.place}. ").append_text(user_text(row.player, style="bold"))
        head.append(f"  {numbers[0]} points, margin {numbers[1]}")
        records.append((head, [Text(f"closed wins {numbers[2]}, tables {numbers[3]}"),
                               user_text(row.why)]))
    return Group(title, Fitted(grid, Stacked(records)))


def night_view(view: NightView) -> RenderableType:
    """``night show``: the sheet, the standings and the warnings."""
    parts: list[RenderableType] = [sheet_view(view), Text(""),
                                   standings_view(view.standings, view.night.order)]
    parts += _warnings(view.warnings)
    return Group(*parts)


def _warnings(warnings: Sequence[str]) -> list[RenderableType]:
    return [Text("warning: ", style="bold").append_text(user_text(line)) for line in warnings]


def draft_view(name: str, draft: Draft, accepted: bool, sessions: Sequence[str] = ()
               ) -> RenderableType:
    """``night seat``: the round's tables (drafted or accepted), its flaws and warnings."""
    what = "seated" if accepted else "draft"
    head = Text(f"round {draft.round} {what}", style="bold")
    how = ", seeded by standing after the cut" if draft.cut else ""
    how += ", by standing" if draft.by_standing else ""
    head.append(f" (seed {draft.seed}{how})")
    rows = [
        (str(number), seats, starts, "")
        for number, (seats, starts) in enumerate(draft.tables, start=1)
    ]
    parts: list[RenderableType] = [head, _tables_grid(rows, played=False)]
    if sessions:
        parts.append(Text("sessions: ").append_text(user_text(", ".join(sessions))))
    if draft.flaws:
        parts.append(Text(""))
        parts += [Text("flaw: ", style="bold").append_text(user_text(flaw.text))
                  for flaw in draft.flaws]
    else:
        parts.append(Text("no flaw in this round"))
    if draft.later_flaws:
        parts.append(Text(f"the plan of the later rounds has {draft.later_flaws} flaws so far"))
    parts += _warnings(draft.warnings)
    if not accepted:
        parts.append(Text("").append_text(user_text(
            f"publish it with: intlscore night seat {name} --accept")))
    return Group(*parts)


def money_view(money: NightMoney) -> RenderableType:
    """``night settle``: the fewest transfers over the whole night, then each player's net
    (the sum of their nets at every table, each table at its own stake)."""
    from intlscore.faces.render.settle_view import _net_text, _payments

    fewest = "fewest transfers for the night" + ("" if money.exact else
                                                 " (greedy, at most n-1)")
    nets = Table(show_edge=False, pad_edge=False)
    nets.add_column("player")
    nets.add_column("net", justify="right", no_wrap=True)
    records: list[tuple[Text, list[RenderableType]]] = []
    for player, net in money.nets.items():
        amount = _net_text(net, net > 0, net < 0)
        nets.add_row(user_text(player), amount)
        records.append((user_text(player, style="bold").append("  ").append_text(amount), []))
    tables = ", ".join(f"{name} at {table.stake}" for name, table in money.tables)
    return Group(
        _payments(fewest, money.transfers),
        Text(""),
        Text("nets over the night", style="bold"),
        Fitted(nets, Stacked(records)),
        Text(""),
        Text("tables settled: ").append_text(user_text(tables)),
    )
