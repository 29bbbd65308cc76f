"""Keyed writes over HTTP: the ``Idempotency-Key`` header (IETF httpapi draft).

Every POST that changes the ledger may carry ``Idempotency-Key: "any-unique-text"``. The
ledger remembers the answer in the write's own transaction
(:meth:`~intlscore.session.ledger.Ledger.once`); the same key again stores nothing and
gets the first answer, byte for byte, with ``Idempotent-Replayed: true``. The same key with
another request (method, path or body) is refused with 422 and one line.

>>> parse_key('"8e03978e-40d5-43e8-bc93-6894a57f9324"')
'8e03978e-40d5-43e8-bc93-6894a57f9324'
>>> parse_key("deal-1")
'deal-1'
>>> parse_key('""')
Traceback (most recent call last):
...
intlscore.errors.BadRequest: the Idempotency-Key header is empty
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from intlscore.errors import BadRequest
from intlscore.session.ledger import Ledger

__all__ = ["HEADER", "REPLAYED", "keyed_write", "parse_key"]

HEADER: Final = "Idempotency-Key"
REPLAYED: Final = "Idempotent-Replayed"
"""Set to ``true`` on an answer that repeats the one a key was first given."""
LONGEST_KEY: Final = 255


def parse_key(value: str) -> str:
    """The key of the header's value: an sf-string (``"..."``, as the draft says) or,
    leniently, the bare text. One line naming the problem if it is not a usable key."""
    text = value.strip()
    if len(text) >= 2 and text.startswith('"') and text.endswith('"'):
        text = text[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    if not text:
        raise BadRequest(f"the {HEADER} header is empty")
    if len(text) > LONGEST_KEY:
        raise BadRequest(f"the {HEADER} header is too long (at most {LONGEST_KEY} characters)")
    if not all(" " <= character <= "~" for character in text):
        raise BadRequest(f"the {HEADER} header has a character that is not printable ASCII")
    return text


def fingerprint(method: str, path: str, body: bytes) -> str:
    """SHA-256 (hex) of what a request asks: its method, path and JSON body (canonical, so
    the same object in another key order or spacing is the same request).

    >>> same = fingerprint("POST", "/x", b'{"a": 1, "b": 2}')
    >>> same == fingerprint("POST", "/x", b'{"b":2,"a":1}')
    True
    """
    try:
        data: Any = json.loads(body) if body.strip() else {}
    except (ValueError, UnicodeDecodeError):
        data = body.decode("utf-8", "replace")
    text = json.dumps(
        {"method": method, "path": path, "body": data},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(text.encode()).hexdigest()


async def keyed_write(
    request: Request,
    ledger: Callable[[], AbstractContextManager[Ledger]],
    scope: str,
    write: Callable[[Ledger], JSONResponse],
    *,
    key: str | None = None,
) -> Response:
    """Answer a write: ``write(ledger)`` changes the ledger and builds the answer.

    Without a key (``key``, else the header), as before: the write, then its answer. With
    one, the write and its answer are one transaction
    (:meth:`~intlscore.session.ledger.Ledger.once`), and a repeated key gets the stored
    answer.
    """
    value = request.headers.get(HEADER) if key is None else f'"{key}"'
    if value is None:

        def plain() -> Response:
            with ledger() as opened:
                return write(opened)

        return await run_in_threadpool(plain)
    request_key = parse_key(value)
    asked = fingerprint(request.method, request.url.path, await request.body())

    def once() -> Response:
        with ledger() as opened:

            def answered() -> tuple[int, str]:
                response = write(opened)
                return response.status_code, bytes(response.body).decode()

            row, fresh = opened.once(scope, request_key, asked, answered)
        headers = {} if fresh else {REPLAYED: "true"}
        return Response(
            row.answer, status_code=row.status, media_type="application/json", headers=headers
        )

    return await run_in_threadpool(once)
