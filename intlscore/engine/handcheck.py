"""Physical consistency (R3) and closed-hand sizes (R10).

A set has two copies of every numbered tile and two jokers (R1). A hand, and the
tiles known elsewhere (the trump, seen discards, table melds), together never
hold more than that.

>>> from intlscore.engine.notation import parse_tiles
>>> count_problems(parse_tiles("r5 r5 r5 * * *"))
['three copies of r5 (the set has two)', 'three jokers (the set has two)']
>>> check_closed_hand(parse_tiles("r1-7 b1-7"), parse_tiles("k9")[0])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from intlscore.engine.tiles import COPIES, JOKER_INDEX, Tile
from intlscore.errors import HandError
from intlscore.rules.hand_table import HAND_SIZE

__all__ = [
    "WITH_DISCARD",
    "check_closed_hand",
    "check_tiles",
    "count_problems",
]

WITH_DISCARD: Final = HAND_SIZE + 1
"""The melded tiles plus the final discard."""

_WORDS: Final = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
)


def _word(count: int) -> str:
    return _WORDS[count] if count < len(_WORDS) else str(count)


def _problem(tile: Tile, in_hand: int, seen: int) -> str:
    """The message for one tile kind with more than two copies in all."""
    total = _word(in_hand + seen)
    limit = f"(the set has {_word(COPIES)})"
    if tile.is_joker:
        name, plural = "jokers", "jokers"
    else:
        name, plural = str(tile), f"copies of {tile}"
    if seen == 0:
        return f"{total} {plural} {limit}"
    if in_hand == 0:
        return f"{total} {plural} among the seen tiles {limit}"
    return f"{name}: {_word(in_hand)} in the hand and {_word(seen)} seen make {total} {limit}"


def count_problems(tiles: Sequence[Tile], known: Sequence[Tile] = ()) -> list[str]:
    """Every physical-consistency problem (R3) at once; an empty list if there is none.

    A numbered tile may appear at most twice and the joker at most twice, counting
    ``tiles`` (the hand) together with ``known`` (tiles known elsewhere: the trump,
    seen discards, table melds). Problems come in rack order (colour, number,
    jokers last), one message per tile.

    >>> from intlscore.engine.notation import parse_tiles
    >>> count_problems(parse_tiles("r5 r5 k1"), known=parse_tiles("r5"))
    ['r5: two in the hand and one seen make three (the set has two)']
    >>> count_problems(parse_tiles("r5 r5 * *"))
    []
    """
    copies = [0] * (JOKER_INDEX + 1)
    for tile in (*tiles, *known):
        copies[tile.index] += 1
    if max(copies) <= COPIES:
        return []  # the common case, without building any message
    in_hand = Counter(tiles)
    seen = Counter(known)
    over = [tile for tile in in_hand.keys() | seen.keys() if in_hand[tile] + seen[tile] > COPIES]
    return [_problem(tile, in_hand[tile], seen[tile]) for tile in sorted(over)]


def check_tiles(tiles: Sequence[Tile], known: Sequence[Tile] = ()) -> None:
    """Raise :class:`HandError` listing every problem of :func:`count_problems`.

    >>> from intlscore.engine.notation import parse_tiles
    >>> check_tiles(parse_tiles("r5 r5 b5"), known=parse_tiles("b5"))
    >>> check_tiles(parse_tiles("r5 r5 r5 * * *"))
    Traceback (most recent call last):
    ...
    intlscore.errors.HandError: three copies of r5 (the set has two); three jokers (the set has two)
    """
    problems = count_problems(tiles, known)
    if problems:
        raise HandError("; ".join(problems))


def _size_problem(count: int, discard: Tile | None) -> str | None:
    if discard is None:
        if count in (HAND_SIZE, WITH_DISCARD):
            return None
        given = "no tiles given" if count == 0 else f"{count} tile{'s' * (count != 1)} given"
        return f"{given}; a closed hand is 14 tiles plus the discard, or 15 tiles"
    if count == HAND_SIZE:
        return None
    tiles = f"{count} tile{'s' * (count != 1)}"
    return f"{tiles} and a discard make {count + 1}; give 14 tiles and --discard, or 15 tiles"


def check_closed_hand(
    tiles: Sequence[Tile],
    discard: Tile | None = None,
    *,
    known: Sequence[Tile] = (),
) -> None:
    """Check the tiles of a closed win (R10) and their copies (R3).

    Either 14 tiles, with the discard given or not, or 15 tiles and no discard
    (the discard is then chosen, R13). The discard is a physical tile: it counts
    toward the two copies, and the 15 tiles hold at most two jokers. ``known``
    are tiles known elsewhere (trump, seen discards), counted as in
    :func:`count_problems`. Every problem is reported in one :class:`HandError`,
    joined by ``'; '``: the count first, then the copies.

    >>> from intlscore.engine.notation import parse_tile, parse_tiles
    >>> check_closed_hand(parse_tiles("r1-7 b1-7 o9"))
    >>> check_closed_hand(parse_tiles("r1-7 b1-6"))
    Traceback (most recent call last):
    ...
    intlscore.errors.HandError: 13 tiles given; a closed hand is 14 tiles plus the discard, or 15 tiles
    >>> check_closed_hand(parse_tiles("r1-7 b1-5 r5 k1"), parse_tile("r5"))
    Traceback (most recent call last):
    ...
    intlscore.errors.HandError: three copies of r5 (the set has two)
    """  # noqa: E501
    problems: list[str] = []
    size = _size_problem(len(tiles), discard)
    if size is not None:
        problems.append(size)
    physical = [*tiles] if discard is None else [*tiles, discard]
    problems.extend(count_problems(physical, known))
    if problems:
        raise HandError("; ".join(problems))
