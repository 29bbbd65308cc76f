"""Arguments and output shared by the ``score``, ``reach`` and ``odds`` commands.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_context_flags(parser, "when the win happened")
>>> add_table_and_json(parser)
>>> args = parser.parse_args(["--first-turn", "--json"])
>>> args.first_turn, args.original_hand, args.table, args.json
(True, False, None, True)
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final, Protocol

from intlscore.errors import IntlscoreError, quoted

if TYPE_CHECKING:
    from intlscore.engine.rack import Rack

_WHOLE_NUMBER: Final = re.compile(r"[+-]?[0-9]+", re.ASCII)


class Presentable(Protocol):
    """A result object: JSON through ``to_dict``, a rich view through a view function."""

    def to_dict(self) -> dict[str, Any]: ...


def sentence(text: str) -> str:
    """A help line as a sentence: the first letter raised, nothing else lowered, a full stop.

    >>> sentence("settle totals (R19)")
    'Settle totals (R19).'
    >>> sentence("the whole session as JSON or CSV")
    'The whole session as JSON or CSV.'
    """
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def add_context_flags(parser: argparse.ArgumentParser, title: str) -> None:
    """``--first-turn``, ``--original-hand``, ``--starting-player`` (types 39 and 40)."""
    context = parser.add_argument_group(f"{title} (types 39 and 40)")
    context.add_argument(
        "--first-turn", action="store_true", help="the win comes on the player's first turn"
    )
    context.add_argument(
        "--original-hand",
        action="store_true",
        help="the 14 melded tiles are the tiles the player was dealt",
    )
    context.add_argument(
        "--starting-player",
        action="store_true",
        help="the player is the starting player (dealt 15; never a Grand blitz)",
    )


def add_tiles(parser: argparse.ArgumentParser, what: str, after: str = "") -> None:
    """The positional ``TILES`` that :func:`rack_from_arguments` reads: ``what``, as one
    quoted string or several arguments, then ``after`` (an example) in its help.

    >>> parser = argparse.ArgumentParser()
    >>> add_tiles(parser, "the hand")
    >>> parser.parse_args(["r1-13", "r1"]).tiles
    ['r1-13', 'r1']
    """
    parser.add_argument(
        "tiles",
        metavar="TILES",
        nargs="+",
        help=f"{what}, as one quoted string or several arguments{after}",
    )


def add_seen_and_trump(parser: argparse.ArgumentParser) -> None:
    """``--seen TILES`` (repeatable) and ``--trump T``: the tiles out of play (R3, R20)."""
    parser.add_argument(
        "--seen",
        metavar="TILES",
        action="append",
        help="tiles out of play (discards, other players' melds); may be repeated",
    )
    parser.add_argument("--trump", metavar="T", help="the face-up trump tile")


def rack_from_arguments(args: argparse.Namespace) -> Rack:
    """The :class:`~intlscore.engine.rack.Rack` of a command's arguments: the tiles,
    ``--discard``, ``--seen``, ``--trump``, the context flags and ``--rules`` (read first,
    so a bad rules file is the error a command shows before its tiles are read).

    >>> parser = argparse.ArgumentParser()
    >>> add_tiles(parser, "the hand")
    >>> add_seen_and_trump(parser)
    >>> add_context_flags(parser, "when")
    >>> add_table_and_json(parser)
    >>> rack = rack_from_arguments(parser.parse_args(["k1-13", "k1", "--seen", "r5", "--first-turn"]))
    >>> len(rack.tiles), rack.seen, rack.discard, rack.context.first_turn
    (14, (Tile('r5'),), None, True)
    """  # noqa: E501
    from intlscore.engine.rack import Rack
    from intlscore.faces.commands.rules_option import rules_from_arguments

    rules = rules_from_arguments(args)
    return Rack(
        args.tiles,
        discard=getattr(args, "discard", None),
        seen=getattr(args, "seen", None) or (),
        trump=getattr(args, "trump", None),
        first_turn=args.first_turn,
        original_hand=args.original_hand,
        starting_player=args.starting_player,
        rules=rules,
    )


def add_table_and_json(parser: argparse.ArgumentParser) -> None:
    """``--rules FILE`` (``--table FILE``, deprecated) and ``--json``."""
    from intlscore.faces.commands.rules_option import add_rules_argument

    add_rules_argument(parser, table=True)
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def present(
    result: Presentable,
    as_json: bool,
    view: Callable[[], Callable[[Any], Any]],
    kind: str = "score",
    extra: Mapping[str, Any] | None = None,
) -> int:
    """Print one JSON document of ``kind`` (``extra`` keys added), or the rich view;
    ``view`` imports the view only when needed."""
    if as_json:
        import json  # only here: the rich views never load it

        from intlscore.faces.documents import document

        print(json.dumps(document(kind, {**result.to_dict(), **(extra or {})}), indent=2))
        return 0
    from intlscore.faces.render.output import print_views

    print_views(view()(result))
    return 0


def whole_number(
    text: str,
    what: str,
    error: type[IntlscoreError],
    *,
    minimum: int,
    maximum: int,
    example: int,
) -> int:
    """A whole number typed by the user, with ASCII digits, between two bounds.

    ``-0`` is 0; fullwidth or superscript digits, underscores, decimals and
    numbers of any length beyond ``maximum`` are refused with one line that
    names ``what`` (never ``int()``'s own error).

    >>> from intlscore.errors import TableError
    >>> whole_number(" 25 ", "--joker-value", TableError, minimum=0, maximum=999, example=25)
    25
    >>> whole_number("-0", "--joker-value", TableError, minimum=0, maximum=999, example=25)
    0
    >>> whole_number("-5", "--joker-value", TableError, minimum=0, maximum=999, example=25)
    Traceback (most recent call last):
    ...
    intlscore.errors.TableError: --joker-value '-5': give a number from 0 to 999, like 25
    >>> whole_number("1_000", "ann's total", TableError, minimum=-9, maximum=9, example=5)
    Traceback (most recent call last):
    ...
    intlscore.errors.TableError: ann's total '1_000' is not a whole number: write digits 0-9 only, like 5
    """  # noqa: E501
    stripped = text.strip()
    if not _WHOLE_NUMBER.fullmatch(stripped):
        raise error(
            f"{what} {quoted(text)} is not a whole number: write digits 0-9 only, like {example}"
        )
    digits = stripped.lstrip("+-").lstrip("0")
    limit = len(str(max(abs(minimum), abs(maximum))))
    value = int(stripped) if len(digits) <= limit else None  # never int() of 4,301 digits
    if value is None or not minimum <= value <= maximum:
        raise error(
            f"{what} {quoted(text)}: give a number from {minimum} to {maximum}, like {example}"
        )
    return value


def whole_number_argument(*, minimum: int, maximum: int, example: int) -> Callable[[str], int]:
    """An argparse ``type`` reading a whole number with :func:`whole_number`'s rules.

    argparse names the option, so a refusal reads
    ``argument --samples: value '+x' is not a whole number: write digits 0-9 only, like 2401``.

    >>> parse = whole_number_argument(minimum=1, maximum=20, example=6)
    >>> parse("07")
    7
    >>> parse("21")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: value '21': give a number from 1 to 20, like 6
    """

    def parse(text: str) -> int:
        try:
            return whole_number(
                text, "value", IntlscoreError, minimum=minimum, maximum=maximum, example=example
            )
        except IntlscoreError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parse
