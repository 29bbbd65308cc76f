"""The types a play search weighs, one slot each, and what it reads of them.

>>> from intlscore.rules.ruleset import default_table
>>> table = default_table()
>>> slots = Slots.of([(table.by_number(2), None), (table.by_number(1), None)])
>>> slots.parent_slots[0], slots.narrowed[0] is not None, slots.last_limited
(1, True, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from intlscore.engine.melds import position_number
from intlscore.engine.parents import parent
from intlscore.engine.setsearch.shapes import narrowing
from intlscore.engine.spec import TypeSpec, type_spec
from intlscore.rules.hand_table import HandType


@dataclass(frozen=True, slots=True)
class Slots:
    """One rack's types for the play search, each with R21's draw limit (or None)."""

    types: list[tuple[HandType, int | None]]
    specs: tuple[TypeSpec, ...]
    """Per slot, its type's spec."""
    usable: list[int]
    """Per slot, the numbered kinds a completed hand of its type may hold."""
    narrowed: list[tuple[int, int] | None]
    """Per slot, a slot whose type's hands, within the slot's tiles, are the slot's
    (:func:`.shapes.narrowing`), and those tiles; or None."""
    parent_slots: list[int | None]
    """Per slot, the slot whose type is its plain parent (the same spec), or None."""
    last_limited: int
    """Draw numbers past this one all allow the same types."""

    @classmethod
    def of(cls, types: list[tuple[HandType, int | None]]) -> Slots:
        """The slots of ``types`` (type, R21's draw limit or None), in that order."""
        specs = [type_spec(hand_type) for hand_type, _ in types]
        parent_slots: list[int | None] = []
        for hand_type, _ in types:
            broad = parent(hand_type)
            spec = None if broad is None else type_spec(broad)
            parent_slots.append(specs.index(spec) if spec in specs else None)
        limits = [1 if limit == 0 else limit for _, limit in types if limit is not None]
        return cls(
            types,
            tuple(specs),
            [usable_kinds(spec) for spec in specs],
            narrowed_slots(specs),
            parent_slots,
            max(limits, default=0),
        )


def usable_kinds(spec: TypeSpec) -> int:
    """The numbered kinds (a mask) that a completed hand of a type may hold: those of
    the numbers it allows (R9), and for a fixed sequence only the numbers in it (the
    high 1 is a 1, R5).

    >>> from intlscore.rules.ruleset import default_table
    >>> wave, royal = (type_spec(default_table().by_number(n)) for n in (29, 24))
    >>> bin(usable_kinds(wave)).count("1"), usable_kinds(wave) >> 28  # 1 to 7
    (28, 0)
    >>> bin(usable_kinds(royal)).count("1")  # 1 to 13, then the high 1
    52
    """
    numbers = spec.numbers
    if spec.sequence:
        in_sequence = 0
        for position in spec.sequence:
            in_sequence |= 1 << position_number(position)
        numbers &= in_sequence
    mask = 0
    for number in range(1, 14):
        if numbers >> number & 1:
            mask |= 0b1111 << (number - 1) * 4
    return mask


def narrowed_slots(specs: list[TypeSpec]) -> list[tuple[int, int] | None]:
    """Per slot, the slot of the narrowest wider type whose hands within the tiles of the
    slot's are the slot's (:func:`.shapes.narrowing`), with those tiles; or None.

    >>> from intlscore.rules.ruleset import default_table
    >>> table = default_table()
    >>> specs = [type_spec(table.by_number(n)) for n in (2, 1, 13, 14)]
    >>> [None if found is None else found[0] for found in narrowed_slots(specs)]
    [1, None, None, 2]
    """
    found: list[tuple[int, int] | None] = []
    for spec in specs:
        wider = [
            (bin(tiles).count("1"), slot, tiles)
            for slot, other in enumerate(specs)
            if (tiles := narrowing(spec, other)) is not None
        ]
        if wider:
            _, slot, tiles = min(wider)
            found.append((slot, tiles))
        else:
            found.append(None)
    return found
