"""A table's types compiled once for the C holds-checks of ``intlscore._native``.

The compiled checks answer "does this pool hold the type, keeping how many real
tiles" as the reach search does with nothing more to draw (R22; ``native/holds.h``),
one pool at a time or for many rows of draws in one call. Each type is sent as
its flat spec (:func:`intlscore.engine.holds_spec.holds_spec`): the C code reads
the table's vocabulary and never a type's name or number. None is returned
where the compiled module is not built (then the Python searches answer).

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.reach.pool import Pool
>>> from intlscore.rules.hand_table import default_table
>>> table = default_table()
>>> compiled = compiled_table(table)
>>> pool = Pool.build(parse_tiles("k1-13 k1"), (), None)
>>> compiled is None or compiled.kept(table.by_number(24), pool)
14
"""

from __future__ import annotations

from collections.abc import Sequence

from intlscore.engine.holds_spec import holds_spec
from intlscore.engine.reach import native
from intlscore.engine.reach.pool import Pool
from intlscore.rules.hand_table import HandTable, HandType

NONE = 255
"""The byte the compiled checks answer for "not held"."""


class CompiledTable:
    """The types of one table, compiled for the holds-checks."""

    def __init__(self, table: HandTable) -> None:
        module = native._NATIVE
        assert module is not None
        self._module = module
        self.types = tuple(table)
        self._index = {hand_type: i for i, hand_type in enumerate(self.types)}
        self._capsule = module.holds_compile(
            [holds_spec(hand_type) for hand_type in self.types], [-1] * len(self.types)
        )

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
