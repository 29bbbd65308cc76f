"""Types whose own conditions can never be met, and why (R20: a reason must be true).

A house table may hold a row no 14 tiles can ever satisfy, for example runs
only, three of them, adding up to at most 30: three runs of 14 tiles add up to
at least 40. Such a type is unreachable whatever the hand and whatever is seen;
:func:`impossible_reason` says so, and why, instead of blaming seen tiles. It
asks the reach search itself: a type can be formed at all when it is reachable
from an empty hand with every tile still drawable.

>>> from intlscore.rules.ruleset import default_table
>>> basic = default_table().by_number(1)
>>> impossible_reason(basic) is None
True
>>> runs30 = basic._replace(name="Runs 30", structure="runs", sets=frozenset({3}),
...                  max_total=30)
>>> print(impossible_reason(runs30))
Runs 30 can never be formed: 14 tiles in 3 runs add up to at least 40, over its max_total 30
>>> print(impossible_reason(runs30._replace(structure="groups", max_total=None)))
Runs 30 can never be formed: 3 groups of 3 to 4 tiles each never hold exactly 14 tiles
"""

from __future__ import annotations

import functools

from intlscore.engine.reach.solve import closest, sequence_problem
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import SEQUENCE, type_spec
from intlscore.rules.hand_table import HAND_SIZE, HandType

HIGHEST_TOTAL = HAND_SIZE * 13
_RELAXABLE = ("range", "same_number", "colours", "distinct_colours", "sets", "max_total")
_DROPPED = {
    "range": None,
    "same_number": None,
    "colours": None,
    "distinct_colours": False,
    "sets": None,
    "max_total": None,
}


@functools.cache
def impossible_reason(hand_type: HandType) -> str | None:
    """Why no 14 tiles can ever form the type, or None when some can."""
    spec = type_spec(hand_type)
    if spec.structure == SEQUENCE:
        problem = sequence_problem(spec)
        return None if problem is None else f"{hand_type.name} can never be formed: {problem}"
    if _formable(hand_type):
        return None
    prefix = f"{hand_type.name} can never be formed: "
    size_problem = _size_problem(hand_type)
    if size_problem is not None:
        return prefix + size_problem
    if hand_type.max_total is not None:
        least = _least_total(hand_type)
        if least is not None:
            return (
                f"{prefix}14 tiles {_shape_words(hand_type)} add up to at least {least}, "
                f"over its max_total {hand_type.max_total}"
            )
    for field in _RELAXABLE:
        if getattr(hand_type, field) != _DROPPED[field]:
            relaxed = hand_type._replace(**{field: _DROPPED[field]})  # type: ignore[arg-type]
            if _formable(relaxed):
                return f"{prefix}its {field} cannot hold together with its other conditions"
    return f"{prefix}no 14 tiles meet its conditions together"


def _size_problem(hand_type: HandType) -> str | None:
    """Why the allowed numbers of sets can never hold exactly 14 tiles, or None."""
    if hand_type.structure not in ("groups", "runs") or not hand_type.sets:
        return None
    longest = 4 if hand_type.structure == "groups" else 13
    if any(3 * n <= 14 <= longest * n for n in hand_type.sets):
        return None
    counts = " or ".join(str(n) for n in sorted(hand_type.sets))
    return (
        f"{counts} {hand_type.structure} of 3 to {longest} tiles each never hold exactly 14 tiles"
    )


def _formable(hand_type: HandType) -> bool:
    return closest(hand_type, _empty_pool()).found


@functools.cache
def _empty_pool() -> Pool:
    return Pool.build((), (), None)


def _least_total(hand_type: HandType) -> int | None:
    """The smallest max_total under which the type can be formed (None: not even without one)."""
    if not _formable(hand_type._replace(max_total=None)):
        return None
    low, high = hand_type.max_total or 0, HIGHEST_TOTAL  # formable at high, not at low
    while high - low > 1:
        middle = (low + high) // 2
        if _formable(hand_type._replace(max_total=middle)):
            high = middle
        else:
            low = middle
    return high


def _shape_words(hand_type: HandType) -> str:
    kind = {"sets": "sets", "groups": "groups", "runs": "runs", "any": "tiles"}.get(
        hand_type.structure, hand_type.structure
    )
    if hand_type.structure == "any":
        words = "of any kind"
    elif hand_type.sets:
        counts = " or ".join(str(n) for n in sorted(hand_type.sets))
        words = f"in {counts} {kind}"
    else:
        words = f"in {kind}"
    if hand_type.range is not None:
        words += f", {hand_type.range}"
    return words
