"""Session names are one name under Unicode NFC and case folding (issue 42), as player
names are (``intlscore.session.names.name_key``): on the command line, over HTTP, in an
import and after a restore; a session is shown as its name was first typed. A ledger
that already holds two sessions that are one name is reported by ``session check --all``
with a way to rename one, and nothing is renamed without being asked.
"""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from pathlib import Path

import pytest
from cli_run import run
from starlette.testclient import TestClient

from intlscore.faces.web.app import create_app
from intlscore.session.club.players import rewrite
from intlscore.session.ledger import Ledger

NFC = unicodedata.normalize("NFC", "José")
NFD = unicodedata.normalize("NFD", "José")
PLAYERS = ["ann", "bob"]
DEAL_WORDS = ["--open", "--winner", "ann", "--rack", "bob=r6"]


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("INTLSCORE_DB", str(tmp_path / "env-ledger.sqlite3"))
    return tmp_path / "club.sqlite3"


def new(capsys: pytest.CaptureFixture[str], db: Path, name: str) -> tuple[int, str, str]:
    return run(capsys, "session", "new", name, "--players", *PLAYERS, "--db", str(db))


def names(db: Path) -> list[str]:
    with Ledger(db) as ledger:
        return ledger.session_names()


def clashing(db: Path, *spellings: str) -> None:
    """A ledger from before this rule: sessions whose names are one name (made by
    writing the stored name under the rule's back, as an old intlscore could)."""
    with Ledger(db) as ledger:
        for index, spelling in enumerate(spellings):
            ledger.create_session(f"made-{index}", PLAYERS).deal(
                kind="open", winner="ann", racks={"bob": "r5"}
            )

            def named(
                connection: sqlite3.Connection, index: int = index, to: str = spelling
            ) -> None:
                (session_id,) = connection.execute(
                    "SELECT id FROM session WHERE name = ?", (f"made-{index}",)
                ).fetchone()
                rewrite(connection, session_id, lambda name: name, to)

            ledger.write(named)


@pytest.mark.parametrize(
    ("first", "second"), [(NFC, NFD), ("Fri", "fri"), ("fri", "FRI"), ("straße", "STRASSE")]
)
def test_a_second_session_of_one_name_is_refused(
    db: Path, capsys: pytest.CaptureFixture[str], first: str, second: str
) -> None:
    assert new(capsys, db, first)[0] == 0
    status, out, err = new(capsys, db, second)
    assert (status, out) == (2, "")
    assert err == (
        f"intlscore: error: a session named {second!r} already exists (written {first!r}:"
        " names that differ only in case or accents are one name)\n"
    )
    assert names(db) == [first]


def test_any_spelling_finds_the_session_and_it_is_shown_as_first_typed(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert new(capsys, db, NFD)[0] == 0
    assert run(capsys, "session", "deal", "JOSÉ", *DEAL_WORDS, "--db", str(db))[0] == 0
    assert run(capsys, "session", "deal", NFC, *DEAL_WORDS, "--db", str(db))[0] == 0
    status, out, _ = run(capsys, "session", "show", "josé", "--db", str(db))
    assert status == 0
    assert out.startswith(f"session {NFD}: ann, bob (2 deals)")
    status, out, _ = run(capsys, "session", "check", "JOSE\u0301", "--db", str(db))
    assert status == 0
    assert names(db) == [NFD]


def test_over_http_a_session_is_one_name_too(db: Path) -> None:
    with TestClient(create_app(db=db, allowed_hosts=["testserver"])) as client:
        made = client.post("/api/sessions", json={"name": "Fri", "players": PLAYERS})
        assert made.status_code == 201
        again = client.post("/api/sessions", json={"name": "fri", "players": PLAYERS})
        assert again.status_code == 400
        assert again.json() == {
            "error": "a session named 'fri' already exists (written 'Fri': names that differ"
            " only in case or accents are one name)"
        }
        deal = {"kind": "open", "winner": "ann", "racks": {"bob": "r6"}}
        assert client.post("/api/session/FRI/deal", json=deal).status_code == 201
        shown = client.get("/api/session/fRI")
        assert shown.status_code == 200
        assert shown.json()["name"] == "Fri" and len(shown.json()["deals"]) == 1
        assert client.get("/session/FRI").status_code == 200
    assert names(db) == ["Fri"]


def test_an_export_with_two_sessions_of_one_name_is_not_imported(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "source.sqlite3"
    for name in ("p2", "p3"):
        assert new(capsys, source, name)[0] == 0
    status, out, _ = run(capsys, "export", "--db", str(source))
    assert status == 0
    data = json.loads(out)
    data["sessions"][1]["name"] = data["sessions"][1]["record"]["name"] = "P2"
    exported = tmp_path / "export.json"
    exported.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(capsys, "import", str(exported), "--db", str(db))
    assert (status, out) == (2, "")
    assert err == (
        "intlscore: error: the export cannot be imported: sessions 'p2' and 'P2' are one name"
        " (they differ only in case or accents); rename the later one: intlscore session"
        " rename 'P2' NEW-NAME in the ledger it was exported from, then export it again;"
        " nothing was stored\n"
    )
    assert names(db) == []


def test_two_sessions_of_one_name_are_reported_and_renamed_only_when_asked(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clashing(db, "Fri", "fri", NFC, NFD)
    before = sqlite3.connect(db).execute("SELECT name, record, head FROM session").fetchall()
    status, out, err = run(capsys, "session", "check", "--all", "--db", str(db))
    assert status == 2
    assert out.splitlines() == [
        "sessions 'Fri' and 'fri' are one name (they differ only in case or accents);"
        " rename the later one: intlscore session rename 'fri' NEW-NAME",
        f"sessions {NFC!r} and {NFD!r} are one name (they differ only in case or accents);"
        f" rename the later one: intlscore session rename {NFD!r} NEW-NAME",
    ]
    assert err == f"intlscore: error: 2 problems found in {db} (listed above)\n"
    status, out, _ = run(capsys, "session", "check", "--all", "--json", "--db", str(db))
    assert status == 2 and json.loads(out)["ok"] is False
    assert len(json.loads(out)["problems"]) == 2

    # each is still found by its exact name; another spelling names both and is refused
    assert run(capsys, "session", "show", "fri", "--db", str(db))[1].startswith("session fri:")
    status, _, err = run(capsys, "session", "show", "FRI", "--db", str(db))
    assert status == 2
    assert err == (
        "intlscore: error: 'FRI' names 2 sessions, 'Fri', 'fri', which differ only in case or"
        " accents; give one as it is written (see: intlscore session check)\n"
    )
    # a backup and a restore keep the ledger as it is: nothing renamed silently
    copy = tmp_path / "copy.sqlite3"
    assert run(capsys, "backup", str(copy), "--db", str(db))[0] == 0
    restored = tmp_path / "restored.sqlite3"
    assert run(capsys, "restore", str(copy), "--db", str(restored))[0] == 0
    assert names(restored) == ["Fri", "fri", NFC, NFD]
    after = sqlite3.connect(db).execute("SELECT name, record, head FROM session").fetchall()
    assert after == before

    # the way out: rename one of each
    status, _, err = run(capsys, "session", "rename", "fri", "Fri", "--db", str(db))
    assert status == 2
    assert "session 'Fri' has that name" in err
    assert run(capsys, "session", "rename", "fri", "fri-2", "--db", str(db))[0] == 0
    assert run(capsys, "session", "rename", NFD, "José-2", "--db", str(db))[0] == 0
    status, out, _ = run(capsys, "session", "check", "--all", "--db", str(db))
    assert status == 0 and "4 sessions, 4 deals; every record" in " ".join(out.split())
    assert names(db) == ["Fri", "fri-2", NFC, "José-2"]
    assert run(capsys, "session", "show", "FRI", "--db", str(db))[1].startswith("session Fri:")
