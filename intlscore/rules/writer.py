"""Writing :class:`~intlscore.rules.ruleset.Rules` out as a complete rules file.

The output is the layout :func:`~intlscore.rules.ruleset.parse_rules` reads,
with a comment naming the ruling beside each number, so a stored copy (for
example in a session ledger) reads like the shipped file.

>>> from intlscore.rules.ruleset import default_rules
>>> text = rules_to_toml(default_rules())
>>> print(text.splitlines()[3])
name = "international"
>>> toml_string('say "hi"\\n\\x7f')
'"say \\\\"hi\\\\"\\\\n\\\\u007f"'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from intlscore.rules.deal_table import WINNER_AMOUNT
from intlscore.rules.hand_table import CONTEXT_FLAGS, HandType

if TYPE_CHECKING:
    from intlscore.rules.ruleset import Rules

_ESCAPES: Final = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _line(key: str, value: str, comment: str = "") -> str:
    text = f"{key} = {value}"
    return f"{text:<30}# {comment}" if comment else text


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _ints(values: tuple[int, ...] | list[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def rules_to_toml(rules: Rules) -> str:
    """The complete rules file of ``rules`` (see the module docstring)."""
    deals = rules.deals
    lines = [
        f"# intlscore rules {rules.name!r}, complete: the closed-hand types, the deal",
        "# scores and the house options. Format: docs/rules-files.md.",
        _line("schema", "1", "layout of this file (only 1 exists)"),
        _line("name", toml_string(rules.name)),
        "",
        "[options]                     # the house options of RULES.md",
        _line("joker_value", str(deals.joker_on_rack), "R15: a joker left on a loser's rack"),
        _line("trump_bonus", _bool(deals.trump_bonus_enabled), "R18: the trump bonus is on"),
        "",
        "[deal.winner]                 # R14: what the winner scores",
        _line("open", str(deals.open_win), "R14: an open win"),
        _line("open_no_one_melded", str(deals.open_win_no_one_melded), "R14: nobody else melded"),
        _line("foot", str(deals.foot_win), "R14: a foot win"),
        "",
        "[deal.rack_values]            # R15: each numbered tile left on a loser's rack",
        *(
            _line(str(number), str(value), "R15")
            for number, value in enumerate(deals.rack_values, start=1)
        ),
        "",
        "[deal.not_melded]             # R16: a loser who has not melded loses",
        _line("open", str(deals.not_melded_open), "R16: after an open win"),
        _line("foot", str(deals.not_melded_foot), "R16: after a foot win"),
        _line("none", str(deals.not_melded_none), "R16: when nobody wins"),
        _line(
            "closed",
            toml_string(WINNER_AMOUNT)
            if deals.not_melded_closed is None
            else str(deals.not_melded_closed),
            "R16: after a closed win",
        ),
        "",
        "[deal.trump_bonus]            # R18",
        _line("points", str(deals.trump_bonus_points), "R18: when [options] trump_bonus is on"),
        "",
        "[deal.joker_discard]          # R12, R17",
        _line("factor", str(deals.joker_discard_factor), "R12, R17: every score of the deal"),
        "",
        "# The closed-hand types (R10). On equal value the row listed later counts (R11).",
    ]
    for hand_type in rules.hands:
        lines.extend(["", "[[type]]", *_type_lines(hand_type)])
    return "\n".join(lines) + "\n"


def _type_lines(hand_type: HandType) -> list[str]:
    lines = [
        f"number = {hand_type.number}",
        f"name = {toml_string(hand_type.name)}",
        f"scores = {_ints(hand_type.scores)}",
        f"description = {toml_string(hand_type.description)}",
        f"structure = {toml_string(hand_type.structure)}",
    ]
    if hand_type.sets is not None:
        lines.append(f"sets = {_ints(sorted(hand_type.sets))}")
    if hand_type.colours is not None:
        lines.append(f"colours = {hand_type.colours}")
    if hand_type.distinct_colours:
        lines.append("distinct_colours = true")
    if hand_type.range is not None:
        lines.append(f"range = {toml_string(hand_type.range)}")
    if hand_type.max_total is not None:
        lines.append(f"max_total = {hand_type.max_total}")
    if hand_type.same_number is not None:
        lines.append(f"same_number = {hand_type.same_number}")
    if hand_type.sequence is not None:
        numbers = [(p - 1) % 13 + 1 for p in hand_type.sequence]
        lines.append(f"sequence = {_ints(numbers)}")
        lines.append(f"repeat = {hand_type.repeat}")
    if hand_type.neighbours is not None:
        lines.append(f"neighbours = {toml_string(hand_type.neighbours)}")
    if hand_type.when:
        flags = [flag for flag in CONTEXT_FLAGS if flag in hand_type.when]
        lines.append("when = [" + ", ".join(toml_string(f) for f in flags) + "]")
    return lines
