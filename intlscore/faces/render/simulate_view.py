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
from intlscore.faces.render.layout import Fitted, Stacked
from intlscore.faces.render.output import user_text
from intlscore.rules.ruleset import default_table

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


def _heads(counts: Counts) -> list[str]:
    draws = [f"within {k} draw{'s' if k > 1 else ''}" for k in counts.ks]
    return ["dealt, 14 tiles", "dealt, 15 tiles", *draws]


def simulate_view(counts: Counts) -> RenderableType:
    """One row per type seen at least once, then the row for any closed win.

    The table is drawn only where it fits whole (:class:`Fitted`); at a narrower
    width each type becomes a stacked record, one line per column.
    """
    n = counts.hands
    heads = _heads(counts)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("type")
    for head in heads:
        table.add_column(head, justify="right", no_wrap=True)
    records: list[tuple[Text, list[RenderableType]]] = []

    def add(number: str, name: Text, row: list[int]) -> None:
        cells = [one_in(c, n) for c in row]
        table.add_row(number, name, *cells)
        headline = Text(f"{number}  " if number else "").append_text(name)
        headline.stylize("bold")
        records.append((headline, [Text(f"{h}: {c}") for h, c in zip(heads, cells, strict=True)]))

    for t, hand_type in enumerate(default_table()):
        row = [counts.dealt14[t], counts.dealt15[t], *(w[t] for w in counts.within)]
        if any(row):
            add(str(hand_type.number), user_text(hand_type.name), row)
    add(
        "",
        Text("any closed win"),
        [counts.any_dealt14, counts.any_dealt15, *counts.any_within],
    )
    title = Text(f"{n:,} simulated deals, seed {counts.seed} (types never formed are left out)")
    return Group(title, Fitted(table, Stacked(records), at_least=60))
