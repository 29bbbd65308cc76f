"""Tile-level conditions of a type: range (R9), total (R8), colours, same number.

These look at the real tiles (through :class:`HandFacts`) plus what the jokers
stand for; the structure (sets, pairs, sequences) is checked by the searches.

>>> from intlscore.rules.ruleset import default_table
>>> from intlscore.engine.tiles import tile_index
>>> piccolo = default_table().by_number(6)
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
from intlscore.engine.ranges import GROUP_NUMBERS, NUMBER_MASKS
from intlscore.rules.hand_table import HandType


def can_hold(hand_type: HandType, facts: HandFacts) -> bool:
    """A quick necessary check on the real tiles: False means the type cannot fit.

    The jokers are assumed to stand for whatever helps most.
    """
    wanted = hand_type.range
    if wanted is not None and facts.number_mask & ~NUMBER_MASKS[wanted]:
        return False
    cap = hand_type.max_total
    if cap is not None and facts.total + facts.jokers > cap:
        return False
    colours = hand_type.colours
    if colours is not None and not (colours - facts.jokers <= facts.colour_count <= colours):
        return False
    same = hand_type.same_number
    return same is None or facts.top_count + facts.jokers >= same


def total_with(facts: HandFacts, joker_tiles: Sequence[int]) -> int:
    """The hand's total with the jokers' tiles (R8: a 1 counts 1)."""
    return facts.total + sum(t // 4 + 1 for t in joker_tiles)


def colours_with(facts: HandFacts, joker_tiles: Sequence[int]) -> int:
    """How many colours the real tiles and the jokers' tiles show."""
    mask = facts.colour_mask
    for tile in joker_tiles:
        mask |= 1 << (tile % 4)
    return mask.bit_count()


def tiles_hold(hand_type: HandType, facts: HandFacts, joker_tiles: Sequence[int]) -> bool:
    """Whether the real tiles plus the jokers' tiles meet the type's tile conditions."""
    if hand_type.range is not None:
        real_ok = not facts.number_mask & ~NUMBER_MASKS[hand_type.range]
        if not real_ok or not tiles_range_ok(hand_type, joker_tiles):
            return False
    if hand_type.max_total is not None and total_with(facts, joker_tiles) > hand_type.max_total:
        return False
    if hand_type.colours is not None and colours_with(facts, joker_tiles) != hand_type.colours:
        return False
    if hand_type.same_number is not None:
        counts = list(facts.number_counts)
        for tile in joker_tiles:
            counts[tile // 4 + 1] += 1
        if max(counts) < hand_type.same_number:
            return False
    return True


def joker_tiles_may_hold(hand_type: HandType, facts: HandFacts, joker_tiles: Sequence[int]) -> bool:
    """A pruning check for a partial choice of jokers' tiles: False means no completion holds.

    Range, total and "too many colours" can only get worse as jokers are added.
    """
    if hand_type.range is not None and not tiles_range_ok(hand_type, joker_tiles):
        return False
    if hand_type.max_total is not None and total_with(facts, joker_tiles) > hand_type.max_total:
        return False
    return not (
        hand_type.colours is not None and colours_with(facts, joker_tiles) > hand_type.colours
    )


def tiles_range_ok(hand_type: HandType, joker_tiles: Sequence[int]) -> bool:
    """Whether the jokers' tiles are in the type's range (R9)."""
    allowed = GROUP_NUMBERS[hand_type.range]
    return hand_type.range is None or all(t // 4 + 1 in allowed for t in joker_tiles)
