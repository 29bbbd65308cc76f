"""What a set-based type allows, read from its table row (never its name).

>>> from intlscore.rules.ruleset import default_table
>>> shape = SetShape.of(default_table().by_number(14))
>>> shape.groups, shape.runs, shape.positions, shape.max_sets, shape.distinct
(False, True, (1, 9), 4, True)
>>> len(filler_sets(shape)) > 0
True
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from intlscore.engine.melds import MAX_RUN, MAX_SETS, position_number, position_tile
from intlscore.engine.ranges import GROUP_NUMBERS, RUN_POSITIONS
from intlscore.rules.hand_table import HandType


class SetShape(NamedTuple):
    """The structure and conditions of a set-based type (sets, groups or runs)."""

    groups: bool
    runs: bool
    numbers: frozenset[int]
    """Numbers a group may have (R9 narrows them)."""
    positions: tuple[int, int]
    """Lowest and highest run position (1-14, 14 the high 1)."""
    max_sets: int
    allowed_sets: frozenset[int] | None
    distinct: bool
    """Every run a different colour."""
    colours: int | None
    """Exactly this many colours among the 14 tiles."""
    max_total: int | None
    same_number: int | None = None
    """At least this many tiles of one number among the 14 (a house row may ask it)."""

    @classmethod
    def of(cls, hand_type: HandType) -> SetShape:
        allowed = hand_type.sets
        return cls(
            groups=hand_type.structure in ("sets", "groups"),
            runs=hand_type.structure in ("sets", "runs"),
            numbers=GROUP_NUMBERS[hand_type.range],
            positions=RUN_POSITIONS[hand_type.range],
            max_sets=MAX_SETS if allowed is None else min(MAX_SETS, max(allowed)),
            allowed_sets=allowed,
            distinct=hand_type.distinct_colours,
            colours=hand_type.colours,
            max_total=hand_type.max_total,
            same_number=hand_type.same_number,
        )

    def usable(self, index: int) -> bool:
        """Whether a tile can be in any set of this shape."""
        number = index // 4 + 1
        if self.groups and number in self.numbers:
            return True
        if not self.runs:
            return False
        low, high = self.positions
        return low <= number <= high or (number == 1 and low <= 14 <= high)


def target_numbers(shape: SetShape) -> tuple[int | None, ...]:
    """The numbers a search must try to hold ``same_number`` tiles of, or ``(None,)``.

    >>> from intlscore.rules.ruleset import default_table
    >>> basic = SetShape.of(default_table().by_number(1))
    >>> target_numbers(basic)
    (None,)
    >>> target_numbers(basic._replace(same_number=6))[:3]
    (1, 2, 3)
    """
    if shape.same_number is None:
        return (None,)
    return tuple(
        number
        for number in range(1, 14)
        if any(shape.usable((number - 1) * 4 + colour) for colour in range(4))
    )


def number_mask(number: int | None) -> int:
    """Bit mask of the four tiles of a number (none for ``None``).

    >>> bin(number_mask(2))
    '0b11110000'
    """
    return 0 if number is None else 0b1111 << (number - 1) * 4


# A NamedTuple, not a dataclass: made in a fraction of the time at import, which
# every run of the command line pays.
class Candidate(NamedTuple):
    """One concrete set a filler may be: its tiles, their total, colour and kind."""

    cells: tuple[int, ...]
    mask: int
    total: int
    colours: int
    """Bit mask of the colours in the set."""
    run_colour: int
    """The run's colour, or -1 for a group."""


def filler_sets(shape: SetShape) -> tuple[Candidate, ...]:
    """Every group and run the shape allows, smallest first."""
    # The 22 set shapes of the shipped table have only 9 distinct lists of sets
    # (they differ in counts, colours or totals): each list is built once a run.
    return _filler_sets(shape.groups, shape.runs, shape.numbers, shape.positions)


@functools.cache
def _filler_sets(
    groups: bool, runs: bool, numbers: frozenset[int], positions: tuple[int, int]
) -> tuple[Candidate, ...]:
    found: list[Candidate] = []
    if groups:
        for number in sorted(numbers):
            base = (number - 1) * 4
            for skip in (-1, 0, 1, 2, 3):
                colours = [c for c in range(4) if c != skip]
                cells = tuple(base + c for c in colours)
                found.append(_candidate(cells, -1))
    if runs:
        low, high = positions
        for colour in range(4):
            for start in range(low, high + 1):
                # Each run from ``start`` is the one before it and one more tile.
                cells = ()
                mask = total = 0
                for position in range(start, min(high, start + MAX_RUN - 1) + 1):
                    cell = position_tile(colour, position)
                    cells += (cell,)
                    mask |= 1 << cell
                    total += position_number(position)
                    if len(cells) >= 3:
                        found.append(Candidate(cells, mask, total, 1 << colour, colour))
    found.sort(key=lambda cand: len(cand.cells))
    return tuple(found)


def _candidate(cells: tuple[int, ...], run_colour: int) -> Candidate:
    mask = 0
    colours = 0
    total = 0
    for cell in cells:
        mask |= 1 << cell
        colours |= 1 << (cell & 3)
        total += position_number(cell // 4 + 1)
    return Candidate(cells, mask, total, colours, run_colour)
