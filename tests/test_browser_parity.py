"""The session's records on the page (issue 18), in real Chromium: the rules in force,
a re-scoring previewed then stored, the check, the CSV download and an amended deal's
versions; and a hostile session name that opens. FAIL when Chromium cannot start."""

from __future__ import annotations

from pathlib import Path

from house_rules import HOUSE_OPTIONS
from playwright.sync_api import Page, expect
from test_web_browser import base, db, page  # noqa: F401 - the shared fixtures

from intlscore.faces.web.names import url_segment
from intlscore.session.ledger import Ledger

PLAYERS = ["ann", "bob", "cat"]
NAME = "club/night ~ 50% <b>"


def played(db: Path, name: str = NAME) -> None:
    with Ledger(db) as ledger:
        session = ledger.create_session(name, PLAYERS)
        session.deal(kind="open", winner="ann", racks={"bob": "r5 *"}, not_melded=["cat"])
        session.amend(1, kind="open", winner="cat", not_melded=["ann", "bob"])
        session.amend(1, kind="open", winner="ann", racks={"bob": "r5 *"}, not_melded=["cat"])


def test_a_hostile_name_opens_and_reads_as_text(page: Page, db: Path) -> None:
    played(db)
    page.goto("/sessions")
    page.get_by_role("link", name=NAME).click()
    expect(page.get_by_role("heading", name=f"Session {NAME}")).to_be_visible()
    assert page.url.endswith("/session/" + url_segment(NAME))
    expect(page.get_by_label("totals", exact=True)).to_contain_text("+100")


def test_rules_check_versions_and_the_csv(page: Page, db: Path) -> None:
    played(db, "records")
    page.goto("/session/records")
    page.get_by_text("Rules in force").click()
    expect(page.get_by_label("rules file", exact=True)).to_contain_text('name = "international"')
    page.get_by_text("Check the records").click()
    page.get_by_role("button", name="check every record").click()
    expect(page.get_by_label("check result")).to_contain_text(
        "1 deal: every record matches its checksum"
    )
    page.get_by_role("button", name="earlier versions of deal 1").click()
    versions = page.get_by_label("versions of deal 1")
    expect(versions.get_by_role("listitem")).to_have_count(3)
    expect(versions.get_by_role("listitem").last).to_contain_text("(as it stands): open win by ann")
    with page.expect_download() as download:
        page.get_by_role("link", name="download the deals (CSV)").click()
    saved = Path(download.value.path()).read_text(encoding="utf-8")
    with Ledger(db) as ledger:
        assert saved == ledger.session("records").snapshot().to_csv()


def test_rescore_shows_what_changes_before_storing(page: Page, db: Path) -> None:
    """R15 joker 25 in the house file: bob's rack r5 and a joker costs 5 + 25, not 5 + 30
    (R15); ann's open win stays 100 (R14) and cat's not melded -100 (R16)."""
    played(db, "rescore")
    page.goto("/session/rescore")
    page.get_by_text("Re-score under other rules").click()
    page.get_by_label("rules file (empty: the session's own)").fill(HOUSE_OPTIONS)
    page.get_by_role("button", name="preview the re-scoring").click()
    preview = page.get_by_label("rescore preview")
    expect(preview).to_contain_text("Deals whose scores change (1)")
    expect(preview).to_contain_text("bob: -35 → -30 (+5)")
    expect(preview).to_contain_text("deal 1: ann 100 → 100, bob -35 → -30, cat -100 → -100")
    with Ledger(db) as ledger:
        assert ledger.session("rescore").rules.name == "international"  # nothing stored yet
    page.get_by_role("button", name="store: play on under these rules").click()
    expect(preview).to_contain_text("Stored: now scored under the rules file of the page")
    with Ledger(db) as ledger:
        assert ledger.session("rescore").rules.name == "the rules file of the page"
