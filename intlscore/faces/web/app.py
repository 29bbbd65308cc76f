"""The Starlette application of ``intlscore serve``.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app(db=None, allowed_hosts=["testserver"]))
>>> client.post("/api/score", json={"tiles": "k1-13 k1"}).json()["best"]["score"]
2400
>>> response = client.post("/api/score", json={"tiles": "k1-13 x1"})
>>> response.status_code, response.json()["error"]
(400, "'x1' is not a tile: unknown colour 'x' (colours are k, r, b, o; y for orange)")
"""

from __future__ import annotations

import logging
import mimetypes
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from intlscore.errors import IntlscoreError
from intlscore.faces.web import api, drafts, live, night, pages, session_tools
from intlscore.faces.web.api import Settings
from intlscore.faces.web.guard import Guard
from intlscore.faces.web.names import EncodedNames

if TYPE_CHECKING:
    from intlscore.rules import Rules

__all__ = ["LOCAL_HOSTS", "create_app"]

LOCAL_HOSTS: Final = ("127.0.0.1", "localhost")
STATIC = Path(__file__).parent / "static"
RETRY_AFTER: Final = 1
"""Seconds a phone waits before sending a request answered 503 again."""
RETRY_AFTER_FULL: Final = 10
"""Seconds a phone waits before sending a request answered 507 (a full disk) again."""
mimetypes.add_type("application/manifest+json", ".webmanifest")  # the installable app's
log = logging.getLogger("intlscore.web")


def _one_line(text: str) -> str:
    return " ".join(text.split()) or "the request failed"


def _error(request: Request, status: int, message: str) -> Response:
    """JSON ``{"error": ...}`` under ``/api``, else a small page saying the same line."""
    message = _one_line(message)
    wait = {503: RETRY_AFTER, 507: RETRY_AFTER_FULL}.get(status)
    headers = None if wait is None else {"Retry-After": str(wait)}
    if request.url.path.startswith("/api"):
        return JSONResponse({"error": message}, status_code=status, headers=headers)
    response = pages.render(request, "error.html", status, title="Problem", message=message)
    if headers:
        response.headers.update(headers)
    return response


async def _intlscore_error(request: Request, error: Exception) -> Response:
    """The answer its class names (:attr:`~intlscore.errors.IntlscoreError.http_status`),
    with its text that names no file of the server; never decided by reading the text."""
    if not isinstance(error, IntlscoreError):  # Starlette calls it for these alone
        raise error
    return _error(request, error.http_status, error.public)


async def _http_error(request: Request, error: Exception) -> Response:
    if not isinstance(error, HTTPException):  # Starlette calls it for these alone
        raise error
    return _error(request, error.status_code, str(error.detail))


async def _unexpected(request: Request, error: Exception) -> Response:
    log.exception("unexpected error on %s %s", request.method, request.url.path)
    return _error(request, 500, "internal error: the server could not answer this request")


def create_app(
    *,
    db: str | Path | None,
    token: str | None = None,
    join_url: str | None = None,
    allowed_hosts: Sequence[str] = LOCAL_HOSTS,
    busy_timeout: float = 2.0,
    rules: Rules | None = None,
) -> Starlette:
    """The app: pages, the JSON API and the static files, behind the :class:`Guard`.

    ``token`` None serves without a token (only for 127.0.0.1); ``allowed_hosts``
    are the host names a request may name (refusing others stops DNS rebinding).
    ``rules`` (``serve --rules``; the shipped rules by default) are what the scorer,
    reach and the table use, and what a new session starts from.
    """
    from intlscore.faces.web import club  # the club's page and /api/stats

    app = Starlette(
        routes=[
            *club.routes(),
            *api.routes(),
            *live.routes(),
            *session_tools.routes(),
            *drafts.routes(),
            *night.routes(),
            *pages.routes(),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[
            Middleware(EncodedNames),
            Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)),
            Middleware(Guard, token=token),
        ],
        exception_handlers={
            IntlscoreError: _intlscore_error,
            HTTPException: _http_error,
            Exception: _unexpected,
        },
    )
    app.state.settings = Settings(
        db=None if db is None else Path(db),
        join_url=join_url,
        busy_timeout=busy_timeout,
        rules=rules,
    )
    return app
