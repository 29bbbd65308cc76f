"""Closest completed hands of a Seven-pairs type (structure "pairs", R6).

A completed hand is seven different tiles, each twice; a tile can be paired
only if no copy of it is known elsewhere (R3: the pair represents both copies).
It keeps the hand's copies of the seven tiles.

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.engine.spec import type_spec
>>> from intlscore.rules.ruleset import default_table
>>> hand = parse_tiles("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 b7 o8 k9")
>>> best = closest_pairs(type_spec(default_table().by_number(35)), Pool.build(hand, (), None))
>>> best.kept
12
"""

from __future__ import annotations

from intlscore.engine.reach.anytiles import allowed_numbers, colour_sets, fill_dp
from intlscore.engine.setsearch.best import Best
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import TypeSpec

PAIRS = 7


def closest_pairs(spec: TypeSpec, pool: Pool) -> Best:
    """The most hand tiles seven pairs meeting the type can keep, with the outs."""
    best = Best()
    numbers = allowed_numbers(spec)
    for colours in colour_sets(spec):
        cells = [
            i for i in range(52) if i // 4 + 1 in numbers and i % 4 in colours and pool.cap[i] >= 2
        ]
        one_colour = spec.colours < 0 or len(colours) == 1
        plain = spec.max_total < 0 and not spec.same_number and one_colour
        if plain:
            _top_seven(pool, cells, best)
        else:
            _dp(spec, pool, cells, colours, best)
    return best


def _top_seven(pool: Pool, cells: list[int], best: Best) -> None:
    if len(cells) < PAIRS:
        return
    ranked = sorted(cells, key=lambda c: -pool.hand[c])
    chosen = ranked[:PAIRS]
    cutoff = pool.hand[chosen[-1]]
    kept = sum(pool.hand[c] for c in chosen)
    outs = 0
    for cell in cells:
        held = pool.hand[cell]
        if held < 2 and held >= cutoff:
            outs |= 1 << cell
    keep = 0
    for cell in chosen:
        keep += pool.hand[cell] << (2 * cell)
    best.offer(kept, outs, keep)


def _dp(spec: TypeSpec, pool: Pool, cells: list[int], colours: frozenset[int], best: Best) -> None:
    """Seven pairs with a total, a same-number or a several-colours condition: the any-tiles
    walk taking each cell's two copies or none (:func:`~.anytiles.fill_dp`), once per
    number the same-number condition may name."""
    several = spec.colours >= 0 and len(colours) > 1
    each = colours if several else frozenset()
    targets: list[int | None] = list(range(1, 14)) if spec.same_number else [None]
    for target in targets:
        fill_dp(spec, pool, cells, each, target, best, copies=2)
