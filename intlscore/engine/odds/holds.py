"""Does a pool of tiles (the hand plus some draws) hold a type? (R22)

The pool holds a type when 14 of its tiles form it, i.e. its reach distance,
taking the pool as the hand and nothing more to draw, is 0: the reach search
(:func:`intlscore.engine.reach.solve.closest`) keeps ``kept`` real tiles, and
the pool's jokers fill the rest. Shortcuts keep it quick: a pool that does
not hold a type's plain parent (14 tiles in sets for every set-based type, seven
pairs for the pairs types) does not hold the type; the any-tiles types told by counts
alone are answered from the hand's counts, changed by the drawn tiles
(:class:`.anytiles.CountedKept`); and every answer is kept, by the set-based type's spec
(or the type) and the drawn tiles.

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.rules.ruleset import default_table
>>> pool = Pool.build(parse_tiles("k1-12 r5 o9"), (), None)
>>> check = PoolCheck(pool)
>>> royal = default_table().by_number(24)
>>> check.kept(royal, ()) is None, check.kept(royal, (tile_of("k13"), tile_of("k1")))
(True, 14)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from intlscore.engine.notation import parse_tile
from intlscore.engine.parents import parent
from intlscore.engine.reach.anytiles import CountedKept, counts_tell
from intlscore.engine.reach.sequences import slot_numbers
from intlscore.engine.reach.solve import kept_within
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import SEQUENCE, TypeSpec, type_spec
from intlscore.engine.tiles import JOKER_INDEX
from intlscore.rules.hand_table import HAND_SIZE, HandType


def tile_of(text: str) -> int:
    """The engine index of one tile string (a joker is 52)."""
    tile = parse_tile(text)
    return JOKER_INDEX if tile.is_joker else tile.index


class PoolCheck:
    """Holds-checks against one hand (or 14 + N pool) and the unseen tiles it draws from."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self._memo: dict[tuple[object, Sequence[int]], int | None] = {}
        self._counted: dict[TypeSpec, CountedKept] = {}

    def kept(self, hand_type: HandType, drawn: Sequence[int]) -> int | None:
        """Real tiles of the hand and ``drawn`` that a completed hand keeps, or None when
        the pool does not hold the type (fewer than 14 with its jokers)."""
        # Set-based types with the same spec (Basic and the blitzes) share one answer.
        key = (_spec_or_type(hand_type), tuple(drawn))
        if key in self._memo:
            return self._memo[key]
        spec = type_spec(hand_type)
        broad = parent(hand_type)
        answer: int | None
        if counts_tell(spec):  # from the hand's counts, changed by the drawn tiles
            counted = self._counted.get(spec)
            if counted is None:
                counted = self._counted[spec] = CountedKept(spec, self.pool)
            kept = counted.kept(drawn)
            jokers = self.pool.jokers + sum(1 for index in drawn if index == JOKER_INDEX)
            answer = kept if kept >= HAND_SIZE - jokers else None
        elif (broad is not None and self.kept(broad, drawn) is None) or (
            spec.structure == SEQUENCE and _numbers_short(spec, self.with_drawn(drawn))
        ):
            answer = None
        else:
            answer = _kept_if_held(hand_type, self.with_drawn(drawn))
        self._memo[key] = answer
        return answer

    def with_drawn(self, drawn: Sequence[int]) -> Pool:
        """The pool of the hand and the drawn tiles, taken together."""
        if not drawn:
            return self.pool
        counts = list(self.pool.hand)
        jokers = self.pool.jokers
        for index in drawn:
            if index == JOKER_INDEX:
                jokers += 1
            else:
                counts[index] += 1
        return self.pool._replace(hand=tuple(counts), jokers=jokers)


@functools.cache
def _spec_or_type(hand_type: HandType) -> object:
    """What a holds-check's answer depends on: the set-based type's spec, or else the type."""
    spec = type_spec(hand_type)
    return spec if spec.set_based else hand_type


def _kept_if_held(hand_type: HandType, pool: Pool) -> int | None:
    """The real tiles a completed hand of the pool keeps where it holds the type (its
    closest hands keep all but what its jokers stand for): a search that may leave out
    the hands keeping fewer (:func:`.solve.kept_within`)."""
    return kept_within(hand_type, pool, HAND_SIZE - pool.jokers)


@functools.cache
def _sequence_needs(spec: TypeSpec) -> tuple[tuple[int, int], ...]:
    """(number, copies) a sequence type needs, whatever the colours."""
    numbers = slot_numbers(spec) * spec.repeat
    return tuple((n, numbers.count(n)) for n in sorted(set(numbers)))


def _numbers_short(spec: TypeSpec, pool: Pool) -> bool:
    """Whether the pool lacks, even with its jokers, enough tiles of each number."""
    short = 0
    for number, need in _sequence_needs(spec):
        base = (number - 1) * 4
        have = sum(pool.hand[base : base + 4])
        short += max(0, need - have)
    return short > pool.jokers


def best_score(hand_type: HandType, kept: int, jokers: int, size: int) -> int:
    """The best final score (R10, R12) of a pool holding the type.

    ``kept`` real tiles of the type's 14 are in the pool, ``jokers`` jokers and
    ``size`` tiles in all. Fewer jokers pick a better column (R10); a joker left
    over can be the final discard, which doubles the score (R12, R13).

    >>> from intlscore.rules.ruleset import default_table
    >>> basic = default_table().by_number(1)   # 500 / 400 / 300
    >>> best_score(basic, 14, 0, 15), best_score(basic, 13, 1, 15), best_score(basic, 14, 1, 15)
    (500, 400, 1000)
    """
    need = max(0, HAND_SIZE - kept)
    best = 0
    for used in range(need, min(jokers, 2) + 1):
        score = hand_type.score_for(used)
        if jokers - used >= 1 and size > HAND_SIZE:
            score *= 2
        best = max(best, score)
    return best
