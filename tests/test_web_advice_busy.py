"""Issue 31: the server never blocks other requests while it works out advice, and a page
that goes away (its "cancel" drops the request) stops the search on the server.

The search here is a stand-in that runs until it is stopped, as the real play search does
at every position it weighs (``tests/test_play_odds.py`` checks that the real one gives
up when stopped, in both builds): so what is tested is the server's part, whatever the
speed of the search, on a real uvicorn server over real sockets.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from web_server import running

from intlscore.engine.odds.play import Stop
from intlscore.errors import Stopped
from intlscore.faces.web.app import create_app

HANG_GUARD = 30.0
"""Seconds after which the stand-in search gives up by itself (so a broken cancel fails
the test instead of hanging it)."""


class StandIn:
    """An odds search that runs until its ``stop`` is used, and says what happened."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.stopped = threading.Event()
        self.gave_up = threading.Event()

    def __call__(self, rack: object, *, stop: Stop | None = None, **_: Any) -> object:
        assert stop is not None, "the page's search is given a Stop"
        self.started.set()
        deadline = time.monotonic() + HANG_GUARD
        while not stop.stopped:
            if time.monotonic() > deadline:
                self.gave_up.set()
                raise Stopped("never stopped")
            time.sleep(0.01)
        self.stopped.set()
        raise Stopped("the play search was stopped")


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, int, StandIn]]:
    search = StandIn()
    monkeypatch.setattr("intlscore.engine.odds.odds", search)  # the API imports it per call
    with running(create_app(db=tmp_path / "ledger.sqlite3")) as url:
        parts = urlsplit(url)
        assert parts.hostname is not None and parts.port is not None
        yield parts.hostname, parts.port, search


def post(host: str, port: int, path: str, body: dict[str, object]) -> http.client.HTTPConnection:
    connection = http.client.HTTPConnection(host, port, timeout=HANG_GUARD)
    headers = {"Content-Type": "application/json"}
    connection.request("POST", path, body=json.dumps(body), headers=headers)
    return connection


def test_other_phones_are_answered_while_advice_is_worked_out(
    server: tuple[str, int, StandIn],
) -> None:
    host, port, search = server
    advice = post(host, port, "/api/odds", {"tiles": "k1-13 r5", "draws": 3, "play": True})
    assert search.started.wait(HANG_GUARD), "the advice request never reached the search"
    # Meanwhile another phone scores a hand: answered while the search still runs.
    other = post(host, port, "/api/score", {"tiles": "k1-13 k1", "discard": "r5"})
    reply = other.getresponse()
    assert reply.status == 200
    assert json.loads(reply.read())["best"]["name"] == "Royal"
    assert not search.stopped.is_set() and not search.gave_up.is_set()
    # The page's cancel: it drops the request, and the server stops the search.
    advice.close()
    assert search.stopped.wait(HANG_GUARD), "the search went on after the page went away"
    assert not search.gave_up.is_set()
    other.close()
