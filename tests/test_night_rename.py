"""``player rename --json`` names the nights it changed (issue 43): with the sessions when
the player sat at a table, alone when the player is only on a night's roll call."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_run import ok
from jsonschema import Draft202012Validator

from intlscore.faces.documents import schema

PLAYERS = ["ann", "bob", "cat", "dan", "eve", "fay"]


@pytest.fixture(autouse=True)
def ledger_in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("INTLSCORE_DB", str(tmp_path / "ledger.sqlite3"))


def renamed(capsys: pytest.CaptureFixture[str], old: str, new: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok(capsys, "player", "rename", old, new, "--json"))
    Draft202012Validator(schema("player-rename")).validate(data)
    return data


def test_the_nights_a_rename_changed(capsys: pytest.CaptureFixture[str]) -> None:
    ok(capsys, "night", "new", "fri", "--players", *PLAYERS, "--seed", "1")
    ok(capsys, "night", "new", "sat", "--players", *PLAYERS, "--seed", "2")
    ok(capsys, "night", "seat", "fri", "--accept")
    ok(capsys, "session", "new", "other", "--players", "bob", "zoe")
    # ann: seated at a table of fri, and on sat's roll call only
    data = renamed(capsys, "ANN", "Anna")
    table = next(
        t["session"]
        for t in json.loads(ok(capsys, "night", "show", "fri", "--json"))["rounds"][0]["tables"]
        if "Anna" in t["players"]
    )
    assert (data["sessions"], data["nights"]) == ([table], ["fri", "sat"])
    # zoe plays no night: no night changed
    assert renamed(capsys, "zoe", "Zoë")["nights"] == []
    # a player on a night's roll call only: no session changed, the one night named
    ok(capsys, "night", "new", "sun", "--players", "gus", "hal", "ivy", "jo", "kim", "lee")
    only = renamed(capsys, "gus", "Gus")
    assert (only["sessions"], only["nights"]) == ([], ["sun"])
