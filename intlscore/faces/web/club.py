"""The club on the page: ``/club`` (standings, statistics, the season's running totals and
the closed types made) and its JSON twin ``/api/stats`` (a ``stats/1`` document).

Both read every session in one snapshot, from the results kept when each deal was written
(:func:`~intlscore.session.club.season.read_season`), and do all their work in the thread
pool, never on the event loop: a club page never holds up a write or a live update. What
they compute is kept per ledger revision (the checksums of every session's last entry) and
query, so the pages of a table that reloads the club after every deal pay once per change.
``?since=YYYY-MM-DD&until=YYYY-MM-DD`` choose the deals, ``?stake=0.05`` adds money. A bad
value is a 400 with ``{"error": ...}`` (a page saying the same line for ``/club``). The
page's chart has one point per session, not one per deal.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from intlscore.faces.web.api import answer, settings
from intlscore.faces.web.chart import Chart, first_appearance, running_chart
from intlscore.faces.web.pages import render

if TYPE_CHECKING:
    from intlscore.session.club.standings import Standings
    from intlscore.session.club.stats import Stats
    from intlscore.session.ledger import Ledger

__all__ = ["Club", "routes"]

KEPT: Final = 8
"""How many computed club views the server keeps (per revision and query)."""


@dataclass(frozen=True, slots=True)
class Club:
    """What the club's page and ``/api/stats`` show for one query."""

    stats: Stats
    table: Standings
    chart: Chart


def revision(ledger: Ledger) -> str:
    """Where the ledger stands: a checksum of every session's last entry (any write to a
    session, a rename included, changes its head; a new session adds one)."""

    def read(connection: sqlite3.Connection | None) -> str:
        if connection is None:
            return ""
        heads = connection.execute("SELECT name, head FROM session ORDER BY id").fetchall()
        return hashlib.sha256(repr(heads).encode()).hexdigest()

    return ledger.read(read)


class ClubViews:
    """The club views computed so far, by (revision, query), the newest kept."""

    def __init__(self) -> None:
        from intlscore.session.club.season import SeasonCache

        self._lock = threading.Lock()
        self._views: OrderedDict[tuple[str, ...], Club] = OrderedDict()
        self._season = SeasonCache()
        """Each session as last read: after a deal only its session is read again."""

    def get(self, ledger: Ledger, since: str | None, until: str | None, stake: str | None) -> Club:
        from intlscore.session.club.season import read_season
        from intlscore.session.club.standings import standings
        from intlscore.session.club.stats import Selection, season_stats, season_tallies

        chosen = Selection.typed(since, until)
        key = (revision(ledger), since or "", until or "", stake or "")
        with self._lock:
            found = self._views.get(key)
        if found is not None:
            return found
        with self._lock:  # one reader of the kept sessions at a time
            season = read_season(ledger, self._season)
        stats = season_stats(season, chosen, stake)
        table = standings(season, chosen, "score", stake, ledger=ledger, stats=stats)
        steps = [share.step for share in season_tallies(season, chosen) if share.played]
        names = [row.name for row in table.rows]  # each player styled as on every chart
        order = first_appearance(state.players for state in season)  # as player_order()
        chart = running_chart(names, steps, order, "session")
        club = Club(stats, table, chart)
        with self._lock:
            self._views[key] = club
            while len(self._views) > KEPT:
                self._views.popitem(last=False)
        return club


async def _club(request: Request) -> Club:
    """The club view the query asks for, computed (or found) in the thread pool."""
    query = request.query_params
    state = request.app.state
    if getattr(state, "club_views", None) is None:
        state.club_views = ClubViews()
    views: ClubViews = state.club_views
    where = settings(request)

    def job() -> Club:
        with where.ledger() as ledger:
            return views.get(
                ledger,
                query.get("since") or None,
                query.get("until") or None,
                query.get("stake") or None,
            )

    return await run_in_threadpool(job)


async def stats_api(request: Request) -> Response:
    club = await _club(request)
    return answer(request, "stats", club.stats.to_dict())


async def club_page(request: Request) -> Response:
    club = await _club(request)
    most = max((closed.count for closed in club.stats.closed_types), default=1)
    return render(
        request,
        "club.html",
        title="The club",
        stats=club.stats,
        table=club.table,
        chart=club.chart,
        most=most,
        query=request.query_params,
    )


def routes() -> list[Route]:
    return [
        Route("/club", club_page, methods=["GET"]),
        Route("/api/stats", stats_api, methods=["GET"]),
    ]
