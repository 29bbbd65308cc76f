"""Issue 10, item 3: a session keeps its rules (the whole rules, not a path), says which
are in force, prints them, re-scores under other rules only with --yes; old ledgers are
played under the shipped rules. Each change is followed by the ledger's own check."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from cli_run import run
from house_rules import HOUSE_OPTIONS, write_house
from sqlite_dump import dump

from intlscore.rules import default_rules, load_rules, parse_rules
from intlscore.session.ledger import DB_ENV, Ledger, Session

FIXTURE = Path(__file__).parent / "fixtures" / "ledger-v2-release.sqlite3"
# k1-4 (10), r3-6 (18), b2-4 (9), o6-8 (21): four runs, tiles 1-9, total 58 <= 61:
# 41 Minor 61 runs, 1100 with no joker; under the shipped rules 14 Four colours minor 1000.
HOUSE_DEAL = [
    "--closed", "k1-4 r3-6 b2-4 o6-8", "--discard", "k13", "--winner", "ann",
    "--rack", "bob=r7 *", "--not-melded", "cat", "--trump", "o13", "--trump-holder", "cat",
]  # fmt: skip
# ann +1100 (R14); bob r7 + joker 25 = -32 (R15 house); cat -1100 (R16) + 50 (R18) = -1050
HOUSE_DELTAS = {"ann": 1100, "bob": -32, "cat": -1050}
# shipped: ann +1000; bob 7 + 30 = -37; cat -1000 (no trump bonus)
SHIPPED_DELTAS = {"ann": 1000, "bob": -37, "cat": -1000}


@pytest.fixture(autouse=True)
def no_real_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(DB_ENV, str(tmp_path / "env-ledger.sqlite3"))
    monkeypatch.setenv("COLUMNS", "100")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "ledger.sqlite3"


@pytest.fixture
def house_file(tmp_path: Path) -> Path:
    return write_house(tmp_path, HOUSE_OPTIONS)


def checked(db: Path) -> None:
    with Ledger(db) as ledger:
        assert ledger.check() == []


def test_a_session_keeps_its_rules_when_the_file_changes_or_goes(
    capsys: pytest.CaptureFixture[str], db: Path, house_file: Path
) -> None:
    on = ["--db", str(db)]
    new = ["session", "new", "fri", "--players", "ann", "bob", "cat", "--rules", str(house_file)]
    status, out, err = run(capsys, *new, *on)
    assert status == 0, err
    assert "rules house: joker on a rack 25, trump bonus on" in out
    status, out, err = run(capsys, "session", "deal", "fri", *HOUSE_DEAL, *on, "--json")
    assert status == 0, err and json.loads(out)["deal"]["deltas"] == HOUSE_DELTAS
    house_file.write_text('extends = "international"\n[options]\njoker_value = 5\n')
    assert run(capsys, "session", "deal", "fri", *HOUSE_DEAL, *on)[0] == 0
    house_file.unlink()
    status, out, err = run(capsys, "session", "show", "fri", *on, "--json")
    assert status == 0, err
    shown = json.loads(out)
    assert [d["deltas"] for d in shown["deals"]] == [HOUSE_DELTAS, HOUSE_DELTAS]
    assert shown["rules"] == "house"
    status, out, _ = run(capsys, "session", "show", "fri", *on)
    assert status == 0 and "rules house: joker on a rack 25, trump bonus on" in out
    checked(db)


def test_session_rules_prints_a_rules_file_that_reads_back_equal(
    capsys: pytest.CaptureFixture[str], db: Path, house_file: Path
) -> None:
    rules = load_rules(house_file)
    with Ledger(db) as ledger:
        session = ledger.create_session("fri", ["ann", "bob"], rules=rules)
        assert session.rules == rules
    status, out, err = run(capsys, "session", "rules", "fri", "--db", str(db))
    assert status == 0, err
    assert parse_rules(out, "printed") == rules
    assert "Minor 61 runs" in out


def test_rescore_previews_without_yes_and_stores_with_it(
    capsys: pytest.CaptureFixture[str], db: Path, house_file: Path
) -> None:
    on = ["--db", str(db)]
    assert run(capsys, "session", "new", "fri", "--players", "ann", "bob", "cat", *on)[0] == 0
    assert run(capsys, "session", "deal", "fri", *HOUSE_DEAL, *on)[0] == 0
    with Ledger(db) as ledger:
        assert ledger.session("fri").totals() == SHIPPED_DELTAS
    before = dump(db)
    rescore = ["session", "rescore", "fri", "--rules", str(house_file), *on]
    status, out, err = run(capsys, *rescore)
    assert status == 0, err
    lines = [" ".join(line.split()) for line in out.splitlines()]
    assert "1 deal scored again from their stored input" in lines
    assert "ann │ +1000 │ +1100 │ +100" in lines
    assert "bob │ -37 │ -32 │ +5" in lines
    assert "cat │ -1000 │ -1050 │ -50" in lines
    assert lines[-1].startswith("nothing was changed; add --yes")
    assert dump(db) == before
    status, out, err = run(capsys, *rescore, "--yes")
    assert status == 0, err and "stored:" in out
    with Ledger(db) as ledger:
        session = ledger.session("fri")
        assert session.totals() == HOUSE_DELTAS
        assert session.rules.name == "house"
        # later deals are scored under the new rules too
        session.deal(kind="foot", winner="bob", racks={"ann": "*"}, not_melded=["cat"])
        assert session.deals()[-1].deltas == {"ann": -25, "bob": 200, "cat": -100}
        assert ledger.check() == []
    kinds = [
        json.loads(r)["record"]
        for (r,) in sqlite3.connect(db).execute("SELECT record FROM entry ORDER BY seq")
    ]
    assert kinds == ["deal", "rescore", "deal"]  # the old scores stay in the history


def test_rescore_that_cannot_score_a_deal_changes_nothing(
    capsys: pytest.CaptureFixture[str], db: Path, house_file: Path, tmp_path: Path
) -> None:
    on = ["--db", str(db)]
    run(
        capsys,
        "session",
        "new",
        "fri",
        "--players",
        "ann",
        "bob",
        "cat",
        "--rules",
        str(house_file),
        *on,
    )
    assert run(capsys, "session", "deal", "fri", *HOUSE_DEAL, *on)[0] == 0
    without = tmp_path / "without.toml"
    without.write_text('extends = "international"\nremove = [14, 13, 2, 1]\n')
    before = dump(db)
    status, _, err = run(capsys, "session", "rescore", "fri", "--rules", str(without), "--yes", *on)
    assert status == 2 and len(err.splitlines()) == 1
    assert "session 'fri', deal 1 cannot be scored under the rules" in err
    assert dump(db) == before
    status, _, err = run(capsys, "session", "rescore", "fri", *on)
    assert status == 2 and "give the new rules" in err


def test_a_deal_stored_while_the_rules_changed_is_scored_under_the_new_ones(
    db: Path, house_file: Path
) -> None:
    """A writer holding an older view of the session still stores under the rules in force."""
    with Ledger(db) as first, Ledger(db) as second:
        stale = first.create_session("fri", ["ann", "bob"])
        second.session("fri").change_rules(load_rules(house_file))
        deal = stale.deal(kind="open", winner="ann", racks={"bob": "*"})
        assert deal.deltas == {"ann": 100, "bob": -25}  # joker 25: the house rules
        assert stale.rules.name == "house"
        assert first.check() == []


def test_old_ledgers_are_played_under_the_shipped_rules(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    shutil.copyfile(FIXTURE, db)
    with Ledger(db) as ledger:
        friday = ledger.session("friday")
        assert friday.rules == default_rules()
        house = ledger.session("house")
        assert house.rules.hands == default_rules().hands
        assert house.rules.options.joker_value == 25 and house.rules.options.trump_bonus
        friday.amend(3, kind="none", racks={"ann": "b2", "bob": "b3", "cat": "b4", "dan": "b6"})
        assert ledger.check() == []
    with Session.open("friday", db=db) as session:
        assert session.snapshot().rules_name == "international"
