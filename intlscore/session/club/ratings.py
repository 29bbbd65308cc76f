"""The season's skill ratings, computed once and kept until the ledger changes before them.

A rating (openskill's Plackett-Luce model, see :mod:`.standings`) is a walk over every deal
in date order: each deal moves the ratings of its players, except at a night's table
(:mod:`intlscore.session.night`), whose deals make one step together: its players ranked
by their totals over the table's round (equal totals tie), as the night places them.
Ten years of a weekly table is ten thousand steps, about a second of CPU; so the ledger
keeps the walk's end (each player's ``mu`` and ``sigma``) with the number of deals walked
and a SHA-256 of them, in its ``meta`` table. The next reading checks that the deals it
walks start with those (a deal amended, undone or added before them changes the checksum)
and goes on from there; otherwise it walks again from the start. Either way the figures
are exactly those of a walk from the start (the same floating-point steps, in the same
order): a walk kept never ends inside a night's table, whose step waits for all its deals.

>>> from intlscore.session.club.stats import PlayedDeal
>>> deal = PlayedDeal("friday", 1, "2024-03-01", "open", "ann", {"ann": 100, "bob": -5}, "")
>>> walk = Walk.start()
>>> walk.go_on([deal]).count, sorted(walk.ratings())
(1, ['ann', 'bob'])
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import TYPE_CHECKING, Any, Final

from intlscore.errors import IntlscoreError

if TYPE_CHECKING:
    from intlscore.session.club.stats import PlayedDeal
    from intlscore.session.ledger import Ledger

__all__ = [
    "KEY",
    "Lines",
    "Rating",
    "Walk",
    "checksums",
    "kept_ratings",
    "lines_of",
    "ratings",
    "steps",
]

KEY: Final = "ratings"
"""The ``meta`` key under which the ledger keeps the end of the last walk."""
START: Final = (25.0, 25 / 3)
"""Every player's rating before their first deal: ``mu`` 25, ``sigma`` 25/3."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill estimate: ``mu``, its uncertainty ``sigma``, and ``mu - 3 sigma``."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, float]:
        return {
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "ordinal": round(self.ordinal, 3),
        }


Lines = tuple[bytes, Sequence[int]]
"""Deals as the checksum reads them: their lines (:func:`~.tally.walk_line`) one after
another, and where each line ends. A season is a sequence of these, one per session
(:attr:`~.tally.SessionTally.walked`), so that its checksum costs no Python per deal."""


def lines_of(deals: Sequence[PlayedDeal]) -> Lines:
    """``deals`` as one run of checksum lines."""
    from intlscore.session.club.tally import walk_line

    lines = [walk_line(deal) for deal in deals]
    ends = list(accumulate(len(line) for line in lines))
    return b"".join(lines), ends


def checksums(runs: Sequence[Lines], at: int = -1) -> tuple[str | None, str]:
    """The checksums of a walk's first ``at`` deals (None if it has fewer) and of all of
    them, the deals given as runs of checksum lines (:func:`lines_of`): what each deal is
    (session, number, time) and how it ended (its deltas).

    >>> from intlscore.session.club.stats import PlayedDeal
    >>> a = PlayedDeal("fri", 1, "2024-03-01", "open", "ann", {"ann": 5, "bob": -5}, "")
    >>> b = PlayedDeal("fri", 2, "2024-03-01", "open", "bob", {"ann": -5, "bob": 5}, "")
    >>> checksums([lines_of([a, b])], 1) == (checksums([lines_of([a])])[1],
    ...                                      checksums([lines_of([a]), lines_of([b])])[1])
    True
    """
    running = hashlib.sha256()
    prefix = running.hexdigest() if at == 0 else None
    walked = 0
    for lines, ends in runs:
        if walked < at <= walked + len(ends):
            cut = ends[at - walked - 1]
            running.update(lines[:cut])
            prefix = running.hexdigest()
            running.update(lines[cut:])
        else:
            running.update(lines)
        walked += len(ends)
    return prefix, running.hexdigest()


@dataclass(slots=True)
class Walk:
    """The ratings after ``count`` deals, and the checksum of those deals."""

    count: int
    digest: str
    state: dict[str, tuple[float, float]] = field(default_factory=dict)

    @classmethod
    def start(cls) -> Walk:
        return cls(0, checksums([])[1])

    def go_on(self, deals: Sequence[PlayedDeal]) -> Walk:
        """Walk ``deals`` on from here: a step a deal, and one for each run of deals at a
        night's table (:func:`steps`). openskill is imported here, so that no other
        command pays for it."""
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        current: dict[str, Any] = {
            name: model.rating(mu=mu, sigma=sigma, name=name)
            for name, (mu, sigma) in self.state.items()
        }
        for scores in steps(deals):
            names = list(scores)
            teams = [[current.get(name) or model.rating(name=name)] for name in names]
            rated = model.rate(teams, scores=[scores[name] for name in names])
            for name, (after,) in zip(names, rated, strict=True):
                current[name] = after
        self.state = {name: (float(r.mu), float(r.sigma)) for name, r in current.items()}
        self.count += len(deals)
        return self

    def ratings(self) -> dict[str, Rating]:
        return {name: Rating(mu, sigma) for name, (mu, sigma) in self.state.items()}

    def to_json(self) -> str:
        return json.dumps(
            {"count": self.count, "digest": self.digest, "state": self.state},
            sort_keys=True,
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> Walk | None:
        """A kept walk; None if it cannot be read (it is only a cache: walk again)."""
        try:
            data = json.loads(text)
            state = {
                str(name): (float(mu), float(sigma)) for name, (mu, sigma) in data["state"].items()
            }
            return cls(int(data["count"]), str(data["digest"]), state)
        except (ValueError, TypeError, KeyError, AttributeError):
            return None


def steps(deals: Sequence[PlayedDeal]) -> list[dict[str, int]]:
    """The scores of each step of a walk over ``deals``: each deal's deltas, except that
    the deals of one night's table (one after another) make one step, their deltas added
    up (the table's totals over its round).

    >>> from intlscore.session.club.stats import PlayedDeal
    >>> def deal(session, number, ann, table=False):
    ...     return PlayedDeal(session, number, "2026-12-06", "open", None,
    ...                       {"ann": ann, "bob": -ann}, "", None, table)
    >>> steps([deal("fri", 1, 5), deal("n-r1-t1", 1, 3, True), deal("n-r1-t1", 2, -10, True),
    ...        deal("n-r1-t2", 1, 4, True), deal("sat", 1, 2)])
    [{'ann': 5, 'bob': -5}, {'ann': -7, 'bob': 7}, {'ann': 4, 'bob': -4}, {'ann': 2, 'bob': -2}]
    """
    out: list[dict[str, int]] = []
    table: str | None = None
    for deal in deals:
        if deal.night_table and deal.session == table:
            last = out[-1]
            for name, delta in deal.deltas.items():
                last[name] = last.get(name, 0) + delta
        else:
            out.append(dict(deal.deltas))
        table = deal.session if deal.night_table else None
    return out


def _open_table(deals: Sequence[PlayedDeal]) -> int:
    """How many deals at the end of ``deals`` are of one night's table (its step may
    still change: a walk is kept only up to before them)."""
    if not deals or not deals[-1].night_table:
        return 0
    session = deals[-1].session
    count = 0
    for deal in reversed(deals):
        if not deal.night_table or deal.session != session:
            break
        count += 1
    return count


def ratings(
    deals: Sequence[PlayedDeal], kept: Walk | None = None, runs: Sequence[Lines] | None = None
) -> tuple[dict[str, Rating], Walk]:
    """Each player's rating after ``deals``, in the order given, and the walk to keep;
    ``kept`` (a walk kept earlier) is gone on from when ``deals`` start with its deals.
    ``runs`` are ``deals``' checksum lines when the caller has them (each session's
    :attr:`~.tally.SessionTally.walked`). The walk to keep stops before the deals of a
    night's table that end ``deals`` (a deal added there changes the table's one step)."""
    if runs is None:
        runs = [lines_of(deals)]
    settled = len(deals) - _open_table(deals)
    prefix, whole = checksums(runs, -1 if kept is None else kept.count)
    if kept is not None and prefix == kept.digest and kept.count <= settled:
        walk = Walk(kept.count, kept.digest, dict(kept.state))
    else:
        walk = Walk.start()
    walk.go_on(deals[walk.count : settled])
    if settled == len(deals):
        walk.digest = whole
        return walk.ratings(), walk
    held = checksums(runs, settled)[0]
    keep = Walk(settled, held or "", dict(walk.state))
    return walk.go_on(deals[settled:]).ratings(), keep


def kept_ratings(
    ledger: Ledger, deals: Sequence[PlayedDeal], runs: Sequence[Lines] | None = None
) -> dict[str, Rating]:
    """:func:`ratings` of the whole season, going on from the walk the ledger keeps and
    keeping the new one (in its own small write; a busy or read-only ledger keeps none)."""

    def read(connection: sqlite3.Connection | None) -> Walk | None:
        if connection is None:
            return None
        row = connection.execute("SELECT value FROM meta WHERE key = ?", (KEY,)).fetchone()
        return None if row is None else Walk.from_json(row[0])

    kept = ledger.read(read)
    rated, walk = ratings(deals, kept, runs)
    if kept is None or (walk.count, walk.digest) != (kept.count, kept.digest):

        def keep(connection: sqlite3.Connection) -> None:
            connection.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (KEY, walk.to_json())
            )

        try:
            if ledger.exists:
                ledger.write(keep)
        except IntlscoreError:
            pass  # only a cache: the next reading walks again
    return rated
