"""One search per structure family, chosen from the table's vocabulary.

Each search reads the type's :class:`~intlscore.engine.spec.TypeSpec`. Set-based types
go to the set search's keep-most walk of the build in use
(:func:`intlscore.engine.build.current`): groups-only, runs-only and mixed types alike.

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.rules.ruleset import default_table
>>> pool = Pool.build(parse_tiles("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b7 o8"), (), None)
>>> closest(default_table().by_number(35), pool).kept
13
"""

from __future__ import annotations

import functools

from intlscore.engine import build
from intlscore.engine.ranges import NUMBER_MASKS
from intlscore.engine.reach.anytiles import allowed_numbers, closest_any, counted_kept
from intlscore.engine.reach.pairs import closest_pairs
from intlscore.engine.reach.sequences import closest_sequences, slot_numbers
from intlscore.engine.setsearch.best import Best
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import ANY, PAIRS, SEQUENCE, TypeSpec, type_spec
from intlscore.engine.tiles import COPIES
from intlscore.rules.hand_table import HandType

_RANGE_NAMES = {mask: name for name, mask in NUMBER_MASKS.items()}
"""A spec's ``numbers`` back to the range (R9) a rules file names."""


def closest(hand_type: HandType, pool: Pool) -> Best:
    """The closest completed hands of a type: kept tiles, outs and one keep."""
    return _closest(type_spec(hand_type), pool)


def _closest(spec: TypeSpec, pool: Pool) -> Best:
    """:func:`closest` of a type's spec: the search of its structure."""
    structure = spec.structure
    if structure == ANY:
        return closest_any(spec, pool)
    if structure == PAIRS:
        return closest_pairs(spec, pool)
    if structure == SEQUENCE:
        if sequence_problem(spec) is not None:
            return Best()
        return closest_sequences(spec, pool)
    return build.current().closest_sets(spec, pool)


def prunable(hand_type: HandType) -> bool:
    """Whether :func:`closest_within` may skip the far hands of this type.

    The set search may, for the set-based types (the compiled walk does), and so does
    the sequence search; the other searches answer in full.
    """
    spec = type_spec(hand_type)
    return spec.structure == SEQUENCE or spec.set_based


def closest_within(hand_type: HandType, pool: Pool, floor: int) -> Best | None:
    """The closest hands of a type if they keep ``floor`` hand tiles or more, else None.

    The answer is :func:`closest`'s whenever it is not None, but for the keep of a
    fixed sequence, which may be another of its closest hands
    (:func:`.sequences.closest_sequences`). None also when no hand of the type
    can be drawn to (:func:`formable` tells the two apart).

    >>> from intlscore.engine.notation import parse_tiles
    >>> from intlscore.rules.ruleset import default_table
    >>> pool = Pool.build(parse_tiles("k1-4 r5 b5 o5 k9-12 r13 b13 o1"), (), None)
    >>> basic = default_table().by_number(1)
    >>> closest_within(basic, pool, 12) == closest(basic, pool), closest_within(basic, pool, 14)
    (True, None)
    """
    return _closest_within(type_spec(hand_type), pool, floor)


def _closest_within(spec: TypeSpec, pool: Pool, floor: int) -> Best | None:
    """:func:`closest_within` of a type's spec."""
    if floor >= 1 and spec.structure == SEQUENCE:
        if sequence_problem(spec) is not None:
            return None
        best = closest_sequences(spec, pool, floor)
    elif floor >= 1 and spec.structure == ANY:
        best = closest_any(spec, pool, floor)
    elif floor >= 1 and spec.set_based:
        return build.current().closest_sets_within(spec, pool, floor)
    else:
        best = _closest(spec, pool)
    return best if best.found and best.kept >= floor else None


def kept_within(hand_type: HandType, pool: Pool, floor: int) -> int | None:
    """The hand tiles the closest hands of a type keep if ``floor`` or more, else None:
    :func:`closest_within`'s, counted without building a hand where the type's counts
    tell it (:func:`.anytiles.counted_kept`).

    >>> from intlscore.engine.notation import parse_tiles
    >>> from intlscore.rules.ruleset import default_table
    >>> pool = Pool.build(parse_tiles("k7 r7 b7 o7 k7 r7 k1-6 k8 k9"), (), None)
    >>> square = default_table().by_number(12)
    >>> kept_within(square, pool, 12), kept_within(square, pool, 13)
    (12, None)
    """
    spec = type_spec(hand_type)
    counted = counted_kept(spec, pool)
    if counted is not None:
        return counted if counted >= floor and counted >= 0 else None
    best = _closest_within(spec, pool, floor)
    return None if best is None else best.kept


def formable(hand_type: HandType, pool: Pool) -> bool:
    """Whether some completed hand of the type can still be drawn to (R3, R20).

    Only the seen tiles and the trump can make a formable type unreachable. A
    fixed sequence without a :func:`sequence_problem` can be formed when every
    tile is still drawable (as :mod:`.impossible` has it).
    """
    spec = type_spec(hand_type)
    if spec.structure == SEQUENCE:
        if sequence_problem(spec) is not None:
            return False
        if all(cap == COPIES for cap in pool.cap):
            return True
        return closest_sequences(spec, pool._replace(hand=(0,) * len(pool.hand))).found
    if spec.set_based:
        return build.current().sets_formable(spec, pool)
    return _closest(spec, pool).found


@functools.cache
def sequence_problem(spec: TypeSpec) -> str | None:
    """Why a fixed sequence can never meet the type's own tile conditions, or None.

    >>> from intlscore.rules.ruleset import default_table
    >>> royal = type_spec(default_table().by_number(24))  # r1-13 and the high 1
    >>> sequence_problem(royal) is None, sequence_problem(royal._replace(max_total=90))
    (True, 'its sequence adds up to 92, over 90')
    """
    numbers = slot_numbers(spec) * spec.repeat
    allowed = allowed_numbers(spec)
    if any(n not in allowed for n in numbers):
        return f"its sequence has numbers outside the {_RANGE_NAMES[spec.numbers]} range"
    if spec.max_total >= 0 and sum(numbers) > spec.max_total:
        return f"its sequence adds up to {sum(numbers)}, over {spec.max_total}"
    if spec.same_number and max(numbers.count(n) for n in set(numbers)) < spec.same_number:
        return f"its sequence never has {spec.same_number} tiles of one number"
    return None
