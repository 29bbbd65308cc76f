"""A room of phones (issue 43), in real Chromium on a 360 px phone: a deal recorded on the
laptop appears in the page's history and totals from the stream's event alone, with no
request for the session; a page refused by a full server says "reconnecting…" and comes
back by itself.

The browser is the session-scoped ``browser`` fixture (tests/conftest.py); these tests FAIL
when Chromium cannot start."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2 as httpx
from playwright.sync_api import Browser, Page, Route, expect
from web_fixtures import night_table
from web_server import running

from intlscore.faces.cli import main
from intlscore.faces.web.app import create_app
from intlscore.faces.web.live import limit_streams
from intlscore.session.ledger import Ledger

PHONE = {"width": 360, "height": 640}
PLAYERS = ["ann", "bob", "cat"]


@contextmanager
def phone(browser: Browser, url: str) -> Iterator[tuple[Page, list[tuple[str, str, int]]]]:
    """A 360 px phone on ``url``, and every answer it gets (method, path, status); a
    script error on it fails the test."""
    context = browser.new_context(viewport=PHONE, base_url=url, has_touch=True)
    answers: list[tuple[str, str, int]] = []
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "response",
        lambda r: answers.append((r.request.method, r.url.removeprefix(url), r.status)),
    )
    try:
        yield page, answers
    finally:
        context.close()
    assert errors == [], f"script errors on the page: {errors}"


@contextmanager
def listening(url: str, session: str) -> Iterator[None]:
    """Another page's stream on ``session``, held open until the block ends (so the watch
    runs and knows the ledger before the phone is served)."""
    with httpx.stream("GET", f"{url}/api/events?session={session}", timeout=60) as response:
        assert response.status_code == 200
        hello = threading.Event()

        def read() -> None:  # to the end: leaving iter_lines early would close the stream
            try:
                for line in response.iter_lines():
                    if line.startswith("event: hello") or line.startswith("event:hello"):
                        hello.set()
            except httpx.HTTPError:
                pass  # the block ended: the test closed the stream under the reader

        threading.Thread(target=read, daemon=True).start()
        assert hello.wait(60), "no hello within 60 s"  # a hang guard
        yield


def record(db: Path, name: str, winner: str) -> None:
    others = [player for player in PLAYERS if player != winner]
    argv = ["session", "deal", name, "--open", "--winner", winner, "--not-melded", *others]
    assert main([*argv, "--db", str(db)]) == 0


def test_a_laptop_deal_shows_from_the_event_with_no_read_of_the_session(
    browser: Browser, tmp_path: Path
) -> None:
    db = tmp_path / "ledger.sqlite3"
    with Ledger(db) as ledger:
        ledger.create_session("room", PLAYERS)
    record(db, "room", "ann")
    with (
        running(create_app(db=db)) as url,
        listening(url, "room"),
        phone(browser, url) as (page, answers),
    ):
        page.goto("/session/room")
        expect(page.locator("html[data-live=on]")).to_have_count(1)
        record(db, "room", "bob")  # the laptop: R14 200 to bob, R16 -100 to the others
        history = page.get_by_label("history", exact=True)
        expect(history.locator("li[data-number='2']")).to_contain_text("open win by bob")
        expect(history.locator("li[data-number='1']")).to_contain_text("open win by ann")
        totals = page.get_by_label("totals", exact=True)
        expect(totals).to_contain_text("Totals after 2 deals")
        expect(totals.get_by_role("row", name="bob")).to_contain_text("+100")
        expect(totals.get_by_role("row", name="cat")).to_contain_text("-200")
        expect(page.get_by_label("news", exact=True)).to_contain_text("deal 2 saved")
        record(db, "room", "cat")  # a second one, applied over the first
        expect(history.locator("li[data-number='3']")).to_contain_text("open win by cat")
        expect(totals).to_contain_text("Totals after 3 deals")
        # the buttons of a row from the stream work: amend it
        page.get_by_role("button", name="amend deal 3").click()
        expect(page.get_by_text("Amending deal 3")).to_be_visible()
        reads = [
            (method, path)
            for method, path, _ in answers
            if path.split("?")[0] in ("/session/room", "/api/session/room")
        ]
        # the page itself, served once; "amend" reads the deal's input, once
        assert reads == [("GET", "/session/room"), ("GET", "/api/session/room")]


def test_a_night_tables_line_follows_a_laptop_deal_from_the_event_alone(
    browser: Browser, tmp_path: Path
) -> None:
    """At a night's table the line says who starts the deal in play: after a deal recorded
    on the laptop it names the next starter, from the event, with no read of the page."""
    db = tmp_path / "ledger.sqlite3"
    table = night_table(db)
    a, b, c, d = table.players
    with (
        running(create_app(db=db)) as url,
        listening(url, table.session),
        phone(browser, url) as (page, answers),
    ):
        page.goto(f"/session/{table.session}")
        expect(page.locator("html[data-live=on]")).to_have_count(1)
        line = page.locator("[data-live=table-line]")
        expect(line).to_contain_text(f"{a} starts deal 1 of 4")
        argv = ["session", "deal", table.session, "--open", "--winner", a]
        assert main([*argv, "--not-melded", b, c, d, "--db", str(db)]) == 0
        expect(line).to_contain_text(f"{b} starts deal 2 of 4")
        expect(page.get_by_label("totals", exact=True)).to_contain_text("Totals after 1 deal")
        reads = [path for method, path, _ in answers if path.split("?")[0].endswith(table.session)]
        assert reads == [f"/session/{table.session}"]  # the page, served once


def test_a_timer_script_that_loads_after_the_hello_reads_nothing(
    browser: Browser, tmp_path: Path
) -> None:
    """timer.js is deferred: on a slow phone the stream's hello may come before it runs.
    Its catch-up then uses what the hello made current, and the page is not read again
    (it was: a second GET of the page, before any deal)."""
    db = tmp_path / "ledger.sqlite3"
    table = night_table(db)
    a, b, c, d = table.players
    with (
        running(create_app(db=db)) as url,
        listening(url, table.session),
        phone(browser, url) as (page, _),
    ):
        held: list[Route] = []
        # timer.js is held until the hello is in, as on a slow phone
        page.route("**/static/timer.js", lambda route: held.append(route))
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url.removeprefix(url)))
        page.goto(f"/session/{table.session}", wait_until="commit")
        expect(page.locator("html[data-live=on]")).to_have_count(1)
        assert len(held) == 1, "timer.js was not asked for"
        held[0].continue_()
        page.wait_for_load_state("domcontentloaded")  # timer.js has run (deferred)
        argv = ["session", "deal", table.session, "--open", "--winner", a]
        assert main([*argv, "--not-melded", b, c, d, "--db", str(db)]) == 0
        expect(page.locator("[data-live=table-line]")).to_contain_text(f"{b} starts deal 2")
        reads = [path for path in asked if path.split("?")[0].endswith(table.session)]
        assert reads == [f"/session/{table.session}"]  # the page, served once


def test_a_page_refused_by_a_full_server_says_so_and_comes_back(
    browser: Browser, tmp_path: Path
) -> None:
    """The server holds one live page; a second is refused (503, Retry-After 1): it says
    "reconnecting…" and tries again by itself, and once let in it reads what it missed."""
    db = tmp_path / "ledger.sqlite3"
    with Ledger(db) as ledger:
        ledger.create_session("full", PLAYERS)
    app = create_app(db=db)
    limit_streams(app, 1, retry_after=1)
    with running(app) as url, phone(browser, url) as (page, answers):
        with listening(url, "full"):  # the one page the server holds
            page.goto("/session/full")
            line = page.get_by_role("status", name="connection")
            expect(line).to_have_text("reconnecting…")
            expect(page.locator("html[data-live=off]")).to_have_count(1)
            record(db, "full", "cat")  # written while the phone is refused
        # the other page goes: the phone is let in at one of its next tries
        expect(page.locator("html[data-live=on]")).to_have_count(1)
        expect(line).to_be_hidden()
        expect(page.get_by_label("totals", exact=True)).to_contain_text("+200")
        streams = [status for _, path, status in answers if path.startswith("/api/events")]
        assert streams[0] == 503 and streams[-1] == 200


def test_the_reconnecting_line_fits_a_phone(browser: Browser, tmp_path: Path) -> None:
    """The line is one short line at 360 px: no sideways scrolling."""
    db = tmp_path / "ledger.sqlite3"
    with Ledger(db) as ledger:
        ledger.create_session("narrow", PLAYERS)
    app = create_app(db=db)
    limit_streams(app, 1, retry_after=1)
    with running(app) as url, listening(url, "narrow"), phone(browser, url) as (page, _):
        page.goto("/session/narrow")
        line = page.get_by_role("status", name="connection")
        expect(line).to_have_text("reconnecting…")
        box = line.bounding_box()
        assert box is not None and box["height"] < 40  # one line
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
