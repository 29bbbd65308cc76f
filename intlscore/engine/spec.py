"""One type spec: what every search reads of a closed-hand type, built once from its row.

A :class:`HandType` (``rules/hand_table.py``) is the row as the rules file says it; a
:class:`TypeSpec` is the same type as the searches read it, every field decoded once:
the structure's kinds of set, R9's range as the numbers and run positions it allows,
the set counts as a mask, and "no condition" as -1 or 0 rather than None. It is the one
encoding of a type's conditions that the searches and checks read: in Python the
scorer's (the matcher and its tile conditions, ``engine/conditions.py``; the split; the
pairs, sequence and any-tiles melds), reach's (every structure's search,
``engine/reach/``) and the play search's; in C every compiled search, which parses it,
field by field in this order, into its one struct (``HoldsType`` in ``native/holds.h``;
``tests/test_type_spec.py`` checks the two lists of fields agree) and takes a type as
(compiled table, index).

>>> from intlscore.rules.ruleset import default_table
>>> table = default_table()
>>> spec = type_spec(table.by_number(2))  # Hand minor: sets, tiles 1-9 (R9)
>>> spec.groups, spec.runs, bin(spec.numbers), spec.low, spec.high, spec.max_sets
(1, 1, '0b1111111110', 1, 9, 4)
>>> two = type_spec(table.by_number(19))  # Two colours: 2-4 runs, exactly 2 colours
>>> two.structure, two.groups, bin(two.sets_mask), two.colours, two.max_total
(2, 0, '0b11100', 2, -1)
>>> type_spec(table.by_number(30)).sequence  # Big wave: 8..13 and the high 1, twice
(8, 9, 10, 11, 12, 13, 14)
>>> type_spec(table.by_number(2)) is type_spec(table.by_number(2))  # made once per type
True

To add a condition to the rules (a house row's new field): give :class:`TypeSpec` its
field here and in ``HoldsType`` (same place in the order), read it in :func:`type_spec`
and in ``native/holds_simple.c: holds_parse_type``, then in the searches that must
honour it, each reading the spec's field (docs/design.md, "Adding a condition").
"""

from __future__ import annotations

import functools
from typing import Final, NamedTuple

from intlscore.engine.melds import MAX_SETS
from intlscore.engine.ranges import NUMBER_MASKS, RUN_POSITIONS
from intlscore.rules.hand_table import HandType

SETS, GROUPS, RUNS, PAIRS, SEQUENCE, ANY = range(6)
"""The structure codes (``TypeSpec.structure``), ``enum HoldsStructure`` of ``native/holds.h``."""
STRUCTURE_CODES: Final = {
    "sets": SETS,
    "groups": GROUPS,
    "runs": RUNS,
    "pairs": PAIRS,
    "sequence": SEQUENCE,
    "any": ANY,
}
"""Each structure of the rules file by its code."""
NEIGHBOUR_CODES: Final = {None: 0, "same": 1, "differ": 2}
SAME_NEIGHBOURS: Final = NEIGHBOUR_CODES["same"]
ALL_NUMBERS: Final = NUMBER_MASKS[None]
"""``TypeSpec.numbers`` of a type with no range (R9): every number 1-13."""


class TypeSpec(NamedTuple):
    """A closed-hand type as the searches read it (the fields of ``HoldsType``, in order)."""

    structure: int
    """0 sets, 1 groups, 2 runs, 3 pairs, 4 sequence, 5 any (:data:`STRUCTURE_CODES`)."""
    groups: int
    """1 when groups may be used (a set structure other than runs)."""
    runs: int
    """1 when runs may be used (a set structure other than groups)."""
    numbers: int
    """Bit n set: tiles of number n allowed (R9), in groups and everywhere."""
    low: int
    """The lowest run position a run may cover (1-14, 14 the high 1; R5, R9)."""
    high: int
    """The highest run position a run may cover."""
    max_sets: int
    """At most this many sets (1-4)."""
    sets_mask: int
    """Bit n set: n sets allowed; 0 when any number of sets is."""
    distinct_colours: int
    """1 when every run (or sequence) is a different colour."""
    max_total: int
    """The tiles add up to at most this (R8), or -1."""
    colours: int
    """Exactly this many colours among the 14 tiles, or -1."""
    same_number: int
    """At least this many tiles of one number among the 14, or 0."""
    sequence: tuple[int, ...]
    """The run positions of one sequence (14 the high 1), or ``()``."""
    repeat: int
    """How many such sequences (1 unless the structure is sequence)."""
    neighbours: int
    """0 none, 1 "same" (each sequence one colour), 2 "differ" (:data:`NEIGHBOUR_CODES`)."""

    @property
    def set_based(self) -> bool:
        """Whether the type is 14 tiles in sets (structure sets, groups or runs)."""
        return self.structure <= RUNS

    def allows(self, number: int) -> bool:
        """Whether tiles of this number may be used (R9).

        >>> from intlscore.rules.ruleset import default_table
        >>> major = type_spec(default_table().by_number(11))  # Grand sets: 10-13 and 1
        >>> [n for n in range(1, 14) if major.allows(n)]
        [1, 10, 11, 12, 13]
        """
        return bool(self.numbers >> number & 1)

    def usable(self, index: int) -> bool:
        """Whether a tile can be in any set of this (set-based) type."""
        number = index // 4 + 1
        if self.groups and self.numbers >> number & 1:
            return True
        if not self.runs:
            return False
        return self.low <= number <= self.high or (number == 1 and self.low <= 14 <= self.high)


@functools.cache
def type_spec(hand_type: HandType) -> TypeSpec:
    """The spec every search reads for this type (made once per type)."""
    allowed = hand_type.sets
    low, high = RUN_POSITIONS[hand_type.range]
    structure = hand_type.structure
    return TypeSpec(
        structure=STRUCTURE_CODES[structure],
        groups=int(structure in ("sets", "groups")),
        runs=int(structure in ("sets", "runs")),
        numbers=NUMBER_MASKS[hand_type.range],
        low=low,
        high=high,
        max_sets=MAX_SETS if allowed is None else min(MAX_SETS, max(allowed)),
        sets_mask=sum(1 << count for count in allowed) if allowed else 0,
        distinct_colours=int(hand_type.distinct_colours),
        max_total=-1 if hand_type.max_total is None else hand_type.max_total,
        colours=-1 if hand_type.colours is None else hand_type.colours,
        same_number=hand_type.same_number or 0,
        sequence=hand_type.sequence or (),
        repeat=hand_type.repeat,
        neighbours=NEIGHBOUR_CODES[hand_type.neighbours],
    )


PLAIN: Final = TypeSpec(0, 1, 1, NUMBER_MASKS[None], 1, 14, MAX_SETS, 0, 0, -1, -1, 0, (), 1, 0)
"""Groups and runs with no condition: the plain split's spec (Basic's)."""
