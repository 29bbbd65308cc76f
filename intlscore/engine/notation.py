"""Tile notation (R2): read what people type, write it back canonically.

>>> parse_tiles("r3-5, K13 *")
[Tile('r3'), Tile('r4'), Tile('r5'), Tile('k13'), Tile('*')]
>>> format_tiles(parse_tiles("R7 y1 joker"))
'r7 o1 *'
>>> format_compact(parse_tiles("b11 b12 b13 b1 k5"))
'b11-1 k5'

Every bad token raises :class:`~intlscore.errors.NotationError` with one message
that quotes the token (shortened if it is long) and says what is wrong with it.
Notation is plain ASCII: a look-alike such as the Kelvin sign ``K`` (U+212A) is
refused by name, never read as ``k``. A value that is not text raises
:class:`~intlscore.errors.InputTypeError` naming the argument.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Final, NamedTuple

from intlscore.engine.tiles import JOKER, Tile
from intlscore.errors import SHOWN_LENGTH, InputTypeError, NotationError
from intlscore.errors import quoted as _quote

__all__ = ["format_compact", "format_tiles", "optional_tile", "parse_tile", "parse_tiles"]

_COLOURS: Final = {"k": 0, "r": 1, "b": 2, "o": 3, "y": 3}
"""Colour letters people may type; ``y`` (yellow) is orange (R1, R2)."""

_JOKER_SPELLINGS: Final = frozenset({"*", "j", "jk", "joker"})

_COLOUR_HELP: Final = "colours are k, r, b, o; y for orange"
_NUMBER_HELP: Final = "numbers run from 1 to 13"

_SEPARATORS: Final = re.compile(r"[\s,]+", re.ASCII)  # ASCII: a look-alike space is refused
_LOWER: Final = "abcdefghijklmnopqrstuvwxyz"
"""The letters a token may start with (ASCII only: a colour letter is one of them)."""
_DIGITS: Final = re.compile(r"[0-9]+", re.ASCII)


def _number(digits: str) -> int | None:
    """The value of ASCII ``digits`` if it can be a tile number (1-13), else ``None``.

    Never converts a long string of digits (``int()`` refuses more than 4,300).

    >>> _number("07"), _number("0" * 9000 + "13"), _number("9" * 9000)
    (7, 13, None)
    """
    significant = digits.lstrip("0") or "0"
    if len(significant) > 2:
        return None
    number = int(significant)
    return number if 1 <= number <= 13 else None


def _check_ascii(token: str) -> None:
    """Refuse a token with a character outside ASCII, naming the character.

    >>> _check_ascii("\u212a13")
    Traceback (most recent call last):
    ...
    intlscore.errors.NotationError: 'K13' is not a tile: 'K' (U+212A KELVIN SIGN) is not a plain letter or digit; tiles are written in ASCII, like k13
    """  # noqa: E501, RUF002
    if token.isascii():
        return
    char = next(c for c in token if not c.isascii())
    name = unicodedata.name(char, "unnamed character")
    raise NotationError(
        f"{_quote(token)} is not a tile: {char!r} (U+{ord(char):04X} {name}) is not a plain"
        " letter or digit; tiles are written in ASCII, like k13"
    )


class _Bad(NamedTuple):
    """Why a token is not a tile, phrased to follow ``'<token>' is not a tile: ``.

    ``shared`` marks reasons that also read well for one end of a range;
    ``missing`` names the part that is missing ("number", "colour letter").
    """

    reason: str
    shared: bool = False
    missing: str = ""


def _tile_or_reason(body: str) -> Tile | _Bad:
    """Parse a lowercase, single-tile token, or say why it is not one."""
    if body in _JOKER_SPELLINGS:
        return JOKER
    rest = body.lstrip(_LOWER)
    letters = body[: len(body) - len(rest)]
    if not letters:
        if _DIGITS.fullmatch(rest):
            return _Bad(
                "the number needs a colour letter before it (like r7)", missing="colour letter"
            )
        return _Bad("expected a colour letter and a number (like r7), or * for a joker")
    if letters not in _COLOURS:
        return _Bad(f"unknown colour {_quote(letters)} ({_COLOUR_HELP})", shared=True)
    if not rest:
        return _Bad("the colour needs a number after it (like r7)", missing="number")
    if not _DIGITS.fullmatch(rest):
        return _Bad(f"{_quote(rest)} after the colour is not a number (like r7)")
    number = _number(rest)
    if number is None:
        return _Bad(_NUMBER_HELP, shared=True)
    return Tile.of(_COLOURS[letters], number)


def _single(token: str) -> Tile:
    """One tile token (no ranges); raise NotationError if it is not a tile."""
    if token == "-":
        raise NotationError("'-' is not a tile: write a range without spaces, like r3-7")
    _check_ascii(token)
    result = _tile_or_reason(token.lower())
    if isinstance(result, _Bad):
        raise NotationError(f"{_quote(token)} is not a tile: {result.reason}")
    return result


def _range(token: str) -> list[Tile]:
    """Expand a range token such as ``r3-7``, ``r3-r7``, ``b11-1`` or ``k1-1``."""

    def bad(reason: str) -> NotationError:
        return NotationError(f"{_quote(token)} is not a range: {reason}")

    _check_ascii(token)
    parts = token.lower().split("-")
    if len(parts) > 2:
        raise bad("it has more than one '-' (write one range per token, like r3-7)")
    first, last = parts
    if not first:
        raise bad("it has no start before '-' (write ranges without spaces, like r3-7)")
    if not last:
        raise bad("it has no end after '-' (write ranges without spaces, like r3-7)")

    start = _tile_or_reason(first)
    if isinstance(start, _Bad):
        if start.shared:
            raise bad(start.reason)
        if start.missing:
            raise bad(f"its start {_quote(first)} has no {start.missing} (like r3-7)")
        raise bad(f"its start {_quote(first)} is not a tile (like r3-7)")
    if start.is_joker:
        raise bad("a range starts with a numbered tile, not a joker (like r3-7)")

    colour, begin, letter = start.colour, start.number, start.colour_letter
    end_number: int | None
    if _DIGITS.fullmatch(last):
        end_number = _number(last)
    else:
        end = _tile_or_reason(last)
        if isinstance(end, _Bad):
            if end.shared:
                raise bad(end.reason)
            raise bad(
                f"its end {_quote(last)} is not a number (like r3-7) "
                "or a tile of the same colour (like r3-r7)"
            )
        if end.is_joker:
            raise bad("a range ends in a number (like r3-7), not a joker")
        if end.colour != start.colour:
            raise bad(
                f"it starts {start.colour_name} and ends {end.colour_name} (a range is one"
                f" colour: {start}-{end.number} or {start}-{letter}{end.number})"
            )
        end_number = end.number
    if end_number is None:
        raise bad(_NUMBER_HELP)

    if end_number == 1:
        # A range that ends in 1 goes up through 13 to the high 1 (R2, R5).
        numbers = [*range(begin, 14), 1]
    elif begin == end_number:
        raise bad(f"both ends are {begin} (write {letter}{begin} for one tile)")
    elif begin > end_number:
        # No rewrite: r11-2 may mean 11 down to 2 or 11-12-13-1-2, and neither is one run.
        raise bad(
            f"it runs down from {begin} to {end_number}; a range runs up, and after 13"
            " only the high 1 may follow (like b11-1, R5)"
        )
    else:
        numbers = list(range(begin, end_number + 1))
    return [Tile.of(colour, n) for n in numbers]


def _tokens(text: str) -> list[str]:
    return [token for token in _SEPARATORS.split(text) if token]


def parse_tile(token: str, *, argument: str = "tile") -> Tile:
    """Parse one tile (R2), ignoring case and surrounding whitespace.

    A numbered tile is a colour letter, ``k`` black, ``r`` red, ``b`` blue,
    ``o`` orange (``y`` also means orange), then a number 1-13. A joker is
    ``*``, ``j``, ``jk`` or ``joker``. Ranges and lists belong to :func:`parse_tiles`.
    ``argument`` names the value in the error raised when it is not a string.

    >>> parse_tile("r7"), parse_tile("K13"), parse_tile("y5"), parse_tile("Joker")
    (Tile('r7'), Tile('k13'), Tile('o5'), Tile('*'))
    >>> parse_tile("x5")
    Traceback (most recent call last):
    ...
    intlscore.errors.NotationError: 'x5' is not a tile: unknown colour 'x' (colours are k, r, b, o; y for orange)
    >>> parse_tile("r3 r4")
    Traceback (most recent call last):
    ...
    intlscore.errors.NotationError: 'r3 r4' is not one tile: it holds 2 tiles
    >>> parse_tile(None, argument="discard")
    Traceback (most recent call last):
    ...
    intlscore.errors.InputTypeError: discard: expected a tile as a string like 'r7', got None
    """  # noqa: E501
    if not isinstance(token, str):
        raise InputTypeError(
            f"{argument}: expected a tile as a string like 'r7', got {_described(token)}"
        )
    stripped = token.strip()
    if not stripped:
        raise NotationError("no tile given")
    tokens = _tokens(stripped)
    if len(tokens) > 1:
        raise NotationError(f"{_quote(stripped)} is not one tile: it holds {len(tokens)} tiles")
    if "-" in stripped and stripped != "-":
        raise NotationError(f"{_quote(stripped)} is not one tile: it is a range")
    return _single(stripped)


def optional_tile(value: str | Tile | None, argument: str) -> Tile | None:
    """A tile argument of the API: ``None``, a :class:`Tile`, or a string to parse.

    >>> optional_tile("R7", "trump"), optional_tile(None, "trump")
    (Tile('r7'), None)
    >>> optional_tile(5, "trump")  # type: ignore[arg-type]
    Traceback (most recent call last):
    ...
    intlscore.errors.InputTypeError: trump: expected a tile as a string like 'r7', got int 5
    """
    if value is None or isinstance(value, Tile):
        return value
    return parse_tile(value, argument=argument)


def _described(value: object) -> str:
    """``None``, or the type and a short repr of a value of the wrong type.

    >>> _described(None), _described(5), _described(10**5000)
    ('None', 'int 5', 'int (too long to show)')
    """
    if value is None:
        return "None"
    try:
        shown = repr(value)
    except Exception:  # a huge int (over 4,300 digits), or a broken __repr__
        shown = "(too long to show)"
    if len(shown) > SHOWN_LENGTH:
        shown = shown[:20] + "..."
    return f"{type(value).__name__} {shown}"


def parse_tiles(
    text: str | Iterable[str | Tile], *, argument: str = "tiles", allow_empty: bool = False
) -> list[Tile]:
    """Parse a list of tiles (R2), in input order; counts are not checked here.

    Accepted forms, all case-insensitive:

    - a numbered tile: colour letter ``k`` (black), ``r`` (red), ``b`` (blue) or
      ``o`` (orange), or ``y`` for orange, followed by a number 1-13:
      ``r7``, ``K13``, ``y5``; a leading zero is allowed (``r07``);
    - a joker: ``*``, ``j``, ``jk`` or ``joker``;
    - a range, written without spaces: ``r3-7`` is r3 r4 r5 r6 r7; the end may
      repeat the colour, ``r3-r7`` (``o3-y7`` too, since y is orange), but not
      name another one;
    - a range that ends in 1 goes up through 13 to the high 1: ``b11-1`` is
      b11 b12 b13 b1, ``k13-1`` is k13 k1, and ``k1-1`` is k1 ... k13 k1
      (14 tiles); ``X1-1`` is the only range whose ends are equal;
    - separators: any mix of whitespace (spaces, tabs, newlines) and commas;
    - instead of one string, an iterable of strings (like command-line
      arguments), each holding one or more tokens, and/or :class:`Tile` objects,
      which pass through unchanged.

    A range never runs down: ``r7-3`` is an error, and so is ``r12-2`` (a run
    cannot go 12-13-1-2, R5). Empty input is an error unless ``allow_empty``.
    ``argument`` names the value in the error raised for a value that is not
    text or tiles (:class:`~intlscore.errors.InputTypeError`).

    >>> parse_tiles("r1, r2 ,r3\\tK13")
    [Tile('r1'), Tile('r2'), Tile('r3'), Tile('k13')]
    >>> parse_tiles("r3-r5 jk J")
    [Tile('r3'), Tile('r4'), Tile('r5'), Tile('*'), Tile('*')]
    >>> format_tiles(parse_tiles("b11-1"))
    'b11 b12 b13 b1'
    >>> len(parse_tiles("k1-1"))
    14
    >>> parse_tiles(["r1 r2", "y3", Tile.of("k", 9)])
    [Tile('r1'), Tile('r2'), Tile('o3'), Tile('k9')]
    >>> parse_tiles("r7-3")
    Traceback (most recent call last):
    ...
    intlscore.errors.NotationError: 'r7-3' is not a range: it runs down from 7 to 3; a range runs up, and after 13 only the high 1 may follow (like b11-1, R5)
    >>> parse_tiles(["r1", 5], argument="seen")
    Traceback (most recent call last):
    ...
    intlscore.errors.InputTypeError: seen: expected tiles as a string like 'r1 r2' or a list of strings and Tiles, got int 5
    """  # noqa: E501
    if isinstance(text, str):
        items: Iterable[object] = [text]
    elif isinstance(text, Iterable) and not isinstance(text, bytes | bytearray | Tile):
        items = text
    else:
        items = [text]
    tiles: list[Tile] = []
    for item in items:
        if isinstance(item, Tile):
            tiles.append(item)
            continue
        if not isinstance(item, str):
            raise InputTypeError(
                f"{argument}: expected tiles as a string like 'r1 r2' or a list of strings"
                f" and Tiles, got {_described(item)}"
            )
        for token in _tokens(item):
            if "-" in token and token != "-":
                tiles.extend(_range(token))
            else:
                tiles.append(_single(token))
    if not tiles and not allow_empty:
        raise NotationError("no tiles given")
    return tiles


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Canonical notation: lowercase letter and number, joker ``*``, one space apart.

    ``parse_tiles(format_tiles(x)) == list(x)`` for every non-empty ``x``
    (no tiles give the empty string, which :func:`parse_tiles` rejects).

    >>> format_tiles(parse_tiles("K13, y1 J r3-5"))
    'k13 o1 * r3 r4 r5'
    """
    return " ".join(str(tile) for tile in tiles)


def _follows(previous: Tile, tile: Tile) -> bool:
    """Whether ``tile`` continues a run after ``previous`` (13 is followed by the high 1)."""
    if tile.is_joker or previous.is_joker or tile.colour != previous.colour:
        return False
    if previous.number == 13:
        return tile.number == 1
    return tile.number == previous.number + 1


def format_compact(tiles: Iterable[Tile]) -> str:
    """Like :func:`format_tiles`, but writes runs of three or more as ranges.

    Scanning left to right, every longest stretch of same-colour tiles with
    ascending consecutive numbers (13 may be followed by the high 1, which ends
    the stretch) of at least three tiles is written as a range. The order of the
    tiles is kept, so ``parse_tiles(format_compact(x)) == list(x)`` for every
    non-empty ``x``.

    >>> format_compact(parse_tiles("r3 r4 r5 r6 r7 k1 k2 * b12 b13 b1"))
    'r3-7 k1 k2 * b12-1'
    >>> format_compact(parse_tiles("k1-1"))
    'k1-1'
    """
    items = list(tiles)
    out: list[str] = []
    i = 0
    while i < len(items):
        j = i + 1
        while (
            j < len(items)
            and _follows(items[j - 1], items[j])
            and not (j - 1 > i and items[j - 1].number == 1)  # nothing after a high 1
        ):
            j += 1
        if j - i >= 3:
            out.append(f"{items[i]}-{items[j - 1].number}")
            i = j
        else:
            out.append(str(items[i]))
            i += 1
    return " ".join(out)
