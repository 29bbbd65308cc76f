"""The set search's *pairs* mode: which two drawn tiles complete 13 tiles.

The play search (R23) asks, two draws from the end, what the 13 tiles a discard leaves
make with any next draw x and last draw z: which x complete them alone, which pairs
(x, z) complete them, and which do without their joker (it is then thrown, R12). The
keep-most walk answers it in one pass when it visits every completed hand keeping all
the pool's real tiles or all but one (not only the closest) and records, for each, the
tiles it stands in for: a drawn tile or one of the pool's jokers each. With two jokers,
a hand keeping all the real tiles but one stands in for four tiles, which may be a new set
of four. A pool of 14 tiles with jokers is walked alike (the play search's drawn tile
thrown back).

This is the readable reference of ``holds_sets_pairs`` in ``native/setsearch.c``, which
the compiled play search uses (``native/play.c``); the tests compare the two. The Python
play search asks the same of :func:`.keep_most.closest_sets` one position at a time.

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.engine.tiles import Tile
>>> from intlscore.rules.ruleset import default_table
>>> from intlscore.engine.spec import type_spec
>>> runs = type_spec(default_table().by_number(23))  # Single colour runs
>>> found = drawn_pairs(runs, Pool.build(parse_tiles("k1-6 k8-13 o5"), (), None))
>>> found.one  # o5 is always thrown: no single tile completes the 13
0

With k7 drawn, the black tiles run 1 to 13; a last tile completes two or more runs
where its number can start or end one (a second k1 as the high 1 after k11-13):

>>> [str(Tile(i)) for i in range(52) if found.pair[Tile("k7").index] >> i & 1]
['k1', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9', 'k10', 'k11', 'k12']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from intlscore.engine.setsearch.best import Best
from intlscore.engine.setsearch.keep_most import (
    Fill,
    Partial,
    _room_of,
    _SetSearch,
    kept_cap,
)
from intlscore.engine.setsearch.pool import NUMBERED, Pool
from intlscore.engine.setsearch.shapes import target_numbers
from intlscore.engine.spec import TypeSpec
from intlscore.rules.hand_table import HAND_SIZE


@dataclass(slots=True)
class DrawnPairs:
    """What the completed hands of a type make of a pool and two drawn tiles."""

    one: int = 0
    """The tiles x that complete the pool alone (with its joker): a mask."""
    pair: list[int] = field(default_factory=lambda: [0] * NUMBERED)
    """Per tile x, the tiles z that complete the pool with x, keeping all its real tiles
    but one (bit x of ``pair[x]``: two copies of x)."""
    joker_free: list[int] = field(default_factory=lambda: [0] * NUMBERED)
    """For 13 tiles holding jokers, per tile x, the tiles z that with x complete them
    with one joker fewer (it is then thrown)."""

    @property
    def paired(self) -> int:
        """The tiles x that complete the pool with some other drawn tile: a mask."""
        return sum(1 << x for x, partners in enumerate(self.pair) if partners)


def drawn_pairs(shape: TypeSpec, pool: Pool) -> DrawnPairs | None:
    """:class:`DrawnPairs` of 13 tiles (up to two jokers), or of 14 with one or two
    jokers; None for another pool."""
    real = sum(pool.hand)
    tiles = real + pool.jokers
    if tiles not in (HAND_SIZE - 1, HAND_SIZE) or (tiles == HAND_SIZE and not pool.jokers):
        return None
    found = DrawnPairs()
    for target in target_numbers(shape):
        most = kept_cap(shape, pool, target)
        if most >= real - 1:
            _PairsSearch(shape, pool, target, most, found, real).run(real - 1)
    return found


class _PairsSearch(_SetSearch):
    """The keep-most walk visiting every completed hand at ``floor`` or above."""

    def __init__(
        self,
        shape: TypeSpec,
        pool: Pool,
        target: int | None,
        most: int,
        found: DrawnPairs,
        real: int,
    ) -> None:
        super().__init__(shape, pool, target, most)
        self.found = found
        self.real = real
        self.full = -1  # never every tile: no hand is skipped once the outs are all tiles

    def run(self, floor: int = -1) -> Best:
        """Every completed hand keeping ``floor`` real tiles or more, recorded."""
        self.strict = False
        self.best = Best(floor, 0, 0)
        self._search(0, (0, 0, 0, 0, 0, 0, 0, 0, sum(self.open)))
        return self.best

    def _tie_key(self, start: int, hand: Partial) -> tuple[object, ...] | None:
        return None  # each hand is recorded on its own: no state is shared

    def _leaf(self, hand: Partial) -> None:
        kept, tiles, sets, total, colours, run_colours, _, keep, _ = hand
        if kept < self.best.kept:
            return
        stood = [
            cell
            for cell in range(NUMBERED)
            for _ in range(self.cover[cell] - (keep >> (2 * cell) & 3))
        ]
        need = HAND_SIZE - tiles
        short = max(0, self.same - sum(self.cover[cell] for cell in self.target_cells))
        if need == 0:
            if short == 0 and self._final_ok(sets, colours):
                self._record(kept, stood)
            return
        # a new set of three drawn tiles; of four where two jokers leave four to stand in for
        if need not in (3, 4) or sets >= self.shape.max_sets or short > need:
            return
        room = _room_of(self.cap, self.cover, self.let_go)
        fill: Fill = (need, sets, room, total, colours, run_colours, short)
        for _, cand in self._fillers_from(fill, 0):
            if len(cand.cells) == need and self._completes(cand, 0, fill):
                self._record(kept, [*stood, *cand.cells])

    def _record(self, kept: int, stood: list[int]) -> None:
        """A completed hand keeping ``kept`` real tiles stands in for the tiles ``stood``."""
        found = self.found
        if kept == self.real:
            # x and z in two of the cells, a joker in each other one: one joker is left over
            for a, first in enumerate(stood):
                found.one |= 1 << first
                for second in stood[a + 1 :]:
                    found.joker_free[first] |= 1 << second
                    found.joker_free[second] |= 1 << first
        elif kept == self.real - 1:
            for a, first in enumerate(stood):
                for second in stood[a + 1 :]:
                    found.pair[first] |= 1 << second
                    found.pair[second] |= 1 << first
