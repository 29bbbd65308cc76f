"""Issue 41 item 5: tables that fit a 360 px phone, every column of them, on every page.

No table cell lies outside the 360 px viewport, none is cut inside its cell, and nothing
scrolls sideways: the club page with a stake (its "money", "rating" and "ordinal"
columns), a session's totals, and reach's advice table. The screenshots go to the test's
temporary folder (``--basetemp`` names it) to be looked at.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from test_web_browser import base, db, page  # noqa: F401 - the browser module's fixtures

from intlscore.session.ledger import Ledger

TALL_PHONE = {"width": 360, "height": 740}
PLAYERS = ["Anneliese-Marguerite", "Bartholomew", "Cat", "Dan"]
NAME = "fit"

CELLS_FIT = """() => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  if (document.documentElement.scrollWidth > width) {
    problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  }
  for (const cell of document.querySelectorAll("th, td, caption")) {
    const box = cell.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // hidden
    const text = cell.textContent.trim().replace(/\\s+/g, " ").slice(0, 40);
    if (box.left < 0 || box.right > width) {
      problems.push(`"${text}" lies at ${Math.round(box.left)}-${Math.round(box.right)}`);
    }
    if (cell.scrollWidth > cell.clientWidth + 1) {
      problems.push(`"${text}" is cut: ${cell.scrollWidth} px in ${cell.clientWidth}`);
    }
  }
  for (const table of document.querySelectorAll("table")) {
    for (let box = table.parentElement; box; box = box.parentElement) {
      if (box.scrollWidth > box.clientWidth + 1) {
        problems.push(`a table's ${box.tagName.toLowerCase()} scrolls sideways`);
        break;
      }
    }
  }
  return problems;
}"""


@pytest.fixture(scope="module")
def stake_session(db: Path) -> str:
    """A session with a stake, long names, big deals (a Royal, doubled) and an amend."""
    with Ledger(db) as ledger:
        session = ledger.create_session(NAME, PLAYERS)
        session.set_stake("0.05")
        session.deal(kind="closed", winner="Dan", closed="k1-13 k1", discard="*",
                     not_melded=PLAYERS[:2], racks={"Cat": "r5 r6 r7 *"})  # fmt: skip
        session.deal(kind="open", winner="Cat", racks={"Bartholomew": "r5 *"},
                     not_melded=["Anneliese-Marguerite", "Dan"])  # fmt: skip
        racks = {"Cat": "k1", "Bartholomew": "o2 o3 o13"}
        session.deal(kind="foot", winner="Anneliese-Marguerite", racks=racks, not_melded=["Dan"])
        session.amend(2, kind="open", winner="Bartholomew", not_melded=["Cat", "Dan", PLAYERS[0]])
    return "/session/" + NAME


def fits(page: Page, where: str, shots: Path) -> None:
    page.screenshot(path=shots / f"{where.strip('/').replace('/', '-') or 'root'}.png",
                    full_page=True)  # fmt: skip
    assert page.evaluate(CELLS_FIT) == [], where


@pytest.fixture
def shots(tmp_path: Path, page: Page) -> Path:
    page.set_viewport_size(TALL_PHONE)
    return tmp_path


def test_the_club_tables_fit_with_a_stake(page: Page, stake_session: str, shots: Path) -> None:
    """The issue's report: with a stake, "rating" and "ordinal" were cut off at the right."""
    page.goto("/club?stake=0.05")
    standings = page.get_by_role("table").first
    for header in ("player", "total", "money", "rating", "ordinal"):
        expect(standings).to_contain_text(header)
    expect(standings).to_contain_text("Anneliese-Marguerite")
    fits(page, "club-stake", shots)
    page.goto("/club")
    fits(page, "club", shots)


def test_the_session_tables_fit(page: Page, stake_session: str, shots: Path) -> None:
    page.goto(stake_session)
    expect(page.get_by_label("totals", exact=True)).to_contain_text("Anneliese-Marguerite")
    fits(page, "session", shots)
    for part in ("totals", "history", "chart"):
        page.get_by_label(part, exact=True).screenshot(path=shots / f"session-{part}.png")


def test_the_advice_table_fits(page: Page, shots: Path) -> None:
    """Fifteen tiles: a row per first move, with the type each ends in most often."""
    page.goto("/reach")
    page.get_by_role("textbox", name="hand as text").fill("k1-13 k1 r9")
    page.get_by_role("button", name="use hand as text").click()
    advice = page.get_by_label("play advice", exact=True)
    advice.get_by_label("draws ahead").select_option("1")  # counted exactly: quick
    advice.get_by_role("button", name="advise").click()
    expect(advice.get_by_role("row", name="win now")).to_contain_text("2400", timeout=30_000)
    expect(advice.get_by_role("row")).to_have_count(16)  # the header and 15 first moves
    advice.get_by_text("how this is worked out").click()
    fits(page, "reach-advice", shots)


ONE_LINE_EACH = """() => [...document.querySelectorAll("[aria-label=history] .delta")]
  .filter((piece) => piece.getClientRects().length !== 1)
  .map((piece) => piece.textContent)"""


def test_an_amend_says_was_and_now_in_the_news_and_the_history(
    page: Page,
    db: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 41 item 6: an amend made elsewhere (here the ledger, as the command line
    would) is told on the page as "was → now", in the news and under the deal; a name
    and its delta never part over two lines. The ledger's clock stands still: an amend in
    the same second as the deal it changes is told too (the page once told the versions
    of a deal apart by their time alone, to the second, and a fast run said nothing)."""
    monkeypatch.setattr("intlscore.session.ledger.clock.now", lambda: "2026-12-06T02:41:00+00:00")
    with Ledger(db) as ledger:
        session = ledger.create_session("amends", PLAYERS)
        session.deal(kind="foot", winner="Dan", racks={"Cat": "k1", "Bartholomew": "o2"},
                     not_melded=PLAYERS[:1])  # fmt: skip
    page.set_viewport_size(TALL_PHONE)
    page.goto("/session/amends")
    history = page.get_by_label("history", exact=True)
    expect(history).to_contain_text("foot win by Dan")
    with Ledger(db) as ledger:
        ledger.session("amends").amend(1, kind="open", winner="Cat", not_melded=PLAYERS[:2],
                                       racks={"Dan": "k1"})  # fmt: skip
    change = (
        "was → now: foot win by Dan → open win by Cat;"
        " Bartholomew -2 → -100, Cat -10 → +100, Dan +200 → -10"
    )
    news = page.get_by_role("status", name="news")
    expect(news).to_contain_text("deal 1 amended, was → now:")
    said = news.inner_text()
    assert " ".join(said.replace("\u00a0", " ").split()).endswith(change)
    assert "Bartholomew\u00a0-2\u00a0→\u00a0-100" in said  # kept whole on the news line
    expect(history).to_contain_text(change)
    expect(history).not_to_contain_text("(amended))")
    assert page.evaluate(ONE_LINE_EACH) == []
    assert page.evaluate(CELLS_FIT) == []
    page.screenshot(path=tmp_path / "amend-news.png")
    history.screenshot(path=tmp_path / "amend-history.png")
