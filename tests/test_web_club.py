"""The club on the page: ``/club`` and ``/api/stats`` (in-process, on the hand-worked season
of tests/club_season.py)."""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from club_season import make_season
from jsonschema import Draft202012Validator
from starlette.testclient import TestClient

from intlscore.faces.cli import main
from intlscore.faces.documents import schema
from intlscore.faces.web.app import create_app


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    db = make_season(tmp_path / "club.sqlite3", monkeypatch)
    monkeypatch.setenv("INTLSCORE_DB", str(db))
    with TestClient(create_app(db=db, allowed_hosts=["testserver"])) as test_client:
        yield test_client


def test_the_api_gives_what_the_command_line_gives(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    reply = client.get("/api/stats", params={"stake": "0.05", "until": "2024-03-08"})
    assert reply.status_code == 200, reply.text
    data = reply.json()
    Draft202012Validator(schema("stats")).validate(data)
    assert "db" not in data  # no server path in an answer
    assert main(["stats", "--stake", "0.05", "--until", "2024-03-08", "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    del cli["db"]
    assert data == cli
    assert data["deals"] == 5


def test_the_page_shows_standings_the_season_chart_and_the_closed_types(
    client: TestClient,
) -> None:
    reply = client.get("/club", params={"stake": "0.05"})
    assert reply.status_code == 200, reply.text
    page = reply.text
    for text in (
        "Standings after 7 deals",
        "336.50",  # bob's money at 0.05
        "running totals per player after each of the season&#39;s 3 sessions",
        ">session 3</text>",  # one point a session, not one a deal (issue 28)
        "24 Royal",
        "36 Seven pairs minor",
        "+2400: 24 Royal by bob (w1, deal 2)",
        'aria-current="page">Club</a>',
    ):
        assert text in page, text
    assert page.index(">bob<") < page.index(">dan<") < page.index(">cat<")  # by total


def test_the_page_explains_ordinal_and_streak_beside_their_tables(client: TestClient) -> None:
    """Issue 29 item 7: the words of `standings --help` and `stats --help`, on the page."""
    page = html.unescape(client.get("/club").text)
    standings = page[page.index('aria-label="standings"') : page.index('aria-label="players"')]
    players = page[page.index('aria-label="players"') :]
    assert "<dt>ordinal</dt><dd>The rating minus three times its uncertainty" in standings
    assert "<dt>streak</dt><dd>The most deals the player won one after another" in players


@pytest.mark.parametrize("sessions", [[], [["session", "new", "idle", "--players", "ann", "bob"]]])
def test_a_club_without_deals_is_a_page_not_a_crash(
    sessions: list[list[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fresh ledger, or sessions without a deal yet: nobody stands anywhere, and the page
    says so (the phone's offline shell fetches /club on first use, whatever the ledger)."""
    db = tmp_path / "empty.sqlite3"
    monkeypatch.setenv("INTLSCORE_DB", str(db))
    for argv in sessions:
        assert main(argv) == 0
    with TestClient(create_app(db=db, allowed_hosts=["testserver"])) as client:
        reply = client.get("/club")
    assert reply.status_code == 200, reply.text
    assert "No deals in this selection." in reply.text


def test_a_session_page_still_draws_its_chart(client: TestClient) -> None:
    page = client.get("/session/w2").text
    assert 'aria-label="running totals per player over 3 deals"' in page
    assert page.count("<polyline") == 3


def test_a_name_is_text_never_markup(client: TestClient, tmp_path: Path) -> None:
    assert main(["session", "new", "x", "--players", "<b>eve</b>", "ann"]) == 0
    assert (
        main(["session", "deal", "x", "--winner", "<b>eve</b>", "--open", "--rack", "ann=r5"]) == 0
    )
    page = client.get("/club").text
    assert "<b>eve</b>" not in page and "&lt;b&gt;eve&lt;/b&gt;" in page


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"since": "March"}, "--since: 'March' is not a date"),
        ({"since": "2024-03-09", "until": "2024-03-01"}, "is after --until"),
        ({"stake": "lots"}, "stake"),
    ],
)
def test_bad_queries_are_400_with_one_line(
    client: TestClient, query: dict[str, str], message: str
) -> None:
    reply = client.get("/api/stats", params=query)
    assert reply.status_code == 400 and message in reply.json()["error"]
    page = client.get("/club", params=query)
    assert page.status_code == 400 and message in html.unescape(page.text)
