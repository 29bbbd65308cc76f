"""The pure-Python build: the readable searches behind the build seam.

:data:`PYTHON` offers what :class:`intlscore.engine.build.Build` asks, each by the
Python search that the C of ``native/`` ports: the set search's modes
(:mod:`intlscore.engine.setsearch`) and the holds-checks as the reach search with
nothing more to draw (:class:`intlscore.engine.odds.holds.PoolCheck`). It answers where
the compiled module is missing or ``INTLSCORE_PURE_PYTHON=1`` is set, and in the tests
that compare the builds (``tests/builds.py``).

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.rules.ruleset import default_table
>>> table = PYTHON.holds_table(default_table())
>>> table.kept(table.types[23], Pool.build(parse_tiles("k1-13 k1"), (), None))  # Royal
14
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from intlscore.engine import setsearch
from intlscore.engine.build import BuildName, Firsts, PlayRow, PlaySearch
from intlscore.engine.facts import HandFacts
from intlscore.engine.melds import RawMeld
from intlscore.engine.setsearch.best import Best
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import TypeSpec
from intlscore.engine.tiles import Tile
from intlscore.rules.hand_table import HandTable, HandType

if TYPE_CHECKING:
    from intlscore.engine.odds.holds import PoolCheck


class PoolTable:
    """The holds-checks of one table's types, by the Python reach search (R22).

    Each remembers its answers, by pool (a set-based type's check shares the check of its
    plain parent), for as long as its caller keeps it: :meth:`PythonBuild.holds_table`
    makes a new one each time.
    """

    def __init__(self, table: HandTable) -> None:
        self.types = tuple(table)
        self._checks: dict[Pool, PoolCheck] = {}

    def fitting(
        self, tiles: Sequence[Tile], known: Sequence[Tile], wanted: bytes
    ) -> list[int] | None:
        """None: the Python build does not narrow the types (the scorer asks each)."""
        return None

    def kept(self, hand_type: HandType, pool: Pool) -> int | None:
        return self._check(pool).kept(hand_type, ())

    def firsts(
        self,
        hand_type: HandType,
        pool: Pool,
        draws: Sequence[Sequence[int]],
        rows: bytes,
        kmin: int,
        kmax: int,
        within: Sequence[bool] | None,
    ) -> Firsts:
        """As :meth:`.compiled.CompiledTable.firsts`: a holds-check of each row's first
        ``kmax`` draws, then a bisection for the first k."""
        check = self._check(pool)
        first: list[int | None] = []
        kept: list[int | None] = []
        for index, drawn in enumerate(draws):
            if within is not None and not within[index]:
                first.append(None)
                kept.append(None)
                continue
            at_most = check.kept(hand_type, drawn[:kmax])
            kept.append(at_most)
            first.append(None if at_most is None else _bisect(check, hand_type, drawn, kmin, kmax))
        return first, kept

    def play_search(
        self,
        rows: tuple[PlayRow, ...],
        trump_joker: int,
        budget: int,
        last_limited: int,
    ) -> PlaySearch | None:
        """None: the play search's own Python (``odds/expectimax.py: Expectimax``) weighs."""
        return None

    def _check(self, pool: Pool) -> PoolCheck:
        from intlscore.engine.odds.holds import PoolCheck  # above the seam: reach's searches

        check = self._checks.get(pool)
        if check is None:
            check = self._checks[pool] = PoolCheck(pool)
        return check


def _bisect(
    check: PoolCheck, hand_type: HandType, drawn: Sequence[int], low: int, high: int
) -> int:
    """The fewest draws in ``low..high`` after which the pool holds the type (it does at high)."""
    while low < high:
        middle = (low + high) // 2
        if check.kept(hand_type, drawn[:middle]) is None:
            low = middle + 1
        else:
            high = middle
    return high


class PythonBuild:
    """The searches of the build seam (:class:`intlscore.engine.build.Build`) in Python."""

    name: BuildName = "pure Python"

    def closest_sets(self, spec: TypeSpec, pool: Pool) -> Best:
        """:func:`.setsearch.keep_most.closest_sets`, cached by spec.

        Types with the same spec (Basic and the two blitzes) share one search.
        """
        return _closest_sets(spec, pool)

    def closest_sets_within(self, spec: TypeSpec, pool: Pool, floor: int) -> Best | None:
        """The full search (the Python walk gains nothing from a floor), cut at ``floor``."""
        best = _closest_sets(spec, pool)
        return best if best.found and best.kept >= floor else None

    def sets_formable(self, spec: TypeSpec, pool: Pool) -> bool:
        return _closest_sets(spec, pool).found

    def plain_split(
        self, facts: HandFacts, failed: dict[tuple[int, ...], set[tuple[object, ...]]]
    ) -> list[RawMeld] | None:
        return setsearch.plain_split(facts, failed)

    def conditioned_split(self, spec: TypeSpec, facts: HandFacts) -> list[RawMeld] | None:
        return setsearch.conditioned_split(spec, facts)

    def discards_leaving_sets(self, facts: HandFacts) -> frozenset[int]:
        return setsearch.discards_leaving_sets(facts)

    def holds_table(self, table: HandTable) -> PoolTable:
        """The table's holds-checks, new (their memo lives as long as the caller keeps them)."""
        return PoolTable(table)


@functools.lru_cache(maxsize=32)
def _closest_sets(spec: TypeSpec, pool: Pool) -> Best:
    from intlscore.engine.setsearch import keep_most  # not loaded by the scorer

    return keep_most.closest_sets(spec, pool)


PYTHON = PythonBuild()
"""The pure-Python build."""
