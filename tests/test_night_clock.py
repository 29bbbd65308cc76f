"""A night's round time limit (issue 43, item 4): a round ends after its deals or its
minutes, the deal in play finished. The ledger's clock stands still in every test and is
moved by hand (nothing sleeps)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from cli_run import ok, run
from jsonschema import Draft202012Validator

from intlscore.session.night.night import Night, new_night, round_clock

PLAYERS = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]
SCHEMA = Path(__file__).resolve().parents[1] / "schemas" / "night.schema.json"


class Clock:
    """The ledger's clock, stopped at ``20:MM:SS`` of one day and moved by the test."""

    def __init__(self) -> None:
        self.at = "20:00:00"

    def now(self) -> str:
        return f"2026-12-06T{self.at}+00:00"


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Clock:
    from intlscore.session.ledger import clock as ledger_clock

    stopped = Clock()
    monkeypatch.setattr(ledger_clock, "now", stopped.now)
    monkeypatch.setenv("INTLSCORE_DB", str(tmp_path / "ledger.sqlite3"))
    return stopped


def shown(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok(capsys, "night", "show", "n", "--json"))
    Draft202012Validator(json.loads(SCHEMA.read_text())).validate(data)
    return data


def deal(capsys: pytest.CaptureFixture[str], table: dict[str, Any]) -> None:
    """The table's first player wins open; the others hold a tile or two."""
    players = table["players"]
    racks = [arg for i, p in enumerate(players[1:]) for arg in ("--rack", f"{p}=r{3 + i}")]
    ok(capsys, "session", "deal", table["session"], "--open", "--winner", players[0], *racks)


def start(
    capsys: pytest.CaptureFixture[str],
    *extra: str,
    rounds: int = 1,
    players: Sequence[str] = PLAYERS,
) -> list[dict[str, Any]]:
    """A night of ``players`` (8: two tables of four), 4 deals a round, round 1 seated at
    the clock's time: its tables. (One round unless asked: a plan of two rounds of 8
    players must search for the fewest repeats, which costs time; 9 at tables of three
    meet nobody twice.)"""
    ok(capsys, "night", "new", "n", "--players", *players, "--rounds", str(rounds), "--deals",
       "4", "--seed", "5", *extra)  # fmt: skip
    ok(capsys, "night", "seat", "n", "--accept")
    seated: list[dict[str, Any]] = shown(capsys)["rounds"][0]["tables"]
    return seated


def test_the_clock_of_the_round_in_play(capsys: pytest.CaptureFixture[str], clock: Clock) -> None:
    start(capsys, "--minutes", "45")
    night = shown(capsys)
    assert night["minutes"] == 45
    assert night["rounds"][0]["started"] == "2026-12-06T20:00:00+00:00"
    assert night["clock"] == {
        "round": 1,
        "started": "2026-12-06T20:00:00+00:00",
        "ends": "2026-12-06T20:45:00+00:00",
        "seconds_left": 2700,
        "time_up": False,
    }
    clock.at = "20:44:30"
    assert shown(capsys)["clock"]["seconds_left"] == 30
    assert "ends at 20:45 UTC, 0:30 left" in ok(capsys, "night", "show", "n")
    clock.at = "20:45:00"  # the very second it ends
    assert shown(capsys)["clock"] | {"ends": None} == {
        "round": 1,
        "started": "2026-12-06T20:00:00+00:00",
        "ends": None,
        "seconds_left": 0,
        "time_up": True,
    }


def test_time_up_lets_each_table_finish_the_deal_in_play(
    capsys: pytest.CaptureFixture[str], clock: Clock
) -> None:
    tables = start(capsys, "--minutes", "45", rounds=2, players=[*PLAYERS, "ivy"])
    clock.at = "20:10:00"
    deal(capsys, tables[0])
    deal(capsys, tables[2])
    clock.at = "20:46:00"  # time up: tables 1 and 3 have 1 of 4 deals, table 2 none
    night = shown(capsys)
    assert [t["time_up"] for t in night["rounds"][0]["tables"]] == [True, True, True]
    assert [t["finished"] for t in night["rounds"][0]["tables"]] == [False, False, False]
    assert night["warnings"] == [
        "round 1 is not finished: table 1 has 1 of 4 deals (time up: finish the deal in play)",
        "round 1 is not finished: table 2 has 0 of 4 deals (time up: finish the deal in play)",
        "round 1 is not finished: table 3 has 1 of 4 deals (time up: finish the deal in play)",
    ]
    text = " ".join(ok(capsys, "night", "show", "n").split())  # as wrapped at any width
    assert text.count("time up: finish the deal in play") == 3
    assert "1/4 time up" in text and "45 minutes a round" in text
    assert "time up at 20:45 UTC" in text
    status, _, err = run(capsys, "night", "seat", "n", "--accept")
    assert status == 2 and "table 1 has 1 of 4 deals (time up" in err
    # the deal in play at each table: one more deal, and the table is finished
    clock.at = "20:52:00"
    deal(capsys, tables[0])
    deal(capsys, tables[2])
    night = shown(capsys)
    assert [t["finished"] for t in night["rounds"][0]["tables"]] == [True, False, True]
    assert night["warnings"] == [
        "round 1 is not finished: table 2 has 0 of 4 deals (time up: finish the deal in play)"
    ]
    deal(capsys, tables[1])
    night = shown(capsys)
    assert night["warnings"] == [] and night["clock"] is None  # no round in play
    draft = json.loads(ok(capsys, "night", "seat", "n", "--json"))
    assert draft["warnings"] == []  # night seat counts them finished
    clock.at = "21:00:00"
    ok(capsys, "night", "seat", "n", "--accept")  # no --force needed
    assert shown(capsys)["clock"]["ends"] == "2026-12-06T21:45:00+00:00"


def test_a_second_deal_after_time_is_named(
    capsys: pytest.CaptureFixture[str], clock: Clock
) -> None:
    tables = start(capsys, "--minutes", "30")
    clock.at = "20:31:00"
    deal(capsys, tables[0])
    deal(capsys, tables[0])
    assert (
        "round 1, table 1 recorded 2 deals after time was up (all count)"
        in shown(capsys)["warnings"]
    )


def test_an_amended_deal_keeps_the_time_it_was_first_recorded(
    capsys: pytest.CaptureFixture[str], clock: Clock
) -> None:
    """A deal recorded before time was up and amended after it is not the deal in play."""
    tables = start(capsys, "--minutes", "30")
    clock.at = "20:20:00"
    deal(capsys, tables[0])
    clock.at = "20:40:00"
    first = tables[0]["players"]
    losers = (first[0], *first[2:])
    racks = [arg for i, p in enumerate(losers) for arg in ("--rack", f"{p}=k{9 + i}")]
    ok(capsys, "session", "amend", tables[0]["session"], "1", "--open", "--winner", first[1],
       *racks)  # fmt: skip
    assert not shown(capsys)["rounds"][0]["tables"][0]["finished"]
    deal(capsys, tables[0])
    assert shown(capsys)["rounds"][0]["tables"][0]["finished"]


def test_without_a_limit_there_is_no_clock(
    capsys: pytest.CaptureFixture[str], clock: Clock
) -> None:
    tables = start(capsys)
    clock.at = "23:59:00"
    deal(capsys, tables[0])
    night = shown(capsys)
    assert night["minutes"] is None and night["clock"] is None
    assert [t["time_up"] for t in night["rounds"][0]["tables"]] == [False, False]
    assert not night["rounds"][0]["tables"][0]["finished"]  # 1 of 4 deals, no limit
    assert "minutes a round" not in ok(capsys, "night", "show", "n")


def test_a_time_limit_out_of_range_is_one_line(
    capsys: pytest.CaptureFixture[str], clock: Clock
) -> None:
    for minutes in ("0", "601", "ten"):
        status, out, err = run(capsys, "night", "new", "n", "--players", *PLAYERS,
                               "--minutes", minutes)  # fmt: skip
        assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
        assert "--minutes" in err
    with pytest.raises(Exception, match="time limit is 1 to 600 minutes, not 0"):
        new_night("n", PLAYERS, rounds=1, deals=1, seed=0, stake=None, created="", minutes=0)


def test_an_older_record_loads_without_a_limit() -> None:
    """A record stored before the time limit (no ``minutes``) still loads: no limit; a
    round's start is when it was accepted."""
    record = new_night("n", PLAYERS, rounds=1, deals=1, seed=0, stake=None,
                       created="").to_record()  # fmt: skip
    del record["minutes"]
    record["seated"] = [{"round": 1, "accepted": "2026-12-06T20:00:00+00:00", "tables": []}]
    night = Night.from_record(record)
    assert night.minutes is None
    assert night.seated[0].started == "2026-12-06T20:00:00+00:00"


def test_the_clock_counts_whole_seconds() -> None:
    ticking = round_clock(2, "2026-12-06T23:30:00+00:00", 45, "2026-12-07T00:14:01+00:00")
    assert (ticking.ends, ticking.seconds_left, ticking.time_up) == (
        "2026-12-07T00:15:00+00:00",
        59,
        False,
    )
    late = round_clock(2, "2026-12-06T23:30:00+00:00", 45, "2026-12-07T01:00:00+00:00")
    assert (late.seconds_left, late.time_up) == (0, True)
