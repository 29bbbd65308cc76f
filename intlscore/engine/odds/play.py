"""Play odds (R23): the best discard under real play, by exact expectimax.

R22's chance keeps every drawn tile. In real play the player holds 14 tiles, draws one,
then wins closed or throws a tile back, out of play for good, before seeing the next
draw. :func:`play_odds` computes the optimum over such policies: the expected final
score (R10-R13, doubling included, 0 without a closed win within N draws), the chance of
a closed win under that play and the type it ends in most often, for each k = 1..N draws.

The search is an expectimax over positions (the tiles held and the tiles that can still
be drawn), memoised, exact in integers: every draw at depth j has the same
denominator (the unseen tiles left), so a value scaled by the falling factorial of the
unseen count is a whole number. Only types that reach (R20) puts within the draws are
checked, each with the draws R21 leaves it; a position that two jokers in place of its
last two draws could not finish is not searched, nor one a draw from the end whose 14
tiles and a joker in place of that draw hold no type (:meth:`.ChildHints.useful_draws`).
Where the exact search would pass its work budget, the answer is the exact optimum
within fewer draws k and, for each first move, the better of two stated policies valued
exactly ("the best play within k draws, counting no later win", and "keep the 14 tiles,
win at the first drawn tile that completes them"): a proven lower bound, and it says so
(``exact`` false).

This module runs the search over 1..N draws and settles the bound; the search itself is
:class:`.Expectimax` (:mod:`.expectimax`, with :mod:`.wins`, :mod:`.child_hints`,
:mod:`.walks` and its C build through :mod:`.compiled_play`), its answer a
:class:`.PlayOdds` (:mod:`.play_answer`).

>>> result = play_odds("k1-13 r5", draws=1)
>>> result.exact, round(result.chance[0], 4), round(result.expected_score, 1), result.top_type
(True, 0.2065, 347.8, 'Single colour runs')

``k1-13 k1 r9`` wins a Royal now (2400); throwing r9 back and drawing once more keeps the
Royal and may bring a joker, whose discard doubles it (R12), so waiting is worth more:

>>> moves = play_odds("k1-13 k1 r9", draws=1).moves
>>> [(str(move.discard), round(move.line.expected_score, 1)) for move in moves[:2]]
[('r9', 2452.7), ('None', 2400.0)]
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Unpack

from intlscore.engine.odds.expectimax import Expectimax, _OverBudget
from intlscore.engine.odds.play_answer import OPTIMAL, PlayLine, PlayMove, PlayOdds
from intlscore.engine.odds.positions import KINDS, Scaled, kinds_held, thrown, unseen_counts
from intlscore.engine.odds.start import set_up
from intlscore.engine.odds.stop import Stop
from intlscore.engine.rack import Rack, RackKeywords, TileInput
from intlscore.engine.reach import ReachResult
from intlscore.engine.reach.blitz import draws_allowed
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.tiles import Tile
from intlscore.errors import HandError, known
from intlscore.rules.hand_table import HAND_SIZE, HandTable, HandType

__all__ = [
    "DEFAULT_BUDGET",
    "OPTIMAL",
    "PlayLine",
    "PlayMove",
    "PlayOdds",
    "Stop",
    "play_from_reach",
    "play_odds",
]

DEFAULT_BUDGET = 150_000
"""Positions the exact search may weigh before it settles for fewer draws: enough for an
exact third draw from 14 tiles on the benchmark corpus (5,000 to 150,000 positions)."""
THIRD_DRAW_GROWTH = 180
"""How many times the second draw's positions a third draw from 14 tiles weighs, as a
guess: 15 to 360 times on the benchmark corpus, about 180 in the middle."""


def _line(scaled: Scaled, pool: Pool, draws: int) -> PlayLine:
    """A scaled value as exact chances over the draws from ``pool``."""
    unseen = sum(unseen_counts(pool))
    scale = math.perm(unseen, min(draws, unseen))
    score, won, ends = scaled
    ordered = sorted(ends, key=lambda item: (-item[1], -item[0]))
    return PlayLine(
        Fraction(score, scale),
        Fraction(won, scale),
        tuple((number, Fraction(count, scale)) for number, count in ordered),
    )


def play_odds(
    tiles: Rack | TileInput,
    *,
    draws: int,
    budget: int = DEFAULT_BUDGET,
    stop: Stop | None = None,
    **keywords: Unpack[RackKeywords],
) -> PlayOdds:
    """The play value of a :class:`~intlscore.engine.rack.Rack` of 14 or 15 tiles (or those
    tiles and the rack's keywords, :class:`~intlscore.engine.rack.RackKeywords`) within
    1, 2, ..., ``draws`` draws (R23).

    The search weighs at most ``budget`` positions; where N draws would take more, the
    answer covers fewer draws exactly and gives a lower bound for N (``exact`` false).
    ``stop`` (:class:`Stop`) lets another thread end it early (:class:`Stopped`).
    """
    rack = set_up(tiles, **keywords)
    return play_from_reach(rack.reach, rack.pool, rack.table, draws, budget, stop=stop)


def play_from_reach(
    reach: ReachResult,
    pool: Pool,
    table: HandTable,
    draws: int,
    budget: int,
    step: Callable[[], None] | None = None,
    stop: Stop | None = None,
) -> PlayOdds:
    """:func:`play_odds` of a rack whose reach (R20) and pool are known; ``step()`` is
    called as each first move of each draw count is weighed (for a progress bar)."""
    step = step or (lambda: None)
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise HandError(f"budget must be a whole number of at least 1; got {budget!r}")
    size = len(reach.tiles)
    types: list[tuple[HandType, int | None]] = []
    for hand_type, entry in zip(table, reach.types, strict=True):
        limit = draws_allowed(hand_type, reach.context, size)
        reachable = draws if limit is None else min(draws, limit)
        if entry.distance is not None and entry.distance <= reachable:
            types.append((hand_type, limit))
    search = Expectimax(table, types, budget, pool, draws, stop)
    lines: list[PlayLine] = []
    moves: tuple[PlayMove, ...] | None = None
    costs: list[int] = []
    for count in range(1, draws + 1):
        if costs and search.weighed + costs[-1] * _growth(costs) > budget:
            break  # one more draw would not fit: no need to weigh what would be thrown away
        before = search.weighed
        try:
            if size == HAND_SIZE:
                lines.append(_line(search.value(pool, count, 1), pool, count))
                step()
            else:
                moves = _first_moves(search, pool, count, step)
                lines.append(moves[0].line)
        except _OverBudget:
            if count == 1:
                raise HandError("the play search is over its budget even for one draw") from None
            break
        costs.append(search.weighed - before)
    names = {hand_type.number: hand_type.name for hand_type in table}
    if len(lines) == draws:
        return PlayOdds(draws, tuple(lines), moves, names)
    # Not exact: for each first move, the better of two stated policies, both exact.
    later = range(len(lines) + 1, draws + 1)
    if size == HAND_SIZE:
        bound, held = _better_line(lines[-1], search.hold(pool, draws))
        chances = tuple(search.hold(pool, n).win if held else bound.win for n in later)
        return PlayOdds(draws, tuple(lines), None, names, bound, chances)
    bounded: list[tuple[PlayMove, bool]] = []
    for move in known(moves, "the first moves of 15 tiles"):
        if move.discard is None:
            bounded.append((move, False))
            continue
        line, held = _better_line(move.line, search.hold(thrown(pool, move.discard.index), draws))
        bounded.append((PlayMove(move.discard, line), held))
    bounded.sort(key=lambda pair: _move_order(pair[0]))
    best, held = bounded[0]
    if held:
        after = thrown(pool, known(best.discard, "the best move's discard").index)
        chances = tuple(search.hold(after, n).win for n in later)
    else:
        chances = tuple(best.line.win for _ in later)
    return PlayOdds(
        draws, tuple(lines), tuple(move for move, _ in bounded), names, best.line, chances
    )


def _better_line(searched: PlayLine, held: PlayLine) -> tuple[PlayLine, bool]:
    """The line with the higher expected score (the likelier win on a tie, then the
    searched one), and whether it is the held one."""
    if (held.expected, held.win) > (searched.expected, searched.win):
        return held, True
    return searched, False


def _move_order(move: PlayMove) -> tuple[Fraction, Fraction, tuple[int, ...]]:
    """Best expected score first, then the likelier win, then a win now, then rack order."""
    return (-move.line.expected, -move.line.win, _order(move.discard))


def _growth(costs: list[int]) -> float:
    """How many times more positions one more draw weighs, as the last draw did (a
    first guess of one position per kind before that is known). Where the first draw
    weighed the 14 tiles alone, the ratio says nothing: the guess is then
    :data:`THIRD_DRAW_GROWTH`.

    >>> _growth([1]), _growth([1, 600]), _growth([15, 900, 45000])
    (53, 180, 50.0)
    """
    if len(costs) < 2 or not costs[-2]:
        return KINDS
    if costs[-2] == 1:
        return THIRD_DRAW_GROWTH
    return costs[-1] / costs[-2]


def _first_moves(
    search: Expectimax, pool: Pool, draws: int, step: Callable[[], None]
) -> tuple[PlayMove, ...]:
    """Each distinct discard of 15 tiles (and a win now), best expected score first."""
    moves = []
    score, number = search.wins.now(pool)
    if score:
        certain = PlayLine(Fraction(score), Fraction(1), ((number, Fraction(1)),))
        moves.append(PlayMove(None, certain))
    for discard in kinds_held(pool):
        after = thrown(pool, discard)
        moves.append(PlayMove(Tile(discard), _line(search.value(after, draws, 1), after, draws)))
        step()
    moves.sort(key=_move_order)
    return tuple(moves)


def _order(tile: Tile | None) -> tuple[int, ...]:
    """A win now first, then rack order."""
    return (-1,) if tile is None else tile.rack_key()
