"""Players across sessions: ``intlscore players`` and ``intlscore player rename``."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from club_ledgers import build, season_steps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from intlscore.faces.cli import main
from intlscore.faces.documents import schema
from intlscore.rules import default_rules
from intlscore.session.club.players import list_players, rename_player, renames
from intlscore.session.ledger import Ledger


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "club.sqlite3"
    monkeypatch.setenv("INTLSCORE_DB", str(path))
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def shown(db: Path) -> dict[str, Any]:
    """Every session as ``session show --json`` has it."""
    with Ledger(db) as ledger:
        return {s.name: ledger.session(s.name).to_dict() for s in ledger.sessions()}


def history(db: Path) -> Ledger:
    """Two sessions sharing ann, with an amendment, an undo, a redo and a rescore."""
    ledger = Ledger(db)
    friday = ledger.create_session("friday", ["ann", "bob", "cat"])
    friday.deal(kind="open", winner="ann", racks={"bob": "r5 b7"}, not_melded=["cat"])
    friday.deal(
        kind="closed", winner="ANN", closed="k1-13 k1", discard="r5", racks={"bob": "k13"},
        not_melded=["cat"], trump="r5", trump_holders=["Ann"],
    )  # fmt: skip
    friday.amend(1, kind="foot", winner="bob", racks={"ann": "o2", "cat": "k1"})
    friday.undo()
    friday.redo()
    friday.change_rules(default_rules().with_options(joker_value=25))
    friday.deal(kind="none", racks={"ann": "*", "bob": "r5", "cat": "r6"})
    friday.deal(kind="open", winner="cat", racks={"ann": "r9"}, not_melded=["bob"])
    friday.undo()  # stays undone: an undone deal is renamed too
    monday = ledger.create_session("monday", ["Ann", "dan"])
    monday.deal(kind="open", winner="dan", racks={"Ann": "k1"})
    ledger.create_session("sunday", ["bob", "cat"])
    return ledger


def test_players_lists_each_player_once_across_sessions(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    history(db).close()
    status, out, err = run(capsys, "players", "--json")
    assert status == 0, err
    data = json.loads(out)
    Draft202012Validator(schema("players")).validate(data)
    assert [(p["name"], p["sessions"], p["deals"], p["spellings"]) for p in data["players"]] == [
        ("Ann", ["friday", "monday"], 3 + 1, ["ann", "Ann"]),
        ("bob", ["friday", "sunday"], 3, ["bob"]),
        ("cat", ["friday", "sunday"], 3, ["cat"]),
        ("dan", ["monday"], 1, ["dan"]),
    ]
    status, out, err = run(capsys, "players")
    assert status == 0 and out.split("\n")[2].split() == ["Ann", "│", "friday,", "monday", "│", "4"]


def test_a_rename_changes_every_record_and_keeps_the_checks_green(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    history(db).close()
    before = shown(db)
    status, out, err = run(capsys, "player", "rename", "ann", "Anna", "--json")
    assert status == 0, err
    data = json.loads(out)
    Draft202012Validator(schema("player-rename")).validate(data)
    assert (data["old"], data["new"], data["sessions"]) == ("ann", "Anna", ["friday", "monday"])
    assert run(capsys, "session", "check", "--all")[0] == 0
    after = shown(db)
    # the same ledger with the name replaced, and nothing else changed
    text = json.dumps(before)
    for spelling in ('"ann"', '"ANN"', '"Ann"', "by ann"):
        text = text.replace(spelling, spelling.replace(spelling.strip('"').split()[-1], "Anna"))
    assert json.loads(text) == after
    assert after["sunday"] == before["sunday"]
    # no record anywhere still holds the old name, undone and replaced versions included
    with sqlite3.connect(db) as connection:
        records = [row[0] for row in connection.execute("SELECT record FROM entry")]
        records += [row[0] for row in connection.execute("SELECT record FROM session")]
    assert not any('"ann"' in r.casefold() for r in records)
    assert any('"Anna"' in r and '"undo"' not in r for r in records)
    with Ledger(db) as ledger:
        friday = ledger.session("friday")
        assert friday.redo().winner == "cat"  # the undone deal comes back renamed
        assert friday.totals()["Anna"] == after["friday"]["totals"]["Anna"] - 9
        assert [(n.old, n.new, n.sessions) for n in renames(ledger)] == [
            ("ann", "Anna", ("friday", "monday"))
        ]
        assert ledger.check() == []


def test_a_rename_to_the_same_name_in_another_case(db: Path) -> None:
    with history(db) as ledger:
        rename_player(ledger, "ANN", "ann")
        assert list_players(ledger)[0].spellings == ("ann",)
        assert ledger.check() == []


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("eve", "eva", "no player named 'eve' in "),
        ("ann", "BOB", "cannot rename 'ann' to 'BOB': 'bob' already plays in session 'friday'"),
        ("cat", "Bob", "cannot rename 'cat' to 'Bob': 'bob' already plays in session 'friday'"),
        ("ann", "a=b", "may not hold '=' or control characters"),
        ("ann", " ann", "has spaces around it"),
        ("ann", "x" * 41, "is longer than 40 characters"),
        ("ann", "", "a player name is empty"),
        ("cat", "cat", "the player is already named 'cat' in every session"),
    ],
)  # fmt: skip
def test_a_refused_rename_is_one_line_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], db: Path, old: str, new: str, message: str
) -> None:
    history(db).close()
    before = shown(db)
    status, out, err = run(capsys, "player", "rename", old, new)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
    assert shown(db) == before


def test_dan_and_cat_never_share_a_session_so_dan_may_become_cat(db: Path) -> None:
    """A collision is only within a session: two people never at one table may share a
    name (they become one player, which is what a rename is for)."""
    with history(db) as ledger:
        rename_player(ledger, "dan", "cat")
        assert [p.name for p in list_players(ledger)] == ["Ann", "bob", "cat"]
        assert ledger.check() == []


def test_renaming_in_an_empty_ledger_is_refused(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    status, _, err = run(capsys, "player", "rename", "ann", "bob")
    assert status == 2 and "no player named 'ann'" in err
    assert not db.exists()


@pytest.mark.slow
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(sessions=season_steps(), new=st.sampled_from(["Zoe", "ANN", "b0b"]))
def test_any_rename_keeps_every_check_green(
    tmp_path_factory: pytest.TempPathFactory, sessions: Any, new: str
) -> None:
    path = tmp_path_factory.mktemp("rename") / "l.sqlite3"
    with Ledger(path) as ledger:
        build(ledger, sessions)
        before = {s.name: ledger.session(s.name).to_dict() for s in ledger.sessions()}
        old = list_players(ledger)[0].name
        try:
            rename_player(ledger, old, new)
        except Exception as error:  # a collision: refused, and nothing changed
            assert "already plays" in str(error)
            assert {s.name: ledger.session(s.name).to_dict() for s in ledger.sessions()} == before
            return
        assert ledger.check() == []
        after = {s.name: ledger.session(s.name).to_dict() for s in ledger.sessions()}
    for name, state in before.items():
        totals = {
            new if p.casefold() == old.casefold() else p: t for p, t in state["totals"].items()
        }
        assert after[name]["totals"] == totals
        assert len(after[name]["deals"]) == len(state["deals"])
