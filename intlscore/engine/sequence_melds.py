"""Fixed sequences: Royal, Mosaic and the waves (structure "sequence").

The type gives one sequence of run positions (1-14, 14 the high 1) and how
many times it repeats. Slots are filled in order; each takes a real tile of the
slot's number or a joker, in a colour the neighbour rule allows: "same" keeps
the sequence one colour (a run), "differ" changes colour at every step.

>>> from intlscore.engine.facts import HandFacts
>>> from intlscore.engine.melds import describe
>>> from intlscore.engine.spec import type_spec
>>> from intlscore.rules.ruleset import default_table
>>> from intlscore.engine.tiles import tile_index
>>> royal = type_spec(default_table().by_number(24))
>>> tiles = [tile_index(1, n) for n in range(1, 14) if n != 5] + [tile_index(1, 1)]
>>> describe(find_sequences(royal, HandFacts.build(tiles, jokers=1))[0])
'sequence r1 r2 r3 r4 *(r5) r6 r7 r8 r9 r10 r11 r12 r13 r1'
"""

from __future__ import annotations

from intlscore.engine.conditions import joker_tiles_may_hold, tiles_hold
from intlscore.engine.facts import HandFacts
from intlscore.engine.melds import Placed, RawMeld, position_number, position_tile
from intlscore.engine.spec import SAME_NEIGHBOURS, TypeSpec
from intlscore.engine.tiles import JOKER_INDEX


def numbers_needed(spec: TypeSpec) -> tuple[int, ...]:
    """How many tiles of each number (index 1-13) the type's sequences use."""
    needed = [0] * 14
    for position in spec.sequence:
        needed[position_number(position)] += spec.repeat
    return tuple(needed)


def find_sequences(spec: TypeSpec, facts: HandFacts) -> list[RawMeld] | None:
    """The sequences meeting the type, or None."""
    sequence = spec.sequence
    length = len(sequence)
    slots = [sequence[i % length] for i in range(length * spec.repeat)]
    same = spec.neighbours == SAME_NEIGHBOURS
    distinct = spec.distinct_colours
    failed: set[tuple[object, ...]] = set()
    placed: list[Placed] = []

    def fill(
        slot: int,
        packed: int,
        jokers: int,
        used: tuple[int, ...],
        previous: int,
        colours: tuple[int, ...],
    ) -> bool:
        if slot == len(slots):
            if distinct and len(set(colours)) != len(colours):
                return False
            return tiles_hold(spec, facts, used)
        key = (slot, packed, jokers, used, previous, colours)
        if key in failed:
            return False
        first = slot % length == 0
        for colour in range(4):
            if not first and (colour == previous) != same:
                continue
            if first and same and distinct and colour in colours:
                continue
            now_colours = (*colours, colour) if first else colours
            index = position_tile(colour, slots[slot])
            if (packed >> (2 * index)) & 3:
                placed.append((index, index))
                if fill(slot + 1, packed - (1 << (2 * index)), jokers, used, colour, now_colours):
                    return True
                placed.pop()
            if jokers and facts.cap[index] > used.count(index):
                now_used = tuple(sorted((*used, index)))
                if joker_tiles_may_hold(spec, facts, now_used):
                    placed.append((JOKER_INDEX, index))
                    if fill(slot + 1, packed, jokers - 1, now_used, colour, now_colours):
                        return True
                    placed.pop()
        failed.add(key)
        return False

    if not fill(0, facts.packed, facts.jokers, (), -1, ()):
        return None
    return [("sequence", tuple(placed[i : i + length])) for i in range(0, len(placed), length)]
