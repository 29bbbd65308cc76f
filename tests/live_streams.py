"""Many live pages at once, as raw HTTP streams (issue 43): the tests and the benchmark open
them with asyncio, one socket each, so that a hundred cost little."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar
from urllib.parse import quote, urlsplit

T = TypeVar("T")


def run(work: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(work)`` in a thread of its own, so that it runs also where this thread
    has an event loop already (Playwright's, when browser tests share the process)."""
    done: list[T] = []
    failed: list[BaseException] = []

    def main() -> None:
        try:
            done.append(asyncio.run(work))
        except BaseException as error:  # handed to the caller
            failed.append(error)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return done[0]


@dataclass
class Stream:
    """One page's stream: its answer's status and headers, and the events it heard, each
    with the time (``time.monotonic``) it was heard."""

    session: str | None
    status: int = 0
    headers: dict[str, str] = field(default_factory=dict)
    body: str = ""
    events: list[tuple[float, str, dict[str, Any]]] = field(default_factory=list)
    opened: float = 0.0
    heard: asyncio.Event = field(default_factory=asyncio.Event)
    writer: asyncio.StreamWriter | None = None

    def named(self, kind: str) -> list[dict[str, Any]]:
        return [data for _, name, data in self.events if name == kind]

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def open_stream(url: str, session: str | None) -> Stream:
    """``GET /api/events[?session=NAME]`` over HTTP/1.0 (the body ends with the connection,
    no chunks to undo); answers once the status and headers are in. Events are then read
    in the background (:func:`listen`)."""
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    path = "/api/events" + ("" if session is None else f"?session={quote(session)}")
    stream = Stream(session, opened=time.monotonic(), writer=writer)
    writer.write(f"GET {path} HTTP/1.0\r\nHost: {parts.netloc}\r\n\r\n".encode())
    await writer.drain()
    status = (await reader.readline()).decode()
    stream.status = int(status.split()[1])
    while (line := (await reader.readline()).decode().strip()) != "":
        name, _, value = line.partition(":")
        stream.headers[name.strip().lower()] = value.strip()
    if stream.status != 200:
        stream.body = (await reader.read()).decode()
        writer.close()
        return stream
    asyncio.get_running_loop().create_task(listen(reader, stream))
    return stream


async def listen(reader: asyncio.StreamReader, stream: Stream) -> None:
    """Read events until the stream ends: ``event:`` and ``data:`` lines, a blank line
    ends one; ``:`` starts a keep-alive comment."""
    kind, data = "message", []
    while line := await reader.readline():
        text = line.decode().rstrip("\r\n")
        if text == "":
            if data:
                stream.events.append((time.monotonic(), kind, json.loads("\n".join(data))))
                stream.heard.set()
            kind, data = "message", []
        elif text.startswith("event:"):
            kind = text[6:].strip()
        elif text.startswith("data:"):
            data.append(text[5:].strip())


async def until(streams: list[Stream], heard: Any, guard: float) -> None:
    """Wait until ``heard(stream)`` holds for every stream (``guard`` seconds at most: a
    hang guard, never a measure)."""

    async def one(stream: Stream) -> None:
        while not heard(stream):
            stream.heard.clear()
            if heard(stream):
                return
            await stream.heard.wait()

    await asyncio.wait_for(asyncio.gather(*(one(stream) for stream in streams)), guard)
