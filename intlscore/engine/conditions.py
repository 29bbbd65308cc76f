"""Tile-level conditions of a type: range (R9), total (R8), colours, same number.

These look at the real tiles (through :class:`HandFacts`) plus what the jokers
stand for; the structure (sets, pairs, sequences) is checked by the searches. They
read the type as every search does, its :class:`~intlscore.engine.spec.TypeSpec`:
``numbers`` (every number where the row gives no range), and -1 or 0 for "no
condition" (``max_total``, ``colours``, ``same_number``).

>>> from intlscore.rules.ruleset import default_table
>>> from intlscore.engine.spec import type_spec
>>> from intlscore.engine.tiles import tile_index
>>> piccolo = type_spec(default_table().by_number(6))
>>> facts = HandFacts.build([tile_index(0, 1)] * 2 + [tile_index(1, 2)] * 2 + [tile_index(2, 3)] * 2
...                         + [tile_index(3, 2)] * 2 + [tile_index(0, 4)] * 2
...                         + [tile_index(1, 3)] * 2 + [tile_index(2, 4)], jokers=1)
>>> facts.total, can_hold(piccolo, facts), tiles_hold(piccolo, facts, [tile_index(3, 1)])
(34, True, True)
>>> tiles_hold(piccolo, facts, [tile_index(3, 13)])
False
"""

from __future__ import annotations

from collections.abc import Sequence

from intlscore.engine.facts import HandFacts
from intlscore.engine.spec import ALL_NUMBERS, TypeSpec


def can_hold(spec: TypeSpec, facts: HandFacts) -> bool:
    """A quick necessary check on the real tiles: False means the type cannot fit.

    The jokers are assumed to stand for whatever helps most.
    """
    if facts.number_mask & ~spec.numbers:
        return False
    cap = spec.max_total
    if cap >= 0 and facts.total + facts.jokers > cap:
        return False
    colours = spec.colours
    if colours >= 0 and not (colours - facts.jokers <= facts.colour_count <= colours):
        return False
    return facts.top_count + facts.jokers >= spec.same_number


def total_with(facts: HandFacts, joker_tiles: Sequence[int]) -> int:
    """The hand's total with the jokers' tiles (R8: a 1 counts 1)."""
    return facts.total + sum(t // 4 + 1 for t in joker_tiles)


def colours_with(facts: HandFacts, joker_tiles: Sequence[int]) -> int:
    """How many colours the real tiles and the jokers' tiles show."""
    mask = facts.colour_mask
    for tile in joker_tiles:
        mask |= 1 << (tile % 4)
    return mask.bit_count()


def tiles_hold(spec: TypeSpec, facts: HandFacts, joker_tiles: Sequence[int]) -> bool:
    """Whether the real tiles plus the jokers' tiles meet the type's tile conditions."""
    numbers = spec.numbers
    if facts.number_mask & ~numbers:
        return False
    if numbers != ALL_NUMBERS and not tiles_range_ok(spec, joker_tiles):
        return False
    if spec.max_total >= 0 and total_with(facts, joker_tiles) > spec.max_total:
        return False
    if spec.colours >= 0 and colours_with(facts, joker_tiles) != spec.colours:
        return False
    if spec.same_number:
        counts = list(facts.number_counts)
        for tile in joker_tiles:
            counts[tile // 4 + 1] += 1
        if max(counts) < spec.same_number:
            return False
    return True


def joker_tiles_may_hold(spec: TypeSpec, facts: HandFacts, joker_tiles: Sequence[int]) -> bool:
    """A pruning check for a partial choice of jokers' tiles: False means no completion holds.

    Range, total and "too many colours" can only get worse as jokers are added.
    """
    if spec.numbers != ALL_NUMBERS and not tiles_range_ok(spec, joker_tiles):
        return False
    if spec.max_total >= 0 and total_with(facts, joker_tiles) > spec.max_total:
        return False
    return not (spec.colours >= 0 and colours_with(facts, joker_tiles) > spec.colours)


def tiles_range_ok(spec: TypeSpec, joker_tiles: Sequence[int]) -> bool:
    """Whether the jokers' tiles are in the type's range (R9).

    >>> from intlscore.rules.ruleset import default_table
    >>> from intlscore.engine.spec import type_spec
    >>> from intlscore.engine.tiles import tile_index
    >>> minor = type_spec(default_table().by_number(2))  # Hand minor: tiles 1-9
    >>> tiles_range_ok(minor, [tile_index(0, 9)]), tiles_range_ok(minor, [tile_index(0, 10)])
    (True, False)
    """
    numbers = spec.numbers
    return all(numbers >> (t // 4 + 1) & 1 for t in joker_tiles)
