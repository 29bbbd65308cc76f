"""The rich view of one scored closed hand (:class:`~intlscore.engine.score_result.ScoreResult`).

The view only lays out what the result says; it never scores. Every fact is in
the text itself (the chips' colours repeat their letters), so the view reads
the same with ``NO_COLOR`` or when the output is piped. The layout follows the
console width: labels sit beside their rows when there is room, and move
above them (the hand) or drop out (the meld kinds) when there is not.

>>> from rich.console import Console
>>> from intlscore.engine.scoring import score_hand
>>> console = Console(width=100, color_system=None)
>>> with console.capture() as capture:
...     console.print(score_view(score_hand("r1-7 r1-6 *", discard="*")))
>>> text = " ".join(capture.get().split())
>>> "Little wave single colour: 2400 (1 joker) x 2 for the joker discard = 4800" in text
True
>>> "r1 r2 r3 r4 r5 r6 *r7" in text
True
"""

from __future__ import annotations

from collections.abc import Iterable

from rich import box
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from intlscore.engine.score_result import BestMatch, Context, Meld, ScoreResult, TypeMatch
from intlscore.faces.render.chips import chip_row, placed_row
from intlscore.faces.render.layout import LabelledRows as LabelledRows  # re-exported
from intlscore.faces.render.output import escape_controls, user_text

__all__ = [
    "LabelledRows",
    "context_words",
    "joker_legend",
    "joker_words",
    "score_arithmetic",
    "score_view",
]


def joker_words(jokers: int) -> str:
    """The joker column of the table in words (R10).

    >>> joker_words(0), joker_words(1), joker_words(2)
    ('no joker', '1 joker', '2 jokers')
    """
    if jokers == 0:
        return "no joker"
    return f"{jokers} joker" + ("s" if jokers > 1 else "")


def score_arithmetic(best: BestMatch, jokers: int, doubled: bool) -> str:
    """How the final score comes about: the base for the joker column, x 2 for a joker discard.

    >>> from intlscore.engine.score_result import TypeMatch
    >>> royal = TypeMatch(24, "Royal", 2400, (), 23)
    >>> score_arithmetic(BestMatch(royal, 4800), 0, True)
    'Royal: 2400 (no joker) x 2 for the joker discard = 4800'
    >>> score_arithmetic(BestMatch(royal, 2400), 0, False)
    'Royal: 2400 (no joker) = 2400'
    """
    text = f"{best.name}: {best.base} ({joker_words(jokers)})"
    if doubled:
        text += " x 2 for the joker discard"
    return f"{text} = {best.score}"


def context_words(context: Context) -> list[str]:
    """The context flags that are set, in words (types 39 and 40 read them).

    >>> context_words(Context(first_turn=True, starting_player=True))
    ['first turn', 'starting player']
    """
    flags = [
        (context.first_turn, "first turn"),
        (context.original_hand, "original hand (the 14 tiles dealt)"),
        (context.starting_player, "starting player"),
    ]
    return [words for is_set, words in flags if is_set]


def joker_legend(melds: Iterable[Meld]) -> str:
    """What the marked jokers mean, in words; empty when no joker stands for a tile.

    >>> from intlscore.engine.score_result import PlacedTile
    >>> from intlscore.engine.tiles import JOKER, Tile
    >>> run = Meld("run", (PlacedTile(Tile("r5")), PlacedTile(JOKER, Tile("r6")),
    ...                    PlacedTile(Tile("r7"))))
    >>> joker_legend([run])
    'joker: *r6 stands for r6'
    """
    stands_for = [
        str(tile) for meld in melds for tile in meld.jokers_stand_for() if not tile.is_joker
    ]
    if not stands_for:
        return ""
    label = "joker: " if len(stands_for) == 1 else "jokers: "
    unique = dict.fromkeys(stands_for)  # two jokers standing for one tile are said once
    return label + ", ".join(f"*{tile} stands for {tile}" for tile in unique)


def _hand_rows(result: ScoreResult) -> LabelledRows:
    """The 14 tiles, the discard and the context flags."""
    rows = [("hand", chip_row(result.tiles))]
    if result.discard is not None:
        discard = chip_row([result.discard])
        if result.doubled:
            discard.append("  a joker: the score is doubled (R12)", style="bold")
        elif result.discards_tried:
            discard.append(f"  the best of {result.discards_tried} distinct discards (R13)")
        rows.append(("discard", discard))
    flags = context_words(result.context)
    if flags:
        rows.append(("context", Text(" " + ", ".join(flags))))  # in line with the chips
    return LabelledRows(rows, "stack")


def _meld_rows(melds: Iterable[Meld]) -> LabelledRows:
    """One meld per line, each joker marked by the tile it stands for."""
    rows = [
        (meld.kind, placed_row((placed.tile, placed.represented) for placed in meld.tiles))
        for meld in melds
    ]
    return LabelledRows(rows, "drop")


def _others_table(others: list[TypeMatch], doubled: bool) -> Table:
    """Every other type the 14 tiles fit, most valuable first (the R11 order)."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="dim")
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("type")
    table.add_column("base before x 2" if doubled else "base", justify="right", no_wrap=True)
    for match in sorted(others, key=lambda m: (m.base, m.position), reverse=True):
        table.add_row(Text(str(match.number)), user_text(match.name), Text(str(match.base)))
    return table


def _panel(body: RenderableType, title: Text, colour: str) -> Panel:
    return Panel(
        body,
        title=title,
        title_align="left",
        border_style=colour,
        box=box.ROUNDED,
        expand=False,
        padding=(0, 1),
    )


def _best_panel(result: ScoreResult, best: BestMatch) -> Panel:
    arithmetic = user_text(score_arithmetic(best, result.jokers, result.doubled))
    arithmetic.stylize("bold", 0, len(escape_controls(best.name)))
    parts: list[RenderableType] = [arithmetic, Text(""), _meld_rows(best.melds)]
    legend = joker_legend(best.melds)
    if legend:
        parts.append(Text(legend, style="dim"))
    score = (str(best.score), "bold green")
    title = Text.assemble(("score ", "bold"), score, f"  type {best.number}")
    return _panel(Group(*parts), title, "green")


def _no_type_panel(result: ScoreResult) -> Panel:
    reasons = result.reasons or ("the 14 tiles fit no type of the table",)
    body = Text("\n").join(Text("- ").append_text(user_text(reason)) for reason in reasons)
    title = Text.assemble(("score ", "bold"), ("0", "bold red"), "  no type fits")
    return _panel(body, title, "red")


def score_view(result: ScoreResult) -> RenderableType:
    """The hand as chips, the winning type with its arithmetic and melds, and the other types.

    A hand that fits no type shows the result's reasons instead.
    """
    parts: list[RenderableType] = [_hand_rows(result), Text("")]
    best = result.best
    if best is None:
        parts.append(_no_type_panel(result))
        return Group(*parts)
    parts.append(_best_panel(result, best))
    others = [m for m in result.matches if m.number != best.number]
    if others:
        heading = Text("also fits (only the most valuable type counts, R11)", style="bold")
        table = Padding(_others_table(others, result.doubled), (0, 0, 0, 2), expand=False)
        parts += [Text(""), heading, table]
    return Group(*parts)
