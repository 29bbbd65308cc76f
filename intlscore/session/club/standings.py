"""The season table: standings by total score and by money, and a skill rating.

The rating is `openskill <https://openskill.me>`_'s Plackett-Luce model, a Bayesian
rating for games of more than two players. Every player starts at ``mu`` 25 with
uncertainty ``sigma`` 25/3; each deal that counts, in date order (sessions in the ledger's
order, deals by number), is one game among its players, ranked by their deltas in it
(equal deltas tie); a night's table is one game for its whole round, ranked by its
players' totals there (:mod:`.ratings`). ``mu`` is the estimated skill, ``sigma`` how
unsure that estimate is, and the *ordinal* ``mu - 3 sigma`` a cautious figure to sort by:
a player with few deals has a large ``sigma`` and so a low ordinal, whatever their luck.

What the rating does not say: it sees only the order of the players in each deal, not the
size of the win (a 2400-point Royal counts as much as a 100-point open win), and nothing of
the tiles dealt, so over a short season it is mostly luck. It compares players of one
ledger only.

>>> import tempfile, pathlib
>>> from intlscore.session.ledger import Ledger
>>> from intlscore.session.club.stats import read_season
>>> with tempfile.TemporaryDirectory() as tmp, Ledger(pathlib.Path(tmp) / "l") as ledger:
...     friday = ledger.create_session("friday", ["ann", "bob"])
...     _ = friday.deal(kind="open", winner="ann", racks={"bob": "r5"})
...     table = standings(read_season(ledger))
>>> [(row.name, row.total, row.rank) for row in table.rows]
[('ann', 100, 1), ('bob', -5, 2)]
>>> ann, bob = table.rows
>>> ann.rating.mu > 25 > bob.rating.mu, ann.rating.sigma < 25 / 3
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Final, Literal

from intlscore.errors import LedgerError, known
from intlscore.session.club.ratings import START, Rating, kept_ratings, ratings
from intlscore.session.club.season import listed
from intlscore.session.club.stats import (
    EVERY,
    Selection,
    Stats,
    missing_stakes,
    season_stats,
    season_tallies,
)
from intlscore.session.settlement import DEFAULT_UNIT

if TYPE_CHECKING:
    from intlscore.session.club.season import SeasonSession
    from intlscore.session.ledger import Ledger

ORDERS: Final = ("score", "money", "rating")
Order = Literal["score", "money", "rating"]


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of the season table."""

    rank: int
    name: str
    sessions: int
    deals: int
    total: int
    money: Decimal | None
    rating: Rating

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "name": self.name,
            "sessions": self.sessions,
            "deals": self.deals,
            "total": self.total,
            "money": None if self.money is None else str(self.money),
            "rating": self.rating.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class Standings:
    """The season table, sorted by ``order``; equal figures share a rank."""

    selection: Selection
    order: Order
    stake: Decimal | None
    rows: tuple[Standing, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.selection.to_dict(),
            "by": self.order,
            "stake": None if self.stake is None else str(self.stake),
            "players": [row.to_dict() for row in self.rows],
        }


def standings(
    season: Sequence[SeasonSession],
    selection: Selection = EVERY,
    order: Order = "score",
    stake: Decimal | str | None = None,
    unit: Decimal | str = DEFAULT_UNIT,
    *,
    ledger: Ledger | None = None,
    stats: Stats | None = None,
) -> Standings:
    """The season table of the deals selected (see the module's docstring). With the
    ``ledger`` the season was read from, the ratings of the whole season go on from the
    walk it keeps (:mod:`.ratings`) instead of walking every deal again; ``stats`` is
    :func:`season_stats` of the same selection and stake, when the caller has it already."""
    if order not in ORDERS:
        raise LedgerError(f"standings by {order!r}? (one of {', '.join(ORDERS)})")
    if order == "money" and stake is None:
        missing = missing_stakes(season, selection)
        if missing:
            raise LedgerError(
                f"standings by money need a stake: {listed(missing)} keep"
                f"{'s' * (len(missing) == 1)} none (settle {'it' if len(missing) == 1 else 'them'}"
                " once with: intlscore session settle NAME --stake AMOUNT), or add --stake AMOUNT"
            )
    if stats is None:
        stats = season_stats(season, selection, stake, unit)
    shares = season_tallies(season, selection)
    played = [deal for share in shares for deal in share.played]
    runs = [(share.walked, share.ends) for share in shares]
    if ledger is not None and selection == EVERY:
        rated = kept_ratings(ledger, played, runs)
    else:
        rated = ratings(played, runs=runs)[0]
    start = Rating(*START)
    rows = [
        Standing(0, p.name, p.sessions, p.deals, p.total, p.money, rated.get(p.name, start))
        for p in stats.players
    ]

    def key(row: Standing) -> float | Decimal:
        if order == "money":
            return known(row.money, "a player's money, ordered by money")
        return row.total if order == "score" else row.rating.ordinal

    rows.sort(key=key, reverse=True)
    ranked: list[Standing] = []
    for index, row in enumerate(rows):
        tied = index and key(row) == key(rows[index - 1])
        ranked.append(replace(row, rank=ranked[-1].rank if tied else index + 1))
    return Standings(selection, order, stats.stake, tuple(ranked))
