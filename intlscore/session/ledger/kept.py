"""What the ledger keeps beside each session's history, so that no write and no club read
has to replay it: the session's running state (its head) and each deal's result.

The history (the checksummed chain of entries, :mod:`.records`) stays the truth. Each write
updates, in its own transaction and in constant time:

- the session's **head**: how many entries it has, the checksum of the last one (``head``),
  how many deals count, which entry holds the rules in force (``rules_seq``, 0 for the
  session's own) and each player's running total;
- a row per deal that counts or can be redone (``deal``): the deal as stored (its record:
  input and result), and what the club reads of it (kind, winner, doubled, summary, the
  closed type made, the deltas, the time).

A rescore, an import and a rename rebuild a session's rows from its replayed history
(:func:`rebuild`, the same function the migration to schema 5 runs); ``session check``
rebuilds them in memory and compares (:func:`differences`), so kept rows that drifted from
the history are found like any other damage.

>>> from intlscore.session.ledger.records import History
>>> head_of(History(head="abc", entries=0), 0, ["ann", "bob"])
Head(entries=0, head='abc', deals=0, rules_seq=0, totals=(('ann', 0), ('bob', 0)), stake=None)
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from intlscore.errors import LedgerDamageError, known
from intlscore.session.ledger.records import Entry, History, RecordedDeal, canonical

if TYPE_CHECKING:
    from intlscore.rules import Rules
    from intlscore.session.deal import DealResult

__all__ = [
    "Closed",
    "Head",
    "KeptDeal",
    "add_tables",
    "differences",
    "head_of",
    "kept_rows",
    "players_of",
    "read_head",
    "rebuild",
    "record_entry",
]

Closed = tuple[int, str, int]
"""A closed win's type number, type name and the jokers among the 14 tiles."""

TABLE_SQL: Final = (
    "CREATE TABLE deal ("
    " session_id INTEGER NOT NULL REFERENCES session(id),"
    " number INTEGER NOT NULL,"
    " created TEXT NOT NULL,"
    " kind TEXT NOT NULL,"
    " winner TEXT,"
    " doubled INTEGER NOT NULL,"
    " summary TEXT NOT NULL,"
    " closed TEXT,"
    " deltas TEXT NOT NULL,"  # each player's delta in seat order: "100,-5,-100"
    " record TEXT NOT NULL,"
    " undone INTEGER,"
    " PRIMARY KEY (session_id, number))"
)
"""A deal that counts (``undone`` NULL) or that redo can restore (``undone``: its place in
the stack of undone deals, the most recent highest)."""


@dataclass(frozen=True, slots=True)
class Head:
    """A session's running state, as kept in its row."""

    entries: int
    head: str
    deals: int
    rules_seq: int
    totals: tuple[tuple[str, int], ...]
    stake: str | None = None
    """The session's stake as its last ``stake`` entry stored it (R19)."""

    def totals_dict(self) -> dict[str, int]:
        return dict(self.totals)


@dataclass(frozen=True, slots=True)
class KeptDeal:
    """One row of ``deal``."""

    number: int
    created: str
    kind: str
    winner: str | None
    doubled: bool
    summary: str
    closed: Closed | None
    deltas: tuple[tuple[str, int], ...]
    record: str
    undone: int | None

    def values(self, session_id: int) -> tuple[Any, ...]:
        return (
            session_id,
            self.number,
            self.created,
            self.kind,
            self.winner,
            int(self.doubled),
            self.summary,
            None if self.closed is None else json.dumps(list(self.closed), ensure_ascii=False),
            ",".join(str(delta) for _, delta in self.deltas),
            self.record,
            self.undone,
        )


def add_tables(connection: sqlite3.Connection) -> None:
    """The tables of schema 5 (empty; the migration then calls :func:`rebuild`)."""
    for column in (
        "entries INTEGER NOT NULL DEFAULT 0",
        "deals INTEGER NOT NULL DEFAULT 0",
        "rules_seq INTEGER NOT NULL DEFAULT 0",
        "totals TEXT NOT NULL DEFAULT '[]'",
        "players TEXT NOT NULL DEFAULT '[]'",
        "stake TEXT",
    ):
        connection.execute(f"ALTER TABLE session ADD COLUMN {column}")
    connection.execute(TABLE_SQL)


def closed_of(result: DealResult) -> Closed | None:
    """The closed type a deal's result made, if it is a closed win."""
    if result.closed is None or result.closed.best is None:
        return None
    return (result.closed.best.number, result.closed.best.name, result.closed.jokers)


def closed_scored(deal: RecordedDeal, rules: Rules) -> Closed | None:
    """The closed type of a stored deal, scored again from its input (for a rebuild)."""
    if deal.kind != "closed":
        return None
    return closed_of(deal.input.score(rules=rules))


def kept(deal: RecordedDeal, closed: Closed | None, undone: int | None = None) -> KeptDeal:
    entry = Entry("amend" if deal.amended else "deal", deal.number, deal.created, deal)
    return KeptDeal(
        number=deal.number,
        created=deal.created,
        kind=deal.kind,
        winner=deal.winner,
        doubled=deal.doubled,
        summary=deal.summary,
        closed=closed,
        deltas=tuple(deal.deltas.items()),
        record=canonical(entry.to_record()),
        undone=undone,
    )


def stored_deal(record: str, players: Sequence[str]) -> RecordedDeal:
    """The deal of a kept row's record."""
    entry = Entry.from_record(json.loads(record), players)
    return known(entry.deal, "the deal of a kept row")


def head_of(history: History, rules_seq: int, players: Sequence[str]) -> Head:
    """A replayed session's running state: every player's total, in seat order."""
    totals = dict.fromkeys(players, 0)
    for deal in history.deals:
        for name, delta in deal.deltas.items():
            totals[name] += delta
    return Head(
        history.entries,
        history.head,
        len(history.deals),
        rules_seq,
        tuple(totals.items()),
        history.stake,
    )


def kept_rows(history: History, closed: Mapping[int, Closed | None]) -> list[KeptDeal]:
    """The rows of a replayed session: the deals that count, then the undone ones in the
    order redo takes them back (``closed``: each deal number's closed type)."""
    rows = [kept(deal, closed.get(deal.number)) for deal in history.deals]
    rows += [
        kept(deal, closed.get(deal.number), place)
        for place, deal in enumerate(history.undone, start=1)
    ]
    return rows


def read_head(connection: sqlite3.Connection, session_id: int) -> Head:
    entries, head, deals, rules_seq, totals, stake = connection.execute(
        "SELECT entries, head, deals, rules_seq, totals, stake FROM session WHERE id = ?",
        (session_id,),
    ).fetchone()
    try:
        return Head(
            int(entries),
            str(head),
            int(deals),
            int(rules_seq),
            tuple(map(tuple, json.loads(totals))),
            stake,
        )
    except (TypeError, ValueError):  # a damaged byte in the kept state: refused, not a traceback
        raise LedgerDamageError(
            "a session's kept running state is damaged (its totals cannot be read);"
            " nothing was changed"
        ) from None


def _write_head(connection: sqlite3.Connection, session_id: int, head: Head) -> None:
    connection.execute(
        "UPDATE session SET entries = ?, head = ?, deals = ?, rules_seq = ?, totals = ?,"
        " stake = ? WHERE id = ?",
        (
            head.entries,
            head.head,
            head.deals,
            head.rules_seq,
            json.dumps([list(pair) for pair in head.totals], ensure_ascii=False),
            head.stake,
            session_id,
        ),
    )


def players_of(connection: sqlite3.Connection, session_id: int) -> list[str]:
    """The session's players in seat order, from its record."""
    (record,) = connection.execute(
        "SELECT record FROM session WHERE id = ?", (session_id,)
    ).fetchone()
    players: list[str] = json.loads(record)["players"]
    return players


def rebuild(
    connection: sqlite3.Connection,
    session_id: int,
    history: History,
    closed: Mapping[int, Closed | None],
    rules_seq: int,
) -> None:
    """Write a session's head, players and rows anew from its replayed history (a new
    session's from an empty one)."""
    players = players_of(connection, session_id)
    connection.execute(
        "UPDATE session SET players = ? WHERE id = ?",
        (json.dumps(players, ensure_ascii=False), session_id),
    )
    connection.execute("DELETE FROM deal WHERE session_id = ?", (session_id,))
    connection.executemany(
        "INSERT INTO deal VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [row.values(session_id) for row in kept_rows(history, closed)],
    )
    _write_head(connection, session_id, head_of(history, rules_seq, players))


def _moved(before: Head, deltas: Mapping[str, int], sign: int, **changes: Any) -> Head:
    moved = dict(before.totals)
    for name, delta in deltas.items():  # seat order: the first deal sets it
        moved[name] = moved.get(name, 0) + sign * delta
    totals = tuple(moved.items())
    return Head(
        entries=changes.get("entries", before.entries),
        head=changes.get("head", before.head),
        deals=changes.get("deals", before.deals),
        rules_seq=changes.get("rules_seq", before.rules_seq),
        totals=totals,
        stake=changes.get("stake", before.stake),
    )


def record_entry(
    connection: sqlite3.Connection,
    session_id: int,
    before: Head,
    entry: Entry,
    new_head: str,
    closed: Closed | None = None,
) -> Head:
    """Keep what one appended deal, amendment, undo, redo or stake changes, in constant
    time.

    ``before`` is the session's head before the entry, ``new_head`` its checksum after;
    ``closed`` is the closed type of the deal an entry stores. A rescore is
    :func:`rebuild`'s work, not this one's.
    """
    count = before.entries + 1
    if entry.kind == "deal":
        deal = known(entry.deal, "the deal of a deal entry")
        connection.execute(  # the undone deals are the ones past the last that counts
            "DELETE FROM deal WHERE session_id = ? AND number > ?", (session_id, before.deals)
        )
        connection.execute(
            "INSERT INTO deal VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            kept(deal, closed).values(session_id),
        )
        after = _moved(before, deal.deltas, 1, entries=count, head=new_head,
                       deals=before.deals + 1)  # fmt: skip
    elif entry.kind == "amend":
        deal = known(entry.deal, "the deal of an amend entry")
        old = _deltas_of(connection, session_id, entry.number, before)
        connection.execute(
            "DELETE FROM deal WHERE session_id = ? AND number = ?", (session_id, entry.number)
        )
        connection.execute(
            "INSERT INTO deal VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            kept(deal, closed).values(session_id),
        )
        after = _moved(_moved(before, old, -1), deal.deltas, 1, entries=count,
                       head=new_head)  # fmt: skip
    elif entry.kind == "undo":
        old = _deltas_of(connection, session_id, entry.number, before)
        (place,) = connection.execute(  # one more on the stack of undone deals
            "SELECT count(*) + 1 FROM deal WHERE session_id = ? AND number > ?",
            (session_id, before.deals),
        ).fetchone()
        connection.execute(
            "UPDATE deal SET undone = ? WHERE session_id = ? AND number = ?",
            (place, session_id, entry.number),
        )
        after = _moved(before, old, -1, entries=count, head=new_head, deals=before.deals - 1)
    elif entry.kind == "redo":
        connection.execute(
            "UPDATE deal SET undone = NULL WHERE session_id = ? AND number = ?",
            (session_id, entry.number),
        )
        old = _deltas_of(connection, session_id, entry.number, before)
        after = _moved(before, old, 1, entries=count, head=new_head, deals=before.deals + 1)
    elif entry.kind == "stake":
        after = _moved(before, {}, 1, entries=count, head=new_head, stake=entry.stake)
    else:  # pragma: no cover - a rescore rebuilds
        raise AssertionError(f"record_entry does not keep a {entry.kind}")
    _write_head(connection, session_id, after)
    return after


def _deltas_of(
    connection: sqlite3.Connection, session_id: int, number: int, head: Head
) -> dict[str, int]:
    """A kept deal's deltas by player (the head's totals name the players in seat order)."""
    (deltas,) = connection.execute(
        "SELECT deltas FROM deal WHERE session_id = ? AND number = ?", (session_id, number)
    ).fetchone()
    return dict(zip((name for name, _ in head.totals), map(int, deltas.split(",")), strict=True))


def kept_deal(
    connection: sqlite3.Connection, session_id: int, number: int, players: Sequence[str]
) -> RecordedDeal:
    """Deal ``number`` of a session as kept."""
    (record,) = connection.execute(
        "SELECT record FROM deal WHERE session_id = ? AND number = ?", (session_id, number)
    ).fetchone()
    return stored_deal(record, players)


def last_undone(
    connection: sqlite3.Connection, session_id: int, deals: int
) -> tuple[int, str] | None:
    """The number and record of the deal redo would restore, if any: the most recently
    undone deal is the one right after the ``deals`` that count (an undo takes the last)."""
    row = connection.execute(
        "SELECT number, record FROM deal WHERE session_id = ? AND number = ?"
        " AND undone IS NOT NULL",
        (session_id, deals + 1),
    ).fetchone()
    return None if row is None else (int(row[0]), str(row[1]))


def differences(
    connection: sqlite3.Connection,
    session_id: int,
    history: History,
    closed: Mapping[int, Closed | None],
    rules_seq: int,
) -> list[str]:
    """What the kept head and rows of a session say that its replayed history does not."""
    problems = []
    (kept_players,) = connection.execute(
        "SELECT players FROM session WHERE id = ?", (session_id,)
    ).fetchone()
    players = players_of(connection, session_id)
    try:
        differs = (
            read_head(connection, session_id) != head_of(history, rules_seq, players)
            or json.loads(kept_players) != players
        )
    except (LedgerDamageError, TypeError, ValueError):  # unreadable: differs all the more
        differs = True
    if differs:
        problems.append("its kept running state differs from its history")
    expected = [row.values(session_id) for row in kept_rows(history, closed)]
    found = connection.execute(
        "SELECT * FROM deal WHERE session_id = ? ORDER BY undone IS NOT NULL, undone, number",
        (session_id,),
    ).fetchall()
    if [tuple(row) for row in found] != expected:
        problems.append("its kept deal results differ from its history")
    return problems
