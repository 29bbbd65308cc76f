"""Bad input at a night (issue 43, item 8), each one line with exit status 2 from the
command line, a 400 with that line over HTTP, and nothing half-stored: too few players,
names that differ only by case or Unicode form, an unknown player, and a deal for a
player who is not at that table (the line names the table's players)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_run import run
from sqlite_dump import dump
from starlette.testclient import TestClient
from web_fixtures import client, no_real_data_dir  # noqa: F401 - the shared fixtures

from intlscore.session.ledger import Ledger
from intlscore.session.night.store import accept_round, create_night

PLAYERS = ["ann", "bob", "cat", "dan", "eve", "fay", "José"]
NFD = "Jose\u0301"  # José in another Unicode form


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A night of seven at a table of four and one of three, round 1 seated."""
    path = tmp_path / "ledger.sqlite3"
    monkeypatch.setenv("INTLSCORE_DB", str(path))
    with Ledger(path) as ledger:
        create_night(ledger, "n", PLAYERS, rounds=2, deals=2, seed=1)
        accept_round(ledger, "n")
    return path


def tables(capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    status, out, err = run(capsys, "night", "show", "n", "--json")
    assert status == 0, err
    seated: list[dict[str, Any]] = json.loads(out)["rounds"][0]["tables"]
    return seated


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, ""), err
    (line,) = err.strip().splitlines()
    return line


def http_refused(reply: Any) -> str:
    assert reply.status_code == 400, reply.text
    message = reply.json()["error"]
    assert isinstance(message, str) and "\n" not in message and "Traceback" not in message
    return str(message)


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (["ann", "bob"], "2 players cannot sit at tables of 3 and 4: seat 3 or 4 at one table,"
                         " or 6 or more"),
        (["ann", "bob", "cat", "dan", "eve"], "5 players cannot sit at tables of 3 and 4"),
        (["José", "bob", "cat", "dan", "eve", NFD], "are one player (names are matched"
                                                   " without regard to case or Unicode form)"),
        (["ann", "bob", "cat", "dan", "eve", "ANN"], "players 'ann' and 'ANN' are one player"),
    ],
)
def test_a_night_that_cannot_be(
    capsys: pytest.CaptureFixture[str], db: Path, players: list[str], said: str
) -> None:
    before = dump(db)
    assert said in refused(capsys, "night", "new", "m", "--players", *players)
    assert dump(db) == before


def test_one_player_whatever_the_case_or_unicode_form(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    """José written in another form or case is José: at the roll call, kept apart, and
    in a deal at José's table."""
    assert refused(capsys, "night", "arrive", "n", NFD.upper()).endswith(
        f"José is already at the night ({NFD.upper()!r} is the same name)"
    )
    assert run(capsys, "night", "apart", "n", NFD, "ANN")[0] == 0
    assert json.loads(run(capsys, "night", "show", "n", "--json")[1])["keep_apart"] == [
        ["José", "ann"]
    ]
    table = next(t for t in tables(capsys) if "José" in t["players"])
    others = [p.upper() for p in table["players"] if p != "José"]
    status, _, err = run(capsys, "session", "deal", table["session"], "--open", "--winner",
                         NFD, "--not-melded", *others)  # fmt: skip
    assert status == 0, err
    assert tables(capsys)[table["table"] - 1]["deals_played"] == 1


def test_an_unknown_player(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    before = dump(db)
    for argv in (("leave", "n", "zed"), ("apart", "n", "ann", "zed")):
        assert refused(capsys, "night", *argv).endswith(
            "'zed' is not a player of night 'n' (its players are ann, bob, cat, dan, eve, fay,"
            " José)"
        )
    assert dump(db) == before


def test_a_deal_for_a_player_not_at_the_table(
    capsys: pytest.CaptureFixture[str], db: Path, client: TestClient
) -> None:
    """A player of the night at another table, as the winner, a rack or not melded: the
    command line and every HTTP path that records a deal refuse it naming the table's
    players, and store nothing."""
    one, two = tables(capsys)
    here, stranger = one["players"], two["players"][0]
    names = ", ".join(here)
    session = one["session"]
    before = dump(db)
    for argv in (
        ("--winner", stranger, "--not-melded", *here[1:]),
        ("--winner", here[0], "--rack", f"{stranger}=r5"),
        ("--winner", here[0], "--not-melded", stranger),
    ):
        line = refused(capsys, "session", "deal", session, "--open", *argv)
        assert f"unknown player {stranger!r}" in line and f"(the players are {names})" in line
    winner = {"kind": "open", "winner": stranger, "not_melded": here[1:]}
    rack = {"kind": "open", "winner": here[0], "racks": {stranger: "r5"}}
    for body in (winner, rack):
        for path in (f"/api/session/{session}/deal", f"/api/session/{session}/deal/preview"):
            message = http_refused(client.post(path, json=body))
            assert f"unknown player {stranger!r}" in message and names in message
    assert dump(db) == before
    # an amendment of a deal recorded at the table: refused alike, the deal unchanged
    good = {"kind": "open", "winner": here[0], "not_melded": here[1:]}
    assert client.post(f"/api/session/{session}/deal", json=good).status_code == 201
    recorded = dump(db)
    message = http_refused(client.post(f"/api/session/{session}/deal/1", json=winner))
    assert f"unknown player {stranger!r}" in message and names in message
    line = refused(capsys, "session", "amend", session, "1", "--open", "--winner", stranger,
                   "--not-melded", *here[1:])  # fmt: skip
    assert names in line
    assert dump(db) == recorded
