"""A tournament night's pages in real Chromium (issue 43, item 5): an organiser seats the
café's 13 players on a 360 px phone (two players swapped and the round accepted in three
taps), a deal recorded by a real ``intlscore`` process shows in the standings without a
reload; the projector's 1920 x 1080 screen holds the tables, the standings and the clock
in one view, for 13 players and for 40. axe-core scans both pages. Screenshots go to the
test's temporary folder (``python tests/night_pages.py`` writes the docs' once).

They FAIL, never skip, when Chromium or axe-core is missing.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from night_pages import CAFE, HANG_GUARD, intlscore, new_cafe
from playwright.sync_api import Browser, Locator, Page, expect
from test_browser_a11y import scan
from test_browser_live import phone_maker
from test_web_browser import LAYOUT_CHECK, PHONE, base, db  # noqa: F401 - shared fixtures

from intlscore.session.ledger import Ledger
from intlscore.session.night.store import create_night, read_night

SCREEN = {"width": 1920, "height": 1080}
FITS_THE_SCREEN = """() => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollHeight > innerHeight) problems.push(`page is ${doc.scrollHeight} px high`);
  if (doc.scrollWidth > innerWidth) problems.push(`page is ${doc.scrollWidth} px wide`);
  for (const el of document.querySelectorAll("article, tbody tr:not([hidden]), .clock")) {
    const box = el.getBoundingClientRect();
    if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) {
      problems.push(`${el.textContent.trim().slice(0, 30)} is cut (${box.bottom}, ${box.right})`);
    }
  }
  return problems;
}"""


@pytest.fixture
def phone(browser: Browser, base: str) -> Iterator[Page]:
    """A 360 px phone that lets the test inject axe-core; script errors fail the test."""
    with phone_maker(browser, base, viewport=PHONE, bypass_csp=True) as make:
        (page,) = make(1)
        yield page


@pytest.fixture
def projector(browser: Browser, base: str) -> Iterator[Page]:
    with phone_maker(browser, base, viewport=SCREEN, bypass_csp=True) as make:
        (page,) = make(1)
        yield page


def seats(group: Locator) -> list[str]:
    return [name.strip() for name in group.get_by_role("button").all_inner_texts()]


def test_an_organiser_seats_13_players_on_a_phone_in_three_taps(
    phone: Page, db: Path, tmp_path: Path
) -> None:
    new_cafe(db, "taps")
    phone.goto("/night/taps")
    expect(phone.locator("html[data-live=on]")).to_have_count(1)
    draft = phone.get_by_role("region", name="draft")
    accept = draft.get_by_role("button", name="accept round 1")
    expect(accept).to_be_enabled()  # the draft is drawn
    expect(draft.get_by_role("group")).to_have_count(4)
    first, second = (seats(draft.get_by_role("group", name=f"draft table {n}")) for n in (1, 2))
    a, b = first[0], second[1]
    taps = 0

    def tap(target: Locator) -> None:
        nonlocal taps
        target.click()
        taps += 1

    tap(draft.get_by_role("button", name=a, exact=True))
    expect(draft.get_by_role("button", name=a, exact=True)).to_have_attribute("aria-pressed",
                                                                            "true")  # fmt: skip
    tap(draft.get_by_role("button", name=b, exact=True))
    expect(draft.get_by_role("status", name="draft news")).to_have_text(
        f"{a} and {b} swapped. Round 1: no warning."
    )
    warnings = draft.get_by_role("status", name="warnings")
    expect(warnings).to_contain_text("No warning in this round")  # round 1 breaks nothing
    table_one = draft.get_by_role("group", name="draft table 1")
    expect(table_one.get_by_role("button")).to_have_text([b, *first[1:]])
    expect(draft.get_by_role("group", name="draft table 2").get_by_role("button")).to_have_text(
        [second[0], a, *second[2:]]
    )
    assert phone.evaluate(LAYOUT_CHECK) == []
    phone.screenshot(path=tmp_path / "organiser-swapped.png", full_page=True)
    scan(phone, "the organiser's page, a swap made")
    phone.evaluate("window.notReloaded = true")
    tap(accept)
    in_play = phone.get_by_role("region", name="round in play")
    expect(in_play.get_by_role("article", name="table 1")).to_contain_text(f"deal 1: {b} starts")
    assert taps == 3  # two players swapped and the round accepted
    with Ledger(db) as ledger:
        seated = read_night(ledger, "taps").night.seated
    swapped = [[b, *first[1:]], [second[0], a, *second[2:]]]
    assert [list(table) for table in seated[0].seating[:2]] == swapped
    expect(draft.get_by_role("button", name="accept round 2")).to_be_enabled()  # the next draft
    # a deal at table 1 from the laptop's command line, in a process of its own
    winner, *others = seated[0].tables[0].players
    intlscore(db, "session", "deal", "taps-r1-t1", "--open", "--winner", winner,
              "--not-melded", *others)  # fmt: skip
    standings = phone.get_by_role("region", name="standings")
    expect(standings.get_by_role("row", name=re.compile(rf"^1 {winner} points 4 "))).to_be_visible()
    expect(in_play.get_by_role("article", name="table 1")).to_contain_text("1 of 2 deals")
    expect(in_play.get_by_role("list", name="deals at table 1")).to_contain_text(
        f"1. open win by {winner}"
    )
    assert phone.evaluate("window.notReloaded") is True
    assert phone.evaluate(LAYOUT_CHECK) == []
    phone.screenshot(path=tmp_path / "organiser-in-play.png", full_page=True)
    scan(phone, "the organiser's page, round 1 in play")


def test_the_roll_call_on_the_phone(phone: Page, db: Path) -> None:
    new_cafe(db, "roll")
    phone.goto("/night/roll")
    roll = phone.get_by_role("region", name="roll call")
    expect(roll.get_by_role("listitem")).to_have_count(len(CAFE))
    roll.get_by_role("button", name="ben leaves").click()
    expect(roll.get_by_role("button", name="ben is back")).to_be_visible()
    roll.get_by_label("latecomer", exact=True).fill("nia")
    roll.get_by_role("button", name="arrives").click()
    expect(roll.get_by_role("button", name="nia leaves")).to_be_visible()
    roll.get_by_label("latecomer", exact=True).fill("NIA")
    roll.get_by_role("button", name="arrives").click()
    expect(roll.get_by_role("alert", name="roll call message")).to_have_text(
        "nia is already at the night ('NIA' is the same name)"
    )
    # the draft is drawn again for the new roll: ben out, nia in
    draft = phone.get_by_role("region", name="draft")
    expect(draft.get_by_role("button", name="nia", exact=True)).to_be_visible()
    expect(draft.get_by_role("button", name="ben", exact=True)).to_have_count(0)
    # the laptop's command line changes only the night's record: the page hears of it
    intlscore(db, "night", "leave", "roll", "kai")
    expect(roll.get_by_role("button", name="kai is back")).to_be_visible()
    expect(draft.get_by_role("button", name="kai", exact=True)).to_have_count(0)
    intlscore(db, "night", "seat", "roll", "--accept")
    in_play = phone.get_by_role("region", name="round in play")
    expect(in_play.get_by_role("article")).to_have_count(3)  # 12 present: three tables of 4
    seated = re.compile(r"round 1 seated \d+:\d\d ago")
    expect(phone.get_by_label("round clock")).to_contain_text(seated)
    expect(roll.get_by_role("listitem").filter(has_text="standby")).to_have_count(0)
    accept = draft.get_by_role("button", name="accept round 2")
    expect(accept).to_be_enabled()
    # round 1 has no deal yet: seating round 2 needs the organiser's word
    accept.click()
    expect(draft.get_by_role("alert", name="draft message")).to_contain_text(
        "The round in play is not finished"
    )
    with Ledger(db) as ledger:
        assert len(read_night(ledger, "roll").night.seated) == 1
    assert phone.evaluate(LAYOUT_CHECK) == []
    scan(phone, "the organiser's page, the next round's draft while one is in play")
    draft.get_by_label("seat it though the round in play is not finished").check()
    accept.click()
    expect(phone.get_by_label("round clock")).to_contain_text("round 2 seated")
    expect(draft.get_by_role("button", name="accept round 3")).to_be_enabled()


def test_the_projector_shows_the_round_in_one_screen_live(
    projector: Page, db: Path, tmp_path: Path
) -> None:
    new_cafe(db, "room", "--minutes", "45")
    intlscore(db, "night", "seat", "room", "--accept")
    projector.goto("/night/room/screen")
    expect(projector.locator("html[data-live=on]")).to_have_count(1)
    tables = projector.get_by_role("region", name="tables")
    expect(tables.get_by_role("article")).to_have_count(4)
    clock = projector.get_by_label("round clock")
    expect(clock).to_have_text(re.compile(r"round 1: \d+:\d\d left"))  # 45 minutes a round
    standings = projector.get_by_role("region", name="standings")
    expect(standings.locator("tbody tr:not([hidden])")).to_have_count(len(CAFE))  # all fit
    assert projector.evaluate(FITS_THE_SCREEN) == []
    with Ledger(db) as ledger:
        first = read_night(ledger, "room").night.seated[0].tables[0]
    table = tables.get_by_role("article", name="table 1")
    expect(table).to_contain_text("deal 1 of 2")
    expect(table.get_by_role("listitem").first).to_contain_text(f"{first.players[0]} starts")
    winner = first.players[2]
    racks = [arg for p in first.players if p != winner for arg in ("--rack", f"{p}=5")]
    intlscore(db, "session", "deal", first.session, "--foot", "--winner", winner, *racks)
    expect(table).to_contain_text("deal 2 of 2")
    expect(table.get_by_role("listitem").nth(1)).to_contain_text(f"{first.players[1]} starts")
    expect(standings.get_by_role("row").nth(1)).to_contain_text(winner)
    assert projector.evaluate(FITS_THE_SCREEN) == []
    projector.screenshot(path=tmp_path / "screen.png")
    scan_screen(projector, "the projector's screen")


def scan_screen(page: Page, where: str) -> None:
    """axe-core on the projector's page (LAYOUT_CHECK is the phone's, not a screen's)."""
    page.evaluate("document.documentElement.dataset.scan = 'screen'")
    from test_browser_a11y import AXE

    if not AXE.is_file():
        pytest.fail(f"axe-core is missing ({AXE}); install it with: bash .ci/chromium", False)
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => await axe.run(document)")
    serious = [v["id"] for v in result["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], f"{where}: {serious}"
    assert result["passes"], f"{where}: axe ran no check"


def test_forty_players_fit_the_screen_with_as_many_standings_as_fit(
    browser: Browser, base: str, db: Path, tmp_path: Path
) -> None:
    """Also the pages under their own Content-Security-Policy (the other tests bypass it
    to inject axe-core): their scripts and styles are all the server's own files."""
    players = [f"player-{n:02}" for n in range(1, 41)]
    with Ledger(db) as ledger:
        create_night(ledger, "big", players, rounds=4, deals=4, seed=2)
    intlscore(db, "night", "seat", "big", "--accept")
    with phone_maker(browser, base, viewport=SCREEN) as make:
        (projector,) = make(1)
        shown_on_the_projector(projector, tmp_path)
        (phone,) = make(1)
        phone.set_viewport_size(PHONE)
        phone.goto("/night/big")
        expect(phone.get_by_role("region", name="draft").get_by_role(
            "button", name="accept round 2")).to_be_enabled()  # fmt: skip
        expect(phone.get_by_label("round clock")).to_contain_text("round 1 seated")


def shown_on_the_projector(projector: Page, tmp_path: Path) -> None:
    projector.goto("/night/big/screen")
    tables = projector.get_by_role("region", name="tables")
    expect(tables.get_by_role("article")).to_have_count(10)
    rows = projector.get_by_role("region", name="standings").locator("tbody tr")
    expect(rows).to_have_count(40)
    shown = rows.locator("visible=true")
    expect(shown.first).to_contain_text("1")
    assert 10 <= shown.count() < 40  # the top of the table, as many rows as fit
    assert projector.evaluate(FITS_THE_SCREEN) == []
    projector.screenshot(path=tmp_path / "screen-40.png")


def test_taps_wait_while_a_swap_is_measured(
    phone: Page, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The swap's measure is held by the test: meanwhile a tap changes nothing and accept
    waits, so the next swap starts from the answer and accept seats what is shown."""
    from intlscore.session.night import store

    asked, release = threading.Event(), threading.Event()
    measure = store.preview_seating

    def held(*args: object, **kwargs: object) -> store.Draft:
        asked.set()
        assert release.wait(HANG_GUARD), "the test never let the swap go"
        return measure(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "preview_seating", held)
    try:
        swap_while_held(phone, db, asked, release)
    finally:
        release.set()  # never leave the server's thread held


def swap_while_held(
    phone: Page, db: Path, asked: threading.Event, release: threading.Event
) -> None:
    new_cafe(db, "held")
    phone.goto("/night/held")
    draft = phone.get_by_role("region", name="draft")
    accept = draft.get_by_role("button", name="accept round 1")
    expect(accept).to_be_enabled()
    first, second = (seats(draft.get_by_role("group", name=f"draft table {n}")) for n in (1, 2))
    draft.get_by_role("button", name=first[0], exact=True).click()
    draft.get_by_role("button", name=second[0], exact=True).click()
    assert asked.wait(HANG_GUARD), "the swap never reached the server"
    expect(draft.get_by_role("status", name="draft news")).to_have_text(
        f"Swapping {first[0]} and {second[0]}…"
    )
    expect(accept).to_be_disabled()
    third = draft.get_by_role("button", name=first[1], exact=True)
    third.click()
    expect(third).to_have_attribute("aria-pressed", "false")  # the tap waited
    release.set()
    expect(draft.get_by_role("group", name="draft table 1").get_by_role("button")).to_have_text(
        [second[0], *first[1:]]
    )
    expect(accept).to_be_enabled()
