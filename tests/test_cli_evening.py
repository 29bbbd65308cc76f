"""The terminal's evening (issue 29, item 7): a session keeps its stake, the session in play
needs no name, settle leads with the fewest transfers, amend changes only what is given,
completion knows the names, odds and show stay short, and the help explains its words.

Money is worked out by hand from R19: each player pays each other player stake x the
difference of their totals, and the fewest transfers give every player the same net.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest
from cli_run import run
from sqlite_dump import dump

from intlscore.session.ledger import Ledger

ROOT = Path(__file__).resolve().parents[1]
FOUR = ["ann", "bob", "cat", "dan"]
OPEN_ANN = ["--open", "--winner", "ann", "--rack", "bob=r5 b7 *", "--rack", "cat=o1 o2"]
# R14 ann +100; R15 bob 5 + 7 + 30 = -42, cat 10 + 2 = -12; R16 dan -100
OPEN_ANN_DELTAS = {"ann": 100, "bob": -42, "cat": -12, "dan": -100}


@pytest.fixture(autouse=True)
def ledger(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    path = tmp_path / "ledger.sqlite3"
    monkeypatch.setenv("INTLSCORE_DB", str(path))
    monkeypatch.setenv("COLUMNS", "80")
    return path


def ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status, out, err = run(capsys, *argv)
    assert status == 0, err
    assert err == ""
    return out


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "") and err.count("\n") == 1, err
    return err.removeprefix("intlscore: error: ").rstrip("\n")


def as_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    return json.loads(ok(capsys, *argv, "--json"))


# --- the session in play ------------------------------------------------------------------------


def test_with_one_session_every_session_command_may_leave_out_its_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = ok(capsys, "session", "new", "friday", "--players", *FOUR)
    assert "in play: friday" in out
    ok(capsys, "session", "deal", *OPEN_ANN, "--not-melded", "dan")
    assert as_json(capsys, "session", "show")["totals"] == OPEN_ANN_DELTAS
    assert "deal 1" in ok(capsys, "session", "versions", "1")
    assert "removed deal 1" in ok(capsys, "session", "undo")
    assert "restored deal 1" in ok(capsys, "session", "redo")
    assert ok(capsys, "session", "export", "--format", "csv").startswith("deal,created")
    assert 'name = "international"' in ok(capsys, "session", "rules")
    ok(capsys, "session", "check")


def test_the_newest_session_is_in_play_and_session_use_chooses_another(
    capsys: pytest.CaptureFixture[str], ledger: Path
) -> None:
    ok(capsys, "session", "new", "friday", "--players", *FOUR)
    ok(capsys, "session", "new", "monday", "--players", "ann", "bob")
    ok(capsys, "session", "deal", "--foot", "--winner", "bob", "--rack", "ann=k2")
    assert as_json(capsys, "session", "show", "monday")["totals"] == {"ann": -2, "bob": 200}
    assert ok(capsys, "session", "use") == (
        "in play: monday (session commands without a session name use it)\n"
    )
    before = dump(ledger)
    assert "in play: friday" in ok(capsys, "session", "use", "friday")
    # the choice is kept in the ledger (issue 41), and nothing else is written
    after = dump(ledger)
    changed = """INSERT INTO "meta" VALUES('in_play','{}');"""
    assert [line for line in after if line != changed.format("friday")] == [
        line for line in before if line != changed.format("monday")
    ]
    assert changed.format("friday") in after and changed.format("monday") in before
    beside = {path.name for path in ledger.parent.iterdir()}
    assert beside - {"ledger.sqlite3-wal", "ledger.sqlite3-shm"} == {"ledger.sqlite3"}
    ok(capsys, "session", "deal", *OPEN_ANN, "--not-melded", "dan")
    assert as_json(capsys, "session", "show", "friday")["totals"] == OPEN_ANN_DELTAS
    assert refused(capsys, "session", "use", "sunday").startswith("no session named 'sunday'")


def test_without_a_session_in_play_a_name_is_asked_for(
    capsys: pytest.CaptureFixture[str], ledger: Path
) -> None:
    assert refused(capsys, "session", "show").startswith("there is no session yet")
    ok(capsys, "session", "new", "friday", "--players", *FOUR)
    ok(capsys, "session", "new", "monday", "--players", "ann", "bob")
    forget_in_play(ledger)
    assert refused(capsys, "session", "show") == (
        "name the session: the ledger has friday, monday (or choose one for every command"
        " with: intlscore session use NAME)"
    )
    assert ok(capsys, "session", "use").startswith("no session is in play; choose one")


def test_a_renamed_session_stays_in_play(capsys: pytest.CaptureFixture[str], ledger: Path) -> None:
    ok(capsys, "session", "new", "friday", "--players", *FOUR)
    ok(capsys, "session", "new", "monday", "--players", "ann", "bob")
    ok(capsys, "session", "rename", "monday", "tuesday")
    assert ok(capsys, "session", "use").startswith("in play: tuesday")
    ok(capsys, "session", "rename", "friday", "saturday")  # not in play: nothing changes
    assert ok(capsys, "session", "use").startswith("in play: tuesday")


def forget_in_play(ledger: Path) -> None:
    """The ledger as if no session had been put in play (as one made before ``session use``)."""
    import sqlite3

    connection = sqlite3.connect(ledger)
    try:
        with connection:
            connection.execute("DELETE FROM meta WHERE key = 'in_play'")
    finally:
        connection.close()


def test_the_session_in_play_of_an_earlier_version_is_still_read_then_moved_in(
    capsys: pytest.CaptureFixture[str], ledger: Path
) -> None:
    ok(capsys, "session", "new", "friday", "--players", *FOUR)
    ok(capsys, "session", "new", "monday", "--players", "ann", "bob")
    forget_in_play(ledger)
    old = ledger.parent / "ledger.sqlite3.in-play"  # where earlier versions kept it
    old.write_text("friday\n", encoding="utf-8")
    assert ok(capsys, "session", "use").startswith("in play: friday")
    ok(capsys, "session", "use", "monday")
    assert not old.exists()
    assert ok(capsys, "session", "use").startswith("in play: monday")


# --- the stake ----------------------------------------------------------------------------------


def test_the_first_settle_keeps_the_stake_for_settle_and_standings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ok(capsys, "session", "new", "friday", "--players", *FOUR)
    ok(capsys, "session", "deal", *OPEN_ANN, "--not-melded", "dan")
    assert refused(capsys, "session", "settle") == (
        "session 'friday' has no stake yet: give --stake AMOUNT (the first settlement keeps it"
        " for the session)"
    )
    assert refused(capsys, "standings", "--by", "money").startswith(
        "standings by money need a stake: friday keeps none"
    )
    first = ok(capsys, "session", "settle", "--stake", "0.05")
    assert first.startswith("stake 0.05 per point (now kept for session friday)\n")
    # R19 at 0.05: ann 0.05 x (4 x 100 - (-54)) = 22.70; bob 0.05 x (4 x -42 + 54) = -5.70;
    # cat 0.05 x (4 x -12 + 54) = 0.30; dan 0.05 x (4 x -100 + 54) = -17.30
    nets = {"ann": "22.70", "bob": "-5.70", "cat": "0.30", "dan": "-17.30"}
    assert as_json(capsys, "session", "settle")["nets"] == nets  # the kept stake
    assert ok(capsys, "session", "settle").startswith(
        "stake 0.05 per point (session friday's stake)"
    )
    other = ok(capsys, "session", "settle", "--stake", "0.1")
    assert other.startswith("stake 0.1 per point (session friday keeps its stake 0.05)")
    table = as_json(capsys, "standings", "--by", "money")
    assert {row["name"]: row["money"] for row in table["players"]} == nets
    stats = as_json(capsys, "stats")
    assert {row["name"]: row["money"] for row in stats["players"]} == nets
    assert "stake 0.05 per point" in ok(capsys, "session", "show")


def test_session_new_keeps_a_stake_and_the_ledger_stays_sound(
    capsys: pytest.CaptureFixture[str], ledger: Path, tmp_path: Path
) -> None:
    out = ok(capsys, "session", "new", "friday", "--players", "ann", "bob", "--stake", "0.5")
    assert "stake 0.5 per point" in out
    ok(capsys, "session", "deal", "--foot", "--winner", "ann", "--rack", "bob=k2")
    # R14 foot 200, R15 k2 2: the difference 202 at 0.5 is 101.00
    transfers = as_json(capsys, "session", "settle")["transfers"]
    assert transfers == [{"from": "bob", "to": "ann", "amount": "101.00"}]
    assert "every record matches its checksum" in ok(capsys, "session", "check", "--all")
    # the stake is a record of the session's history: an export and an import keep it
    exported = tmp_path / "export.json"
    exported.write_text(ok(capsys, "export"), encoding="utf-8")
    again = tmp_path / "again.sqlite3"
    ok(capsys, "import", str(exported), "--db", str(again))
    with Ledger(again) as copy:
        assert str(copy.session("friday").snapshot().stake) == "0.5"
    assert refused(capsys, "session", "new", "x", "--players", "a", "b", "--stake", "-1") == (
        "stake -1 is negative; give an amount >= 0 like 0.05"
    )


# --- settle reads like a table's settlement ---------------------------------------------------


def test_settle_leads_with_the_fewest_transfers_in_plain_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = ok(capsys, "settle", "--stake", "0.05", "ann=1200", "bob=-300", "cat=100", "dan=-1000")
    assert "ROUND_HALF_EVEN" not in out
    lines = out.splitlines()
    assert lines[0] == "stake 0.05 per point" and lines[2] == "fewest transfers"
    # nets 0.05 x (4 t - 0): ann 240, bob -60, cat 20, dan -200; three transfers settle them
    assert [line.split("│")[0].strip() for line in lines[5:8]] == [
        "bob pays ann", "bob pays cat", "dan pays ann",
    ]  # fmt: skip
    assert out.index("nets") < out.index("pairwise payments")


# --- amend changes only what is given -----------------------------------------------------------


def test_amend_changes_only_what_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    ok(capsys, "session", "new", "friday", "--players", *FOUR)
    ok(capsys, "session", "deal", *OPEN_ANN, "--not-melded", "dan")
    out = ok(capsys, "session", "amend", "1", "--rack", "cat=o9")
    assert "deal 1 amended" in out
    # only cat's rack changed: o9 is 9 (R15)
    assert as_json(capsys, "session", "show")["totals"] == {**OPEN_ANN_DELTAS, "cat": -9}
    ok(capsys, "session", "amend", "1", "--rack", "DAN=42")  # dan had not melded: now counted
    assert as_json(capsys, "session", "show")["totals"] == {
        **OPEN_ANN_DELTAS,
        "cat": -9,
        "dan": -42,
    }
    # a new winner: bob's rack goes, and ann (the old winner) must say what she held
    assert refused(capsys, "session", "amend", "1", "--winner", "bob") == (
        "ann has neither a rack nor 'not melded'; say which"
    )
    ok(capsys, "session", "amend", "1", "--winner", "bob", "--not-melded", "ann")
    data = as_json(capsys, "session", "show")
    # R14 bob +100 (cat and dan melded); R16 ann -100; cat -9, dan -42 as amended
    assert data["totals"] == {"ann": -100, "bob": 100, "cat": -9, "dan": -42}
    assert data["deals"][0]["input"]["racks"] == [["cat", "o9"], ["DAN", "42"]]
    assert len(as_json(capsys, "session", "versions", "1")["versions"]) == 4


def test_amend_without_a_change_or_a_terminal_says_what_to_give(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ok(capsys, "session", "new", "friday", "--players", *FOUR)
    ok(capsys, "session", "deal", *OPEN_ANN, "--not-melded", "dan")
    assert refused(capsys, "session", "amend", "1").startswith("say what changes, like --rack")


def test_amend_from_closed_to_open_drops_the_closed_hand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ok(capsys, "session", "new", "friday", "--players", "ann", "bob")
    closed = ["--winner", "ann", "--closed", "k1-13 k1", "--discard", "r5", "--rack", "bob=o4"]
    ok(capsys, "session", "deal", *closed, "--first-turn")
    ok(capsys, "session", "amend", "1", "--open")
    deal = as_json(capsys, "session", "show")["deals"][0]
    # R14 open 100; the discard r5 is kept (not a joker, nothing doubled); bob's o4: -4
    assert deal["deltas"] == {"ann": 100, "bob": -4}
    assert deal["input"]["closed"] is None and deal["input"]["first_turn"] is False


def test_amend_with_new_closed_tiles_takes_their_own_discard(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ok(capsys, "session", "new", "friday", "--players", "ann", "bob")
    ok(capsys, "session", "deal", "--winner", "ann", "--closed", "k1-13 k1", "--discard", "*",
       "--rack", "bob=o4")  # fmt: skip
    # 15 tiles: R13 finds the discard; the old joker discard does not stay with them
    ok(capsys, "session", "amend", "1", "--closed", "r1-7 b1-7 o5")
    deal = as_json(capsys, "session", "show")["deals"][0]
    # 33 Little wave two colours 2200, discard o5 (R13), not doubled; bob's o4: -4
    assert deal["deltas"] == {"ann": 2200, "bob": -4} and deal["input"]["discard"] is None


# --- session show: the latest deals, an ending of a line or two ---------------------------------


@pytest.mark.slow
def test_show_gives_the_latest_twenty_deals_and_all_with_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ok(capsys, "session", "new", "friday", "--players", *FOUR)
    closed = ["--winner", "bob", "--closed", "r1-7 b1-7 *", "--rack", "ann=k13 o4"]
    for number in range(1, 24):
        ok(capsys, "session", "deal", *(closed if number == 23 else OPEN_ANN), "--rack"
           if number == 23 else "--not-melded", "cat=o9" if number == 23 else "dan",
           *(["--not-melded", "dan"] if number == 23 else []))  # fmt: skip
    out = ok(capsys, "session", "show")
    rows = [line for line in out.splitlines() if re.match(r"\s*\d+ │", line)]
    assert [int(row.split("│")[0]) for row in rows] == list(range(4, 24))
    assert "deals 1 to 3 are left out; session show --all shows every deal" in out
    every = ok(capsys, "session", "show", "--all")
    numbers = [
        int(line.split("│")[0]) for line in every.splitlines() if re.match(r"\s*\d+ │", line)
    ]
    assert numbers == list(range(1, 24)) and "left out" not in every
    # the closed win's ending takes two lines at 80 columns, not five
    last = every.splitlines()
    start = next(i for i, line in enumerate(last) if line.startswith("23 │"))
    continued = [line for line in last[start + 1 :] if line.startswith("   │")]
    assert "33 Little wave" in "".join(last[start : start + 2]) and len(continued) == 1
    assert max(len(line) for line in every.splitlines()) <= 80


# --- odds: the types that matter ----------------------------------------------------------------


def test_odds_leaves_out_types_below_a_tenth_of_a_percent_unless_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # three draws: at two, every type this rack reaches within them is counted exactly,
    # and none is below 0.1%
    rack = "* k4 k5 * k3 k4 k5 r11 k11 r11 o7 r7 b7 k7"
    data = as_json(capsys, "odds", rack, "--draws", "3")
    below = [row["name"] for row in data["types"] if row["chance"][-1] < 0.001]
    kept = [row["name"] for row in data["types"] if row["chance"][-1] >= 0.001]
    assert below and kept  # the rack has both kinds
    out = ok(capsys, "odds", rack, "--draws", "3")
    count = len(below)
    assert f"{count} more type{'s' * (count != 1)} below 0.1% within 3 draws (--all lists" in out
    assert all(name not in out for name in below) and all(name in out for name in kept)
    every = ok(capsys, "odds", rack, "--draws", "3", "--all")
    assert all(name in every for name in below) and "below 0.1%" not in every


# --- completion knows the ledger's names ----------------------------------------------------


def test_completion_offers_session_and_player_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert ok(capsys, "completion", "--sessions") == ""  # no ledger yet: nothing, no error
    ok(capsys, "session", "new", "friday", "--players", *FOUR)
    ok(capsys, "session", "new", "monday", "--players", "eve", "fay")
    assert ok(capsys, "completion", "--sessions") == "friday\nmonday\n"
    assert ok(capsys, "completion", "--players") == "eve\nfay\n"  # the session in play's
    ok(capsys, "session", "use", "friday")
    assert ok(capsys, "completion", "--players") == "ann\nbob\ncat\ndan\n"
    script = ok(capsys, "completion", "bash")
    assert "intlscore completion --sessions 2>/dev/null" in script
    assert "intlscore completion --players 2>/dev/null" in script
    fish = ok(capsys, "completion", "fish")
    assert "(intlscore completion --sessions 2>/dev/null)" in fish
    assert (
        refused(capsys, "completion") == "name the shell: intlscore completion bash (or zsh, fish)"
    )


# --- the help explains its words ----------------------------------------------------------------


def test_standings_and_stats_help_explain_ordinal_and_streak(
    capsys: pytest.CaptureFixture[str],
) -> None:
    standings = " ".join(ok(capsys, "standings", "--help").split())
    assert "ordinal: mu - 3 x sigma, a cautious figure to rank by" in standings
    stats = " ".join(ok(capsys, "stats", "--help").split())
    assert "streak: a player's longest run of wins in a row" in stats


# --- no import circle between guided entry and the commands (issue 30, item 6) -------------------


def test_guided_entry_imports_no_command_module() -> None:
    tree = ast.parse((ROOT / "intlscore/faces/guided.py").read_text(encoding="utf-8"))
    imported = [
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    ] + [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    ]
    assert imported and not [
        name for name in imported if name.startswith("intlscore.faces.commands")
    ]


def test_a_stake_record_is_read_back_with_the_checks_of_money() -> None:
    from intlscore.session.ledger.records import Entry, History, _Malformed, canonical

    entry = Entry("stake", 0, "2026-11-27T20:00:00+00:00", stake="0.05")
    text = canonical(entry.to_record())
    assert text == (
        '{"created":"2026-11-27T20:00:00+00:00","format":1,"number":0,"record":"stake",'
        '"stake":"0.05"}'
    )
    again = Entry.from_record(json.loads(text), ("ann", "bob"))
    history = History()
    assert again == entry and history.apply(again) is None and history.stake == "0.05"
    assert History().apply(Entry("stake", 3, "x", stake="1")) == (
        "a stake stored after deal 3, but 0 deals count"
    )
    for bad in ({"stake": "-1"}, {"stake": 5}, {"stake": "0.05", "extra": 1}):
        with pytest.raises(_Malformed):
            Entry.from_record({**json.loads(text), **bad}, ("ann", "bob"))
