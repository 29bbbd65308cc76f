"""The rules of a game as one object: closed-hand types, deal scores and house options.

A rules file is TOML. The shipped rules, ``tables/international.toml``, are a
complete rules file; a house file says ``extends = "international"`` and holds
only its changes (new types, changed scores, removed types, options, deal
numbers). One validator reads them all: every error names the file, the row
or section, and the field, with a "did you mean" hint for a misspelt word.
The format is documented in ``docs/rules-files.md``.

>>> rules = default_rules()
>>> rules.name, len(rules.hands), rules.options
('international', 40, HouseOptions(joker_value=30, trump_bonus=False))
>>> house = parse_rules('''
... extends = "international"
... [options]
... joker_value = 25
... [[type]]
... number = 41
... name = "Minor 61 runs"
... scores = [1200, 1000, 800]
... description = "Runs only, total 61 or less"
... structure = "runs"
... max_total = 61
... ''', "house.toml")
>>> house.name, len(house.hands), house.hands.by_number(41).scores, house.options.joker_value
('house', 41, (1200, 1000, 800), 25)
>>> parse_rules(house.to_toml(), "copy") == house
True
>>> parse_rules('extends = "international"\\n[options]\\njoker_valeu = 25', "h.toml")
Traceback (most recent call last):
...
intlscore.errors.RulesError: h.toml: [options]: field 'joker_valeu': is not a known field; did you mean 'joker_value'?
"""  # noqa: E501

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from intlscore.errors import InputTypeError, RulesError, TableError
from intlscore.rules.deal_table import WINNER_AMOUNT, DealTable
from intlscore.rules.hand_table import (
    HandTable,
    HandType,
    check_row_count,
    check_schema,
    check_unique,
    load_table,
    parse_row,
)
from intlscore.rules.hints import did_you_mean
from intlscore.rules.tomlfile import parse_toml_text, read_text
from intlscore.values import SourceNotCompared

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "SHIPPED",
    "HouseOptions",
    "Rules",
    "default_rules",
    "load_rules",
    "parse_rules",
    "resolve_rules",
]

SHIPPED: Final = "international"
"""The name of the shipped rules, the only value ``extends`` accepts."""

TOP_LEVEL: Final = ("schema", "name", "extends", "remove", "options", "deal", "scores", "type")
OPTIONS: Final = ("joker_value", "trump_bonus")
PLACEMENT: Final = frozenset({"after", "before"})
DEAL_SECTIONS: Final[dict[str, dict[str, str]]] = {
    "winner": {
        "open": "open_win",
        "open_no_one_melded": "open_win_no_one_melded",
        "foot": "foot_win",
    },
    "not_melded": {
        "open": "not_melded_open",
        "foot": "not_melded_foot",
        "none": "not_melded_none",
        "closed": "not_melded_closed",
    },
    "trump_bonus": {"points": "trump_bonus_points"},
    "joker_discard": {"factor": "joker_discard_factor"},
    "rack_values": {str(number): "rack_values" for number in range(1, 14)},
}
"""``[deal.SECTION]`` key -> :class:`DealTable` field (the 13 rack values share one)."""
MAX_POINTS: Final = 1_000_000
MAX_NAME: Final = 80


class HouseOptions(NamedTuple):
    """The rulings marked *house option* in RULES.md."""

    joker_value: int
    """R15: what a joker left on a loser's rack counts (30, or 25 in some houses)."""
    trump_bonus: bool
    """R18: whether holding the tile identical to the trump scores a bonus."""


class _RulesFields(NamedTuple):
    name: str
    hands: HandTable
    """The closed-hand types in table order (R11: on equal value the later row counts)."""
    deals: DealTable
    """The numbers of R12 and R14-R18, house options included."""
    source: str = "<rules>"
    """Where the rules came from (a path, ``shipped``, ...; not part of equality)."""


class Rules(SourceNotCompared, _RulesFields):
    """Everything that decides a score: the hand table, the deal table, the house options.

    Immutable; ``rules._replace(name="club")`` is a copy with a field changed. The
    same rules read from two places are equal.
    """

    __slots__ = ()

    @property
    def options(self) -> HouseOptions:
        """The house options in force (R15 joker value, R18 trump bonus)."""
        return HouseOptions(self.deals.joker_on_rack, self.deals.trump_bonus_enabled)

    def with_options(
        self, *, joker_value: int | None = None, trump_bonus: bool | None = None
    ) -> Rules:
        """A copy with house options changed; ``None`` keeps the current value.

        >>> default_rules().with_options(joker_value=25).options.joker_value
        25
        """
        deals = self.deals.with_options(joker_value=joker_value, trump_bonus=trump_bonus)
        return self if deals is self.deals else self._replace(deals=deals)

    def with_hands(self, hands: HandTable) -> Rules:
        """A copy with another closed-hand table (what ``--table FILE`` did)."""
        return self._replace(hands=hands, source=f"{self.source}, {hands.source}")

    def with_deals(self, deals: DealTable) -> Rules:
        """A copy with another deal table (what ``--deal-table FILE`` did)."""
        return self._replace(deals=deals, source=f"{self.source}, {deals.source}")

    def to_toml(self) -> str:
        """The rules as a complete rules file (no ``extends``), read back equal by
        :func:`parse_rules`."""
        from intlscore.rules.writer import rules_to_toml

        return rules_to_toml(self)


@functools.cache
def default_rules() -> Rules:
    """The shipped "international" rules (read once; the object is immutable).

    They are validated like any rules file, from ``shipped_data.py``: the shipped
    TOML file already parsed (``intlscore/rules/shipped.py`` says why and how).
    """
    from intlscore.rules.shipped_data import DATA

    shipped = f"shipped {SHIPPED} rules"
    rules = _Reader(DATA, shipped).rules()
    return Rules(
        rules.name,
        rules.hands.with_source(shipped),
        rules.deals._replace(source=shipped),
        source=shipped,
    )


def default_table() -> HandTable:
    """The types of the shipped rules (read once, never mutated)."""
    return default_rules().hands


def default_deal_table() -> DealTable:
    """The deal table of the shipped rules (read once; the object is immutable)."""
    return default_rules().deals


def load_rules(path: str | Path) -> Rules:
    """Read and validate a rules file; :class:`RulesError` names the file on any problem.

    FIFOs, devices and files over 1 MiB are refused without being read.
    """
    return parse_rules(read_text(path, "rules file"), str(path))


def parse_rules(text: str, source: str = "<rules>") -> Rules:
    """Validate the text of a rules file; ``source`` names it in every error."""
    if not isinstance(text, str):
        raise RulesError(f"{source}: rules text must be a string, not {type(text).__name__}")
    data = parse_toml_text(text, source)
    try:
        return _Reader(data, source).rules()
    except RulesError:
        raise
    except TableError as error:  # from the row checks shared with the older table files
        raise RulesError(str(error)) from None


def resolve_rules(
    rules: Rules | str | Path | None = None,
    *,
    table: HandTable | Rules | str | Path | None = None,
    deal_table: DealTable | None = None,
) -> Rules:
    """The rules to use from the API's keywords: ``rules=`` or the older ``table=``.

    ``rules`` is a :class:`Rules` or a path to a rules file; the shipped rules by
    default. ``table`` (a hand table or its path) and ``deal_table`` replace
    one part, as they did before rules existed; giving them with ``rules`` is
    an :class:`~intlscore.errors.InputTypeError` (a ``TypeError``).

    >>> resolve_rules() is default_rules()
    True
    >>> resolve_rules(default_rules(), table="x.toml")
    Traceback (most recent call last):
    ...
    intlscore.errors.InputTypeError: give rules= or table=, not both
    """
    if rules is not None and (table is not None or deal_table is not None):
        keyword = "table" if table is not None else "deal_table"
        raise InputTypeError(f"give rules= or {keyword}=, not both")
    if isinstance(table, Rules):
        rules, table = table, None
    if rules is None:
        resolved = default_rules()
    elif isinstance(rules, Rules):
        resolved = rules
    elif isinstance(rules, str | os.PathLike):
        resolved = load_rules(rules)
    else:
        raise InputTypeError(f"rules must be a Rules or the path of a rules file, not {rules!r}")
    if table is not None:
        if isinstance(table, HandTable):
            hands = table
        elif isinstance(table, str | os.PathLike):
            hands = load_table(table)
        else:
            raise InputTypeError(f"table must be a HandTable or a path, not {table!r}")
        resolved = resolved.with_hands(hands)
    if deal_table is not None:
        if not isinstance(deal_table, DealTable):
            raise InputTypeError(f"deal_table must be a DealTable, not {deal_table!r}")
        resolved = resolved.with_deals(deal_table)
    return resolved


class _Reader:
    """One pass over a parsed rules file; every error names ``source``."""

    def __init__(self, data: Mapping[str, Any], source: str) -> None:
        self.data = data
        self.source = source

    def fail(self, where: str, field: str, problem: str) -> RulesError:
        place = f"{where}: " if where else ""
        return RulesError(f"{self.source}: {place}field {field!r}: {problem}")

    def rules(self) -> Rules:
        data = self.data
        for key in data:
            if key not in TOP_LEVEL:
                raise self.fail("", key, "is not a known key" + _hint(key, TOP_LEVEL))
        check_schema(data, self.source)
        base = self._base()
        name = self._name()
        deals = self._deals(base)
        hands = self._hands(base)
        return Rules(name, hands, deals, source=self.source)

    def _base(self) -> Rules | None:
        if "extends" not in self.data:
            for key in ("remove", "scores"):
                if key in self.data:
                    raise self.fail("", key, f'only a file with extends = "{SHIPPED}" may use it')
            return None
        extends = self.data["extends"]
        if extends != SHIPPED:
            hint = _hint(extends, [SHIPPED]) or f' (the shipped rules are "{SHIPPED}")'
            raise self.fail("", "extends", f"unknown rules {extends!r}{hint}")
        return default_rules()

    def _name(self) -> str:
        name = self.data.get("name")
        if name is None:
            stem = os.path.splitext(os.path.basename(self.source))[0]
            return stem if stem and not stem.startswith("<") else "house"
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise self.fail("", "name", f"must be text of 1 to {MAX_NAME} characters; got {name!r}")
        if not name.isprintable():
            raise self.fail("", "name", "must not hold control characters")
        return name.strip()

    def _section(self, where: str, value: object, known: Mapping[str, object]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise RulesError(f"{self.source}: {where}: must be a section ({where})")
        for key in value:
            if key not in known:
                raise self.fail(where, key, "is not a known field" + _hint(key, known))
        return value

    def _points(self, where: str, field: str, value: object, low: int = 0) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= MAX_POINTS:
            raise self.fail(
                where, field, f"must be a whole number from {low} to {MAX_POINTS}; got {value!r}"
            )
        return value

    def _deals(self, base: Rules | None) -> DealTable:
        changes: dict[str, Any] = {}
        rack: dict[int, int] = {}
        options = self._section("[options]", self.data.get("options", {}), dict.fromkeys(OPTIONS))
        if "joker_value" in options:
            changes["joker_on_rack"] = self._points(
                "[options]", "joker_value", options["joker_value"]
            )
        if "trump_bonus" in options:
            if not isinstance(options["trump_bonus"], bool):
                raise self.fail(
                    "[options]",
                    "trump_bonus",
                    f"must be true or false; got {options['trump_bonus']!r}",
                )
            changes["trump_bonus_enabled"] = options["trump_bonus"]
        deal = self._section("[deal]", self.data.get("deal", {}), DEAL_SECTIONS)
        for section_name, keys in DEAL_SECTIONS.items():
            where = f"[deal.{section_name}]"
            section = self._section(where, deal.get(section_name, {}), keys)
            for key, value in section.items():
                field = keys[key]
                if field == "rack_values":
                    rack[int(key)] = self._points(where, key, value)
                elif field == "not_melded_closed":
                    changes[field] = self._closed_loss(where, value)
                else:
                    low = 1 if field == "joker_discard_factor" else 0
                    changes[field] = self._points(where, key, value, low)
        if base is not None:
            values = tuple(rack.get(n, v) for n, v in enumerate(base.deals.rack_values, start=1))
            return base.deals._replace(**changes, rack_values=values, source=self.source)
        for key in OPTIONS:
            if key not in options:
                raise self.fail("[options]", key, "is missing")
        for section_name, keys in DEAL_SECTIONS.items():
            for key, field in keys.items():
                present = int(key) in rack if field == "rack_values" else field in changes
                if not present:
                    raise self.fail(f"[deal.{section_name}]", key, "is missing")
        return DealTable(
            **changes, rack_values=tuple(rack[n] for n in range(1, 14)), source=self.source
        )

    def _closed_loss(self, where: str, value: object) -> int | None:
        if value == WINNER_AMOUNT:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return self._points(where, "closed", value)
        raise self.fail(
            where,
            "closed",
            f'must be "{WINNER_AMOUNT}" (the winner\'s amount, R16) or a whole number; '
            f"got {value!r}",
        )

    def _hands(self, base: Rules | None) -> HandTable:
        types = [] if base is None else list(base.hands.types)
        types = self._removed(types)
        types = self._rescored(types)
        rows = self.data.get("type", [])
        if not isinstance(rows, list):
            raise self.fail("", "type", "write each type as a [[type]] row")
        check_row_count(len(rows), self.source)
        if base is None and not rows:
            raise RulesError(f'{self.source}: no [[type]] rows (or write extends = "{SHIPPED}")')
        inherited = {t.number: t for t in types}
        names = {t.name.casefold(): f"type {t.number} of {SHIPPED}" for t in types}
        numbers: dict[int, str] = {}
        for index, raw in enumerate(rows):
            hand_type = parse_row(raw, index, self.source, PLACEMENT)
            where = _row_label(index, hand_type.name)
            if hand_type.number in inherited:
                old = inherited[hand_type.number]
                raise self.fail(
                    where,
                    "number",
                    f"type {old.number} ({old.name}) is already in {SHIPPED}; change its score"
                    f" under [scores], or remove it first (remove = [{old.number}])",
                )
            if hand_type.number in numbers:
                raise self.fail(where, "number", f"is already used by {numbers[hand_type.number]}")
            if hand_type.name.casefold() in names:
                raise self.fail(
                    where, "name", f"is already used by {names[hand_type.name.casefold()]}"
                )
            numbers[hand_type.number] = names[hand_type.name.casefold()] = f"row {index + 1}"
            _place(
                types, hand_type, raw, lambda field, problem, w=where: self.fail(w, field, problem)
            )
        check_row_count(len(types), self.source)
        if not types:
            raise self.fail("", "remove", "leaves no closed-hand type; keep or add at least one")
        positioned = tuple(t._replace(position=i) for i, t in enumerate(types))
        return check_unique(positioned, self.source)

    def _removed(self, types: list[HandType]) -> list[HandType]:
        remove = self.data.get("remove", [])
        numbers = {t.number for t in types}
        if not isinstance(remove, list):
            raise self.fail("", "remove", f"must be a list of type numbers; got {remove!r}")
        for number in remove:
            if not isinstance(number, int) or isinstance(number, bool) or number not in numbers:
                raise self.fail("", "remove", f"{number!r} is not a type of {SHIPPED}")
        return [t for t in types if t.number not in remove]

    def _rescored(self, types: list[HandType]) -> list[HandType]:
        scores = self._section(
            "[scores]", self.data.get("scores", {}), {str(t.number): t for t in types}
        )
        changed = {}
        for key, value in scores.items():
            if (
                not isinstance(value, list)
                or len(value) != 3
                or not all(isinstance(s, int) and not isinstance(s, bool) for s in value)
                or not all(0 <= s <= MAX_POINTS for s in value)
            ):
                raise self.fail(
                    "[scores]",
                    key,
                    f"must be three whole numbers >= 0 (0/1/2 jokers); got {value!r}",
                )
            changed[int(key)] = (value[0], value[1], value[2])
        return [t._replace(scores=changed[t.number]) if t.number in changed else t for t in types]


def _place(types: list[HandType], hand_type: HandType, raw: Mapping[str, Any], fail: Any) -> None:
    """Insert a new row where it says it ranks (R11), or at the end (it wins every tie)."""
    given = [key for key in ("after", "before") if key in raw]
    if not given:
        types.append(hand_type)
        return
    if len(given) == 2:
        raise fail("before", "give after or before, not both")
    key = given[0]
    target = raw[key]
    numbers = [t.number for t in types]
    if not isinstance(target, int) or isinstance(target, bool) or target not in numbers:
        raise fail(key, f"must be the number of a type listed so far; got {target!r}")
    at = numbers.index(target) + (1 if key == "after" else 0)
    types.insert(at, hand_type)


def _row_label(index: int, name: str) -> str:
    return f"row {index + 1} ({name})"


def _hint(word: object, known: Any) -> str:
    return did_you_mean(word, [str(k) for k in known])
