"""For each sampled draw sequence, the first draw that completes a type (R22).

A pool (the hand and the first k draws) holds a type when 14 of its tiles form
it; a bigger pool holds what a smaller one holds, so the first k is found by
bisection between ``kmin`` and ``kmax`` once the pool of ``kmax`` draws holds
it. :class:`Firsts` answers for every sample of one pool and one type at once:
by the compiled table (:mod:`intlscore.engine.compiled`) when it is
built, else by the Python reach search (:class:`.holds.PoolCheck`), which gives
the same answers (the tests compare them).

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.rules.hand_table import default_table
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

from intlscore.engine.compiled import CompiledTable, compiled_table
from intlscore.engine.odds.draws import Draw
from intlscore.engine.odds.holds import PoolCheck, tile_of
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
        self._compiled: CompiledTable | None = compiled_table(table)
        self._rows = b"".join(bytes(d) for d in self.draws)
        self._checks: dict[Pool, PoolCheck] = {}
        if self._compiled is not None and any(len(d) != self.width for d in self.draws):
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
        if self._compiled is not None and self.width > 0:
            return Found(
                *self._compiled.firsts(hand_type, pool, self._rows, self.width, kmin, kmax, within)
            )
        check = self._checks.get(pool)
        if check is None:
            check = self._checks[pool] = PoolCheck(pool)
        first: list[int | None] = []
        kept: list[int | None] = []
        for index, drawn in enumerate(self.draws):
            if within is not None and not within[index]:
                first.append(None)
                kept.append(None)
                continue
            at_most = check.kept(hand_type, drawn[:kmax])
            kept.append(at_most)
            first.append(None if at_most is None else _bisect(check, hand_type, drawn, kmin, kmax))
        return Found(first, kept)


def _bisect(check: PoolCheck, hand_type: HandType, drawn: Draw, low: int, high: int) -> int:
    """The fewest draws in ``low..high`` after which the pool holds the type (it does at high)."""
    while low < high:
        middle = (low + high) // 2
        if check.kept(hand_type, drawn[:middle]) is None:
            low = middle + 1
        else:
            high = middle
    return high
