"""The compiled build: the searches of ``intlscore._native`` behind the build seam.

:class:`CompiledBuild` offers what :class:`intlscore.engine.build.Build` asks, each by
its C port (``native/setsearch.c``, ``native/holds_table.c``, ``native/play.c``); every
call into the compiled module is made here. A table's types are compiled once for the
holds-checks (:class:`CompiledTable`).

The compiled checks answer "does this pool hold the type, keeping how many real
tiles" as the reach search does with nothing more to draw (R22; ``native/holds.h``):
one pool at a time, every type of a table at once (which types 14 or 15 tiles fit,
for the scorer), or for many rows of draws in one call (odds, simulate). Each type is sent as
its spec (:func:`intlscore.engine.spec.type_spec`), which the C parses once into its struct
when the table is compiled; every compiled search then takes a type as (compiled table,
index). The C code reads the table's vocabulary and never a type's name or number.

>>> from intlscore.engine.native import built_module
>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.rules.ruleset import default_table
>>> table = default_table()
>>> module = built_module()
>>> assert module is not None, "the compiled module is built with the wheel"
>>> compiled = CompiledBuild(module).holds_table(table)
>>> compiled.kept(table.by_number(24), Pool.build(parse_tiles("k1-13 k1"), (), None))
14
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

from intlscore.engine import setsearch
from intlscore.engine.build import BuildName, Firsts, PerTable, PlayRow, PlaySearch
from intlscore.engine.facts import HandFacts
from intlscore.engine.melds import RawMeld
from intlscore.engine.parents import parent
from intlscore.engine.setsearch.best import Best
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.setsearch.shapes import number_mask
from intlscore.engine.spec import TypeSpec, type_spec
from intlscore.engine.tiles import COPIES, Tile
from intlscore.rules.hand_table import HandTable, HandType

if TYPE_CHECKING:
    from intlscore.engine.setsearch.keep_most import TargetSearch

NONE = 255
"""The byte the compiled checks answer for "not held"."""
_FULL_CAP = bytes([COPIES] * 52)
"""R3 with nothing known elsewhere: a joker may stand for either copy of any tile."""


class CompiledTable:
    """The types of one table, compiled for the holds-checks."""

    def __init__(self, table: HandTable, module: ModuleType) -> None:
        self._module = module
        self.types = tuple(table)
        self._index = {hand_type: i for i, hand_type in enumerate(self.types)}
        # Each type's plain parent is checked first (a pool that does not hold 14 tiles
        # in sets holds no set-based type): a table row with the same spec, or an extra
        # row only ever asked as a parent.
        specs = [type_spec(hand_type) for hand_type in self.types]
        rows = {spec: index for index, spec in reversed(list(enumerate(specs)))}
        parents = []
        for index, hand_type in enumerate(self.types):
            broad = parent(hand_type)
            spec = None if broad is None else type_spec(broad)
            if spec is None or spec == specs[index]:
                parents.append(-1)  # no parent, or the type is its own plain parent
                continue
            if spec not in rows:
                rows[spec] = len(specs)
                specs.append(spec)
            parents.append(rows[spec])
        parents += [-1] * (len(specs) - len(parents))
        self._hidden = bytes(len(specs) - len(self.types))
        self._none = bytes([NONE] * len(specs))
        self._capsule = module.holds_compile(specs, parents)

    def fitting(
        self, tiles: Sequence[Tile], known: Sequence[Tile], wanted: bytes
    ) -> list[int] | None:
        """Indices (table order) of the wanted types some 14 of the 14 or 15 tiles form.

        ``known`` tiles (seen, the trump, a 14-tile hand's discard) count toward the two
        copies a joker may stand for (R3); ``wanted`` has one byte per type, 0 to skip
        it. None when the tiles are not a legal pool (the caller's checks then speak).

        >>> from intlscore.engine.notation import parse_tiles
        >>> from intlscore.rules.ruleset import default_table
        >>> from intlscore.engine.native import built_module
        >>> module = built_module()
        >>> assert module is not None, "the compiled module is built with the wheel"
        >>> compiled = CompiledBuild(module).holds_table(default_table())
        >>> found = compiled.fitting(parse_tiles("k1-13 k1"), (), bytes([1] * 40))
        >>> [compiled.types[index].number for index in found]  # 39, 40: if the context allows
        [1, 22, 23, 24, 39, 40]
        """
        counts = bytearray(53)  # the joker's index is 52
        for tile in tiles:
            counts[tile.index] += 1
        cap = _FULL_CAP
        if known:
            free = bytearray(cap)
            for tile in known:
                if tile.index < 52 and free[tile.index]:
                    free[tile.index] -= 1
            cap = bytes(free)
        try:
            answer: bytes = self._module.holds_all(
                self._capsule, bytes(counts[:52]), counts[52], cap, wanted + self._hidden
            )
        except ValueError:
            return None
        if answer == self._none:  # most dealt hands fit nothing
            return []
        return [index for index, kept in enumerate(answer[: len(self.types)]) if kept != NONE]

    def index(self, hand_type: HandType) -> int:
        """The type's row in the compiled table."""
        return self._index[hand_type]

    def kept(self, hand_type: HandType, pool: Pool) -> int | None:
        """Most real tiles a completed hand of the type keeps, or None when not held."""
        kept: int = self._module.holds_kept(
            self._capsule, self._index[hand_type], bytes(pool.hand), pool.jokers, bytes(pool.cap)
        )
        return None if kept < 0 else kept

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
        """As :meth:`.firsts.Firsts.of`, for rows of drawn tiles of one width (52 a joker):
        per row the first k and the kept tiles with ``kmax`` draws."""
        width = len(rows) // len(draws)
        lower = None if within is None else bytes(0 if held else NONE for held in within)
        answer: bytes = self._module.holds_firsts(
            self._capsule,
            self._index[hand_type],
            bytes(pool.hand),
            pool.jokers,
            bytes(pool.cap),
            rows,
            width,
            kmin,
            kmax,
            lower,
        )
        first = [None if k == NONE else k for k in answer[0::2]]
        kept = [None if k == NONE else k for k in answer[1::2]]
        return first, kept

    def play_search(
        self,
        rows: tuple[PlayRow, ...],
        trump_joker: int,
        budget: int,
        last_limited: int,
    ) -> PlaySearch | None:
        """The compiled play search (``native/play.c``) over these types (a
        :data:`.build.PlayRow` each)."""
        capsule = self._module.play_search(self._capsule, rows, trump_joker, budget, last_limited)
        return _CompiledPlay(self._module, capsule)


class _CompiledPlay:
    """One rack's compiled play search (``native/play.c``)."""

    def __init__(self, module: ModuleType, capsule: object) -> None:
        self._module = module
        self._capsule = capsule

    def value(
        self, hand: bytes, cap: bytes, jokers: int, seen_jokers: int, left: int, draw: int
    ) -> tuple[int, int, tuple[tuple[int, int], ...]] | None:
        answer: tuple[int, int, tuple[tuple[int, int], ...]] | None = self._module.play_value(
            self._capsule, hand, cap, jokers, seen_jokers, left, draw
        )
        return answer

    def weighed(self) -> int:
        count: int = self._module.play_weighed(self._capsule)
        return count

    def stop(self) -> None:
        self._module.play_stop(self._capsule)


class CompiledBuild:
    """The searches of the build seam (:class:`intlscore.engine.build.Build`) in C."""

    name: BuildName = "compiled"

    def __init__(self, module: ModuleType) -> None:
        self.module = module
        self._tables = PerTable(lambda table: CompiledTable(table, module))

    def closest_sets(self, spec: TypeSpec, pool: Pool) -> Best:
        """As :func:`.keep_most.closest_sets`, cached by spec (Basic and the blitzes share)."""
        return _closest_sets(self.module, spec, pool, -1)

    def closest_sets_within(self, spec: TypeSpec, pool: Pool, floor: int) -> Best | None:
        best = _closest_sets(self.module, spec, pool, floor)
        return best if best.found and best.kept >= floor else None

    def sets_formable(self, spec: TypeSpec, pool: Pool) -> bool:
        return _sets_formable(self.module, spec, pool)

    def plain_split(
        self, facts: HandFacts, failed: dict[tuple[int, ...], set[tuple[object, ...]]]
    ) -> list[RawMeld] | None:
        if min(facts.cap) < 0:  # more copies known than exist: only the Python reads it
            return setsearch.plain_split(facts, failed)
        split: list[RawMeld] | None = self.module.plain_split(
            bytes(facts.counts), facts.jokers, bytes(facts.cap)
        )
        return split

    def conditioned_split(self, spec: TypeSpec, facts: HandFacts) -> list[RawMeld] | None:
        if min(facts.cap) < 0:
            return setsearch.conditioned_split(spec, facts)
        split: list[RawMeld] | None = self.module.conditioned_split(
            _one_type(self.module, spec),
            0,
            bytes(facts.counts),
            facts.jokers,
            bytes(facts.cap),
        )
        return split

    def discards_leaving_sets(self, facts: HandFacts) -> frozenset[int]:
        if min(facts.cap) < 0 or sum(facts.counts) + facts.jokers > setsearch.DISCARD_HAND:
            return setsearch.discards_leaving_sets(facts)  # the C reads at most 15 tiles
        found: frozenset[int] = self.module.discards_leaving_sets(
            bytes(facts.counts), facts.jokers, bytes(facts.cap)
        )
        return found

    def holds_table(self, table: HandTable) -> CompiledTable:
        """The compiled table (kept per table)."""
        return self._tables(table)


@functools.lru_cache(maxsize=128)
def _closest_sets(module: ModuleType, spec: TypeSpec, pool: Pool, floor: int) -> Best:
    """:func:`.keep_most.closest_sets` (``floor`` included) by ``closest_sets`` in C."""
    from intlscore.engine.setsearch import keep_most  # here: the scorer never loads it

    open_, let_go, full = keep_most.search_start(spec, pool)
    search = _searcher(module, spec, pool, open_, let_go, full)
    return keep_most.best_over_targets(spec, pool, search, floor)


@functools.lru_cache(maxsize=64)
def _sets_formable(module: ModuleType, spec: TypeSpec, pool: Pool) -> bool:
    """Whether any completed hand of the type fits the pool's limits (R3), whatever the hand.

    The search from an empty hand, where every tile must be drawn: its first
    pass alone (``full`` empty, so no outs are gathered) says whether a hand
    exists. The hand's own tiles never matter: a completed hand keeps the hand
    copies it uses and draws the rest.
    """
    from intlscore.engine.setsearch import keep_most

    empty = [0] * len(pool.hand)
    search = _searcher(module, spec, pool, empty, 0, 0)
    return keep_most.best_over_targets(spec, pool._replace(hand=tuple(empty)), search).found


def _searcher(
    module: ModuleType, spec: TypeSpec, pool: Pool, open_: list[int], let_go: int, full: int
) -> TargetSearch:
    """The compiled search for one target number, from these open hand tiles."""
    table = _one_type(module, spec)
    hand, cap = bytes(open_), bytes(pool.cap)

    def search(target: int | None, most: int, floor: int) -> Best:
        kept, outs, keep = module.closest_sets(
            table, 0, hand, cap, let_go, full, number_mask(target), most, floor
        )
        return Best(kept, outs, keep)

    return search


@functools.lru_cache(maxsize=256)
def _one_type(module: ModuleType, spec: TypeSpec) -> object:
    """A compiled table of one type: how a search asked of a spec alone (not through a
    table's :class:`CompiledTable`) is given its type as (compiled table, index 0)."""
    return module.holds_compile([spec], [-1])
