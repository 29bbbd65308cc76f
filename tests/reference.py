"""A deliberately slow, brute-force reference for the closed-hand types (R3-R13).

It is written independently of :mod:`intlscore.engine` and :mod:`intlscore.engine.scoring`
and only used by the tests, on small or generated cases. It trades every shortcut for
obviousness:

- every joker is expanded into every concrete numbered tile that R3 allows (the
  hand's real copies, the discard, the known tiles and the other joker's choice
  never exceed two copies of a tile);
- for each concrete 14-tile multiset, *all* partitions into groups (R4) and runs
  (R5) are walked by taking the first remaining tile and trying every meld that
  contains it; of each partition only its *shape* is kept (how many groups, the
  colour of each run), which is all the conditions read; seven pairs (R6) is "every
  tile exactly twice"; a fixed sequence is checked by trying every assignment of the
  tiles to the sequence positions;
- every condition is read from the :class:`~intlscore.rules.hand_table.HandType` fields, never
  from a type's name.

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.rules.ruleset import default_table
>>> sorted(fitting_types(parse_tiles("k1-1")))
[1, 22, 23, 24]
>>> best_type(parse_tiles("k1-6 * k8-1"))
(24, 2200)
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from intlscore.engine.score_result import Context
from intlscore.engine.tiles import ALL_NUMBERED, COPIES, Tile
from intlscore.rules.hand_table import HandTable, HandType
from intlscore.rules.ruleset import default_table

HAND_SIZE = 14
MAX_JOKERS = 2
HIGH_ONE = 14
"""A run position: the 1 placed after the 13 (R5)."""
NO_CONTEXT = Context()
"""Not a first turn, not the dealt hand, not the starting player."""


@dataclass(frozen=True)
class RefMeld:
    """A concrete group or run: its kind and its tiles (no jokers)."""

    kind: str
    tiles: tuple[Tile, ...]
    colour: int
    """The run's colour; -1 for a group."""


def _number_at(position: int) -> int:
    """The tile number at a run position 1-14 (14 is the high 1)."""
    return 1 if position == HIGH_ONE else position


def _all_melds() -> tuple[RefMeld, ...]:
    """Every possible group (R4) and run (R5) of concrete tiles."""
    melds: list[RefMeld] = []
    for number in range(1, 14):
        for size in (3, 4):
            for colours in itertools.combinations(range(4), size):
                tiles = tuple(Tile.of(c, number) for c in colours)
                melds.append(RefMeld("group", tiles, -1))
    for colour in range(4):
        # Positions 1..14; a run is a window of consecutive positions, 3 to 13 long.
        # The window 1..14 (14 long) is excluded, so a 1 is never low and high at once,
        # and 13-1-2 cannot be written (nothing comes after position 14).
        for start in range(1, HIGH_ONE + 1):
            for end in range(start + 2, HIGH_ONE + 1):
                if end - start + 1 > 13:
                    continue
                tiles = tuple(Tile.of(colour, _number_at(p)) for p in range(start, end + 1))
                melds.append(RefMeld("run", tiles, colour))
    return tuple(melds)


ALL_MELDS = _all_melds()
MELDS_WITH: dict[int, tuple[tuple[RefMeld, tuple[int, ...]], ...]] = {
    tile.index: tuple(
        (meld, tuple(t.index for t in meld.tiles)) for meld in ALL_MELDS if tile in meld.tiles
    )
    for tile in ALL_NUMBERED
}
"""For each tile index, every meld holding that tile, with the meld's tile indices."""


def check_physical(
    tiles: Sequence[Tile], discard: Tile | None = None, known: Iterable[Tile] = ()
) -> None:
    """Raise ValueError if the hand, discard and known tiles break R1/R3."""
    everything = [*tiles, *([] if discard is None else [discard]), *known]
    counts = Counter(everything)
    for tile, count in counts.items():
        if count > COPIES:
            raise ValueError(f"{count} copies of {tile}")


def joker_choices(
    real: Sequence[Tile], jokers: int, discard: Tile | None, known: Iterable[Tile]
) -> Iterator[tuple[Tile, ...]]:
    """Every combination of concrete tiles the jokers may stand for (R3, R7).

    The jokers are identical, so combinations with replacement list every case once.
    """
    outside = [t for t in [*([] if discard is None else [discard]), *known] if not t.is_joker]
    base = Counter([*real, *outside])
    for choice in itertools.combinations_with_replacement(ALL_NUMBERED, jokers):
        counts = base + Counter(choice)
        if all(counts[tile] <= COPIES for tile in choice):
            yield choice


@dataclass(frozen=True, slots=True)
class Shape:
    """What the type conditions can ask of one partition: its groups and its runs' colours."""

    groups: int
    run_colours: tuple[int, ...]
    """The colour of every run, sorted (a colour repeats when two runs share it)."""

    def plus(self, meld: RefMeld) -> Shape:
        """This shape with one more meld."""
        if meld.kind == "group":
            return Shape(self.groups + 1, self.run_colours)
        return Shape(self.groups, tuple(sorted((*self.run_colours, meld.colour))))


@functools.lru_cache(maxsize=200_000)
def _shapes(key: tuple[int, ...]) -> frozenset[Shape]:
    """The shapes of every partition of the concrete tiles (sorted indices) into sets.

    The first remaining tile must be in some meld; try each meld that contains it and
    fits in the remaining tiles, then partition the rest. Every partition is reached;
    only its shape is kept, since the conditions read nothing else.
    """
    if not key:
        return frozenset({Shape(0, ())})
    present = set(key)
    found: set[Shape] = set()
    for meld, indices in MELDS_WITH[key[0]]:
        # A meld never holds two copies of one tile, so one copy of each is enough.
        if not present.issuperset(indices):
            continue
        rest = list(key)
        for index in indices:
            rest.remove(index)
        found.update(shape.plus(meld) for shape in _shapes(tuple(rest)))
    return frozenset(found)


def shapes(tiles: Sequence[Tile]) -> frozenset[Shape]:
    """The shapes of every partition of concrete (joker-free) tiles into groups and runs.

    >>> from intlscore.engine.notation import parse_tiles
    >>> sorted(shapes(parse_tiles("k1 k2 k3 r1 r2 r3 b1 b2 b3")), key=lambda s: s.groups)
    [Shape(groups=0, run_colours=(0, 1, 2)), Shape(groups=3, run_colours=())]
    >>> shapes(parse_tiles("k13 k1 k2"))
    frozenset()
    """
    return _shapes(tuple(sorted(t.index for t in tiles)))


def _in_range(tile: Tile, range_: str | None) -> bool:
    if range_ == "minor":
        return 1 <= tile.number <= 9
    if range_ == "major":
        return tile.number in (10, 11, 12, 13, 1)
    return True


def _context_ok(hand_type: HandType, context: Context) -> bool:
    for flag in hand_type.when:
        if flag == "first_turn" and not context.first_turn:
            return False
        if flag == "original_hand" and not context.original_hand:
            return False
        if flag == "not_starting_player" and context.starting_player:
            return False
    return True


def _tile_conditions(concrete: Sequence[Tile], hand_type: HandType) -> bool:
    """The conditions on the represented tiles alone (R8, R9, colours, same number)."""
    if hand_type.colours is not None and len({t.colour for t in concrete}) != hand_type.colours:
        return False
    if not all(_in_range(t, hand_type.range) for t in concrete):
        return False
    if hand_type.max_total is not None and sum(t.number for t in concrete) > hand_type.max_total:
        return False
    if hand_type.same_number is not None:
        most = max(Counter(t.number for t in concrete).values())
        if most < hand_type.same_number:
            return False
    return True


def _shape_ok(shape: Shape, hand_type: HandType) -> bool:
    runs = len(shape.run_colours)
    if hand_type.structure == "groups" and runs:
        return False
    if hand_type.structure == "runs" and shape.groups:
        return False
    if hand_type.sets is not None and shape.groups + runs not in hand_type.sets:
        return False
    return not (hand_type.distinct_colours and len(set(shape.run_colours)) != runs)


def _sequence_ok(concrete: Sequence[Tile], hand_type: HandType) -> bool:
    """Try every assignment of the tiles to the positions of the fixed sequence(s)."""
    assert hand_type.sequence is not None
    slots = [
        (copy, place, _number_at(position))
        for copy in range(hand_type.repeat)
        for place, position in enumerate(hand_type.sequence)
    ]
    if len(slots) != len(concrete):
        return False
    numbers = sorted({number for _, _, number in slots})
    if sorted(t.number for t in concrete) != sorted(number for _, _, number in slots):
        return False
    per_number = []
    for number in numbers:
        places = [(copy, place) for copy, place, n in slots if n == number]
        tiles = [t for t in concrete if t.number == number]
        per_number.append((places, sorted(set(itertools.permutations(tiles)))))
    for choice in itertools.product(*(options for _, options in per_number)):
        grid: dict[tuple[int, int], Tile] = {}
        for (places, _), chosen in zip(per_number, choice, strict=True):
            grid.update(zip(places, chosen, strict=True))
        sequences = [
            [grid[(copy, place)] for place in range(len(hand_type.sequence))]
            for copy in range(hand_type.repeat)
        ]
        if _sequences_ok(sequences, hand_type):
            return True
    return False


def _sequences_ok(sequences: list[list[Tile]], hand_type: HandType) -> bool:
    for sequence in sequences:
        pairs = list(itertools.pairwise(sequence))
        if hand_type.neighbours == "same" and any(a.colour != b.colour for a, b in pairs):
            return False
        if hand_type.neighbours == "differ" and any(a.colour == b.colour for a, b in pairs):
            return False
    if hand_type.distinct_colours:
        colour_sets = [frozenset(t.colour for t in sequence) for sequence in sequences]
        if any(len(s) != 1 for s in colour_sets) or len(set(colour_sets)) != len(colour_sets):
            return False
    return True


def concrete_fits(concrete: Sequence[Tile], hand_type: HandType) -> bool:
    """Whether 14 concrete (joker-free) tiles fit the type, ignoring context flags."""
    if len(concrete) != HAND_SIZE:
        return False
    if not _tile_conditions(concrete, hand_type):
        return False
    structure = hand_type.structure
    if structure == "any":
        return True
    if structure == "pairs":
        return all(count == 2 for count in Counter(concrete).values())
    if structure == "sequence":
        return _sequence_ok(concrete, hand_type)
    return any(_shape_ok(shape, hand_type) for shape in shapes(concrete))


def _split(tiles: Sequence[Tile]) -> tuple[list[Tile], int]:
    real = [t for t in tiles if not t.is_joker]
    return real, len(tiles) - len(real)


def fits(
    tiles: Sequence[Tile],
    hand_type: HandType,
    *,
    discard: Tile | None = None,
    known: Iterable[Tile] = (),
    context: Context = NO_CONTEXT,
) -> bool:
    """Whether the 14 tiles (0-2 jokers) fit ``hand_type`` for some joker choice."""
    known = tuple(known)
    check_physical(tiles, discard, known)
    if len(tiles) != HAND_SIZE:
        raise ValueError(f"expected 14 tiles, got {len(tiles)}")
    if not _context_ok(hand_type, context):
        return False
    real, jokers = _split(tiles)
    return any(
        concrete_fits([*real, *choice], hand_type)
        for choice in joker_choices(real, jokers, discard, known)
    )


def fitting_types(
    tiles: Sequence[Tile],
    *,
    discard: Tile | None = None,
    known: Iterable[Tile] = (),
    context: Context = NO_CONTEXT,
    table: HandTable | None = None,
) -> set[int]:
    """The numbers of every type the 14 tiles fit."""
    table = default_table() if table is None else table
    known = tuple(known)
    check_physical(tiles, discard, known)
    if len(tiles) != HAND_SIZE:
        raise ValueError(f"expected 14 tiles, got {len(tiles)}")
    candidates = [t for t in table if _context_ok(t, context)]
    real, jokers = _split(tiles)
    found: set[int] = set()
    for choice in joker_choices(real, jokers, discard, known):
        concrete = [*real, *choice]
        for hand_type in candidates:
            if hand_type.number not in found and concrete_fits(concrete, hand_type):
                found.add(hand_type.number)
        if len(found) == len(candidates):
            break
    return found


def best_of(numbers: Iterable[int], jokers: int, table: HandTable | None = None) -> HandType | None:
    """R11: the highest score in the joker column; equal values go to the later row."""
    table = default_table() if table is None else table
    types = [table.by_number(n) for n in numbers]
    if not types:
        return None
    return max(types, key=lambda t: (t.score_for(jokers), t.position))


def best_type(
    tiles: Sequence[Tile],
    *,
    discard: Tile | None = None,
    known: Iterable[Tile] = (),
    context: Context = NO_CONTEXT,
    table: HandTable | None = None,
) -> tuple[int, int] | None:
    """The type that counts for 14 tiles and its final score (R10-R12), or None."""
    table = default_table() if table is None else table
    numbers = fitting_types(tiles, discard=discard, known=known, context=context, table=table)
    jokers = sum(t.is_joker for t in tiles)
    best = best_of(numbers, jokers, table)
    if best is None:
        return None
    doubled = discard is not None and discard.is_joker
    return best.number, best.score_for(jokers) * (2 if doubled else 1)


def best_discard_score(
    tiles: Sequence[Tile],
    *,
    known: Iterable[Tile] = (),
    context: Context = NO_CONTEXT,
    table: HandTable | None = None,
) -> tuple[int, set[tuple[Tile, int]]]:
    """R13 for 15 tiles: the highest final score over every distinct discard.

    Returns the score and every (discard, type number) that reaches it (empty when
    the score is 0 because nothing fits).
    """
    if len(tiles) != HAND_SIZE + 1:
        raise ValueError(f"expected 15 tiles, got {len(tiles)}")
    known = tuple(known)
    best_score = 0
    winners: set[tuple[Tile, int]] = set()
    for discard in sorted(set(tiles), key=lambda t: t.index):
        rest = list(tiles)
        rest.remove(discard)
        result = best_type(rest, discard=discard, known=known, context=context, table=table)
        if result is None:
            continue
        number, score = result
        if score > best_score:
            best_score, winners = score, {(discard, number)}
        elif score == best_score:
            winners.add((discard, number))
    return best_score, winners
