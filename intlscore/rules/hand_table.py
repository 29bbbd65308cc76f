"""The closed-hand table: the 40 types as data, loaded and validated.

A :class:`HandType` is the row as the rules file says it (the vocabulary documented at
the top of ``tables/closed_hands.toml``), where ``None`` means "no condition". The engine
never names a type: its searches and checks read a type's conditions once decoded, from
its spec (``intlscore.engine.spec.type_spec``). A user can load their own table with
:func:`load_table`.

>>> from intlscore.rules.ruleset import default_table
>>> table = default_table()
>>> len(table), table.by_number(24).name, table.by_number(24).scores
(40, 'Royal', (2400, 2200, 2000))
>>> table.by_number(13).sets, table.by_number(13).distinct_colours
(frozenset({4}), True)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, cast, overload

from intlscore.errors import TableError
from intlscore.rules.hints import did_you_mean
from intlscore.rules.tomlfile import read_toml
from intlscore.values import Frozen

if TYPE_CHECKING:
    from pathlib import Path

Structure = Literal["any", "sets", "groups", "runs", "pairs", "sequence"]
Range = Literal["minor", "major"]
Neighbours = Literal["same", "differ"]
ContextFlag = Literal["first_turn", "original_hand", "not_starting_player"]

STRUCTURES: Final = ("any", "sets", "groups", "runs", "pairs", "sequence")
RANGES: Final = ("minor", "major")
NEIGHBOURS: Final = ("same", "differ")
CONTEXT_FLAGS: Final = ("first_turn", "original_hand", "not_starting_player")
SET_STRUCTURES: Final = frozenset({"sets", "groups", "runs"})
HAND_SIZE: Final = 14
MAX_TYPES: Final = 1000
"""The most types a table may hold: beyond this ``reach`` would take minutes (issue 9)."""

ROW_FIELDS: Final = frozenset(
    {
        "number",
        "name",
        "scores",
        "description",
        "structure",
        "sets",
        "colours",
        "distinct_colours",
        "range",
        "max_total",
        "same_number",
        "sequence",
        "repeat",
        "neighbours",
        "when",
    }
)


class HandType(NamedTuple):
    """One closed-hand type: its score and its conditions (see the table's header).

    Immutable; ``hand_type._replace(max_total=60)`` is a copy with a field changed.
    """

    number: int
    name: str
    scores: tuple[int, int, int]
    """Score with 0, 1 and 2 jokers among the 14 melded tiles (R10)."""
    description: str
    structure: Structure
    position: int
    """Row position in the table, 0-based (R11 ties go to the later row)."""
    sets: frozenset[int] | None = None
    colours: int | None = None
    distinct_colours: bool = False
    range: Range | None = None
    max_total: int | None = None
    same_number: int | None = None
    sequence: tuple[int, ...] | None = None
    """Run positions 1-14 of one sequence (14 is the high 1)."""
    repeat: int = 1
    neighbours: Neighbours | None = None
    when: frozenset[ContextFlag] = frozenset()

    def score_for(self, jokers: int) -> int:
        """The table score with ``jokers`` jokers among the melded tiles."""
        return self.scores[jokers]


class HandTable(Frozen):
    """All types of one table, in table order; ``source`` says where the rows came from.

    Two tables with the same types are equal wherever they were read from.

    >>> from intlscore.rules.ruleset import default_table
    >>> table = default_table()
    >>> table.with_source("a copy") == table, table.with_source("a copy")
    (True, HandTable(<40 types>, source='a copy'))
    """

    __slots__ = ("source", "types")
    types: tuple[HandType, ...]
    source: str

    def __init__(self, types: Iterable[HandType], source: str = "<table>") -> None:
        object.__setattr__(self, "types", tuple(types))
        object.__setattr__(self, "source", source)

    def with_source(self, source: str) -> HandTable:
        """The same types, read from ``source``."""
        return HandTable(self.types, source)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandTable):
            return NotImplemented
        return self.types == other.types

    def __hash__(self) -> int:
        return hash(self.types)

    def __repr__(self) -> str:
        return f"HandTable(<{len(self.types)} types>, source={self.source!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (HandTable, (self.types, self.source))

    def __len__(self) -> int:
        return len(self.types)

    def __iter__(self) -> Iterator[HandType]:
        return iter(self.types)

    def by_number(self, number: int) -> HandType:
        """The type with this number; KeyError if there is none."""
        for hand_type in self.types:
            if hand_type.number == number:
                return hand_type
        raise KeyError(f"no type number {number} in {self.source}")


def load_table(path: str | Path) -> HandTable:
    """Read and validate a closed-hand table file (only ``[[type]]`` rows).

    Raises :class:`TableError` naming the file, the row and the field. A rules
    file (:func:`intlscore.rules.load_rules`) holds a table and the rest of the rules.
    """
    return parse_table(read_toml(path, "hand table"), source=str(path))


def parse_table(data: Mapping[str, Any], source: str = "<table>") -> HandTable:
    """Validate the parsed TOML of a table.

    >>> row = {"number": 1, "name": "X", "scores": [1, 2, 3], "description": "d",
    ...        "structure": "blob"}
    >>> try:
    ...     parse_table({"type": [row]})
    ... except TableError as error:
    ...     print(error)
    <table>: row 1 (X): field 'structure': must be one of any, sets, groups, runs, ... got 'blob'
    """
    unknown = sorted(set(data) - {"schema", "type"})
    if unknown:
        raise TableError(
            f"{source}: unknown top-level key {unknown[0]!r}"
            + did_you_mean(unknown[0], ["schema", "type"])
        )
    check_schema(data, source)
    rows = data.get("type")
    if not isinstance(rows, list) or not rows:
        raise TableError(f"{source}: no [[type]] rows")
    check_row_count(len(rows), source)
    types = tuple(parse_row(row, index, source) for index, row in enumerate(rows))
    return check_unique(types, source)


def check_schema(data: Mapping[str, Any], source: str) -> None:
    """``schema`` may be left out; if given it is the whole number 1 (``true`` is not 1)."""
    schema = data.get("schema", 1)
    if schema != 1 or not isinstance(schema, int) or isinstance(schema, bool):
        raise TableError(f"{source}: schema: {schema!r} is not supported (only schema = 1)")


def check_row_count(rows: int, source: str) -> None:
    """At most :data:`MAX_TYPES` types: a bigger table is refused, not slowly searched."""
    if rows > MAX_TYPES:
        raise TableError(f"{source}: {rows} types; a table holds at most {MAX_TYPES}")


def check_unique(types: tuple[HandType, ...], source: str) -> HandTable:
    """The table of these rows (in this order); an error names a repeated number or name."""
    seen_numbers: dict[int, int] = {}
    seen_names: dict[str, int] = {}
    for hand_type in types:
        row = hand_type.position + 1
        if hand_type.number in seen_numbers:
            raise TableError(
                f"{source}: row {row} ({hand_type.name}): field 'number': "
                f"{hand_type.number} is already used by row {seen_numbers[hand_type.number]}"
            )
        if hand_type.name.casefold() in seen_names:
            raise TableError(
                f"{source}: row {row} ({hand_type.name}): field 'name': "
                f"already used by row {seen_names[hand_type.name.casefold()]}"
            )
        seen_numbers[hand_type.number] = row
        seen_names[hand_type.name.casefold()] = row
    return HandTable(types, source)


class _Row:
    """Field access for one row with errors that name the row and the field."""

    def __init__(self, raw: Mapping[str, Any], index: int, source: str) -> None:
        self.raw = raw
        name = raw.get("name")
        label = f"row {index + 1}" + (f" ({name})" if isinstance(name, str) and name else "")
        self.where = f"{source}: {label}"

    def fail(self, field: str, problem: str) -> TableError:
        return TableError(f"{self.where}: field {field!r}: {problem}")

    def required(self, field: str) -> Any:
        if field not in self.raw:
            raise self.fail(field, "is missing")
        return self.raw[field]

    @overload
    def integer(self, field: str, low: int, high: int, default: int) -> int: ...
    @overload
    def integer(self, field: str, low: int, high: int, default: None = None) -> int | None: ...
    def integer(self, field: str, low: int, high: int, default: int | None = None) -> int | None:
        value = self.raw.get(field, default) if default is not None else self.raw.get(field)
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.fail(field, f"must be a whole number from {low} to {high}; got {value!r}")
        return value

    def choice(self, field: str, allowed: tuple[str, ...]) -> str | None:
        value = self.raw.get(field)
        if value is None:
            return None
        if value not in allowed:
            raise self.fail(field, f"must be one of {', '.join(allowed)}; got {value!r}")
        return cast(str, value)

    def flag(self, field: str) -> bool:
        value = self.raw.get(field, False)
        if not isinstance(value, bool):
            raise self.fail(field, f"must be true or false; got {value!r}")
        return value

    def text(self, field: str) -> str:
        value = self.required(field)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(field, f"must be a non-empty string; got {value!r}")
        return value.strip()

    def int_list(self, field: str, low: int, high: int) -> list[int] | None:
        value = self.raw.get(field)
        if value is None:
            return None
        if (
            not isinstance(value, list)
            or not value
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            or not all(low <= v <= high for v in value)
        ):
            raise self.fail(field, f"must be a list of whole numbers {low}-{high}; got {value!r}")
        return value


def parse_row(raw: Any, index: int, source: str, extra: frozenset[str] = frozenset()) -> HandType:
    """One ``[[type]]`` row; ``extra`` fields are allowed and left to the caller."""
    if not isinstance(raw, dict):
        raise TableError(f"{source}: row {index + 1}: must be a table of fields")
    row = _Row(raw, index, source)
    for field in raw:
        if field not in ROW_FIELDS and field not in extra:
            hint = did_you_mean(field, sorted(ROW_FIELDS | extra))
            raise row.fail(field, "is not a known field" + (hint or " (see docs/rules-files.md)"))
    number = row.integer("number", 1, 10_000)
    if number is None:
        raise row.fail("number", "is missing")
    name = row.text("name")
    description = row.text("description")
    scores = row.required("scores")
    if (
        not isinstance(scores, list)
        or len(scores) != 3
        or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in scores)
    ):
        raise row.fail("scores", f"must be three whole numbers >= 0 (0/1/2 jokers); got {scores!r}")
    structure = row.choice("structure", STRUCTURES)
    if structure is None:
        raise row.fail("structure", "is missing")
    sets = row.int_list("sets", 1, 4)
    if sets is not None and structure not in SET_STRUCTURES:
        raise row.fail("sets", f"only applies to structures sets, groups, runs; not {structure!r}")
    distinct = row.flag("distinct_colours")
    if distinct and structure not in ("runs", "sequence"):
        raise row.fail("distinct_colours", "only applies to structures runs and sequence")
    sequence, repeat, neighbours = _parse_sequence(row, structure)
    if distinct and structure == "sequence" and neighbours != "same":
        # A "differ" sequence has several colours: "each sequence its own colour" means
        # nothing there, and no search could honour it.
        raise row.fail("distinct_colours", 'applies to a sequence only with neighbours = "same"')
    when = row.raw.get("when", [])
    if not isinstance(when, list) or not all(flag in CONTEXT_FLAGS for flag in when):
        raise row.fail("when", f"must be a list of {', '.join(CONTEXT_FLAGS)}; got {when!r}")
    return HandType(
        number=number,
        name=name,
        scores=(scores[0], scores[1], scores[2]),
        description=description,
        structure=cast(Structure, structure),
        position=index,
        sets=None if sets is None else frozenset(sets),
        colours=row.integer("colours", 1, 4),
        distinct_colours=distinct,
        range=cast(Range | None, row.choice("range", RANGES)),
        max_total=row.integer("max_total", 1, 14 * 13),
        same_number=row.integer("same_number", 2, 8),
        sequence=sequence,
        repeat=repeat,
        neighbours=neighbours,
        when=frozenset(cast(list[ContextFlag], when)),
    )


def _parse_sequence(
    row: _Row, structure: str
) -> tuple[tuple[int, ...] | None, int, Neighbours | None]:
    numbers = row.int_list("sequence", 1, 13)
    repeat = row.integer("repeat", 1, 14, default=1)
    neighbours = row.choice("neighbours", NEIGHBOURS)
    if structure != "sequence":
        for field in ("sequence", "repeat", "neighbours"):
            if field in row.raw:
                raise row.fail(field, f"only applies to structure 'sequence', not {structure!r}")
        return None, 1, None
    if numbers is None:
        raise row.fail("sequence", "is missing (structure 'sequence' needs it)")
    if neighbours is None:
        raise row.fail("neighbours", "is missing (structure 'sequence' needs it)")
    positions = [14 if n == 1 and i > 0 else n for i, n in enumerate(numbers)]
    if any(b != a + 1 for a, b in itertools.pairwise(positions)):
        raise row.fail(
            "sequence", f"must be consecutive numbers (a 1 after 13 is the high 1); got {numbers}"
        )
    if len(numbers) * repeat != HAND_SIZE:
        raise row.fail(
            "repeat", f"{len(numbers)} numbers x {repeat} make {len(numbers) * repeat}, not 14"
        )
    return tuple(positions), repeat, cast(Neighbours, neighbours)
