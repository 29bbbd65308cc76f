"""Issue 10, item 3: a session keeps its rules (the whole rules, not a path), says which
are in force, prints them, re-scores under other rules only with --yes; old ledgers are
played under the shipped rules. Each change is followed by the ledger's own check."""

from __future__ import annotations

import errno
import io
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
    status, out, err = run(
        capsys, "session", "rescore", "fri", "--rules", str(without), "--json", *on
    )
    assert status == 2 and len(err.splitlines()) == 1 and out == ""  # no document: an error
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


# --- --json of session rules, rescore (the same numbers as the rich view) -----------------

# Deal 2 of the rescore session: an open win by bob (R14 +100); ann's rack k13 r2 costs
# 10 + 2 = 12 and cat's o5 costs 5 (R15). No joker, no trump: the same under both rules.
OPEN_DEAL = ["--open", "--winner", "bob", "--rack", "ann=k13 r2", "--rack", "cat=o5"]
OPEN_DELTAS = {"ann": -12, "bob": 100, "cat": -5}


def test_session_rules_json_gives_a_rules_file_to_save_and_reuse(
    capsys: pytest.CaptureFixture[str], db: Path, house_file: Path, tmp_path: Path
) -> None:
    on = ["--db", str(db)]
    new = ["session", "new", "fri", "--players", "ann", "bob", "--rules", str(house_file)]
    assert run(capsys, *new, *on)[0] == 0
    status, out, err = run(capsys, "session", "rules", "fri", *on, "--json")
    assert status == 0, err
    data = json.loads(out)
    assert list(data) == ["format", "session", "rules", "source", "toml"]
    assert (data["session"], data["rules"], data["source"]) == ("fri", "house", str(house_file))
    assert data["toml"] == run(capsys, "session", "rules", "fri", *on)[1]  # the file itself
    saved = tmp_path / "saved.toml"
    saved.write_text(data["toml"], encoding="utf-8")
    again = ["session", "new", "sat", "--players", "ann", "bob", "--rules", str(saved)]
    assert run(capsys, *again, *on)[0] == 0
    with Ledger(db) as ledger:
        assert ledger.session("sat").rules == ledger.session("fri").rules == load_rules(house_file)
    assert run(capsys, "session", "new", "sun", "--players", "ann", "bob", *on)[0] == 0
    shipped = json.loads(run(capsys, "session", "rules", "sun", *on, "--json")[1])
    assert (shipped["rules"], shipped["source"]) == ("international", "shipped international rules")
    assert parse_rules(shipped["toml"], "printed") == default_rules()


def _two_deals_under_the_shipped_rules(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    on = ["--db", str(db)]
    assert run(capsys, "session", "new", "fri", "--players", "ann", "bob", "cat", *on)[0] == 0
    assert run(capsys, "session", "deal", "fri", *HOUSE_DEAL, *on)[0] == 0
    assert run(capsys, "session", "deal", "fri", *OPEN_DEAL, *on)[0] == 0


def _rich_rescore_numbers(out: str) -> dict[str, list[int]]:
    """``ann │ +988 │ +1088 │ +100`` rows of the rich view: now, under the rules, change."""
    rows = [line.split("│") for line in out.splitlines() if line.count("│") == 3]
    return {name.strip(): [int(cell) for cell in cells] for name, *cells in rows}


def test_rescore_json_of_two_deals_under_the_house_rules(
    capsys: pytest.CaptureFixture[str], db: Path, house_file: Path
) -> None:
    """Deal 1 (HOUSE_DEAL) changes: ann's hand is also 41 Minor 61 runs, 1100 > 1000 (R11);
    bob's joker costs 25, not 30 (R15 house); cat loses the winner's 1100 (R16) but holds
    the trump o13, +50 (R18 house). Deal 2 (OPEN_DEAL) has no joker and no trump, so its
    deltas stay. Old totals 1000-12, -37+100, -1000-5; new 1100-12, -32+100, -1050-5."""
    _two_deals_under_the_shipped_rules(capsys, db)
    rescore = ["session", "rescore", "fri", "--rules", str(house_file), "--db", str(db)]
    before = dump(db)
    status, out, err = run(capsys, *rescore, "--json")
    assert status == 0, err
    preview = json.loads(out)
    assert dump(db) == before  # a preview changes nothing
    old = {"ann": 988, "bob": 63, "cat": -1005}
    new = {"ann": 1088, "bob": 68, "cat": -1055}
    assert old == {name: SHIPPED_DELTAS[name] + OPEN_DELTAS[name] for name in old}
    assert new == {name: HOUSE_DELTAS[name] + OPEN_DELTAS[name] for name in new}
    assert preview == {
        "format": "session-rescore/1",
        "session": "fri",
        "stored": False,
        "rules": "house",
        "deals": 2,
        "old": old,
        "new": new,
        "change": {"ann": 100, "bob": 5, "cat": -50},
        "changed_deals": [
            {
                "number": 1,
                "old": {
                    "summary": "closed win by ann: 14 Four colours minor, no joker",
                    "deltas": SHIPPED_DELTAS,
                },
                "new": {
                    "summary": "closed win by ann: 41 Minor 61 runs, no joker",
                    "deltas": HOUSE_DELTAS,
                },
            }
        ],
    }
    status, out, err = run(capsys, *rescore)
    assert status == 0, err
    assert "2 deals scored again from their stored input" in out
    assert _rich_rescore_numbers(out) == {
        name: [preview["old"][name], preview["new"][name], preview["change"][name]]
        for name in ("ann", "bob", "cat")
    }
    status, out, err = run(capsys, *rescore, "--yes", "--json")
    assert status == 0, err
    assert json.loads(out) == preview | {"stored": True}
    with Ledger(db) as ledger:
        session = ledger.session("fri")
        assert session.totals() == new and session.rules.name == "house"
        assert [deal.deltas for deal in session.deals()] == [HOUSE_DELTAS, OPEN_DELTAS]
        assert ledger.check() == []
    status, out, err = run(capsys, *rescore, "--json")  # now a no-op
    assert status == 0, err
    unchanged = json.loads(out)
    assert unchanged["old"] == unchanged["new"] == new and unchanged["changed_deals"] == []


class _FullDisk(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_rescore_yes_json_whose_printing_fails_says_it_is_stored(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    db: Path,
    house_file: Path,
) -> None:
    _two_deals_under_the_shipped_rules(capsys, db)
    monkeypatch.setattr("sys.stdout", _FullDisk())
    rescore = ["session", "rescore", "fri", "--rules", str(house_file), "--db", str(db)]
    status, _, err = run(capsys, *rescore, "--yes", "--json")
    monkeypatch.undo()
    assert status == 2 and len(err.splitlines()) == 1, err
    assert "the re-scoring of session 'fri' is stored" in err and "do not enter it again" in err
    with Ledger(db) as ledger:
        assert ledger.session("fri").totals() == {"ann": 1088, "bob": 68, "cat": -1055}


def test_rescore_json_of_a_session_without_deals_gives_every_player_0(
    capsys: pytest.CaptureFixture[str], db: Path, house_file: Path
) -> None:
    """As ``session show --json`` does: totals name every player, 0 before the first deal."""
    on = ["--db", str(db)]
    assert run(capsys, "session", "new", "fri", "--players", "ann", "bob", *on)[0] == 0
    status, out, err = run(capsys, "session", "rescore", "fri", "--rules", str(house_file), *on)
    assert status == 0, err
    assert _rich_rescore_numbers(out) == {"ann": [0, 0, 0], "bob": [0, 0, 0]}
    status, out, err = run(
        capsys, "session", "rescore", "fri", "--rules", str(house_file), "--json", *on
    )
    assert status == 0, err
    data = json.loads(out)
    zero = {"ann": 0, "bob": 0}
    assert (data["deals"], data["old"], data["new"], data["change"]) == (0, zero, zero, zero)
    assert data["changed_deals"] == []
