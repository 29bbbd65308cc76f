"""Remembered requests in the ledger (issue 18): a keyed write is stored at most once, its
answer in the write's own transaction, and a damaged or reused key is one clear line."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from intlscore.errors import DealError, LedgerDamageError
from intlscore.session.ledger import SCHEMA_VERSION, Ledger
from intlscore.session.ledger.requests import (
    KEY_WINDOW,
    KeyReused,
    Remembered,
    forget_before,
    remember,
)

PLAYERS = ["ann", "bob", "cat"]
DEAL = {"kind": "open", "winner": "ann", "racks": {"bob": "r5 b7"}, "not_melded": ["cat"]}


def keyed_deal(ledger: Ledger, key: str, fingerprint: str = "same") -> tuple[Remembered, bool]:
    session = ledger.session("friday")
    return ledger.once(
        "session:friday", key, fingerprint, lambda: (201, str(session.deal(**DEAL).number))
    )


@pytest.fixture
def ledger(tmp_path: Path) -> Ledger:
    opened = Ledger(tmp_path / "ledger.sqlite3")
    opened.create_session("friday", PLAYERS)
    return opened


def test_the_same_key_writes_once_and_answers_the_same(ledger: Ledger) -> None:
    first, fresh = keyed_deal(ledger, "k1")
    again, fresh_again = keyed_deal(ledger, "k1")
    assert (fresh, fresh_again) == (True, False)
    assert first == again and first.answer == "1" and first.status == 201
    assert [deal.number for deal in ledger.session("friday").deals()] == [1]


def test_another_key_is_another_write(ledger: Ledger) -> None:
    assert keyed_deal(ledger, "k1")[0].answer == "1"
    assert keyed_deal(ledger, "k2")[0].answer == "2"
    assert len(ledger.session("friday").deals()) == 2


def test_a_key_reused_for_another_request_is_refused_and_stores_nothing(ledger: Ledger) -> None:
    keyed_deal(ledger, "k1", "one request")
    with pytest.raises(KeyReused, match="'k1' was already used for another request"):
        keyed_deal(ledger, "k1", "another request")
    assert len(ledger.session("friday").deals()) == 1


def test_keys_are_per_scope(ledger: Ledger) -> None:
    ledger.create_session("saturday", PLAYERS)
    saturday = ledger.session("saturday")
    keyed_deal(ledger, "k1")
    row, fresh = ledger.once(
        "session:saturday", "k1", "same", lambda: (201, str(saturday.deal(**DEAL).number))
    )
    assert fresh and row.answer == "1"
    assert len(saturday.deals()) == 1 and len(ledger.session("friday").deals()) == 1


def test_a_failed_write_remembers_nothing(ledger: Ledger) -> None:
    """A refused deal rolls back the whole transaction, the key included: a corrected
    retry with the same key is then stored."""
    session = ledger.session("friday")

    def bad() -> tuple[int, str]:
        session.deal(kind="open", winner="zed", not_melded=["bob", "cat"])
        return 201, "never"

    with pytest.raises(DealError):
        ledger.once("session:friday", "k1", "same", bad)
    assert keyed_deal(ledger, "k1")[0].answer == "1"


def test_the_key_and_the_write_are_one_transaction(ledger: Ledger) -> None:
    """A failure after the deal is written but before the answer is remembered leaves
    neither: the crash window between commit and answer cannot store a deal twice."""
    session = ledger.session("friday")

    def fails_after_writing() -> tuple[int, str]:
        session.deal(**DEAL)
        raise RuntimeError("the answer could not be built")

    with pytest.raises(RuntimeError):
        ledger.once("session:friday", "k1", "same", fails_after_writing)
    assert ledger.session("friday").deals() == []
    assert keyed_deal(ledger, "k1")[1] is True


def test_a_new_ledger_made_by_a_keyed_write_keeps_the_key(tmp_path: Path) -> None:
    """The very first write creates the file; the key goes into the same new file."""
    with Ledger(tmp_path / "new.sqlite3") as ledger:

        def create() -> tuple[int, str]:
            return 201, ledger.create_session("friday", PLAYERS).name

        assert ledger.once("ledger", "k1", "same", create)[1] is True
        assert ledger.once("ledger", "k1", "same", create)[1] is False
        assert [summary.name for summary in ledger.sessions()] == ["friday"]


def keys(connection: sqlite3.Connection | None) -> list[str]:
    assert connection is not None
    return [row[0] for row in connection.execute("SELECT key FROM request_key")]


def test_keys_are_kept_for_the_window_then_dropped(ledger: Ledger) -> None:
    """A key older than the window (at least 24 hours) is dropped; a younger one stays."""
    assert timedelta(hours=24) <= KEY_WINDOW
    now = datetime.now(UTC)
    stamp = {
        "old": (now - KEY_WINDOW - timedelta(minutes=1)).isoformat(timespec="seconds"),
        "recent": (now - KEY_WINDOW + timedelta(minutes=5)).isoformat(timespec="seconds"),
    }

    def remember_both(connection: sqlite3.Connection) -> int:
        for key, created in stamp.items():
            remember(connection, Remembered("session:friday", key, "same", 201, "1"), created)
        return forget_before(connection, now)

    assert ledger.write(remember_both) == 1
    assert ledger.read(keys) == ["recent"]


def test_a_keyed_write_drops_the_keys_past_the_window(ledger: Ledger) -> None:
    long_ago = (datetime.now(UTC) - KEY_WINDOW - timedelta(hours=1)).isoformat(timespec="seconds")
    ledger.write(
        lambda connection: remember(
            connection, Remembered("session:friday", "old", "s", 201, "1"), long_ago
        )
    )
    keyed_deal(ledger, "new")
    assert ledger.read(keys) == ["new"]


def test_a_damaged_remembered_answer_is_one_line(ledger: Ledger) -> None:
    keyed_deal(ledger, "k1")
    ledger.write(
        lambda connection: connection.execute(
            "UPDATE request_key SET answer = '2' WHERE key = 'k1'"
        )
    )
    with pytest.raises(LedgerDamageError, match="Idempotency-Key 'k1' is damaged") as caught:
        keyed_deal(ledger, "k1")
    assert "\n" not in str(caught.value)
    assert len(ledger.session("friday").deals()) == 1


def test_an_older_ledger_upgrades_to_the_keys_table(tmp_path: Path) -> None:
    """Schema 3 (the last release before keys) gains the table in its upgrade."""
    path = tmp_path / "v3.sqlite3"
    with Ledger(path) as ledger:
        ledger.create_session("friday", PLAYERS).deal(**DEAL)
    connection = sqlite3.connect(path)
    connection.execute("DROP TABLE request_key")
    connection.execute("DROP TABLE deal")  # and what schema 5 keeps beside each history
    connection.execute("DROP TABLE night")  # and schema 7's nights
    for column in ("entries", "deals", "rules_seq", "totals", "players", "stake"):
        connection.execute(f"ALTER TABLE session DROP COLUMN {column}")
    connection.execute("PRAGMA user_version = 3")
    connection.commit()
    connection.close()
    with Ledger(path) as ledger:
        assert ledger.schema_version == SCHEMA_VERSION == 7
        assert keyed_deal(ledger, "k1")[0].answer == "2"
        assert ledger.check() == []
