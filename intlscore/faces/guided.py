"""Guided deal entry: ``intlscore session deal NAME`` at a terminal asks for the deal in turn.

When ``session deal`` (or ``session amend N``) runs with stdin at a terminal and none
of the deal's arguments, :func:`ask_deal` asks (an amendment proposes the old answers):

1. how the deal ended (open, foot, closed, none) and who won;
2. for a closed win, the winner's tiles, the discard when 14 are given (R12,
   R13), and whether the win came on the first turn (types 39 and 40); for an
   open or foot win, whether the final discard was a joker (R12);
3. each loser's rack: the tiles, the counted points (``42``, ``42+1j`` with a joker),
   or ``-`` for a loser who had not melded (R15, R16);
4. the trump, when the session's house rules score it (R18).

Each answer is checked as it is typed: a bad tile, a third copy (R3) or a
closed hand that fits no type is asked again with the reason. The scored deal
is then shown, and it is stored only when the player confirms it. Prompts go to
the terminal (stderr when stdout is not one), so ``--json`` output stays one object.

This module reads no command-line argument but the check :func:`wants_prompts`; the
commands (:mod:`intlscore.faces.commands.deal`) call it, never the reverse.

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
import functools
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from intlscore.errors import DealError, DealNotConfirmed, IntlscoreError

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console

    from intlscore.engine.tiles import Tile
    from intlscore.rules import Rules
    from intlscore.rules.deal_table import DealTable
    from intlscore.session.deal import DealInput

__all__ = [
    "DEAL_OPTIONS",
    "KINDS",
    "DealNotConfirmed",
    "ask_deal",
    "choose",
    "rack_check",
    "scored_with",
    "third_copies",
    "tiles_check",
    "wants_prompts",
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


def wants_prompts(args: argparse.Namespace, stdin: Any = None) -> bool:
    """True when no deal argument was given and stdin is a terminal."""
    stdin = sys.stdin if stdin is None else stdin
    given = any(getattr(args, name, None) for name in DEAL_OPTIONS)
    return not given and bool(stdin is not None and stdin.isatty())


def scored_with(table: DealTable | Rules) -> dict[str, Any]:
    """``score_deal``'s keyword for a session's deal table or its whole rules."""
    from intlscore.rules import Rules

    return {"rules": table} if isinstance(table, Rules) else {"table": table}


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
    """Asks on the terminal and re-asks until the answer passes its check.

    Where Python has :mod:`readline` and both stdin and stdout are a terminal, an answer
    is typed with line editing (arrows, Home, End), Tab completes it (a player's name, how
    the deal ended, a tile's notation: ``r1`` Tab offers ``r1 r10 r11 r12 r13``), and the
    answers given so far (and in earlier runs, see :func:`history_file`) come back with the
    up arrow; a proposed answer (the old one, when a deal is amended) is already typed in,
    to keep with Enter or edit. Elsewhere the prompt goes to the console (stderr) and a
    proposed answer is shown in brackets, kept by an empty answer.

    A question wider than the terminal is wrapped at word boundaries (:func:`prompt_lines`);
    Ctrl-C ends the line first and leaves with ``intlscore: interrupted: nothing stored``.
    """

    def __init__(self, console: Console) -> None:
        self.console = console
        self.readline = _line_editing()

    def ask(
        self,
        question: str,
        check: Callable[[str], T],
        proposed: str | None = None,
        *,
        words: Sequence[str] = (),
        whole: bool = False,
    ) -> T:
        """``check(answer)`` of the first answer it accepts; ``words`` are what Tab
        completes, each word of the answer (or, ``whole``, the answer as one)."""
        from rich.text import Text

        while True:
            try:
                answer = self._line(question, proposed, words, whole)
            except EOFError:
                raise DealNotConfirmed("input closed: nothing stored") from None
            except KeyboardInterrupt:
                raise KeyboardInterrupt("interrupted: nothing stored") from None
            try:
                return check(answer)
            except (IntlscoreError, ValueError) as error:
                self.console.print(Text(f"  {error}; try again", style="red"))

    def _line(self, question: str, proposed: str | None, words: Sequence[str], whole: bool) -> str:
        """One answer, with line editing where there is readline."""
        from rich.text import Text

        readline = self.readline
        if readline is None:
            shown = question if proposed is None else f"{question} [{proposed}]"
            *above, last = prompt_lines(shown, self.console.width)
            for line in above:
                self.console.print(Text(line, style="bold"))
            try:
                answer = self.console.input(Text(f"{last} ", style="bold"))
            except KeyboardInterrupt:
                self.console.print()  # the answer's line ends before the message
                raise
            return proposed if proposed is not None and not answer.strip() else answer
        if proposed is not None:
            readline.set_startup_hook(lambda: readline.insert_text(proposed))
        readline.set_completer(completer(words))
        readline.set_completer_delims("" if whole else " \t")
        try:
            import shutil  # readline writes to stdout (a terminal): its width, not stderr's

            lines = prompt_lines(question, shutil.get_terminal_size().columns)
            bold = self.console.color_system is not None and not self.console.no_color
            # \001 and \002 tell readline that the escapes between them take no columns;
            # readline shows the lines before the last once, and redraws only the last one
            # (all of it is readline's, so keys typed early are never echoed as ^[[D)
            styled = [f"\001\x1b[1m\002{line}\001\x1b[0m\002" if bold else line for line in lines]
            prompt = "\n".join(styled) + " "
            try:
                return input(prompt)
            except KeyboardInterrupt:
                print(flush=True)  # readline leaves the cursor on the prompt's line
                raise
        finally:
            readline.set_startup_hook(None)
            readline.set_completer(None)

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

        return self.ask(f"{question} {hint}", check, words=("yes", "no"), whole=True)

    def close(self) -> None:
        """Keep the answers for the next run's up arrow (quietly skipped if it fails)."""
        if self.readline is not None:
            path = history_file()
            if path is not None:
                with contextlib.suppress(OSError):
                    path.parent.mkdir(parents=True, exist_ok=True)
                    self.readline.set_history_length(HISTORY_LENGTH)
                    self.readline.write_history_file(str(path))


ANSWER_ROOM = 4
"""Columns a question's last line leaves for the answer, when the terminal allows."""


def prompt_lines(question: str, width: int) -> list[str]:
    """``question`` wrapped at word boundaries to ``width`` columns (never under 20), its
    last line leaving :data:`ANSWER_ROOM` columns for the answer typed after it.

    >>> prompt_lines("How did the deal end? (open, foot, closed, none):", 40)
    ['How did the deal end? (open, foot,', 'closed, none):']
    >>> prompt_lines("Who won? (ann, bob):", 80)
    ['Who won? (ann, bob):']
    """
    import textwrap

    width = max(width, 20)
    lines = textwrap.wrap(question, width, break_on_hyphens=False) or [""]
    if len(lines[-1]) > width - ANSWER_ROOM:
        lines[-1:] = textwrap.wrap(lines[-1], width - ANSWER_ROOM, break_on_hyphens=False)
    return lines


@functools.cache
def tile_words() -> tuple[str, ...]:
    """What Tab completes where tiles are typed: every tile's notation, by colour.

    >>> tile_words()[:3], tile_words()[-2:], len(tile_words())
    (('k1', 'k2', 'k3'), ('o13', '*'), 53)
    """
    from intlscore.engine.tiles import COLOUR_LETTERS, NUMBERS

    return (*(f"{c}{n}" for c in COLOUR_LETTERS for n in NUMBERS), "*")


def completer(words: Sequence[str]) -> Callable[[str, int], str | None]:
    """A :mod:`readline` completer offering the ``words`` that start with the text typed
    (ignoring case).

    >>> complete = completer(tile_words())
    >>> [complete("R1", state) for state in range(6)]
    ['r1', 'r10', 'r11', 'r12', 'r13', None]
    >>> completer(["ann", "Bob"])("b", 0)
    'Bob'
    """

    def complete(text: str, state: int) -> str | None:
        folded = text.casefold()
        found = [word for word in words if word.casefold().startswith(folded)]
        return found[state] if state < len(found) else None

    return complete


HISTORY_ENV = "INTLSCORE_HISTORY"
"""The file guided entry keeps its answers in; empty: keep none."""
HISTORY_LENGTH = 500


def history_file() -> Path | None:
    """``$INTLSCORE_HISTORY``, else ``guided-history`` in the user's state folder; None when
    the variable is set empty."""
    from pathlib import Path

    given = os.environ.get(HISTORY_ENV)
    if given is not None:
        return Path(given) if given.strip() else None
    from platformdirs import user_state_dir

    return Path(user_state_dir("intlscore", appauthor=False)) / "guided-history"


def _line_editing() -> Any:
    """The :mod:`readline` module with the earlier answers loaded, where it can edit this
    terminal's lines (stdin and stdout a terminal); else None."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return None
    try:
        import readline
    except ImportError:  # Windows without pyreadline: plain input
        return None
    path = history_file()
    if path is not None:
        with contextlib.suppress(OSError):
            readline.read_history_file(str(path))
    if "libedit" in (readline.__doc__ or ""):  # macOS's readline speaks another language
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return readline


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


def rack_check(
    name: str, elsewhere: Sequence[Tile]
) -> Callable[[str], tuple[str, list[Tile]] | None]:
    """A check for a loser's rack: ``-`` (not melded, None), the counted points (``42``,
    ``42+1j``; R15), or tiles; the answer as it will be stored and the tiles it holds.

    >>> check = rack_check("bob", [])
    >>> check("-") is None, check("42+1j")[0], check("R5  b7")[0]
    (True, '42+1j', 'r5 b7')
    >>> check("42x")
    Traceback (most recent call last):
    ...
    intlscore.errors.DealError: bob's rack '42x': write the tiles (like r5 b7 *) or the counted points (like 42, or 42+1j with one joker)
    """  # noqa: E501
    from intlscore.session.deal import counted_rack

    tiles = tiles_check(f"{name}'s rack", elsewhere)

    def check(text: str) -> tuple[str, list[Tile]] | None:
        if text.strip() == "-":
            return None
        count = counted_rack(text, f"{name}'s rack")
        if count is None:
            parsed = tiles(text)
            return " ".join(str(tile) for tile in parsed), parsed
        from intlscore.engine.tiles import Tile

        jokers = [Tile.joker()] * count.jokers
        problem = third_copies(jokers, elsewhere)
        if problem:
            raise DealError(problem)
        return str(count), jokers

    return check


def _closed_hand(
    ask: _Prompter, winner: str, rules: Rules | None, proposed: DealInput | None
) -> dict[str, Any]:
    """The winner's closed hand: tiles, discard (asked when 14 are given), first turn;
    checked under the session's ``rules`` (so a house type counts)."""
    from intlscore.engine.notation import format_tiles
    from intlscore.engine.scoring import score_hand
    from intlscore.faces.render.output import user_text

    old = proposed if proposed is not None and proposed.kind == "closed" else None
    while True:
        tiles = ask.ask(
            f"{winner}'s closed hand (14 tiles, or 15 to find the best discard):",
            tiles_check(f"{winner}'s closed hand", (), sizes=(14, 15)),
            None if old is None else old.closed,
            words=tile_words(),
        )
        discard: Tile | None = None
        if len(tiles) == 14:
            discard = ask.ask(
                f"{winner}'s final discard (a tile, * for a joker):",
                tiles_check("the discard", tiles, sizes=(1,)),
                None if old is None else old.discard,
                words=tile_words(),
            )[0]
        first_turn = ask.yes(
            f"Did {winner} win on the first turn?", old is not None and old.first_turn
        )
        original_hand = starting_player = False
        if first_turn:
            original_hand = ask.yes(
                f"With the 14 tiles {winner} was dealt?", old is not None and old.original_hand
            )
            starting_player = ask.yes(
                f"Is {winner} the starting player?", old is not None and old.starting_player
            )
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


def _proposed_rack(proposed: DealInput | None, name: str) -> str | None:
    """The old answer for ``name``'s rack: the rack as typed, ``-`` if not melded."""
    if proposed is None:
        return None
    for given, text in proposed.racks:
        if given.casefold() == name.casefold():
            return text
    if any(given.casefold() == name.casefold() for given in proposed.not_melded):
        return "-"
    return None


def _proposed_winner(proposed: DealInput | None, players: Sequence[str]) -> str | None:
    if proposed is None or proposed.winner is None:
        return None
    return next((p for p in players if p.casefold() == proposed.winner.casefold()), None)


def ask_deal(
    players: Sequence[str],
    table: DealTable | Rules,
    console: Console | None = None,
    *,
    proposed: DealInput | None = None,
) -> dict[str, Any]:
    """Ask for one deal at the terminal; the keyword arguments of ``score_deal`` once confirmed.

    ``proposed`` (the deal being amended) gives every question its old answer, kept with
    Enter. Raises :class:`DealNotConfirmed` when the player says no (or input ends).
    """
    from intlscore.faces.render.output import make_console

    ask = _Prompter(console or make_console(sys.stderr))
    try:
        return _ask_deal(ask, players, table, proposed)
    finally:
        ask.close()


def _ask_deal(
    ask: _Prompter, players: Sequence[str], table: DealTable | Rules, proposed: DealInput | None
) -> dict[str, Any]:
    from intlscore.engine.notation import parse_tiles
    from intlscore.faces.render.deal_view import deal_view
    from intlscore.faces.render.output import print_views, user_text
    from intlscore.rules import Rules
    from intlscore.session.deal import score_deal

    console = ask.console
    what = "the deal" if proposed is None else "the deal again (Enter keeps an old answer)"
    console.print(
        user_text(
            f"Enter {what} for {', '.join(players)} (Ctrl-D to stop;"
            " nothing is stored until you confirm)."
        )
    )
    kind = ask.ask(
        "How did the deal end? (open, foot, closed, none):",
        lambda text: choose(text, KINDS, "how the deal ended"),
        None if proposed is None else proposed.kind,
        words=KINDS,
        whole=True,
    )
    deal: dict[str, Any] = {"kind": kind, "winner": None, "racks": [], "not_melded": []}
    if kind != "none":
        deal["winner"] = ask.ask(
            f"Who won? ({', '.join(players)}):",
            lambda text: choose(text, players, "the winner"),
            _proposed_winner(proposed, players),
            words=players,
            whole=True,
        )
    if kind == "closed":
        rules = table if isinstance(table, Rules) else None
        deal.update(_closed_hand(ask, deal["winner"], rules, proposed))
    elif kind != "none":
        was_joker = proposed is not None and proposed.discard in ("*", "j", "jk", "joker")
        if ask.yes(f"Was {deal['winner']}'s final discard a joker?", was_joker):
            deal["discard"] = "*"
    known = [deal.get("closed"), deal.get("discard")]
    so_far = [tile for text in known if text for tile in parse_tiles(text)]
    for name in players:
        if name == deal["winner"]:
            continue
        rack = ask.ask(
            f"{name}'s rack (the tiles left, or their points like 42, or - if {name} had not"
            " melded):",
            rack_check(name, so_far),
            _proposed_rack(proposed, name),
            words=tile_words(),
        )
        if rack is None:
            deal["not_melded"].append(name)
        else:
            deal["racks"].append((name, rack[0]))
            so_far += rack[1]
    deals = table.deals if isinstance(table, Rules) else table
    if deals.trump_bonus_enabled:
        trump = ask.ask(
            "The trump tile (Enter if none):",
            _unless("", tiles_check("the trump", so_far, sizes=(1,))),
            None if proposed is None else proposed.trump,
            words=tile_words(),
        )
        deal["trump"] = None if trump is None else str(trump[0])
    result = score_deal(players, **scored_with(table), **deal)
    print_views(deal_view(result), console=console)
    if not ask.yes("Store this deal?", default=True):
        raise DealNotConfirmed("deal not confirmed: nothing stored")
    return deal
