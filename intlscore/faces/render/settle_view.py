"""The rich view of a settlement: the fewest transfers first, then the nets and the pairwise
payments.

>>> from rich.console import Console
>>> from intlscore.session.settlement import settle
>>> console = Console(width=100, color_system=None)
>>> with console.capture() as capture:
...     console.print(settlement_view(settle({"ann": 30, "bob": -10}, "0.5")))
>>> print(capture.get().splitlines()[-1])
bob pays ann │  20.00
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from intlscore.faces.render.layout import Fitted, Stacked
from intlscore.faces.render.output import user_text
from intlscore.session.settlement import Payment, Settlement

__all__ = ["settlement_view"]


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
        Text(""),
        Text("nets", style="bold"),
        Fitted(nets, Stacked(records)),
        Text(""),
        _payments(pairwise, settlement.pairwise),
    )
