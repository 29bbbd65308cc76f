"""The rich view of a settlement: the fewest transfers first with one line saying why,
then the nets and the pairwise payments.

>>> from rich.console import Console
>>> from intlscore.session.settlement import settle
>>> console = Console(width=100, color_system=None)
>>> with console.capture() as capture:
...     console.print(settlement_view(settle({"ann": 30, "bob": -10}, "0.5")))
>>> print(capture.get().splitlines()[-1])
bob pays ann │  20.00
"""

from __future__ import annotations

from decimal import Decimal

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from intlscore.faces.render.layout import Fitted, Stacked
from intlscore.faces.render.output import user_text
from intlscore.session.settlement import Payment, Settlement

__all__ = ["settlement_view", "why_line"]


def _average(totals: dict[str, int]) -> str:
    """The average total, signed, to at most two decimals.

    >>> _average({"ann": 33, "bob": 63}), _average({"a": 1, "b": 0, "c": 0})
    ('+48', '+0.33')
    """
    mean = (Decimal(sum(totals.values())) / len(totals)).quantize(Decimal("0.01"))
    text = f"{mean:+f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def why_line(settlement: Settlement) -> str:
    """Why the transfers are what they are, in one plain line (R19): in every pair of
    players the lower total pays the higher the stake times the difference, so what counts
    is a total against the average, and a positive total below the average still pays.

    >>> from intlscore.session.settlement import settle
    >>> why_line(settle({"ann": 33, "bob": 140, "cat": -29}, "0.01"))
    "why (R19): in every pair of players the lower total pays the higher 0.01 x the difference, so a total below the average (+48) pays in all, even a positive one like ann's (+33)"
    >>> why_line(settle({"ann": 30, "bob": -10}, "0.5"))
    'why (R19): in every pair of players the lower total pays the higher 0.5 x the difference, so a total below the average (+10) pays in all and one above it receives'
    """  # noqa: E501
    totals = dict(settlement.totals)
    average = _average(totals)
    line = (
        f"why (R19): in every pair of players the lower total pays the higher {settlement.stake}"
        f" x the difference, so a total below the average ({average}) pays in all"
    )
    whole = sum(totals.values())
    positive = [  # below the average: n x total < the sum of the totals
        f"{name}'s ({total:+d})"
        for name, total in totals.items()
        if total > 0 and total * len(totals) < whole
    ]
    if not positive:
        return line + " and one above it receives"
    return f"{line}, even a positive one like {_and_listed(positive)}"


def _and_listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``.

    >>> _and_listed(["a"]), _and_listed(["a", "b", "c"])
    ('a', 'a, b and c')
    """
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _payments(title: str, payments: tuple[Payment, ...]) -> RenderableType:
    if not payments:
        return Text(f"{title}: none, everybody is square", style="bold")
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("payment")
    table.add_column("amount", justify="right", no_wrap=True)
    records: list[tuple[Text, list[Text]]] = []
    for payment in payments:
        who = user_text(f"{payment.payer} pays {payment.payee}")
        table.add_row(who, Text(str(payment.amount)))
        records.append((who.copy().append(f"  {payment.amount}"), []))
    return Group(Text(title, style="bold"), Fitted(table, Stacked(records)))


def _net_text(net: object, positive: bool, negative: bool) -> Text:
    style = "green" if positive else "red" if negative else ""
    return Text(str(net), style=style)


def settlement_view(settlement: Settlement, stake_note: str = "") -> RenderableType:
    """The stake (``stake_note`` after it, in brackets), the fewest transfers (what the table
    pays), each player's total and net, then the pairwise payments the nets come from."""
    nets = Table(show_edge=False, pad_edge=False)
    nets.add_column("player")
    nets.add_column("total", justify="right", no_wrap=True)
    nets.add_column("net", justify="right", no_wrap=True)
    records: list[tuple[Text, list[Text]]] = []
    for name, net in settlement.nets.items():
        total = Text(f"{settlement.totals[name]:+d}")
        amount = _net_text(net, net > 0, net < 0)
        nets.add_row(user_text(name), total, amount)
        line = Text.assemble("total ", total, "  net ", amount)
        records.append((user_text(name, style="bold"), [line]))
    fewest = "fewest transfers" + ("" if settlement.exact else " (greedy, at most n-1)")
    pairwise = f"pairwise payments (stake x difference of totals, {settlement.rounding})"
    return Group(
        user_text(
            f"stake {settlement.stake} per point" + (f" ({stake_note})" if stake_note else "")
        ),
        Text(""),
        _payments(fewest, settlement.transfers),
        *([user_text(why_line(settlement))] if settlement.transfers else []),
        Text(""),
        Text("nets", style="bold"),
        Fitted(nets, Stacked(records)),
        Text(""),
        _payments(pairwise, settlement.pairwise),
    )
