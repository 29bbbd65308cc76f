"""What the live stream tells a page of one session when it changed (issue 43): the new or
changed deals and the totals after them, so that the page updates in place instead of
reading the whole session again.

:class:`~intlscore.faces.web.live.LedgerWatch` calls :func:`session_news` once per change,
for all the pages that follow the session, inside the snapshot in which it found the
change. The news holds:

- ``before`` and ``head``: the session's moment before and after (its head, the checksum of
  its last entry); a page whose history shows ``before`` applies the news, any other reads
  itself once;
- ``entries``: what was written since, in order (``{"kind": "deal", "number": 3}``; the
  kinds are the ledger's: deal, amend, undo, redo, rescore, stake);
- ``deals``: each deal written (stored, amended or redone) that counts now, with its
  history row (``row``, rendered by the page's own macro, ``session_parts.html``);
  ``removed``: the numbers of deals undone;
- ``count`` and ``totals``: how many deals count and each player's total;
- ``parts``: the page's other live parts as the page renders them (the totals, the
  history's buttons, the chart, the stake, and for a night's table its line: the page
  takes each part from its HTML by its ``data-live`` name);
- ``whole``: true when the page cannot apply it (a re-scoring changes every deal, or the
  moment before is not in the session's chain): the page then reads itself.

>>> entry_of('{"format": 1, "record": "amend", "number": 3}')
('amend', 3)
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any, Final

from intlscore.faces.render.amend_words import amend_changes
from intlscore.faces.render.session_view import table_line_parts
from intlscore.faces.web.chart import running_chart
from intlscore.session.ledger import Ledger
from intlscore.session.ledger.records import History, RecordedDeal
from intlscore.session.ledger.session import OpenSession
from intlscore.session.ledger.state import SessionState
from intlscore.session.night.place import TablePlace, nights_naming, place_in

__all__ = ["entry_of", "session_news"]

WRITES_A_ROW: Final = frozenset({"deal", "amend", "redo"})
"""The entries after which a deal's row is sent again."""


def entry_of(text: str) -> tuple[str, int]:
    """An entry's kind and number, from its stored record."""
    data = json.loads(text)
    return str(data["record"]), int(data["number"])


def _entries_since(
    connection: sqlite3.Connection, session_id: int, before: str | None, session_digest: str
) -> list[tuple[str, int]] | None:
    """The entries written after the moment ``before`` (None: that moment is not in the
    session's chain)."""
    if before is None:
        return None
    if before == session_digest:
        start = 0
    else:
        row = connection.execute(
            "SELECT seq FROM entry WHERE session_id = ? AND digest = ?", (session_id, before)
        ).fetchone()
        if row is None:
            return None
        start = int(row[0])
    rows = connection.execute(
        "SELECT record FROM entry WHERE session_id = ? AND seq > ? ORDER BY seq",
        (session_id, start),
    ).fetchall()
    return [entry_of(text) for (text,) in rows]


def session_news(
    ledger: Ledger,
    connection: sqlite3.Connection,
    name: str,
    before: str | None,
    order: Sequence[str],
) -> dict[str, Any] | None:
    """The news of session ``name`` since its head was ``before``, read through
    ``connection`` (one snapshot); None when the session is gone. ``order`` is the ledger's
    players in order of first appearance (the chart's styles)."""
    loaded = ledger.load(connection, name)
    if loaded is None:
        return None
    session_id, record, history = loaded
    (digest,) = connection.execute(
        "SELECT digest FROM session WHERE id = ?", (session_id,)
    ).fetchone()
    entries = _entries_since(connection, session_id, before, digest)
    state = OpenSession(ledger, session_id, record).state_of(history)
    news: dict[str, Any] = {
        "session": state.name,
        "before": before,
        "head": state.head,
        "entries": [{"kind": kind, "number": number} for kind, number in entries or []],
        "count": len(state.deals),
        "totals": state.totals,
        "whole": entries is None or any(kind == "rescore" for kind, _ in entries),
    }
    count = len(state.deals)
    done = entries or []
    written = sorted({n for kind, n in done if kind in WRITES_A_ROW and n <= count})
    news["removed"] = sorted({n for kind, n in done if kind == "undo" and n > count})
    news["deals"] = _rows(state, history, [state.deals[number - 1] for number in written])
    news["parts"] = _parts(state, order)
    place = place_in(nights_naming(connection, state.name), state.name, count)
    if place is not None:  # a night's table: its line says who starts the deal in play
        news["parts"]["table-line"] = _table_line(place)
    return news


def _parts_macros() -> Any:
    from intlscore.faces.web.pages import ENVIRONMENT

    return ENVIRONMENT.get_template("session_parts.html").module


def _rows(
    state: SessionState, history: History, deals: Sequence[RecordedDeal]
) -> list[dict[str, Any]]:
    """Each deal as the stream sends it: its fields and its history row."""

    def versions(number: int) -> tuple[RecordedDeal, ...]:
        return (*history.earlier.get(number, []), history.deals[number - 1])

    was = amend_changes(deals, versions)
    macros = _parts_macros()
    return [
        {
            "number": deal.number,
            "created": deal.created,
            "kind": deal.kind,
            "winner": deal.winner,
            "summary": deal.summary,
            "amended": deal.amended,
            "deltas": dict(deal.deltas),
            "row": str(macros.deal_row(deal, was)).strip(),
        }
        for deal in deals
    ]


def _parts(state: SessionState, order: Sequence[str]) -> dict[str, str]:
    """The page's live parts other than the history, rendered by the page's macros."""
    macros = _parts_macros()
    chart = running_chart(state.players, [deal.deltas for deal in state.deals], order)
    return {
        "totals": str(macros.totals(state)).strip(),
        "history-actions": str(macros.history_actions(state)).strip(),
        "chart": str(macros.chart_part(chart)).strip(),
        "stake": str(macros.stake(state)).strip(),
    }


def _table_line(place: TablePlace) -> str:
    """A night's table as the page's include renders it (``table_line.html``); the page
    takes its line (``data-live="table-line"``) from it."""
    from intlscore.faces.web.pages import ENVIRONMENT

    template = ENVIRONMENT.get_template("table_line.html")
    return template.render(place=place, table_line=table_line_parts(place)).strip()
