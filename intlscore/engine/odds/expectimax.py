"""The play search's expectimax (R23): the value of a position under the best play.

A position (14 tiles held, the unseen tiles, the draws left and the number of the next
draw) is worth, over every tile that may be drawn next, the better of winning with it
(:class:`.Wins`) and the best discard after it, each discard's position weighed the same
way one draw nearer the end: memoised, and exact in integers (:data:`.Scaled`). Its named
steps, which ``native/play.c`` takes alike under the same names: :meth:`Expectimax.weigh`
(the memo, the budget, the sum over the draws), :meth:`Expectimax.last_draw_hopes` (two
draws from the end, what each discard leaves to win), :func:`won_now` (a drawn kind's win)
and :meth:`Expectimax.best_discard` (or the best discard after it), and
:meth:`Expectimax.child_hint` (what a discard's position is told, :mod:`.child_hints`).

>>> from intlscore.engine.odds.start import set_up
>>> rack = set_up("k1-13 r5")
>>> runs = rack.table.by_number(23)
>>> search = Expectimax(rack.table, [(runs, None)], 1000, rack.pool, 1)
>>> score, won, ends = search.weigh(rack.pool, 1, 1)
>>> won, ends == ((23, won),)  # k1-13 complete the run: 13 unseen tiles of 92
(13, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from intlscore.engine.odds.child_hints import ChildHints, ThrowBack, Useful, drawn_hint
from intlscore.engine.odds.compiled_play import CompiledSearch
from intlscore.engine.odds.hints import NO_HINT, Hint
from intlscore.engine.odds.play_answer import PlayLine
from intlscore.engine.odds.positions import Scaled, drawn, kinds_held, thrown, unseen_counts
from intlscore.engine.odds.slots import Slots
from intlscore.engine.odds.stop import Stop
from intlscore.engine.odds.walks import Walks
from intlscore.engine.odds.wins import Wins
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.tiles import JOKER_INDEX
from intlscore.errors import Stopped
from intlscore.rules.hand_table import HandTable, HandType

NOTHING: Scaled = (0, 0, ())
"""The value of a position that wins nothing."""


class _OverBudget(Exception):
    """The exact search would weigh more positions than its budget allows."""


@dataclass(slots=True)
class Weighing:
    """One position being weighed (:meth:`Expectimax.weigh`) and what its draws share."""

    pool: Pool
    left: int
    """The draws to come."""
    draw: int
    """The number of the next draw."""
    counts: list[int]
    """The unseen copies per kind (:func:`.unseen_counts`)."""
    rest: int
    """The draws that can still happen after the next one, as the falling factorial."""
    useful: dict[int, Useful] = field(default_factory=dict)
    """Two draws from the end: per kind held, :meth:`.ChildHints.useful_draws`."""
    hopeless: set[int] = field(default_factory=set)
    """The kinds whose discard leaves no win at the last draw whatever comes."""
    kinds_before: list[int] = field(default_factory=list)
    """Three draws or more from the end: the kinds held before the draw."""
    back: ThrowBack | None = None
    """Two draws from the end, once asked: :meth:`.ChildHints.throw_back`."""


class Expectimax:
    """The memoised expectimax over positions, for one rack's types, any number of draws."""

    def __init__(
        self,
        table: HandTable,
        types: list[tuple[HandType, int | None]],
        budget: int,
        root: Pool,
        draws: int,
        stop: Stop | None = None,
    ) -> None:
        self.stop = stop
        self.budget = budget
        self._weighed = 0
        self.slots = Slots.of(types)
        self.walks = Walks(self.slots)
        self.wins = Wins(table, self.slots, self.walks)
        self.hints = ChildHints(table, self.slots, self.walks)
        self.memo: dict[tuple[Pool, int, int], Scaled] = {}
        self.compiled = CompiledSearch.of(
            table, types, self.slots.narrowed, budget, self.slots.last_limited, root, draws
        )
        """The C build of :meth:`value` (``native/play.c``), or None."""
        if stop is not None and self.compiled is not None:
            stop.attach(self.compiled)

    @property
    def weighed(self) -> int:
        """The positions weighed so far (the budget counts them)."""
        if self.compiled is not None:
            return self.compiled.weighed()
        return self._weighed

    def value(self, pool: Pool, left: int, draw: int) -> Scaled:
        """The value of holding ``pool``'s 14 tiles with ``left`` draws to come, the
        next being draw number ``draw``: by the C build where it can (the same search,
        the same answer), else by :meth:`weigh`."""
        self.walks.raise_tops(pool)
        if self.compiled is None:
            return self.weigh(pool, left, draw)
        try:
            answer = self.compiled.value(pool, left, draw)
        except InterruptedError:
            raise Stopped("the play search was stopped") from None
        if answer is None:
            raise _OverBudget
        return answer

    def weigh(self, pool: Pool, left: int, draw: int, hint: Hint = NO_HINT) -> Scaled:
        """:meth:`value` in Python, the reference of the C build (``value`` there), told
        by its parent what it may win one draw from the end (``hint``, :mod:`.hints`):
        remembered per position, counted against the budget, the sum over every tile
        that may be drawn next of its copies times the better of its win now
        (:func:`won_now`) and, with draws left after it, :meth:`best_discard`."""
        draw = min(draw, self.slots.last_limited + 1)
        key = (pool, left, draw)
        known = self.memo.get(key)
        if known is not None:
            return known
        self._weighed += 1
        if self._weighed > self.budget:
            raise _OverBudget
        if self.stop is not None and self.stop.stopped:
            raise Stopped("the play search was stopped")
        counts = unseen_counts(pool)
        unseen = sum(counts)
        if unseen == 0:
            self.memo[key] = NOTHING
            return NOTHING
        # one draw from the end, no other position of this count of draws holds the same
        # tiles and caps (each throw lowers a cap): its wins are not kept
        wins = self.wins.of(pool, draw, counts, hint, remember=left > 1)
        # the draws that can still happen: the game ends when no unseen tile is left
        rest = math.perm(unseen - 1, min(left, unseen) - 1)
        weighing = Weighing(pool, left, draw, counts, rest)
        if left == 2:
            self.last_draw_hopes(weighing)
        if left >= 3:
            weighing.kinds_before = kinds_held(pool)
        score = 0
        won = 0
        ends: dict[int, int] = {}
        for kind, copies in enumerate(counts):
            if not copies:
                continue
            chosen = won_now(wins[kind], rest)
            if left > 1:
                chosen = self.best_discard(weighing, kind, chosen)
            score += copies * chosen[0]
            won += copies * chosen[1]
            for number, count in chosen[2]:
                ends[number] = ends.get(number, 0) + copies * count
        answer = (score, won, tuple(sorted(ends.items())))
        self.memo[key] = answer
        return answer

    def last_draw_hopes(self, weighing: Weighing) -> None:
        """Two draws from the end: per kind held, the types each next draw may still win
        once it is thrown (:meth:`.ChildHints.useful_draws`); a kind whose discard leaves
        no win at the last draw whatever comes (without a joker among the 13 tiles left)
        is hopeless."""
        pool = weighing.pool
        for discard in kinds_held(pool):
            found = self.hints.useful_draws(pool, discard, weighing.draw + 1)
            weighing.useful[discard] = found
            if not any(found.may) and pool.jokers == (discard == JOKER_INDEX):
                weighing.hopeless.add(discard)

    def best_discard(self, weighing: Weighing, kind: int, chosen: Scaled) -> Scaled:
        """The value of drawing ``kind`` next with draws left after it (scaled by them):
        the better of ``chosen`` (its win now, :func:`won_now`) and each discard after it,
        by the best expected score, then the likelier win, then the win now."""
        chosen_key = (chosen[0], chosen[1])
        left, draw = weighing.left, weighing.draw
        held = drawn(weighing.pool, kind)
        for discard in kinds_held(held):
            if discard in weighing.hopeless:
                continue
            after = thrown(held, discard)
            if left == 3 and not self.hints.may_win_within_two(after, (draw + 1, draw + 2)):
                continue
            child_hint = self.child_hint(weighing, kind, discard)
            if child_hint is None:
                continue  # no win at its one draw: worth nothing
            child = self.weigh(after, left - 1, draw + 1, child_hint)
            if (child[0], child[1]) > chosen_key:
                chosen, chosen_key = child, (child[0], child[1])
        return chosen

    def child_hint(self, weighing: Weighing, kind: int, discard: int) -> Hint | None:
        """What the position after drawing ``kind`` and throwing ``discard`` is told of
        its next draw (:mod:`.child_hints`), or None where it can win nothing there (one
        draw from the end: worth nothing)."""
        useful = weighing.useful.get(discard)
        pool, draw = weighing.pool, weighing.draw
        if weighing.left >= 3 and kind != JOKER_INDEX and discard in weighing.kinds_before:
            # further from the end, the same walk of the 13 tiles the discard leaves gives
            # the child its wins at its next draw (not the last: nothing is ruled out by it)
            return drawn_hint(self.hints.useful_draws(pool, discard, draw + 1), kind)
        if useful is not None and kind != JOKER_INDEX:
            found = drawn_hint(useful, kind)
            return found if found.possible else None
        if useful is not None and kind == JOKER_INDEX and useful.sure:
            # a drawn joker kept: the 13 tiles left hold one at most (the other)
            return self.hints.joker_hint(useful)
        if weighing.left == 2 and discard == kind and kind != JOKER_INDEX:
            if weighing.back is None:
                weighing.back = self.hints.throw_back(pool, draw + 1)
            copies = weighing.counts[kind]
            return self.hints.back_hint(pool, weighing.back, kind, copies, draw + 1)
        return NO_HINT

    def hold(self, pool: Pool, draws: int) -> PlayLine:
        """The value within ``draws`` draws of keeping these 14 tiles and winning at the
        first drawn tile that completes a type without a draw limit (R21), every other
        drawn tile thrown back. Exact: the first of the O unseen copies that complete
        it to be drawn is any of them alike, and one comes within the draws with chance
        1 - C(U - O, n) / C(U, n). Only a hand without jokers is held, and a drawn joker
        is thrown back, so no tile thrown back changes a win (R3); otherwise nothing is
        counted, which is still a lower bound."""
        if pool.jokers:
            return PlayLine(Fraction(0), Fraction(0), ())
        counts = unseen_counts(pool)
        counts[JOKER_INDEX] = 0
        wins = self.wins.of(pool, self.slots.last_limited + 1, counts)
        outs = sum(counts[kind] for kind, (score, _) in enumerate(wins) if score)
        unseen = sum(unseen_counts(pool))
        if not outs:
            return PlayLine(Fraction(0), Fraction(0), ())
        draws = min(draws, unseen)  # no more draws than unseen tiles
        within = 1 - Fraction(math.comb(unseen - outs, draws), math.comb(unseen, draws))
        total = sum(counts[kind] * score for kind, (score, _) in enumerate(wins) if score)
        ends: dict[int, int] = {}
        for kind, (score, number) in enumerate(wins):
            if score:
                ends[number] = ends.get(number, 0) + counts[kind]
        ordered = sorted(ends.items(), key=lambda item: (-item[1], -item[0]))
        return PlayLine(
            Fraction(total, outs) * within,
            within,
            tuple((number, Fraction(count, outs) * within) for number, count in ordered),
        )


def won_now(win: tuple[int, int], rest: int) -> Scaled:
    """The value of winning with a drawn kind (``win``: its score and type, 0 and 0 for
    none, :meth:`.Wins.of`), scaled by the ``rest`` of the draws that could have come.

    >>> won_now((700, 23), 6), won_now((0, 0), 6)
    ((4200, 6, ((23, 6),)), (0, 0, ()))
    """
    score, number = win
    if not score:
        return NOTHING
    return (score * rest, rest, ((number, rest),))
