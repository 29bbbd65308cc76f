"""Shared deals (issue 18): each player fills in their own rack from their own phone, and
the deal is stored once, however many phones tap "store"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from starlette.testclient import TestClient
from web_fixtures import client, no_real_data_dir  # noqa: F401 - the shared fixtures

from intlscore.errors import BadRequest
from intlscore.faces.documents import schema
from intlscore.faces.web.drafts import Draft
from intlscore.session.ledger import Ledger

PLAYERS = ["ann", "bob", "cat", "dan"]
DRAFT = "/api/session/friday/draft"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "ledger.sqlite3"
    with Ledger(path) as ledger:
        ledger.create_session("friday", PLAYERS)
    return path


def draft_of(reply: Any) -> dict[str, Any]:
    assert reply.status_code == 200, reply.text
    data: dict[str, Any] = reply.json()
    Draft202012Validator(schema("session-draft")).validate(data)
    draft: dict[str, Any] = data["draft"]
    return draft


def stored(db: Path) -> list[dict[str, int]]:
    with Ledger(db) as ledger:
        return [deal.deltas for deal in ledger.session("friday").deals()]


def test_each_player_fills_their_part_then_one_store_records_it(
    client: TestClient, db: Path
) -> None:
    assert client.get(DRAFT).json()["draft"] is None
    draft = draft_of(client.post(DRAFT, json={"winner": "ann", "kind": "open"}))
    assert draft["missing"] == ["bob", "cat", "dan"]
    key = draft["id"]
    draft_of(client.post(f"{DRAFT}/player", json={"id": key, "player": "bob", "rack": "r5 b7"}))
    draft_of(client.post(f"{DRAFT}/player", json={"id": key, "player": "cat", "not_melded": True}))
    early = client.post(f"{DRAFT}/store", json={"id": key})
    assert early.status_code == 400
    assert early.json() == {"error": "waiting for dan: each player says what they hold"}
    last = draft_of(client.post(f"{DRAFT}/player", json={"id": key, "player": "Dan", "rack": "*"}))
    assert last["missing"] == [] and last["players"][2] == {
        "name": "dan", "rack": "*", "not_melded": False, "in": True
    }  # fmt: skip
    first = client.post(f"{DRAFT}/store", json={"id": key})
    again = client.post(f"{DRAFT}/store", json={"id": key})  # a second phone taps too
    assert first.status_code == again.status_code == 201 and again.content == first.content
    # R14 open win 100; R15 bob 5 + 7, dan's joker 30; R16 cat not melded -100
    assert stored(db) == [{"ann": 100, "bob": -12, "cat": -100, "dan": -30}]
    assert client.get(DRAFT).json()["draft"] is None


def test_a_rack_with_a_third_copy_is_refused_and_changes_nothing(client: TestClient) -> None:
    draft = draft_of(client.post(DRAFT, json={"winner": "ann", "kind": "foot"}))
    key = draft["id"]
    client.post(f"{DRAFT}/player", json={"id": key, "player": "bob", "rack": "r5 r5"})
    reply = client.post(f"{DRAFT}/player", json={"id": key, "player": "cat", "rack": "r5 k1"})
    assert reply.status_code == 400
    assert reply.json() == {"error": "three copies of r5 (the set has two)"}
    assert draft_of(client.get(DRAFT))["missing"] == ["cat", "dan"]


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"winner": "zed", "kind": "open"}, "'zed' is not a player of this session"),
        ({"winner": "ann", "kind": "none"}, "a shared deal is a win"),
        ({"winner": "ann", "kind": "closed"}, "a closed win needs the winner's closed hand"),
        ({"winner": "ann", "kind": "open", "closed": "x9"}, "'x9' is not a tile"),
    ],
)
def test_a_bad_shared_deal_is_one_line(client: TestClient, body: Any, error: str) -> None:
    reply = client.post(DRAFT, json=body)
    assert reply.status_code == 400 and error in reply.json()["error"]
    assert "\n" not in reply.json()["error"]


def test_the_winner_has_no_rack_and_a_part_is_a_rack_or_not_melded() -> None:
    draft = Draft.open(("ann", "bob"), winner="ann", kind="open")
    with pytest.raises(BadRequest, match="ann is the winner"):
        draft.fill("ann", rack="r5")
    with pytest.raises(BadRequest, match="one of them"):
        draft.fill("bob", rack="r5", not_melded=True)
    with pytest.raises(BadRequest, match="one of them"):
        draft.fill("bob")
    assert draft.fill("bob", rack="r5").fill("bob", not_melded=True).deal_arguments() == {
        "kind": "open", "winner": "ann", "closed": None, "discard": None,
        "racks": {}, "not_melded": ["bob"],
    }  # fmt: skip


def test_a_replaced_or_discarded_draft_cannot_be_filled_or_stored(
    client: TestClient, db: Path
) -> None:
    old = draft_of(client.post(DRAFT, json={"winner": "ann", "kind": "open"}))["id"]
    new = draft_of(client.post(DRAFT, json={"winner": "bob", "kind": "open"}))["id"]
    reply = client.post(f"{DRAFT}/player", json={"id": old, "player": "cat", "not_melded": True})
    assert reply.status_code == 400 and "replaced by another" in reply.json()["error"]
    assert client.post(f"{DRAFT}/discard", json={"id": new}).json()["draft"] is None
    reply = client.post(f"{DRAFT}/store", json={"id": new})
    assert reply.status_code == 400
    assert reply.json() == {"error": f"session 'friday' has no shared deal {new} to store"}
    assert stored(db) == []


def test_a_discarded_draft_names_who_discarded_it_until_another_opens(
    client: TestClient, db: Path
) -> None:
    """Issue 29: the other phones learn that the shared deal was discarded, and by whom."""
    key = draft_of(client.post(DRAFT, json={"winner": "ann", "kind": "foot"}))["id"]
    unknown = client.post(f"{DRAFT}/discard", json={"id": key, "player": "eve"})
    assert unknown.status_code == 400
    assert unknown.json() == {"error": "'eve' is not a player of this session (ann, bob, cat, dan)"}
    assert draft_of(client.get(DRAFT))["id"] == key  # a refused discard changes nothing
    gone = {"id": key, "winner": "ann", "kind": "foot", "by": "cat"}
    assert draft_of(client.post(f"{DRAFT}/discard", json={"id": key, "player": "CAT"})) is None
    assert client.get(DRAFT).json()["discarded"] == gone
    again = draft_of(client.post(DRAFT, json={"winner": "bob", "kind": "open"}))["id"]
    assert draft_of(client.get(DRAFT))["id"] == again  # a new one: the old discard is news no more
    client.post(f"{DRAFT}/discard", json={"id": again})  # a phone that has not said who it is
    assert client.get(DRAFT).json()["discarded"] == {
        "id": again, "winner": "bob", "kind": "open", "by": None
    }  # fmt: skip
    assert stored(db) == []


def test_a_closed_win_shared(client: TestClient, db: Path) -> None:
    """Type 24 Royal, 2400, with a joker discard: x2 for everyone (R12), so cat gets 4800
    and each rack costs twice its points (R15)."""
    body = {"winner": "cat", "kind": "closed", "closed": "k1-13 k1", "discard": "*"}
    key = draft_of(client.post(DRAFT, json=body))["id"]
    for player, rack in (("ann", "r5"), ("bob", "r6"), ("dan", "r7")):
        part = {"id": key, "player": player, "rack": rack}
        assert client.post(f"{DRAFT}/player", json=part).status_code == 200
    assert client.post(f"{DRAFT}/store", json={"id": key}).status_code == 201
    assert stored(db) == [{"ann": -10, "bob": -12, "cat": 4800, "dan": -14}]
