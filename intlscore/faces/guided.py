"""Guided deal entry: ``intlscore session deal NAME`` at a terminal asks for the deal in turn.

When ``session deal`` runs with stdin at a terminal and none of the deal's
arguments, :func:`session_deal_arguments` asks:

1. how the deal ended (open, foot, closed, none) and who won;
2. for a closed win, the winner's tiles, the discard when 14 are given (R12,
   R13), and whether the win came on the first turn (types 39 and 40); for an
   open or foot win, whether the final discard was a joker (R12);
3. each loser's rack, or ``-`` for a loser who had not melded (R15, R16);
4. the trump, when the session's house rules score it (R18).

Each answer is checked as it is typed: a bad tile, a third copy (R3) or a
closed hand that fits no type is asked again with the reason. The scored deal
is then shown, and it is stored only when the player confirms it. Prompts go to
stderr, so ``--json`` output stays one object on stdout.

Outside guided mode, a closed win of 14 tiles without ``--discard`` gets one
line on stderr saying that no joker discard was assumed
(:func:`warn_if_discard_unknown`).

>>> from intlscore.engine.notation import parse_tiles
>>> third_copies(parse_tiles("r5 r5"), parse_tiles("r5 k1"))
'r5 would be a third r5 (the set has two of each, R3)'
>>> choose("c", KINDS, "how it ended")
'closed'
>>> choose("Ann", ("ann", "bob"), "the winner")
'ann'
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from intlscore.errors import DealError, IntlscoreError

if TYPE_CHECKING:
    from rich.console import Console

    from intlscore.engine.tiles import Tile
    from intlscore.rules import Rules
    from intlscore.rules.deal_table import DealTable
    from intlscore.session.deal import DealResult

__all__ = [
    "DEAL_OPTIONS",
    "KINDS",
    "DealNotConfirmed",
    "ask_deal",
    "choose",
    "session_deal_arguments",
    "third_copies",
    "tiles_check",
    "wants_prompts",
    "warn_if_discard_unknown",
]

KINDS = ("open", "foot", "closed", "none")
DEAL_OPTIONS = (
    "open",
    "foot",
    "closed",
    "no_winner",
    "winner",
    "discard",
    "rack",
    "not_melded",
    "trump",
    "trump_holder",
)
"""The arguments that describe a deal; with none of them given, the deal is asked for."""

T = TypeVar("T")


class DealNotConfirmed(IntlscoreError):
    """The player did not confirm the deal (or closed the input): nothing was stored."""


def wants_prompts(args: argparse.Namespace, stdin: Any = None) -> bool:
    """True when no deal argument was given and stdin is a terminal."""
    stdin = sys.stdin if stdin is None else stdin
    given = any(getattr(args, name, None) for name in DEAL_OPTIONS)
    return not given and bool(stdin is not None and stdin.isatty())


def _scored_with(table: DealTable | Rules) -> dict[str, Any]:
    """``score_deal``'s keyword for a session's deal table or its whole rules."""
    from intlscore.rules import Rules

    return {"rules": table} if isinstance(table, Rules) else {"table": table}


def session_deal_arguments(
    args: argparse.Namespace, players: Sequence[str], table: DealTable | Rules
) -> dict[str, Any]:
    """The deal of ``session deal``: asked for at a terminal, else read from the arguments.

    ``table`` is the session's deal table, or its whole :class:`~intlscore.rules.Rules`.
    """
    from intlscore.faces.commands.deal import deal_arguments

    if wants_prompts(args):
        return ask_deal(players, table)
    deal = deal_arguments(args)
    if deal["kind"] == "closed" and deal["discard"] is None:
        from intlscore.session.deal import score_deal

        # an invalid deal says nothing here: its own error will be the one line on stderr
        with contextlib.suppress(IntlscoreError):
            warn_if_discard_unknown(score_deal(players, **_scored_with(table), **deal))
    return deal


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


def choose(answer: str, options: Sequence[str], what: str) -> str:
    """The option ``answer`` names: exactly, ignoring case, or by a unique first letters."""
    text = answer.strip()
    if text in options:
        return text
    folded = [option for option in options if option.casefold() == text.casefold()]
    if len(folded) == 1:
        return folded[0]
    starting = [o for o in options if text and o.casefold().startswith(text.casefold())]
    if len(starting) == 1:
        return starting[0]
    raise DealError(f"{what}: answer one of {', '.join(options)}")


def third_copies(tiles: Sequence[Tile], elsewhere: Sequence[Tile]) -> str | None:
    """What would break R3 if ``tiles`` joined ``elsewhere`` (the deal so far), or None.

    >>> from intlscore.engine.notation import parse_tiles
    >>> third_copies(parse_tiles("r5 * k1"), parse_tiles("r5 r5 * *"))
    'r5 would be a third r5, and * a third joker (the set has two of each, R3)'
    >>> third_copies(parse_tiles("r5"), parse_tiles("r5")) is None
    True
    """
    from collections import Counter

    counts = Counter(elsewhere)
    extra: list[str] = []
    for tile in tiles:
        counts[tile] += 1
        if counts[tile] == 3:
            extra.append(f"{tile} a third " + ("joker" if tile.is_joker else str(tile)))
    if not extra:
        return None
    return (
        f"{extra[0].replace(' a third', ' would be a third', 1)}"
        + "".join(f", and {more}" for more in extra[1:])
        + " (the set has two of each, R3)"
    )


class _Prompter:
    """Asks on the terminal and re-asks until the answer passes its check."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def ask(self, question: str, check: Callable[[str], T]) -> T:
        from rich.text import Text

        while True:
            try:
                answer = self.console.input(Text(f"{question} ", style="bold"))
            except EOFError:
                raise DealNotConfirmed("input closed: nothing stored") from None
            try:
                return check(answer)
            except (IntlscoreError, ValueError) as error:
                self.console.print(Text(f"  {error}; try again", style="red"))

    def yes(self, question: str, default: bool = False) -> bool:
        hint = "[Y/n]" if default else "[y/N]"

        def check(answer: str) -> bool:
            text = answer.strip().casefold()
            if not text:
                return default
            if text in ("y", "yes"):
                return True
            if text in ("n", "no"):
                return False
            raise DealError("answer y or n")

        return self.ask(f"{question} {hint}", check)


def _tiles(text: str, what: str) -> list[Tile]:
    from intlscore.engine.notation import parse_tiles

    if not text.strip():
        raise DealError(f"{what}: type the tiles, like r5 b7 *")
    try:
        return parse_tiles(text)
    except IntlscoreError as error:
        raise DealError(f"{what}: {error}") from None


def tiles_check(
    what: str, elsewhere: Sequence[Tile], sizes: Sequence[int] = ()
) -> Callable[[str], list[Tile]]:
    """A check for typed tiles: they parse, come in one of ``sizes``, and break no R3 limit.

    >>> from intlscore.engine.notation import parse_tiles
    >>> check = tiles_check("the discard", parse_tiles("r5 r5"), sizes=(1,))
    >>> [str(tile) for tile in check("K3")]
    ['k3']
    >>> check("r5")
    Traceback (most recent call last):
    ...
    intlscore.errors.DealError: r5 would be a third r5 (the set has two of each, R3)
    >>> check("r14")
    Traceback (most recent call last):
    ...
    intlscore.errors.DealError: the discard: 'r14' is not a tile: numbers run from 1 to 13
    """

    def check(text: str) -> list[Tile]:
        tiles = _tiles(text, what)
        if sizes and len(tiles) not in sizes:
            wanted = " or ".join(str(size) for size in sizes)
            raise DealError(f"{what}: {wanted} tile{'s' * (sizes[-1] != 1)}, not {len(tiles)}")
        problem = third_copies(tiles, elsewhere)
        if problem:
            raise DealError(problem)
        return tiles

    return check


def _unless(marker: str, check: Callable[[str], list[Tile]]) -> Callable[[str], list[Tile] | None]:
    """``check``, except that the answer ``marker`` (after stripping) means none."""

    def either(text: str) -> list[Tile] | None:
        return None if text.strip() == marker else check(text)

    return either


def _closed_hand(ask: _Prompter, winner: str, rules: Rules | None) -> dict[str, Any]:
    """The winner's closed hand: tiles, discard (asked when 14 are given), first turn;
    checked under the session's ``rules`` (so a house type counts)."""
    from intlscore.engine.notation import format_tiles
    from intlscore.engine.scoring import score_hand
    from intlscore.faces.render.output import user_text

    while True:
        tiles = ask.ask(
            f"{winner}'s closed hand (14 tiles, or 15 to find the best discard):",
            tiles_check(f"{winner}'s closed hand", (), sizes=(14, 15)),
        )
        discard: Tile | None = None
        if len(tiles) == 14:
            discard = ask.ask(
                f"{winner}'s final discard (a tile, * for a joker):",
                tiles_check("the discard", tiles, sizes=(1,)),
            )[0]
        first_turn = ask.yes(f"Did {winner} win on the first turn?")
        original_hand = starting_player = False
        if first_turn:
            original_hand = ask.yes(f"With the 14 tiles {winner} was dealt?")
            starting_player = ask.yes(f"Is {winner} the starting player?")
        result = score_hand(
            tiles,
            discard=discard,
            first_turn=first_turn,
            original_hand=original_hand,
            starting_player=starting_player,
            rules=rules,
        )
        if result.best is None:
            reason = result.reasons[0] if result.reasons else "the tiles fit no type"
            note = f"  these tiles fit no type: {reason}; enter the hand again"
            ask.console.print(user_text(note, style="red"))
            continue
        from intlscore.faces.render.score_view import score_arithmetic

        arithmetic = score_arithmetic(result.best, result.jokers, result.doubled)
        chosen = "" if discard is not None else f" (best discard {result.discard}, R13)"
        ask.console.print(user_text(f"  type {result.best.number}, {arithmetic}{chosen}"))
        return {
            "closed": format_tiles(tiles),
            "discard": None if discard is None else str(discard),
            "first_turn": first_turn,
            "original_hand": original_hand,
            "starting_player": starting_player,
        }


def ask_deal(
    players: Sequence[str], table: DealTable | Rules, console: Console | None = None
) -> dict[str, Any]:
    """Ask for one deal at the terminal; the keyword arguments of ``score_deal`` once confirmed.

    Raises :class:`DealNotConfirmed` when the player says no (or input ends).
    """
    from intlscore.engine.notation import parse_tiles
    from intlscore.faces.render.deal_view import deal_view
    from intlscore.faces.render.output import make_console, print_views, user_text
    from intlscore.rules import Rules
    from intlscore.session.deal import score_deal

    console = console or make_console(sys.stderr)
    ask = _Prompter(console)
    console.print(
        user_text(
            f"Enter the deal for {', '.join(players)} (Ctrl-D to stop;"
            " nothing is stored until you confirm)."
        )
    )
    kind = ask.ask(
        "How did the deal end? (open, foot, closed, none):",
        lambda text: choose(text, KINDS, "how the deal ended"),
    )
    deal: dict[str, Any] = {"kind": kind, "winner": None, "racks": [], "not_melded": []}
    if kind != "none":
        deal["winner"] = ask.ask(
            f"Who won? ({', '.join(players)}):", lambda text: choose(text, players, "the winner")
        )
    if kind == "closed":
        deal.update(_closed_hand(ask, deal["winner"], table if isinstance(table, Rules) else None))
    elif kind != "none" and ask.yes(f"Was {deal['winner']}'s final discard a joker?"):
        deal["discard"] = "*"
    known = [deal.get("closed"), deal.get("discard")]
    so_far = [tile for text in known if text for tile in parse_tiles(text)]
    for name in players:
        if name == deal["winner"]:
            continue

        rack = ask.ask(
            f"{name}'s rack (the tiles left, or - if {name} had not melded):",
            _unless("-", tiles_check(f"{name}'s rack", so_far)),
        )
        if rack is None:
            deal["not_melded"].append(name)
        else:
            deal["racks"].append((name, " ".join(str(tile) for tile in rack)))
            so_far += rack
    deals = table.deals if isinstance(table, Rules) else table
    if deals.trump_bonus_enabled:
        trump = ask.ask(
            "The trump tile (Enter if none):",
            _unless("", tiles_check("the trump", so_far, sizes=(1,))),
        )
        deal["trump"] = None if trump is None else str(trump[0])
    result = score_deal(players, **_scored_with(table), **deal)
    print_views(deal_view(result), console=console)
    if not ask.yes("Store this deal?", default=True):
        raise DealNotConfirmed("deal not confirmed: nothing stored")
    return deal
