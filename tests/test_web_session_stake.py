"""Issue 41 item 6: the new-session page takes a stake, stored as ``session new --stake``
keeps it (R19): the session's stake for every settlement, in the same transaction as the
session (a bad stake makes no session)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect
from starlette.testclient import TestClient
from test_web_browser import base, db, page  # noqa: F401 - the browser module's fixtures

from intlscore.faces.web.app import create_app
from intlscore.session.ledger import Ledger


def test_the_api_keeps_the_stake_of_a_new_session(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.sqlite3"
    with TestClient(create_app(db=ledger, allowed_hosts=["testserver"])) as client:
        body = {"name": "friday", "players": ["ann", "bob"], "stake": "0.05"}
        assert client.post("/api/sessions", json=body).status_code == 201
        bad = client.post("/api/sessions", json={**body, "name": "saturday", "stake": "-1"})
        assert bad.status_code == 400
        assert bad.json() == {"error": "stake -1 is negative; give an amount >= 0 like 0.05"}
        plain = {"name": "sunday", "players": ["ann", "bob"]}
        assert client.post("/api/sessions", json=plain).status_code == 201
    with Ledger(ledger) as opened:
        assert [summary.name for summary in opened.sessions()] == ["friday", "sunday"]
        assert str(opened.session("friday").snapshot().stake) == "0.05"
        assert opened.session("sunday").snapshot().stake is None


def test_the_new_session_page_has_a_stake_field(page: Page) -> None:
    page.goto("/sessions")
    page.get_by_label("session name").fill("staked")
    page.get_by_label("player 1").fill("ann")
    page.get_by_label("player 2").fill("bob")
    page.get_by_label("stake per point").fill("0.05")
    page.get_by_role("button", name="start session").click()
    expect(page).to_have_url(re.compile("/session/staked$"))
    expect(page.get_by_label("settle", exact=True)).to_contain_text(
        "The session keeps its stake: 0.05 per point."
    )
    expect(page.get_by_label("stake", exact=True)).to_have_value("0.05")
