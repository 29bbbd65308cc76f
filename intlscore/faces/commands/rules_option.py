"""``--rules FILE`` (and the deprecated ``--table`` / ``--deal-table``) for every command.

A command adds the options with :func:`add_rules_argument` and turns them into
a :class:`~intlscore.rules.Rules` with :func:`rules_from_arguments`. The older
options still work for one release; each adds a one-line note to ``args.notes``,
which the CLI prints on stderr once the command has succeeded (an error stays
one line).

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_rules_argument(parser, table=True)
>>> rules_from_arguments(parser.parse_args([])).name
'international'
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from intlscore.rules import Rules

RULES_HELP: Final = (
    'a rules file (TOML; e.g. extends = "international" and your changes; see'
    " docs/rules-files.md) instead of the shipped rules"
)
DEPRECATED: Final = "intlscore: note: {option} is deprecated (removed after 0.2); use --rules FILE"


def add_rules_argument(
    parser: argparse.ArgumentParser, *, table: bool = False, deal_table: bool = False
) -> None:
    """``--rules FILE``; with ``table`` / ``deal_table`` also the deprecated aliases."""
    parser.add_argument("--rules", metavar="FILE", help=RULES_HELP)
    if table:
        # deprecated: kept for one release, no longer shown in --help (docs/rules-files.md)
        parser.add_argument("--table", metavar="FILE", help=argparse.SUPPRESS)
    if deal_table:
        parser.add_argument("--deal-table", metavar="FILE", help=argparse.SUPPRESS)


def rules_from_arguments(args: argparse.Namespace) -> Rules:
    """The rules of ``--rules`` (the shipped ones by default), with the older options applied.

    ``--table FILE`` replaces the closed-hand types and ``--deal-table FILE`` the deal
    numbers, as before rules files; neither may be combined with ``--rules``.
    """
    from intlscore.errors import RulesError
    from intlscore.rules import default_rules, load_rules

    path = getattr(args, "rules", None)
    table = getattr(args, "table", None)
    deal_table = getattr(args, "deal_table", None)
    if path is not None and (table is not None or deal_table is not None):
        old = "--table" if table is not None else "--deal-table"
        raise RulesError(f"--rules and {old}: give only --rules ({old} is deprecated)")
    rules = default_rules() if path is None else load_rules(path)
    if table is not None:
        from intlscore.rules.hand_table import load_table

        rules = rules.with_hands(load_table(table))
        name = f"{rules.name} with table {os.path.basename(table)}"
        rules = rules._replace(name=name)
        _note(args, DEPRECATED.format(option="--table"))
    if deal_table is not None:
        from intlscore.rules.deal_table import load_deal_table

        rules = rules.with_deals(load_deal_table(deal_table))
        name = f"{rules.name} with deal table {os.path.basename(deal_table)}"
        rules = rules._replace(name=name)
        _note(args, DEPRECATED.format(option="--deal-table"))
    return rules


def _note(args: argparse.Namespace, note: str) -> None:
    notes = getattr(args, "notes", None)
    if notes is None:
        notes = args.notes = []
    if note not in notes:
        notes.append(note)
