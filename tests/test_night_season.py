"""A night feeds the club's season (issue 43, item 6): the season's rating takes one
openskill step per night table and round, its players ranked by their totals over the
round at that table (equal totals tie), while an ordinary session still takes one step a
deal. The finishing orders below are worked out by hand from the deals."""

from __future__ import annotations

from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from intlscore.session.club.ratings import ratings, steps
from intlscore.session.club.standings import standings
from intlscore.session.club.stats import read_season, season_deals
from intlscore.session.ledger import Ledger
from intlscore.session.night.store import accept_round, create_night

PLAYERS = ["ann", "bob", "cat", "dan", "eve", "fay"]
Game = list[list[str]]  # the finishing order: players on one rank tie


def expected(games: list[Game]) -> dict[str, tuple[float, float]]:
    """openskill's Plackett-Luce over ``games`` in order, each ranked as given."""
    model = PlackettLuce()
    current = {name: model.rating(name=name) for name in PLAYERS}
    for game in games:
        names = [name for rank in game for name in rank]
        ranks = [place for place, rank in enumerate(game, start=1) for _ in rank]
        rated = model.rate([[current[name]] for name in names], ranks=ranks)
        for name, (after,) in zip(names, rated, strict=True):
            current[name] = after
    return {name: (r.mu, r.sigma) for name, r in current.items()}


def season_ratings(ledger: Ledger) -> dict[str, tuple[float, float]]:
    """The season table's ratings, going on from the walk the ledger keeps."""
    table = standings(read_season(ledger), order="rating", ledger=ledger)
    return {row.name: (row.rating.mu, row.rating.sigma) for row in table.rows}


def assert_ratings(ledger: Ledger, games: list[Game]) -> None:
    got, want = season_ratings(ledger), expected(games)
    for name in PLAYERS:
        assert got.get(name, (25.0, 25 / 3)) == pytest.approx(want[name], rel=1e-12), name


@pytest.fixture
def night(tmp_path: Path) -> tuple[Ledger, tuple[str, ...], tuple[str, ...]]:
    """A warm-up session (ann, bob: two deals), then a night of six at two tables of
    three, round 1: table 1 (a1 a2 a3) two deals, a1 +100 a2 -5 a3 -9, then a2 +100
    a1 -3 a3 -4: totals 97, 95, -13. Table 2 (b1 b2 b3) one deal: b1 +100, b2 and b3
    -5 each (a tie)."""
    ledger = Ledger(tmp_path / "l")
    warm = ledger.create_session("warmup", ["ann", "bob"])
    warm.deal(kind="open", winner="ann", racks={"bob": "r5"})
    warm.deal(kind="open", winner="bob", racks={"ann": "r5"})
    create_night(ledger, "n", PLAYERS, rounds=1, deals=2, seed=1)
    _, seated = accept_round(ledger, "n")
    one, two = seated.tables
    a1, a2, a3 = one.players
    first = ledger.session(one.session)
    first.deal(kind="open", winner=a1, racks={a2: "r5", a3: "r9"})
    first.deal(kind="open", winner=a2, racks={a1: "r3", a3: "r4"})
    b1, b2, b3 = two.players
    ledger.session(two.session).deal(kind="open", winner=b1, racks={b2: "r5", b3: "r5"})
    return ledger, one.players, two.players


WARMUP: list[Game] = [[["ann"], ["bob"]], [["bob"], ["ann"]]]


def test_a_night_table_is_one_step(night: tuple[Ledger, tuple[str, ...], tuple[str, ...]]) -> None:
    ledger, (a1, a2, a3), (b1, b2, b3) = night
    with ledger:
        # a deal a step would have a1 first, then a2 first; the table's one step: a1, a2, a3
        assert_ratings(ledger, [*WARMUP, [[a1], [a2], [a3]], [[b1], [b2, b3]]])
        shares = season_deals(read_season(ledger))
        assert len(shares) == 5  # the stats still count every deal
        assert len(steps(shares)) == 4
        # an ordinary session afterwards: a step for each of its deals
        sat = ledger.create_session("sat", ["cat", "dan"])
        sat.deal(kind="open", winner="cat", racks={"dan": "r5"})
        sat.deal(kind="open", winner="cat", racks={"dan": "r6"})
        games = [*WARMUP, [[a1], [a2], [a3]], [[b1], [b2, b3]], [["cat"], ["dan"]],
                 [["cat"], ["dan"]]]  # fmt: skip
        assert_ratings(ledger, games)


def test_an_ordinary_session_is_unchanged(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l") as ledger:
        friday = ledger.create_session("friday", ["ann", "bob", "cat"])
        friday.deal(kind="open", winner="ann", racks={"bob": "r5", "cat": "r9"})
        friday.deal(kind="open", winner="bob", racks={"ann": "r3", "cat": "r4"})
        deals = season_deals(read_season(ledger))
        assert steps(deals) == [dict(deal.deltas) for deal in deals]
        assert_ratings(ledger, [[["ann"], ["bob"], ["cat"]], [["bob"], ["ann"], ["cat"]]])


def test_amending_a_deal_of_the_round_changes_its_step(
    night: tuple[Ledger, tuple[str, ...], tuple[str, ...]],
) -> None:
    """Deal 2 at table 1 amended: a3 wins it, a1 -3, a2 -4: totals a1 97, a2 -9, a3 91."""
    ledger, (a1, a2, a3), (b1, b2, b3) = night
    with ledger:
        assert_ratings(ledger, [*WARMUP, [[a1], [a2], [a3]], [[b1], [b2, b3]]])
        session = ledger.session("n-r1-t1")
        session.amend(2, kind="open", winner=a3, racks={a1: "r3", a2: "r4"})
        assert_ratings(ledger, [*WARMUP, [[a1], [a3], [a2]], [[b1], [b2, b3]]])


def test_a_deal_added_at_the_last_table_changes_its_one_step(
    night: tuple[Ledger, tuple[str, ...], tuple[str, ...]],
) -> None:
    """The walk the ledger keeps stops before the last table (its step may change): a
    second deal there (b2 +100, b1 -3, b3 -3: totals b1 97, b2 95, b3 -8) gives still one
    step for the table, as a walk from the start does."""
    ledger, (a1, a2, a3), (b1, b2, b3) = night
    with ledger:
        assert_ratings(ledger, [*WARMUP, [[a1], [a2], [a3]], [[b1], [b2, b3]]])
        ledger.session("n-r1-t2").deal(kind="open", winner=b2, racks={b1: "r3", b3: "r3"})
        games = [*WARMUP, [[a1], [a2], [a3]], [[b1], [b2], [b3]]]
        assert_ratings(ledger, games)
        fresh = ratings(season_deals(read_season(ledger)))[0]
        want = expected(games)
        for name, rating in fresh.items():
            assert (rating.mu, rating.sigma) == pytest.approx(want[name], rel=1e-12), name
