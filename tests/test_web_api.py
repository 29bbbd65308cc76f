"""The JSON API of ``intlscore serve`` (issue 12), through Starlette's test client.

Every endpoint answers with the same JSON as the CLI's ``--json``; bad input is
HTTP 400 with one line and stores nothing; the token is needed for every request
with ``--lan``. Ledger state is compared with a full SQL dump before and after.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from house_rules import HOUSE_HAND, write_house
from jsonschema import Draft202012Validator
from sqlite_dump import dump
from starlette.testclient import TestClient
from web_fixtures import client, db, no_real_data_dir  # noqa: F401 - the shared fixtures

from intlscore.faces.cli import main
from intlscore.faces.documents import EARLIER, FORMATS, schema
from intlscore.faces.web.app import create_app
from intlscore.faces.web.guard import COOKIE, MAX_BODY
from intlscore.rules import load_rules
from intlscore.session.ledger import Ledger

FOUR = ["ann", "bob", "cat", "dan"]
OPEN_WIN = {
    "kind": "open",
    "winner": "ann",
    "racks": {"bob": "r5 b7 *"},
    "not_melded": ["cat", "dan"],
}


@pytest.fixture
def session(client: TestClient) -> str:
    reply = client.post("/api/sessions", json={"name": "friday", "players": FOUR})
    assert reply.status_code == 201, reply.text
    return "friday"


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    capsys.readouterr()
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def conforms(reply: Any, kind: str) -> dict[str, Any]:
    """The answer's JSON, checked against the shipped JSON Schema of its kind."""
    data: dict[str, Any] = reply.json()
    assert data["format"] in {f"{kind}/{n}" for n in (*EARLIER.get(kind, ()), FORMATS[kind])}
    Draft202012Validator(schema(kind)).validate(data)
    return data


def refused(reply: Any, status: int = 400) -> str:
    """The one-line error of a refused request."""
    assert reply.status_code == status, reply.text
    message = reply.json()["error"]
    assert isinstance(message, str) and message and "\n" not in message
    assert "Traceback" not in message
    return str(message)


# -- score, reach, tiles, table: the CLI's JSON -------------------------------------------------


def test_score_is_the_cli_json(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    reply = client.post("/api/score", json={"tiles": "k1-13 k1", "discard": "*"})
    assert reply.status_code == 200
    data = conforms(reply, "score")
    assert data["best"]["name"] == "Royal" and data["best"]["score"] == 4800  # R12: x2
    assert data == cli_json(capsys, "score", "k1-13 k1", "--discard", "*")


def test_score_takes_a_list_of_tiles_and_the_context(client: TestClient) -> None:
    as_list = client.post("/api/score", json={"tiles": ["k1-13", "k1"], "first_turn": True})
    assert as_list.status_code == 200
    assert as_list.json()["context"]["first_turn"] is True
    assert as_list.json()["best"]["score"] == 2400


def test_score_reasons_when_nothing_fits(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = "r1 r3 r5 r7 r9 r11 b2 b4 b6 b8 b10 o1 o5 o9"
    data = conforms(client.post("/api/score", json={"tiles": hand, "discard": "k2"}), "score")
    assert data["best"] is None and data["reasons"]
    assert data == cli_json(capsys, "score", hand, "--discard", "k2")


def test_reach_is_the_cli_json(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    body = {"tiles": "r1-4 r6-13 r1 k5", "seen": "r5", "trump": "b2"}
    reply = client.post("/api/reach", json=body)
    assert reply.status_code == 200
    assert conforms(reply, "reach") == cli_json(
        capsys, "reach", "r1-4 r6-13 r1 k5", "--seen", "r5", "--trump", "b2"
    )


@pytest.mark.slow
def test_odds_with_play_is_the_engines_document(client: TestClient) -> None:
    """POST /api/odds: R22 and, with play, the play odds (R23), as odds(...).to_dict()."""
    from intlscore.engine.odds import odds
    from intlscore.faces.render.advice import advice_words

    body = {"tiles": "k1-13 k1 r9", "draws": 1, "samples": 50, "seed": 3, "play": True}
    data = conforms(client.post("/api/odds", json=body), "odds")
    result = odds("k1-13 k1 r9", draws=1, samples=50, seed=3, play=True)
    advice = advice_words(result).to_dict()  # the words `odds --play` leads with
    assert data == {**result.to_dict(), "rules": "international", "advice": advice}
    assert data["advice"]["say"] == "Throw back r9."
    assert data["advice"]["chance"] == "Chance to win within 1 draw: exactly 100%."
    assert data["format"] == "odds/2" and data["play"]["best_discard"] == "r9"
    plain = conforms(client.post("/api/odds", json={"tiles": "k1-13 r5", "draws": 1}), "odds")
    assert plain["format"] == "odds/1" and "play" not in plain and "advice" not in plain


def test_the_page_advice_calls_a_sampled_r22_an_estimate(client: TestClient) -> None:
    """Issue 29 item 6: where R22 samples (three draws from the whole pool), the page's
    words give the estimate and its interval, never "at most"; at one draw it is counted
    exactly, and equal to the play odds (R22 = R23 at N = 1)."""
    rack = "r1 r2 r3 b4 b5 b6 o7 o8 o9 k10 k11 k12 k13 k13"
    body = {"tiles": rack, "draws": 3, "samples": 300, "play": True}
    data = conforms(client.post("/api/odds", json=body), "odds")
    low, high = data["any"]["interval"][-1]
    keeping = data["advice"]["keeping"]
    assert data["samples"] == 300 and "at most" not in keeping
    assert keeping.startswith("Keeping every tile drawn (R22) would close about ")
    assert f"95% between {100 * low:.1f}% and {100 * high:.1f}%" in keeping
    one = conforms(client.post("/api/odds", json={**body, "draws": 1}), "odds")
    assert one["samples"] == 0 and one["any"]["interval"] is None
    assert one["any"]["chance"] == one["play"]["any"]["chance"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"tiles": "k1-13 r5", "draws": 0}, "draws must be 1 to 6 here; got 0"),
        ({"tiles": "k1-13 r5", "draws": 7}, "draws must be 1 to 6 here; got 7"),
        ({"tiles": "k1-13 r5", "samples": 0}, "samples must be 1 to 5000 here; got 0"),
        ({"tiles": "k1-13 r5", "samples": 9000}, "samples must be 1 to 5000 here"),
        ({"tiles": "k1-13 r5", "play": "yes"}, "play must be true or false"),
        ({"tiles": "k1-13 q5", "play": True}, "'q5' is not a tile"),
        ({"tiles": "k1-13"}, "13"),
    ],
)
def test_bad_odds_requests_are_one_line(
    client: TestClient, body: dict[str, object], words: str
) -> None:
    assert words in refused(client.post("/api/odds", json=body))


def test_table_is_the_cli_json(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    data = conforms(client.get("/api/table"), "table")
    assert data == cli_json(capsys, "table")
    assert data["types"][23]["scores"] == [2400, 2200, 2000]


def test_tiles_parses_the_text_box(client: TestClient) -> None:
    assert conforms(client.post("/api/tiles", json={"tiles": "k1-3 *"}), "tiles") == {
        "format": "tiles/1",
        "tiles": ["k1", "k2", "k3", "*"],
    }
    message = refused(client.post("/api/tiles", json={"tiles": "k1 k1", "known": "k1"}))
    assert message == "k1: two in the hand and one seen make three (the set has two)"  # R3


@pytest.mark.parametrize(
    ("path", "body", "words"),
    [
        ("/api/score", {"tiles": "k1-13 x1"}, "'x1' is not a tile"),
        ("/api/score", {"tiles": "k1-13"}, "13 tiles given"),
        ("/api/score", {"tiles": "k1 k1 k1 k2-12"}, "three copies of k1"),
        ("/api/score", {"tiles": "* * * k1-11"}, "three jokers"),
        ("/api/score", {"tiles": ""}, "tiles is empty"),
        ("/api/score", {}, "tiles is missing"),
        ("/api/score", {"tiles": 14}, "tiles must be tile notation"),
        ("/api/score", {"tiles": "k1-13 k1", "first_turn": "yes"}, "first_turn must be true"),
        ("/api/score", {"tiles": "k1-13 k1", "discrad": "*"}, "unknown field 'discrad'"),
        ("/api/score", {"tiles": "k1-13 k1 " * 300}, "longer than 2000"),
        ("/api/reach", {"tiles": "k1-13"}, "13"),
        ("/api/reach", {"tiles": "k1-13 k1", "trump": "q5"}, "'q5' is not a tile"),
        ("/api/tiles", {"tiles": "r7-3"}, "runs down"),
    ],
)
def test_bad_hands_are_400_with_one_line(
    client: TestClient, path: str, body: dict[str, Any], words: str
) -> None:
    assert words in refused(client.post(path, json=body))


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (b"{", "not valid JSON"),
        (b"[1, 2]", "one JSON object, not a list"),
        (b'"k1"', "one JSON object"),
        (b'{"tiles": NaN}', "NaN is not a JSON number"),
        (b"\xff\xfe", "not UTF-8"),
        (b"[" * 20000 + b"]" * 20000, "nested too deeply"),
    ],
)
def test_malformed_bodies_are_400(client: TestClient, raw: bytes, words: str) -> None:
    reply = client.post("/api/score", content=raw, headers={"Content-Type": "application/json"})
    assert words in refused(reply)


def test_a_write_must_be_json(client: TestClient) -> None:
    reply = client.post("/api/score", content=b"tiles=k1", headers={"Content-Type": "text/plain"})
    assert "Content-Type: application/json" in refused(reply, 415)


def test_a_write_from_another_site_is_refused(client: TestClient) -> None:
    reply = client.post(
        "/api/score", json={"tiles": "k1-13 k1"}, headers={"Origin": "http://evil.example"}
    )
    assert "another site" in refused(reply, 403)
    same = client.post(
        "/api/score", json={"tiles": "k1-13 k1"}, headers={"Origin": "http://testserver"}
    )
    assert same.status_code == 200


def test_an_unknown_host_is_refused(db: Path) -> None:
    """DNS rebinding: a page of another site that resolves to 127.0.0.1 names its own host."""
    with TestClient(create_app(db=db), base_url="http://evil.example") as other:
        assert other.get("/api/table").status_code == 400
    with TestClient(create_app(db=db), base_url="http://127.0.0.1:8765") as local:
        assert local.get("/api/table").status_code == 200


def test_request_size_limit(client: TestClient) -> None:
    big = b'{"tiles": "' + b"k1 " * (MAX_BODY // 3 + 10) + b'"}'
    reply = client.post("/api/score", content=big, headers={"Content-Type": "application/json"})
    assert "larger than 64 KiB" in refused(reply, 413)

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"tiles": "'
        for _ in range(MAX_BODY // 1000 + 1):
            yield b"k1 " * 400
        yield b'"}'

    reply = client.post(
        "/api/score", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert "larger than" in refused(reply, 413)


def test_unknown_paths_and_methods(client: TestClient) -> None:
    assert refused(client.get("/api/nothing"), 404) == "Not Found"
    assert refused(client.get("/api/score"), 405) == "Method Not Allowed"
    page = client.get("/nothing")
    assert page.status_code == 404 and "text/html" in page.headers["content-type"]


def test_answers_carry_safety_headers(client: TestClient) -> None:
    reply = client.get("/")
    assert "script-src 'self'" in reply.headers["content-security-policy"]
    assert reply.headers["referrer-policy"] == "no-referrer"
    assert reply.headers["x-content-type-options"] == "nosniff"


# -- sessions: the same ledger as the CLI -------------------------------------------------------


def test_new_session_is_the_cli_json(
    client: TestClient, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    reply = client.post(
        "/api/sessions",
        json={"name": "web", "players": FOUR, "joker_value": "25", "trump_bonus": True},
    )
    assert reply.status_code == 201
    from_web = conforms(reply, "session-new")
    from_cli = cli_json(
        capsys,
        "session",
        "new",
        "cli",
        "--db",
        str(db),
        "--players",
        *FOUR,
        "--joker-value",
        "25",
        "--trump-bonus",
    )
    # the same document, but that a phone is not told the server's path (issue 18)
    assert from_cli["db"] == str(db)
    assert from_web == {**from_cli, "session": "web", "db": "the ledger"}
    assert from_web["deal_table"]["numbers"]["rack"]["joker"] == 25
    listing = conforms(client.get("/api/sessions"), "session-list")
    assert listing == {**cli_json(capsys, "session", "list", "--db", str(db)), "db": "the ledger"}
    assert [item["name"] for item in listing["sessions"]] == ["web", "cli"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"name": "x", "players": ["ann"]}, "2 to 4 players"),
        ({"name": "x", "players": ["ann", "ann"]}, "named twice"),
        ({"name": "x", "players": "ann bob"}, "players must be a list"),
        ({"name": "", "players": FOUR}, "empty"),
        ({"name": "x", "players": FOUR, "joker_value": -5}, "whole number"),
        ({"name": "x", "players": FOUR, "trump_bonus": "on"}, "true or false"),
        ({"players": FOUR}, "name is missing"),
    ],
)
def test_bad_new_session_stores_nothing(
    client: TestClient, db: Path, session: str, body: dict[str, Any], words: str
) -> None:
    before = dump(db)
    assert words in refused(client.post("/api/sessions", json=body))
    assert dump(db) == before


def test_a_session_name_is_taken_once(client: TestClient, session: str) -> None:
    assert "already exists" in refused(
        client.post("/api/sessions", json={"name": session, "players": FOUR})
    )


def test_deal_from_the_web_shows_in_the_cli(
    client: TestClient, db: Path, session: str, capsys: pytest.CaptureFixture[str]
) -> None:
    reply = client.post(f"/api/session/{session}/deal", json=OPEN_WIN)
    assert reply.status_code == 201
    data = conforms(reply, "session-deal")
    assert data["totals"] == {"ann": 100, "bob": -42, "cat": -100, "dan": -100}  # R14-R16
    shown = cli_json(capsys, "session", "show", session, "--db", str(db))
    assert shown["totals"] == data["totals"]
    assert shown["deals"] == [data["deal"]]
    assert conforms(client.get(f"/api/session/{session}"), "session") == shown


def test_deal_from_the_cli_shows_on_the_web(
    client: TestClient, db: Path, session: str, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = cli_json(
        capsys,
        "session",
        "deal",
        session,
        "--db",
        str(db),
        "--closed",
        "k1-13 k1",
        "--discard",
        "*",
        "--winner",
        "bob",
        "--not-melded",
        "ann",
        "cat",
        "dan",
    )
    web = client.get(f"/api/session/{session}").json()
    # R14, R16, R17: the Royal's 2400 doubled by the joker discard, each non-melded loser pays it
    assert web["totals"] == cli["totals"] == {"ann": -4800, "bob": 4800, "cat": -4800, "dan": -4800}
    page = client.get(f"/session/{session}")
    assert page.status_code == 200 and "+4800" in page.text


def test_closed_deal_with_racks_as_pairs(client: TestClient, session: str) -> None:
    body = {
        "kind": "closed",
        "winner": "cat",
        "closed": ["k1-13", "k1"],
        "discard": "r5",
        "racks": [["ann", "r1 r2"], ["bob", "*"], ["dan", "o13"]],
    }
    reply = client.post(f"/api/session/{session}/deal", json=body)
    assert reply.status_code == 201, reply.text
    # R14: the winner scores the Royal; R15: each melded loser loses the rack's value
    assert reply.json()["deal"]["deltas"] == {"ann": -12, "bob": -30, "cat": 2400, "dan": -10}


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({**OPEN_WIN, "winner": "eve"}, "unknown player 'eve'"),
        ({**OPEN_WIN, "kind": "sideways"}, "sideways"),
        ({k: v for k, v in OPEN_WIN.items() if k != "kind"}, "kind is missing"),
        ({**OPEN_WIN, "racks": {"bob": "r5 x9"}}, "'x9' is not a tile"),
        ({**OPEN_WIN, "racks": "bob=r5"}, "racks must map each name"),
        ({**OPEN_WIN, "not_melded": ["cat"]}, "dan"),
        ({**OPEN_WIN, "first_turn": 1}, "true or false"),
        ({**OPEN_WIN, "stake": "1"}, "unknown field 'stake'"),
        (
            {"kind": "closed", "winner": "ann", "closed": "k1-12", "not_melded": FOUR[1:]},
            "12 tiles",
        ),
    ],
)
def test_bad_deal_is_400_and_stores_nothing(
    client: TestClient, db: Path, session: str, body: dict[str, Any], words: str
) -> None:
    before = dump(db)
    assert words in refused(client.post(f"/api/session/{session}/deal", json=body))
    assert dump(db) == before


def test_a_preview_scores_the_deal_and_stores_nothing(
    client: TestClient, db: Path, session: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29: the page shows a deal's scores before "save deal". The preview is
    ``intlscore deal --json`` for the session's players and rules; the ledger is unchanged,
    and the deal then stored scores the same."""
    closed = {
        "kind": "closed",
        "winner": "cat",
        "closed": "k1-13 k1",
        "discard": "*",
        "racks": {"ann": "r1 r2"},
        "not_melded": ["bob", "dan"],
    }
    before = dump(db)
    reply = client.post(f"/api/session/{session}/deal/preview", json=closed)
    assert reply.status_code == 200, reply.text
    preview = conforms(reply, "deal")
    assert dump(db) == before
    cli = cli_json(
        capsys, "deal", "--players", *FOUR, "--closed", "k1-13 k1", "--discard", "*",
        "--winner", "cat", "--rack", "ann=r1 r2", "--not-melded", "bob", "dan",
    )  # fmt: skip
    # the same JSON, but that the preview names the session's own stored rules
    assert preview["house"]["table"] == f"the stored rules of session {session!r}"
    assert {**preview, "house": None} == {**cli, "house": None}
    # R10 the Royal 2400 with no joker, R12 doubled by the joker discard: R14 cat +4800;
    # R15 ann's rack r1 r2 = 10 + 2, R17 doubled: -24; R16 bob and dan pay the winner's 4800
    assert preview["closed"]["best"]["number"] == 24 and preview["closed"]["best"]["score"] == 4800
    deltas = {player["name"]: player["delta"] for player in preview["players"]}
    assert deltas == {"ann": -24, "bob": -4800, "cat": 4800, "dan": -4800}
    stored = client.post(f"/api/session/{session}/deal", json=closed).json()["deal"]
    assert stored["deltas"] == deltas


def test_a_bad_preview_is_400_and_names_the_problem(client: TestClient, session: str) -> None:
    body = {**OPEN_WIN, "racks": {"bob": "r5 x9"}}
    assert "'x9' is not a tile" in refused(
        client.post(f"/api/session/{session}/deal/preview", json=body)
    )
    assert "no session named 'nobody'" in refused(
        client.post("/api/session/nobody/deal/preview", json=OPEN_WIN), 404
    )


def test_unknown_session_is_404(client: TestClient, db: Path, session: str) -> None:
    before = dump(db)
    for reply in (
        client.get("/api/session/nobody"),
        client.post("/api/session/nobody/deal", json=OPEN_WIN),
        client.post("/api/session/nobody/undo", json={}),
        client.post("/api/session/nobody/settle", json={"stake": "1"}),
    ):
        assert "no session named 'nobody'" in refused(reply, 404)
    page = client.get("/session/nobody")
    assert page.status_code == 404 and "no session named" in page.text
    assert dump(db) == before


def test_undo_is_the_cli_json(client: TestClient, session: str) -> None:
    client.post(f"/api/session/{session}/deal", json=OPEN_WIN)
    reply = client.post(f"/api/session/{session}/undo", json={})
    assert reply.status_code == 200
    data = conforms(reply, "session-undo")
    assert data["removed"]["number"] == 1
    assert data["totals"] == dict.fromkeys(FOUR, 0)
    assert "no deals to undo" in refused(client.post(f"/api/session/{session}/undo", json={}))


def test_settle_is_the_cli_json(
    client: TestClient, db: Path, session: str, capsys: pytest.CaptureFixture[str]
) -> None:
    client.post(f"/api/session/{session}/deal", json=OPEN_WIN)
    reply = client.post(f"/api/session/{session}/settle", json={"stake": "0.05"})
    assert reply.status_code == 200
    data = conforms(reply, "settle")
    assert data == cli_json(
        capsys, "session", "settle", session, "--db", str(db), "--stake", "0.05"
    )
    # R19: net = stake x (4 x total - sum of totals), the totals 100, -42, -100, -100 (sum -142)
    assert data["nets"] == {"ann": "27.10", "bob": "-1.30", "cat": "-12.90", "dan": "-12.90"}


def test_settle_uses_the_session_stake_kept_from_session_new(
    client: TestClient, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29: ``session new --stake`` keeps a stake; the page's settle without one uses
    it, as ``session settle`` does, and the page says so."""
    capsys.readouterr()
    argv = ["session", "new", "sat", "--players", *FOUR, "--stake", "0.05", "--db", str(db)]
    assert main(argv) == 0
    assert "The session keeps its stake: 0.05 per point." in client.get("/session/sat").text
    client.post("/api/session/sat/deal", json=OPEN_WIN)
    data = conforms(client.post("/api/session/sat/settle", json={}), "settle")
    assert data == cli_json(capsys, "session", "settle", "sat", "--db", str(db))
    # R19 at 0.05: net = stake x (4 x total - sum of totals), totals 100, -42, -100, -100
    assert data["stake"] == "0.05" and data["nets"]["ann"] == "27.10"


def test_the_first_settle_keeps_its_stake_and_another_leaves_it(
    client: TestClient, db: Path, session: str
) -> None:
    """As ``session settle``: the first stake given is kept; one given later settles at it
    once and the kept one stays (R19; issue 29)."""
    assert "No stake kept yet" in client.get(f"/session/{session}").text
    client.post(f"/api/session/{session}/deal", json=OPEN_WIN)
    first = conforms(client.post(f"/api/session/{session}/settle", json={"stake": "0.1"}), "settle")
    kept = conforms(client.post(f"/api/session/{session}/settle", json={}), "settle")
    other = conforms(client.post(f"/api/session/{session}/settle", json={"stake": "1"}), "settle")
    assert (first["stake"], kept["stake"], other["stake"]) == ("0.1", "0.1", "1")
    assert kept["nets"]["ann"] == "54.20" and other["nets"]["ann"] == "542.00"  # 0.1 x 542
    with Ledger(db) as ledger:
        assert str(ledger.session(session).snapshot().stake) == "0.1"
    assert "The session keeps its stake: 0.1 per point." in client.get(f"/session/{session}").text


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"stake": "-1"}, "negative"),
        ({"stake": "lots"}, "lots"),
        ({"stake": 0.05}, "stake must be a string"),
        ({}, "session 'friday' has no stake yet: give a stake (the first settlement keeps it"),
        ({"stake": "1", "unit": "0.03"}, "power of ten"),
    ],
)
def test_bad_settle_is_400(
    client: TestClient, session: str, body: dict[str, Any], words: str
) -> None:
    assert words in refused(client.post(f"/api/session/{session}/settle", json=body))


def test_pages_are_served(client: TestClient, session: str) -> None:
    for path, needle in [
        ("/", 'aria-label="tile picker"'),
        ("/reach", 'aria-label="result"'),
        ("/sessions", 'href="/session/friday"'),
        (f"/session/{session}", 'aria-label="totals"'),
        ("/static/tiles.js", "class Board"),
        ("/static/app.css", ".chip"),
    ]:
        reply = client.get(path)
        assert reply.status_code == 200 and needle in reply.text, path


def test_player_names_are_text_not_markup(client: TestClient) -> None:
    players = ["<b>ann</b>", "bob<script>"]
    assert (
        client.post("/api/sessions", json={"name": "<i>x", "players": players}).status_code == 201
    )
    page = client.get("/session/<i>x").text
    assert "<b>ann</b>" not in page and "&lt;b&gt;ann&lt;/b&gt;" in page
    assert "bob<script>" not in page
    assert "<i>x" not in client.get("/sessions").text


# -- the token (serve --lan) --------------------------------------------------------------------


@pytest.fixture
def guarded(db: Path) -> Iterator[TestClient]:
    app = create_app(db=db, token="s3cret", allowed_hosts=["testserver"])
    with TestClient(app) as test_client:
        yield test_client


@pytest.mark.parametrize(
    "path", ["/", "/reach", "/sessions", "/static/app.css", "/api/table", "/api/sessions"]
)
def test_every_read_needs_the_token(guarded: TestClient, path: str) -> None:
    assert "needs the table's token" in refused(guarded.get(path), 401)
    assert "wrong token" in refused(guarded.get(path, params={"token": "guess"}), 403)
    assert guarded.get(path, headers={"X-Intlscore-Token": "s3cret"}).status_code == 200


def test_every_write_needs_the_token(guarded: TestClient, db: Path) -> None:
    reply = guarded.post("/api/sessions", json={"name": "x", "players": FOUR})
    assert "needs the table's token" in refused(reply, 401)
    reply = guarded.post(
        "/api/sessions",
        json={"name": "x", "players": FOUR},
        headers={"X-Intlscore-Token": "S3CRET"},
    )
    assert "wrong token" in refused(reply, 403)
    with Ledger(db) as ledger:
        assert ledger.sessions() == []


def test_the_join_url_sets_a_cookie(guarded: TestClient) -> None:
    joined = guarded.get("/", params={"token": "s3cret"})
    assert joined.status_code == 200
    assert (
        "HttpOnly" in joined.headers["set-cookie"]
        and "SameSite=Strict" in joined.headers["set-cookie"]
    )
    assert guarded.cookies.get(COOKIE) == "s3cret"
    assert guarded.post("/api/score", json={"tiles": "k1-13 k1"}).status_code == 200
    guarded.cookies.clear()
    guarded.cookies.set(COOKIE, "stale")
    assert refused(guarded.get("/api/table"), 403)


def test_the_page_shows_the_join_qr(db: Path) -> None:
    url = "http://192.0.2.7:8765/?token=s3cret"
    app = create_app(db=db, token="s3cret", join_url=url, allowed_hosts=["testserver"])
    with TestClient(app) as test_client:
        page = test_client.get("/", params={"token": "s3cret"}).text
    assert 'aria-label="join QR code"' in page and "<svg" in page


def test_trump_bonus_deal(client: TestClient) -> None:
    body = {"name": "house", "players": ["ann", "bob"], "trump_bonus": True}
    assert client.post("/api/sessions", json=body).status_code == 201
    deal = {
        "kind": "foot",
        "winner": "ann",
        "racks": {"bob": "k2 o9"},
        "trump": "r5",
        "trump_holders": ["bob"],
    }
    reply = client.post("/api/session/house/deal", json=deal)
    assert reply.status_code == 201, reply.text
    # R14: foot win 200; R15: 2 + 9 on bob's rack; R18: bob scores 50 more for the trump
    assert reply.json()["totals"] == {"ann": 200, "bob": -11 + 50}
    page = client.get("/session/house").text
    assert "held the trump tile" in page


def test_a_failure_after_the_commit_says_the_deal_is_stored(
    client: TestClient, session: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from intlscore.session.ledger import Session

    def broken(self: Session) -> Any:
        raise OSError("disk gone")

    monkeypatch.setattr(Session, "last_totals", property(broken))
    reply = client.post(f"/api/session/{session}/deal", json=OPEN_WIN)
    assert reply.status_code == 500
    assert reply.json()["error"] == (
        "deal 1 is stored, but reading it back failed (disk gone); reload, do not enter it again"
    )
    monkeypatch.undo()
    assert client.get(f"/api/session/{session}").json()["deals"][0]["number"] == 1


def test_a_session_with_a_house_rules_file(client: TestClient) -> None:
    rules = 'extends = "international"\n[options]\njoker_value = 25\n'
    body = {"name": "house", "players": ["ann", "bob"], "rules": rules}
    reply = client.post("/api/sessions", json=body)
    assert reply.status_code == 201, reply.text
    assert conforms(reply, "session-new")["deal_table"]["numbers"]["rack"]["joker"] == 25
    deal = {"kind": "foot", "winner": "ann", "racks": {"bob": "*"}}
    deltas = client.post("/api/session/house/deal", json=deal).json()["deal"]["deltas"]
    assert deltas == {"ann": 200, "bob": -25}  # R14 foot win 200; R15 a joker at the house 25


def test_the_servers_house_rules_reach_every_page(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``serve --rules FILE``: the scorer, reach, the table and new sessions use the house
    file (type 41 Minor 61 runs, R15 joker 25, R18 trump bonus on), as the CLI does."""
    house = write_house(tmp_path)
    app = create_app(db=db, allowed_hosts=["testserver"], rules=load_rules(house))
    with TestClient(app) as client:
        table = conforms(client.get("/api/table"), "table")
        # the CLI's document, but for the server's path of the rules file (issue 18)
        cli_table = cli_json(capsys, "table", "--rules", str(house))
        assert table == {**cli_table, "table": house.name}
        assert table["types"][-1]["number"] == 41 and len(table["types"]) == 41
        score = conforms(client.post("/api/score", json={"tiles": HOUSE_HAND}), "score")
        assert score == cli_json(capsys, "score", HOUSE_HAND, "--rules", str(house))
        assert score["rules"] == "house" and score["best"]["number"] == 41
        assert score["best"]["score"] == 1100  # Minor 61 runs, no joker
        reach = conforms(client.post("/api/reach", json={"tiles": HOUSE_HAND}), "reach")
        assert reach == cli_json(capsys, "reach", HOUSE_HAND, "--rules", str(house))
        assert [t["distance"] for t in reach["types"] if t["number"] == 41] == [0]
        for path in ("/", "/reach"):
            assert "Rules: house." in client.get(path).text
        form = client.get("/sessions").text
        assert 'value="25"' in form and 'name="trump_bonus" checked' in form
        # A new session without a rules file of its own starts from the server's rules.
        body = {"name": "house", "players": ["ann", "bob"], "joker_value": 25, "trump_bonus": True}
        assert client.post("/api/sessions", json=body).status_code == 201
        deal = {
            "kind": "closed",
            "winner": "ann",
            "closed": HOUSE_HAND,
            "discard": "k9",
            "racks": {"bob": "*"},
        }
        reply = client.post("/api/session/house/deal", json=deal)
        assert reply.status_code == 201, reply.text
        # R14: ann's hand scores as the house type 41; R15: a joker at the house 25
        assert reply.json()["deal"]["deltas"] == {"ann": 1100, "bob": -25}


def test_without_rules_the_pages_name_the_shipped_ones(client: TestClient) -> None:
    assert "Rules: international." in client.get("/").text
    form = client.get("/sessions").text
    assert 'value="30"' in form and 'name="trump_bonus" checked' not in form


def test_a_bad_rules_file_is_one_line(client: TestClient, db: Path) -> None:
    body = {"name": "house", "players": ["ann", "bob"], "rules": "extends = 'nowhere'\n"}
    message = refused(client.post("/api/sessions", json=body))
    assert message.startswith("the rules file of the page")
    with Ledger(db) as ledger:
        assert ledger.sessions() == []


def test_amend_is_the_cli_json_and_keeps_the_old_version(
    client: TestClient, db: Path, session: str, capsys: pytest.CaptureFixture[str]
) -> None:
    client.post(f"/api/session/{session}/deal", json=OPEN_WIN)
    foot = {"kind": "foot", "winner": "bob", "racks": {"ann": "k1"}, "not_melded": ["cat", "dan"]}
    reply = client.post(f"/api/session/{session}/deal/1", json=foot)
    assert reply.status_code == 200, reply.text
    data = conforms(reply, "session-deal")
    assert data["deal"]["number"] == 1 and data["deal"]["amended"] is True
    # R14 foot win 200; R15 ann's k1 counts 10; R16 100 each for not melded
    assert data["totals"] == {"ann": -10, "bob": 200, "cat": -100, "dan": -100}
    shown = cli_json(capsys, "session", "show", session, "--db", str(db))
    assert shown["totals"] == data["totals"] and shown["deals"] == [data["deal"]]


@pytest.mark.parametrize(
    ("number", "body", "words"),
    [
        (9, OPEN_WIN, "has no deal 9"),
        (1, {**OPEN_WIN, "winner": "eve"}, "unknown player 'eve'"),
        (1, {**OPEN_WIN, "kind": None}, "kind is missing"),
    ],
)
def test_bad_amend_stores_nothing(
    client: TestClient, db: Path, session: str, number: int, body: dict[str, Any], words: str
) -> None:
    client.post(f"/api/session/{session}/deal", json=OPEN_WIN)
    before = dump(db)
    assert words in refused(client.post(f"/api/session/{session}/deal/{number}", json=body))
    assert dump(db) == before
    assert client.post(f"/api/session/{session}/deal/x", json=OPEN_WIN).status_code == 404


def test_redo_is_the_cli_json(client: TestClient, session: str) -> None:
    client.post(f"/api/session/{session}/deal", json=OPEN_WIN)
    assert "no undone deal to redo" in refused(client.post(f"/api/session/{session}/redo", json={}))
    client.post(f"/api/session/{session}/undo", json={})
    reply = client.post(f"/api/session/{session}/redo", json={})
    assert reply.status_code == 200
    data = conforms(reply, "session-redo")
    assert data["restored"]["number"] == 1
    assert data["totals"] == {"ann": 100, "bob": -42, "cat": -100, "dan": -100}
