"""What the command line does to a session, on the page too (issue 18).

==============================================  ===============================================
``GET  /api/session/NAME/rules``                ``intlscore session rules NAME --json``
``POST /api/session/NAME/rescore/preview``      ``intlscore session rescore NAME --json``
``POST /api/session/NAME/rescore``              ``intlscore session rescore NAME --yes --json``
``GET  /api/session/NAME/check``                ``intlscore session check NAME --json``
``GET  /api/session/NAME/export.csv``           ``intlscore session export NAME --format csv``
``GET  /api/session/NAME/deal/N/versions``      ``intlscore session versions NAME N --json``
==============================================  ===============================================

A rescore body is that of a new session's rules: ``rules`` (a rules file's text; without
it, the session's own rules), ``joker_value`` and ``trump_bonus``. The preview stores
nothing; the confirmation is a write like any other (``Idempotency-Key`` included).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from intlscore.faces.documents import (
    session_rescore_data,
    session_rules_data,
    session_versions_data,
)
from intlscore.faces.web.api import (
    RULES_TEXT,
    answer,
    fields,
    session_write,
    with_session,
)
from intlscore.session.ledger import Session

if TYPE_CHECKING:
    from intlscore.rules import Rules

__all__ = ["routes"]


async def rules(request: Request) -> Response:
    state = await run_in_threadpool(with_session(request, lambda session: session.snapshot()))
    return answer(request, "session-rules", session_rules_data(state))


async def _new_rules(request: Request) -> tuple[Rules | None, dict[str, Any]]:
    """The rules of a rescore body (None: the session's own) and the options given."""
    from intlscore.rules import parse_rules

    body = await fields(request)
    text = body.text("rules", limit=RULES_TEXT)
    options = {
        "joker_value": body.whole_number("joker_value"),
        "trump_bonus": body.optional_flag("trump_bonus"),
    }
    body.done()
    given = parse_rules(text, "the rules file of the page") if text and text.strip() else None
    return given, options


def _rules_for(session: Session, given: Rules | None, options: dict[str, Any]) -> Rules:
    return (session.rules if given is None else given).with_options(**options)


async def rescore_preview(request: Request) -> Response:
    """What the session's scores would be under other rules; nothing is stored."""
    given, options = await _new_rules(request)

    def preview(session: Session) -> dict[str, Any]:
        report = session.rescore(_rules_for(session, given, options))
        return session_rescore_data(session.name, False, report)

    data = await run_in_threadpool(with_session(request, preview))
    return answer(request, "session-rescore", data)


async def rescore(request: Request) -> Response:
    """Play on under other rules: every deal scored again (the old scores stay)."""
    given, options = await _new_rules(request)

    def store(session: Session) -> dict[str, Any]:
        report = session.change_rules(_rules_for(session, given, options))
        return session_rescore_data(session.name, True, report)

    return await session_write(request, "session-rescore", store)


async def check(request: Request) -> Response:
    """Every record of the session against its checksum, every deal re-scored."""

    def verify(session: Session) -> dict[str, Any]:
        data: dict[str, Any] = session.ledger.verify(session.name).to_dict()
        return data

    data = await run_in_threadpool(with_session(request, verify))
    return answer(request, "session-check", data)


async def export_csv(request: Request) -> Response:
    """The session as CSV, one row per deal, as a download."""
    state = await run_in_threadpool(with_session(request, lambda session: session.snapshot()))
    filename = f"{state.name}.csv"
    ascii_name = "".join(
        c if (c.isascii() and c.isalnum()) or c in "-_." else "_" for c in filename
    )
    utf8_name = quote(filename, safe="")
    disposition = f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{utf8_name}"
    return Response(
        state.to_csv(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": disposition},
    )


async def versions(request: Request) -> Response:
    """Every version of deal N, oldest first: what amendments replaced, then the deal."""
    number: int = request.path_params["number"]

    def read(session: Session) -> dict[str, Any]:
        return session_versions_data(session.name, session.versions(number))

    data = await run_in_threadpool(with_session(request, read))
    return answer(request, "session-versions", data)


def routes() -> list[Route]:
    """These routes come before ``GET /api/session/NAME``."""
    return [
        Route("/api/session/{name}/rules", rules, methods=["GET"]),
        Route("/api/session/{name}/rescore/preview", rescore_preview, methods=["POST"]),
        Route("/api/session/{name}/rescore", rescore, methods=["POST"]),
        Route("/api/session/{name}/check", check, methods=["GET"]),
        Route("/api/session/{name}/export.csv", export_csv, methods=["GET"]),
        Route("/api/session/{name}/deal/{number:int}/versions", versions, methods=["GET"]),
    ]
