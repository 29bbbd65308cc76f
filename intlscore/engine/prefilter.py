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
>>> from intlscore.engine.spec import type_spec
>>> from intlscore.rules.ruleset import default_table
>>> from intlscore.engine.tiles import tile_index
>>> four_colours = type_spec(default_table().by_number(13))
>>> one_colour = [tile_index(0, n) for n in range(1, 14)] + [tile_index(0, 1)]
>>> structure_possible(four_colours, HandFacts.build(one_colour, jokers=0))
False
"""

from __future__ import annotations

from intlscore.engine.facts import HandFacts
from intlscore.engine.spec import GROUPS, RUNS, TypeSpec


def structure_possible(spec: TypeSpec, facts: HandFacts) -> bool:
    """False when the type's structure cannot hold these tiles, whatever the jokers do."""
    if spec.structure == RUNS:
        return _runs_possible(spec, facts)
    if spec.structure == GROUPS:
        return _groups_possible(spec, facts)
    return True


def _runs_possible(spec: TypeSpec, facts: HandFacts) -> bool:
    colours = facts.colour_mask.bit_count()
    if spec.colours >= 0 and colours != spec.colours:
        return False
    if spec.distinct_colours:
        if spec.sets_mask and not spec.sets_mask >> colours & 1:
            return False
        if any(count > 1 for count in facts.counts):
            return False
    return True


def _groups_possible(spec: TypeSpec, facts: HandFacts) -> bool:
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
    return not spec.sets_mask or groups <= spec.max_sets
