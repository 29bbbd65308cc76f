"""Choosing tiles for jokers that no set pins down (R7).

In "any tiles" types, and for a pair made of two jokers, a joker may stand for
any tile R3 still allows. R7 gives it the tile most favourable to the hand: the
candidates are tried lowest number first (a low total helps, R8), and the first
choice meeting the type's conditions is taken.

>>> from intlscore.engine.facts import HandFacts
>>> from intlscore.engine.spec import type_spec
>>> from intlscore.rules.ruleset import default_table
>>> from intlscore.engine.tiles import tile_index
>>> facts = HandFacts.build([tile_index(1, n) for n in range(1, 13)] + [tile_index(1, 1)], 1)
>>> choose_free_tiles(type_spec(default_table().by_number(22)), facts, (), [1])
[5]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from intlscore.engine.conditions import tiles_hold
from intlscore.engine.facts import HandFacts
from intlscore.engine.spec import TypeSpec

_CANDIDATES = tuple(range(52))
"""Tile indices in number-major order: lowest number first."""


@functools.cache
def _allowed_candidates(numbers: int) -> tuple[int, ...]:
    """The candidates of the numbers a spec allows (``TypeSpec.numbers``, R9)."""
    return tuple(t for t in _CANDIDATES if numbers >> (t // 4 + 1) & 1)


def _ordered_candidates(spec: TypeSpec, facts: HandFacts) -> list[int]:
    candidates = list(_allowed_candidates(spec.numbers))
    if spec.same_number:
        # Numbers the hand already has most of come first: that is where jokers help.
        candidates.sort(key=lambda t: -facts.number_counts[t // 4 + 1])
    if spec.colours >= 0:
        # Colours the hand already has come first.
        candidates.sort(key=lambda t: not (facts.colour_mask >> (t % 4)) & 1)
    return candidates


def choose_free_tiles(
    spec: TypeSpec, facts: HandFacts, fixed: Sequence[int], slots: Sequence[int]
) -> list[int] | None:
    """Tiles for free joker slots, or None when no choice meets the conditions.

    ``fixed`` are tiles other jokers already stand for; ``slots`` gives, per free
    slot, how many jokers stand for its tile (1 for a lone joker, 2 for a pair of
    jokers). Returns one tile per slot.
    """
    if not slots:  # no joker to place: no candidates to order (most hands)
        return [] if tiles_hold(spec, facts, fixed) else None
    candidates = _ordered_candidates(spec, facts)
    chosen: list[int] = []
    represented = list(fixed)

    def fits(tile: int, copies: int) -> bool:
        return facts.cap[tile] >= represented.count(tile) + copies

    def assign(slot: int) -> bool:
        if slot == len(slots):
            return tiles_hold(spec, facts, represented)
        copies = slots[slot]
        start = candidates.index(chosen[-1]) if chosen and slots[slot - 1] == copies else 0
        for tile in candidates[start:]:
            if not fits(tile, copies):
                continue
            chosen.append(tile)
            represented.extend([tile] * copies)
            if assign(slot + 1):
                return True
            chosen.pop()
            del represented[len(represented) - copies :]
        return False

    return list(chosen) if assign(0) else None
