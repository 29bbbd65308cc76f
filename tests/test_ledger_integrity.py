"""Issue 9 "Integrity": each class of failure, by a test that fails on the code before it.

In-process tests (the process-level ones, kills and races, are in test_ledger_crash.py;
the bit flips in test_ledger_bitflip.py).
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from cli_run import run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlite_dump import dump

from intlscore.errors import DealError, DealTypeError, LedgerDamageError, LedgerError
from intlscore.session.ledger import DB_ENV, SCHEMA_VERSION, Ledger, Session, csv_cell

FOUR = ["ann", "bob", "cat", "dan"]
FIXTURE = Path(__file__).parent / "fixtures" / "ledger-v2-release.sqlite3"
ROYAL = {
    "kind": "closed",
    "winner": "bob",
    "closed": "k1-13 k1",
    "discard": "*",
    "racks": {"ann": "r5"},
    "not_melded": ["cat", "dan"],
}


@pytest.fixture(autouse=True)
def no_real_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(DB_ENV, str(tmp_path / "env-ledger.sqlite3"))
    monkeypatch.setenv("COLUMNS", "100")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "ledger.sqlite3"


def one_line_error(status: int, err: str) -> str:
    assert status == 2, err
    assert len(err.splitlines()) == 1 and err.startswith("intlscore: error: "), err
    assert "Traceback" not in err
    return err


# --- item 1: a failure after the commit says the deal is stored --------------------------------


def test_a_view_that_fails_after_the_commit_says_the_deal_is_stored(
    capsys: pytest.CaptureFixture[str], db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert (
        run(capsys, "session", "new", "friday", "--players", "ann", "bob", "--db", str(db))[0] == 0
    )

    def broken_view(*args: Any) -> Any:
        raise RuntimeError("the terminal went away")

    import intlscore.faces.render.deal_view as deal_view

    monkeypatch.setattr(deal_view, "deal_view", broken_view)
    argv = ["session", "deal", "friday", "--open", "--winner", "ann", "--rack", "bob=r5"]
    err = one_line_error(*run(capsys, *argv, "--db", str(db))[::2])
    assert "deal 1 of session 'friday' is stored" in err and "do not enter it again" in err
    with Ledger(db) as ledger:
        assert [d.number for d in ledger.session("friday").deals()] == [1]  # stored once


def test_a_markup_name_never_hides_a_stored_deal(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    """``[/]`` is read as markup by rich; whatever the views do with it, the command either
    shows the deal or says in one line that it is stored: never a traceback."""
    names = ["[/]", "[bold]x"]
    status, _, err = run(capsys, "session", "new", "[/]", "--players", *names, "--db", str(db))
    assert status == 0 or "session '[/]' is stored" in one_line_error(status, err)
    argv = ["session", "deal", "[/]", "--open", "--winner", "[/]", "--not-melded", "[bold]x"]
    status, _, err = run(capsys, *argv, "--db", str(db))
    assert status == 0 or "deal 1 of session '[/]' is stored" in one_line_error(status, err)
    with Ledger(db) as ledger:
        assert ledger.session("[/]").totals() == {"[/]": 200, "[bold]x": -100}


# --- item 2: one typed record; nothing stored that cannot be read back ----------------------


@pytest.mark.parametrize(
    ("argument", "value"),
    [
        ("first_turn", 0),
        ("first_turn", None),
        ("first_turn", "no"),
        ("starting_player", 1),
        ("original_hand", "yes"),
        ("closed", 5),
        ("racks", 5),
        ("not_melded", 7),
        ("winner", 3),
    ],
)
def test_wrong_types_are_typed_errors_naming_the_argument(
    db: Path, argument: str, value: object
) -> None:
    with Session.create("friday", FOUR, db=db) as session:
        session.deal(**ROYAL)
        before = dump(db)
        with pytest.raises(DealTypeError) as caught:
            session.deal(**{**ROYAL, argument: value})
        assert argument in str(caught.value)
        assert isinstance(caught.value, TypeError) and isinstance(caught.value, ValueError)
        assert dump(db) == before
        assert session.snapshot().totals == {"ann": -10, "bob": 4800, "cat": -4800, "dan": -4800}


COUNTER = itertools.count()
FLAG_VALUES: st.SearchStrategy[object] = st.sampled_from(
    [True, False, 0, 1, None, "no", "yes", 0.0, [], "true"]
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(first_turn=FLAG_VALUES, original_hand=FLAG_VALUES, starting_player=FLAG_VALUES)
def test_whatever_is_stored_reads_back(
    tmp_path: Path, first_turn: object, original_hand: object, starting_player: object
) -> None:
    """Property: a deal is either refused with a DealError and nothing stored, or stored
    and read back equal, and the ledger's own check passes."""
    db = tmp_path / f"p{next(COUNTER)}.sqlite3"
    with Session.create("s", FOUR, db=db) as session:
        deal = {
            **ROYAL,
            "first_turn": first_turn,
            "original_hand": original_hand,
            "starting_player": starting_player,
        }
        try:
            recorded = session.deal(**deal)
        except DealError:
            assert session.deals() == []
        else:
            assert session.deals() == [recorded]
            assert session.ledger.check() == []
            assert recorded.input.first_turn is first_turn
    db.unlink(missing_ok=True)


DEAL_KEYS = (
    "winner", "closed", "discard", "racks", "not_melded", "trump", "trump_holders",
    "first_turn", "original_hand", "starting_player",
)  # fmt: skip
ODD: st.SearchStrategy[object] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 2),
    st.sampled_from(["", "ann", "ANN", "eve", "r5", "k1-13 k1", "*", "open", "none", "no"]),
    st.lists(st.sampled_from(["ann", "bob", "cat", "dan", "Dan", 7]), max_size=4),
    st.dictionaries(st.sampled_from(["bob", "cat", "BOB"]), st.sampled_from(["r5", "*", 3])),
)


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    deal=st.fixed_dictionaries(
        {"kind": st.sampled_from(["open", "foot", "closed", "none", 5, None])},
        optional=dict.fromkeys(DEAL_KEYS, ODD),
    )
)
def test_any_deal_is_refused_cleanly_or_stored_and_read_back(
    tmp_path: Path, deal: dict[str, Any]
) -> None:
    """Property over odd argument values: a typed DealError (nothing stored) or a deal that
    reads back equal, through a fresh open of the file, and passes the ledger's check."""
    db = tmp_path / f"any{next(COUNTER)}.sqlite3"
    with Session.create("s", FOUR, db=db) as session:
        try:
            recorded = session.deal(**deal)
        except DealError:
            assert session.deals() == []
            return
    with Ledger(db) as ledger:
        assert ledger.session("s").deals() == [recorded]
        assert ledger.check() == []


# --- item 3 (in-process part): a hot journal is recovered, never called corrupt -------------
# (the process that leaves the journal is killed in test_ledger_crash.py)


# --- item 4: one answer is one snapshot ------------------------------------------------------


@contextmanager
def undo_at_the_second_select(session: Session, db: Path) -> Iterator[None]:
    """Trace the reader's statements; another connection undoes the last deal of the session
    just as the reader's second SELECT starts."""
    other = Ledger(db)
    selects = []

    def interleave(statement: str) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            selects.append(statement)
            if len(selects) == 2:
                other.session(session.name).undo()

    session.ledger.store.set_trace(interleave)
    try:
        yield
    finally:
        session.ledger.store.set_trace(None)
        other.close()
    assert len(selects) >= 2, "the read was one statement; nothing to interleave"


def test_a_snapshot_never_mixes_two_moments(db: Path) -> None:
    """An undo committed between the statements of one read must not show: the reader's
    statements are traced, and the undo is made from another connection just as the
    second SELECT starts."""
    with Session.create("friday", FOUR, db=db) as session:
        session.deal(kind="open", winner="ann", racks={"bob": "r5"}, not_melded=["cat", "dan"])
        session.deal(**ROYAL)
        before = session.snapshot()
        with undo_at_the_second_select(session, db):
            during = session.snapshot()
        assert during == before  # the whole answer is from before the undo
        assert len(session.snapshot().deals) == 1  # and the undo did happen


def test_a_check_counts_the_deals_it_checked_in_the_same_snapshot(db: Path) -> None:
    """``session check`` once read the problems and the deal counts in two transactions; an
    undo committed in between must not change the count of what was checked."""
    with Session.create("friday", FOUR, db=db) as session:
        session.deal(kind="open", winner="ann", racks={"bob": "r5"}, not_melded=["cat", "dan"])
        session.deal(**ROYAL)
        with undo_at_the_second_select(session, db):
            report = session.ledger.verify()
        assert report.ok and [(s.name, s.deals) for s in report.sessions] == [("friday", 2)]
        assert [(s.name, s.deals) for s in session.ledger.verify().sessions] == [("friday", 1)]


# --- item 5: self-checking records -----------------------------------------------------------


def flip_in_record(db: Path, old: bytes, new: bytes) -> None:
    """Change stored bytes in place, as a disk error would (same length): every copy, the
    record in the history and the one kept beside it (:mod:`intlscore.session.ledger.kept`)."""
    assert len(old) == len(new)
    data = db.read_bytes()
    assert data.count(old) >= 1, old
    db.write_bytes(data.replace(old, new))


def checkpointed(db: Path) -> None:
    connection = sqlite3.connect(db)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


def test_a_changed_delta_is_refused_naming_session_and_deal(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    with Session.create("friday", FOUR, db=db) as session:
        session.deal(kind="open", winner="ann", racks={"bob": "r5"}, not_melded=["cat", "dan"])
        session.deal(**ROYAL)
    checkpointed(db)
    flip_in_record(db, b'["bob",4800]', b'["bob",4900]')
    for action in ("show", "export", "settle"):
        extra = ["--stake", "1"] if action == "settle" else []
        status, out, err = run(capsys, "session", action, "friday", *extra, "--db", str(db))
        err = one_line_error(status, err)
        assert "session 'friday'" in err and "deal 2 is damaged" in err, err
        assert "4900" not in out
    status, out, err = run(capsys, "session", "check", "friday", "--db", str(db))
    one_line_error(status, err)
    assert out.splitlines() == [
        "session 'friday': deal 2 is damaged (its record does not match its checksum)"
    ]


def test_check_reports_every_damaged_deal(db: Path) -> None:
    with Session.create("friday", FOUR, db=db) as session:
        session.deal(kind="open", winner="ann", racks={"bob": "r5"}, not_melded=["cat", "dan"])
        session.deal(**ROYAL)
        session.deal(kind="foot", winner="dan", not_melded=["ann", "bob", "cat"])
    checkpointed(db)
    flip_in_record(db, b'["bob",-5]', b'["bob",-6]')
    flip_in_record(db, b'["dan",200]', b'["dan",300]')
    with Ledger(db) as ledger:
        problems = ledger.check()
        with pytest.raises(LedgerDamageError, match="session 'friday': deal 1 is damaged"):
            ledger.session("friday").snapshot()
    assert problems == [
        "session 'friday': deal 1 is damaged (its record does not match its checksum)",
        "session 'friday': deal 3 is damaged (its record does not match its checksum)",
    ]


def test_check_json_on_a_clean_ledger_lists_the_sessions_and_their_deals(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    """friday: 3 deals, one undone, so 2 count; saturday: 1 deal. --all: 2 sessions, 3 deals."""
    with Ledger(db) as ledger:
        friday = ledger.create_session("friday", FOUR)
        friday.deal(kind="open", winner="ann", racks={"bob": "r5"}, not_melded=["cat", "dan"])
        friday.deal(**ROYAL)
        friday.deal(kind="foot", winner="dan", not_melded=["ann", "bob", "cat"])
        friday.undo()
        saturday = ledger.create_session("saturday", ["ann", "bob"])
        saturday.deal(kind="foot", winner="bob", racks={"ann": "k1"})
    status, out, err = run(capsys, "session", "check", "--all", "--db", str(db), "--json")
    assert status == 0 and err == ""
    assert json.loads(out) == {
        "format": "session-check/1",
        "db": str(db),
        "ok": True,
        "sessions": [{"name": "friday", "deals": 2}, {"name": "saturday", "deals": 1}],
        "problems": [],
    }
    status, out, _ = run(capsys, "session", "check", "--all", "--db", str(db))
    assert status == 0 and " ".join(out.split()).startswith(f"{db}: 2 sessions, 3 deals;")
    status, out, _ = run(capsys, "session", "check", "saturday", "--db", str(db), "--json")
    assert status == 0 and json.loads(out)["sessions"] == [{"name": "saturday", "deals": 1}]


def test_check_json_on_a_tampered_ledger_lists_the_problems_and_exits_2(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    with Session.create("friday", FOUR, db=db) as session:
        session.deal(kind="open", winner="ann", racks={"bob": "r5"}, not_melded=["cat", "dan"])
        session.deal(**ROYAL)
        session.deal(kind="foot", winner="dan", not_melded=["ann", "bob", "cat"])
    with Session.create("saturday", ["ann", "bob"], db=db) as session:
        session.deal(kind="foot", winner="bob", racks={"ann": "k1"})
    checkpointed(db)
    flip_in_record(db, b'["bob",-5]', b'["bob",-6]')
    flip_in_record(db, b'["dan",200]', b'["dan",300]')
    problems = [
        "session 'friday': deal 1 is damaged (its record does not match its checksum)",
        "session 'friday': deal 3 is damaged (its record does not match its checksum)",
    ]
    status, out, err = run(capsys, "session", "check", "--all", "--db", str(db), "--json")
    one_line_error(status, err)
    assert f"2 problems found in {db} (listed in the JSON document)" in err
    assert json.loads(out) == {
        "format": "session-check/1",
        "db": str(db),
        "ok": False,
        "problems": problems,
    }
    status, out, err = run(capsys, "session", "check", "--all", "--db", str(db))
    one_line_error(status, err)
    assert out.splitlines() == problems and "(listed above)" in err  # the rich view says the same
    status, out, err = run(capsys, "session", "check", "saturday", "--db", str(db), "--json")
    assert status == 0, err  # the other session is sound
    assert json.loads(out)["sessions"] == [{"name": "saturday", "deals": 1}]


def test_check_json_errors_that_stop_the_check_print_no_document(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    missing = tmp_path / "not" / "there.sqlite3"
    status, out, err = run(capsys, "session", "check", "--all", "--db", str(missing), "--json")
    assert status == 0, err  # no ledger: nothing to check, and nothing is created
    assert json.loads(out)["sessions"] == [] and not missing.parent.exists()
    with Session.create("friday", FOUR, db=db):
        pass
    for argv in (["nobody"], ["friday", "--all"]):
        status, out, err = run(capsys, "session", "check", *argv, "--db", str(db), "--json")
        one_line_error(status, err)
        assert out == ""
    # no name: the session in play (issue 29), here the ledger's only one
    status, out, err = run(capsys, "session", "check", "--db", str(db), "--json")
    assert status == 0 and json.loads(out)["sessions"] == [{"name": "friday", "deals": 0}], err


def test_a_forged_record_with_a_fresh_checksum_is_caught_by_rescoring(db: Path) -> None:
    """Whoever rewrites a record and its checksum chain still cannot change a score: the
    check re-scores every deal from its raw input."""
    from intlscore.session.ledger.records import canonical, chain_digest

    with Session.create("friday", FOUR, db=db) as session:
        session.deal(kind="open", winner="ann", racks={"bob": "r5"}, not_melded=["cat", "dan"])
    connection = sqlite3.connect(db, isolation_level=None)
    (digest,) = connection.execute("SELECT digest FROM session").fetchone()
    (text,) = connection.execute("SELECT record FROM entry").fetchone()
    record = json.loads(text)
    record["result"]["deltas"][0][1] = 150
    forged = canonical(record)
    head = chain_digest(digest, forged)
    connection.execute("UPDATE entry SET record = ?, digest = ?", (forged, head))
    connection.execute("UPDATE session SET head = ?", (head,))
    connection.close()
    with Ledger(db) as ledger:
        assert ledger.check() == [
            "session 'friday', deal 1: its stored deltas {'ann': 150, 'bob': -5, 'cat': -100,"
            " 'dan': -100} differ from its input re-scored {'ann': 100, 'bob': -5,"
            " 'cat': -100, 'dan': -100}"
        ]


def test_a_lost_last_entry_is_noticed(db: Path) -> None:
    with Session.create("friday", FOUR, db=db) as session:
        session.deal(kind="open", winner="ann", racks={"bob": "r5"}, not_melded=["cat", "dan"])
        session.deal(**ROYAL)
    connection = sqlite3.connect(db)
    connection.execute("DELETE FROM entry WHERE seq = 2")
    connection.commit()
    connection.close()
    with Ledger(db) as ledger, pytest.raises(LedgerDamageError, match="last entries are missing"):
        ledger.session("friday").totals()


# --- item 7 and paths: reading creates nothing; clean lines for bad paths ----------------------


READS = [
    ["session", "list"],
    ["session", "show", "x"],
    ["session", "export", "x"],
    ["session", "settle", "x", "--stake", "1"],
    ["session", "check", "--all"],
    ["session", "undo", "x"],
    ["session", "redo", "x"],
]


@pytest.mark.parametrize("argv", READS, ids=lambda argv: argv[1])
def test_reading_a_missing_ledger_creates_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    path = tmp_path / "not" / "there" / "l.sqlite3"
    status, _, err = run(capsys, *argv, "--db", str(path))
    if status != 0:
        one_line_error(status, err)
    assert list(tmp_path.iterdir()) == []


def test_reading_an_empty_file_leaves_it_empty(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    db.write_bytes(b"")
    for argv in READS:
        run(capsys, *argv, "--db", str(db))
    assert db.read_bytes() == b"" and sorted(p.name for p in db.parent.iterdir()) == [db.name]


@pytest.mark.parametrize(
    "players", [["ann"], ["ann", "ann"], ["ann", "Ann"], ["a=b", "c"], ["a", "b", "c", "d", "e"]]
)
def test_a_failed_session_new_leaves_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, players: list[str]
) -> None:
    path = tmp_path / "new" / "l.sqlite3"
    one_line_error(
        *run(capsys, "session", "new", "s", "--players", *players, "--db", str(path))[::2]
    )
    assert list(tmp_path.iterdir()) == []


def test_a_new_ledger_is_owner_only(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "new" / "l.sqlite3"
    assert run(capsys, "session", "new", "s", "--players", "a", "b", "--db", str(path))[0] == 0
    assert path.stat().st_mode & 0o777 == 0o600
    assert path.parent.stat().st_mode & 0o777 == 0o700
    # no temporary left, and nothing beside the ledger: the session in play is inside it
    # (issue 41)
    assert sorted(p.name for p in path.parent.iterdir()) == ["l.sqlite3"]


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("~nosuchuser4711/x.db", "there is no user 'nosuchuser4711'"),
        ("a\x00b.db", "holds a NUL byte"),
        ("a\nb.db", "holds a control character"),
        ("/dev/null", "is not a regular file"),
    ],
)
def test_bad_db_paths_are_one_line(
    capsys: pytest.CaptureFixture[str], path: str, message: str
) -> None:
    for argv in (["session", "list"], ["session", "new", "s", "--players", "a", "b"]):
        err = one_line_error(*run(capsys, *argv, "--db", path)[::2])
        assert message in err


def test_a_fifo_as_db_is_refused_without_hanging(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for argv in (["session", "list"], ["session", "new", "s", "--players", "a", "b"]):
        assert "is not a regular file" in one_line_error(
            *run(capsys, *argv, "--db", str(fifo))[::2]
        )


def test_a_nul_byte_in_the_api_path_is_a_ledger_error() -> None:
    with pytest.raises(LedgerError, match="NUL byte"):
        Ledger("x\x00y")


# --- CSV formula injection (OWASP) --------------------------------------------------------------


def test_csv_export_neutralises_formula_cells(db: Path) -> None:
    players = ["+SUM(1)", "-cmd", "@A1", "|pipe"]
    with Session.create("csv", players, db=db) as session:
        session.deal(
            kind="open", winner="-cmd", racks={"+SUM(1)": "r5"}, not_melded=["@A1", "|pipe"]
        )
        rows = list(csv.reader(io.StringIO(session.snapshot().to_csv())))
    assert rows[0][5:] == ["'+SUM(1)", "'-cmd", "'@A1", "'|pipe"]
    assert rows[1][3] == "'-cmd"  # the winner, a text cell
    assert rows[1][5:] == ["-5", "100", "-100", "-100"]  # numbers stay numbers


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "|", "\t", "\r"])
def test_csv_cell_prefixes_every_formula_start(start: str) -> None:
    assert csv_cell(f"{start}x") == f"'{start}x"
    assert csv_cell(f"x{start}") == f"x{start}"


# --- migration of a ledger made by the release before this change -----------------------------


def test_the_release_ledger_migrates_with_nothing_lost(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    shutil.copyfile(FIXTURE, db)
    with Ledger(db) as ledger:
        assert ledger.schema_version == SCHEMA_VERSION
        assert [(s.name, s.players, s.deals) for s in ledger.sessions()] == [
            ("friday", ("ann", "bob", "cat", "dan"), 3),
            ("house", ("Ann", "bob"), 1),
            ("empty", ("x", "y", "z"), 0),
        ]
        friday = ledger.session("friday")
        assert friday.totals() == {"ann": 88, "bob": 4755, "cat": -4816, "dan": -4905}
        assert friday.deals()[1].why("dan") == (
            "not melded, loses the winner's amount: -2400; x2 joker discard: -4800"
        )
        house = ledger.session("house")
        assert house.table.joker_on_rack == 25 and house.table.trump_bonus_enabled
        assert house.totals() == {"Ann": 150, "bob": -30}
        assert ledger.check() == []
        # the deal undone under the old release can be redone: nothing was lost
        assert friday.redo().number == 4
        assert friday.totals() == {"ann": -12, "bob": 4655, "cat": -4916, "dan": -4705}
        # and new deals go on, matched without case
        house.deal(kind="open", winner="ANN", racks={"BOB": "*"})
        assert house.totals() == {"Ann": 250, "bob": -55}
        assert ledger.check() == []
    tables = {r[0] for r in sqlite3.connect(db).execute("SELECT name FROM sqlite_master")}
    assert {"session", "entry", "meta"} <= tables and "deals" not in tables


def test_a_damaged_old_ledger_is_not_migrated(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    shutil.copyfile(FIXTURE, db)
    connection = sqlite3.connect(db)
    connection.execute("UPDATE deal_scores SET delta = -94 WHERE delta = -42")
    connection.commit()
    connection.close()
    before = dump(db)
    with pytest.raises(LedgerError, match=r"old deal 1: its stored deltas disagree"):
        Ledger(db)
    assert dump(db) == before


def test_one_ledger_shared_by_threads(db: Path) -> None:
    """A web server may serve one Ledger from several threads: every deal is stored once,
    numbered in order, and every read is whole."""
    import threading

    with Ledger(db) as ledger:
        session = ledger.create_session("web", FOUR)
        errors: list[BaseException] = []

        def play(winner: str) -> None:
            losers = [p for p in FOUR if p != winner]
            try:
                for _ in range(8):
                    session.deal(kind="foot", winner=winner, not_melded=losers)
                    state = session.snapshot()  # a foot win: +200, three times -100 (R14, R16)
                    assert sum(state.totals.values()) == -100 * len(state.deals)
            except BaseException as error:  # pragma: no cover - reported below
                errors.append(error)

        threads = [threading.Thread(target=play, args=(name,)) for name in FOUR]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        deals = session.deals()
        assert [d.number for d in deals] == list(range(1, 33))
        assert session.totals() == dict.fromkeys(FOUR, 8 * 200 - 24 * 100)
        assert ledger.check() == []
