"""A server that dies like ``kill -9`` right after a keyed write commits, before it answers.

Run as ``python crash_server.py DB``: it prints its URL on one line, then serves
``create_app(db=DB)``; the first keyed write that commits kills the process with SIGKILL
(tests/test_web_idempotency.py). Only the test's own process is patched: nothing in
intlscore knows of it.
"""

from __future__ import annotations

import os
import signal
import socket
import sys
from pathlib import Path
from typing import Any

import uvicorn

from intlscore.faces.web.app import create_app
from intlscore.session.ledger import Ledger

committed_once = Ledger.once


def once_then_die(self: Ledger, *args: Any, **kwargs: Any) -> Any:
    outcome = committed_once(self, *args, **kwargs)  # the write and its key are committed
    os.kill(os.getpid(), signal.SIGKILL)
    return outcome  # pragma: no cover - never reached


def main() -> None:
    Ledger.once = once_then_die  # type: ignore[method-assign]
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    print(f"http://127.0.0.1:{listener.getsockname()[1]}", flush=True)
    app = create_app(db=Path(sys.argv[1]))
    uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off")).run(sockets=[listener])


if __name__ == "__main__":
    main()
