"""A table's types compiled once for the C holds-checks of ``intlscore._native``.

The compiled checks answer "does this pool hold the type, keeping how many real
tiles" as the reach search does with nothing more to draw (R22; ``native/holds.h``):
one pool at a time, every type of a table at once (which types 14 or 15 tiles fit,
for the scorer), or for many rows of draws in one call (odds, simulate). Each type is sent as
its flat spec (:func:`intlscore.engine.holds_spec.holds_spec`): the C code reads
the table's vocabulary and never a type's name or number. None is returned
where the compiled module is not built (then the Python searches answer).

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.rules.hand_table import default_table
>>> table = default_table()
>>> compiled = compiled_table(table)
>>> pool = Pool.build(parse_tiles("k1-13 k1"), (), None)
>>> compiled is None or compiled.kept(table.by_number(24), pool)
14
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from intlscore.engine import native
from intlscore.engine.holds_spec import holds_spec
from intlscore.engine.tiles import COPIES, Tile
from intlscore.rules.hand_table import SET_STRUCTURES, HandTable, HandType

if TYPE_CHECKING:
    from intlscore.engine.setsearch.pool import Pool

NONE = 255
"""The byte the compiled checks answer for "not held"."""
_FULL_CAP = bytes([COPIES] * 52)
"""R3 with nothing known elsewhere: a joker may stand for either copy of any tile."""


@functools.cache
def parent(hand_type: HandType) -> HandType | None:
    """A broader type every completed hand of this one also forms, or None.

    Set-based types and single-colour sequences (each sequence a run) are 14 tiles in
    sets; the pairs types are seven pairs.

    >>> from intlscore.rules.hand_table import default_table
    >>> royal, pairs, mosaic = (default_table().by_number(n) for n in (24, 35, 28))
    >>> parent(royal).name, parent(pairs).name, parent(mosaic)
    ('sets (plain)', 'pairs (plain)', None)
    """
    if hand_type.structure in SET_STRUCTURES or (
        hand_type.structure == "sequence" and hand_type.neighbours == "same"
    ):
        plain = "sets"
    elif hand_type.structure == "pairs":
        plain = "pairs"
    else:
        return None
    broad = hand_type._replace(
        name=f"{plain} (plain)",
        structure=plain,  # type: ignore[arg-type]
        sets=None,
        colours=None,
        distinct_colours=False,
        range=None,
        max_total=None,
        same_number=None,
        sequence=None,
        repeat=1,
        neighbours=None,
        when=frozenset(),
    )
    return None if broad == hand_type else broad


class CompiledTable:
    """The types of one table, compiled for the holds-checks."""

    def __init__(self, table: HandTable) -> None:
        module = native._NATIVE
        assert module is not None
        self._module = module
        self.types = tuple(table)
        self._index = {hand_type: i for i, hand_type in enumerate(self.types)}
        # Each type's plain parent is checked first (a pool that does not hold 14 tiles
        # in sets holds no set-based type): a table row with the same spec, or an extra
        # row only ever asked as a parent.
        specs = [holds_spec(hand_type) for hand_type in self.types]
        rows = {spec: index for index, spec in reversed(list(enumerate(specs)))}
        parents = []
        for index, hand_type in enumerate(self.types):
            broad = parent(hand_type)
            spec = None if broad is None else holds_spec(broad)
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
        >>> from intlscore.rules.hand_table import default_table
        >>> compiled = compiled_table(default_table())
        >>> assert compiled is not None, "the compiled module is built with the wheel"
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

    @property
    def capsule(self) -> object:
        """The compiled table, for other compiled searches (``native/play.c``)."""
        return self._capsule

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
        rows: bytes,
        width: int,
        kmin: int,
        kmax: int,
        within: Sequence[bool] | None = None,
    ) -> tuple[list[int | None], list[int | None]]:
        """As :meth:`.firsts.Firsts.of`, for rows of ``width`` drawn tiles (52 a joker):
        per row the first k and the kept tiles with ``kmax`` draws."""
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


_COMPILED: dict[int, tuple[HandTable, CompiledTable]] = {}


def compiled_table(table: HandTable) -> CompiledTable | None:
    """The compiled table (kept per table), or None without the compiled module."""
    if native._NATIVE is None:
        return None
    cached = _COMPILED.get(id(table))
    if cached is not None and cached[0] is table:
        return cached[1]
    if len(_COMPILED) > 16:
        _COMPILED.clear()
    compiled = CompiledTable(table)
    _COMPILED[id(table)] = (table, compiled)
    return compiled
