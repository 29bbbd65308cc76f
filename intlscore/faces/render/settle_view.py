"""The rich view of a settlement: nets, pairwise payments and the fewest transfers.

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

from intlscore.session.settlement import Payment, Settlement

__all__ = ["settlement_view"]


def _payments(title: str, payments: tuple[Payment, ...]) -> RenderableType:
    if not payments:
        return Text(f"{title}: none, everybody is square", style="bold")
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("payment")
    table.add_column("amount", justify="right")
    for payment in payments:
        table.add_row(f"{payment.payer} pays {payment.payee}", str(payment.amount))
    return Group(Text(title, style="bold"), table)


def settlement_view(settlement: Settlement) -> RenderableType:
    """Stake and rounding, a table of totals and nets, then the payments."""
    nets = Table(show_edge=False, pad_edge=False)
    nets.add_column("player")
    nets.add_column("total", justify="right")
    nets.add_column("net", justify="right")
    for name, net in settlement.nets.items():
        style = "green" if net > 0 else "red" if net < 0 else ""
        nets.add_row(name, f"{settlement.totals[name]:+d}", Text(str(net), style=style))
    fewest = "fewest transfers" + ("" if settlement.exact else " (greedy, at most n-1)")
    return Group(
        Text(f"stake {settlement.stake} per point; {settlement.rounding}"),
        Text(""),
        Text("nets", style="bold"),
        nets,
        Text(""),
        _payments("pairwise payments (stake x difference of totals)", settlement.pairwise),
        Text(""),
        _payments(fewest, settlement.transfers),
    )
