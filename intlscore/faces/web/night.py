"""A tournament night on the page: the organiser's ``/night/NAME``, the projector's
``/night/NAME/screen`` and their JSON API under ``/api/night/NAME``.

=============================================  ============================================
``GET  /api/night/NAME``                        ``intlscore night show --json``
``GET  /api/night/NAME/draft``                  ``intlscore night seat --json`` (the draft;
                                                ``?by_standing=1``: ``--by-standing``)
``POST /api/night/NAME/preview``                ``{"tables", "swap"?}``: a seating given by
                                                hand (after swapping the pair ``swap``),
                                                checked, with its flaws; stores nothing
``POST /api/night/NAME/accept``                 ``{"round", "tables", "force"?}``: seats
                                                exactly those tables (``night seat
                                                --accept``)
``POST /api/night/NAME/arrive``                 ``{"player"}``: ``intlscore night arrive``
``POST /api/night/NAME/leave``                  ``{"player"}``: ``intlscore night leave``
=============================================  ============================================

The writes go through the :class:`~intlscore.faces.web.guard.Guard` (the token) and are
keyed as every write of the API is (:mod:`.idempotency`): the same ``Idempotency-Key``
again stores nothing and gets the first answer. Bad input is a 400 with one line and
stores nothing. The pages are rendered from one snapshot of the ledger
(:func:`.night_page.night_page`: the roll call, the round in play with each table's join
link, QR code and deals, and the standings) and follow the ledger live (``live.js``): a
deal at any table, a round accepted or a player arriving, from any phone or the command
line, shows without a reload. The draft is asked for by the page's script (it plans the
later rounds, which takes a moment), so that a deal recorded at a table does not plan the
night again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from intlscore.errors import BadRequest
from intlscore.faces.web.api import answer, fields, settings
from intlscore.faces.web.inputs import Fields, parse_body
from intlscore.faces.web.names import name_from_segment, url_segment
from intlscore.faces.web.night_page import NightPage, night_page
from intlscore.faces.web.pages import render
from intlscore.session.night.points import number_text

if TYPE_CHECKING:
    from intlscore.session.ledger import Ledger
    from intlscore.session.night.store import Draft

__all__ = ["routes"]

MOST_TABLES = 100
"""The most tables a seating sent to the API may have (100 players at tables of 3)."""


def night_name(request: Request) -> str:
    """The night named in the URL (any name the CLI accepts)."""
    return name_from_segment(request.path_params["name"])


async def _page(request: Request) -> NightPage:
    where = settings(request)
    name = night_name(request)
    base = str(request.base_url)

    def job() -> NightPage:
        with where.ledger() as ledger:
            return night_page(ledger, name, where.join_url, base)

    return await run_in_threadpool(job)


async def organiser(request: Request) -> Response:
    page = await _page(request)
    name = page.view.night.name
    return render(request, "night.html", title=f"Night {name}", page=page,
                  number=number_text, segment=url_segment(name))  # fmt: skip


async def screen(request: Request) -> Response:
    page = await _page(request)
    name = page.view.night.name
    return render(request, "night_screen.html", title=f"Night {name}", page=page,
                  number=number_text, segment=url_segment(name))  # fmt: skip


# -- the JSON API ------------------------------------------------------------------------------


class SeatingFields(Fields):
    """The body's fields, with a seating: a list of tables, each a list of names."""

    def tables(self, key: str) -> list[list[str]]:
        value = self._get(key)
        if value is None:
            raise BadRequest(f"{key} is missing")
        if (
            not isinstance(value, list)
            or not value
            or len(value) > MOST_TABLES
            or not all(isinstance(table, list) and table for table in value)
        ):
            raise BadRequest(f"{key} must be a list of tables, each a list of players")
        checked = []
        for table in value:
            checked.append(Fields({key: table}).names(key))
        return checked

    def pair(self, key: str) -> tuple[str, str] | None:
        names = self.names(key)
        if not names:
            return None
        if len(names) != 2:
            raise BadRequest(f"{key} names two players, not {len(names)}")
        return names[0], names[1]


async def _fields(request: Request) -> SeatingFields:
    return SeatingFields(parse_body(await request.body()))


def _seat_document(name: str, draft: Draft, sessions: list[str] | None = None) -> dict[str, Any]:
    """A draft (or the round accepted) as ``night seat --json`` prints it."""
    return {
        "night": name,
        **draft.to_dict(),
        "accepted": sessions is not None,
        "sessions": sessions or [],
        "swaps": [],
    }


async def show_api(request: Request) -> Response:
    from intlscore.session.night.store import read_night

    where = settings(request)
    name = night_name(request)

    def job() -> dict[str, Any]:
        with where.ledger() as ledger:
            return read_night(ledger, name).to_dict()

    return answer(request, "night", await run_in_threadpool(job))


async def draft_api(request: Request) -> Response:
    from intlscore.session.night.store import draft_round

    where = settings(request)
    name = night_name(request)
    by_standing = request.query_params.get("by_standing", "") in ("1", "true", "yes")

    def job() -> Draft:
        with where.ledger() as ledger:
            return draft_round(ledger, name, by_standing=by_standing)

    draft = await run_in_threadpool(job)
    document = _seat_document(name, draft)
    return answer(request, "night-seat", document)


async def preview_api(request: Request) -> Response:
    from intlscore.session.night.store import preview_seating

    body = await _fields(request)
    tables = body.tables("tables")
    swap = body.pair("swap")
    body.done()
    where = settings(request)
    name = night_name(request)

    def job() -> Draft:
        with where.ledger() as ledger:
            return preview_seating(ledger, name, tables, swap)

    draft = await run_in_threadpool(job)
    document = _seat_document(name, draft)
    document["swaps"] = [list(swap)] if swap else []
    return answer(request, "night-seat", document)


async def _night_write(
    request: Request,
    kind: str,
    work: Callable[[Ledger, str], dict[str, Any]],
    status: int = 200,
) -> Response:
    """A write to the night of the URL, answered with the document ``kind`` (keyed by the
    ``Idempotency-Key`` header when it has one, :mod:`.idempotency`)."""
    from intlscore.faces.web.idempotency import keyed_write

    name = night_name(request)

    def write(ledger: Ledger) -> JSONResponse:
        return answer(request, kind, work(ledger, name), status)

    return await keyed_write(request, settings(request).ledger, f"night:{name}", write)


async def accept_api(request: Request) -> Response:
    from intlscore.session.night.store import accept_seating

    body = await _fields(request)
    number = body.whole_number("round")
    tables = body.tables("tables")
    force = body.flag("force")
    body.done()
    if number is None:
        raise BadRequest("round is missing (the round the seating is for)")

    def work(ledger: Ledger, name: str) -> dict[str, Any]:
        draft, seated = accept_seating(ledger, name, tables, round=number, force=force)
        return _seat_document(name, draft, [table.session for table in seated.tables])

    return await _night_write(request, "night-seat", work, 201)


async def _roll_call_api(request: Request, arriving: bool) -> Response:
    from intlscore.session.night.store import read_night, roll_call

    body = await fields(request)
    player = body.text("player", required=True)
    body.done()

    def work(ledger: Ledger, name: str) -> dict[str, Any]:
        roll_call(ledger, name, player, arriving=arriving)
        return read_night(ledger, name).to_dict()

    return await _night_write(request, "night", work)


async def arrive_api(request: Request) -> Response:
    return await _roll_call_api(request, arriving=True)


async def leave_api(request: Request) -> Response:
    return await _roll_call_api(request, arriving=False)


def routes() -> list[Route]:
    return [
        Route("/night/{name}", organiser, methods=["GET"]),
        Route("/night/{name}/screen", screen, methods=["GET"]),
        Route("/api/night/{name}", show_api, methods=["GET"]),
        Route("/api/night/{name}/draft", draft_api, methods=["GET"]),
        Route("/api/night/{name}/preview", preview_api, methods=["POST"]),
        Route("/api/night/{name}/accept", accept_api, methods=["POST"]),
        Route("/api/night/{name}/arrive", arrive_api, methods=["POST"]),
        Route("/api/night/{name}/leave", leave_api, methods=["POST"]),
    ]
