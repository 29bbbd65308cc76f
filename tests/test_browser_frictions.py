"""Issue 41 item 6 on a 360 x 740 phone: a problem of the deal form is said once, and the
counted-rack hint is shown whole."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect
from test_web_browser import base, db, page  # noqa: F401 - the browser module's fixtures

from intlscore.session.ledger import Ledger

TALL_PHONE = {"width": 360, "height": 740}
COUNTS = "or type its count: 42, or 42+1j with a joker"
WHOLE = """(element) => element.scrollWidth <= element.clientWidth
  && element.getBoundingClientRect().right <= document.documentElement.clientWidth"""


def open_session(page: Page, db: Path, name: str) -> None:
    with Ledger(db) as ledger:
        ledger.create_session(name, ["ann", "bob", "cat"])
    page.set_viewport_size(TALL_PHONE)
    page.goto(f"/session/{name}")


def test_a_problem_is_said_once(page: Page, db: Path, tmp_path: Path) -> None:
    """The issue's report: the preview and the alert both said it. While entering, the
    preview says what is missing; once "save deal" is pressed the alert says it and the
    preview only points to it; it goes when the problem does."""
    open_session(page, db, "once")
    page.get_by_label("bob has not melded").check()
    preview = page.get_by_label("deal preview")
    foot = preview.locator("..")
    # no winner (the form's start) and ann's rack not said: the server's one line
    problem = "ann has neither a rack nor 'not melded'; say which"
    expect(preview).to_have_text(f"Preview: {problem}")
    expect(foot).not_to_contain_text("Not saved")
    page.get_by_role("button", name="save deal").click()
    message = foot.get_by_role("alert", name="message", exact=True)
    expect(message).to_have_text(problem)
    expect(preview).to_have_text("Not saved: the line below says why.")
    assert foot.inner_text().count(problem) == 1
    page.screenshot(path=tmp_path / "said-once.png")
    page.get_by_label("ann has not melded").check()  # that problem goes, and its line
    expect(preview).to_have_text("Preview: cat has neither a rack nor 'not melded'; say which")
    expect(message).to_have_text("")


def test_the_counted_rack_hint_is_whole(page: Page, db: Path) -> None:
    open_session(page, db, "counts")
    hints = page.get_by_text(COUNTS).locator("visible=true")
    expect(hints).to_have_count(3)  # one per player's rack
    for index in range(3):
        assert hints.nth(index).evaluate(WHOLE), f"hint {index} is cut"
    # it describes the rack's text box for a screen reader too
    box = page.get_by_role("textbox", name="bob's rack as text")
    expect(box).to_have_accessible_description(COUNTS)
