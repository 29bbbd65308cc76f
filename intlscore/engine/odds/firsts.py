"""For each sampled draw sequence, the first draw that completes a type (R22).

A pool (the hand and the first k draws) holds a type when 14 of its tiles form
it; a bigger pool holds what a smaller one holds, so the first k is found by
bisection between ``kmin`` and ``kmax`` once the pool of ``kmax`` draws holds
it. :class:`Firsts` answers for every sample of one pool and one type at once, by the
holds-checks of the build in use (:meth:`intlscore.engine.build.Build.holds_table`):
the compiled table, or the Python reach search (:class:`.holds.PoolCheck`), which
gives the same answers (the tests compare them).

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.rules.ruleset import default_table
>>> table = default_table()
>>> pool = Pool.build(parse_tiles("k1-12 r5 o9"), (), None)
>>> draws = [(tile_of("k13"), tile_of("k1")), (tile_of("k13"), tile_of("b2"))]
>>> found = Firsts(table, draws).of(table.by_number(24), pool, 1, 2)
>>> found.first, found.kept
([2, None], [14, None])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from intlscore.engine import build
from intlscore.engine.odds.draws import Draw
from intlscore.engine.odds.holds import tile_of
from intlscore.engine.setsearch.pool import Pool
from intlscore.rules.hand_table import HandTable, HandType

__all__ = ["Firsts", "Found", "tile_of"]


@dataclass(frozen=True, slots=True)
class Found:
    """Per sample: the first k that completes the type (None: not within ``kmax``),
    and the real tiles a completed hand keeps with all ``kmax`` draws."""

    first: list[int | None]
    kept: list[int | None]


class Firsts:
    """First draws of one table's types over one list of sampled draw sequences."""

    def __init__(self, table: HandTable, draws: Sequence[Draw]) -> None:
        self.draws = list(draws)
        self.width = max((len(d) for d in self.draws), default=0)
        self._checks = build.current().holds_table(table)
        self._rows = b"".join(bytes(d) for d in self.draws)
        if any(len(d) != self.width for d in self.draws):
            raise ValueError("every draw sequence has the same length")

    def of(
        self,
        hand_type: HandType,
        pool: Pool,
        kmin: int,
        kmax: int,
        within: Sequence[bool] | None = None,
    ) -> Found:
        """First k in ``kmin..kmax`` per sample (``kmax`` is cut to the draws there are).

        ``within``: per sample, False where the type is known not to be held with
        ``kmax`` draws (a bigger pool does not hold it): those are not searched.
        """
        kmax = min(kmax, self.width)
        count = len(self.draws)
        if kmin > kmax:
            return Found([None] * count, [None] * count)
        if self.width == 0:  # the pool as it is, for every (empty) row
            held = self._checks.kept(hand_type, pool)
            kept = [None if skip else held for skip in _skipped(within, count)]
            return Found([None if k is None else 0 for k in kept], kept)
        return Found(
            *self._checks.firsts(hand_type, pool, self.draws, self._rows, kmin, kmax, within)
        )


def _skipped(within: Sequence[bool] | None, count: int) -> list[bool]:
    return [False] * count if within is None else [not held for held in within]
