"""``intlscore completion SHELL``: a tab-completion script for bash, zsh or fish.

The script comes from `shtab <https://github.com/iterative/shtab>`_, which reads
the full argument parser, so every command and flag completes, including those
added later. Install it, for example, with::

    intlscore completion bash > ~/.local/share/bash-completion/completions/intlscore
    intlscore completion zsh > ~/.zfunc/_intlscore   # a folder on $fpath
    intlscore completion fish > ~/.config/fish/completions/intlscore.fish
"""

from __future__ import annotations

import argparse

HELP = "print a shell completion script (bash, zsh or fish)"
SHELLS = ("bash", "zsh", "fish")


def run(args: argparse.Namespace) -> int:
    """Print the completion script of the whole ``intlscore`` parser for one shell."""
    import shtab

    from intlscore.faces.cli import PROG, build_parser

    print(shtab.complete(build_parser(), shell=args.shell, root_prefix=PROG))
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
    parser.add_argument("shell", choices=SHELLS, help="the shell: bash, zsh or fish")
    parser.set_defaults(run=run)
