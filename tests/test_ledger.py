"""The session ledger: sessions, deals, undo, export, schema, and refusing bad files.

Every failure case checks two things: a clear error, and no change to the stored data
(a full SQL dump of the file, taken before and after).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

import pytest
from sqlite_dump import dump

from intlscore.errors import DealError, LedgerError, SettlementError
from intlscore.rules.ruleset import default_deal_table
from intlscore.session.deal import score_deal
from intlscore.session.ledger import (
    APPLICATION_ID,
    DB_ENV,
    MIGRATIONS,
    SCHEMA_VERSION,
    Ledger,
    Session,
    default_db_path,
)

FOUR = ["ann", "bob", "cat", "dan"]


@pytest.fixture(autouse=True)
def no_real_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Never touch the user's real ledger, whatever a test does by mistake."""
    monkeypatch.setenv(DB_ENV, str(tmp_path / "env-ledger.sqlite3"))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "ledger.sqlite3"


def play_three(session: Session) -> None:
    session.deal(
        kind="open", winner="ann", racks={"bob": "r5 b7 *", "cat": "o1 o2"}, not_melded=["dan"]
    )  # +100 / -42 / -12 / -100 (R14, R15, R16)
    session.deal(
        kind="closed",
        winner="bob",
        closed="k1-13 k1",
        discard="*",
        racks={"ann": "r5"},
        not_melded=["cat", "dan"],
    )  # Royal 2400 x2 (R12, R17)
    session.deal(kind="none", racks={"ann": "b2", "bob": "b3", "cat": "b4", "dan": "b5"})


# --- the normal life of a session ------------------------------------------------------------


def test_a_session_keeps_deals_totals_and_history(db: Path) -> None:
    with Ledger(db) as ledger:
        session = ledger.create_session("friday", FOUR)
        play_three(session)
        # ann 100 - 10 - 2 = 88; bob -42 + 4800 - 3 = 4755; cat -12 - 4800 - 4 = -4816;
        # dan -100 - 4800 - 5 = -4905
        assert session.totals() == {"ann": 88, "bob": 4755, "cat": -4816, "dan": -4905}
        assert [deal.number for deal in session.deals()] == [1, 2, 3]
    with Ledger(db) as ledger:  # reopened: all still there
        state = ledger.session("friday").snapshot()
        assert state.totals == {"ann": 88, "bob": 4755, "cat": -4816, "dan": -4905}
        assert [d.kind for d in state.deals] == ["open", "closed", "none"]
        assert state.deals[1].doubled and state.deals[1].winner == "bob"
        assert state.deals[1].why("dan") == (
            "not melded, loses the winner's amount: -2400; x2 joker discard: -4800"
        )


def test_show_json_shape(db: Path) -> None:
    with Session.create("friday", FOUR, db=db) as session:
        play_three(session)
        data = session.to_dict()
    assert data["name"] == "friday" and data["players"] == FOUR
    assert data["totals"] == {"ann": 88, "bob": 4755, "cat": -4816, "dan": -4905}
    first = data["deals"][0]
    assert first["number"] == 1 and first["kind"] == "open" and first["winner"] == "ann"
    assert first["deltas"] == {"ann": 100, "bob": -42, "cat": -12, "dan": -100}
    assert [p["why"] for p in first["players"]][1] == "rack r5 b7 * = 5 + 7 + 30: -42"
    json.dumps(data)  # JSON-ready


def test_undo_removes_the_last_deal_and_says_which(db: Path) -> None:
    with Session.create("friday", FOUR, db=db) as session:
        play_three(session)
        removed = session.undo()
        assert removed.number == 3 and removed.kind == "none" and removed.undone
        assert removed.deltas == {"ann": -2, "bob": -3, "cat": -4, "dan": -5}
        assert session.totals() == {"ann": 90, "bob": 4758, "cat": -4812, "dan": -4900}
        # the next deal takes number 3 again
        again = session.deal(kind="foot", winner="dan", not_melded=["ann", "bob", "cat"])
        assert again.number == 3
    # the undone deal is kept in the file: the history holds it and its undo
    rows = sqlite3.connect(db).execute("SELECT record FROM entry ORDER BY seq").fetchall()
    assert [(json.loads(r)["record"], json.loads(r)["number"]) for (r,) in rows] == [
        ("deal", 1),
        ("deal", 2),
        ("deal", 3),
        ("undo", 3),
        ("deal", 3),
    ]


def test_export_csv(db: Path) -> None:
    with Session.create("friday", FOUR, db=db) as session:
        play_three(session)
        lines = session.snapshot().to_csv().splitlines()
    assert lines[0] == "deal,created,kind,winner,doubled,ann,bob,cat,dan"
    assert [line.split(",")[:1] + line.split(",")[2:] for line in lines[1:]] == [
        ["1", "open", "ann", "no", "100", "-42", "-12", "-100"],
        ["2", "closed", "bob", "yes", "-10", "4800", "-4800", "-4800"],
        ["3", "none", "", "no", "-2", "-3", "-4", "-5"],
    ]


def test_settle_a_session(db: Path) -> None:
    with Session.create("s", ["ann", "bob"], db=db) as session:
        session.deal(kind="open", winner="ann", racks={"bob": "k9"})  # ann +100, bob -9
        settlement = session.settle("0.05")
    # 0.05 x (100 - -9) = 5.45
    assert [str(p) for p in settlement.pairwise] == ["bob pays ann 5.45"]


def test_house_options_are_stored_with_the_session(db: Path) -> None:
    house = default_deal_table().with_options(joker_value=25)
    with Ledger(db) as ledger:
        ledger.create_session("house", ["ann", "bob"], house)
    with Session.open("house", db=db) as session:
        assert session.table == house
        deal = session.deal(kind="open", winner="ann", racks={"bob": "*"})
    assert deal.deltas == {"ann": 100, "bob": -25}  # R15 house option


def test_every_deal_stores_its_raw_input_and_can_be_rescored(db: Path) -> None:
    with Session.create("friday", FOUR, db=db) as session:
        play_three(session)
        raw = [
            json.loads(row[0])["input"]
            for row in sqlite3.connect(db).execute("SELECT record FROM entry ORDER BY seq")
        ]
        assert raw[0]["racks"] == [["bob", "r5 b7 *"], ["cat", "o1 o2"]]
        assert raw[1]["closed_tiles"] == "k1-13 k1" and raw[1]["discard"] == "*"
        same = session.rescore()
        assert [r.deltas() for r in same.results] == [d.deltas for d in session.deals()]
        assert same.old == same.new and not same.changed
        # re-scored with joker 25 (R15): bob's rack r5 b7 * is 37, not 42
        house = session.rescore(default_deal_table().with_options(joker_value=25))
        assert house.results[0].deltas()["bob"] == -37 and house.changed
        assert house.new["bob"] == same.old["bob"] + 5


def test_list_sessions(db: Path) -> None:
    with Ledger(db) as ledger:
        assert ledger.sessions() == []
        ledger.create_session("a", ["ann", "bob"]).deal(
            kind="open", winner="ann", not_melded=["bob"]
        )
        ledger.create_session("b", ["cat", "dan", "eve"])
        listing = [(s.name, s.players, s.deals) for s in ledger.sessions()]
    assert listing == [("a", ("ann", "bob"), 1), ("b", ("cat", "dan", "eve"), 0)]


def test_default_path_env_and_platformdirs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(DB_ENV, str(tmp_path / "x.sqlite3"))
    assert default_db_path() == tmp_path / "x.sqlite3"
    with Ledger() as ledger:
        assert ledger.path == tmp_path / "x.sqlite3"
    monkeypatch.delenv(DB_ENV)
    path = default_db_path()  # only computed, never created here
    assert path.name == "ledger.sqlite3" and "intlscore" in str(path.parent)


def test_a_new_ledger_creates_its_folder_and_is_wal(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "l.sqlite3"
    with Ledger(path) as ledger:
        assert not path.parent.parent.exists()  # opening creates nothing
        ledger.create_session("s", ["ann", "bob"])
        assert ledger.schema_version == SCHEMA_VERSION
    assert path.stat().st_mode & 0o777 == 0o600  # issue 9, item 7
    assert sorted(p.name for p in path.parent.iterdir()) == ["l.sqlite3"]
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_an_empty_file_is_initialised(db: Path) -> None:
    db.write_bytes(b"")
    with Ledger(db) as ledger:
        assert ledger.sessions() == [] and db.read_bytes() == b""  # reading writes nothing
        ledger.create_session("s", ["ann", "bob"])
        assert ledger.schema_version == SCHEMA_VERSION


# --- migrations -------------------------------------------------------------------------------


def test_migration_from_version_1(db: Path) -> None:
    connection = sqlite3.connect(db, isolation_level=None)
    MIGRATIONS[0](connection)
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    connection.execute("PRAGMA user_version = 1")
    deal = score_deal(["ann", "bob"], kind="open", winner="ann", racks={"bob": "r5"})
    stored = deal.to_dict()
    raw = stored.pop("input")
    connection.execute(
        "INSERT INTO sessions (name, players, deal_table, created) VALUES (?, ?, ?, ?)",
        (
            "old",
            '["ann", "bob"]',
            json.dumps({"source": "x", "numbers": default_deal_table().to_dict()}),
            "2024",
        ),
    )
    connection.execute(
        "INSERT INTO deals (session_id, number, input, result, created) VALUES (1, 1, ?, ?, ?)",
        (json.dumps(raw), json.dumps(stored), "2024"),
    )
    connection.close()
    with Ledger(db) as ledger:
        assert ledger.schema_version == SCHEMA_VERSION == 7
        session = ledger.session("old")
        assert session.totals() == {"ann": 100, "bob": -5}  # backfilled into deal_scores
        session.deal(kind="open", winner="bob", racks={"ann": "k2"})
        assert session.totals() == {"ann": 98, "bob": 95}


def test_a_newer_schema_is_refused_untouched(db: Path) -> None:
    Ledger(db).create_session("s", ["ann", "bob"]).close()
    connection = sqlite3.connect(db)
    connection.execute("PRAGMA user_version = 99")
    connection.close()
    before = db.read_bytes()
    with pytest.raises(LedgerError, match=r"newer intlscore \(schema 99"):
        Ledger(db)
    assert db.read_bytes() == before


# --- files that are not ours -----------------------------------------------------------------


def test_a_corrupt_file_is_refused_and_never_overwritten(db: Path) -> None:
    db.write_bytes(b"this is my tax return, not a database\n" * 100)
    before = db.read_bytes()
    with pytest.raises(LedgerError) as caught:
        Ledger(db)
    assert str(db) in str(caught.value) and "left untouched" in str(caught.value)
    assert db.read_bytes() == before


def test_a_damaged_ledger_is_refused_and_left_as_it_is(db: Path) -> None:
    with Session.create("friday", FOUR, db=db) as session:
        for _ in range(30):
            play_three(session)
    data = bytearray(db.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    assert len(data) > 3 * page
    data[page:] = b"\xa5" * (len(data) - page)  # every page after the first is garbage
    db.write_bytes(bytes(data))
    with pytest.raises(LedgerError) as caught:
        Ledger(db)
    assert str(db) in str(caught.value) and "corrupt" in str(caught.value)
    assert db.read_bytes() == bytes(data)


def test_a_foreign_sqlite_file_is_refused_untouched(db: Path) -> None:
    connection = sqlite3.connect(db)
    connection.execute("CREATE TABLE recipes (name TEXT)")
    connection.execute("INSERT INTO recipes VALUES ('soup')")
    connection.commit()
    connection.close()
    before = db.read_bytes()
    with pytest.raises(LedgerError, match="foreign SQLite file"):
        Ledger(db)
    assert db.read_bytes() == before
    assert dump(db)[-2:] == ["INSERT INTO \"recipes\" VALUES('soup');", "COMMIT;"]


def test_an_sqlite_file_with_our_id_but_no_marker_is_refused(db: Path) -> None:
    connection = sqlite3.connect(db)
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    connection.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    connection.commit()
    connection.close()
    before = db.read_bytes()
    with pytest.raises(LedgerError, match="no intlscore marker"):
        Ledger(db)
    assert db.read_bytes() == before


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LedgerError, match="is a folder"):
        Ledger(tmp_path)


# --- bad requests: a clear error and no change ------------------------------------------------


@pytest.fixture
def played(db: Path) -> Path:
    with Session.create("friday", FOUR, db=db) as session:
        play_three(session)
        Ledger(db).create_session("empty", ["ann", "bob"]).close()
    return db


def test_undo_on_an_empty_session(played: Path) -> None:
    before = dump(played)
    with (
        Session.open("empty", db=played) as session,
        pytest.raises(LedgerError, match="session 'empty' has no deals to undo"),
    ):
        session.undo()
    assert dump(played) == before


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        pytest.param(
            {"kind": "open", "winner": "eve", "not_melded": ["bob", "cat", "dan"]},
            "unknown player 'eve' as the winner",
            id="unknown-winner",
        ),
        pytest.param(
            {
                "kind": "open",
                "winner": "ann",
                "racks": {"eve": "r5"},
                "not_melded": ["bob", "cat", "dan"],
            },
            "unknown player 'eve' given a rack",
            id="unknown-rack",
        ),
        pytest.param(
            {
                "kind": "open",
                "winner": "ann",
                "racks": [("bob", "r5"), ("bob", "r6")],
                "not_melded": ["cat", "dan"],
            },
            "player 'bob' is given a rack twice",
            id="rack-twice",
        ),
        pytest.param(
            {
                "kind": "open",
                "winner": "ann",
                "racks": {"bob": "r5"},
                "not_melded": ["bob", "cat", "dan"],
            },
            "player 'bob' is both given a rack and not melded",
            id="rack-and-not",
        ),
        pytest.param(
            {"kind": "open", "winner": "ann", "not_melded": ["bob", "cat", "dan", "dan"]},
            "player 'dan' is not melded twice",
            id="not-melded-twice",
        ),
        pytest.param(
            {"kind": "closed", "winner": "ann", "not_melded": ["bob", "cat", "dan"]},
            "a closed win needs the winner's tiles",
            id="closed-no-tiles",
        ),
    ],
)
def test_bad_deals_change_nothing(played: Path, deal: dict[str, object], message: str) -> None:
    before = dump(played)
    with Session.open("friday", db=played) as session, pytest.raises(DealError) as caught:
        session.deal(**deal)
    assert message in str(caught.value)
    assert dump(played) == before


def test_a_session_with_a_player_named_twice_is_not_created(db: Path) -> None:
    with Ledger(db) as ledger:
        with pytest.raises(DealError, match="player 'bob' is named twice"):
            ledger.create_session("x", ["ann", "bob", "bob"])
        assert not db.exists() and ledger.sessions() == []  # issue 9, item 7


def test_a_session_name_twice_or_unknown(played: Path) -> None:
    before = dump(played)
    with Ledger(played) as ledger:
        with pytest.raises(LedgerError, match="a session named 'friday' already exists"):
            ledger.create_session("friday", ["x", "y"])
        with pytest.raises(LedgerError, match=r"no session named 'sat'.*friday, empty"):
            ledger.session("sat")
    assert dump(played) == before


@pytest.mark.parametrize("stake", ["-0.05", "five", "NaN", "inf", "1/2"])
def test_a_bad_stake_changes_nothing(played: Path, stake: str) -> None:
    before = dump(played)
    with Session.open("friday", db=played) as session, pytest.raises(SettlementError):
        session.settle(stake)
    assert dump(played) == before


def test_a_busy_database_says_try_again_and_stores_nothing(played: Path) -> None:
    before = dump(played)
    blocker = sqlite3.connect(played, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        with Ledger(played, timeout=0.2) as ledger:
            session = ledger.session("friday")  # reading is never blocked (WAL)
            with pytest.raises(LedgerError, match="the session database is busy, try again"):
                session.deal(kind="open", winner="ann", not_melded=["bob", "cat", "dan"])
            with pytest.raises(LedgerError, match="busy, try again"):
                session.undo()
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert dump(played) == before


def test_a_writer_waits_for_another_within_its_timeout(played: Path) -> None:
    blocker = sqlite3.connect(played, isolation_level=None, check_same_thread=False)
    blocker.execute("BEGIN IMMEDIATE")
    release = threading.Timer(0.3, lambda: blocker.execute("COMMIT"))
    release.start()
    try:
        with Session.open("friday", db=played) as session:  # default timeout: 5 s
            deal = session.deal(kind="open", winner="ann", not_melded=["bob", "cat", "dan"])
        assert deal.number == 4
    finally:
        release.join()
        blocker.close()
