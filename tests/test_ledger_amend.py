"""Issue 10, item 4: correcting the record (amend, redo), names matched without case, and
``session deal --players``; each change followed by the ledger's own check."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from cli_run import run

from intlscore.errors import DealError, DealTypeError, LedgerError
from intlscore.session.ledger import DB_ENV, Ledger, Session

FOUR = ["ann", "bob", "cat", "dan"]


@pytest.fixture(autouse=True)
def no_real_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(DB_ENV, str(tmp_path / "env-ledger.sqlite3"))
    monkeypatch.setenv("COLUMNS", "120")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "ledger.sqlite3"


def entries(db: Path) -> list[tuple[str, int]]:
    connection = sqlite3.connect(db)
    rows = connection.execute("SELECT record FROM entry ORDER BY session_id, seq").fetchall()
    connection.close()
    return [(json.loads(r)["record"], json.loads(r)["number"]) for (r,) in rows]


def test_amend_replaces_a_deal_and_keeps_the_old_version(db: Path) -> None:
    with Session.create("friday", FOUR, db=db) as session:
        session.deal(kind="open", winner="ann", racks={"bob": "r5 b7 *"}, not_melded=["cat", "dan"])
        session.deal(kind="foot", winner="dan", not_melded=["ann", "bob", "cat"])
        # deal 1 was really a foot win by bob: +200, ann's rack k1 = -10 (R14, R15, R16)
        amended = session.amend(
            1, kind="foot", winner="bob", racks={"ann": "k1"}, not_melded=["cat", "dan"]
        )
        assert amended.number == 1 and amended.amended
        assert amended.deltas == {"ann": -10, "bob": 200, "cat": -100, "dan": -100}
        state = session.snapshot()
        assert [d.amended for d in state.deals] == [True, False]
        # totals: deal 2 is ann -100, bob -100, cat -100, dan +200
        assert state.totals == {"ann": -110, "bob": 100, "cat": -200, "dan": 100}
        assert session.ledger.check() == []
    assert entries(db) == [("deal", 1), ("deal", 2), ("amend", 1)]  # nothing deleted


def test_amend_refuses_a_missing_deal_or_a_bad_one_and_changes_nothing(db: Path) -> None:
    with Session.create("friday", FOUR, db=db) as session:
        session.deal(kind="foot", winner="dan", not_melded=["ann", "bob", "cat"])
        with pytest.raises(LedgerError, match="session 'friday' has no deal 2 \\(deals 1 to 1\\)"):
            session.amend(2, kind="foot", winner="dan", not_melded=["ann", "bob", "cat"])
        with pytest.raises(DealError, match="unknown player 'eve'"):
            session.amend(1, kind="foot", winner="eve", not_melded=["ann", "bob", "cat"])
        with pytest.raises(DealTypeError, match="number"):
            session.amend("1", kind="foot", winner="dan", not_melded=["ann", "bob", "cat"])  # type: ignore[arg-type]
        assert session.ledger.check() == []
    assert entries(db) == [("deal", 1)]


def test_redo_restores_the_most_recently_undone_deals_in_order(db: Path) -> None:
    with Session.create("friday", FOUR, db=db) as session:
        for winner in FOUR[:3]:
            session.deal(kind="foot", winner=winner, not_melded=[p for p in FOUR if p != winner])
        all_three = session.deals()
        assert session.undo().number == 3
        assert session.undo().number == 2
        assert session.redo() == all_three[1]
        assert session.redo() == all_three[2]
        assert session.deals() == all_three
        with pytest.raises(LedgerError, match="no undone deal to redo"):
            session.redo()
        assert session.ledger.check() == []


def test_a_new_deal_ends_what_redo_can_restore(db: Path) -> None:
    with Session.create("friday", FOUR, db=db) as session:
        session.deal(kind="foot", winner="ann", not_melded=["bob", "cat", "dan"])
        session.undo()
        session.deal(kind="foot", winner="bob", not_melded=["ann", "cat", "dan"])
        with pytest.raises(LedgerError, match="no undone deal to redo"):
            session.redo()
        assert [d.winner for d in session.deals()] == ["bob"]
        assert session.ledger.check() == []


def test_names_are_matched_without_case_and_shown_as_first_entered(db: Path) -> None:
    with Ledger(db) as ledger:
        with pytest.raises(DealError, match="'ann' and 'Ann' are one player"):
            ledger.create_session("x", ["ann", "Ann", "bob"])
        session = ledger.create_session("friday", ["Ann", "bob"])
        deal = session.deal(kind="open", winner="ANN", racks={"BOB": "r5"})
        assert deal.deltas == {"Ann": 100, "bob": -5} and deal.winner == "Ann"
        assert deal.summary == "open win by Ann"
        assert ledger.check() == []


def test_session_deal_players_any_order_or_case(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    assert run(capsys, "session", "new", "s", "--players", "Ann", "bob", "--db", str(db))[0] == 0
    deal = ["--open", "--winner", "ann", "--rack", "bob=r5", "--db", str(db), "--json"]
    status, out, err = run(capsys, "session", "deal", "s", "--players", "BOB", "ann", *deal)
    assert status == 0, err
    assert json.loads(out)["totals"] == {"Ann": 100, "bob": -5}
    for players in (["ann", "cat"], ["ann"], ["ann", "bob", "cat"]):
        status, _, err = run(capsys, "session", "deal", "s", "--players", *players, *deal)
        assert status == 2 and len(err.splitlines()) == 1
        assert "the players were fixed at 'session new'" in err
    with Ledger(db) as ledger:
        assert len(ledger.session("s").deals()) == 1


def test_cli_amend_redo_check_and_the_amended_mark(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    session = ["--db", str(db)]
    assert run(capsys, "session", "new", "s", "--players", "ann", "bob", *session)[0] == 0
    assert (
        run(
            capsys,
            "session",
            "deal",
            "s",
            "--open",
            "--winner",
            "ann",
            "--rack",
            "bob=r5",
            *session,
        )[0]
        == 0
    )
    status, out, err = run(
        capsys,
        "session",
        "amend",
        "s",
        "1",
        "--foot",
        "--winner",
        "bob",
        "--rack",
        "ann=k2",
        *session,
    )
    assert status == 0, err
    assert out.startswith("session s, deal 1 amended (the old version is kept):")
    status, out, _ = run(capsys, "session", "show", "s", *session)
    assert status == 0 and "foot win by bob (amended)" in out
    show = json.loads(run(capsys, "session", "show", "s", "--json", *session)[1])
    assert show["deals"][0]["amended"] is True and show["totals"] == {"ann": -2, "bob": 200}
    assert run(capsys, "session", "undo", "s", *session)[0] == 0
    status, out, _ = run(capsys, "session", "redo", "s", *session)
    assert status == 0 and out.startswith("restored deal 1: foot win by bob")
    status, out, _ = run(capsys, "session", "check", "s", *session)
    assert status == 0 and "1 session, 1 deal;" in out
    for bad, message in [
        (["amend", "s", "0", "--foot", "--winner", "bob"], "deal number '0'"),
        (["amend", "s", "x", "--foot", "--winner", "bob"], "deal number 'x'"),
        (["amend", "s", "9", "--foot", "--winner", "bob", "--rack", "ann=k2"], "has no deal 9"),
        (["redo", "s"], "no undone deal to redo"),
        (["check", "s", "--all"], "name one session to check, or give --all"),
    ]:
        status, _, err = run(capsys, "session", *bad, *session)
        assert status == 2 and message in err and len(err.splitlines()) == 1, err
    assert json.loads(run(capsys, "session", "show", "s", "--json", *session)[1]) == show


def test_amend_and_redo_outputs_match_their_schemas(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    from jsonschema import Draft202012Validator

    from intlscore.faces.documents import schema

    session = ["--db", str(db), "--json"]
    run(capsys, "session", "new", "s", "--players", "ann", "bob", *session)
    run(capsys, "session", "deal", "s", "--open", "--winner", "ann", "--rack", "bob=r5", *session)
    outputs = {
        "session-deal": run(
            capsys,
            "session",
            "amend",
            "s",
            "1",
            "--foot",
            "--winner",
            "bob",
            "--rack",
            "ann=k2",
            *session,
        )[1],
        "session-undo": run(capsys, "session", "undo", "s", *session)[1],
        "session-redo": run(capsys, "session", "redo", "s", *session)[1],
        "session": run(capsys, "session", "show", "s", *session)[1],
    }
    for kind, out in outputs.items():
        data = json.loads(out)
        Draft202012Validator(schema(kind)).validate(data)
        assert data["format"] == f"{kind}/1"
    assert json.loads(outputs["session"])["deals"][0]["amended"] is True
