"""One type spec (issue 30 item 1): the record every search reads, and the C's struct.

:class:`intlscore.engine.spec.TypeSpec` is what the Python searches read of a type and
what the C parses, field by field, into ``HoldsType`` (``native/holds.h``) with its one
parser (``holds_parse_type``, ``native/holds_simple.c``). The field lists are read here
from both sides and must agree; hand-worked rows pin the decoding (R5, R8, R9); bad
specs are refused with one clear error naming the field.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from compiled_functions import compiled_function, compiled_type

from intlscore.engine.spec import PLAIN, TypeSpec, type_spec
from intlscore.rules.hand_table import parse_row
from intlscore.rules.ruleset import default_table

HEADER = Path(__file__).resolve().parent.parent / "native" / "holds.h"
TABLE = default_table()


def struct_fields(header: str, name: str) -> list[str]:
    """The field names of ``typedef struct { ... } NAME;`` in a C header, in order.

    >>> struct_fields("typedef struct {\\n int a, b; /* x */\\n int c[4];\\n} T;", "T")
    ['a', 'b', 'c']
    """
    text = re.sub(r"/\*.*?\*/", "", header, flags=re.DOTALL)
    found = re.search(r"typedef struct \{([^{}]*)\}\s*" + name + r"\s*;", text)
    assert found is not None, f"no struct {name}"
    fields: list[str] = []
    for declaration in found.group(1).split(";"):
        if declaration.strip():
            _, _, names = declaration.strip().partition(" ")
            fields += [re.sub(r"[\s*]|\[.*\]", "", part) for part in names.split(",")]
    return fields


def test_the_c_struct_has_the_records_fields_in_order() -> None:
    """``sequence_len`` is the C's alone: the length of the Python tuple ``sequence``."""
    c_fields = struct_fields(HEADER.read_text(encoding="utf-8"), "HoldsType")
    assert [f for f in c_fields if f != "sequence_len"] == list(TypeSpec._fields)
    assert c_fields.index("sequence_len") == c_fields.index("sequence") + 1


def test_ranges_are_decoded_once() -> None:
    """R9: minor is 1-9 (a 1 low), major 10-13 and 1 (a 1 high); no range, every number."""
    minor, major, basic = (type_spec(TABLE.by_number(n)) for n in (2, 11, 1))  # Grand sets: major
    assert [n for n in range(1, 14) if minor.allows(n)] == list(range(1, 10))
    assert (minor.low, minor.high) == (1, 9)
    assert [n for n in range(1, 14) if major.allows(n)] == [1, 10, 11, 12, 13]
    assert (major.low, major.high) == (10, 14)
    assert [n for n in range(1, 14) if basic.allows(n)] == list(range(1, 14))
    assert (basic.low, basic.high) == (1, 14)
    assert basic == PLAIN


def test_hand_worked_rows() -> None:
    two_colours = type_spec(TABLE.by_number(19))  # 2-4 runs, exactly two colours
    assert two_colours == TypeSpec(2, 0, 1, 0x3FFE, 1, 14, 4, 0b11100, 0, -1, 2, 0, (), 1, 0)
    big_wave = type_spec(TABLE.by_number(30))  # 8..13 and the high 1, twice, colours differ
    assert (big_wave.structure, big_wave.sequence, big_wave.repeat) == (4, tuple(range(8, 15)), 2)
    assert (big_wave.groups, big_wave.runs, big_wave.neighbours) == (0, 0, 2)
    row = {"number": 100, "name": "House", "scores": [1, 1, 1], "description": "groups"}
    fields = {"structure": "groups", "sets": [3], "max_total": 30, "same_number": 6}
    house = parse_row(row | fields, 0, "<house>")
    assert type_spec(house) == TypeSpec(1, 1, 0, 0x3FFE, 1, 14, 3, 0b1000, 0, 30, -1, 6, (), 1, 0)


def test_every_shipped_spec_compiles() -> None:
    compile_table = compiled_function("holds_compile")
    assert compile_table([type_spec(t) for t in TABLE], [-1] * len(TABLE)) is not None


def spec_with(index: int, value: object) -> tuple[object, ...]:
    fields: list[object] = list(PLAIN)
    fields[index] = value
    return tuple(fields)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (PLAIN[:14], "tuple of 15"),
        (list(PLAIN), "tuple of 15"),
        (spec_with(0, 6), "structure"),
        (spec_with(1, 2), "groups"),
        (spec_with(2, "1"), "runs must be an int"),
        (spec_with(3, 1), "numbers"),
        (spec_with(3, 1 << 14), "numbers"),
        (spec_with(3, 3), "numbers"),
        (spec_with(4, 0), "low"),
        (spec_with(5, 15), "high"),
        ((*spec_with(4, 10)[:5], 9, *PLAIN[6:]), "high"),
        (spec_with(6, 5), "max_sets"),
        (spec_with(7, 1), "sets_mask"),
        (spec_with(8, 2), "distinct_colours"),
        (spec_with(9, 2**80), "max_total"),
        (spec_with(10, 5), "colours"),
        (spec_with(10, 0), "colours"),
        (spec_with(11, -1), "same_number"),
        (spec_with(12, (3, 5)), "consecutive"),
        (spec_with(12, [3, 4]), "sequence"),
        ((*spec_with(0, 4)[:12], (3, 4), 6, 1), "= 14"),
        (spec_with(13, 0), "repeat"),
        (spec_with(14, 3), "neighbours"),
    ],
)
def test_a_bad_spec_is_one_clear_error(spec: Any, message: str) -> None:
    with pytest.raises((TypeError, ValueError), match=message):
        compiled_type(spec)
