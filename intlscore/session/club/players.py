"""The players of a ledger across its sessions, and renaming one everywhere.

A player is the same person in every session where the name is written the same way up
to case (``ann`` and ``Ann`` are one player, as within a deal). :func:`list_players` reads
every session in one snapshot.

:func:`rename_player` changes a name everywhere in **one transaction**. The ledger keeps
no copy of a name apart from the records that use it (the session record's players, each
entry's raw input and result, and a night's record), and each session record's checksum
is chained to the one before (:mod:`intlscore.session.ledger.records`). A rename
therefore writes every record of every session that player played in again with the new
name, and chains their checksums again from the session's own: the ledger reads
afterwards as if the name had always been the new one, and ``session check --all``
passes (the rename checks it before it commits). Every night's record
(:mod:`intlscore.session.night`: its roll call, seats and starts, keep-apart pairs, the
cut's seeds) is written again with the new name in the same transaction, so its
standings keep the player's points; a player on a night's roll call who has not sat at a
table yet is renamed there too. Nothing else changes: times, numbers, deltas, undone and
amended versions all stay; the arithmetic of each deal is not re-scored, only the name
in it replaced. So that the history stays honest about it, each rename is also noted in
the ledger's ``meta`` table (:func:`renames`): the old and new name, when, and in which
sessions.

>>> import tempfile, pathlib
>>> from intlscore.session.ledger import Ledger
>>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
...     friday = ledger.create_session("friday", ["ann", "bob"])
...     _ = friday.deal(kind="open", winner="ann", racks={"bob": "r5"})
...     _ = ledger.create_session("monday", ["Ann", "cat"])
...     [(p.name, p.sessions, p.deals) for p in list_players(ledger)]
...     rename_player(ledger, "ANN", "anna").sessions
...     ledger.session("friday").snapshot().deals[0].summary, ledger.check()
...     [(note.old, note.new) for note in renames(ledger)]
[('Ann', ('friday', 'monday'), 1), ('bob', ('friday',), 1), ('cat', ('monday',), 0)]
('friday', 'monday')
('open win by anna', [])
[('ANN', 'anna')]
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Final

from intlscore.errors import DealError, LedgerError, known, quoted
from intlscore.session.club.season import listed, loaded_sessions
from intlscore.session.deal import check_player_names
from intlscore.session.ledger.records import SESSION_SEED, canonical, chain_digest
from intlscore.session.names import name_key

if TYPE_CHECKING:
    from intlscore.session.ledger import Ledger

RENAMES_KEY: Final = "player-renames"
"""The ``meta`` row that notes every rename (a JSON list)."""


@dataclass(frozen=True, slots=True)
class Player:
    """One player of the ledger: the name as last written, every session played in (oldest
    first) and the number of deals that count in them."""

    name: str
    sessions: tuple[str, ...]
    deals: int
    spellings: tuple[str, ...] = ()
    """Every way the name is written (when it differs in case between sessions)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "sessions": list(self.sessions),
            "deals": self.deals,
            "spellings": list(self.spellings),
        }


@dataclass(frozen=True, slots=True)
class Rename:
    """A rename done (or noted in the ledger): the names, when, and the sessions changed."""

    old: str
    new: str
    when: str
    sessions: tuple[str, ...]
    nights: tuple[str, ...] = ()
    """The nights whose records were changed (not kept in the ledger's note)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "old": self.old,
            "new": self.new,
            "when": self.when,
            "sessions": list(self.sessions),
        }


def list_players(ledger: Ledger) -> list[Player]:
    """Every player of the ledger, in order of first appearance, read in one snapshot."""
    found: dict[str, tuple[list[str], list[str], list[int]]] = {}
    with ledger.store.snapshot() as connection:
        if connection is None:
            return []
        for _, record, history in loaded_sessions(ledger, connection):
            for name in record.players:
                spellings, sessions, deals = found.setdefault(name_key(name), ([], [], [0]))
                if name in spellings:
                    spellings.remove(name)
                spellings.append(name)  # the last session's spelling last
                sessions.append(record.name)
                deals[0] += len(history.deals)
    return [
        Player(spellings[-1], tuple(sessions), deals[0], tuple(spellings))
        for spellings, sessions, deals in found.values()
    ]


def renames(ledger: Ledger) -> list[Rename]:
    """Every rename noted in the ledger, oldest first."""
    with ledger.store.snapshot() as connection:
        if connection is None:
            return []
        return [
            Rename(**{**note, "sessions": tuple(note["sessions"])}) for note in _notes(connection)
        ]


def _notes(connection: sqlite3.Connection) -> list[dict[str, Any]]:
    row = connection.execute("SELECT value FROM meta WHERE key = ?", (RENAMES_KEY,)).fetchone()
    notes: list[dict[str, Any]] = json.loads(row[0]) if row else []
    return notes


def rename_player(ledger: Ledger, old: str, new: str) -> Rename:
    """Rename the player ``old`` (any case) to ``new`` in every session, in one transaction.

    Refused with :class:`~intlscore.errors.LedgerError`, and nothing changed: an unknown
    player, a bad name, a new name that another player of a session already has.
    """
    if not isinstance(old, str) or not isinstance(new, str):
        raise LedgerError("a player's name must be text")
    if old.strip() != old or not old:
        raise LedgerError(f"no player named {quoted(old)} in {ledger.path}")
    key = name_key(old)
    when = datetime.now(UTC).isoformat(timespec="seconds")

    def change(connection: sqlite3.Connection) -> Rename:
        from intlscore.session.night.night import with_players_renamed
        from intlscore.session.night.store import all_nights, rewrite_nights

        sessions = loaded_sessions(ledger, connection)
        touched = [
            (session_id, record)
            for session_id, record, _ in sessions
            if any(name_key(name) == key for name in record.players)
        ]
        rolls = [  # a night's roll call holds players not seated at any table yet
            (f"night {quoted(night.name)}", night.players)
            for night in all_nights(connection)
            if any(name_key(name) == key for name in night.players)
        ]
        if not touched and not rolls:
            spelled = {name_key(name): name for _, record, _ in sessions for name in record.players}
            known = sorted(spelled.values(), key=str.casefold)
            hint = f"the players are {listed(known)}" if known else "there are no players"
            raise LedgerError(f"no player named {quoted(old)} in {ledger.path} ({hint})")
        groups = [(f"session {quoted(record.name)}", record.players) for _, record in touched]
        groups += rolls
        spellings = {n for _, players in groups for n in players if name_key(n) == key}
        if spellings == {new}:
            raise LedgerError(f"the player is already named {quoted(new)} in every session")
        for where, players in groups:
            others = [name for name in players if name_key(name) != key]
            clash = [name for name in others if name_key(name) == name_key(new)]
            if clash:
                raise LedgerError(
                    f"cannot rename {quoted(old)} to {quoted(new)}: {quoted(clash[0])} already"
                    f" plays in {where}"
                )
            try:
                check_player_names(
                    [new if name_key(n) == key else n for n in players], "rename", (1, None)
                )
            except DealError as error:
                raise LedgerError(
                    f"cannot rename {quoted(old)} to {quoted(new)}: {error}"
                ) from None
        renamed = _renamer(key, new)
        for session_id, _ in touched:
            rewrite(connection, session_id, renamed)
        nights = rewrite_nights(connection, lambda night: with_players_renamed(night, renamed))
        names = tuple(record.name for _, record in touched)
        check_again(ledger, connection, names)
        note = Rename(old, new, when, names, nights)
        notes = [*_notes(connection), note.to_dict()]
        connection.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
            (RENAMES_KEY, json.dumps(notes, sort_keys=True, ensure_ascii=False)),
        )
        return note

    return ledger.write(change)


def _renamer(key: str, new: str) -> Callable[[Any], Any]:
    def renamed(name: Any) -> Any:
        return new if isinstance(name, str) and name_key(name) == key else name

    return renamed


def rewrite(
    connection: sqlite3.Connection,
    session_id: int,
    renamed: Callable[[Any], Any],
    session_name: str | None = None,
) -> None:
    """Write one session's records again with the player names ``renamed`` (and the
    session's own name ``session_name``, if given), and chain them again."""
    (text,) = connection.execute(
        "SELECT record FROM session WHERE id = ?", (session_id,)
    ).fetchone()
    record = json.loads(text)
    record["players"] = [renamed(name) for name in record["players"]]
    if session_name is not None:
        record["name"] = session_name
        connection.execute("UPDATE session SET name = ? WHERE id = ?", (session_name, session_id))
    text = canonical(record)
    head = chain_digest(SESSION_SEED, text)
    connection.execute(
        "UPDATE session SET record = ?, digest = ? WHERE id = ?", (text, head, session_id)
    )
    rows = connection.execute(
        "SELECT id, record FROM entry WHERE session_id = ? ORDER BY seq", (session_id,)
    ).fetchall()
    for entry_id, entry_text in rows:
        entry = json.loads(entry_text)
        if "input" in entry:
            entry["input"] = _renamed_input(entry["input"], renamed)
        if "result" in entry:
            entry["result"] = _renamed_outcome(entry["result"], renamed)
        if "results" in entry:
            entry["results"] = [_renamed_outcome(result, renamed) for result in entry["results"]]
        entry_text = canonical(entry)
        head = chain_digest(head, entry_text)
        connection.execute(
            "UPDATE entry SET record = ?, digest = ? WHERE id = ?", (entry_text, head, entry_id)
        )
    connection.execute("UPDATE session SET head = ? WHERE id = ?", (head, session_id))


def _renamed_input(raw: dict[str, Any], renamed: Callable[[Any], Any]) -> dict[str, Any]:
    return {
        **raw,
        "players": [renamed(name) for name in raw["players"]],
        "winner": renamed(raw["winner"]),
        "racks": [[renamed(name), tiles] for name, tiles in raw["racks"]],
        "not_melded": [renamed(name) for name in raw["not_melded"]],
        "trump_holders": [renamed(name) for name in raw["trump_holders"]],
    }


def _renamed_outcome(result: dict[str, Any], renamed: Callable[[Any], Any]) -> dict[str, Any]:
    winner = result["winner"]
    summary = result["summary"]
    if isinstance(winner, str) and renamed(winner) != winner:
        # the summary names the winner once, right after "... win by " (DealResult.summary)
        summary = summary.replace(f" by {winner}", f" by {renamed(winner)}", 1)
    return {
        **result,
        "winner": renamed(winner),
        "summary": summary,
        "deltas": [[renamed(name), delta] for name, delta in result["deltas"]],
        "reasons": [[renamed(name), why] for name, why in result["reasons"]],
    }


def check_again(ledger: Ledger, connection: sqlite3.Connection, names: tuple[str, ...]) -> None:
    """Replay and re-score the sessions just rewritten (inside the write): any problem
    undoes the whole rename."""
    from intlscore.session.ledger.core import rebuild_kept, rescore_problems

    problems: list[str] = []
    for name in names:
        loaded = known(ledger.load(connection, name, problems), f"session {name!r}, listed")
        problems += rescore_problems(name, loaded[2])
        rebuild_kept(connection, loaded[0], loaded[2])  # the kept rows name the players too
    if problems:  # pragma: no cover - a rename never changes a score
        raise LedgerError(f"the rename was not stored: {problems[0]}")
