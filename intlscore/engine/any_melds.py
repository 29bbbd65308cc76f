"""Types whose 14 tiles need no sets (structure "any"): Piccolo odd, Grand odd, ...

Only the tile conditions matter; the jokers take the most favourable tiles (R7).
The result is one "tiles" meld, or for a same-number condition the tiles of
that number first and the rest after.

>>> from intlscore.engine.facts import HandFacts
>>> from intlscore.engine.melds import describe
>>> from intlscore.engine.spec import type_spec
>>> from intlscore.rules.ruleset import default_table
>>> from intlscore.engine.tiles import tile_index
>>> square = type_spec(default_table().by_number(12))
>>> sevens = [tile_index(c, 7) for c in range(4)] * 2
>>> tiles = sevens[:7] + [tile_index(0, n) for n in (1, 3, 5, 9, 11, 13)]
>>> [describe(m) for m in find_any(square, HandFacts.build(tiles, jokers=1))]
['tiles k7 k7 r7 r7 b7 b7 o7 *(o7)', 'tiles k1 k3 k5 k9 k11 k13']
"""

from __future__ import annotations

from intlscore.engine.facts import HandFacts, unpack
from intlscore.engine.jokers import choose_free_tiles
from intlscore.engine.melds import Placed, RawMeld
from intlscore.engine.spec import TypeSpec
from intlscore.engine.tiles import JOKER_INDEX


def find_any(spec: TypeSpec, facts: HandFacts) -> list[RawMeld] | None:
    """The tiles with their jokers' choices, or None when the conditions fail."""
    chosen = choose_free_tiles(spec, facts, (), [1] * facts.jokers)
    if chosen is None:
        return None
    placed: list[Placed] = [(index, index) for index in unpack(facts.packed)]
    placed += [(JOKER_INDEX, index) for index in chosen]
    if not spec.same_number:
        return [("tiles", tuple(sorted(placed, key=_rack_order)))]
    counts = [0] * 14
    for _, index in placed:
        counts[index // 4 + 1] += 1
    number = max(range(1, 14), key=lambda n: (counts[n], n))
    square = [p for p in placed if p[1] // 4 + 1 == number]
    rest = [p for p in placed if p[1] // 4 + 1 != number]
    square.sort(key=lambda p: (p[0] == JOKER_INDEX, p[1] % 4))
    melds: list[RawMeld] = [("tiles", tuple(square))]
    if rest:
        melds.append(("tiles", tuple(sorted(rest, key=_rack_order))))
    return melds


def _rack_order(placed: Placed) -> tuple[int, int, int]:
    rack, index = placed
    return (index % 4, index // 4, rack == JOKER_INDEX)
