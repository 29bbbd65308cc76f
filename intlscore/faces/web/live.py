"""Live updates: every open page hears of every change to the ledger, whoever wrote it.

One :class:`LedgerWatch` per app, whatever the number of pages listening, notices writes by
any process (a phone through this server, or ``intlscore session deal`` on the laptop)
cheaply: it asks SQLite's ``PRAGMA data_version`` a few times a second, through the
ledger's store (:meth:`~intlscore.session.ledger.store.Store.data_version`), which changes
only when another connection has committed. Only then does it read one small row per
session (its name and the checksum of its last entry) in one snapshot to learn which
sessions changed, and tells every subscriber. A night's record (its roll call, a round
accepted, a cut) is watched the same way, and a change to it is told as ``night:NAME``
among the sessions. For the sessions that some page follows (``?session=NAME``), it reads
in that same snapshot, once for all those pages, what changed
(:func:`~intlscore.faces.web.live_news.session_news`: the deals written and the totals
after them), and sends it in the event, so that no page has to read the session again
(issue 43). A page that listens is a queue: it adds no read and no lock. The watch runs
while someone listens.

``GET /api/events`` (``?session=NAME`` for one session) is the stream, as Server-Sent
Events (``sse-starlette``): a ``hello`` event on every (re)connect, once the watch knows
where the ledger stands (with the session's head then: a page showing another moment reads
itself once, so nothing written since it was served is missed), then a ``ledger`` event for
each change, with an increasing ``id`` (and the ``news`` of its session). The page
(``static/live.js``) reconnects by itself after a drop or a refusal, with a growing delay.

A server holds at most as many streams as :func:`limit_streams` says (``serve --streams``,
400 by default): one more is answered 503 with ``Retry-After`` and one line, which the page
honours before it tries again.

>>> changes({"friday": "a1", "monday": "b1"}, {"friday": "a2", "monday": "b1", "new": "c1"})
['friday', 'new']
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from intlscore.errors import IntlscoreError
from intlscore.session.ledger import Ledger

__all__ = ["NIGHT", "Change", "LedgerWatch", "changes", "limit_streams", "routes", "watch"]

INTERVAL: Final = 0.25
"""Seconds between two looks at ``PRAGMA data_version``."""
RETRY_MS: Final = 1000
"""How soon a browser reconnects after a dropped stream."""
PING: Final = 15
"""Seconds between keep-alive comments, so no proxy closes a quiet stream."""
NIGHT: Final = "night:"
"""How a change to a night's record is named among the sessions changed."""
STREAM_RETRY_AFTER: Final = 10
"""Seconds a page refused a stream (the server holds its limit) waits before it asks again."""
log = logging.getLogger("intlscore.web")


def changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """The sessions whose last entry differs (new sessions included), sorted."""
    names = before.keys() | after.keys()
    return sorted(name for name in names if before.get(name) != after.get(name))


@dataclass(frozen=True, slots=True)
class Change:
    """One change told to the pages: its revision, the sessions and what changed
    (``ledger`` or ``draft``), with the news of each followed session that changed."""

    revision: int
    sessions: list[str]
    kind: str
    news: dict[str, dict[str, Any]] = field(default_factory=dict)
    texts: dict[str | None, str] = field(default_factory=dict, compare=False, repr=False)

    def text(self, only: str | None) -> str:
        """The event's data for a page following ``only`` (None: every session), made once
        for all the pages that follow the same."""
        found = self.texts.get(only)
        if found is None:
            data: dict[str, Any] = {"revision": self.revision, "sessions": self.sessions}
            if only is not None and only in self.news:
                data["news"] = self.news[only]
            found = self.texts[only] = json.dumps(data, ensure_ascii=False)
        return found


class LedgerWatch:
    """Watches one ledger file and tells subscribers which sessions changed.

    ``path`` is called to find the file (so ``$INTLSCORE_DB`` is read when it is needed).
    A subscriber is an :class:`asyncio.Queue` that receives each :class:`Change`; one that
    follows a session makes the watch read that session's news when it changes.
    """

    def __init__(self, path: Callable[[], Path], interval: float = INTERVAL) -> None:
        self._path = path
        self.interval = interval
        self.revision = 0
        self._subscribers: set[asyncio.Queue[Change]] = set()
        self._following: dict[asyncio.Queue[Change], str] = {}
        self._task: asyncio.Task[None] | None = None
        self._ledger: Ledger | None = None
        self._version: int | None = None
        self._heads: dict[str, str] = {}
        self._ready = asyncio.Event()
        self._lock = threading.Lock()

    @property
    def listeners(self) -> int:
        """How many streams listen now."""
        return len(self._subscribers)

    def head(self, session: str) -> str | None:
        """The session's head as the watch last saw it (None: not in the ledger then)."""
        return self._heads.get(session)

    def subscribe(self, session: str | None = None) -> asyncio.Queue[Change]:
        """A queue of changes (of ``session``'s news too); the watch starts with its first
        subscriber."""
        queue: asyncio.Queue[Change] = asyncio.Queue()
        self._subscribers.add(queue)
        if session is not None:
            self._following[queue] = session
        if self._task is None or self._task.done():
            self._ready = asyncio.Event()
            self._task = asyncio.get_running_loop().create_task(self._run())
        return queue

    async def ready(self) -> None:
        """Wait until the watch knows where the ledger stands: a write after this is told."""
        await self._ready.wait()

    def unsubscribe(self, queue: asyncio.Queue[Change]) -> None:
        """Stop telling ``queue``; the watch stops with its last subscriber."""
        self._subscribers.discard(queue)
        self._following.pop(queue, None)
        if not self._subscribers and self._task is not None:
            self._task.cancel()
            self._task = None

    async def _run(self) -> None:
        try:
            await self._look_in_thread(frozenset())  # the state the first subscribers start from
            self._ready.set()
            while True:
                await asyncio.sleep(self.interval)
                followed = frozenset(self._following.values())
                changed, news = await self._look_in_thread(followed)
                if changed:
                    self.tell(changed, "ledger", news)
        finally:
            self.close()

    async def _look_in_thread(
        self, followed: frozenset[str]
    ) -> tuple[list[str], dict[str, dict[str, Any]]]:
        """:meth:`look` in a worker thread. An unexpected error (a bug) is logged and the
        watch goes on: if it ended the task, the pages waiting for their hello (``ready``)
        would wait for ever, and no page would hear of a write again."""
        try:
            return await asyncio.to_thread(self.look, followed)
        except Exception:
            log.exception("the live watch could not read the ledger; it looks again")
            self.close()
            return [], {}

    def tell(
        self, sessions: list[str], kind: str, news: dict[str, dict[str, Any]] | None = None
    ) -> None:
        """Tell every subscriber that ``sessions`` changed: ``ledger`` (a write, found by
        the watch, with the ``news`` of the followed sessions) or ``draft`` (a shared deal
        being filled in, :mod:`.drafts`)."""
        self.revision += 1
        change = Change(self.revision, sessions, kind, news or {})
        for queue in list(self._subscribers):
            queue.put_nowait(change)

    def poll(self) -> list[str]:
        """The sessions changed since the last poll (empty: none, or no ledger yet)."""
        return self.look(frozenset())[0]

    def look(self, followed: frozenset[str]) -> tuple[list[str], dict[str, dict[str, Any]]]:
        """The sessions changed since the last look, and the news of those in ``followed``
        (:func:`~intlscore.faces.web.live_news.session_news`), read in one snapshot."""
        with self._lock:  # a poll in a worker thread may outlive its cancelled task
            return self._look(followed)

    def _look(self, followed: frozenset[str]) -> tuple[list[str], dict[str, dict[str, Any]]]:
        try:
            ledger = self._open()
            version = None if ledger is None else ledger.store.data_version()
            if ledger is None or version is None or version == self._version:
                return [], {}
            self._version = version
            return ledger.read(lambda connection: self._read(ledger, connection, followed))
        except (IntlscoreError, UnicodeDecodeError, ValueError):
            self._close()  # a file being created, replaced or damaged: look again later
            return [], {}

    def _read(
        self, ledger: Ledger, connection: sqlite3.Connection | None, followed: frozenset[str]
    ) -> tuple[list[str], dict[str, dict[str, Any]]]:
        """Inside one snapshot: the sessions changed, and the news of the followed ones."""
        before = self._heads
        heads = _heads(connection)
        changed = changes(before, heads)
        self._heads = heads
        return changed, _news(ledger, connection, changed, followed, before)

    def _open(self) -> Ledger | None:
        if self._ledger is None:
            path = self._path()
            if not path.is_file():  # opening would not create it, but there is nothing yet
                return None
            self._ledger = Ledger(path)
        return self._ledger

    def close(self) -> None:
        """Close the watch's ledger (after any poll under way)."""
        with self._lock:
            self._close()

    def _close(self) -> None:
        if self._ledger is not None:
            self._ledger.close()
            self._ledger = None
            self._version = None


def _heads(connection: sqlite3.Connection | None) -> dict[str, str]:
    """Each session's head, and each night's record (as ``night:NAME``)."""
    if connection is None:
        return {}
    heads = dict(connection.execute("SELECT name, head FROM session").fetchall())
    has_nights = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'night'"
    ).fetchone()
    if has_nights:
        for name, record in connection.execute("SELECT name, record FROM night"):
            heads[NIGHT + name] = record
    return heads


def _news(
    ledger: Ledger,
    connection: sqlite3.Connection | None,
    changed: list[str],
    followed: frozenset[str],
    before: dict[str, str],
) -> dict[str, dict[str, Any]]:
    """The news of each changed session that a page follows, read through ``connection``."""
    wanted = [name for name in changed if name in followed]
    if connection is None or not wanted:
        return {}
    from intlscore.faces.web.chart import player_order
    from intlscore.faces.web.live_news import session_news

    order = player_order(ledger)  # the chart's styles: who is drawn how
    news = {}
    for name in wanted:
        try:
            found = session_news(ledger, connection, name, before.get(name), order)
        except (IntlscoreError, UnicodeDecodeError, ValueError):
            found = {"session": name, "whole": True}  # a damaged session: the page reads it
        if found is not None:
            news[name] = found
    return news


def limit_streams(app: Any, count: int, retry_after: int = STREAM_RETRY_AFTER) -> None:
    """Hold at most ``count`` live streams on ``app`` (``serve --streams``; without it, as
    many as the server lets in); one more is told to try again in ``retry_after`` s."""
    app.state.live_streams = count
    app.state.live_retry_after = retry_after


def watch(request: Request) -> LedgerWatch:
    """The app's watch, made on first use."""
    state = request.app.state
    if getattr(state, "watch", None) is None:
        settings = state.settings
        state.watch = LedgerWatch(lambda: settings.ledger_path())
    found: LedgerWatch = state.watch
    return found


async def events(request: Request) -> Response:
    """``GET /api/events[?session=NAME]``: the stream of changes, as Server-Sent Events.

    When the server stops (Ctrl-C), sse-starlette sets ``stopping``: the stream then ends
    by itself and its response is complete, so the server does not log "ASGI callable
    returned without completing response" for every phone still listening. The page
    reconnects on its own (EventSource) once the server is back."""
    from sse_starlette import EventSourceResponse, ServerSentEvent

    only = request.query_params.get("session")
    hub = watch(request)
    limit: int | None = getattr(request.app.state, "live_streams", None)
    if limit is not None and hub.listeners >= limit:
        return JSONResponse(
            {"error": f"this server holds {limit} live pages already: try again shortly"},
            status_code=503,
            headers={"Retry-After": str(request.app.state.live_retry_after)},
        )
    queue = hub.subscribe(only)
    stopping = anyio.Event()

    def event(kind: str, revision: int, data: str) -> ServerSentEvent:
        return ServerSentEvent(data=data, event=kind, id=str(revision), retry=RETRY_MS)

    async def stream() -> AsyncIterator[ServerSentEvent]:
        try:
            await hub.ready()  # so that no write falls between the page's "hello" and the watch
            hello: dict[str, Any] = {"revision": hub.revision, "sessions": []}
            if only is not None:
                hello["head"] = hub.head(only)
            yield event("hello", hub.revision, json.dumps(hello, ensure_ascii=False))
            while (change := await _next_change(queue, stopping)) is not None:
                if only is None or only in change.sessions:
                    yield event(change.kind, change.revision, change.text(only))
        finally:
            hub.unsubscribe(queue)

    return EventSourceResponse(
        stream(), ping=PING, shutdown_event=stopping, shutdown_grace_period=STOP_GRACE
    )


STOP_GRACE: Final = 0.5
"""Seconds a stream has to end by itself once the server stops (less than the 2 s that
``intlscore serve`` gives its connections to close)."""


async def _next_change(queue: asyncio.Queue[Change], stopping: anyio.Event) -> Change | None:
    """The next change, or None once ``stopping`` is set."""
    if stopping.is_set():
        return None
    getting = asyncio.ensure_future(queue.get())
    waiting = asyncio.ensure_future(stopping.wait())
    try:
        await asyncio.wait({getting, waiting}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        waiting.cancel()
        if not getting.done():
            getting.cancel()
    return getting.result() if getting.done() and not getting.cancelled() else None


def routes() -> list[Route]:
    return [Route("/api/events", events, methods=["GET"])]
