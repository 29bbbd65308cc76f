"""A type's plain parent: the broader type every completed hand of it also forms.

Both builds ask a type's parent first, since a pool that does not hold the parent holds
none of its children: 14 tiles in sets for the set-based types and the single-colour
sequences, seven pairs for the pairs types. Neither build owns this, so it lives beside
them, not in either (the build seam, :mod:`intlscore.engine.build`).
"""

from __future__ import annotations

import functools

from intlscore.engine.spec import PAIRS, SAME_NEIGHBOURS, SEQUENCE, type_spec
from intlscore.rules.hand_table import HandType


@functools.cache
def parent(hand_type: HandType) -> HandType | None:
    """A broader type every completed hand of this one also forms, or None.

    Set-based types and single-colour sequences (each sequence a run) are 14 tiles in
    sets; the pairs types are seven pairs.

    >>> from intlscore.rules.ruleset import default_table
    >>> royal, pairs, mosaic = (default_table().by_number(n) for n in (24, 35, 28))
    >>> parent(royal).name, parent(pairs).name, parent(mosaic)
    ('sets (plain)', 'pairs (plain)', None)
    """
    spec = type_spec(hand_type)
    if spec.set_based or (spec.structure == SEQUENCE and spec.neighbours == SAME_NEIGHBOURS):
        plain = "sets"
    elif spec.structure == PAIRS:
        plain = "pairs"
    else:
        return None
    broad = hand_type._replace(
        name=f"{plain} (plain)",
        structure=plain,  # type: ignore[arg-type]
        sets=None,
        colours=None,
        distinct_colours=False,
        range=None,
        max_total=None,
        same_number=None,
        sequence=None,
        repeat=1,
        neighbours=None,
        when=frozenset(),
    )
    return None if broad == hand_type else broad
