"""Seven pairs (R6): every real tile pairs with its twin or with a joker.

The split is forced: a tile held twice is a pair, a tile held once needs a
joker standing for its twin (R3 permitting), and two jokers left over are a
pair of whatever tile suits the type best (R7).

>>> from intlscore.engine.facts import HandFacts
>>> from intlscore.engine.spec import type_spec
>>> from intlscore.rules.ruleset import default_table
>>> from intlscore.engine.tiles import tile_index
>>> tiles = [tile_index(c, n) for c in (0, 1) for n in (2, 4, 6)] * 2 + [tile_index(2, 9)]
>>> pairs = type_spec(default_table().by_number(36))
>>> melds = find_pairs(pairs, HandFacts.build(tiles, jokers=1))
>>> len(melds), melds[-1]
(7, ('pair', ((34, 34), (52, 34))))
"""

from __future__ import annotations

from intlscore.engine.conditions import tiles_hold
from intlscore.engine.facts import HandFacts
from intlscore.engine.jokers import choose_free_tiles
from intlscore.engine.melds import RawMeld
from intlscore.engine.spec import TypeSpec
from intlscore.engine.tiles import JOKER_INDEX


def pairs_possible(facts: HandFacts) -> bool:
    """Quick check: enough jokers for every tile held once, and R3 lets them stand in."""
    singles = 0
    for index, count in enumerate(facts.counts):
        if count == 1:
            if facts.cap[index] < 1:
                return False
            singles += 1
    return singles <= facts.jokers


def find_pairs(spec: TypeSpec, facts: HandFacts) -> list[RawMeld] | None:
    """The seven pairs meeting the type's conditions, or None."""
    melds: list[RawMeld] = []
    singles: list[int] = []
    for index, count in enumerate(facts.counts):
        if count == 2:
            melds.append(("pair", ((index, index), (index, index))))
        elif count == 1:
            if facts.cap[index] < 1:
                return None  # both copies are accounted for (R3)
            singles.append(index)
    spare = facts.jokers - len(singles)
    if spare < 0:
        return None
    melds.extend(("pair", ((index, index), (JOKER_INDEX, index))) for index in singles)
    if spare == 0:
        return melds if tiles_hold(spec, facts, singles) else None
    chosen = choose_free_tiles(spec, facts, singles, [2])
    if chosen is None:
        return None
    melds.append(("pair", ((JOKER_INDEX, chosen[0]), (JOKER_INDEX, chosen[0]))))
    return melds


def unpaired(facts: HandFacts) -> list[int]:
    """Real tiles held once: each needs a joker for seven pairs."""
    return [index for index, count in enumerate(facts.counts) if count == 1]
