"""A session's place in its night (issue 43, item 5): the lookup on a real ledger, the
``table`` of the session's JSON (``session show --json`` and ``GET /api/session/NAME``, one
object), the line of ``session show`` and of the session page.

The starts are the night's record (R-free: who starts is the night's rule, item 2, not a
scoring rule); the starter of the deal in play moves one seat on each deal recorded."""

from __future__ import annotations

import html
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from starlette.testclient import TestClient
from web_fixtures import client, db, no_real_data_dir  # noqa: F401

from intlscore.errors import LedgerDamageError
from intlscore.faces.cli import main
from intlscore.faces.documents import schema
from intlscore.session.ledger import Ledger
from intlscore.session.night.night import SeatedTable
from intlscore.session.night.place import TablePlace, table_place
from intlscore.session.night.store import accept_round, create_night, cut_night, read_night

PLAYERS = ["ana", "ben", "cy", "di", "eve", "fay", "gus", "hal"]


def seated(ledger: Ledger, deals: int = 3, rounds: int = 2) -> tuple[SeatedTable, ...]:
    """A night of 8 at two tables of four, round 1 accepted."""
    create_night(ledger, "cafe", PLAYERS, rounds=rounds, deals=deals, seed=5)
    _, first = accept_round(ledger, "cafe", cpu_seconds=None)
    return first.tables


def open_win(ledger: Ledger, table: SeatedTable) -> None:
    winner, *losers = table.players
    ledger.session(table.session).deal(kind="open", winner=winner, not_melded=losers)


# -- the lookup ----------------------------------------------------------------------------


def test_each_table_is_found_with_its_record(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l") as ledger:
        tables = seated(ledger)
        for table in tables:
            place = table_place(ledger, table.session)
            assert place == TablePlace("cafe", 1, 2, table.table, table.players, table.starts, 0)
            assert (place.deal, place.deals, place.starter) == (1, 3, table.starts[0])
            assert place.starter == table.players[0]  # the first seat starts the first deal


def test_the_starter_moves_one_seat_a_deal_and_back_on_undo(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l") as ledger:
        table = seated(ledger)[1]
        seats = table.players
        shown = []
        for _ in range(3):
            open_win(ledger, table)
            place = table_place(ledger, table.session)
            assert place is not None
            shown.append((place.deal, place.starter, place.over))
        assert shown == [(2, seats[1], False), (3, seats[2], False), (4, seats[3], True)]
        ledger.session(table.session).undo()
        place = table_place(ledger, table.session)
        assert place is not None and (place.deal, place.starter) == (3, seats[2])
        ledger.session(table.session).redo()
        open_win(ledger, table)  # a fifth deal: past the round's, the rotation goes on
        place = table_place(ledger, table.session)
        assert place is not None and (place.deal, place.starter) == (5, seats[0])


def test_an_amended_deal_changes_no_starter(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l") as ledger:
        table = seated(ledger)[0]
        open_win(ledger, table)
        session = ledger.session(table.session)
        others = [p for p in table.players if p != table.players[1]]
        session.amend(1, kind="open", winner=table.players[1], not_melded=others)
        place = table_place(ledger, table.session)
        assert place is not None and (place.deal, place.starter) == (2, table.players[1])


def test_sessions_outside_a_night_have_no_place(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l") as ledger:
        assert table_place(ledger, "friday") is None  # no ledger yet
        ledger.create_session("friday", ["ann", "bob"])
        assert table_place(ledger, "friday") is None  # no night at all
        seated(ledger)
        assert table_place(ledger, "friday") is None
        assert table_place(ledger, "cafe-r9-t9") is None  # no such session


def test_any_spelling_and_a_renamed_table_are_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "l.sqlite3"
    with Ledger(path) as ledger:
        table = seated(ledger)[0]
    place = None
    with Ledger(path) as ledger:
        place = table_place(ledger, table.session.upper())
    assert place is not None and place.table == table.table
    assert main(["session", "rename", table.session, "terrace", "--db", str(path)]) == 0
    capsys.readouterr()
    with Ledger(path) as ledger:
        again = table_place(ledger, "terrace")
        assert again is not None and (again.table, again.seats) == (table.table, table.players)
        assert table_place(ledger, table.session) is None


def test_a_night_named_beyond_ascii_is_found(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l") as ledger:
        create_night(ledger, "Café", ["Zoë", *PLAYERS[1:]], rounds=1, deals=2, seed=5)
        _, first = accept_round(ledger, "Café", cpu_seconds=None)
        table = next(t for t in first.tables if "Zoë" in t.players)
        place = table_place(ledger, table.session.upper())
        assert place is not None and place.night == "Café" and "Zoë" in place.seats


def test_the_lookup_is_one_snapshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The night's record and the deal count come from one read transaction."""
    with Ledger(tmp_path / "l") as ledger:
        table = seated(ledger)[0]
        open_win(ledger, table)
        reads = []
        real = ledger.store.read

        def counted(work: Any) -> Any:
            reads.append(work)
            return real(work)

        monkeypatch.setattr(ledger.store, "read", counted)
        place = table_place(ledger, table.session)
        assert place is not None and place.deal == 2
        assert len(reads) == 1


def test_a_damaged_night_stops_only_its_own_tables(tmp_path: Path) -> None:
    """A night's record that cannot be read is said in one line for the tables it names;
    every other session, in a night or not, is shown as before."""
    with Ledger(tmp_path / "l") as ledger:
        table = seated(ledger)[0]
        create_night(ledger, "other", PLAYERS, rounds=1, deals=1, seed=1)
        ledger.create_session("friday", ["ann", "bob"])

        def damage(connection: sqlite3.Connection) -> None:
            (record,) = connection.execute(
                "SELECT record FROM night WHERE name = 'other'"
            ).fetchone()
            broken = record.replace('"rounds": 1', '"rounds": "many"')
            assert broken != record
            connection.execute("UPDATE night SET record = ? WHERE name = 'other'", (broken,))

        ledger.write(damage)
        assert table_place(ledger, "friday") is None
        place = table_place(ledger, table.session)
        assert place is not None and place.seats == table.players

        def damage_cafe(connection: sqlite3.Connection) -> None:
            (record,) = connection.execute(
                "SELECT record FROM night WHERE name = 'cafe'"
            ).fetchone()
            connection.execute(
                "UPDATE night SET record = ? WHERE name = 'cafe'",
                (record.replace('"deals": 3', '"deals": "three"'),),
            )

        ledger.write(damage_cafe)
        with pytest.raises(LedgerDamageError, match="night 'cafe': its record is damaged"):
            table_place(ledger, table.session)
        assert table_place(ledger, "friday") is None


def test_later_rounds_and_a_cut_count_their_rounds(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l") as ledger:
        tables = seated(ledger, deals=1, rounds=3)
        for table in tables:
            open_win(ledger, table)
        _, second = accept_round(ledger, "cafe", cpu_seconds=None)
        for table in second.tables:
            open_win(ledger, table)
        cut_night(ledger, "cafe", 4, "kept")  # the final is round 3 of 3
        _, final = accept_round(ledger, "cafe", cpu_seconds=None)
        place = table_place(ledger, final.tables[0].session)
        assert place is not None and (place.round, place.rounds, place.table) == (3, 3, 1)
        before = table_place(ledger, second.tables[1].session)
        assert before is not None and (before.round, before.rounds, before.over) == (2, 3, True)
        assert read_night(ledger, "cafe").night.total_rounds == 3


# -- the faces: one object, one line ----------------------------------------------------------


def as_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    capsys.readouterr()
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_api_and_session_show_carry_the_same_table(
    client: TestClient, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Ledger(db) as ledger:
        table = seated(ledger)[1]
        open_win(ledger, table)
        ledger.create_session("friday", ["ann", "bob"])
    reply = client.get(f"/api/session/{table.session}")
    assert reply.status_code == 200
    web = reply.json()
    Draft202012Validator(schema("session")).validate(web)
    assert web["table"] == {
        "night": "cafe",
        "round": 1,
        "rounds": 2,
        "table": 2,
        "seats": list(table.players),
        "starts": list(table.starts),
        "deals": 3,
        "deal": 2,
        "starter": table.players[1],
    }
    assert as_json(capsys, "session", "show", table.session, "--db", str(db)) == web
    capsys.readouterr()
    assert main(["session", "export", table.session, "--db", str(db)]) == 0
    assert json.loads(capsys.readouterr().out) == web  # session export: the same object
    plain = client.get("/api/session/friday").json()
    Draft202012Validator(schema("session")).validate(plain)
    assert plain["table"] is None
    assert as_json(capsys, "session", "show", "friday", "--db", str(db))["table"] is None


def test_session_show_prints_the_line(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Ledger(db) as ledger:
        table = seated(ledger)[0]
    a, b, c, d = table.players

    def shown() -> str:
        capsys.readouterr()
        assert main(["session", "show", table.session, "--db", str(db)]) == 0
        return " ".join(capsys.readouterr().out.split())  # as one line, however wrapped

    line = f"Table 1 · round 1 of 2 · {a}, {b}, {c}, {d} (seat order) · {a} starts deal 1 of 3"
    assert line in shown()
    with Ledger(db) as ledger:
        for _ in range(3):
            open_win(ledger, table)
    assert f"the round's 3 deals are played ({d} would start deal 4)" in shown()
    with Ledger(db) as ledger:
        ledger.create_session("friday", ["ann", "bob"])
    capsys.readouterr()
    assert main(["session", "show", "friday", "--db", str(db)]) == 0
    assert "seat order" not in capsys.readouterr().out


def test_the_page_shows_the_line_as_a_live_part_and_names_as_text(
    client: TestClient, db: Path
) -> None:
    """Player names are text, never markup, in the line and in the timer's seats."""
    names = ["<i>ana", "o'neil", "cy", "di", "eve", "fay", "gus", "hal"]
    with Ledger(db) as ledger:
        create_night(ledger, "cafe", names, rounds=2, deals=4, seed=5)
        _, first = accept_round(ledger, "cafe", cpu_seconds=None)
        table = next(t for t in first.tables if "<i>ana" in t.players)
        open_win(ledger, table)
        ledger.create_session("friday", ["ann", "bob"])
    page = client.get(f"/session/{table.session}").text
    assert "<i>ana" not in page and "&lt;i&gt;ana" in page
    found = re.search(
        r"<p class=\"table-line\" data-live=\"table-line\" data-seats='([^']*)'"
        r" data-starter=\"([^\"]*)\" data-deal=\"(\d+)\">(.*?)</p>",
        page,
        re.S,
    )
    assert found is not None
    seats, starter, deal, text = found.groups()
    assert json.loads(html.unescape(seats)) == list(table.players)
    assert (html.unescape(starter), deal) == (table.players[1], "2")
    words = " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())
    assert words == (
        f"Table {table.table} · round 1 of 2 · {', '.join(table.players)} (seat order)"
        f" · {table.players[1]} starts deal 2 of 4"
    )
    assert '<script src="/static/timer.js" defer></script>' in page
    plain = client.get("/session/friday").text
    assert "table-line" not in plain and "timer.js" not in plain
