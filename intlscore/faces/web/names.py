"""Any session name the command line accepts, in a URL (issue 18).

A name may hold ``/``, ``%``, ``?``, ``#``, spaces or be ``..``. In a URL it is one path
segment, percent-encoded (:func:`url_segment`, and ``sessionPath`` in ``static/tiles.js``,
its twin for the page). Two things would break that on the way in, and are undone here:

- the server decodes ``%2F`` before routing, so ``a%2Frules`` would read as the session
  ``a`` and its ``rules``: :class:`EncodedNames` routes on the path with ``%2F``, ``%25``
  and ``%7E`` still encoded, and :func:`name_from_segment` decodes the name itself;
- a browser drops a segment ``.`` or ``..`` (even as ``%2E``): a name of dots alone is
  sent as ``~`` and the name, and a real ``~`` is always encoded (``%7E``).

>>> url_segment("a/b c"), url_segment(".."), url_segment("~x%")
('a%2Fb%20c', '~..', '%7Ex%25')
>>> [name_from_segment(s) for s in ("a%2Fb%20c", "~..", "%7Ex%25")]
['a/b c', '..', '~x%']
>>> routed_path(b"/session/a%2Fb%25%7Ec%C3%A9")
'/session/a%2Fb%25%7Ecé'
"""

from __future__ import annotations

import re
from typing import Final
from urllib.parse import quote, unquote

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["EncodedNames", "name_from_segment", "routed_path", "url_segment"]

KEPT: Final = re.compile("%(2[fF]|25|7[eE])")
"""Escapes left encoded for routing (so that decoding the path leaves them as they came)."""


def url_segment(name: str) -> str:
    """The URL path segment of a session name."""
    encoded = quote(name, safe="").replace("~", "%7E")
    return "~" + encoded if set(name) == {"."} else encoded


def name_from_segment(segment: str) -> str:
    """The session name of a routed segment (as :func:`routed_path` left it)."""
    return unquote(segment[1:] if segment.startswith("~") else segment)


def routed_path(raw_path: bytes) -> str:
    """The path to route on: decoded, but for ``%2F``, ``%25`` and ``%7E``."""
    text = raw_path.split(b"?", 1)[0].decode("latin-1")
    return unquote(KEPT.sub(lambda found: "%25" + found[1].upper(), text))


class EncodedNames:
    """ASGI middleware: route on :func:`routed_path` of the request's raw path."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        raw = scope.get("raw_path")
        if scope["type"] in ("http", "websocket") and raw:
            scope = {**scope, "path": routed_path(raw)}
        await self.app(scope, receive, send)
