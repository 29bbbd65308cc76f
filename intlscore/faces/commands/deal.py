"""``intlscore deal``: score one deal for 2-4 players (R12, R14-R18).

The deal arguments are shared with ``intlscore session deal``
(:func:`add_deal_arguments`, :func:`deal_arguments`), and the house-option
flags with ``intlscore session new`` (:func:`add_table_arguments`).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from intlscore.errors import DealError, IntlscoreError, TableError
from intlscore.faces.commands.common import sentence, whole_number

if TYPE_CHECKING:
    from collections.abc import Sequence

    from intlscore.rules import Rules
    from intlscore.rules.deal_table import DealTable
    from intlscore.session.deal import DealInput, DealResult

HELP = "score one deal: every player's delta (open, foot, closed win or no winner)"
EXAMPLE = (
    'example: intlscore deal --players ann bob cat dan --winner ann --closed "k1-13 k1"'
    ' --discard "*" --rack bob="r5 b7 *" --rack cat="o1 o2" --not-melded dan'
)


def add_deal_arguments(parser: argparse.ArgumentParser) -> None:
    """How the deal ended and what the losers held (shared with ``session deal``)."""
    from intlscore.faces.commands.completion import complete_players

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
    complete_players(parser.add_argument("--winner", metavar="NAME", help="who won"))
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
        help='a loser who has melded and the tiles left on the rack (R15), e.g. bob="r5 b7 *";'
        " or the rack's counted points, e.g. bob=42, or bob=42+1j with one joker (counted at"
        " the house's joker value)",
    )
    complete_players(
        parser.add_argument(
            "--not-melded",
            metavar="NAME",
            nargs="+",
            action="extend",
            default=[],
            help="losers who have not melded (R16)",
        )
    )
    parser.add_argument("--trump", metavar="TILE", help="the trump tile (R18)")
    complete_players(
        parser.add_argument(
            "--trump-holder",
            metavar="NAME",
            action="append",
            default=[],
            help="a player who held the tile identical to the trump (R18); racks are checked too",
        )
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
    # deprecated (use --rules): kept for one release, no longer shown in --help
    house.add_argument("--deal-table", metavar="FILE", help=argparse.SUPPRESS)


def add_json_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def given_kind(args: argparse.Namespace) -> str | None:
    """How the deal ended, as the arguments say (None when they do not)."""
    if args.no_winner:
        return "none"
    if args.open:
        return "open"
    if args.foot:
        return "foot"
    return "closed" if args.closed is not None else None


def deal_arguments(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of :func:`~intlscore.session.deal.score_deal` but players, table."""
    kind = given_kind(args)
    if kind is None:
        raise DealError("say how the deal ended: --open, --foot, --closed TILES or --no-winner")
    racks = deal_arguments_racks(args.rack)
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


def session_deal_arguments(
    args: argparse.Namespace,
    players: Sequence[str],
    table: DealTable | Rules,
    old: DealInput | None = None,
) -> dict[str, Any]:
    """The deal of ``session deal`` (or of ``session amend``, replacing ``old``): asked for
    at a terminal when no deal argument is given (``old``'s answers proposed), else read
    from the arguments (for an amendment, ``old`` with only what they give changed).

    ``table`` is the session's deal table, or its whole :class:`~intlscore.rules.Rules`.
    """
    from intlscore.faces.guided import ask_deal, scored_with, wants_prompts

    if wants_prompts(args):
        return ask_deal(players, table, proposed=old)
    deal = deal_arguments(args) if old is None else amended_arguments(args, old)
    if deal["kind"] == "closed" and deal["discard"] is None:
        from intlscore.session.deal import score_deal

        # an invalid deal says nothing here: its own error will be the one line on stderr
        with contextlib.suppress(IntlscoreError):
            warn_if_discard_unknown(score_deal(players, **scored_with(table), **deal))
    return deal


def amended_arguments(args: argparse.Namespace, old: DealInput) -> dict[str, Any]:
    """``old`` with what the arguments give changed, nothing else: a new ending (a closed
    win's tiles and first-turn flags go with a closed win; new tiles come with their own
    ``--discard``, or none), a new winner (who then has no rack), each ``--rack`` and
    ``--not-melded`` player's part, the discard, the trump.

    >>> from intlscore.session.deal import DealInput
    >>> old = DealInput(("ann", "bob", "cat"), "open", "ann", racks=(("bob", "r5"), ("cat", "o1")))
    >>> parser = argparse.ArgumentParser()
    >>> add_deal_arguments(parser)
    >>> deal = amended_arguments(parser.parse_args(["--rack", "CAT=o9"]), old)
    >>> deal["kind"], deal["winner"], deal["racks"]
    ('open', 'ann', [('bob', 'r5'), ('CAT', 'o9')])
    >>> amended_arguments(parser.parse_args([]), old)
    Traceback (most recent call last):
    ...
    intlscore.errors.DealError: say what changes, like --rack cat=o9 (at a terminal, session amend with the deal's number alone asks for every answer)
    """  # noqa: E501
    from intlscore.faces.guided import DEAL_OPTIONS

    if not any(getattr(args, name, None) for name in (*DEAL_OPTIONS, *CONTEXT_FLAGS)):
        raise DealError(
            "say what changes, like --rack cat=o9 (at a terminal, session amend with the"
            " deal's number alone asks for every answer)"
        )
    kind = given_kind(args) or old.kind
    closed = args.closed if args.closed is not None else old.closed if kind == "closed" else None
    racks = list(old.racks)
    not_melded = list(old.not_melded)
    winner = None if kind == "none" else (args.winner or old.winner)

    def drop(name: str | None) -> None:
        if name is not None:
            racks[:] = [pair for pair in racks if pair[0].casefold() != name.casefold()]
            not_melded[:] = [other for other in not_melded if other.casefold() != name.casefold()]

    drop(winner)
    for name, tiles in deal_arguments_racks(args.rack):
        drop(name)
        racks.append((name, tiles))
    for name in args.not_melded:
        drop(name)
        not_melded.append(name)
    keep_context = kind == "closed" and old.kind == "closed"
    discard = args.discard if args.closed is not None else args.discard or old.discard
    if kind == "none":
        discard = None
    return {
        "kind": kind,
        "winner": winner,
        "closed": closed,
        "discard": discard,
        "racks": racks,
        "not_melded": not_melded,
        "trump": args.trump or old.trump,
        "trump_holders": args.trump_holder or list(old.trump_holders),
        "first_turn": args.first_turn or (keep_context and old.first_turn),
        "original_hand": args.original_hand or (keep_context and old.original_hand),
        "starting_player": args.starting_player or (keep_context and old.starting_player),
    }


CONTEXT_FLAGS = ("first_turn", "original_hand", "starting_player")


def warn_if_discard_unknown(result: DealResult) -> None:
    """One line on stderr when a closed win of 14 tiles came without its discard.

    The deal is scored as if the discard was not a joker; the line says so.
    """
    if result.closed is not None and result.closed.discard is None:
        print(
            "intlscore: note: a closed win of 14 tiles without --discard: no joker discard"
            " was assumed (give --discard TILE, or 15 tiles to find the best discard)",
            file=sys.stderr,
        )


def deal_arguments_racks(items: Sequence[str]) -> list[tuple[str, str]]:
    """``--rack NAME=TILES`` (or ``NAME=POINTS``) as (name, text) pairs."""
    racks: list[tuple[str, str]] = []
    for item in items:
        name, equals, tiles = item.partition("=")
        if not equals or not name.strip():
            raise DealError(
                f'--rack {item!r}: write NAME=TILES, like --rack bob="r5 b7 *" (or NAME=POINTS,'
                " like --rack bob=42)"
            )
        racks.append((name.strip(), tiles))
    return racks


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
