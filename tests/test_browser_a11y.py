"""Accessibility and phones (issue 18), in real Chromium: axe-core (from npm, installed by
``.ci/chromium``) scans every page, in the states a player sees, and finds no serious or
critical violation; every page fits 360 px without sideways scrolling, and every control is
a tap target of at least 44x44 px (LAYOUT_CHECK). FAIL when Chromium or axe-core is missing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from test_web_browser import LAYOUT_CHECK, PHONE, base, db  # noqa: F401 - shared fixtures

from intlscore.faces.web.names import url_segment
from intlscore.session.ledger import Ledger

AXE = Path(__file__).parents[1] / "node_modules" / "axe-core" / "axe.min.js"
LONG_NAME = "Thursday club at Anneliese's kitchen / 2026 <b>final</b>!"
PLAYERS = ["Anneliese-Marguerite", "Bartholomew", "Cat", "Dan"]


@pytest.fixture
def page(browser: Browser, base: str) -> Iterator[Page]:
    """A phone whose pages let the test inject axe-core (the pages' CSP allows only the
    server's own scripts, rightly); the page's own behaviour is unchanged."""
    context = browser.new_context(viewport=PHONE, base_url=base, has_touch=True, bypass_csp=True)
    errors: list[str] = []
    opened = context.new_page()
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert errors == [], f"script errors on the page: {errors}"


def scan(page: Page, where: str) -> None:
    """Inject axe-core and run it; no serious or critical violation, and the layout holds."""
    if not AXE.is_file():
        pytest.fail(f"axe-core is missing ({AXE}); install it with: bash .ci/chromium", False)
    page.add_script_tag(path=str(AXE))
    result: dict[str, Any] = page.evaluate("async () => await axe.run(document)")
    serious = [
        f"{violation['id']} ({violation['impact']}): {violation['help']}:"
        f" {[node['target'] for node in violation['nodes']][:3]}"
        for violation in result["violations"]
        if violation["impact"] in ("serious", "critical")
    ]
    assert serious == [], f"{where}: {serious}"
    assert result["passes"], f"{where}: axe ran no check"  # it really ran
    assert page.evaluate(LAYOUT_CHECK) == [], where


@pytest.fixture
def club(db: Path) -> str:
    """A session with a long hostile name, deals (one amended) and long player names."""
    with Ledger(db) as ledger:
        if LONG_NAME not in [summary.name for summary in ledger.sessions()]:
            session = ledger.create_session(LONG_NAME, PLAYERS)
            session.deal(kind="open", winner="Cat", racks={"Bartholomew": "r5 *"},
                         not_melded=["Anneliese-Marguerite", "Dan"])  # fmt: skip
            session.deal(kind="foot", winner="Dan", racks={"Cat": "k1", "Bartholomew": "o2"},
                         not_melded=["Anneliese-Marguerite"])  # fmt: skip
            session.amend(1, kind="open", winner="Dan", not_melded=PLAYERS[:3])
    return "/session/" + url_segment(LONG_NAME)


def test_the_scorer_and_reach_pass_the_scan(page: Page) -> None:
    page.goto("/")
    scan(page, "/ (empty)")
    page.get_by_role("textbox", name="hand as text").fill("k1-13 k1")
    page.get_by_role("button", name="use hand as text").click()
    expect(page.get_by_label("result", exact=True)).to_contain_text("Royal")
    scan(page, "/ (a Royal scored)")
    page.goto("/reach")
    page.get_by_role("textbox", name="hand as text").fill("r1-4 r6-13 r1 k5")
    page.get_by_role("button", name="use hand as text").click()
    expect(page.get_by_label("result", exact=True)).to_contain_text("Closest")
    scan(page, "/reach (a rack)")
    page.get_by_role("textbox", name="hand as text").fill("k1-13 k1 r9")
    page.get_by_role("button", name="use hand as text").click()
    advice = page.get_by_label("play advice", exact=True)
    advice.get_by_label("draws ahead").select_option("1")
    advice.get_by_role("button", name="advise").click()
    expect(advice).to_contain_text("Throw back r9")
    scan(page, "/reach (the play advice)")


def test_the_sessions_pages_pass_the_scan(page: Page, club: str) -> None:
    page.goto("/sessions")
    scan(page, "/sessions")
    page.goto(club)
    scan(page, "a session")
    page.get_by_label("kind", exact=True).select_option("closed")
    page.get_by_label("stake", exact=True).fill("0.05")
    page.get_by_role("button", name="settle").click()
    expect(page.get_by_label("settlement", exact=True)).to_contain_text("Fewest transfers")
    for part in ("Rules in force", "Re-score under other rules", "Check the records"):
        page.get_by_text(part).click()
    page.get_by_role("button", name="check every record").click()
    page.get_by_role("button", name="preview the re-scoring").click()
    page.get_by_role("button", name="earlier versions of deal 1").click()
    expect(page.get_by_label("versions of deal 1").get_by_role("listitem")).to_have_count(2)
    expect(page.get_by_label("rescore preview")).to_contain_text("No deal")
    scan(page, "a session with every part open")


def test_the_club_page_passes_the_scan(page: Page, club: str) -> None:
    page.goto("/club")
    expect(page.get_by_role("heading", name="The club")).to_be_visible()
    scan(page, "/club")


def test_the_error_page_passes_the_scan(page: Page) -> None:
    page.goto("/session/" + url_segment("no such session"))
    expect(page.get_by_role("heading", name="Problem")).to_be_visible()
    scan(page, "the error page")
