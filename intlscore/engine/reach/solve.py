"""One search per structure family, chosen from the table's vocabulary.

Set-based types go to the set search's keep-most walk of the build in use
(:func:`intlscore.engine.build.current`): groups-only, runs-only and mixed types alike.

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.rules.ruleset import default_table
>>> pool = Pool.build(parse_tiles("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b7 o8"), (), None)
>>> closest(default_table().by_number(35), pool).kept
13
"""

from __future__ import annotations

from intlscore.engine import build
from intlscore.engine.reach.anytiles import allowed_numbers, closest_any, counted_kept
from intlscore.engine.reach.pairs import closest_pairs
from intlscore.engine.reach.sequences import closest_sequences, slot_numbers
from intlscore.engine.setsearch.best import Best
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import type_spec
from intlscore.engine.tiles import COPIES
from intlscore.rules.hand_table import SET_STRUCTURES, HandType


def closest(hand_type: HandType, pool: Pool) -> Best:
    """The closest completed hands of a type: kept tiles, outs and one keep."""
    structure = hand_type.structure
    if structure == "any":
        return closest_any(hand_type, pool)
    if structure == "pairs":
        return closest_pairs(hand_type, pool)
    if structure == "sequence":
        if sequence_problem(hand_type) is not None:
            return Best()
        return closest_sequences(hand_type, pool)
    return build.current().closest_sets(type_spec(hand_type), pool)


def prunable(hand_type: HandType) -> bool:
    """Whether :func:`closest_within` may skip the far hands of this type.

    The set search may, for the set-based types (the compiled walk does), and so does
    the sequence search; the other searches answer in full.
    """
    return hand_type.structure == "sequence" or hand_type.structure in SET_STRUCTURES


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
    if floor >= 1 and hand_type.structure == "sequence":
        if sequence_problem(hand_type) is not None:
            return None
        best = closest_sequences(hand_type, pool, floor)
    elif floor >= 1 and hand_type.structure == "any":
        best = closest_any(hand_type, pool, floor)
    elif floor >= 1 and prunable(hand_type):
        return build.current().closest_sets_within(type_spec(hand_type), pool, floor)
    else:
        best = closest(hand_type, pool)
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
    counted = counted_kept(hand_type, pool)
    if counted is not None:
        return counted if counted >= floor and counted >= 0 else None
    best = closest_within(hand_type, pool, floor)
    return None if best is None else best.kept


def formable(hand_type: HandType, pool: Pool) -> bool:
    """Whether some completed hand of the type can still be drawn to (R3, R20).

    Only the seen tiles and the trump can make a formable type unreachable. A
    fixed sequence without a :func:`sequence_problem` can be formed when every
    tile is still drawable (as :mod:`.impossible` has it).
    """
    if hand_type.structure == "sequence":
        if sequence_problem(hand_type) is not None:
            return False
        if all(cap == COPIES for cap in pool.cap):
            return True
        return closest_sequences(hand_type, pool._replace(hand=(0,) * len(pool.hand))).found
    if prunable(hand_type):
        return build.current().sets_formable(type_spec(hand_type), pool)
    return closest(hand_type, pool).found


def sequence_problem(hand_type: HandType) -> str | None:
    """Why a fixed sequence can never meet the type's own tile conditions, or None."""
    numbers = slot_numbers(hand_type) * hand_type.repeat
    allowed = allowed_numbers(hand_type)
    if any(n not in allowed for n in numbers):
        return f"its sequence has numbers outside the {hand_type.range} range"
    if hand_type.max_total is not None and sum(numbers) > hand_type.max_total:
        return f"its sequence adds up to {sum(numbers)}, over {hand_type.max_total}"
    if (
        hand_type.same_number is not None
        and max(numbers.count(n) for n in set(numbers)) < hand_type.same_number
    ):
        return f"its sequence never has {hand_type.same_number} tiles of one number"
    return None
