"""What a read of the ledger answers: a session's state, a line of the session list, a
rescore's report and the ledger's check. Values only; reading them is :mod:`.core`'s and
:mod:`.session`'s work.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

from intlscore.errors import IntlscoreError, LedgerError
from intlscore.rules import Rules, default_rules
from intlscore.rules.deal_table import DealTable
from intlscore.session.deal import DealResult
from intlscore.session.ledger.records import History, RecordedDeal

__all__ = [
    "LedgerCheck",
    "Rescore",
    "SessionState",
    "SessionSummary",
    "csv_cell",
    "rescore_problem",
    "rescored",
]

FORMULA_STARTS: Final = ("=", "+", "-", "@", "|", "\t", "\r")


def csv_cell(text: str) -> str:
    """A text cell made safe for spreadsheets (OWASP CSV injection): a cell starting with
    ``= + - @ |``, a tab or a carriage return gets a leading ``'``. Numbers are written as
    numbers and never pass through here, so a real ``-42`` stays numeric.

    >>> csv_cell("=HYPERLINK(1)"), csv_cell("ann"), csv_cell("-x")
    ("'=HYPERLINK(1)", 'ann', "'-x")
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """A line of ``session list``."""

    name: str
    players: tuple[str, ...]
    deals: int
    created: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "players": list(self.players),
            "deals": self.deals,
            "created": self.created,
        }


@dataclass(frozen=True, slots=True)
class SessionState:
    """A session as read at one moment: its players, deal table and deals."""

    name: str
    players: tuple[str, ...]
    created: str
    table: DealTable
    deals: tuple[RecordedDeal, ...]
    can_redo: bool = False
    rules: Rules | None = None
    """The rules in force (``None``: the shipped rules with ``table``)."""
    stake: Decimal | None = None
    """The session's stake (money per point, R19) as stored, None until one is."""
    head: str = field(default="", compare=False)
    """The checksum of the session's last entry when it was read (which moment it is)."""

    @property
    def totals(self) -> dict[str, int]:
        """Each player's running total, in seat order."""
        return {name: sum(deal.deltas[name] for deal in self.deals) for name in self.players}

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``session show --json`` and ``session export --format json``."""
        return {
            "name": self.name,
            "players": list(self.players),
            "totals": self.totals,
            "deals": [deal.to_dict() for deal in self.deals],
            "created": self.created,
            "deal_table": {"source": self.table.source, "numbers": self.table.to_dict()},
            "rules": self.rules_name,
        }

    @property
    def rules_name(self) -> str:
        """The name of the rules in force (``international`` for the shipped ones)."""
        return (self.rules or default_rules()).name

    def to_csv(self) -> str:
        """One row per deal: number, time, kind, winner, doubled and each player's delta.

        Text cells (player names) are neutralised against formula injection
        (:func:`csv_cell`); deltas stay numbers.
        """
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        names = [csv_cell(name) for name in self.players]
        writer.writerow(["deal", "created", "kind", "winner", "doubled", *names])
        for deal in self.deals:
            writer.writerow(
                [
                    deal.number,
                    deal.created,
                    deal.kind,
                    csv_cell(deal.winner or ""),
                    "yes" if deal.doubled else "no",
                    *(deal.deltas[name] for name in self.players),
                ]
            )
        return out.getvalue()


@dataclass(frozen=True, slots=True)
class Rescore:
    """A session's history scored again under other rules: old and new totals."""

    rules: Rules
    old: dict[str, int]
    new: dict[str, int]
    deals: tuple[RecordedDeal, ...]
    """The deals that count, with their new scores."""
    results: tuple[DealResult, ...]

    @property
    def changed(self) -> bool:
        return self.old != self.new or any(
            not new.same_score(old) for new, old in zip(self.deals, self.old_deals, strict=True)
        )

    old_deals: tuple[RecordedDeal, ...] = ()
    """The same deals as stored before, with their old scores."""

    @property
    def changed_deals(self) -> list[tuple[RecordedDeal, RecordedDeal]]:
        """``(old, new)`` of each deal whose deltas change, in order."""
        return [
            (old, new)
            for new, old in zip(self.deals, self.old_deals, strict=True)
            if dict(new.deltas) != dict(old.deltas)
        ]

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``session rescore --json`` (the command adds the session's name and
        whether it was stored): the new rules' name, how many deals were scored again,
        each player's old and new total and the change, and the deals whose deltas change.

        >>> import tempfile, pathlib
        >>> from intlscore.rules import default_rules
        >>> from intlscore.session.ledger import Ledger
        >>> joker25 = default_rules().with_options(joker_value=25)
        >>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
        ...     session = ledger.create_session("friday", ["ann", "bob"])
        ...     _ = session.deal(kind="open", winner="ann", racks={"bob": "r5"})
        ...     _ = session.deal(kind="open", winner="bob", racks={"ann": "*"})
        ...     report = session.rescore(joker25).to_dict()
        >>> report["deals"], report["old"], report["new"], report["change"]
        (2, {'ann': 70, 'bob': 95}, {'ann': 75, 'bob': 95}, {'ann': 5, 'bob': 0})
        >>> [(deal["number"], deal["old"]["deltas"], deal["new"]["deltas"])
        ...  for deal in report["changed_deals"]]
        [(2, {'ann': -30, 'bob': 100}, {'ann': -25, 'bob': 100})]
        """
        return {
            "rules": self.rules.name,
            "deals": len(self.deals),
            "old": dict(self.old),
            "new": dict(self.new),
            "change": {name: self.new[name] - old for name, old in self.old.items()},
            "changed_deals": [
                {
                    "number": new.number,
                    "old": {"summary": old.summary, "deltas": dict(old.deltas)},
                    "new": {"summary": new.summary, "deltas": dict(new.deltas)},
                }
                for old, new in self.changed_deals
            ],
        }


@dataclass(frozen=True, slots=True)
class LedgerCheck:
    """What :meth:`Ledger.verify` found, read in one snapshot: every problem (one line
    each), and when there is none, each session checked with its number of deals."""

    path: Path
    sessions: tuple[SessionSummary, ...]
    """The sessions checked (empty when a problem was found: their counts are not trusted)."""
    problems: tuple[str, ...]
    clashes: tuple[str, ...] = ()
    """Sessions whose names are one name (the same under NFC and case folding), one line
    each with a way to rename one: ``session check`` reports them; nothing is renamed."""

    @property
    def ok(self) -> bool:
        """True when every record matches its checksum and re-scores to its deltas."""
        return not self.problems

    @property
    def deals(self) -> int:
        """The number of deals of the sessions checked."""
        return sum(summary.deals for summary in self.sessions)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``session check --json``: ``sessions`` only when ``ok``.

        >>> LedgerCheck(Path("l.sqlite3"), (), ("session 'x': deal 2 is damaged",)).to_dict()
        {'db': 'l.sqlite3', 'ok': False, 'problems': ["session 'x': deal 2 is damaged"]}
        """
        data: dict[str, Any] = {"db": str(self.path), "ok": self.ok and not self.clashes}
        if data["ok"]:
            data["sessions"] = [
                {"name": summary.name, "deals": summary.deals} for summary in self.sessions
            ]
        data["problems"] = [*self.problems, *self.clashes]
        return data


def rescored(name: str, players: Sequence[str], history: History, rules: Rules) -> Rescore:
    """Every deal that counts scored again under ``rules``; totals for every player (0
    before the first deal)."""
    results: list[DealResult] = []
    deals: list[RecordedDeal] = []
    for deal in history.deals:
        try:
            result = deal.input.score(rules=rules)
        except IntlscoreError as error:
            raise LedgerError(
                f"session {name!r}, deal {deal.number} cannot be scored under the rules"
                f" {rules.name!r}: {error}; nothing was changed"
            ) from None
        results.append(result)
        fresh = RecordedDeal.from_result(deal.number, deal.created, result)
        deals.append(replace(fresh, amended=deal.amended))
    old = {p: sum(d.deltas[p] for d in history.deals) for p in players}
    new = {p: sum(d.deltas[p] for d in deals) for p in players}
    return Rescore(rules, old, new, tuple(deals), tuple(results), tuple(history.deals))


def rescore_problem(rules: Rules, deal: RecordedDeal) -> str | None:
    """Why a stored deal does not re-score to its stored deltas under ``rules`` (None: it
    does)."""
    try:
        again = deal.input.score(rules=rules)
    except IntlscoreError as error:
        return f"its stored input no longer scores ({error})"
    fresh = RecordedDeal.from_result(deal.number, deal.created, again)
    if dict(fresh.deltas) != dict(deal.deltas):
        return (
            f"its stored deltas {dict(deal.deltas)} differ from its input re-scored"
            f" {dict(fresh.deltas)}"
        )
    return None
