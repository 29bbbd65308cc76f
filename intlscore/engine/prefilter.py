"""Cheap structural checks that rule a set-based type out before any search.

They follow from how sets are made, never from a type's name:

* every set holds at least one real tile (jokers alone never make a set), and
  a run's jokers take the run's colour, so in a runs-only split the colours are
  exactly the real tiles' colours;
* with ``distinct_colours`` each colour is one run, so the number of runs is the
  number of real colours and no colour may hold a tile twice;
* in a groups-only split each number needs as many groups as its most repeated
  colour, each of at least three tiles.

>>> from intlscore.engine.facts import HandFacts
>>> from intlscore.rules.ruleset import default_table
>>> from intlscore.engine.tiles import tile_index
>>> four_colours = default_table().by_number(13)
>>> one_colour = [tile_index(0, n) for n in range(1, 14)] + [tile_index(0, 1)]
>>> structure_possible(four_colours, HandFacts.build(one_colour, jokers=0))
False
"""

from __future__ import annotations

from intlscore.engine.facts import HandFacts
from intlscore.rules.hand_table import HandType


def structure_possible(hand_type: HandType, facts: HandFacts) -> bool:
    """False when the type's structure cannot hold these tiles, whatever the jokers do."""
    if hand_type.structure == "runs":
        return _runs_possible(hand_type, facts)
    if hand_type.structure == "groups":
        return _groups_possible(hand_type, facts)
    return True


def _runs_possible(hand_type: HandType, facts: HandFacts) -> bool:
    colours = facts.colour_mask.bit_count()
    if hand_type.colours is not None and colours != hand_type.colours:
        return False
    if hand_type.distinct_colours:
        if hand_type.sets is not None and colours not in hand_type.sets:
            return False
        if any(count > 1 for count in facts.counts):
            return False
    return True


def _groups_possible(hand_type: HandType, facts: HandFacts) -> bool:
    jokers_needed = 0
    groups = 0
    counts = facts.counts
    for base in range(0, 52, 4):
        held = counts[base] + counts[base + 1] + counts[base + 2] + counts[base + 3]
        if not held:
            continue
        needed = max(counts[base], counts[base + 1], counts[base + 2], counts[base + 3])
        groups += needed
        jokers_needed += max(0, 3 * needed - held)
    if jokers_needed > facts.jokers:
        return False
    return hand_type.sets is None or groups <= max(hand_type.sets)
