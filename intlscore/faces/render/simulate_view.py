"""The rich view of a simulation: how often each type is dealt and formed within k draws.

Odds are shown as mahjong tables do, "1 in X", with the 95% Wilson interval
turned into "1 in A-B"; a type never seen shows "< 1 in B" (the interval's top).

>>> one_in(50, 1000)
'1 in 20 (15-26)'
>>> one_in(0, 1000)
'< 1 in 261'
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from intlscore.engine.odds.simulate import Counts
from intlscore.engine.odds.stats import wilson
from intlscore.rules.hand_table import default_table

__all__ = ["one_in", "simulate_view"]


def _number(value: float) -> str:
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}" if value < 10 else f"{value:.0f}"


def one_in(count: int, trials: int) -> str:
    """``count`` of ``trials`` as "1 in X (low-high)" from the 95% Wilson interval."""
    low, high = wilson(count, trials)
    if count == 0:
        return f"< 1 in {_number(1 / high)}"
    return f"1 in {_number(trials / count)} ({_number(1 / high)}-{_number(1 / low)})"


def simulate_view(counts: Counts) -> RenderableType:
    """One row per type seen at least once, then the row for any closed win."""
    n = counts.hands
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column("type")
    table.add_column("dealt, 14 tiles", justify="right")
    table.add_column("dealt, 15 tiles", justify="right")
    for k in counts.ks:
        table.add_column(f"within {k} draw{'s' if k > 1 else ''}", justify="right")
    for t, hand_type in enumerate(default_table()):
        row = [counts.dealt14[t], counts.dealt15[t], *(w[t] for w in counts.within)]
        if not any(row):
            continue
        table.add_row(
            str(hand_type.number),
            Text(hand_type.name),
            *[one_in(c, n) for c in row],
        )
    table.add_row(
        "",
        "any closed win",
        one_in(counts.any_dealt14, n),
        one_in(counts.any_dealt15, n),
        *[one_in(c, n) for c in counts.any_within],
    )
    head = Text(f"{n:,} simulated deals, seed {counts.seed} (types never formed are left out)")
    return Group(head, table)
