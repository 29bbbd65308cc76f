"""``intlscore settle``: settle a session from its totals (R19), without a ledger."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from intlscore.errors import quoted
from intlscore.faces.commands.common import sentence, whole_number
from intlscore.faces.commands.deal import add_json_argument, print_document, print_rich

if TYPE_CHECKING:
    from intlscore.session.settlement import Settlement

HELP = "settle totals: who pays whom, each player's net, the fewest transfers (R19)"


def parse_totals(items: list[str]) -> dict[str, int]:
    """``["ann=1200", "bob=-300"]`` as ``{"ann": 1200, "bob": -300}``; clear errors otherwise.

    >>> parse_totals(["ann=1200", "bob=-300"])
    {'ann': 1200, 'bob': -300}
    >>> parse_totals(["ann"])
    Traceback (most recent call last):
    ...
    intlscore.errors.SettlementError: 'ann': write NAME=TOTAL, like ann=1200
    """
    from intlscore.errors import SettlementError
    from intlscore.session.settlement import MAX_TOTAL

    totals: dict[str, int] = {}
    for item in items:
        name, equals, value = item.partition("=")
        name = name.strip()
        if not equals or not name:
            raise SettlementError(f"{quoted(item)}: write NAME=TOTAL, like ann=1200")
        if name in totals:
            raise SettlementError(f"player {quoted(name)} is named twice")
        total = whole_number(
            value,
            f"player {quoted(name)}: total",
            SettlementError,
            minimum=-MAX_TOTAL,
            maximum=MAX_TOTAL,
            example=1200,
        )
        totals[name] = total
    return totals


def add_money_arguments(parser: argparse.ArgumentParser, *, stake_required: bool = True) -> None:
    """``--stake`` and ``--unit`` (shared with ``session settle``, where the stake may be the
    session's own)."""
    parser.add_argument(
        "--stake",
        required=stake_required,
        metavar="AMOUNT",
        help="money per point, e.g. 0.05"
        + (
            ""
            if stake_required
            else " (default: the session's stake; the first settlement keeps the one given)"
        ),
    )
    parser.add_argument(
        "--unit",
        default="0.01",
        metavar="AMOUNT",
        help="smallest unit of the currency; each payment between two players is rounded to"
        " it, an exact half to the even amount (default 0.01)",
    )


def show(
    settlement: Settlement, as_json: bool, rules: str | None = None, stake_note: str = ""
) -> None:
    """Print a settlement as JSON (with the name of the rules, if given) or the rich view
    (``stake_note`` says where the stake comes from)."""
    if as_json:
        print_document("settle", settlement.to_dict() | ({} if rules is None else {"rules": rules}))
    else:
        from intlscore.faces.render.settle_view import settlement_view

        print_rich(settlement_view(settlement, stake_note))


def run(args: argparse.Namespace) -> int:
    from intlscore.faces.commands.rules_option import rules_from_arguments
    from intlscore.session.settlement import settle

    # R19 uses no number of the rules; the file is still checked and named in the JSON.
    rules = rules_from_arguments(args)
    show(settle(parse_totals(args.totals), args.stake, args.unit), args.json, rules.name)
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "settle",
        help=HELP,
        description=sentence(HELP),
        epilog="example: intlscore settle --stake 0.05 ann=1200 bob=-300 cat=100 dan=-1000",
    )
    parser.add_argument("totals", nargs="+", metavar="NAME=TOTAL", help="each player's total")
    add_money_arguments(parser)
    from intlscore.faces.commands.rules_option import add_rules_argument

    add_rules_argument(parser)
    add_json_argument(parser)
    parser.set_defaults(run=run)
