"""A real uvicorn server in a thread, on 127.0.0.1 and a free port, for HTTP and browser tests."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from starlette.types import ASGIApp

HANG_GUARD = 60.0
"""Seconds after which a server that does not start or stop fails the test: a guard against
a hang, never a wait (both take a fraction of a second)."""


@contextmanager
def running(app: ASGIApp, port: int = 0) -> Iterator[str]:
    """Serve ``app`` until the block ends; yields the base URL (``http://127.0.0.1:PORT``).

    ``port`` 0 picks a free one; another serves there again (a server restarted)."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    port = listener.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(app, log_level="warning", lifespan="off", timeout_graceful_shutdown=2)
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + HANG_GUARD
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=HANG_GUARD)
        listener.close()
        if thread.is_alive():
            raise RuntimeError(f"the test server did not stop within {HANG_GUARD:.0f} s")
