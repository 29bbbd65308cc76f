"""A night in the ledger (issue 43): the schema's migration, the draft's warnings, the
starts kept over rounds, and that nothing is half-stored."""

from __future__ import annotations

import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from intlscore.errors import LedgerError, NightError
from intlscore.session.ledger import SCHEMA_VERSION, Ledger
from intlscore.session.night.store import (
    accept_round,
    create_night,
    draft_round,
    read_night,
    roll_call,
)

PLAYERS = [f"p{i:02}" for i in range(1, 14)]


def test_an_older_ledger_gains_the_night_table(tmp_path: Path) -> None:
    """Schema 6 (before nights) upgrades to 7 in its own migration; its sessions stay."""
    path = tmp_path / "v6.sqlite3"
    with Ledger(path) as ledger:
        ledger.create_session("friday", ["ann", "bob"]).deal(
            kind="open", winner="ann", racks={"bob": "r5"}
        )
    connection = sqlite3.connect(path)
    connection.execute("DROP TABLE night")
    connection.execute("PRAGMA user_version = 6")
    connection.commit()
    connection.close()
    with Ledger(path) as ledger:
        assert ledger.schema_version == SCHEMA_VERSION == 7
        assert ledger.session("friday").totals() == {"ann": 100, "bob": -5}
        create_night(ledger, "n", PLAYERS, seed=1)
        assert read_night(ledger, "n").night.players == tuple(PLAYERS)
        assert ledger.check() == []


@pytest.mark.slow  # four whole plans of 13 players: a few seconds
def test_starts_are_even_over_a_whole_night(tmp_path: Path) -> None:
    """13 players, 4 rounds of 4 deals: each table of 4 has each start once; over the
    night nobody starts more than two deals more than anyone."""
    with Ledger(tmp_path / "l") as ledger:
        create_night(ledger, "n", PLAYERS, rounds=4, deals=4, seed=2)
        for _ in range(4):
            _, seated = accept_round(ledger, "n", force=True, cpu_seconds=None)
            for table in seated.tables:
                if len(table.players) == 4:
                    assert sorted(table.starts) == sorted(table.players)
        night = read_night(ledger, "n").night
    started = Counter(p for r in night.seated for t in r.tables for p in t.starts)
    assert max(started[p] for p in PLAYERS) - min(started[p] for p in PLAYERS) <= 2
    assert sum(started.values()) == 4 * 4 * 4


@pytest.mark.slow  # two whole plans of 13 players
def test_a_draft_stores_nothing_and_says_when_the_clock_stopped_it(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l") as ledger:
        create_night(ledger, "n", PLAYERS, seed=3)
        draft = draft_round(ledger, "n", cpu_seconds=-1.0)  # a budget already spent
        assert any("ran out of CPU time" in warning for warning in draft.warnings)
        assert read_night(ledger, "n").night.seated == ()
        assert ledger.session_names() == []
        again = draft_round(ledger, "n", cpu_seconds=None)
        assert again == draft_round(ledger, "n", cpu_seconds=None)  # repeatable


def test_a_refused_accept_leaves_nothing(tmp_path: Path) -> None:
    """The third table's session name is taken: no session of the round, no round."""
    with Ledger(tmp_path / "l") as ledger:
        create_night(ledger, "n", PLAYERS, seed=4, stake="0.05")
        ledger.create_session("n-r1-t3", ["x", "y"])
        with pytest.raises(LedgerError, match="n-r1-t3"):
            accept_round(ledger, "n", cpu_seconds=None)
        assert ledger.session_names() == ["n-r1-t3"]
        assert read_night(ledger, "n").night.seated == ()


def test_the_stake_goes_with_every_table(tmp_path: Path) -> None:
    from decimal import Decimal

    with Ledger(tmp_path / "l") as ledger:
        create_night(ledger, "n", PLAYERS, seed=4, stake="0.05")
        _, seated = accept_round(ledger, "n", cpu_seconds=None)
        stakes = {ledger.session(t.session).snapshot().stake for t in seated.tables}
    assert stakes == {Decimal("0.05")}


def test_night_names_and_rolls(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l") as ledger:
        create_night(ledger, "n", PLAYERS, seed=5)
        with pytest.raises(NightError, match="a night named 'n' already exists"):
            create_night(ledger, "n", PLAYERS)
        with pytest.raises(NightError, match="longer than 48 characters"):
            create_night(ledger, "x" * 49, PLAYERS)
        with pytest.raises(NightError, match="no night named 'm' \\(the nights are n;"):
            read_night(ledger, "m")
        with pytest.raises(NightError, match="p01 has already left"):
            roll_call(ledger, "n", "p01", arriving=False)
            roll_call(ledger, "n", "P01", arriving=False)
        assert "p01" not in read_night(ledger, "n").night.present


def test_a_ledger_read_without_the_night_table_has_no_nights(tmp_path: Path) -> None:
    """A schema-6 ledger read as it is (a read-only disk reads it without its upgrade):
    no ``night`` table reads as no nights, in one line, never an SQL error."""
    path = tmp_path / "l.sqlite3"
    with Ledger(path) as ledger:
        ledger.create_session("friday", ["ann", "bob"])
    connection = sqlite3.connect(path)
    connection.execute("DROP TABLE night")
    connection.commit()
    connection.close()
    with Ledger(path) as ledger, pytest.raises(NightError, match="there are no nights"):
        read_night(ledger, "n")
