"""``intlscore deal``: score one deal for 2-4 players (R12, R14-R18).

The deal arguments are shared with ``intlscore session deal``
(:func:`add_deal_arguments`, :func:`deal_arguments`), and the house-option
flags with ``intlscore session new`` (:func:`add_table_arguments`).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from intlscore.errors import DealError, TableError
from intlscore.faces.commands.common import sentence, whole_number

if TYPE_CHECKING:
    from intlscore.rules import Rules
    from intlscore.rules.deal_table import DealTable

HELP = "score one deal: every player's delta (open, foot, closed win or no winner)"
EXAMPLE = (
    'example: intlscore deal --players ann bob cat dan --winner ann --closed "k1-13 k1"'
    ' --discard "*" --rack bob="r5 b7 *" --rack cat="o1 o2" --not-melded dan'
)


def add_deal_arguments(parser: argparse.ArgumentParser) -> None:
    """How the deal ended and what the losers held (shared with ``session deal``)."""
    ending = parser.add_argument_group("how the deal ended (one of)")
    choice = ending.add_mutually_exclusive_group()
    choice.add_argument("--open", action="store_true", help="an open win (R14)")
    choice.add_argument("--foot", action="store_true", help="a foot win (R14)")
    choice.add_argument(
        "--closed",
        metavar="TILES",
        help='a closed win with these tiles: 14 and --discard, or 15 (e.g. "k1-13 k1")',
    )
    choice.add_argument("--no-winner", action="store_true", help="the deal ended with no winner")
    parser.add_argument("--winner", metavar="NAME", help="who won")
    parser.add_argument(
        "--discard",
        metavar="TILE",
        help='the winner\'s final discard; "*" (a joker) doubles every score (R12, R17)',
    )
    parser.add_argument(
        "--rack",
        metavar="NAME=TILES",
        action="append",
        default=[],
        help='a loser who has melded and the tiles left on the rack (R15), e.g. bob="r5 b7 *"',
    )
    parser.add_argument(
        "--not-melded",
        metavar="NAME",
        nargs="+",
        action="extend",
        default=[],
        help="losers who have not melded (R16)",
    )
    parser.add_argument("--trump", metavar="TILE", help="the trump tile (R18)")
    parser.add_argument(
        "--trump-holder",
        metavar="NAME",
        action="append",
        default=[],
        help="a player who held the tile identical to the trump (R18); racks are checked too",
    )
    context = parser.add_argument_group("when a closed win happened (types 39, 40)")
    context.add_argument("--first-turn", action="store_true", help="on the winner's first turn")
    context.add_argument(
        "--original-hand", action="store_true", help="with the 14 tiles the winner was dealt"
    )
    context.add_argument(
        "--starting-player", action="store_true", help="the winner is the starting player"
    )


def add_table_arguments(parser: argparse.ArgumentParser) -> None:
    """House options (R15, R18) and a house deal table (deprecated: a rules file)."""
    house = parser.add_argument_group("house rules")
    house.add_argument(
        "--joker-value", metavar="N", help="a joker left on a rack counts N (R15; default 30)"
    )
    house.add_argument(
        "--trump-bonus",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="score 50 for holding the tile identical to the trump (R18; default off)",
    )
    house.add_argument(
        "--deal-table", metavar="FILE", help="deprecated: a deal-scoring table; use --rules"
    )


def add_json_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def deal_arguments(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of :func:`~intlscore.session.deal.score_deal` but players, table."""
    if args.no_winner:
        kind = "none"
    elif args.open:
        kind = "open"
    elif args.foot:
        kind = "foot"
    elif args.closed is not None:
        kind = "closed"
    else:
        raise DealError("say how the deal ended: --open, --foot, --closed TILES or --no-winner")
    racks: list[tuple[str, str]] = []
    for item in args.rack:
        name, equals, tiles = item.partition("=")
        if not equals or not name.strip():
            raise DealError(f'--rack {item!r}: write NAME=TILES, like --rack bob="r5 b7 *"')
        racks.append((name.strip(), tiles))
    return {
        "kind": kind,
        "winner": args.winner,
        "closed": args.closed,
        "discard": args.discard,
        "racks": racks,
        "not_melded": args.not_melded,
        "trump": args.trump,
        "trump_holders": args.trump_holder,
        "first_turn": args.first_turn,
        "original_hand": args.original_hand,
        "starting_player": args.starting_player,
    }


def table_from_arguments(args: argparse.Namespace) -> DealTable:
    """The deal table of the rules in use (:func:`rules_with_options`)."""
    return rules_with_options(args).deals


def rules_with_options(args: argparse.Namespace) -> Rules:
    """The rules of ``--rules`` (or the deprecated ``--deal-table``; the shipped ones by
    default) with ``--joker-value`` and ``--trump-bonus`` applied."""
    from intlscore.faces.commands.rules_option import rules_from_arguments

    rules = rules_from_arguments(args)
    joker_value = None
    if args.joker_value is not None:
        joker_value = whole_number(
            args.joker_value, "--joker-value", TableError, minimum=0, maximum=10**6, example=25
        )
    return rules.with_options(joker_value=joker_value, trump_bonus=args.trump_bonus)


def print_json(data: object) -> None:
    """Exactly one JSON object on stdout."""
    print(json.dumps(data, indent=2, ensure_ascii=False))


def print_document(kind: str, data: Mapping[str, Any]) -> None:
    """One JSON document of ``kind`` on stdout, ``"format"`` first."""
    from intlscore.faces.documents import dumps

    print(dumps(kind, data))


def print_rich(*renderables: Any) -> None:
    """Print rich renderables to stdout, one after another (colour only on a terminal).

    A plain ``str`` is shown literally: never read as markup, control characters escaped.
    """
    from intlscore.faces.render.output import print_views

    print_views(*renderables)


def run(args: argparse.Namespace) -> int:
    from intlscore.session.deal import score_deal

    if not args.players:
        raise DealError("name the players: --players NAME NAME [NAME [NAME]]")
    rules = rules_with_options(args)
    result = score_deal(args.players, rules=rules, **deal_arguments(args))
    from intlscore.faces.guided import warn_if_discard_unknown

    warn_if_discard_unknown(result)
    if args.json:
        print_document("deal", {**result.to_dict(), "rules": rules.name})
    else:
        from intlscore.faces.render.deal_view import deal_view

        print_rich(deal_view(result))
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("deal", help=HELP, description=sentence(HELP), epilog=EXAMPLE)
    parser.add_argument(
        "--players", metavar="NAME", nargs="+", help="the 2-4 players, in seat order"
    )
    add_deal_arguments(parser)
    add_table_arguments(parser)
    from intlscore.faces.commands.rules_option import add_rules_argument

    add_rules_argument(parser)
    add_json_argument(parser)
    parser.set_defaults(run=run)
