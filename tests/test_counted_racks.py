"""Counted racks (issue 29, item 3; R15): a loser calls out the value of the rack instead of
naming every tile: ``42``, or ``42+1j`` with a joker counted at the house's joker value.

Every expected value is worked out by hand from R12, R14-R17: an open win is 100 (200 when
nobody else melded), a foot win 200, a loser who has not melded loses 100 after an open
win, a rack's jokers count 30 each (25 with the house option), a joker discard doubles
every score.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_run import run
from jsonschema import Draft202012Validator
from starlette.testclient import TestClient
from web_fixtures import client, db, no_real_data_dir  # noqa: F401 - the shared fixtures

from intlscore.errors import DealError
from intlscore.faces.documents import schema
from intlscore.rules import default_rules
from intlscore.session.deal import CountedRack, counted_rack, score_deal
from intlscore.session.ledger import Ledger

FOUR = ["ann", "bob", "cat", "dan"]


# --- the notation and the scoring ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("42", CountedRack(42, 0)),
        (" 42 ", CountedRack(42, 0)),
        ("42+1j", CountedRack(42, 1)),
        ("42 + 2J", CountedRack(42, 2)),
        ("42+j", CountedRack(42, 1)),
        ("0+1j", CountedRack(0, 1)),
        ("r5 b7 *", None),  # tiles: a tile never starts with a digit (R2)
        ("j", None),  # a joker tile, not a count
    ],
)
def test_the_notation(text: str, count: CountedRack | None) -> None:
    assert counted_rack(text) == count


def test_a_count_scores_its_points_and_its_jokers_at_the_house_value() -> None:
    deal = score_deal(
        FOUR, kind="open", winner="ann", racks={"bob": "42", "cat": "17+1j"}, not_melded=["dan"]
    )
    # R15: bob 42; cat 17 + one joker 30 = 47; R16: dan -100; R14: ann 100
    assert deal.deltas() == {"ann": 100, "bob": -42, "cat": -47, "dan": -100}
    assert deal.player("bob").why == "rack counted 42: -42"
    assert deal.player("cat").why == "rack counted 17 + 1 joker = 17 + 30: -47"
    house = default_rules().with_options(joker_value=25)
    again = score_deal(
        FOUR, kind="open", winner="ann", racks={"bob": "42", "cat": "17+2j"}, not_melded=["dan"],
        rules=house,
    )  # fmt: skip
    assert again.player("cat").delta == -(17 + 25 + 25)


def test_a_joker_discard_doubles_a_counted_rack_too() -> None:
    deal = score_deal(["ann", "bob"], kind="foot", winner="ann", discard="*", racks={"bob": "23"})
    # R14 foot 200, R15 bob 23; R12/R17 both doubled
    assert deal.deltas() == {"ann": 400, "bob": -46}
    assert deal.player("bob").why == "rack counted 23: -23; x2 joker discard: -46"


def test_a_count_keeps_what_was_typed_and_says_it_was_counted() -> None:
    deal = score_deal(["ann", "bob"], kind="foot", winner="ann", racks={"bob": "42+1j"})
    assert deal.input.racks == (("bob", "42+1j"),)  # stored as typed: the ledger knows
    winner, bob = deal.to_dict()["players"]
    assert bob["rack"] == [] and bob["counted"] == {"points": 42, "jokers": 1}
    assert "counted" not in winner  # only a counted rack says so


@pytest.mark.parametrize(
    ("rack", "words"),
    [
        ("1", "count 0 or 2 to 752"),  # no tile counts 1 (R15)
        ("753", "count 0 or 2 to 752"),  # beyond every numbered tile of the set: 2 x 4 x 94
        ("0", "a rack counted 0 holds no tile"),
        ("42+3j", "at most 2 jokers (R3)"),
        ("42x", "write the tiles (like r5 b7 *) or the counted points"),
        ("4 2", "write the tiles"),
    ],
)
def test_impossible_counts_are_refused(rack: str, words: str) -> None:
    with pytest.raises(DealError) as refused:
        score_deal(["ann", "bob"], kind="foot", winner="ann", racks={"bob": rack})
    assert str(refused.value).startswith(f"bob's rack '{rack}': ") and words in str(refused.value)


def test_a_counted_joker_counts_toward_the_two_jokers_of_r3() -> None:
    with pytest.raises(DealError, match=r"three jokers.*\(R3\)"):
        score_deal(
            ["ann", "bob", "cat"], kind="foot", winner="ann", discard="*",
            racks={"bob": "0+1j", "cat": "r5 *"},
        )  # fmt: skip


# --- the command line ---------------------------------------------------------------------------


@pytest.fixture
def ledger_in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    path = tmp_path / "ledger.sqlite3"
    monkeypatch.setenv("INTLSCORE_DB", str(path))
    monkeypatch.setenv("COLUMNS", "100")
    return path


def test_deal_takes_a_counted_rack(capsys: pytest.CaptureFixture[str], ledger_in_tmp: Path) -> None:
    argv = ["deal", "--players", *FOUR, "--open", "--winner", "ann", "--rack", "bob=42"]
    status, out, err = run(capsys, *argv, "--rack", "cat=17+1j", "--not-melded", "dan")
    assert status == 0, err
    bob = next(line for line in out.splitlines() if line.startswith("bob "))
    assert "counted 42" in bob and "-42" in bob  # "counted", never a list of tiles
    cat = next(line for line in out.splitlines() if line.startswith("cat "))
    assert "counted 17+1j" in cat and "-47" in cat
    status, out, _ = run(capsys, *argv, "--rack", "cat=17+1j", "--not-melded", "dan", "--json")
    data = json.loads(out)
    Draft202012Validator(schema("deal")).validate(data)  # "counted" is in deal/1's schema
    players = data["players"]
    assert [p["delta"] for p in players] == [100, -42, -47, -100]


def test_a_session_deal_keeps_that_the_rack_was_counted(
    capsys: pytest.CaptureFixture[str], ledger_in_tmp: Path
) -> None:
    assert run(capsys, "session", "new", "friday", "--players", "ann", "bob")[0] == 0
    argv = ["session", "deal", "friday", "--foot", "--winner", "ann", "--rack", "bob=42+1j"]
    status, out, err = run(capsys, *argv)
    assert status == 0, err
    assert "counted 42+1j" in out
    with Ledger(ledger_in_tmp) as ledger:
        deal = ledger.session("friday").deals()[0]
    # R14 foot 200; R15 42 + a joker 30
    assert deal.input.racks == (("bob", "42+1j"),) and dict(deal.deltas) == {"ann": 200, "bob": -72}
    status, out, _ = run(capsys, "session", "check", "friday")
    assert status == 0 and "re-scores to its stored deltas" in out


def test_a_bad_count_is_one_line_and_stores_nothing(
    capsys: pytest.CaptureFixture[str], ledger_in_tmp: Path
) -> None:
    assert run(capsys, "session", "new", "friday", "--players", "ann", "bob")[0] == 0
    status, out, err = run(
        capsys, "session", "deal", "friday", "--foot", "--winner", "ann", "--rack", "bob=42+3j"
    )
    assert (status, out) == (2, "")
    assert err == "intlscore: error: bob's rack '42+3j': a rack holds at most 2 jokers (R3)\n"
    with Ledger(ledger_in_tmp) as ledger:
        assert ledger.session("friday").deals() == []


# --- the JSON API -------------------------------------------------------------------------------


@pytest.fixture
def session(client: TestClient) -> str:
    reply = client.post("/api/sessions", json={"name": "friday", "players": FOUR})
    assert reply.status_code == 201, reply.text
    return "friday"


def test_the_api_takes_a_counted_rack(client: TestClient, session: str, db: Path) -> None:
    body: dict[str, Any] = {
        "kind": "open",
        "winner": "ann",
        "racks": {"bob": "42", "cat": "17+1j"},
        "not_melded": ["dan"],
    }
    reply = client.post(f"/api/session/{session}/deal", json=body)
    assert reply.status_code == 201, reply.text
    deal = reply.json()["deal"]
    assert deal["deltas"] == {"ann": 100, "bob": -42, "cat": -47, "dan": -100}
    assert deal["input"]["racks"] == [["bob", "42"], ["cat", "17+1j"]]
    bad = client.post(f"/api/session/{session}/deal", json={**body, "racks": {"bob": "1"}})
    assert bad.status_code == 400 and "bob's rack '1'" in bad.json()["error"]
    with Ledger(db) as ledger:
        assert len(ledger.session("friday").deals()) == 1  # the bad one stored nothing


def test_a_shared_deal_takes_a_counted_rack(client: TestClient, session: str) -> None:
    draft = f"/api/session/{session}/draft"
    opened = client.post(draft, json={"winner": "ann", "kind": "open"})
    assert opened.status_code == 200, opened.text
    key = opened.json()["draft"]["id"]
    for player, part in (
        ("bob", {"rack": "42"}),
        ("cat", {"rack": "0+1j"}),
        ("dan", {"rack": "r5"}),
    ):
        reply = client.post(f"{draft}/player", json={"id": key, "player": player, **part})
        assert reply.status_code == 200, reply.text
    stored = client.post(f"{draft}/store", json={"id": key})
    assert stored.status_code == 201, stored.text
    # R15: bob 42; cat a lone joker 30; dan r5 5
    assert stored.json()["deal"]["deltas"] == {"ann": 100, "bob": -42, "cat": -30, "dan": -5}
