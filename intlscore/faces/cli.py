"""The ``intlscore`` command line.

Every sub-command lives in its own module, ``intlscore.faces.commands.<name>``,
which exposes ``add_parser(subparsers)``; the parser it adds sets ``run``, a
function ``(argparse.Namespace) -> int``. :data:`COMMANDS` lists them with a
one-line summary: adding a command is one line there.

Start-up stays light: only the chosen command's module is imported to build
its parser; the others appear in ``intlscore --help`` through their summaries.

Every error is one line on stderr, never a traceback: the errors intlscore raises
on purpose (:class:`IntlscoreError`, exit status 2 for bad input, 75 when the
ledger is busy and the same command may simply be run again) and the usage
errors of the parser (status 2), which name the sub-command and, where a flag
or command is close, add a hint.

>>> parse(["score", "r1-13", "k1", "--discard", "*"]).discard
'*'
>>> parse(["deal", "--winer", "ann"])
Traceback (most recent call last):
...
intlscore.errors.UsageError: intlscore deal: error: unrecognized arguments: --winer ann; did you mean `--winner`?
>>> parse(["scor"])
Traceback (most recent call last):
...
intlscore.errors.UsageError: intlscore: error: argument COMMAND: invalid choice 'scor' ...; did you mean `score`?
"""  # noqa: E501

from __future__ import annotations

import argparse
import gc
import importlib
import os
import re
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any, Final, NoReturn

from intlscore.errors import SHOWN_LENGTH, IntlscoreError, UsageError, quoted

COMMANDS: Final[dict[str, str]] = {
    "score": "score a closed hand: 14 tiles and --discard, or 15 tiles",
    "table": "list the closed-hand types with their scores",
    "reach": "how far a hand is from every closed-hand type, and what to draw",
    "odds": "the chance of each type within N draws, and the best discard for 15 tiles",
    "simulate": "deal many random hands: how often each type is dealt or formed within k draws",
    "deal": "score one deal: every player's delta",
    "session": "keep a session in the ledger: new, deal, amend, undo, show, settle, check, ...",
    "settle": "settle totals: who pays whom, each player's net, the fewest transfers",
    "players": "every player of the ledger: the sessions and deals each one played",
    "player": "change a player: rename OLD NEW renames them in every session, in one transaction",
    "stats": "statistics across sessions: wins, closed hands, averages, streaks, money",
    "standings": "the season table: by total score, by money, or by a skill rating (openskill)",
    "night": "a tournament night: tables of 3 and 4, rounds without repeat meetings, standings",
    "backup": "copy the ledger to FILE (or to a new dated file beside it), checked before kept",
    "restore": "restore the ledger from a backup FILE, refused unless it passes every check",
    "export": "the whole ledger as JSON: every session, every deal with its versions and rules",
    "import": "store a ledger exported as JSON in an empty ledger",
    "serve": "serve the scorer and the sessions as a page for every player's phone",
    "completion": "print a shell completion script (bash, zsh or fish)",
}
"""Every sub-command and its one-line summary, in the order ``--help`` lists them.

The command ``name`` is built by ``intlscore.faces.commands.<name>.add_parser``.
"""

PROG: Final = "intlscore"
DESCRIPTION: Final = "Score International Rummikub closed hands, deals and sessions."


class _Exit(Exception):
    """``--help`` or ``--version`` has printed its answer; end with ``status``."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """``"; did you mean `X`?"`` for the closest candidate, or ``""`` if none is close.

    >>> did_you_mean("--winer", ["--winner", "--open", "--help"])
    '; did you mean `--winner`?'
    >>> did_you_mean("--zzz", ["--winner"])
    ''
    """
    import difflib  # only when there is an error to explain

    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f"; did you mean `{close[0]}`?" if close else ""


_LONG_WORD: Final = re.compile(r"\S{61,}")


def cut_long_words(text: str) -> str:
    """``text`` with each word of over 60 characters cut short (a usage error quotes the
    user's words, and one may be thousands of characters long).

    >>> cut_long_words("unrecognized arguments: --" + "9" * 5000)
    'unrecognized arguments: --999999999999999999... (5002 characters)'
    """
    return _LONG_WORD.sub(lambda word: f"{word[0][:20]}... ({len(word[0])} characters)", text)


def one_line(text: str) -> str:
    r"""``text`` with line breaks and other control characters shown escaped.

    >>> one_line("a\nb\x1b[31m c")
    'a\\nb\\x1b[31m c'
    """
    return "".join(
        char.encode("unicode_escape", "backslashreplace").decode("ascii")
        if unicodedata.category(char).startswith("C")
        else char
        for char in text
    )


def shown_value(value: Any) -> str:
    """An option's value as an error quotes it (a list of words joined by spaces).

    >>> shown_value("r5"), shown_value(["ann", "bob"])
    ("'r5'", "'ann bob'")
    """
    words = value if isinstance(value, list) else [value]
    return quoted(" ".join(str(word) for word in words))


class _StoreOnce(argparse._StoreAction):
    """``store``, for an option that takes one value: given a second time, it is refused
    (argparse would silently keep the last one), naming the option and both values.

    >>> parser = Parser(prog="intlscore score")
    >>> _ = parser.add_argument("--discard")
    >>> parser.parse_args(["--discard", "r5"]).discard
    'r5'
    >>> parser.parse_args(["--discard", "r5", "--discard=k3"])
    Traceback (most recent call last):
    ...
    intlscore.errors.UsageError: intlscore score: error: argument --discard: given twice ('r5', then 'k3'); give it once
    """  # noqa: E501

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        if self.option_strings:  # a positional is read once anyway
            given: set[str] | None = getattr(namespace, GIVEN, None)
            if given is None:
                given = set()
                setattr(namespace, GIVEN, given)
            if self.dest in given:
                before = shown_value(getattr(namespace, self.dest))
                raise argparse.ArgumentError(
                    self, f"given twice ({before}, then {shown_value(values)}); give it once"
                )
            given.add(self.dest)
        super().__call__(parser, namespace, values, option_string)


GIVEN: Final = "_given_options"
"""The namespace attribute where :class:`_StoreOnce` notes the options already given."""


JOKER_HINT: Final = 'a joker is written *, quote it: "r5 b7 *"'
"""Said when the shell has put the current folder's file names in place of an unquoted
``*`` (a joker)."""

_NOT_A_TILE: Final = re.compile(r"('(?:[^'\\]|\\.)*') is not (?:a tile|one tile|a range)")


def shell_expanded(word: str) -> bool:
    """True when ``word`` may be what the shell put in place of an unquoted ``*``: the
    name of an entry of the current folder (a shell's ``*`` leaves out hidden ones).

    >>> shell_expanded("r5"), shell_expanded("-r"), shell_expanded(".git")
    (False, False, False)
    """
    return (
        bool(word)
        and "/" not in word
        and "\0" not in word
        and not word.startswith((".", "-"))
        and os.path.lexists(word)
    )


def joker_hint(words: Sequence[str], message: str) -> str | None:
    """The one line to say instead of ``message`` (an error about a tile) when the tile
    it names is a file name the shell put in place of an unquoted ``*``; else None.

    >>> import os, tempfile
    >>> here = os.getcwd()
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     os.chdir(folder)
    ...     open("notes.txt", "w").close()
    ...     print(joker_hint(["score", "r5", "notes.txt"], "'notes.txt' is not a tile: ..."))
    ...     print(joker_hint(["score", "r5", "nots.txt"], "'nots.txt' is not a tile: ..."))
    ...     os.chdir(here)
    'notes.txt' is not a tile; a joker is written *, quote it: "r5 b7 *"
    None
    """
    found = _NOT_A_TILE.search(message)
    if found is None:
        return None
    expanded = next((w for w in words if quoted(w) == found[1] and shell_expanded(w)), None)
    return None if expanded is None else f"{quoted(expanded)} is not a tile; {JOKER_HINT}"


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one :class:`UsageError` line, with a hint.

    Every option that takes a value is stored once (:class:`_StoreOnce`): a second
    ``--discard`` is an error, for every command at once, its sub-commands' included.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.register("action", None, _StoreOnce)
        self.register("action", "store", _StoreOnce)
        self.set_defaults(_parser=self)  # the innermost parser of a command line wins

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: error: {cut_long_words(message)}")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            print(one_line(message.rstrip("\n")), file=sys.stderr)
        raise _Exit(status)

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        choices = action.choices
        if choices is not None and value not in choices:
            names = [str(choice) for choice in choices]
            listed = ", ".join(names)
            hint = did_you_mean(str(value), names)
            raise argparse.ArgumentError(
                action, f"invalid choice {quoted(str(value))} (choose from {listed}){hint}"
            )

    def option_strings(self) -> list[str]:
        """Every flag this parser knows (``--winner``, ``-h``, ...)."""
        return [option for action in self._actions for option in action.option_strings]

    def unrecognized(self, extras: Sequence[str]) -> UsageError:
        """The error for arguments nobody claimed, with a hint for a mistyped flag (or for
        the file names the shell put in place of an unquoted ``*``)."""
        expanded = next((extra for extra in extras if shell_expanded(extra)), None)
        if expanded is not None:
            return UsageError(f"{self.prog}: error: {quoted(expanded)} is not a tile; {JOKER_HINT}")
        hint = ""
        known = self.option_strings()
        for extra in extras:
            flag = extra.partition("=")[0]
            if flag in known:  # given before the sub-command's name
                command = self.prog.removeprefix(f"{PROG} ")
                hint = f"; write `{flag}` after `{command}`"
            elif extra.startswith("-"):
                hint = did_you_mean(flag, known)
            if hint:
                break
        shown = " ".join(word if len(word) <= SHOWN_LENGTH else quoted(word) for word in extras)
        return UsageError(f"{self.prog}: error: unrecognized arguments: {shown}{hint}")


class _VersionAction(argparse.Action):
    """``--version``: the version and which reach search answers (compiled or Python)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        print(version_line())
        parser.exit()


def version_line() -> str:
    """``intlscore X.Y.Z (reach search: ...)``.

    >>> version_line().startswith("intlscore ")
    True
    """
    from intlscore import __version__
    from intlscore.engine import build

    name = build.current().name
    search = name if name == "compiled" else f"{name} (the compiled search is missing)"
    return f"{PROG} {__version__} (reach search: {search})"


def build_parser(commands: Iterable[str] | None = None, *, list_others: bool = True) -> Parser:
    """The argument parser; ``commands`` (default: all) get their full sub-parser.

    Any other command is listed by its summary only, so that ``--help`` names
    every command while only the modules of ``commands`` are imported. Without
    ``list_others`` the other commands are left out altogether.
    """
    wanted = set(COMMANDS if commands is None else commands)
    parser = Parser(prog=PROG, description=DESCRIPTION)
    parser.add_argument("--version", action=_VersionAction)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, summary in COMMANDS.items():
        if name in wanted:
            module = importlib.import_module(f"intlscore.faces.commands.{name}")
            module.add_parser(subparsers)
        elif list_others:
            subparsers.add_parser(name, help=summary, add_help=False)
    return parser


def chosen_command(argv: Sequence[str]) -> str | None:
    """The sub-command a command line asks for (its first word that is not a flag).

    >>> chosen_command(["--help"]), chosen_command(["score", "r1"]), chosen_command(["x"])
    (None, 'score', None)
    """
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def check_text(argv: Sequence[str]) -> None:
    r"""Refuse an argument that is not text: bytes that are not UTF-8 reach Python as
    lone surrogates, which no file, database or terminal can take.

    >>> check_text(["score", "r1"])
    >>> check_text(["session", "show", "caf\udce9"])
    Traceback (most recent call last):
    ...
    intlscore.errors.UsageError: intlscore: error: argument 3 'caf\udce9' is not valid text ...
    """
    for place, word in enumerate(argv, start=1):
        try:
            word.encode("utf-8")
        except UnicodeEncodeError:
            raise UsageError(
                f"{PROG}: error: argument {place} {quoted(word)} is not valid text (not UTF-8)"
            ) from None


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """Parse a command line; :class:`UsageError` if it is refused.

    ``--help`` and ``--version`` print and raise the internal ``_Exit``.
    """
    command = chosen_command(argv)
    # Once a command is chosen, nothing shows the list of commands (its help and
    # its errors are its own), so the other commands' parsers are not built.
    parser = build_parser([] if command is None else [command], list_others=command is None)
    args, extras = parser.parse_known_args(argv)
    if extras:
        innermost: Parser = getattr(args, "_parser", parser)
        raise innermost.unrecognized(extras)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0 ok, 2 bad input, 75 busy: try again).

    With no command, it prints the help (the list of commands) and returns 0.
    ``argv`` defaults to the program's own arguments (``sys.argv[1:]``).
    """
    status = _main(list(sys.argv[1:] if argv is None else argv))
    if argv is None:
        # Run as the program, which ends right after this: frozen, the objects still
        # alive are skipped by the interpreter's final garbage collections, which
        # otherwise take 15-35 ms of a run here. Files and the ledger are closed already.
        gc.freeze()
    return status


def _main(words: list[str]) -> int:
    try:
        check_text(words)
        args = parse(words)
    except _Exit as done:
        return done.status
    except UsageError as error:
        print(one_line(str(error)), file=sys.stderr)
        return 2
    if args.command is None:
        build_parser([]).print_help()
        return 0
    try:
        status: int = args.run(args)
        sys.stdout.flush()  # a write that fails must fail here, not at exit
        for note in getattr(args, "notes", ()):  # e.g. a deprecated option; only on success
            print(one_line(note), file=sys.stderr)
    except IntlscoreError as error:  # its class says the status: 2 for bad input
        message = joker_hint(words, str(error)) or str(error)
        print(f"{PROG}: error: {one_line(message)}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt as stop:  # Ctrl-C: 130, as a shell says of SIGINT (128 + 2)
        said = str(stop)  # guided entry says "interrupted: nothing stored", its line ended
        if not said and sys.stderr.isatty():
            print(file=sys.stderr)  # not on the line where the terminal shows ^C
        print(f"{PROG}: {one_line(said or 'interrupted')}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as error:  # the output cannot be written (a full disk, a closed terminal)
        reason = error.strerror or str(error)
        where = "cannot write the output" if error.filename is None else str(error.filename)
        print(f"{PROG}: error: {one_line(f'{where}: {reason}')}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
