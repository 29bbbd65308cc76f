"""The sets a set-based type may fill a hand with, read from its spec (never its name).

>>> from intlscore.engine.spec import type_spec
>>> from intlscore.rules.ruleset import default_table
>>> spec = type_spec(default_table().by_number(14))  # runs of 1-9, each a different colour
>>> spec.groups, spec.runs, (spec.low, spec.high), spec.max_sets, spec.distinct_colours
(0, 1, (1, 9), 4, 1)
>>> [len(cand.cells) for cand in filler_sets(spec)][:3], len(filler_sets(spec))
([3, 3, 3], 112)
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from intlscore.engine.melds import MAX_RUN, position_number, position_tile
from intlscore.engine.spec import TypeSpec


def target_numbers(spec: TypeSpec) -> tuple[int | None, ...]:
    """The numbers a search must try to hold ``same_number`` tiles of, or ``(None,)``.

    >>> from intlscore.engine.spec import type_spec
    >>> from intlscore.rules.ruleset import default_table
    >>> basic = type_spec(default_table().by_number(1))
    >>> target_numbers(basic)
    (None,)
    >>> target_numbers(basic._replace(same_number=6))[:3]
    (1, 2, 3)
    """
    if not spec.same_number:
        return (None,)
    return tuple(
        number
        for number in range(1, 14)
        if any(spec.usable((number - 1) * 4 + colour) for colour in range(4))
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


def filler_sets(spec: TypeSpec) -> tuple[Candidate, ...]:
    """Every group and run the spec allows, smallest first."""
    # The 22 set shapes of the shipped table have only 9 distinct lists of sets
    # (they differ in counts, colours or totals): each list is built once a run.
    return _filler_sets(spec.groups, spec.runs, spec.numbers, spec.low, spec.high)


@functools.cache
def _filler_sets(
    groups: int, runs: int, numbers: int, low: int, high: int
) -> tuple[Candidate, ...]:
    found: list[Candidate] = []
    if groups:
        for number in (n for n in range(1, 14) if numbers >> n & 1):
            base = (number - 1) * 4
            for skip in (-1, 0, 1, 2, 3):
                colours = [c for c in range(4) if c != skip]
                cells = tuple(base + c for c in colours)
                found.append(_candidate(cells, -1))
    if runs:
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


@functools.cache
def narrowing(narrow: TypeSpec, wide: TypeSpec) -> int | None:
    """The tiles (a mask) within which ``wide``'s completed hands are ``narrow``'s, or None.

    Where two set-based specs differ only in the sets they allow (the numbers of R9), every
    set of ``narrow`` is one of ``wide``, and every set of ``wide`` whose tiles ``narrow``
    uses is one of ``narrow``, a hand of ``narrow`` is exactly a hand of ``wide`` whose 14
    tiles all lie in the tiles of ``narrow``'s sets: the same partition, the same counts,
    colours and totals. So what ``wide``'s hands of a pool stand in for, kept where every
    tile is ``narrow``'s, is what ``narrow``'s hands do, when the pool's own tiles are
    ``narrow``'s (:meth:`.pairs.StoodHands.within`). None where this does not hold, or where
    ``wide`` allows no set more (it is then no wider). Asked of every two types of a rack
    each time a play search starts, so each answer is kept.

    >>> from intlscore.engine.spec import type_spec
    >>> from intlscore.rules.ruleset import default_table
    >>> basic, minor = (type_spec(default_table().by_number(n)) for n in (1, 2))
    >>> narrowing(minor, basic) == (1 << 36) - 1  # Hand minor: the tiles 1 to 9
    True
    >>> narrowing(basic, minor) is None
    True
    """
    if not (narrow.groups or narrow.runs) or not (wide.groups or wide.runs):
        return None  # a type not built from sets
    if _beside_sets(narrow) != _beside_sets(wide):
        return None
    narrow_sets = {(cand.mask, cand.run_colour) for cand in filler_sets(narrow)}
    wide_sets = {(cand.mask, cand.run_colour) for cand in filler_sets(wide)}
    tiles = 0
    for mask, _ in narrow_sets:
        tiles |= mask
    within = {(mask, kind) for mask, kind in wide_sets if not mask & ~tiles}
    if not narrow_sets < wide_sets or within != narrow_sets:
        return None
    return tiles


def _beside_sets(spec: TypeSpec) -> TypeSpec:
    """The spec less what says which sets it allows."""
    return spec._replace(structure=0, groups=0, runs=0, numbers=0, low=0, high=0)


def _candidate(cells: tuple[int, ...], run_colour: int) -> Candidate:
    mask = 0
    colours = 0
    total = 0
    for cell in cells:
        mask |= 1 << cell
        colours |= 1 << (cell & 3)
        total += position_number(cell // 4 + 1)
    return Candidate(cells, mask, total, colours, run_colour)
