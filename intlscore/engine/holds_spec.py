"""A closed-hand type as the flat tuple the compiled holds-checks read (``native/holds.h``).

The C code never sees a :class:`HandType`: it parses this tuple into its ``HoldsType``
struct, field by field in the struct's order. Every structure has a spec (the set-based
ones too), and a spec depends only on the type's row, so it is made once per type.

The fields, in order:

``structure``   0 sets, 1 groups, 2 runs, 3 pairs, 4 sequence, 5 any (``enum HoldsStructure``)
``range``       0 none, 1 minor, 2 major (R9)
``colours``     exactly this many colours, or -1
``distinct``    1 when every run (or sequence) is a different colour
``max_total``   the tiles add up to at most this (R8), or -1
``same_number`` at least this many tiles of one number, or 0
``sets_mask``   bit n set: n sets allowed; 0 when any number of sets is
``sequence``    the run positions of one sequence (14 is the high 1, R5), or ``()``
``repeat``      how many such sequences (1 unless the structure is sequence)
``neighbours``  0 none, 1 "same", 2 "differ"

>>> from intlscore.rules.hand_table import default_table
>>> table = default_table()
>>> holds_spec(table.by_number(1))  # Basic: sets, nothing else
(0, 0, -1, 0, -1, 0, 0, (), 1, 0)
>>> holds_spec(table.by_number(19))  # Two colours: runs, 2-4 of them, exactly 2 colours
(2, 0, 2, 0, -1, 0, 28, (), 1, 0)
>>> holds_spec(table.by_number(30))  # Big wave: 8..13 and the high 1, twice, colours differ
(4, 0, -1, 0, -1, 0, 0, (8, 9, 10, 11, 12, 13, 14), 2, 2)
>>> holds_spec(table.by_number(12))  # Grand square: any tiles, 8 of one number
(5, 0, -1, 0, -1, 8, 0, (), 1, 0)
"""

from __future__ import annotations

import functools
from typing import Final

from intlscore.rules.hand_table import HandType

HoldsSpec = tuple[int, int, int, int, int, int, int, tuple[int, ...], int, int]
"""The fields of ``HoldsType`` (``native/holds.h``) in order; see the module docstring."""

STRUCTURE_CODES: Final = {"sets": 0, "groups": 1, "runs": 2, "pairs": 3, "sequence": 4, "any": 5}
"""``enum HoldsStructure`` of ``native/holds.h``."""
RANGE_CODES: Final = {None: 0, "minor": 1, "major": 2}
NEIGHBOUR_CODES: Final = {None: 0, "same": 1, "differ": 2}


@functools.cache
def holds_spec(hand_type: HandType) -> HoldsSpec:
    """The tuple the compiled holds-checks parse for this type (made once per type)."""
    sets_mask = sum(1 << count for count in hand_type.sets) if hand_type.sets else 0
    return (
        STRUCTURE_CODES[hand_type.structure],
        RANGE_CODES[hand_type.range],
        -1 if hand_type.colours is None else hand_type.colours,
        int(hand_type.distinct_colours),
        -1 if hand_type.max_total is None else hand_type.max_total,
        hand_type.same_number or 0,
        sets_mask,
        hand_type.sequence or (),
        hand_type.repeat,
        NEIGHBOUR_CODES[hand_type.neighbours],
    )
