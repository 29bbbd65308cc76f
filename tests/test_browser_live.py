"""Live pages (issue 18), in real Chromium: two and three phones on one session, each its
own browser context, see a deal recorded by another phone or by the command line without
a reload, and a phone cut off from the server catches up when it is back.

The browser and the server are the fixtures of ``test_web_browser``; these tests FAIL
when Chromium cannot start.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from test_web_browser import PHONE, base, db  # noqa: F401 - the shared fixtures
from web_server import running

from intlscore.faces.cli import main
from intlscore.faces.web.app import create_app
from intlscore.session.ledger import Ledger

PLAYERS = ["ann", "bob", "cat"]
Phones = Callable[[int], list[Page]]


@contextmanager
def phone_maker(browser: Browser, base: str, **options: Any) -> Iterator[Phones]:
    """``make(n)``: n phones, each a browser context of its own (its own storage), made
    with ``options`` (the viewport...); every script error on them fails the test."""
    contexts = []
    errors: list[str] = []

    def make(count: int) -> list[Page]:
        pages = []
        for _ in range(count):
            context = browser.new_context(base_url=base, has_touch=True, **options)
            contexts.append(context)
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            pages.append(page)
        return pages

    yield make
    for context in contexts:
        context.close()
    assert errors == [], f"script errors on the pages: {errors}"


@pytest.fixture
def phones(browser: Browser, base: str) -> Iterator[Phones]:
    """``phones(n)``: n phones of 360 x 640."""
    with phone_maker(browser, base, viewport=PHONE) as make:
        yield make


def open_on(pages: list[Page], db: Path, name: str) -> None:
    with Ledger(db) as ledger:
        ledger.create_session(name, PLAYERS)
    for page in pages:
        page.goto(f"/session/{name}")
        expect(page.locator("html[data-live=on]")).to_have_count(1)  # the stream is open


def test_a_deal_saved_on_one_phone_shows_on_the_other_and_keeps_its_typing(
    phones: Phones,
    db: Path,
) -> None:
    ann, bob = phones(2)
    open_on([ann, bob], db, "two")
    bob.get_by_label("winner", exact=True).select_option("bob")  # bob starts on a deal too
    ann.get_by_label("winner", exact=True).select_option("ann")
    ann.get_by_label("kind", exact=True).select_option("open")
    ann.get_by_label("bob has not melded").check()
    ann.get_by_label("cat has not melded").check()
    ann.get_by_role("button", name="save deal").click()
    expect(bob.get_by_label("totals", exact=True)).to_contain_text("+200")
    expect(bob.get_by_label("history", exact=True)).to_contain_text("ann")
    expect(bob.get_by_label("winner", exact=True)).to_have_value("bob")  # not reloaded
    with Ledger(db) as ledger:
        assert len(ledger.session("two").deals()) == 1


def test_three_phones_see_the_command_line_deal_and_its_undo(
    phones: Phones,
    db: Path,
) -> None:
    pages = phones(3)
    open_on(pages, db, "three")
    argv = ["session", "deal", "three", "--open", "--winner", "cat", "--db", str(db)]
    assert main([*argv, "--not-melded", "ann", "bob"]) == 0
    for page in pages:
        expect(page.get_by_label("totals", exact=True)).to_contain_text("+200")
        expect(page.get_by_role("button", name="undo last deal")).to_be_visible()
    assert main(["session", "undo", "three", "--db", str(db)]) == 0
    for page in pages:
        expect(page.get_by_label("history", exact=True)).to_contain_text("No deals yet")
    # the buttons of a refreshed history work: amend from a phone after a live update
    assert main([*argv, "--not-melded", "ann", "bob"]) == 0
    first = pages[0]
    first.get_by_role("button", name="amend deal 1").click()
    expect(first.get_by_text("Amending deal 1")).to_be_visible()


def test_the_sessions_list_shows_a_new_session(phones: Phones, db: Path) -> None:
    (page,) = phones(1)
    with Ledger(db) as ledger:
        ledger.create_session("existing", PLAYERS)
    page.goto("/sessions")
    expect(page.locator("html[data-live=on]")).to_have_count(1)
    assert main(["session", "new", "laptop-made", "--players", "ann", "bob", "--db", str(db)]) == 0
    expect(page.get_by_label("sessions", exact=True)).to_contain_text("laptop-made")


def test_a_phone_cut_off_catches_up_when_it_is_back(
    browser: Browser,
    db: Path,
) -> None:
    """The server goes away (the laptop restarts it): the phone's stream drops, the page
    says so, a deal is recorded meanwhile; when the server is back on the same address,
    the browser reconnects by itself and the page catches up, with no reload."""
    with Ledger(db) as ledger:
        ledger.create_session("cut", PLAYERS)
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        with running(create_app(db=db)) as url:
            page.goto(f"{url}/session/cut")
            expect(page.locator("html[data-live=on]")).to_have_count(1)
        expect(page.locator("html[data-live=off]")).to_have_count(1)  # the stream dropped
        argv = ["session", "deal", "cut", "--open", "--winner", "bob", "--db", str(db)]
        assert main([*argv, "--not-melded", "ann", "cat"]) == 0
        expect(page.get_by_label("totals", exact=True)).not_to_contain_text("+200")
        port = int(url.rsplit(":", 1)[1])
        with running(create_app(db=db), port=port):
            expect(page.locator("html[data-live=on]")).to_have_count(1)
            expect(page.get_by_label("totals", exact=True)).to_contain_text("+200")
    finally:
        context.close()


def test_a_shared_deal_filled_from_three_phones_is_stored_once(
    phones: Phones,
    db: Path,
) -> None:
    """ann shares her open win; bob types his rack on his phone, cat says she has not
    melded on hers; every phone sees it fill in; ann stores it, once."""
    ann, bob, cat = phones(3)
    open_on([ann, bob, cat], db, "shared")
    ann.get_by_label("winner", exact=True).select_option("ann")
    ann.get_by_label("kind", exact=True).select_option("open")
    ann.get_by_role("button", name="share this deal").click()
    for page in (ann, bob, cat):
        expect(page.get_by_label("shared deal summary")).to_have_text("ann wins (open)")
    bob.get_by_label("I am").select_option("bob")
    bob.get_by_role("textbox", name="my rack as text").fill("r5 b7 *")
    bob.get_by_role("button", name="send my rack").click()
    expect(cat.get_by_label("who has said")).to_contain_text("bob: rack r5 b7 *")
    expect(ann.get_by_role("button", name=re.compile("waiting for cat"))).to_be_disabled()
    cat.get_by_label("I am").select_option("cat")
    cat.get_by_role("button", name="I have not melded").click()
    expect(ann.get_by_label("who has said")).to_contain_text("cat: has not melded")
    store = ann.get_by_role("button", name="store the shared deal", exact=True)
    expect(store).to_be_enabled()
    store.click()
    # R14 open win 100; R15 bob's rack 5 + 7 + 30 = 42; R16 cat not melded -100
    for page in (ann, bob, cat):
        expect(page.get_by_label("totals", exact=True)).to_contain_text("-42")
        expect(page.get_by_label("shared deal summary")).to_be_hidden()
    with Ledger(db) as ledger:
        assert [deal.deltas for deal in ledger.session("shared").deals()] == [
            {"ann": 100, "bob": -42, "cat": -100}
        ]


def test_the_club_page_follows_a_deal_of_any_session(
    phones: Phones, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 21's /club, live as the sessions are (issue 18): a deal recorded on the laptop
    moves the standings on a phone that shows them, without a reload."""
    (page,) = phones(1)
    with Ledger(db) as ledger:
        ledger.create_session("club-night", PLAYERS)
    capsys.readouterr()
    assert main(["stats", "--json", "--db", str(db)]) == 0
    before = json.loads(capsys.readouterr().out)["deals"]  # the other tests' deals too
    page.goto("/club")
    expect(page.locator("html[data-live=on]")).to_have_count(1)
    argv = ["session", "deal", "club-night", "--open", "--winner", "bob", "--db", str(db)]
    assert main([*argv, "--not-melded", "ann", "cat"]) == 0
    after = before + 1
    standings = page.get_by_label("standings", exact=True)
    expect(standings).to_contain_text(f"Standings after {after} deal{'' if after == 1 else 's'}")
