"""Live updates (issue 18): the server notices every write to the ledger, from any process,
and streams it to the open pages as Server-Sent Events."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import httpx2 as httpx
import pytest
from live_streams import run
from web_server import running

from intlscore.faces.cli import main
from intlscore.faces.web.app import create_app
from intlscore.faces.web.live import Change, LedgerWatch
from intlscore.session.ledger import DB_ENV, Ledger

PLAYERS = ["ann", "bob", "cat"]
OPEN_WIN = {"kind": "open", "winner": "ann", "not_melded": ["bob", "cat"]}


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "ledger.sqlite3"
    monkeypatch.setenv(DB_ENV, str(path))
    return path


def test_the_watch_sees_writes_of_other_connections_and_names_their_sessions(db: Path) -> None:
    watch = LedgerWatch(lambda: db)
    assert watch.poll() == []  # no ledger yet...
    assert not db.exists()  # ...and looking did not make one
    with Ledger(db) as ledger:
        ledger.create_session("friday", PLAYERS)
        ledger.create_session("saturday", PLAYERS)
    assert watch.poll() == ["friday", "saturday"]
    assert watch.poll() == []  # nothing new: data_version is unchanged
    with Ledger(db) as ledger:
        ledger.session("saturday").deal(**OPEN_WIN)
    assert watch.poll() == ["saturday"]
    assert main(["session", "undo", "saturday", "--db", str(db)]) == 0  # the laptop's CLI
    assert watch.poll() == ["saturday"]
    with Ledger(db) as ledger:
        ledger.session("friday").deal(**OPEN_WIN)
        ledger.session("friday").amend(1, kind="open", winner="bob", not_melded=["ann", "cat"])
    assert watch.poll() == ["friday"]
    watch.close()


def test_an_unexpected_error_in_a_look_does_not_end_the_watch(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A bug met while looking (here: finding the file fails once) is logged, and the watch
    goes on: the pages waiting for their hello get it, and a later write is still told.
    Before, the watch's task ended, and every stream waited for its hello for ever."""
    import asyncio

    with Ledger(db) as ledger:
        ledger.create_session("friday", PLAYERS)
    failures = [RuntimeError("a bug")]

    def path() -> Path:
        if failures:
            raise failures.pop()
        return db

    async def scenario() -> Change:
        watch = LedgerWatch(path, interval=0.01)
        queue = watch.subscribe("friday")
        ready = asyncio.ensure_future(watch.ready())
        running = watch._task
        assert running is not None
        await asyncio.wait({ready, running}, return_when=asyncio.FIRST_COMPLETED, timeout=60)
        assert ready.done() and not running.done(), "the watch ended before it was ready"

        async def seen() -> None:  # the watch has looked at the ledger as it stands
            while watch.head("friday") is None:
                await asyncio.sleep(0.01)

        await asyncio.wait_for(seen(), timeout=60)  # a hang guard
        with Ledger(db) as ledger:
            ledger.session("friday").deal(**OPEN_WIN)

        async def the_deal() -> Change:  # (the first good look tells friday as new to it)
            while True:
                change = await queue.get()
                if change.news.get("friday", {}).get("count") == 1:
                    return change

        change = await asyncio.wait_for(the_deal(), timeout=60)  # a hang guard
        watch.unsubscribe(queue)
        return change

    with caplog.at_level("ERROR", logger="intlscore.web"):
        change = run(scenario())  # (in a thread: Playwright may hold this one's loop)
    assert change.sessions == ["friday"] and change.kind == "ledger"
    assert "the live watch could not read the ledger" in caplog.text


def test_a_keyed_replay_changes_nothing_to_announce(db: Path) -> None:
    """A write that only remembers a key (no session changes) is not an event."""
    with Ledger(db) as ledger:
        ledger.create_session("friday", PLAYERS)
    watch = LedgerWatch(lambda: db)
    watch.poll()
    with Ledger(db) as ledger:
        ledger.once("ledger", "k", "f", lambda: (200, "{}"))
    assert watch.poll() == []
    watch.close()


def read_events(response: httpx.Response, wanted: int, found: list[dict[str, str]]) -> None:
    """Collect ``wanted`` events (event name, id, data) from an SSE response."""
    event: dict[str, str] = {}
    for line in response.iter_lines():
        if not line:
            if "event" in event:
                found.append(event)
                if len(found) == wanted:
                    return
            event = {}
            continue
        field, _, value = line.partition(":")
        event[field] = value.strip()


def test_the_stream_tells_a_page_of_a_deal_recorded_by_the_command_line(db: Path) -> None:
    with Ledger(db) as ledger:
        ledger.create_session("friday", PLAYERS)
        ledger.create_session("saturday", PLAYERS)
    found: list[dict[str, str]] = []
    with (
        running(create_app(db=db)) as url,
        httpx.stream("GET", f"{url}/api/events?session=friday", timeout=60) as response,
    ):
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        reader = threading.Thread(target=read_events, args=(response, 2, found), daemon=True)
        reader.start()
        while not found and reader.is_alive():  # the hello: the page is up to date
            reader.join(0.05)
        assert found, "the stream closed before its hello event"
        with Ledger(db) as ledger:
            ledger.session("saturday").deal(**OPEN_WIN)  # alone, no event for this page
        argv = ["session", "deal", "friday", "--open", "--winner", "ann"]
        assert main([*argv, "--not-melded", "bob", "cat", "--db", str(db)]) == 0
        reader.join(60)  # a hang guard: the deal is streamed within about a second
        assert not reader.is_alive(), "the deal was not streamed within 60 s"
    hello, deal = found
    assert hello["event"] == "hello" and hello["retry"] == "1000"
    assert deal["event"] == "ledger"
    # saturday's deal may share friday's event when both fall between two looks
    assert "friday" in json.loads(deal["data"])["sessions"]
    assert int(deal["id"]) > int(hello["id"])


def test_the_server_stops_with_streams_open(db: Path) -> None:
    """Phones never close their streams: stopping the server must not wait for them."""
    with Ledger(db) as ledger:
        ledger.create_session("friday", PLAYERS)
    with (
        running(create_app(db=db)) as url,
        httpx.stream("GET", f"{url}/api/events", timeout=60) as response,
    ):
        assert response.status_code == 200
    # running() raises if its server thread is still alive 60 s after it was told to stop
