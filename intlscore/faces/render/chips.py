"""Tiles drawn as coloured chips, shared by every rich view.

A chip always carries its text (``r7``, ``*``), so it stays readable with
``NO_COLOR`` or when the output is not a terminal. In colour, each chip has an
explicit background *and* foreground, so it reads the same on dark and light
terminals. A joker is drawn as a star chip followed by the tile it stands for
in that tile's colour, underlined: ``*r5``.

>>> from intlscore.engine.tiles import Tile, JOKER
>>> tile_chip(Tile.of("r", 7)).plain
' r7 '
>>> tile_chip(JOKER, stands_for=Tile.of("b", 5)).plain
' *b5 '
>>> chip_row([Tile.of("k", 1), JOKER]).plain
' k1   * '
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from intlscore.engine.tiles import Tile

CHIP_STYLES = {
    "k": "bold bright_white on grey19",
    "r": "bold bright_white on red3",
    "b": "bold bright_white on blue3",
    "o": "bold black on dark_orange",
    "*": "bold black on gold1",
}
"""Foreground and background for each colour letter; ``*`` is the joker."""


def tile_chip(tile: Tile, stands_for: Tile | None = None) -> Text:
    """One tile as a chip; a joker may show the tile it stands for."""
    if tile.is_joker and stands_for is not None and not stands_for.is_joker:
        label = f" *{stands_for} "
        style = CHIP_STYLES[stands_for.colour_letter] + " underline"
        return Text(label, style=style)
    return Text(f" {tile} ", style=CHIP_STYLES[tile.colour_letter])


def chip_row(tiles: Iterable[Tile], separator: str = " ") -> Text:
    """Several tiles as chips separated by ``separator``."""
    return Text(separator).join(tile_chip(tile) for tile in tiles)


def placed_row(placed: Iterable[tuple[Tile, Tile]], separator: str = " ") -> Text:
    """Chips for ``(tile, stands_for)`` pairs, jokers marked by their tile."""
    return Text(separator).join(tile_chip(tile, stands_for) for tile, stands_for in placed)
