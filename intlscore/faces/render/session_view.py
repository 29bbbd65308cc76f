"""Rich views of a session: running totals, deal-by-deal history, the list of sessions.

Each table falls back to stacked records where it cannot fit the width whole, so
a total or a delta is never cut.

>>> from rich.console import Console
>>> from intlscore.rules.ruleset import default_deal_table
>>> from intlscore.session.ledger import SessionState
>>> state = SessionState("friday", ("ann", "bob"), "2024-01-01T20:00:00+00:00",
...                      default_deal_table(), ())
>>> console = Console(width=100, color_system=None)
>>> with console.capture() as capture:
...     console.print(session_view(state))
>>> print(capture.get().splitlines()[0])
session friday: ann, bob (no deals yet)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from intlscore.faces.render.amend_words import AmendChange
from intlscore.faces.render.deal_view import delta_text
from intlscore.faces.render.layout import Fitted, Stacked
from intlscore.faces.render.output import user_text
from intlscore.rules.deal_table import DealTable
from intlscore.session.ledger import RecordedDeal, Rescore, SessionState, SessionSummary

if TYPE_CHECKING:
    from intlscore.session.night.place import TablePlace

__all__ = [
    "deal_line",
    "history_view",
    "house_line",
    "rescore_view",
    "rules_line",
    "session_list_view",
    "session_view",
    "table_line",
    "table_line_parts",
    "totals_view",
    "versions_view",
]


def house_line(table: DealTable) -> str:
    """The house options of a deal table in a few words."""
    bonus = "on" if table.trump_bonus_enabled else "off"
    return f"joker on a rack {table.joker_on_rack}, trump bonus {bonus}"


def rules_line(name: str, table: DealTable) -> str:
    """Which rules are in force: ``rules international: joker on a rack 30, ...``."""
    return f"rules {name}: {house_line(table)}"


def rescore_view(report: Rescore) -> RenderableType:
    """Old and new totals of a session scored again under other rules."""
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("player")
    table.add_column("now", justify="right", no_wrap=True)
    table.add_column(user_text(f"under {report.rules.name}"), justify="right", no_wrap=True)
    table.add_column("change", justify="right", no_wrap=True)
    records: list[tuple[Text, list[RenderableType]]] = []
    for name, old in report.old.items():
        new = report.new[name]
        cells = (delta_text(old), delta_text(new), delta_text(new - old))
        table.add_row(user_text(name), *cells)
        line = Text.assemble(
            "now ", cells[0], "  under the new rules ", cells[1], "  change ", cells[2]
        )
        records.append((user_text(name, style="bold"), [line]))
    count = len(report.deals)
    head = Text(f"{count} deal{'s' * (count != 1)} scored again from their stored input")
    return Group(head, Fitted(table, Stacked(records)))


def totals_view(players: Sequence[str], totals: Mapping[str, int]) -> RenderableType:
    """One row per player with the running total."""
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("player")
    table.add_column("total", justify="right", no_wrap=True)
    stacked: list[tuple[Text, list[RenderableType]]] = []
    for name in players:
        table.add_row(user_text(name), delta_text(totals[name]))
        stacked.append((user_text(name).append("  ").append_text(delta_text(totals[name])), []))
    return Group(Text("totals", style="bold"), Fitted(table, Stacked(stacked)))


def deal_line(deal: RecordedDeal) -> str:
    """``deal 3: closed win by ann: 24 Royal, no joker``."""
    return f"deal {deal.number}: {deal.summary}"


def _running(delta: int, total: int) -> Text:
    return delta_text(delta).append(f" ({total})", style="dim")


ENDING_WIDTH = 28
"""The ending column is at least this wide, so that it takes a line or two, never five: where
the running totals leave it less, the table shows the deltas alone."""
LATEST = 20
"""``session show`` shows the latest this many deals (``--all`` every one)."""


def _history_table(
    players: Sequence[str],
    rows: Sequence[tuple[RecordedDeal, dict[str, int]]],
    running: bool,
) -> tuple[Table, int]:
    """The table, and the width it needs to give the ending :data:`ENDING_WIDTH` columns
    (rich measures a column that does not wrap by its longest word, so count it here)."""
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("ending", min_width=ENDING_WIDTH)
    widths = [1, ENDING_WIDTH]
    for name in players:
        table.add_column(user_text(name), justify="right", no_wrap=True)
        widths.append(user_text(name).cell_len)
    for deal, totals in rows:
        ending = deal.summary + (" (amended)" if deal.amended else "")
        cells: list[Text] = [Text(str(deal.number)), user_text(ending)]
        for name in players:
            delta = deal.deltas[name]
            cells.append(_running(delta, totals[name]) if running else delta_text(delta))
        table.add_row(*cells)
        widths = [max(width, cell.cell_len) for width, cell in zip(widths, cells, strict=True)]
    widths[1] = ENDING_WIDTH
    return table, sum(widths) + 3 * (len(widths) - 1)  # " │ " between columns


def history_view(
    players: Sequence[str],
    deals: Sequence[RecordedDeal],
    latest: int | None = None,
    was: Mapping[int, AmendChange] | None = None,
) -> RenderableType:
    """Deal by deal: how it ended, each player's delta, and the running totals where the
    width allows; only the ``latest`` deals when given (the running totals still count
    every deal), with a line saying how many are left out. ``was`` gives, by deal number,
    what each amended deal's last amendment changed (was → now)."""
    was = {} if was is None else was
    running = dict.fromkeys(players, 0)
    rows: list[tuple[RecordedDeal, dict[str, int]]] = []
    for deal in deals:
        for name in players:
            running[name] += deal.deltas[name]
        rows.append((deal, dict(running)))
    hidden = 0 if latest is None else max(0, len(rows) - latest)
    rows = rows[hidden:]
    records: list[tuple[Text, list[RenderableType]]] = []
    for deal, totals in rows:
        details = Table.grid(padding=(0, 1))
        details.add_column()
        details.add_column(justify="right", no_wrap=True)
        details.add_column(style="dim", no_wrap=True)
        for name in players:
            details.add_row(user_text(name), delta_text(deal.deltas[name]), f"({totals[name]})")
        records.append((user_text(deal_line(deal)), [details]))
    table, running_width = _history_table(players, rows, True)
    with_totals = Group(Text("deals (running total in brackets)", style="bold"), table)
    table, deltas_width = _history_table(players, rows, False)
    deltas_only = Group(
        Text("deals (each player's change; the totals are above)", style="bold"), table
    )
    stacked = Group(Text("deals (running total in brackets)", style="bold"), Stacked(records))
    parts: list[RenderableType] = []
    if hidden:
        left_out = "deal 1 is" if hidden == 1 else f"deals 1 to {hidden} are"
        parts.append(Text(f"{left_out} left out; session show --all shows every deal", style="dim"))
    narrow = Fitted(deltas_only, stacked, at_least=deltas_width)
    parts.append(Fitted(with_totals, narrow, at_least=running_width))
    for deal, _ in rows:  # what each amendment changed, under the table
        if deal.number in was:
            parts.append(
                user_text(f"deal {deal.number} amended, was → now: {was[deal.number].text()}")
            )
    return Group(*parts)


def table_line_parts(place: TablePlace) -> list[str]:
    """The pieces of a night's table line (:func:`table_line`), which the page shows
    one by one.

    >>> from intlscore.session.night.place import TablePlace
    >>> seats = ("ann", "ben", "cy", "di")
    >>> table_line_parts(TablePlace("cafe", 1, 4, 2, seats, seats, played=1))
    ['Table 2', 'round 1 of 4', 'ann, ben, cy, di (seat order)', 'ben starts deal 2 of 4']
    >>> table_line_parts(TablePlace("cafe", 3, 3, 1, seats, seats[:2], played=2))[-1]
    "the round's 2 deals are played (cy would start deal 3)"
    """
    if place.over:
        played = (
            "the round's deal is played"
            if place.deals == 1
            else f"the round's {place.deals} deals are played"
        )
        starts = f"{played} ({place.starter} would start deal {place.deal})"
    else:
        starts = f"{place.starter} starts deal {place.deal} of {place.deals}"
    return [
        f"Table {place.table}",
        f"round {place.round} of {place.rounds}",
        f"{', '.join(place.seats)} (seat order)",
        starts,
    ]


def table_line(place: TablePlace) -> str:
    """A night's table in one line, as the phones of the table and ``session show``
    print it: ``Table 2 · round 1 of 4 · ann, ben, cy, di (seat order) · ben starts deal
    2 of 4``."""
    return " · ".join(table_line_parts(place))


def session_view(
    state: SessionState,
    latest: int | None = LATEST,
    was: Mapping[int, AmendChange] | None = None,
    place: TablePlace | None = None,
) -> RenderableType:
    """The headline, the totals and the history of one session (its ``latest`` deals;
    None for every one); ``was``: what each amended deal's last amendment changed;
    ``place``: where it sits in a night (its table line under the headline)."""
    count = len(state.deals)
    deals = "no deals yet" if count == 0 else f"{count} deal{'s' * (count != 1)}"
    head = user_text(f"session {state.name}: {', '.join(state.players)} ({deals})", style="bold")
    house = rules_line(state.rules_name, state.table)
    if state.stake is not None:
        house += f"; stake {state.stake} per point"
    parts: list[RenderableType] = [head]
    if place is not None:
        parts.append(user_text(table_line(place)))
    parts += [
        user_text(house, style="dim"),
        Text(""),
        totals_view(state.players, state.totals),
    ]
    if state.deals:
        parts += [Text(""), history_view(state.players, state.deals, latest, was)]
    return Group(*parts)


def versions_view(session: str, versions: Sequence[RecordedDeal]) -> RenderableType:
    """Every version of one deal, oldest first, each with when it was stored and its
    deltas; the last is the deal as it stands."""
    number = versions[-1].number
    count = len(versions)
    head = user_text(
        f"session {session}, deal {number}: {count} version{'s' * (count != 1)}", style="bold"
    )
    parts: list[RenderableType] = [head]
    for index, deal in enumerate(versions, start=1):
        state = "as it stands" if index == count else "replaced"
        parts.append(user_text(f"{index}. {deal.created} ({state}): {deal.summary}"))
        deltas = ", ".join(
            f"{name} {delta:+d}" if delta else f"{name} 0" for name, delta in deal.deltas.items()
        )
        parts.append(user_text(f"   {deltas}", style="dim"))
    return Group(*parts)


def session_list_view(sessions: Sequence[SessionSummary]) -> RenderableType:
    """All sessions of a ledger."""
    if not sessions:
        return Text("no sessions yet (start one with: intlscore session new NAME --players ...)")
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("session")
    table.add_column("players")
    table.add_column("deals", justify="right", no_wrap=True)
    table.add_column("created", no_wrap=True)
    records: list[tuple[Text, list[Text]]] = []
    for summary in sessions:
        players = user_text(", ".join(summary.players))
        count = f"{summary.deals} deal{'s' * (summary.deals != 1)}"
        created = user_text(summary.created)
        table.add_row(user_text(summary.name), players, Text(str(summary.deals)), created)
        headline = user_text(summary.name, style="bold").append(f"  {count}")
        records.append((headline, [players, Text("created ").append_text(created)]))
    return Fitted(table, Stacked(records))
