"""The page does what the command line does (issue 18): a session's rules, rescore (preview,
then confirm), check, the CSV download and an amended deal's versions, each answering the
CLI's own JSON; any session name the CLI accepts opens; no answer names a server path."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from house_rules import HOUSE_OPTIONS, write_house
from jsonschema import Draft202012Validator
from starlette.testclient import TestClient
from web_fixtures import client, db, no_real_data_dir  # noqa: F401 - the shared fixtures

from intlscore.faces.cli import main
from intlscore.faces.documents import schema
from intlscore.faces.web.app import create_app
from intlscore.faces.web.names import url_segment
from intlscore.session.ledger import Ledger

PLAYERS = ["ann", "bob", "cat"]
OPEN_WIN = {"kind": "open", "winner": "ann", "racks": {"bob": "r5 *"}, "not_melded": ["cat"]}
FOOT_WIN = {"kind": "foot", "winner": "bob", "racks": {"ann": "k1", "cat": "o2"}}
HOSTILE_NAMES = [
    "a/b",
    "a/rules",
    "..",
    ".",
    "50% off",
    "what?#now",
    "~tilde",
    "x%2Fy",
    "<script>alert(1)</script>",
    "café ☕ night",
    "deal",
]


def api(name: str, tail: str = "") -> str:
    return f"/api/session/{url_segment(name)}{tail}"


def conforms(reply: Any, kind: str) -> dict[str, Any]:
    assert reply.status_code == 200, reply.text
    data: dict[str, Any] = reply.json()
    Draft202012Validator(schema(kind)).validate(data)
    return data


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    capsys.readouterr()
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def played(db: Path, name: str = "friday") -> None:
    """Two deals, the first amended twice (three versions of deal 1)."""
    with Ledger(db) as ledger:
        session = ledger.create_session(name, PLAYERS)
        session.deal(**OPEN_WIN)
        session.deal(**FOOT_WIN)
        session.amend(1, kind="open", winner="cat", not_melded=["ann", "bob"])
        session.amend(1, **OPEN_WIN)


def entries(db: Path) -> int:
    connection = sqlite3.connect(db)
    try:
        return int(connection.execute("SELECT count(*) FROM entry").fetchone()[0])
    finally:
        connection.close()


# -- names -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_any_name_the_cli_accepts_opens_on_the_page_and_in_the_api(
    client: TestClient, db: Path, name: str
) -> None:
    assert client.post("/api/sessions", json={"name": name, "players": PLAYERS}).status_code == 201
    assert client.post(api(name, "/deal"), json=OPEN_WIN).status_code == 201
    shown = client.get(api(name))
    assert shown.status_code == 200 and shown.json()["name"] == name
    page = client.get("/session/" + url_segment(name))
    assert page.status_code == 200
    assert "<script>alert" not in page.text  # the name is text, never markup
    listing = client.get("/sessions").text
    assert f'href="/session/{url_segment(name)}"' in listing
    with Ledger(db) as ledger:
        assert len(ledger.session(name).deals()) == 1


def test_a_name_with_a_slash_is_never_read_as_another_sessions_page(client: TestClient) -> None:
    """'a/rules' is a session of its own, not the rules of session 'a'."""
    for name in ("a", "a/rules"):
        client.post("/api/sessions", json={"name": name, "players": PLAYERS})
    assert client.get(api("a/rules")).json()["name"] == "a/rules"
    assert client.get(api("a", "/rules")).json()["session"] == "a"


def test_the_page_and_the_server_encode_names_alike() -> None:
    """``static/names.js`` is the twin of url_segment(): the same rule, written for the page."""
    script = (Path(__file__).parents[1] / "intlscore/faces/web/static/names.js").read_text()
    assert "encodeURIComponent" in script and "~" in script and r"/^\.+$/" in script
    assert url_segment("..") == "~.." and url_segment("a~b") == "a%7Eb"


# -- the CLI's session commands on the page ----------------------------------------------------


def test_rules_are_the_cli_document(
    client: TestClient, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played(db)
    from_web = conforms(client.get(api("friday", "/rules")), "session-rules")
    assert from_web == cli_json(capsys, "session", "rules", "friday", "--db", str(db))


def test_rescore_previews_then_stores_once(
    client: TestClient, db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R15 joker 25 (the house file): bob's joker counts 25, not 30, so deal 1 changes."""
    played(db)
    house = write_house(tmp_path, HOUSE_OPTIONS)
    before = entries(db)
    preview = conforms(
        client.post(api("friday", "/rescore/preview"), json={"rules": HOUSE_OPTIONS}),
        "session-rescore",
    )
    assert preview["stored"] is False and [d["number"] for d in preview["changed_deals"]] == [1]
    assert entries(db) == before  # a preview stores nothing
    cli = cli_json(capsys, "session", "rescore", "friday", "--rules", str(house), "--db", str(db))
    # the same document; the page's rules text is named for where it came from
    assert preview["rules"] == "the rules file of the page" and cli["rules"] == "house"
    assert {**preview, "rules": "house"} == cli
    key = {"Idempotency-Key": '"rescore-1"'}
    stored = client.post(api("friday", "/rescore"), json={"rules": HOUSE_OPTIONS}, headers=key)
    again = client.post(api("friday", "/rescore"), json={"rules": HOUSE_OPTIONS}, headers=key)
    assert stored.status_code == again.status_code == 200 and again.content == stored.content
    assert stored.json() == {**preview, "stored": True}
    assert entries(db) == before + 1  # one rescore, however often it was sent
    with Ledger(db) as ledger:
        assert ledger.session("friday").rules.name == "the rules file of the page"


def test_rescore_with_options_only_keeps_the_sessions_rules(client: TestClient, db: Path) -> None:
    played(db)
    reply = client.post(api("friday", "/rescore/preview"), json={"joker_value": 25})
    data = conforms(reply, "session-rescore")
    assert data["rules"] == "international" and data["change"]["bob"] == 5


def test_check_is_the_cli_document_without_the_path(
    client: TestClient, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played(db)
    from_web = conforms(client.get(api("friday", "/check")), "session-check")
    from_cli = cli_json(capsys, "session", "check", "friday", "--db", str(db))
    assert from_web == {**from_cli, "db": "the ledger"} and from_web["ok"] is True


def test_the_csv_is_the_cli_export_as_a_download(
    client: TestClient, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = "=cmd|' /C calc'!A0 café"
    played(db, name)
    capsys.readouterr()
    assert main(["session", "export", name, "--format", "csv", "--db", str(db)]) == 0
    reply = client.get(api(name, "/export.csv"))
    assert reply.status_code == 200 and reply.text == capsys.readouterr().out
    assert reply.headers["content-type"].startswith("text/csv")
    disposition = reply.headers["content-disposition"]
    assert disposition.startswith('attachment; filename="_cmd___')  # only safe characters
    utf8 = "%3Dcmd%7C%27%20%2FC%20calc%27%21A0%20caf%C3%A9.csv"
    assert disposition.endswith(f"filename*=UTF-8''{utf8}")


def test_an_amended_deal_shows_every_version(
    client: TestClient, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played(db)
    data = conforms(client.get(api("friday", "/deal/1/versions")), "session-versions")
    assert [version["winner"] for version in data["versions"]] == ["ann", "cat", "ann"]
    assert [version["amended"] for version in data["versions"]] == [False, True, True]
    assert data == cli_json(capsys, "session", "versions", "friday", "1", "--db", str(db))
    one = conforms(client.get(api("friday", "/deal/2/versions")), "session-versions")
    assert len(one["versions"]) == 1
    missing = client.get(api("friday", "/deal/3/versions"))
    assert missing.status_code == 400
    assert missing.json() == {"error": "session 'friday' has no deal 3 (deals 1 to 2)"}


def test_a_new_deal_under_an_undone_number_has_no_earlier_versions(db: Path) -> None:
    with Ledger(db) as ledger:
        session = ledger.create_session("friday", PLAYERS)
        session.deal(**OPEN_WIN)
        session.amend(1, **FOOT_WIN)
        session.undo()
        session.deal(**OPEN_WIN)
        assert [deal.winner for deal in session.versions(1)] == ["ann"]


# -- no server path in any answer --------------------------------------------------------------


def test_no_answer_carries_a_path_of_the_server(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = write_house(tmp_path, HOUSE_OPTIONS)
    played(db)
    assert main(["session", "new", "house", "--players", "ann", "bob", "--rules", str(house),
                 "--db", str(db)]) == 0  # fmt: skip
    app = create_app(db=db, allowed_hosts=["testserver"])
    secrets = [str(db), str(tmp_path), str(Path.home())]
    with TestClient(app) as client:
        replies = [
            client.get(path)
            for path in (
                "/", "/reach", "/sessions", "/session/friday", "/session/house", "/api/table",
                "/api/sessions", api("friday"), api("house"), api("house", "/rules"),
                api("friday", "/check"), api("friday", "/export.csv"),
                api("friday", "/deal/1/versions"), "/session/nosuch", api("nosuch"),
            )
        ]  # fmt: skip
        replies.append(client.post("/api/sessions", json={"name": "friday", "players": PLAYERS}))
        replies.append(client.post(api("friday", "/rescore/preview"), json={}))
    refused = replies[-2]
    assert refused.status_code == 400 and "session named 'friday' already exists" in refused.text
    assert client.get(api("house", "/rules")).json()["source"] == "house.toml"
    for reply in replies:
        for secret in secrets:
            assert secret not in reply.text, f"{reply.request.url} names {secret}"
