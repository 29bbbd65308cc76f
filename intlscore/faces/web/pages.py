"""The HTML pages: ``/`` (scorer), ``/reach``, ``/sessions`` and ``/session/NAME``.

Pages are Jinja2 templates (autoescaped: a player's name is text, never markup).
The scorer and reach pages are static forms that talk to the JSON API; the
session page is rendered from one snapshot of the ledger (history, totals,
chart) and records deals through the API.
"""

from __future__ import annotations

from datetime import datetime, tzinfo
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from intlscore.engine.tiles import COLOUR_LETTERS, COLOUR_NAMES
from intlscore.faces.render.amend_words import AmendChange, amend_changes
from intlscore.faces.render.session_view import table_line_parts
from intlscore.faces.web.api import open_session, session_name, settings
from intlscore.faces.web.chart import player_order, running_chart
from intlscore.faces.web.names import url_segment
from intlscore.session.deal import KINDS
from intlscore.session.night.place import TablePlace, table_place

__all__ = ["PICKER_TILES", "clock", "render", "routes", "tile_label"]

TEMPLATES = Path(__file__).parent / "templates"

ENVIRONMENT = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
)


def tile_label(tile: str) -> str:
    """The accessible name of a tile: its notation first.

    >>> tile_label("k1"), tile_label("o13"), tile_label("*")
    ('k1 (black 1)', 'o13 (orange 13)', '* joker')
    """
    if tile == "*":
        return "* joker"  # not in brackets: the visible word must be in the name (WCAG 2.5.3)
    colour = COLOUR_NAMES[COLOUR_LETTERS.index(tile[0])]
    return f"{tile} ({colour} {tile[1:]})"


def clock(stamp: str, now: datetime | None = None, zone: tzinfo | None = None) -> str:
    """A stored time (an ISO stamp) as a phone shows it: the hour and minute in the
    server's time zone (the table's), with the day in front when it is not today.

    >>> from datetime import UTC
    >>> today = datetime(2026, 11, 27, 22, 0, tzinfo=UTC)
    >>> clock("2026-11-27T21:14:05+00:00", today, UTC)
    '21:14'
    >>> clock("2026-11-20T09:05:00+00:00", today, UTC)
    '20 Nov 09:05'
    """
    when = datetime.fromisoformat(stamp).astimezone(zone)
    today = (now or datetime.now(when.tzinfo)).astimezone(when.tzinfo).date()
    day = "" if when.date() == today else f"{when.day} {when:%b} "
    return f"{day}{when:%H:%M}"


PICKER_TILES = [
    {"tile": f"{letter}{number}", "colour": letter, "number": str(number)}
    for letter in COLOUR_LETTERS
    for number in range(1, 14)
] + [{"tile": "*", "colour": "j", "number": "*"}]
"""The 53 chips of the picker, by colour then number, the joker last."""

KIND_WORDS = {"open": "open win", "foot": "foot win", "closed": "closed win", "none": "no winner"}

ENVIRONMENT.globals.update(picker_tiles=PICKER_TILES, tile_label=tile_label)
ENVIRONMENT.filters["clock"] = clock
ENVIRONMENT.filters["session_url"] = lambda name: "/session/" + url_segment(name)


def render(request: Request, template: str, status: int = 200, **values: Any) -> Response:
    """A page from its template, with the join QR code when the server has one."""
    from intlscore.faces.web.join import qr_svg

    join_url = settings(request).join_url
    page = ENVIRONMENT.get_template(template).render(
        path=request.url.path,
        join_url=join_url,
        join_qr=Markup(qr_svg(join_url)) if join_url else None,  # segno's own SVG
        **values,
    )
    return HTMLResponse(page, status_code=status)


async def scorer(request: Request) -> Response:
    rules = settings(request).house_rules()
    return render(request, "score.html", title="Score a hand", rules_name=rules.name)


async def reach(request: Request) -> Response:
    rules = settings(request).house_rules()
    return render(request, "reach.html", title="Reach", rules_name=rules.name)


async def sessions(request: Request) -> Response:
    where = settings(request)

    def job() -> list[Any]:
        with where.ledger() as ledger:
            return ledger.sessions()

    return render(
        request,
        "sessions.html",
        title="Sessions",
        sessions=await run_in_threadpool(job),
        house=where.house_rules(),
    )


async def session(request: Request) -> Response:
    where = settings(request)
    name = session_name(request)

    def job() -> tuple[Any, list[str], dict[int, AmendChange], TablePlace | None]:
        with where.ledger() as ledger:
            opened = open_session(ledger, name)
            state = where.states.read(opened)
            # each player's style on the chart is theirs in every session and the club's
            order = player_order(ledger)
            # a night's table: its number, seats and who starts the deal in play (issue 43)
            place = table_place(ledger, state.name, len(state.deals))
            return state, order, amend_changes(state.deals, opened.versions), place

    state, order, was, place = await run_in_threadpool(job)
    chart = running_chart(state.players, [deal.deltas for deal in state.deals], order)
    return render(
        request,
        "session.html",
        title=f"Session {state.name}",
        state=state,
        was=was,
        chart=chart,
        kinds=[(kind, KIND_WORDS[kind]) for kind in KINDS],
        place=place,
        table_line=None if place is None else table_line_parts(place),
    )


async def service_worker(request: Request) -> Response:
    """``/sw.js``: the service worker, served from the root so that it may keep every page."""
    from starlette.responses import FileResponse

    return FileResponse(
        Path(__file__).parent / "static" / "sw.js", media_type="text/javascript; charset=utf-8"
    )


def routes() -> list[Route]:
    return [
        Route("/sw.js", service_worker, methods=["GET"]),
        Route("/", scorer, methods=["GET"]),
        Route("/reach", reach, methods=["GET"]),
        Route("/sessions", sessions, methods=["GET"]),
        Route("/session/{name}", session, methods=["GET"]),
    ]
