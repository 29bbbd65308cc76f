"""Nothing is lost offline (issue 18), in real Chromium: the page keeps a deal that cannot
reach the server, across a reload, and sends it exactly once by its Idempotency-Key.

The fixtures (one browser, a phone-sized page, a real server on a test ledger) are those
of ``test_web_browser``; like those tests, these FAIL when Chromium cannot start.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, Route, expect
from test_web_browser import PHONE, base, choose, db, option, page, tile  # noqa: F401
from web_server import running

from intlscore.faces.web.app import create_app
from intlscore.session.ledger import Ledger

PLAYERS = ["ann", "bob", "cat"]


def start(db: Path, name: str, deals: int = 0) -> None:
    with Ledger(db) as ledger:
        session = ledger.create_session(name, PLAYERS)
        for _ in range(deals):
            session.deal(kind="open", winner="bob", not_melded=["ann", "cat"])


def stored(db: Path, name: str) -> list[str]:
    with Ledger(db) as ledger:
        return [deal.winner or "" for deal in ledger.session(name).deals()]


def enter_open_win_by_ann(page: Page) -> None:
    choose(page, "winner", "ann")
    choose(page, "kind", "open win")
    page.get_by_label("bob has not melded").check()
    page.get_by_label("cat has not melded").check()


def test_a_dropped_answer_is_retried_with_its_key_and_stored_once(
    page: Page,
    db: Path,
) -> None:
    """The server stores the deal, but its answer never reaches the phone (the Wi-Fi
    dropped): the page sends it again with the same key, and one deal is stored."""
    start(db, "dropped")
    page.goto("/session/dropped")
    answers: list[int] = []

    def drop_the_first_answer(route: Route) -> None:
        if answers:
            route.continue_()
            return
        answers.append(route.fetch().status)  # the server has the deal...
        route.abort("connectionreset")  # ...and the phone never hears so

    page.context.route("**/api/session/dropped/deal", drop_the_first_answer)
    enter_open_win_by_ann(page)
    page.get_by_role("button", name="save deal").click()
    expect(page.get_by_label("history message")).to_contain_text(
        "sent from this phone: deal: ann wins (open), stored as deal 1"
    )
    assert answers == [201]
    assert stored(db, "dropped") == ["ann"]
    expect(page.get_by_label("totals", exact=True)).to_contain_text("+200")


def test_a_deal_saved_offline_survives_a_reload_and_is_sent_once(
    page: Page,
    db: Path,
) -> None:
    start(db, "offline")
    page.goto("/session/offline")
    context = page.context
    context.set_offline(True)
    enter_open_win_by_ann(page)
    page.get_by_role("button", name="save deal").click()
    kept = page.get_by_label("waiting to send")
    expect(kept).to_contain_text("deal: ann wins (open): waiting to send")
    expect(page.get_by_label("new deal").get_by_role("alert")).to_contain_text("waiting to send")
    assert stored(db, "offline") == []

    # Back on the network, but the ledger still unreachable: reload, the deal is still kept.
    context.route("**/api/session/offline/deal", lambda route: route.abort())
    context.set_offline(False)
    page.reload()
    expect(page.get_by_label("waiting to send")).to_contain_text(
        "deal: ann wins (open): waiting to send"
    )
    assert stored(db, "offline") == []

    context.unroute("**/api/session/offline/deal")  # the connection returns
    expect(page.get_by_label("history message")).to_contain_text("stored as deal 1")
    expect(page.get_by_label("waiting to send")).to_be_hidden()
    assert stored(db, "offline") == ["ann"]
    page.reload()
    assert stored(db, "offline") == ["ann"]


def test_a_kept_deal_the_server_refuses_shows_the_reason_and_stays(
    page: Page,
    db: Path,
) -> None:
    """An amendment saved offline, while the laptop undid that very deal: once online the
    server refuses it; the page shows the server's line and keeps the amendment for
    correction (it is not dropped), and "correct" loads it back into the form."""
    start(db, "refused", deals=2)
    page.goto("/session/refused")
    page.get_by_role("button", name="amend deal 2").click()
    expect(page.get_by_text("Amending deal 2")).to_be_visible()
    page.context.set_offline(True)
    choose(page, "winner", "ann")
    page.get_by_label("bob has not melded").check()
    page.get_by_role("button", name="save deal").click()
    expect(page.get_by_label("waiting to send")).to_contain_text(
        "amendment of deal 2: waiting to send"
    )
    with Ledger(db) as ledger:
        ledger.session("refused").undo()  # meanwhile, on the laptop
    page.context.set_offline(False)
    kept = page.get_by_label("waiting to send")
    expect(kept).to_contain_text(
        "amendment of deal 2: refused: session 'refused' has no deal 2 (deals 1 to 1)",
    )
    page.reload()
    expect(kept).to_contain_text("refused: session 'refused' has no deal 2")
    page.get_by_role("button", name="correct amendment of deal 2").click()
    expect(option(page, "winner", "ann")).to_be_checked()
    expect(page.get_by_label("new deal").get_by_role("alert")).to_contain_text("has no deal 2")
    expect(kept).to_be_hidden()
    assert stored(db, "refused") == ["bob"]


def test_what_was_entered_survives_a_reload_until_it_is_saved(
    page: Page,
    db: Path,
) -> None:
    start(db, "typed")
    page.goto("/session/typed")
    choose(page, "winner", "ann")
    choose(page, "kind", "open win")
    page.get_by_label("bob has not melded").check()
    page.get_by_label("tap to fill: cat's rack").check()
    tile(page, "r5").click()
    tile(page, "b7").click()
    page.reload()
    expect(option(page, "winner", "ann")).to_be_checked()
    expect(page.get_by_label("bob has not melded")).to_be_checked()
    rack = page.get_by_label("cat's rack", exact=True).get_by_role("button")
    expect(rack).to_have_count(2)
    expect(rack.first).to_have_accessible_name(re.compile(r"^r5"))
    page.get_by_role("button", name="save deal").click()
    expect(page.get_by_label("totals", exact=True)).to_contain_text("+100")
    assert stored(db, "typed") == ["ann"]
    page.reload()  # saved: the form starts empty again
    for player in PLAYERS:
        expect(option(page, "winner", player)).not_to_be_checked()
    expect(option(page, "kind", "no winner")).to_be_checked()


def test_on_localhost_the_app_installs_and_opens_with_no_server(
    browser: Browser,
    db: Path,
) -> None:
    """localhost is a secure context: the page has a manifest with its icons and a service
    worker, and once opened it opens again when the server is gone."""
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        with running(create_app(db=db)) as url:
            page.goto(f"{url}/")
            assert page.evaluate("window.isSecureContext") is True
            page.evaluate("async () => { await navigator.serviceWorker.ready; }")
            link = page.locator("link[rel=manifest]").get_attribute("href")
            manifest = page.request.get(f"{url}{link}").json()
            assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
            for icon in manifest["icons"]:
                reply = page.request.get(f"{url}{icon['src']}")
                assert reply.ok and reply.headers["content-type"] == "image/png"
                assert reply.body()[:8] == b"\x89PNG\r\n\x1a\n"
            page.reload()  # now under the service worker's control
            assert page.evaluate("navigator.serviceWorker.controller !== null")
            page.goto(f"{url}/sessions")
        page.goto(f"{url}/")  # the server is gone
        expect(page.get_by_role("heading", name="Score a hand")).to_be_visible()
        expect(page.get_by_label("tile picker", exact=True).get_by_role("button")).to_have_count(53)
        page.goto(f"{url}/sessions")
        expect(page.get_by_role("heading", name="Sessions")).to_be_visible()
    finally:
        context.close()


def test_a_busy_ledger_keeps_the_deal_and_sends_it_again_once(
    page: Page,
    db: Path,
) -> None:
    """The laptop holds the ledger's write lock longer than the server waits (issue 28): the
    server answers 503 with Retry-After, the phone says the ledger is busy and keeps the
    deal (a 400 would have been shown as refused), and sends it again with the same key
    once the lock is gone: one deal stored."""
    import sqlite3
    import threading
    import time

    start(db, "busy")
    page.goto("/session/busy")
    answers: list[int] = []
    page.on(
        "response",
        lambda response: (
            answers.append(response.status)
            if response.url.endswith("/api/session/busy/deal")
            else None
        ),
    )
    blocker = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    blocker.execute("BEGIN IMMEDIATE")
    released = threading.Event()

    def release_later() -> None:
        # held until the page has met the busy ledger (a fixed few seconds could pass
        # before the tap on a loaded machine, and then nothing would be busy)
        deadline = time.monotonic() + 30
        while 503 not in answers and time.monotonic() < deadline:
            time.sleep(0.05)
        blocker.execute("ROLLBACK")
        released.set()

    threading.Thread(target=release_later, daemon=True).start()
    try:
        enter_open_win_by_ann(page)
        page.get_by_role("button", name="save deal").click()
        expect(page.get_by_label("new deal").get_by_role("alert")).to_contain_text(
            "the ledger is busy"
        )
        expect(page.get_by_label("history message")).to_contain_text("stored as deal 1")
    finally:
        released.wait(35)
        blocker.close()
    assert answers[0] == 503 and answers[-1] == 201 and 400 not in answers
    assert stored(db, "busy") == ["ann"]


@contextmanager
def phone_on(browser: Browser, db: Path, name: str) -> Iterator[tuple[Page, list[int]]]:
    """A phone with session ``name`` open on a server of its own on ``db``, and the status
    of every answer to a deal it sends; a script error on the page fails the test."""
    context = browser.new_context(viewport=PHONE)
    errors: list[str] = []
    answers: list[int] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "response",
        lambda response: (
            answers.append(response.status)
            if response.url.endswith(f"/api/session/{name}/deal")
            else None
        ),
    )
    try:
        with running(create_app(db=db)) as url:
            page.goto(f"{url}/session/{name}")
            yield page, answers
    finally:
        context.close()
    assert errors == []


def test_a_full_disk_keeps_the_deal_says_why_and_sends_it_once_there_is_room(
    browser: Browser,
    tmp_path: Path,
) -> None:
    """The ledger's disk is full (a real 600 KiB tmpfs, issue 42): the server answers 507,
    the phone says the disk is full and keeps the deal with that reason (not "refused", not
    "busy"); once there is room, the deal is sent again with its key and stored once."""
    from test_ledger_media import fill, tmpfs

    with tmpfs(tmp_path / "disk", "600k") as disk:
        db = disk / "ledger.sqlite3"
        start(db, "full")
        with phone_on(browser, db, "full") as (page, answers):
            filler = fill(disk)
            enter_open_win_by_ann(page)
            page.get_by_role("button", name="save deal").click()
            expect(page.get_by_label("new deal").get_by_role("alert")).to_contain_text(
                "saved on this phone: the ledger's disk is full, it is sent once the disk has room"
            )
            kept = page.get_by_label("waiting to send")
            expect(kept).to_contain_text(
                "deal: ann wins (open): waiting to send (the ledger's disk is full;"
                " nothing was stored)"
            )
            page.reload()  # the reason is kept with the deal
            expect(kept).to_contain_text("waiting to send (the ledger's disk is full")
            assert stored(db, "full") == []
            # the page is left before there is room: its outbox retries every 10 s (the
            # 507's Retry-After), and a retry falling between the room and the reload sent
            # the deal from the page about to go (a slow CI), so the page read after it had
            # nothing left to send and never said "stored"
            session_page = page.url
            page.goto("about:blank")
            filler.unlink()  # room again
            page.goto(session_page)
            expect(page.get_by_label("history message")).to_contain_text("stored as deal 1")
            expect(kept).to_be_hidden()
        assert answers[0] == 507 and answers[-1] == 201
        assert answers.count(201) == 1 and 503 not in answers and 400 not in answers
        assert stored(db, "full") == ["ann"]


def test_a_read_only_ledger_is_shown_and_a_save_says_why_without_retrying(
    browser: Browser,
    tmp_path: Path,
) -> None:
    """The ledger is on a read-only disk (a real read-only tmpfs, issue 42): the session's
    page shows it, and saving a deal is answered 409 once: the phone shows the server's
    line and keeps the deal in the form, and does not send it again by itself."""
    from test_ledger_media import read_only, tmpfs

    with tmpfs(tmp_path / "disk", "2m") as disk:
        db = disk / "ledger.sqlite3"
        start(db, "frozen", deals=1)
        read_only(disk)
        with phone_on(browser, db, "frozen") as (page, answers):
            expect(page.get_by_label("totals", exact=True)).to_contain_text("+200")
            enter_open_win_by_ann(page)
            page.get_by_role("button", name="save deal").click()
            expect(page.get_by_label("new deal").get_by_role("alert")).to_contain_text(
                "the ledger is on a read-only disk; it can be read, but nothing can be stored"
            )
            expect(option(page, "winner", "ann")).to_be_checked()
            expect(page.get_by_label("waiting to send")).to_be_hidden()
            page.reload()
            expect(option(page, "winner", "ann")).to_be_checked()
        assert answers == [409]
        assert stored(db, "frozen") == ["bob"]
