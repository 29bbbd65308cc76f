"""Issue 31: the server never blocks other requests while it works out advice, and a page
that goes away (its "cancel" drops the request) stops the search on the server.

The search here is held by the test until it lets it go or the server stops it
(``tests/held_search.py``): so what is tested is the server's part, whatever the speed of
the search and of the machine, on a real uvicorn server over real sockets.
"""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from held_search import HANG_GUARD, TARGET, HeldSearch
from web_server import running

from intlscore.faces.web.app import create_app


@pytest.fixture
def server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[str, int, HeldSearch]]:
    search = HeldSearch()
    monkeypatch.setattr(TARGET, search)  # the API imports it per call
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
    server: tuple[str, int, HeldSearch],
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


def test_a_released_search_answers_with_the_advice(server: tuple[str, int, HeldSearch]) -> None:
    """The same request, let go by the test: the answer is the real advice (R23)."""
    host, port, search = server
    advice = post(host, port, "/api/odds", {"tiles": "k1-13 k1 r9", "draws": 1, "play": True})
    assert search.started.wait(HANG_GUARD), "the advice request never reached the search"
    search.release()
    reply = advice.getresponse()
    assert reply.status == 200
    data = json.loads(reply.read())
    assert data["advice"]["say"].startswith("Throw back r9")
    assert search.answered.is_set() and not search.stopped.is_set()
    advice.close()
