"""The club's figures as one plain walk over every deal (how they were computed before
each session's share was kept, issue 28): the slow reference that
:func:`intlscore.session.club.stats.season_stats`, summing kept shares per session, must
equal."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from intlscore.session.club.season import SeasonSession
from intlscore.session.club.stats import (
    BIGGEST,
    EVERY,
    ClosedCount,
    Hand,
    PlayedDeal,
    PlayerStats,
    Selection,
    Stats,
    missing_stakes,
    season_names,
)
from intlscore.session.names import name_key
from intlscore.session.settlement import parse_money, settle

WIN_KINDS = ("open", "foot", "closed")


def reference_deals(
    season: Sequence[SeasonSession], selection: Selection = EVERY
) -> list[PlayedDeal]:
    names = season_names(season)
    played = []
    for state in selection.states(season):
        seat = {name: names[name_key(name)] for name in state.players}
        for deal in state.deals:
            if selection.keeps(deal):
                played.append(
                    PlayedDeal(
                        state.name,
                        deal.number,
                        deal.created,
                        deal.kind,
                        None if deal.winner is None else seat[deal.winner],
                        {seat[name]: delta for name, delta in deal.deltas.items()},
                        deal.summary,
                        deal.closed,
                    )
                )
    return played


def reference_stats(
    season: Sequence[SeasonSession], selection: Selection = EVERY, stake: str | None = None
) -> Stats:
    money_stake = None if stake is None else parse_money(stake, "stake")
    played = reference_deals(season, selection)
    names = season_names(season)
    players = {name: PlayerStats(name) for name in names.values()}
    streaks = dict.fromkeys(players, 0)
    closed_by: dict[str, dict[int, tuple[str, int, int]]] = {name: {} for name in players}
    table: dict[int, tuple[str, int, int]] = {}
    hands: list[Hand] = []
    sessions: dict[str, set[str]] = {name: set() for name in players}
    for deal in played:
        for name, delta in deal.deltas.items():
            stats = players[name]
            sessions[name].add(deal.session)
            stats.deals += 1
            stats.total += delta
            if stats.best is None or delta > stats.best.deltas[name]:
                stats.best = deal
            streaks[name] = streaks[name] + 1 if deal.winner == name else 0
            stats.longest_streak = max(stats.longest_streak, streaks[name])
        if deal.winner is not None and deal.kind in WIN_KINDS:
            players[deal.winner].wins[deal.kind] += 1
        if deal.closed is not None and deal.winner is not None:
            number, name, jokers = deal.closed
            points = deal.deltas[deal.winner]
            _count(closed_by[deal.winner], number, name, points)
            _count(table, number, name, points)
            hands.append(Hand(deal.winner, deal.session, deal.number, number, name, jokers, points))
    for name, stats in players.items():
        stats.sessions = len(sessions[name])
        stats.closed = _counts(closed_by[name])
    if money_stake is not None or not missing_stakes(season, selection):
        for stats in players.values():
            stats.money = Decimal(0)
        for state in selection.states(season):
            kept = [deal for deal in state.deals if selection.keeps(deal)]
            if not kept:
                continue
            totals = {name: sum(deal.deltas[name] for deal in kept) for name in state.players}
            at = money_stake if money_stake is not None else state.stake
            assert at is not None
            for name, net in settle(totals, at).nets.items():
                stats = players[names[name_key(name)]]
                stats.money = (stats.money or Decimal(0)) + net
    kept_players = tuple(stats for stats in players.values() if stats.deals or not played)
    ordered = tuple(sorted(hands, key=lambda hand: -hand.points))
    return Stats(
        selection,
        money_stake,
        len(played),
        kept_players,
        tuple(_counts(table)),
        ordered[:BIGGEST],
        ordered,
    )


def _count(counts: dict[int, tuple[str, int, int]], number: int, name: str, points: int) -> None:
    _, count, total = counts.get(number, (name, 0, 0))
    counts[number] = (name, count + 1, total + points)


def _counts(counts: dict[int, tuple[str, int, int]]) -> list[ClosedCount]:
    rows = [ClosedCount(n, name, count, points) for n, (name, count, points) in counts.items()]
    return sorted(rows, key=lambda row: (-row.count, row.number))
