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

>>> from intlscore.rules.ruleset import default_table
>>> table = default_table()
>>> holds_spec(table.by_number(1))  # Basic: sets, nothing else
(0, 0, -1, 0, -1, 0, 0, (), 1, 0)
>>> holds_spec(table.by_number(19))  # Two colours: runs, 2-4 of them, exactly 2 colours
(2, 0, 2, 0, -1, 0, 28, (), 1, 0)
>>> holds_spec(table.by_number(30))  # Big wave: 8..13 and the high 1, twice, colours differ
(4, 0, -1, 0, -1, 0, 0, (8, 9, 10, 11, 12, 13, 14), 2, 2)
>>> holds_spec(table.by_number(12))  # Grand square: any tiles, 8 of one number
(5, 0, -1, 0, -1, 8, 0, (), 1, 0)

A set-based type also has a :func:`split_spec`: the conditions the compiled split
(``conditioned_split`` in ``native/setsearch.c``) lays out its melds under, as
:func:`intlscore.engine.matcher.find_sets` gives them to the Python ``SetSearch``:

``groups``        1 when groups may be used (the structure is not "runs")
``runs``          1 when runs may be used (the structure is not "groups")
``numbers``       bit n set: number n allowed (R9), in a group and on every tile
``low``, ``high`` the run positions a run may cover (1-14, 14 the high 1; R5, R9)
``max_sets``      at most this many sets (1-4)
``sets_mask``     bit n set: n sets allowed; 0 when any number of sets is
``distinct_runs`` 1 when every run is a different colour
``max_total``     every tile, jokers' tiles included, adds up to at most this (R8), or -1
``colours``       exactly this many colours, or -1
``same_number``   at least this many tiles of one number, or 0

>>> split_spec(table.by_number(2))  # Hand minor: sets, tiles 1-9
(1, 1, 1022, 1, 9, 4, 0, 0, -1, -1, 0)
>>> split_spec(table.by_number(19))  # Two colours: 2-4 runs, exactly 2 colours
(0, 1, 16382, 1, 14, 4, 28, 0, -1, 2, 0)
"""

from __future__ import annotations

import functools
from typing import Final

from intlscore.engine.melds import MAX_SETS
from intlscore.engine.ranges import GROUP_NUMBERS, RUN_POSITIONS
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


SplitSpec = tuple[int, int, int, int, int, int, int, int, int, int, int]
"""The conditions of ``conditioned_split`` (``native/setsearch.c``); see the module docstring."""


@functools.cache
def split_spec(hand_type: HandType) -> SplitSpec:
    """The conditions the compiled split of a set-based type reads (made once per type)."""
    allowed = hand_type.sets
    low, high = RUN_POSITIONS[hand_type.range]
    return (
        int(hand_type.structure != "runs"),
        int(hand_type.structure != "groups"),
        sum(1 << number for number in GROUP_NUMBERS[hand_type.range]),
        low,
        high,
        MAX_SETS if allowed is None else max(allowed),
        sum(1 << count for count in allowed) if allowed else 0,
        int(hand_type.distinct_colours),
        -1 if hand_type.max_total is None else hand_type.max_total,
        -1 if hand_type.colours is None else hand_type.colours,
        hand_type.same_number or 0,
    )
