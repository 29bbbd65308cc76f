"""Who gets in, and how much they may send: the token, body size and safety headers.

:class:`Guard` is plain ASGI middleware around the whole app:

- with a token (``serve --lan``), every request must carry it: in the query
  (``?token=...``, the join URL), in the ``X-Intlscore-Token`` header, or in the
  cookie the join URL sets. Reads are refused too. No token: 401; a wrong one: 403;
- a body larger than :data:`MAX_BODY` bytes is refused with 413 before the app sees it;
- a write (POST) must be JSON and, when the browser says where it comes from
  (``Origin``), come from this server, so another web site cannot post to it;
- every answer carries a strict Content-Security-Policy (scripts and styles only
  from this server) and ``Referrer-Policy: no-referrer`` (the token stays here).

>>> token_matches("abc", "abc"), token_matches("abc", "abd"), token_matches("abc", None)
(True, False, False)
"""

from __future__ import annotations

import json
import secrets
from http.cookies import SimpleCookie
from typing import Final
from urllib.parse import parse_qs, urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["COOKIE", "HEADER", "MAX_BODY", "Guard", "new_token", "token_matches"]

MAX_BODY: Final = 64 * 1024
"""The largest request body taken (a deal with four full racks is under 1 KiB)."""
COOKIE: Final = "intlscore_token"
HEADER: Final = "x-intlscore-token"
CSP: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
    " object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SAFE_METHODS: Final = frozenset({"GET", "HEAD"})


def new_token() -> str:
    """A fresh random token for the join URL (128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def token_matches(expected: str, given: str | None) -> bool:
    """Whether ``given`` is the token, compared in constant time."""
    return given is not None and secrets.compare_digest(expected.encode(), given.encode())


def _headers(scope: Scope) -> dict[str, str]:
    return {key.decode("latin-1"): value.decode("latin-1") for key, value in scope["headers"]}


def _given_token(scope: Scope, headers: dict[str, str]) -> tuple[str | None, bool]:
    """The token the request carries, and whether it came in the query string."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    if "token" in query:
        return query["token"][-1], True
    if HEADER in headers:
        return headers[HEADER], False
    cookie: SimpleCookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # a malformed cookie header is the same as none
        return None, False
    morsel = cookie.get(COOKIE)
    return (None if morsel is None else morsel.value), False


async def _refuse(send: Send, status: int, message: str, extra: list[tuple[bytes, bytes]]) -> None:
    body = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *extra,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class Guard:
    """The middleware; ``token`` None means no token is needed (localhost only)."""

    def __init__(self, app: ASGIApp, *, token: str | None, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.token = token
        self.max_body = max_body

    def _security_headers(self) -> list[tuple[bytes, bytes]]:
        return [
            (b"content-security-policy", CSP.encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
            (b"x-frame-options", b"DENY"),
            (b"cache-control", b"no-store"),
        ]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = self._security_headers()
        headers = _headers(scope)
        cookie_header: list[tuple[bytes, bytes]] = []
        if self.token is not None:
            given, in_query = _given_token(scope, headers)
            if given is None:
                await _refuse(
                    send,
                    401,
                    "this server needs the table's token: scan the QR code or open the join URL",
                    extra,
                )
                return
            if not token_matches(self.token, given):
                await _refuse(send, 403, "wrong token: scan the QR code again", extra)
                return
            if in_query:
                cookie_header = [
                    (
                        b"set-cookie",
                        f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict".encode(),
                    )
                ]
        method = scope["method"]
        if method not in SAFE_METHODS:
            problem = self._write_problem(headers)
            if problem is not None:
                await _refuse(send, problem[0], problem[1], extra)
                return
        body, too_large = await self._read_body(receive, headers)
        if too_large:
            await _refuse(
                send, 413, f"the request is larger than {self.max_body // 1024} KiB", extra
            )
            return

        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message["headers"], *extra, *cookie_header]}
            await send(message)

        await self.app(scope, replay, send_with_headers)

    def _write_problem(self, headers: dict[str, str]) -> tuple[int, str] | None:
        origin = headers.get("origin")
        if origin is not None and origin != "null":
            host = headers.get("host", "")
            if urlsplit(origin).netloc != host:
                return 403, "a write from another site is refused"
        elif origin == "null":
            return 403, "a write from another site is refused"
        content_type = headers.get("content-type", "").split(";")[0].strip().lower()
        if content_type != "application/json":
            return 415, "send the body as JSON (Content-Type: application/json)"
        return None

    async def _read_body(self, receive: Receive, headers: dict[str, str]) -> tuple[bytes, bool]:
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_body:
            return b"", True
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return b"", True
            chunks.append(chunk)
            more = message.get("more_body", False)
        return b"".join(chunks), False
