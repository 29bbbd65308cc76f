"""The ledger's schema and its migrations; opening an older file upgrades it in one transaction.

``MIGRATIONS[v]`` upgrades a ledger from schema ``v`` to ``v + 1``:

- 0 -> 1: sessions and deals, each deal with its raw input and its result as JSON;
- 1 -> 2: per-player deltas in their own table;
- 3 -> 4: the remembered answers of keyed requests (:mod:`.requests`);
- 4 -> 5: what is kept beside each history (:mod:`.kept`): the session's running state
  and each deal's result, filled in by replaying every session (a damaged one is left
  without, and ``session check`` names it);
- 2 -> 3: the ledger's own versioned, checksummed records
  (:mod:`intlscore.session.ledger.records`): one ``session`` row per session and its
  history as a chain of ``entry`` rows. Every old deal, undone ones included, becomes
  entries; the stored deltas are kept (checked against the stored result first) and an
  old session is played under the shipped rules with the deal table (house options
  included) it was started with. The old tables are dropped in the same transaction;
- 5 -> 6: an index on when each remembered request was answered, which the forgetting
  of old keys searches by (:func:`.requests.index_created`);
- 6 -> 7: the nights of a tournament (:mod:`intlscore.session.night.store`): one ``night``
  row each, its record as JSON; its tables are ordinary sessions.

A ledger that cannot be written (a read-only disk) is read without its upgrade when its
schema is :data:`READS_FROM` or later: the later migrations only add indexes, or the
``night`` table, which a reader finds missing as no nights.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import Any, Final

from intlscore.errors import IntlscoreError, LedgerError
from intlscore.rules import default_rules
from intlscore.rules.deal_table import parse_deal_table
from intlscore.session.deal import DealInput
from intlscore.session.ledger import requests
from intlscore.session.ledger.records import (
    SESSION_SEED,
    Entry,
    RecordedDeal,
    SessionRecord,
    canonical,
    chain_digest,
)

__all__ = ["APPLICATION_ID", "APPLICATION_MARKER", "MIGRATIONS", "READS_FROM", "SCHEMA_VERSION"]

APPLICATION_ID: Final = 0x494E5453  # "INTS"
"""Stored in the SQLite header (``PRAGMA application_id``)."""
APPLICATION_MARKER: Final = "intlscore-ledger"
"""Stored in the ``meta`` table; a file without it is not ours."""

Migration = Callable[[sqlite3.Connection], None]


def _statements(*sql: str) -> Migration:
    def run(connection: sqlite3.Connection) -> None:
        for statement in sql:
            connection.execute(statement)

    return run


def _add_deal_scores(connection: sqlite3.Connection) -> None:
    """Version 2: one row per player and deal, so totals are a SQL sum; backfilled."""
    connection.execute(
        "CREATE TABLE deal_scores ("
        " deal_id INTEGER NOT NULL REFERENCES deals(id),"
        " player TEXT NOT NULL,"
        " delta INTEGER NOT NULL,"
        " PRIMARY KEY (deal_id, player))"
    )
    rows = connection.execute("SELECT id, result FROM deals").fetchall()
    for deal_id, result in rows:
        for player in json.loads(result)["players"]:
            connection.execute(
                "INSERT INTO deal_scores (deal_id, player, delta) VALUES (?, ?, ?)",
                (deal_id, player["name"], player["delta"]),
            )


def _own_records(connection: sqlite3.Connection) -> None:
    """Version 3: versioned records in a checksum chain (see the module docstring)."""
    connection.execute(
        "CREATE TABLE session ("
        " id INTEGER PRIMARY KEY,"
        " name TEXT NOT NULL UNIQUE,"
        " record TEXT NOT NULL,"
        " digest TEXT NOT NULL,"
        " head TEXT NOT NULL)"
    )
    connection.execute(
        "CREATE TABLE entry ("
        " id INTEGER PRIMARY KEY,"
        " session_id INTEGER NOT NULL REFERENCES session(id),"
        " seq INTEGER NOT NULL,"
        " record TEXT NOT NULL,"
        " digest TEXT NOT NULL,"
        " label TEXT NOT NULL,"
        " UNIQUE (session_id, seq))"
    )
    sessions = connection.execute(
        "SELECT id, name, players, deal_table, created FROM sessions ORDER BY id"
    ).fetchall()
    for old_id, name, players, stored_table, created in sessions:
        table_data = json.loads(stored_table)
        # a session from before rules files is played under the shipped rules, with the
        # deal table (house options included) it was started with
        table = parse_deal_table(table_data["numbers"], source=table_data["source"])
        rules = default_rules()
        if table != rules.deals:
            rules = rules.with_deals(table)
        record = SessionRecord(
            name=name, players=tuple(json.loads(players)), created=created, rules=rules
        )
        entries = _old_entries(connection, name, old_id, record.players)
        write_session(connection, record, entries)
    connection.execute("DROP TABLE deal_scores")
    connection.execute("DROP TABLE deals")
    connection.execute("DROP TABLE sessions")


def _old_entries(
    connection: sqlite3.Connection, name: str, old_id: int, players: tuple[str, ...]
) -> list[Entry]:
    """The history of an old session as entries: deals in the order they were stored, with
    an undo before a deal that took an undone deal's number, and at the end."""
    rows = connection.execute(
        "SELECT id, number, input, result, created, undone FROM deals"
        " WHERE session_id = ? ORDER BY id",
        (old_id,),
    ).fetchall()
    entries: list[Entry] = []
    stack: list[tuple[RecordedDeal, str | None]] = []
    for deal_id, number, raw, result, created, undone in rows:
        deltas = dict(
            connection.execute(
                "SELECT player, delta FROM deal_scores WHERE deal_id = ?", (deal_id,)
            ).fetchall()
        )
        deal = _old_deal(
            name, number, created, json.loads(raw), json.loads(result), deltas, players
        )
        while len(stack) >= number:
            _undo_top(entries, stack, name)
        if number != len(stack) + 1:
            raise LedgerError(
                f"session {name!r}: old deal {number} does not follow deal {len(stack)}"
            )
        entries.append(Entry("deal", number, created, deal))
        stack.append((deal, undone))
    while stack and stack[-1][1] is not None:
        _undo_top(entries, stack, name)
    if any(undone is not None for _, undone in stack):
        raise LedgerError(f"session {name!r}: an old undone deal is not the last one")
    return entries


def _undo_top(
    entries: list[Entry], stack: list[tuple[RecordedDeal, str | None]], name: str
) -> None:
    deal, undone = stack.pop()
    if undone is None:
        raise LedgerError(f"session {name!r}: old deal {deal.number} is stored twice")
    entries.append(Entry("undo", deal.number, undone))


def _old_deal(
    name: str,
    number: int,
    created: str,
    raw: dict[str, Any],
    result: dict[str, Any],
    deltas: dict[str, int],
    players: tuple[str, ...],
) -> RecordedDeal:
    """An old deal as a record; its stored deltas must agree with its stored result."""
    for key in ("first_turn", "original_hand", "starting_player"):
        if key in raw and not isinstance(raw[key], bool):
            raw[key] = bool(raw[key])  # the old API stored 0/1/"no"; scored as their truth
    try:
        parsed = DealInput.from_dict(raw)
    except IntlscoreError as error:
        raise LedgerError(f"session {name!r}, old deal {number}: {error}") from None
    stored = {player["name"]: player["delta"] for player in result["players"]}
    if stored != deltas or set(deltas) != set(players):
        raise LedgerError(
            f"session {name!r}, old deal {number}: its stored deltas disagree with its result"
        )
    return RecordedDeal(
        number=number,
        created=created,
        input=parsed,
        kind=result["kind"],
        winner=result["winner"],
        doubled=bool(result["doubled"]),
        factor=int(result["factor"]),
        summary=str(result["summary"]),
        deltas={player: deltas[player] for player in players},
        reasons={p["name"]: str(p["why"]) for p in result["players"]},
    )


def write_session(
    connection: sqlite3.Connection, record: SessionRecord, entries: list[Entry]
) -> int:
    """Insert a session row and its entries; returns the session's id."""
    text = canonical(record.to_record())
    digest = chain_digest(SESSION_SEED, text)
    cursor = connection.execute(
        "INSERT INTO session (name, record, digest, head) VALUES (?, ?, ?, ?)",
        (record.name, text, digest, digest),
    )
    session_id = int(cursor.lastrowid or 0)
    append_entries(connection, session_id, 0, digest, entries)
    return session_id


def append_entries(
    connection: sqlite3.Connection, session_id: int, count: int, head: str, entries: list[Entry]
) -> str:
    """Chain ``entries`` after the ``count`` entries ending in ``head``; returns the new head."""
    for seq, entry in enumerate(entries, start=count + 1):
        text = canonical(entry.to_record())
        head = chain_digest(head, text)
        connection.execute(
            "INSERT INTO entry (session_id, seq, record, digest, label) VALUES (?, ?, ?, ?, ?)",
            (session_id, seq, text, head, entry.label),
        )
    connection.execute("UPDATE session SET head = ? WHERE id = ?", (head, session_id))
    return head


def _keep_results(connection: sqlite3.Connection) -> None:
    """Version 5: the kept running state and deal results (:mod:`.kept`), from a replay."""
    from intlscore.errors import LedgerDamageError
    from intlscore.session.ledger import kept
    from intlscore.session.ledger.records import replay

    kept.add_tables(connection)
    sessions = connection.execute("SELECT id, name, record, digest, head FROM session").fetchall()
    for session_id, name, text, digest, head in sessions:
        rows = connection.execute(
            "SELECT seq, record, digest, label FROM entry WHERE session_id = ? ORDER BY seq",
            (session_id,),
        ).fetchall()
        try:
            _, history = replay(name, (text, digest, head), rows)
            rules = history.rules_in_force
            closed = {
                deal.number: kept.closed_scored(deal, rules)
                for deal in (*history.deals, *history.undone)
            }
        except (LedgerDamageError, IntlscoreError):
            continue  # left without: reading it says what is damaged
        kept.rebuild(connection, session_id, history, closed, history.rules_seq)


MIGRATIONS: Final[tuple[Migration, ...]] = (
    _statements(
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        f"INSERT INTO meta (key, value) VALUES ('application', '{APPLICATION_MARKER}')",
        "CREATE TABLE sessions ("
        " id INTEGER PRIMARY KEY,"
        " name TEXT NOT NULL UNIQUE,"
        " players TEXT NOT NULL,"
        " deal_table TEXT NOT NULL,"
        " created TEXT NOT NULL)",
        "CREATE TABLE deals ("
        " id INTEGER PRIMARY KEY,"
        " session_id INTEGER NOT NULL REFERENCES sessions(id),"
        " number INTEGER NOT NULL,"
        " input TEXT NOT NULL,"
        " result TEXT NOT NULL,"
        " created TEXT NOT NULL,"
        " undone TEXT)",
        "CREATE INDEX deals_by_session ON deals (session_id, undone, number)",
    ),
    _add_deal_scores,
    _own_records,
    requests.create_table,
    _keep_results,
    requests.index_created,
    _statements(
        "CREATE TABLE night ("
        " id INTEGER PRIMARY KEY,"
        " name TEXT NOT NULL UNIQUE,"
        " record TEXT NOT NULL)"
    ),
)
"""``MIGRATIONS[v]`` upgrades a ledger from schema ``v`` to ``v + 1``."""
SCHEMA_VERSION: Final = len(MIGRATIONS)
READS_FROM: Final = 5
"""The oldest schema this intlscore reads as it is, without upgrading it first (what a
ledger on a read-only disk needs): every migration after it only adds an index, or the
``night`` table (no table: no nights)."""
