"""The deal-scoring table: every number of R12 and R14-R18, loaded and validated.

The shipped numbers are the ``[options]`` and ``[deal.*]`` sections of the
shipped rules file (:func:`intlscore.rules.default_rules`). A house writes a
rules file; :func:`load_deal_table` still reads the older stand-alone deal
table (``--deal-table FILE``). The two house options of the rulings (joker on
the rack 25, trump bonus on) change with :meth:`DealTable.with_options`.

>>> from intlscore.rules.ruleset import default_deal_table
>>> table = default_deal_table()
>>> table.open_win, table.foot_win, table.joker_on_rack, table.rack_value(1), table.rack_value(7)
(100, 200, 30, 10, 7)
>>> table.not_melded_closed is None  # None: the winner's amount (R16)
True
>>> house = table.with_options(joker_value=25, trump_bonus=True)
>>> house.joker_on_rack, house.trump_bonus_enabled, table.joker_on_rack
(25, True, 30)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from intlscore.errors import TableError
from intlscore.rules.hand_table import check_schema
from intlscore.rules.hints import did_you_mean
from intlscore.rules.tomlfile import read_toml
from intlscore.values import SourceNotCompared

if TYPE_CHECKING:
    from pathlib import Path

WINNER_AMOUNT: Final = "winner"
"""The value of ``not_melded.closed`` meaning "the winner's amount" (R16)."""

_LAYOUT: Final[dict[str, frozenset[str]]] = {
    "winner": frozenset({"open", "open_no_one_melded", "foot"}),
    "rack": frozenset({"joker", "values"}),
    "not_melded": frozenset({"open", "foot", "none", "closed"}),
    "trump_bonus": frozenset({"enabled", "points"}),
    "joker_discard": frozenset({"factor"}),
}
_MAX_POINTS: Final = 1_000_000
"""Upper bound for any number in the table; catches typos such as 1000000000."""


class _DealFields(NamedTuple):
    open_win: int
    open_win_no_one_melded: int
    foot_win: int
    rack_values: tuple[int, ...]
    """Value on the rack of the numbers 1..13 (index 0 is the 1)."""
    joker_on_rack: int
    not_melded_open: int
    not_melded_foot: int
    not_melded_none: int
    not_melded_closed: int | None
    """``None`` means the winner's amount (R16)."""
    trump_bonus_enabled: bool
    trump_bonus_points: int
    joker_discard_factor: int
    source: str = "<deal table>"
    """Where the numbers came from (not part of equality)."""


class DealTable(SourceNotCompared, _DealFields):
    """The numbers used to score a whole deal (R12, R14-R18).

    Immutable; ``_replace`` makes a copy with fields changed. Tables with the same
    numbers are equal wherever they were read from.
    """

    __slots__ = ()

    def rack_value(self, number: int) -> int:
        """Value of a numbered tile (1-13) left on a rack (R15)."""
        return self.rack_values[number - 1]

    def with_options(
        self, *, joker_value: int | None = None, trump_bonus: bool | None = None
    ) -> DealTable:
        """A copy with house options changed; ``None`` keeps the table's value.

        >>> from intlscore.rules.ruleset import default_deal_table
        >>> default_deal_table().with_options(joker_value=-1)
        Traceback (most recent call last):
        ...
        intlscore.errors.TableError: joker value: must be a whole number from 0 to 1000000; got -1
        """
        changes: dict[str, Any] = {}
        notes: list[str] = []
        if joker_value is not None:
            changes["joker_on_rack"] = _points(joker_value, "joker value")
            notes.append(f"joker {joker_value}")
        if trump_bonus is not None:
            if not isinstance(trump_bonus, bool):
                raise TableError(f"trump bonus: must be true or false; got {trump_bonus!r}")
            changes["trump_bonus_enabled"] = trump_bonus
            notes.append("trump bonus " + ("on" if trump_bonus else "off"))
        if not changes:
            return self
        return self._replace(**changes, source=f"{self.source} ({', '.join(notes)})")

    def to_dict(self) -> dict[str, Any]:
        """The table in the layout of the TOML file (``source`` apart), for storage.

        >>> from intlscore.rules.ruleset import default_deal_table
        >>> parse_deal_table(default_deal_table().to_dict()) == default_deal_table()
        True
        """
        return {
            "schema": 1,
            "winner": {
                "open": self.open_win,
                "open_no_one_melded": self.open_win_no_one_melded,
                "foot": self.foot_win,
            },
            "rack": {
                "joker": self.joker_on_rack,
                "values": {str(n): v for n, v in enumerate(self.rack_values, start=1)},
            },
            "not_melded": {
                "open": self.not_melded_open,
                "foot": self.not_melded_foot,
                "none": self.not_melded_none,
                "closed": WINNER_AMOUNT
                if self.not_melded_closed is None
                else self.not_melded_closed,
            },
            "trump_bonus": {
                "enabled": self.trump_bonus_enabled,
                "points": self.trump_bonus_points,
            },
            "joker_discard": {"factor": self.joker_discard_factor},
        }


def load_deal_table(path: str | Path) -> DealTable:
    """Read and validate a stand-alone deal-scoring table file (the layout of ``to_dict``).

    Raises :class:`TableError` naming the file, the field and the problem.
    """
    return parse_deal_table(read_toml(path, "deal table"), source=str(path))


def parse_deal_table(data: Mapping[str, Any], source: str = "<deal table>") -> DealTable:
    """Validate the parsed TOML of a deal table; every key is required, none unknown.

    >>> from intlscore.rules.ruleset import default_deal_table
    >>> data = default_deal_table().to_dict()
    >>> data["winner"]["foot"] = "two hundred"
    >>> parse_deal_table(data)
    Traceback (most recent call last):
    ...
    intlscore.errors.TableError: <deal table>: winner.foot: must be a whole number from 0 to 1000000; got 'two hundred'
    """  # noqa: E501
    for key in data:
        if key != "schema" and key not in _LAYOUT:
            raise TableError(
                f"{source}: {key}: unknown section (known: {', '.join(_LAYOUT)})"
                + did_you_mean(key, _LAYOUT)
            )
    check_schema(data, source)  # as in every rules file: optional, and only the integer 1
    sections = {name: _section(data, name, keys, source) for name, keys in _LAYOUT.items()}

    def number(section: str, key: str, low: int = 0) -> int:
        return _points(sections[section][key], f"{source}: {section}.{key}", low)

    values = sections["rack"]["values"]
    if not isinstance(values, dict):
        raise TableError(f"{source}: rack.values: must be a table of 1 = ..., 13 = ...")
    wanted = [str(n) for n in range(1, 14)]
    for key in values:
        if key not in wanted:
            raise TableError(f"{source}: rack.values.{key}: unknown key (the numbers are 1-13)")
    for key in wanted:
        if key not in values:
            raise TableError(f"{source}: rack.values.{key}: is missing")
    rack_values = tuple(_points(values[k], f"{source}: rack.values.{k}") for k in wanted)

    closed = sections["not_melded"]["closed"]
    if closed == WINNER_AMOUNT:
        not_melded_closed = None
    elif isinstance(closed, int) and not isinstance(closed, bool):
        not_melded_closed = _points(closed, f"{source}: not_melded.closed")
    else:
        raise TableError(
            f'{source}: not_melded.closed: must be "winner" (the winner\'s amount) or a whole'
            f" number; got {closed!r}"
        )
    enabled = sections["trump_bonus"]["enabled"]
    if not isinstance(enabled, bool):
        raise TableError(f"{source}: trump_bonus.enabled: must be true or false; got {enabled!r}")
    return DealTable(
        open_win=number("winner", "open"),
        open_win_no_one_melded=number("winner", "open_no_one_melded"),
        foot_win=number("winner", "foot"),
        rack_values=rack_values,
        joker_on_rack=number("rack", "joker"),
        not_melded_open=number("not_melded", "open"),
        not_melded_foot=number("not_melded", "foot"),
        not_melded_none=number("not_melded", "none"),
        not_melded_closed=not_melded_closed,
        trump_bonus_enabled=enabled,
        trump_bonus_points=number("trump_bonus", "points"),
        joker_discard_factor=number("joker_discard", "factor", low=1),
        source=source,
    )


def _section(
    data: Mapping[str, Any], name: str, keys: frozenset[str], source: str
) -> Mapping[str, Any]:
    section = data.get(name)
    if section is None:
        raise TableError(f"{source}: [{name}]: section is missing")
    if not isinstance(section, dict):
        raise TableError(f"{source}: {name}: must be a section ([{name}])")
    for key in section:
        if key not in keys:
            raise TableError(
                f"{source}: {name}.{key}: unknown key (known: {', '.join(sorted(keys))})"
                + did_you_mean(key, keys)
            )
    for key in sorted(keys):
        if key not in section:
            hint = ' (write "winner" for the winner\'s amount)' if key == "closed" else ""
            raise TableError(f"{source}: {name}.{key}: is missing{hint}")
    return section


def _points(value: object, where: str, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= _MAX_POINTS:
        raise TableError(
            f"{where}: must be a whole number from {low} to {_MAX_POINTS}; got {value!r}"
        )
    return value
