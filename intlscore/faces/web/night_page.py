"""What a night's pages show, read in one snapshot of the ledger: the round in play (each
table's seats, who starts the deal in play, its deals, its join link and QR code), the roll
call and the round's clock (:func:`night_page`). Rendering is the templates' job
(``night.html``, ``night_screen.html``); the routes are :mod:`.night`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from markupsafe import Markup

from intlscore.faces.web.names import url_segment
from intlscore.session.ledger import clock
from intlscore.session.night.points import KEYS

if TYPE_CHECKING:
    from intlscore.session.ledger import Ledger, RecordedDeal
    from intlscore.session.night.store import NightView

__all__ = ["NightPage", "Roll", "TableInPlay", "night_page", "seconds_between", "table_link"]


def table_link(session: str, join_url: str | None, base_url: str) -> str:
    """The address a table's phones open: its session's page, on the join URL's host with
    its token when the server has one (``serve --lan``), else on this server.

    >>> table_link("cafe-r1-t2", "http://192.168.1.20:8765/?token=abc", "http://x/")
    'http://192.168.1.20:8765/session/cafe-r1-t2?token=abc'
    >>> table_link("cafe r1", None, "http://127.0.0.1:8765/")
    'http://127.0.0.1:8765/session/cafe%20r1'
    """
    path = "/session/" + url_segment(session)
    if join_url:
        parts = urlsplit(join_url)
        query = f"?{parts.query}" if parts.query else ""
        return f"{parts.scheme}://{parts.netloc}{path}{query}"
    return base_url.rstrip("/") + path


@dataclass(frozen=True, slots=True)
class TableInPlay:
    """A table of the round in play as the pages show it."""

    table: int
    session: str
    link: str
    qr: Markup
    seats: tuple[str, ...]
    starter: str | None
    """Who starts the deal in play (None once the table has played its deals)."""
    deal: int
    """The number of the deal in play (one more than the deals played)."""
    deals: int
    totals: dict[str, int]
    history: tuple[str, ...]
    """Each deal recorded so far, in words ("1. open win by ada: ada +200, ...")."""


@dataclass(frozen=True, slots=True)
class Roll:
    """One player of the roll call: ``status`` is ``present`` (at a table of the round in
    play, or waiting for the first), ``standby`` (at the night, seated from the next round),
    ``gone`` (left) or ``out`` (not in the cut); ``where`` says it in words."""

    player: str
    status: str
    where: str


@dataclass(frozen=True, slots=True)
class NightPage:
    """What the organiser's and the projector's pages show, read in one snapshot."""

    view: NightView
    round: int | None
    """The round in play (the last seated), None before the first."""
    tables: tuple[TableInPlay, ...]
    roll: tuple[Roll, ...]
    accepted: str | None
    """When the round in play was accepted (an ISO stamp)."""
    next_round: int | None
    """The round the draft seats, None once every round is seated."""
    elapsed: int | None = None
    """Whole seconds since the round in play was accepted, when read (None before the
    first); the pages count on from there, so a device's own clock does not matter."""

    @property
    def order(self) -> str:
        return ", ".join(KEYS[key] for key in self.view.night.order)


def _roll(view: NightView, tables: tuple[TableInPlay, ...]) -> tuple[Roll, ...]:
    night = view.night
    seat = {player: table.table for table in tables for player in table.seats}
    present = set(night.present)
    rows = []
    for player in night.players:
        if player in night.gone:
            rows.append(Roll(player, "gone", "left the night"))
        elif player not in present:
            rows.append(Roll(player, "out", "not in the cut"))
        elif player in seat:
            rows.append(Roll(player, "present", f"table {seat[player]}"))
        elif tables:
            rows.append(Roll(player, "standby", "seated from the next round"))
        else:
            rows.append(Roll(player, "present", "waiting for round 1"))
    return tuple(rows)


def _history(deal: RecordedDeal) -> str:
    deltas = ", ".join(f"{p} {d:+d}" if d else f"{p} 0" for p, d in deal.deltas.items())
    return f"{deal.number}. {deal.summary}: {deltas}"


def seconds_between(start: str, end: str) -> int:
    """Whole seconds from one ISO stamp to another (never below 0).

    >>> seconds_between("2026-12-06T20:00:00+00:00", "2026-12-06T20:12:03+00:00")
    723
    """
    passed = datetime.fromisoformat(end) - datetime.fromisoformat(start)
    return max(0, int(passed.total_seconds()))


def night_page(ledger: Ledger, name: str, join_url: str | None, base_url: str) -> NightPage:
    """The night and its round in play, read in one snapshot (the tables' deals too)."""
    import sqlite3

    from intlscore.faces.web.join import qr_svg
    from intlscore.session.night.store import read_night

    def read(_: sqlite3.Connection | None) -> NightPage:
        view = read_night(ledger, name)
        night = view.night
        tables: list[TableInPlay] = []
        if night.seated:
            last = night.seated[-1]
            states = {s.table.table: s for s in view.tables if s.round == last.round}
            for table in last.tables:
                state = states[table.table]
                deals = ledger.session(table.session).snapshot().deals
                link = table_link(table.session, join_url, base_url)
                in_play = state.deals < len(table.starts)
                tables.append(
                    TableInPlay(
                        table.table,
                        table.session,
                        link,
                        Markup(qr_svg(link)),
                        table.players,
                        table.starts[state.deals] if in_play else None,
                        state.deals + 1,
                        state.deals,
                        state.totals,
                        tuple(_history(deal) for deal in deals),
                    )
                )
        seated = tuple(tables)
        upcoming = len(night.seated) + 1
        accepted = night.seated[-1].accepted if night.seated else None
        return NightPage(
            view,
            night.seated[-1].round if night.seated else None,
            seated,
            _roll(view, seated),
            accepted,
            upcoming if upcoming <= night.total_rounds else None,
            None if accepted is None else seconds_between(accepted, clock.now()),
        )

    return ledger.read(read)
