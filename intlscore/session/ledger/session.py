"""One named session of a ledger: writing its deals in constant time, reading its history.

A write (a deal, an amendment, an undo or a redo) reads the session's **head**, not its
history: the session record (checked against its checksum), the running state kept beside
it (:mod:`.kept`) and the last entry of the chain, which must be the one the head names. It
then chains one entry and updates the kept state, in one transaction. So an append costs
the same at deal 5,000 as at deal 10. Reading a session (``show``, ``versions``,
``rescore``) replays and checks its whole history (:func:`~.records.replay`), as does
``session check``.
"""

from __future__ import annotations

import inspect
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Self

from intlscore.errors import DealTypeError, LedgerDamageError, LedgerError, known
from intlscore.rules import Rules
from intlscore.rules.deal_table import DealTable
from intlscore.session.deal import DealResult, score_deal
from intlscore.session.ledger import clock, kept
from intlscore.session.ledger.records import (
    Entry,
    History,
    RecordedDeal,
    SessionRecord,
    checked_session,
    rules_of_entry,
)
from intlscore.session.ledger.schema import append_entries
from intlscore.session.ledger.state import Rescore, SessionState, rescored
from intlscore.session.settlement import DEFAULT_UNIT, Settlement, parse_money, settle

if TYPE_CHECKING:
    from intlscore.session.ledger.core import Ledger

__all__ = ["OpenSession", "read_tail"]


def _deal_arguments() -> list[str]:
    """The keyword arguments a session's deal takes: those of ``score_deal`` that the
    session does not fix."""
    fixed = {"players", "table", "rules"}
    return [name for name in inspect.signature(score_deal).parameters if name not in fixed]


@dataclass(frozen=True, slots=True)
class Tail:
    """What a write reads of a session: its row, checked, and the rules in force."""

    session_id: int
    record: SessionRecord
    head: kept.Head
    rules: Rules


def read_tail(connection: sqlite3.Connection, name: str, session_id: int) -> Tail:
    """The session's head, checked against its record's checksum and its last entry."""
    row = connection.execute(
        "SELECT id, record, digest FROM session WHERE name = ?", (name,)
    ).fetchone()
    if row is None or row[0] != session_id:
        raise LedgerError(f"session {name!r} is no longer in the ledger")
    _, text, digest = row
    record, problem = checked_session(name, text, digest)
    if problem is not None or record is None:
        raise LedgerDamageError(f"session {name!r}: {problem}; nothing was changed")
    head = kept.read_head(connection, session_id)
    last = connection.execute(
        "SELECT seq, digest, record FROM entry WHERE session_id = ? ORDER BY seq DESC LIMIT 1",
        (session_id,),
    ).fetchone()
    ends = (0, digest) if last is None else (last[0], last[1])
    if ends != (head.entries, head.head) or (head.entries == 0 and head.deals):
        raise LedgerDamageError(
            f"session {name!r}: the last entries are missing or damaged (its head does not"
            " match its history); nothing was changed (see: intlscore session check)"
        )
    rules = record.rules
    if head.rules_seq:
        (rules_text,) = connection.execute(
            "SELECT record FROM entry WHERE session_id = ? AND seq = ?",
            (session_id, head.rules_seq),
        ).fetchone()
        rules = rules_of_entry(rules_text)
    return Tail(session_id, record, head, rules)


Maker = Callable[[Tail, sqlite3.Connection], tuple[Entry, "kept.Closed | None"]]
"""Builds a write's entry from the session's head (and the closed type it stores)."""


class OpenSession:
    """A named session of an open ledger: its players, deals and running totals; the
    public :class:`~intlscore.session.ledger.core.Session` adds the ways to open one."""

    def __init__(
        self,
        ledger: Ledger,
        session_id: int,
        record: SessionRecord,
        rules: Rules | None = None,
    ) -> None:
        self.ledger = ledger
        self.id = session_id
        self.name = record.name
        self.players = record.players
        self.created = record.created
        self._rules = rules if rules is not None else record.rules
        """The rules in force: those of the last rescore, else the session's own."""
        self._totals: dict[str, int] | None = None

    @property
    def rules(self) -> Rules:
        """The rules in force (as last read): the session's own, or those of its last
        rescore."""
        return self._rules

    @property
    def table(self) -> DealTable:
        """The deal table of the rules in force (the older name)."""
        return self._rules.deals

    def close(self) -> None:
        """Close the ledger this session belongs to."""
        self.ledger.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Session({self.name!r}, players={list(self.players)!r})"

    # -- writing -----------------------------------------------------------------------------

    def _append(self, make: Maker) -> Entry:
        """Chain the entry ``make`` builds from the session's head (reading through the
        write's connection), and keep what it changes, in one transaction."""

        def change(connection: sqlite3.Connection) -> Entry:
            tail = read_tail(connection, self.name, self.id)
            self._rules = tail.rules
            entry, closed = make(tail, connection)
            head = append_entries(connection, self.id, tail.head.entries, tail.head.head, [entry])
            after = kept.record_entry(connection, self.id, tail.head, entry, head, closed)
            self._totals = {name: after.totals_dict().get(name, 0) for name in self.players}
            return entry

        return self.ledger.write(change)

    def _score(self, deal: dict[str, Any]) -> DealResult:
        for key in ("players", "table", "rules"):
            if key in deal:
                raise DealTypeError(f"Session.deal() takes no {key!r}: the session fixes it")
        known = _deal_arguments()
        for key in deal:
            if key not in known:
                import difflib

                close = difflib.get_close_matches(key, known, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise DealTypeError(f"Session.deal() has no argument {key!r}{hint}")
        return score_deal(self.players, rules=self._rules, **deal)

    def play(self, number: int | None = None, **deal: Any) -> tuple[RecordedDeal, DealResult]:
        """Score a deal under the session's rules and store it: a new deal, or (with
        ``number``) an amendment of deal ``number``. Returns what was stored and the full
        result (for a view). An invalid deal raises :class:`~intlscore.errors.DealError`
        and the ledger is unchanged."""
        if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
            raise DealTypeError(f"number must be a deal number, not {number!r}")
        return self._store(number, self._score(deal))

    def _store(self, number: int | None, first: DealResult) -> tuple[RecordedDeal, DealResult]:
        if first.input.players != self.players:
            raise LedgerError(
                f"the deal is for {', '.join(first.input.players)}, but session"
                f" {self.name!r} is {', '.join(self.players)}"
            )
        created = clock.now()
        scored: list[DealResult] = []

        def make(tail: Tail, _: sqlite3.Connection) -> tuple[Entry, kept.Closed | None]:
            count = tail.head.deals
            if number is not None and not 1 <= number <= count:
                has = f"deals 1 to {count}" if count else "no deals"
                raise LedgerError(f"session {self.name!r} has no deal {number} ({has})")
            result = first
            if tail.rules != first.rules:  # the rules changed since: score under them
                result = first.input.score(rules=tail.rules)
            scored.append(result)
            closed = kept.closed_of(result)
            if number is None:
                deal = RecordedDeal.from_result(count + 1, created, result)
                return Entry("deal", count + 1, created, deal), closed
            recorded = replace(RecordedDeal.from_result(number, created, result), amended=True)
            return Entry("amend", number, created, recorded), closed

        entry = self._append(make)
        return known(entry.deal, "the deal just stored"), scored[-1]

    def deal(self, **deal: Any) -> RecordedDeal:
        """Score a deal of this session's players and store it.

        The arguments are those of :func:`~intlscore.session.deal.score_deal` but
        ``players`` and ``rules`` (the session fixes both). The deal is scored
        before anything is written: an invalid deal raises
        :class:`~intlscore.errors.DealError` and the ledger is unchanged.
        """
        return self.play(**deal)[0]

    def record(self, result: DealResult) -> RecordedDeal:
        """Store an already scored deal of this session's players, in one transaction
        (scored again from its input if the session's rules are other than its own)."""
        return self._store(None, result)[0]

    def amend(self, number: int, **deal: Any) -> RecordedDeal:
        """Replace deal ``number`` by a new description (the arguments of :meth:`deal`);
        the old version is kept in the history, and the deal shows as amended."""
        return self.play(number, **deal)[0]

    def undo(self) -> RecordedDeal:
        """Mark the last deal as undone (it stays in the file) and return it."""
        undone = clock.now()
        moved: list[RecordedDeal] = []

        def make(tail: Tail, connection: sqlite3.Connection) -> tuple[Entry, kept.Closed | None]:
            count = tail.head.deals
            if not count:
                raise LedgerError(f"session {self.name!r} has no deals to undo")
            deal = kept.kept_deal(connection, self.id, count, self.players)
            moved.append(replace(deal, undone=undone))
            return Entry("undo", count, undone), None

        self._append(make)
        return moved[-1]

    def redo(self) -> RecordedDeal:
        """Restore the most recently undone deal (not after a new deal took its place)."""
        created = clock.now()
        moved: list[RecordedDeal] = []

        def make(tail: Tail, connection: sqlite3.Connection) -> tuple[Entry, kept.Closed | None]:
            last = kept.last_undone(connection, self.id, tail.head.deals)
            if last is None:
                raise LedgerError(f"session {self.name!r} has no undone deal to redo")
            moved.append(kept.stored_deal(last[1], self.players))
            return Entry("redo", last[0], created), None

        self._append(make)
        return moved[-1]

    def set_stake(self, stake: Decimal | str | int) -> Decimal:
        """Store the session's stake (money per point, R19) for later settlements; one
        entry in the history, so the stake it replaces stays on record.

        >>> import tempfile, pathlib
        >>> from intlscore.session.ledger import Ledger
        >>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
        ...     session = ledger.create_session("friday", ["ann", "bob"])
        ...     session.snapshot().stake, session.set_stake("0.05"), session.snapshot().stake
        (None, Decimal('0.05'), Decimal('0.05'))
        """
        amount = parse_money(stake)
        created = clock.now()

        def make(tail: Tail, _: sqlite3.Connection) -> tuple[Entry, kept.Closed | None]:
            return Entry("stake", tail.head.deals, created, stake=str(amount)), None

        self._append(make)
        return amount

    def change_rules(self, rules: Rules) -> Rescore:
        """Re-score the whole history from the stored raw input under ``rules`` and play on
        under them (one transaction; the old scores stay in the history)."""
        created = clock.now()

        def change(connection: sqlite3.Connection) -> Rescore:
            history = self._history(connection)
            report = rescored(self.name, self.players, history, rules)
            entry = Entry(
                "rescore", len(history.deals), created, rules=rules, rescored=report.deals
            )
            problem = history.apply(entry)
            if problem is not None:  # pragma: no cover - rescored() built it from the history
                raise LedgerError(f"session {self.name!r}: {problem}")
            history.head = append_entries(
                connection, self.id, history.entries, history.head, [entry]
            )
            history.entries += 1
            history.rules_seq = history.entries
            closed = {
                deal.number: kept.closed_of(result)
                for deal, result in zip(report.deals, report.results, strict=True)
            }
            kept.rebuild(connection, self.id, history, closed, history.rules_seq)
            self._totals = {name: report.new.get(name, 0) for name in self.players}
            return report

        report = self.ledger.write(change)
        self._rules = rules
        return report

    # -- reading -----------------------------------------------------------------------------

    def _history(self, connection: sqlite3.Connection) -> History:
        loaded = self.ledger.load(connection, self.name)
        if loaded is None or loaded[0] != self.id:
            raise LedgerError(f"session {self.name!r} is no longer in the ledger")
        history = loaded[2]
        self._rules = history.rules_in_force
        return history

    def _read_history(self) -> History:
        def read(connection: sqlite3.Connection | None) -> History:
            if connection is None:
                raise self.ledger.missing(connection, self.name)
            return self._history(connection)

        return self.ledger.read(read)

    def versions(self, number: int) -> tuple[RecordedDeal, ...]:
        """Every version of deal ``number`` that counts now, oldest first: the versions
        its amendments replaced, then the deal as it stands (read in one transaction).

        >>> import tempfile, pathlib
        >>> from intlscore.session.ledger import Ledger
        >>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
        ...     session = ledger.create_session("friday", ["ann", "bob"])
        ...     _ = session.deal(kind="open", winner="ann", racks={"bob": "r5"})
        ...     _ = session.amend(1, kind="open", winner="bob", racks={"ann": "k1"})
        ...     [(deal.winner, deal.amended) for deal in session.versions(1)]
        [('ann', False), ('bob', True)]
        """
        history = self._read_history()
        count = len(history.deals)
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= count:
            has = f"deals 1 to {count}" if count else "no deals"
            raise LedgerError(f"session {self.name!r} has no deal {number} ({has})")
        return (*history.earlier.get(number, []), history.deals[number - 1])

    def snapshot(self) -> SessionState:
        """The session as it is now, read and checked in one transaction: players, rules,
        deals."""
        state = self.state_of(self._read_history())
        self._totals = state.totals
        return state

    def state_of(self, history: History) -> SessionState:
        """A replayed history of this session as a :class:`SessionState`."""
        rules = history.rules_in_force
        return SessionState(
            self.name,
            self.players,
            self.created,
            rules.deals,
            tuple(history.deals),
            can_redo=bool(history.undone),
            rules=rules,
            stake=None if history.stake is None else Decimal(history.stake),
            head=history.head,
        )

    def head(self) -> str:
        """The checksum of the session's last entry now: it changes with every write to the
        session (one small read, not the history)."""

        def read(connection: sqlite3.Connection | None) -> str:
            row = (
                None
                if connection is None
                else connection.execute(
                    "SELECT head FROM session WHERE id = ?", (self.id,)
                ).fetchone()
            )
            if row is None:
                raise self.ledger.missing(connection, self.name)
            return str(row[0])

        return self.ledger.read(read)

    @property
    def last_totals(self) -> dict[str, int]:
        """Each player's total as this object last wrote or read it, in that one
        transaction (so a command shows the totals its own write produced, not a later
        moment); read now if it has done neither."""
        if self._totals is None:
            self._totals = self.totals()
        return dict(self._totals)

    def deals(self) -> list[RecordedDeal]:
        """The deals of the session (undone ones left out), in order."""
        return list(self.snapshot().deals)

    def totals(self) -> dict[str, int]:
        """Each player's running total, in seat order, from the whole history read and
        checked in one transaction (money is settled on it)."""
        return self.snapshot().totals

    def settle(self, stake: Decimal | str | int, unit: Decimal | str = DEFAULT_UNIT) -> Settlement:
        """Settle the running totals (R19); see :func:`~intlscore.session.settlement.settle`."""
        return settle(self.totals(), stake, unit)

    def rescore(self, rules: Rules | DealTable | None = None) -> Rescore:
        """Score every deal that counts again from its raw input under ``rules`` (the
        session's own by default; a :class:`DealTable` as before). Nothing is written:
        :meth:`change_rules` stores it."""
        history = self._read_history()
        in_force = history.rules_in_force
        if isinstance(rules, DealTable):
            rules = in_force.with_deals(rules)
        rules = in_force if rules is None else rules
        return rescored(self.name, self.players, history, rules)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``session show --json``; see :meth:`SessionState.to_dict`."""
        return self.snapshot().to_dict()
