"""The club on the page: ``/club`` (standings, statistics, the season's running totals and
the closed types made) and its JSON twin ``/api/stats`` (a ``stats/1`` document).

Both read every session in one snapshot (:func:`~intlscore.session.club.season.read_season`);
``?since=YYYY-MM-DD&until=YYYY-MM-DD`` choose the deals, ``?stake=0.05`` adds money. A bad
value is a 400 with ``{"error": ...}`` (a page saying the same line for ``/club``).
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from intlscore.faces.web.api import answer, settings
from intlscore.faces.web.chart import player_order, running_chart
from intlscore.faces.web.pages import render

__all__ = ["routes"]


async def _season(request: Request) -> tuple[Any, Any, Any]:
    """The statistics, standings and season deals the query asks for."""
    from intlscore.session.club.standings import standings
    from intlscore.session.club.stats import Selection, read_season, season_deals, season_stats

    query = request.query_params
    chosen = Selection.typed(query.get("since") or None, query.get("until") or None)
    stake = query.get("stake") or None
    where = settings(request)

    def job() -> list[Any]:
        with where.ledger() as ledger:
            return read_season(ledger)

    season = await run_in_threadpool(job)
    return (
        season_stats(season, chosen, stake),
        standings(season, chosen, "score", stake),
        season_deals(season, chosen),
    )


async def stats_api(request: Request) -> Response:
    stats, _, _ = await _season(request)
    return answer(request, "stats", stats.to_dict())


async def club_page(request: Request) -> Response:
    stats, table, deals = await _season(request)
    where = settings(request)

    def order() -> list[str]:  # each player's style, as on every session's chart
        with where.ledger() as ledger:
            return player_order(ledger)

    styles = await run_in_threadpool(order)
    chart = running_chart([row.name for row in table.rows], [deal.deltas for deal in deals], styles)
    most = max((closed.count for closed in stats.closed_types), default=1)
    return render(
        request,
        "club.html",
        title="The club",
        stats=stats,
        table=table,
        chart=chart,
        most=most,
        query=request.query_params,
    )


def routes() -> list[Route]:
    return [
        Route("/club", club_page, methods=["GET"]),
        Route("/api/stats", stats_api, methods=["GET"]),
    ]
