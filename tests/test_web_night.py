"""A tournament night over HTTP (issue 43, item 5): ``/api/night/NAME`` answers what ``night
show``, ``night seat`` and ``night seat --swap`` print with ``--json``; the writes (accept,
arrive, leave) are keyed as every write is, need the token, and refuse bad input with a
400 of one line that stores nothing; the pages render the night, user text as text; the
watch tells a change of the night's record."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from sqlite_dump import dump
from starlette.testclient import TestClient
from web_fixtures import client, db, no_real_data_dir  # noqa: F401 - the shared fixtures

from intlscore.faces.cli import main
from intlscore.faces.documents import schema
from intlscore.faces.web.app import create_app
from intlscore.faces.web.live import LedgerWatch
from intlscore.session.ledger import Ledger
from intlscore.session.night.store import create_night, read_night

PLAYERS = [f"p{i:02}" for i in range(1, 17)]
"""16 players: four tables of 4, and two rounds that meet nobody twice (planned at once)."""
API = "/api/night/cafe"


@pytest.fixture
def night(db: Path) -> str:
    with Ledger(db) as ledger:
        create_night(ledger, "cafe", PLAYERS, rounds=2, deals=2, seed=3, apart=[("p01", "p02")])
    return "cafe"


def cli_json(capsys: pytest.CaptureFixture[str], db: Path, *argv: str) -> Any:
    capsys.readouterr()
    assert main([*argv, "--db", str(db), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def conforms(reply: Any, kind: str, status: int = 200) -> dict[str, Any]:
    assert reply.status_code == status, reply.text
    data: dict[str, Any] = reply.json()
    Draft202012Validator(schema(kind)).validate(data)
    return data


def refused(reply: Any, status: int = 400) -> str:
    assert reply.status_code == status, reply.text
    message = reply.json()["error"]
    assert isinstance(message, str) and message and "\n" not in message
    return str(message)


def tables_of(data: dict[str, Any]) -> list[list[str]]:
    return [table["players"] for table in data["tables"]]


@pytest.mark.usefixtures("night")
def test_the_reads_are_the_command_lines_json(
    client: TestClient, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert conforms(client.get(API), "night") == cli_json(capsys, db, "night", "show", "cafe")
    draft = conforms(client.get(f"{API}/draft"), "night-seat")
    assert draft == cli_json(capsys, db, "night", "seat", "cafe")
    assert draft["flaws"] == [] and not draft["accepted"]
    one, two = draft["tables"][0]["players"], draft["tables"][1]["players"]
    body = {"tables": tables_of(draft), "swap": [one[0], two[0].upper()]}  # any case
    preview = conforms(client.post(f"{API}/preview", json=body), "night-seat")
    swapped = cli_json(capsys, db, "night", "seat", "cafe", "--swap", one[0], two[0].upper())
    assert preview == swapped
    assert tables_of(preview)[0] == [two[0], *one[1:]]


@pytest.mark.usefixtures("night")
def test_a_preview_names_what_the_seating_breaks(client: TestClient) -> None:
    seating = [PLAYERS[i : i + 4] for i in range(0, 16, 4)]  # p01 and p02 kept apart
    preview = conforms(client.post(f"{API}/preview", json={"tables": seating}), "night-seat")
    assert [f["text"] for f in preview["flaws"]] == [
        "p01 and p02 are kept apart but sit at one table in round 1"
    ]
    apart = {"tables": seating, "swap": ["p02", "p05"]}
    assert conforms(client.post(f"{API}/preview", json=apart), "night-seat")["flaws"] == []


@pytest.mark.usefixtures("night")
@pytest.mark.parametrize(
    ("path", "body", "line"),
    [
        ("preview", {"tables": "p01"}, "tables must be a list of tables, each a list of players"),
        ("preview", {"tables": [["p01", 2]]}, "tables must be a list of names, not"),
        ("preview", {}, "tables is missing"),
        ("preview", {"tables": [PLAYERS], "swap": ["p01"]}, "swap names two players, not 1"),
        ("preview", {"tables": [PLAYERS[:4]]}, "p05 is present but not seated"),
        ("preview", {"tables": [PLAYERS[:3], PLAYERS[3:]]}, "table 2 seats 13 players"),
        ("preview", {"tables": [["zed", *PLAYERS[1:4]]]}, "'zed' is not a player of night"),
        ("preview", {"tables": [PLAYERS[:4]], "seat": 1}, "unknown field 'seat'"),
        ("accept", {"tables": [PLAYERS[:4]]}, "round is missing"),
        ("accept", {"round": 2, "tables": [PLAYERS[:4]]}, "night 'cafe' seats round 1 next,"),
        ("arrive", {"player": "P01"}, "p01 is already at the night ('P01' is the same name)"),
        ("leave", {"player": "zed"}, "'zed' is not a player of night 'cafe'"),
        ("leave", {}, "player is missing"),
    ],
)
def test_bad_input_is_one_line_and_stores_nothing(
    client: TestClient, db: Path, path: str, body: dict[str, Any], line: str
) -> None:
    client.get(API)  # the ledger exists
    before = dump(db)
    assert refused(client.post(f"{API}/{path}", json=body)).startswith(line)
    assert dump(db) == before


def test_an_unknown_night_is_one_line(client: TestClient) -> None:
    assert refused(client.get("/api/night/nope")).startswith("no night named 'nope'")
    page = client.get("/night/nope")
    assert page.status_code == 400 and "no night named" in page.text


@pytest.mark.usefixtures("night")
def test_accept_seats_exactly_the_tables_once_per_key(client: TestClient, db: Path) -> None:
    draft = client.get(f"{API}/draft").json()
    swapped = client.post(f"{API}/preview", json={
        "tables": tables_of(draft), "swap": [draft["tables"][0]["players"][0],
                                             draft["tables"][3]["players"][2]]}).json()  # fmt: skip
    body = {"round": 1, "tables": tables_of(swapped)}
    key = {"Idempotency-Key": '"accept-1"'}
    first = client.post(f"{API}/accept", json=body, headers=key)
    data = conforms(first, "night-seat", 201)
    assert data["accepted"] and data["sessions"] == [f"cafe-r1-t{n}" for n in (1, 2, 3, 4)]
    assert tables_of(data) == tables_of(swapped)
    again = client.post(f"{API}/accept", json=body, headers=key)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.content == first.content
    with Ledger(db) as ledger:
        seated = read_night(ledger, "cafe").night.seated
    assert [s.seating for s in seated] == [tuple(tuple(t) for t in tables_of(swapped))]
    # the same seating without the key: round 1 is seated already
    assert "round 1 of night 'cafe' is seated already" in refused(
        client.post(f"{API}/accept", json=body)
    )
    other = client.post(f"{API}/accept", json={**body, "round": 2}, headers=key)
    refused(other, 422)  # the key, reused for another request


@pytest.mark.usefixtures("night")
def test_the_roll_call_over_http(client: TestClient, db: Path) -> None:
    left = conforms(client.post(f"{API}/leave", json={"player": "P16"}), "night")
    assert {"name": "p16", "status": "gone"} in left["players"]
    key = {"Idempotency-Key": '"gus-arrives"'}
    came = conforms(client.post(f"{API}/arrive", json={"player": "gus"}, headers=key), "night")
    assert came["players"][-1] == {"name": "gus", "status": "present"}
    replay = client.post(f"{API}/arrive", json={"player": "gus"}, headers=key)
    assert replay.headers["Idempotent-Replayed"] == "true"
    assert came["roll_call"] == ["before round 1: p16 leaves", "before round 1: gus arrives"]
    page = client.get("/night/cafe").text
    assert "p16" in page and "left the night" in page


def test_writes_need_the_token(db: Path, night: str) -> None:
    with TestClient(create_app(db=db, token="s3cret", allowed_hosts=["testserver"])) as guarded:
        assert guarded.get(API).status_code == 401
        assert guarded.get("/night/cafe/screen").status_code == 401
        assert guarded.post(f"{API}/leave", json={"player": "p01"}).status_code == 401
        headers = {"X-Intlscore-Token": "s3cret"}
        reply = guarded.post(f"{API}/leave", json={"player": "p01"}, headers=headers)
        assert reply.status_code == 200


@pytest.fixture
def seated(db: Path) -> Iterator[Path]:
    """A night of hostile names, one round seated and one deal played at table 1."""
    names = ["<b>ann</b>", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]
    with Ledger(db) as ledger:
        create_night(ledger, "<i>fri</i>", names, rounds=2, deals=2, seed=1)
    assert main(["night", "seat", "<i>fri</i>", "--accept", "--db", str(db)]) == 0
    with Ledger(db) as ledger:
        table = read_night(ledger, "<i>fri</i>").night.seated[0].tables[0]
        ledger.session(table.session).deal(
            kind="open", winner=table.players[1], not_melded=[table.players[0], *table.players[2:]]
        )
    yield db


def test_the_pages_show_the_round_as_text(client: TestClient, seated: Path) -> None:
    from intlscore.faces.web.names import url_segment

    with Ledger(seated) as ledger:
        view = read_night(ledger, "<i>fri</i>")
    table = view.night.seated[0].tables[0]
    path = "/night/" + url_segment("<i>fri</i>")
    page = client.get(path)
    assert page.status_code == 200
    assert "<b>ann</b>" not in page.text and "&lt;b&gt;ann&lt;/b&gt;" in page.text
    assert "<i>fri</i>" not in page.text
    assert f"deal 2: <strong>{table.players[1]}</strong> starts" in page.text.replace(
        "&lt;b&gt;ann&lt;/b&gt;", "<b>ann</b>"
    )
    assert f'href="http://testserver/session/{url_segment(table.session)}"' in page.text
    assert page.text.count("<svg") == 2  # a QR code for each table
    assert f"1. open win by {table.players[1]}".replace("<", "&lt;").replace(">", "&gt;") in (
        page.text
    )
    screen = client.get(path + "/screen")
    assert screen.status_code == 200 and "Table 2" in screen.text
    assert 'class="starts"' in screen.text and "data-elapsed" in screen.text


def test_the_join_link_carries_the_token_on_the_lan(db: Path, seated: Path) -> None:
    app = create_app(db=db, token="t0k", join_url="http://192.168.1.20:8765/?token=t0k",
                     allowed_hosts=["testserver"])  # fmt: skip
    with TestClient(app) as guarded:
        page = guarded.get("/night/%3Ci%3Efri%3C%2Fi%3E", params={"token": "t0k"}).text
    assert 'href="http://192.168.1.20:8765/session/%3Ci%3Efri%3C%2Fi%3E-r1-t1?token=t0k"' in page


def test_the_watch_tells_a_change_of_the_nights_record(db: Path, night: str) -> None:
    watch = LedgerWatch(lambda: db)
    watch.poll()
    assert main(["night", "leave", "cafe", "p03", "--db", str(db)]) == 0
    assert watch.poll() == ["night:cafe"]
    assert watch.poll() == []
    assert main(["night", "seat", "cafe", "--accept", "--db", str(db)]) == 0
    assert watch.poll() == ["cafe-r1-t1", "cafe-r1-t2", "cafe-r1-t3", "cafe-r1-t4", "night:cafe"]
    watch.close()


@pytest.mark.usefixtures("night")
def test_a_round_while_the_last_is_unfinished_needs_force(client: TestClient, db: Path) -> None:
    first = client.get(f"{API}/draft").json()
    conforms(client.post(f"{API}/accept", json={"round": 1, "tables": tables_of(first)}),
             "night-seat", 201)  # fmt: skip
    draft = conforms(client.get(f"{API}/draft"), "night-seat")
    assert draft["round"] == 2
    assert draft["warnings"][0] == "round 1 is not finished: table 1 has 0 of 2 deals"
    body = {"round": 2, "tables": tables_of(draft)}
    before = dump(db)
    assert refused(client.post(f"{API}/accept", json=body)) == (
        "round 1 is not finished: table 1 has 0 of 2 deals; add --force to seat round 2 anyway"
    )
    assert dump(db) == before
    forced = conforms(client.post(f"{API}/accept", json={**body, "force": True}), "night-seat",
                      201)  # fmt: skip
    assert forced["sessions"][0] == "cafe-r2-t1"
    assert "<h2>Round 2</h2>" in client.get("/night/cafe").text


def test_the_clock_counts_down_a_time_limit_then_says_time_is_up(
    client: TestClient, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ledger's clock is stopped and moved by hand: 45 minutes a round, the round
    seated at 20:00; the pages show the seconds left as the server reads them."""
    from intlscore.session.ledger import clock

    at = {"now": "2026-12-06T20:00:00+00:00"}
    monkeypatch.setattr(clock, "now", lambda: at["now"])
    with Ledger(db) as ledger:
        create_night(ledger, "timed", PLAYERS, rounds=2, deals=2, seed=3, minutes=45)
    draft = client.get("/api/night/timed/draft").json()
    client.post("/api/night/timed/accept", json={"round": 1, "tables": tables_of(draft)})
    at["now"] = "2026-12-06T20:44:30+00:00"
    for path in ("/night/timed", "/night/timed/screen"):
        page = client.get(path).text
        assert 'data-left="30"' in page and '<span class="clock-time">0:30</span>' in page
        assert "left</span>" in page and "time is up" not in page
    at["now"] = "2026-12-06T20:46:00+00:00"
    page = client.get("/night/timed/screen").text
    assert 'class="clock over"' in page and 'data-left="0"' in page
    assert "time is up: finish the deal in play" in page
    at["now"] = "2026-12-06T20:02:05+00:00"  # without a limit: the time since it was seated
    with Ledger(db) as ledger:
        create_night(ledger, "open", PLAYERS, rounds=2, deals=2, seed=3)
    draft = client.get("/api/night/open/draft").json()
    client.post("/api/night/open/accept", json={"round": 1, "tables": tables_of(draft)})
    at["now"] = "2026-12-06T20:14:08+00:00"
    page = client.get("/night/open/screen").text
    assert 'data-elapsed="723"' in page and "round 1 seated</span>" in page
    assert '<span class="clock-time">12:03</span>' in page


def test_a_latecomer_during_a_round_stands_by_and_a_leaver_is_gone(
    client: TestClient, seated: Path
) -> None:
    from intlscore.faces.web.names import url_segment

    api = "/api/night/" + url_segment("<i>fri</i>")
    conforms(client.post(f"{api}/arrive", json={"player": "zoe"}), "night")
    conforms(client.post(f"{api}/leave", json={"player": "bob"}), "night")
    page = client.get("/night/" + url_segment("<i>fri</i>")).text
    roll = page[page.index('class="roll"') :]
    assert re.search(
        r'class="s-standby"><span class="who">zoe</span> <span class="status">'
        r'standby</span> <span class="where">seated from the next round',
        roll,
    )
    assert re.search(r'class="s-gone"><span class="who">bob</span>.*left the night', roll)
    assert 'aria-label="bob is back"' in roll and 'aria-label="zoe leaves"' in roll
    assert re.search(r'class="s-present"><span class="who">cat</span>.*table \d', roll)
