"""Tiles (R1): 1-13 in four colours, two copies each, plus two identical jokers.

A tile is a small immutable value. Internally every tile has an *index*:
``(number - 1) * 4 + colour`` for the 52 numbered tiles (number-major, so the
engine can walk a hand from its lowest number up) and :data:`JOKER_INDEX` (52)
for the joker.

>>> Tile.of("r", 7)
Tile('r7')
>>> str(Tile.of(3, 1)), Tile.of("o", 1).number, Tile.joker().is_joker
('o1', 1, True)
>>> sorted([Tile.of("b", 2), JOKER, Tile.of("k", 13), Tile.of("k", 2)])
[Tile('k2'), Tile('k13'), Tile('b2'), Tile('*')]
"""

from __future__ import annotations

from typing import Final

from intlscore.values import Frozen

COLOUR_LETTERS: Final = ("k", "r", "b", "o")
"""Canonical colour letters, in the order black, red, blue, orange (R2)."""

COLOUR_NAMES: Final = ("black", "red", "blue", "orange")
NUMBERS: Final = range(1, 14)
JOKER_INDEX: Final = 52
COPIES: Final = 2
"""At most two copies of each numbered tile, and two jokers (R1, R3)."""


def tile_index(colour: int, number: int) -> int:
    """The engine index of a numbered tile.

    >>> tile_index(0, 1), tile_index(3, 13)
    (0, 51)
    """
    return (number - 1) * 4 + colour


def index_number(index: int) -> int:
    """Number (1-13) of a numbered tile index: the Python twin of the C searches'
    ``number_of`` (``native/setsearch.c``); Python code inlines it where it is hot.

    >>> index_number(0), index_number(51)
    (1, 13)
    """
    return index // 4 + 1


class Tile(Frozen):
    """One tile: a numbered tile or the joker.

    ``Tile`` takes an engine index or a canonical tile string, so ``repr`` pastes
    back: ``Tile('r7') == Tile(tile_index(1, 7))``. (For every spelling users may
    type, use :func:`intlscore.engine.notation.parse_tiles`.) Tiles order like a rack: by
    colour (k, r, b, o), then number, jokers last.

    >>> Tile("r7") == Tile(tile_index(1, 7)), eval(repr(Tile("*"))) == JOKER
    (True, True)
    >>> Tile("r7").index = 3
    Traceback (most recent call last):
    ...
    AttributeError: a Tile cannot be changed
    """

    __slots__ = ("index",)
    index: int

    def __init__(self, tile: int | str) -> None:
        index = _index_of(tile) if isinstance(tile, str) else tile
        if not 0 <= index <= JOKER_INDEX:
            raise ValueError(f"tile index out of range: {tile!r}")
        object.__setattr__(self, "index", index)

    def __reduce__(self) -> tuple[type[Tile], tuple[int]]:
        """Pickle and copy as ``Tile(index)``."""
        return (Tile, (self.index,))

    @classmethod
    def of(cls, colour: str | int, number: int) -> Tile:
        """A numbered tile from a colour (letter or 0-3) and a number 1-13."""
        if isinstance(colour, str):
            colour = COLOUR_LETTERS.index(colour.lower())
        if not 0 <= colour <= 3 or not 1 <= number <= 13:
            raise ValueError(f"no such tile: colour {colour}, number {number}")
        return cls(tile_index(colour, number))

    @classmethod
    def joker(cls) -> Tile:
        """The joker."""
        return JOKER

    @property
    def is_joker(self) -> bool:
        return self.index == JOKER_INDEX

    @property
    def colour(self) -> int:
        """Colour 0-3 (k, r, b, o); -1 for the joker."""
        return -1 if self.is_joker else self.index % 4

    @property
    def number(self) -> int:
        """Number 1-13; 0 for the joker."""
        return 0 if self.is_joker else self.index // 4 + 1

    @property
    def colour_letter(self) -> str:
        return "*" if self.is_joker else COLOUR_LETTERS[self.colour]

    @property
    def colour_name(self) -> str:
        return "joker" if self.is_joker else COLOUR_NAMES[self.colour]

    def rack_key(self) -> tuple[int, int]:
        """Sort key: colour, then number; the joker last."""
        return _RACK_KEYS[self.index]

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tile) and other.index == self.index

    def __lt__(self, other: Tile) -> bool:
        return _RACK_KEYS[self.index] < _RACK_KEYS[other.index]

    def __str__(self) -> str:
        return "*" if self.is_joker else f"{COLOUR_LETTERS[self.colour]}{self.number}"

    def __repr__(self) -> str:
        return f"Tile({str(self)!r})"


_RACK_KEYS: Final = (*((index % 4, index // 4 + 1) for index in range(JOKER_INDEX)), (4, 0))
""":meth:`Tile.rack_key` by tile index (sorting racks is a hot path of the scorer)."""


def _index_of(text: str) -> int:
    if text == "*":
        return JOKER_INDEX
    letter, digits = text[:1].lower(), text[1:]
    if letter not in COLOUR_LETTERS or not digits.isdigit() or not 1 <= int(digits) <= 13:
        raise ValueError(f"not a canonical tile string: {text!r}")
    return tile_index(COLOUR_LETTERS.index(letter), int(digits))


JOKER: Final = Tile(JOKER_INDEX)
ALL_NUMBERED: Final = tuple(Tile(i) for i in range(52))
