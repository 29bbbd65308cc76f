"""Settling a session at its kept stake (R19; issue 29): the one rule that ``intlscore
session settle`` and the page's "settle" (``POST /api/session/NAME/settle``) share.

A session keeps a stake (money per point): ``session new --stake``, or the stake of its
first settlement. A settlement without a stake uses the kept one; a settlement at another
stake leaves the kept one as it is, and says so.

>>> import pathlib, tempfile
>>> from intlscore.session.ledger import Ledger
>>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
...     session = ledger.create_session("friday", ["ann", "bob"])
...     _ = session.deal(kind="open", winner="ann", racks={"bob": "r5"})
...     first = settle_session(session, "0.05")
...     again = settle_session(session, None)
...     other = settle_session(session, "0.1")
>>> first.note, str(again.settlement.stake), again.note
('now kept for session friday', '0.05', "session friday's stake")
>>> [str(payment) for payment in other.settlement.transfers], other.note
(['bob pays ann 10.50'], 'session friday keeps its stake 0.05')
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from intlscore.errors import LedgerError
from intlscore.session.settlement import DEFAULT_UNIT, Settlement, settle

if TYPE_CHECKING:
    from intlscore.session.ledger import Session

__all__ = ["KeptSettlement", "settle_session"]


@dataclass(frozen=True, slots=True)
class KeptSettlement:
    """A session's settlement and where its stake came from, in a few words."""

    settlement: Settlement
    note: str


def settle_session(
    session: Session,
    stake: Decimal | str | None,
    unit: Decimal | str = DEFAULT_UNIT,
    *,
    how_to_give: str = "a stake",
) -> KeptSettlement:
    """Settle at ``stake`` or, when it is None, at the session's kept stake; the first
    stake given is kept for the session (one write; on a ledger that cannot be written, a
    read-only disk, it is used and not kept). ``how_to_give`` names, in the
    error of a session with no stake, how to give one (``--stake AMOUNT`` at the terminal).
    """
    state = session.snapshot()
    if stake is None:
        if state.stake is None:
            raise LedgerError(
                f"session {session.name!r} has no stake yet: give {how_to_give} (the first"
                " settlement keeps it for the session)"
            )
        stake = state.stake
    settlement = settle(state.totals, stake, unit)
    if state.stake is None:
        if session.ledger.store.read_only is not None:  # settled all the same, not kept
            return KeptSettlement(settlement, "not kept: the ledger cannot be written")
        session.set_stake(settlement.stake)
        return KeptSettlement(settlement, f"now kept for session {session.name}")
    if settlement.stake != state.stake:
        return KeptSettlement(settlement, f"session {session.name} keeps its stake {state.stake}")
    return KeptSettlement(settlement, f"session {session.name}'s stake")
