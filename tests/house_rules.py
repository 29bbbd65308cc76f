"""The house rules file of issue 10, shared by the test files that play under it.

``HOUSE`` is the ten-line file of docs/rules-files.md: the shipped rules and one more
closed type, 41 Minor 61 runs (runs only, tiles 1-9, total 61 or less; 1100/1000/900).
``HOUSE_OPTIONS`` adds both house options: R15 joker 25 and R18 trump bonus on.
"""

from __future__ import annotations

from pathlib import Path

HOUSE = """\
# Our house: one more closed type (docs/rules-files.md)
extends = "international"
[[type]]
number = 41
name = "Minor 61 runs"
scores = [1100, 1000, 900]
description = "Runs only, no tile higher than 9, total 61 or less"
structure = "runs"
range = "minor"
max_total = 61
"""
"""The ten-line house file of issue 10 (also the example of docs/rules-files.md)."""

HOUSE_TYPE = HOUSE[HOUSE.index("[[type]]") :]
"""The ``[[type]]`` table of type 41 alone, to add to another file."""

HOUSE_OPTIONS = HOUSE + "[options]\njoker_value = 25\ntrump_bonus = true\n"
"""The same, with both house options changed: R15 joker 25, R18 trump bonus on."""

# k1-4 (1+2+3+4 = 10), r3-6 (18), b2-4 (9), o6-8 (21): four runs, every tile 1-9, total
# 58 <= 61, so it is a Minor 61 runs (1100, no joker). It also fits 1 Basic 500, 2 Hand
# minor 800, 13 Four colours 900 and 14 Four colours minor 1000; not 3 or 5 (58 > 51).
HOUSE_HAND = "k1-4 r3-6 b2-4 o6-8"


def write_house(directory: Path, text: str = HOUSE_OPTIONS) -> Path:
    """Write ``text`` (the house file with its options, unless told) as ``house.toml``."""
    path = directory / "house.toml"
    path.write_text(text, encoding="utf-8")
    return path
