"""``intlscore completion SHELL``: a tab-completion script for bash, zsh or fish.

The script comes from `shtab <https://github.com/iterative/shtab>`_, which reads
the full argument parser, so every command and flag completes, including those
added later. Install it, for example, with::

    intlscore completion bash > ~/.local/share/bash-completion/completions/intlscore
    intlscore completion zsh > ~/.zfunc/_intlscore   # a folder on $fpath
    intlscore completion fish > ~/.config/fish/completions/intlscore.fish

Session and player names complete too: an argument marked with :func:`complete_sessions`
or :func:`complete_players` (a plain attribute, so that no command but this one imports
shtab) runs ``intlscore completion --sessions`` or ``--players`` when Tab is pressed,
which print the names of the ledger (``$INTLSCORE_DB`` or the default one), one a line.

>>> parser = argparse.ArgumentParser()
>>> complete_players(parser.add_argument("--winner")).completes
'players'
"""

from __future__ import annotations

import argparse
from typing import Final

HELP = "print a shell completion script (bash, zsh or fish)"
SHELLS = ("bash", "zsh", "fish")
NAMES: Final = {
    "sessions": "intlscore completion --sessions 2>/dev/null",
    "players": "intlscore completion --players 2>/dev/null",
}
"""What the shell runs to list the names an argument completes to."""


def complete_sessions(action: argparse.Action) -> argparse.Action:
    """Mark an argument as a session's name (Tab offers the ledger's sessions)."""
    action.completes = "sessions"  # type: ignore[attr-defined]
    return action


def complete_players(action: argparse.Action) -> argparse.Action:
    """Mark an argument as a player's name (Tab offers the players of the session in play,
    or else of the whole ledger)."""
    action.completes = "players"  # type: ignore[attr-defined]
    return action


def _marked(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """Every marked argument of ``parser`` and of its sub-commands."""
    found: list[argparse.Action] = []
    for action in parser._actions:
        if getattr(action, "completes", None) in NAMES:
            found.append(action)
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                found += _marked(sub)
    return found


def print_names(kind: str) -> None:
    """The session names of the ledger, or the players of the session in play (else of
    every session), one a line; nothing when there is no ledger."""
    from intlscore.errors import LedgerError
    from intlscore.session.in_play import choose_session, read_in_play
    from intlscore.session.ledger import Ledger

    with Ledger() as ledger:
        names = ledger.session_names()
        shown = names
        if kind == "players":
            try:
                shown = list(ledger.session(choose_session(read_in_play(ledger), names)).players)
            except LedgerError:  # no session in play: every player of the ledger
                from intlscore.session.club.players import list_players

                shown = [player.name for player in list_players(ledger)]
    for name in shown:
        print(name)


def run(args: argparse.Namespace) -> int:
    """Print the completion script of the whole ``intlscore`` parser for one shell."""
    if args.names is not None:
        print_names(args.names)
        return 0
    if args.shell is None:
        from intlscore.errors import IntlscoreError

        raise IntlscoreError("name the shell: intlscore completion bash (or zsh, fish)")
    import shtab

    from intlscore.faces.cli import PROG, build_parser

    parser = build_parser()
    for action in _marked(parser):
        action.complete = shtab.cmd(NAMES[action.completes])  # type: ignore[attr-defined]
    print(shtab.complete(parser, shell=args.shell, root_prefix=PROG))
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``completion`` to the ``intlscore`` sub-commands."""
    parser = subparsers.add_parser(
        "completion",
        help=HELP,
        description=HELP[0].upper() + HELP[1:] + ".",
        epilog="example: intlscore completion bash"
        " > ~/.local/share/bash-completion/completions/intlscore",
    )
    parser.add_argument("shell", nargs="?", choices=SHELLS, help="the shell: bash, zsh or fish")
    names = parser.add_mutually_exclusive_group()
    names.add_argument(
        "--sessions",
        dest="names",
        action="store_const",
        const="sessions",
        help="print the ledger's session names, one a line (what the script offers)",
    )
    names.add_argument(
        "--players",
        dest="names",
        action="store_const",
        const="players",
        help="print the players of the session in play (else of every session), one a line",
    )
    parser.set_defaults(run=run, names=None)
