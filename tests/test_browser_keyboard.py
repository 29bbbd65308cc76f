"""A closed hand scored on a phone in as many taps as it has tiles (issue 41), in real
Chromium at 360 x 740, tried as it is used: a thumb that taps only what it can see.

``Thumb`` taps a control only once it is on the screen and not under anything (a bar stuck
to the screen, the tile keyboard): the tap is where ``document.elementFromPoint`` finds the
control. When it is not, the thumb scrolls the page (``window.scrollBy``) to bring it to the
upper third of the screen and counts how far. Every tap and every pixel of the player's own
scrolling is counted; what the page scrolls by itself (bringing the form or the next
loser into view) is not the player's. Playwright's click never scrolls here: the control is
already in view when it is clicked.

The issue's measures: the scorer takes 14 taps and 1 for the discard, with the score (type,
points, doubled or not) in view above the open keyboard from the 14th; a closed win for 4
players with 3 not melded takes at most 22 taps and at most one screen (740 px) of the
player's scrolling from "new deal" to "save deal"; while entering, the bars stuck to the
screen take at most a fifth of it (148 px), and the last deal's news is not in one. The
tile keyboard is the input itself, as the phone's own keyboard is, so it is measured on its
own: the tiles being entered are in it, in view, after every tap.

docs/web-score.png (the scorer after the 14th tile) and docs/web-deal.png (the closed
win's hand on the keyboard) are taken here, and looked at; a run writes them to the test's
temporary folder, and ``INTLSCORE_DOCS_SCREENSHOTS=1`` over docs/
(``test_web_browser.screenshots``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from test_browser_a11y import scan
from test_browser_live import phone_maker
from test_web_browser import LAYOUT_CHECK, base, db, option, screenshots, tile  # noqa: F401

from intlscore.session.ledger import Ledger

SCREEN = {"width": 360, "height": 740}
FIFTH = SCREEN["height"] // 5  # 148 px
FOUR = ["ann", "bob", "cat", "dan"]

HIT = """(el) => {
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  if (y < 0 || y >= innerHeight || x < 0 || x >= innerWidth) return false;
  const top = document.elementFromPoint(x, y);
  const label = el.closest("label");
  return Boolean(top) && (el.contains(top) || top === label || (label && label.contains(top)));
}"""

STUCK = """() => {
  // the bars stuck to the screen now: every shown element fixed or sticky, but for the tile
  // keyboard (measured on its own), with the part of it that is on the screen
  const bars = [];
  for (const el of document.querySelectorAll("body *")) {
    const position = getComputedStyle(el).position;
    if (position !== "sticky" && position !== "fixed") continue;
    if (el.closest("#keyboard")) continue;
    const box = el.getBoundingClientRect();
    const shown = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
    if (box.width === 0 || shown <= 0) continue;
    // a sticky bar is stuck only at the edge of the screen it sticks to
    const stuck = position === "fixed" || Math.round(box.top) <= 0
      || Math.round(box.bottom) >= innerHeight;
    if (stuck) bars.push({ what: el.className || el.tagName, height: shown,
      news: el.contains(document.querySelector(".news [role=status]")) });
  }
  return bars;
}"""


CUT_PLACEHOLDERS = """() => {
  // every shown text box's placeholder fits inside the box (measured in the box's font)
  const pen = document.createElement("canvas").getContext("2d");
  const cut = [];
  for (const box of document.querySelectorAll("input[placeholder]")) {
    if (!box.checkVisibility()) continue;
    const style = getComputedStyle(box);
    pen.font = style.font;
    const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (pen.measureText(box.placeholder).width > room) cut.push(box.placeholder);
  }
  return cut;
}"""


class Thumb:
    """Taps what is on the screen, scrolling first only when it must; counts both."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0
        self.scrolled = 0  # the player's own scrolling, in px
        self.bars: list[float] = []  # the stuck bars' height, in px, after each tap
        self.news_stuck: list[bool] = []  # whether the news line is in one, after each tap

    def in_reach(self, target: Locator) -> bool:
        return bool(target.evaluate(HIT))

    def bring(self, target: Locator) -> None:
        """Scroll the page (as a thumb does) until ``target`` can be tapped."""
        if self.in_reach(target):
            return
        box = target.bounding_box()
        assert box is not None, f"{target} is not shown"
        before = self.page.evaluate("window.scrollY")
        wanted = box["y"] + box["height"] / 2 - SCREEN["height"] * 0.3
        self.page.evaluate(f"window.scrollBy(0, {wanted})")
        self.scrolled += abs(self.page.evaluate("window.scrollY") - before)
        assert self.in_reach(target), f"{target} cannot be tapped even after scrolling"

    def tap(self, target: Locator) -> None:
        self.bring(target)
        self.taps += 1
        target.click()
        self.look()

    def look(self) -> None:
        """Measure the bars stuck to the screen now."""
        bars = self.stuck()
        self.bars.append(sum(bar["height"] for bar in bars))
        self.news_stuck.append(any(bar["news"] for bar in bars))

    def stuck(self) -> list[dict[str, Any]]:
        bars: list[dict[str, Any]] = self.page.evaluate(STUCK)
        return bars


def key(page: Page, notation: str) -> Locator:
    locator: Locator = tile(page, notation)
    return locator


def label_of(page: Page, group: str, name: str) -> Locator:
    """The label of a one-tap choice: what the thumb taps."""
    radio = page.get_by_role("radio", name=name, exact=True)
    return page.get_by_role("radiogroup", name=group).locator("label", has=radio)


def in_view(page: Page, target: Locator) -> None:
    """Wholly on the screen and, unless it is part of the tile keyboard, not under it."""
    box = target.bounding_box()
    assert box is not None, f"{target} is not shown"
    keyboard = page.get_by_label("tile keyboard", exact=True)
    bottom = SCREEN["height"]
    if keyboard.is_visible() and not target.evaluate("el => Boolean(el.closest('#keyboard'))"):
        top = keyboard.bounding_box()
        assert top is not None
        bottom = int(top["y"])
    assert box["y"] >= 0 and box["y"] + box["height"] <= bottom, (box, bottom)


@pytest.fixture
def phone(browser: Browser, base: str) -> Iterator[Page]:
    """One phone of 360 x 740 (the CSP bypassed only so that axe-core may be injected)."""
    with phone_maker(browser, base, viewport=SCREEN, bypass_csp=True) as make:
        (page,) = make(1)
        yield page


def test_the_scorer_takes_one_tap_a_tile_and_shows_the_score_above_the_keyboard(
    phone: Page, screenshots: Path
) -> None:
    page = phone
    page.goto("/")
    thumb = Thumb(page)
    keyboard = page.get_by_label("tile keyboard", exact=True)
    expect(keyboard).to_be_visible()  # open on the hand from the start
    hand = page.get_by_label("hand", exact=True)
    for number, notation in enumerate([f"k{n}" for n in range(1, 14)] + ["k1"], start=1):
        thumb.tap(key(page, notation))
        expect(hand.get_by_role("button")).to_have_count(number)
        in_view(page, hand)  # the tiles entered, above the keys
    # after the 14th tile the score is in view, above the open keyboard: type, points and
    # whether it is doubled (R10: the Royal, type 24, 2400 with no joker; no discard yet)
    result = page.get_by_label("result", exact=True)
    score = result.get_by_role("heading", name="Royal: 2400")
    expect(score).to_be_visible()
    doubled = result.get_by_text("not doubled: no discard tapped yet")
    expect(doubled).to_be_visible()
    in_view(page, score)
    in_view(page, doubled)
    expect(keyboard).to_be_visible()
    expect(keyboard).to_contain_text("hand: 14 of 15")
    assert thumb.scrolled == 0
    page.screenshot(path=screenshots / "web-score.png")
    scan(page, "the scorer with the keyboard open and a score")

    # the 15th tile is the discard: the best one is found (r5), the keyboard closes
    thumb.tap(key(page, "r5"))
    expect(keyboard).to_be_hidden()
    expect(result).to_contain_text("discard r5: not doubled")
    expect(result.get_by_role("heading", name="Royal: 2400")).to_be_in_viewport()
    assert (thumb.taps, thumb.scrolled) == (15, 0)  # 14 taps and 1 for the discard
    assert page.evaluate(LAYOUT_CHECK) == []

    # a tap on an entered tile takes it back, and the keyboard opens for its replacement
    hand.get_by_role("button", name=re.compile("^r5 ")).click()
    expect(keyboard).to_be_visible()
    expect(hand.get_by_role("button")).to_have_count(14)
    expect(keyboard).to_contain_text("hand: 14 of 15")
    page.get_by_role("button", name="done", exact=True).click()
    expect(keyboard).to_be_hidden()
    expect(hand.get_by_role("button")).to_have_count(14)  # "done" keeps what was entered
    page.get_by_label("tap to fill: discard").check()  # another field: the keyboard is its
    expect(keyboard).to_contain_text("discard: 0 of 1")
    page.keyboard.press("Escape")  # on a computer, Escape is "done"
    expect(keyboard).to_be_hidden()


def eight_deals(db: Path, name: str) -> None:
    """An evening of 8 deals (the issue's) among four players."""
    with Ledger(db) as ledger:
        session = ledger.create_session(name, FOUR)
        for number in range(8):
            winner = FOUR[number % 4]
            losers = [player for player in FOUR if player != winner]
            session.deal(kind="open", winner=winner, racks={losers[0]: "r5 b7"},
                         not_melded=losers[1:])  # fmt: skip


def test_a_closed_win_for_four_takes_22_taps_and_less_than_a_screen_of_scrolling(
    phone: Page, db: Path, screenshots: Path
) -> None:
    """cat wins closed with b1-13 b1 and r5 (the best discard, R10: the Royal 2400, not
    doubled); ann, bob and dan have not melded (R14: cat scores the type, 2400; R16: each of
    them loses the winner's amount, 2400)."""
    eight_deals(db, "taps")
    page = phone
    page.goto("/session/taps")
    expect(page.locator("html[data-live=on]")).to_have_count(1)
    thumb = Thumb(page)
    news = page.get_by_role("status", name="news")
    keyboard = page.get_by_label("tile keyboard", exact=True)
    hand = page.get_by_label("hand", exact=True)

    thumb.tap(page.get_by_role("button", name="new deal", exact=True))
    thumb.tap(label_of(page, "winner", "cat"))
    thumb.tap(label_of(page, "kind", "closed win"))
    expect(keyboard).to_be_visible()  # a closed win opens the keyboard on the hand
    for number, notation in enumerate([f"b{n}" for n in range(1, 14)] + ["b1", "r5"], start=1):
        thumb.tap(key(page, notation))
        if number < 15:
            expect(hand.get_by_role("button")).to_have_count(number)
            in_view(page, hand)  # the tiles being entered, always in view
        if number == 14:
            page.screenshot(path=screenshots / "web-deal.png")
    expect(keyboard).to_be_hidden()  # the hand is complete: the losers come next
    for loser in ["ann", "bob", "dan"]:
        thumb.tap(page.get_by_label(f"{loser} has not melded"))
    preview = page.get_by_label("deal preview")
    expect(preview).to_contain_text("type 24 Royal: 2400 points")
    expect(preview).to_be_in_viewport()
    thumb.look()  # once more, with the whole preview in the bar at the bottom
    entering, news_stuck = list(thumb.bars), list(thumb.news_stuck)
    assert not any(news_stuck), "the last deal's news is stuck to the screen while entering"
    thumb.tap(page.get_by_role("button", name="save deal"))

    expect(news).to_contain_text("deal 9 saved (closed win by cat: 24 Royal")
    expect(news).to_be_in_viewport()  # said in view once the deal is saved
    assert thumb.taps <= 22, thumb.taps
    assert thumb.scrolled <= SCREEN["height"], thumb.scrolled
    assert max(entering) <= FIFTH, entering
    with Ledger(db) as ledger:
        deal = ledger.session("taps").deals()[-1]
    assert dict(deal.deltas) == {"ann": -2400, "bob": -2400, "cat": 2400, "dan": -2400}


def test_the_keyboard_fits_every_field_and_passes_the_scan(phone: Page, db: Path) -> None:
    """Every key and tile is a 44 px target inside 360 px; a rack's many tiles stay in the
    tray (it scrolls inside, two rows in view); the keyboard takes under two thirds of the
    screen; and the form below it can be scrolled into view."""
    eight_deals(db, "fit")
    page = phone
    page.goto("/session/fit")
    page.get_by_label("tap to fill: bob's rack").check()
    keyboard = page.get_by_label("tile keyboard", exact=True)
    expect(keyboard).to_contain_text("bob's rack: 0 tiles")
    for notation in [f"o{n}" for n in range(1, 14)] * 2 + ["*"]:
        tile(page, notation).click()
    rack = page.get_by_label("bob's rack", exact=True)
    expect(rack.get_by_role("button")).to_have_count(27)
    expect(keyboard).to_contain_text("bob's rack: 27 tiles")
    box = keyboard.bounding_box()
    assert box is not None and box["height"] <= SCREEN["height"] * 2 / 3, box
    in_view(page, page.get_by_label("tile picker", exact=True))
    assert page.evaluate(LAYOUT_CHECK) == []
    assert page.evaluate(CUT_PLACEHOLDERS) == []  # "or its cou..." no more
    scan(page, "a session with the keyboard open on a rack")
    # a third copy is refused where the tiles are entered, in view
    tile(page, "o5").click()
    said = keyboard.get_by_role("alert")
    expect(said).to_contain_text("o5: both copies are placed already")
    in_view(page, said)
    page.get_by_role("button", name="done", exact=True).click()
    expect(keyboard).to_be_hidden()
    expect(rack.get_by_role("button")).to_have_count(27)  # back in the form
    settle = page.get_by_role("button", name="settle", exact=True)
    settle.scroll_into_view_if_needed()
    expect(settle).to_be_in_viewport()


def test_the_sharer_is_not_asked_who_it_is_and_its_form_cannot_store_the_deal_again(
    browser: Browser, base: str, db: Path
) -> None:
    """ann's phone (nobody chosen in "I am") shares cat's closed win: it waits for the
    others instead of asking who it is; its form is emptied and "save deal" waits on every
    phone while the shared deal is open; bob's phone, after "send my rack", says it was
    sent in the line in view."""
    with Ledger(db) as ledger:
        ledger.create_session("sharer", ["ann", "bob", "cat"])
    with phone_maker(browser, base, viewport=SCREEN) as make:
        ann, bob = make(2)
        for page in (ann, bob):
            page.goto("/session/sharer")
            expect(page.locator("html[data-live=on]")).to_have_count(1)
        ann.get_by_role("button", name="new deal", exact=True).click()
        option(ann, "winner", "cat").check()
        option(ann, "kind", "closed win").check()
        ann.get_by_role("textbox", name="closed hand as text").fill("k1-13 k1 r5")
        ann.get_by_role("button", name="use closed hand as text").click()
        ann.get_by_role("button", name="share this deal").click()
        banner = ann.get_by_label("shared deal banner")
        expect(banner).to_have_text("cat won, shared from this phone: waiting for ann, bob")
        expect(ann.get_by_role("status", name="news")).to_have_text(
            "cat won (closed): the others send their racks"
        )
        # the form is emptied, and it cannot store a deal while the shared one is open
        for player in ["ann", "bob", "cat"]:
            expect(option(ann, "winner", player)).not_to_be_checked()
        expect(option(ann, "kind", "no winner")).to_be_checked()
        for page in (ann, bob):
            expect(page.get_by_role("button", name="save deal")).to_be_disabled()
            expect(page.get_by_role("form", name="new deal")).to_contain_text(
                "A shared deal is open (cat won): it is stored from its card above"
            )

        bob.get_by_label("I am").select_option("bob")
        expect(bob.get_by_label("shared deal banner")).to_have_text("cat won: send your rack")
        bob.get_by_role("textbox", name="my rack as text").fill("r5 b7")
        bob.get_by_role("button", name="send my rack").click()
        said = bob.get_by_role("status", name="news")
        expect(said).to_have_text("your rack was sent (r5 b7); waiting for ann")
        expect(said).to_be_in_viewport()
        expect(bob.get_by_label("shared deal banner")).to_have_text(
            "cat won: your rack is in; waiting for ann"
        )
        ann.get_by_role("button", name="discard the shared deal").click()
        ann.get_by_role("button", name="yes, discard it").click()
        for page in (ann, bob):  # no shared deal: the form stores again
            expect(page.get_by_role("button", name="save deal")).to_be_enabled()
        with Ledger(db) as ledger:
            assert ledger.session("sharer").deals() == []
