"""A real uvicorn server in a thread, on 127.0.0.1 and a free port, for HTTP and browser tests;
and a real ``intlscore serve`` process (:func:`serve_process`)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

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


ROOT = Path(__file__).resolve().parent.parent


def intlscore(*argv: str) -> list[str]:
    """The ``intlscore`` command of this checkout, as a process's argv."""
    return [sys.executable, "-m", "intlscore.faces.cli", *argv]


def cli_environment(db: Path) -> dict[str, str]:
    """The environment of a command of this checkout on the ledger ``db``."""
    return dict(os.environ, PYTHONPATH=str(ROOT), INTLSCORE_DB=str(db), NO_COLOR="1")


@contextmanager
def serve_process(db: Path, *argv: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``intlscore serve --db DB --port 0 ARGV...`` as its own process until the block ends;
    yields its base URL (read from what it prints) and the process."""
    # its stderr goes to a file, never to a pipe that could fill and stop the server
    with tempfile.TemporaryFile("w+") as errors:
        server = subprocess.Popen(
            intlscore("serve", "--db", str(db), "--port", "0", *argv),
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            env=cli_environment(db),
        )
        try:
            yield _started(server, errors), server
        finally:
            server.terminate()
            try:
                server.wait(timeout=HANG_GUARD)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
                raise RuntimeError(f"serve did not stop within {HANG_GUARD:.0f} s") from None
            finally:
                if server.stdout is not None:
                    server.stdout.close()


def _started(server: subprocess.Popen[str], errors: IO[str]) -> str:
    """The URL ``serve`` prints, once it listens there."""
    assert server.stdout is not None
    said = []
    url = None
    deadline = time.monotonic() + HANG_GUARD
    while url is None:  # readline returns once serve prints; "" once it has stopped
        line = server.stdout.readline()
        said.append(line)
        if found := re.search(r"Open (http://127\.0\.0\.1:\d+)/", line):
            url = found.group(1)
        elif not line or time.monotonic() > deadline:
            errors.seek(0)
            raise RuntimeError(f"serve did not start: {''.join(said)} {errors.read()}")
    port = int(url.rsplit(":", 1)[1])
    while True:  # it prints its address before it listens on it
        try:
            socket.create_connection(("127.0.0.1", port), timeout=HANG_GUARD).close()
            return url
        except ConnectionRefusedError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("intlscore serve did not listen") from None
            time.sleep(0.02)
