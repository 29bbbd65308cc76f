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
tiles and a joker in place of that draw hold no type (:meth:`_Search.useful_draws`).
Where the exact search would pass its work budget, the answer is the exact optimum
within fewer draws k and, for each first move, the better of two stated policies valued
exactly ("the best play within k draws, counting no later win", and "keep the 14 tiles,
win at the first drawn tile that completes them"): a proven lower bound, and it says so
(``exact`` false).

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
import threading
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Unpack

from intlscore.engine import build
from intlscore.engine.build import PlaySearch
from intlscore.engine.melds import position_number
from intlscore.engine.odds.firsts import Firsts
from intlscore.engine.odds.hints import (
    ANY_NUMBERED,
    NO_HINT,
    Hint,
    back_child,
    back_child_two_jokers,
    joker_child,
)
from intlscore.engine.odds.holds import best_score
from intlscore.engine.odds.start import set_up
from intlscore.engine.parents import parent
from intlscore.engine.rack import Rack, RackKeywords, TileInput
from intlscore.engine.reach import ReachResult
from intlscore.engine.reach.blitz import draws_allowed
from intlscore.engine.reach.solve import closest_within, kept_within
from intlscore.engine.setsearch.pairs import DrawnPairs, StoodHands, drawn_pairs, stood_hands
from intlscore.engine.setsearch.pool import NUMBERED, Pool
from intlscore.engine.setsearch.shapes import narrowing
from intlscore.engine.spec import STRUCTURE_CODES, TypeSpec, type_spec
from intlscore.engine.tiles import JOKER_INDEX, Tile
from intlscore.errors import HandError, InternalError, Stopped, known
from intlscore.rules.hand_table import HAND_SIZE, SET_STRUCTURES, HandTable, HandType

KINDS = NUMBERED + 1
"""The 52 numbered tiles and the joker (index 52)."""
DEFAULT_BUDGET = 150_000
"""Positions the exact search may weigh before it settles for fewer draws: enough for an
exact third draw from 14 tiles on the benchmark corpus (5,000 to 150,000 positions)."""
THIRD_DRAW_GROWTH = 180
"""How many times the second draw's positions a third draw from 14 tiles weighs, as a
guess: 15 to 360 times on the benchmark corpus, about 180 in the middle."""
OPTIMAL = "optimal"


@dataclass(frozen=True, slots=True)
class PlayLine:
    """The value of one position (or one first move) under the best play within k draws."""

    expected: Fraction
    """The expected final score, exactly."""
    win: Fraction
    """The chance of a closed win within the k draws."""
    ends: tuple[tuple[int, Fraction], ...]
    """(type number, chance of ending in it), most likely first."""

    @property
    def expected_score(self) -> float:
        return float(self.expected)

    @property
    def chance(self) -> float:
        return float(self.win)

    @property
    def top(self) -> int | None:
        """The type number the play most often ends in, or None without a win."""
        return self.ends[0][0] if self.ends else None


@dataclass(frozen=True, slots=True)
class PlayMove:
    """One first move of a 15-tile rack: a discard, or a win now (``discard`` None)."""

    discard: Tile | None
    line: PlayLine

    @property
    def win(self) -> bool:
        return self.discard is None


@dataclass(frozen=True, slots=True)
class PlayOdds:
    """The play value of a rack within 1, 2, ..., N draws (R23)."""

    draws: int
    lines: tuple[PlayLine, ...]
    """The value under the best play within k draws, for k = 1 .. ``exact_draws``."""
    moves: tuple[PlayMove, ...] | None
    """For 15 tiles: each distinct discard (and a win now), best expected score first:
    under the best play within N draws, or else under :attr:`policy`."""
    names: dict[int, str]
    bound: PlayLine | None = None
    """Where N draws were too many for the exact search: the value of :attr:`policy`
    within N draws, a lower bound of the optimum."""
    bound_chances: tuple[Fraction, ...] = ()
    """The chance of a closed win under :attr:`policy` within ``exact_draws`` + 1 .. N
    draws (its last is the bound's)."""

    @property
    def exact_draws(self) -> int:
        """The draws the exact search covered: ``draws``, or fewer for a lower bound."""
        return len(self.lines)

    @property
    def exact(self) -> bool:
        """Whether the optimum over every policy was computed (else a lower bound)."""
        return self.bound is None

    @property
    def policy(self) -> str:
        if self.exact:
            return OPTIMAL
        k = self.exact_draws
        return (
            f"the better{' for each first move' if self.moves else ''} of the best play within"
            f" {k} draw{'s' if k != 1 else ''} (counting no later win) and keeping the 14 tiles,"
            " winning at the first drawn tile that completes them"
        )

    @property
    def line(self) -> PlayLine:
        """The rack's value within N draws (the policy's, a lower bound, when not exact)."""
        return self.lines[-1] if self.bound is None else self.bound

    @property
    def expected_score(self) -> float:
        return self.line.expected_score

    @property
    def chance(self) -> tuple[float, ...]:
        """The chance of a closed win within 1, 2, ..., N draws under the best play for
        that many draws; past ``exact_draws``, under the stated :attr:`policy`."""
        return tuple(line.chance for line in self.lines) + tuple(
            float(chance) for chance in self.bound_chances
        )

    @property
    def top_type(self) -> str | None:
        top = self.line.top
        return None if top is None else self.names[top]

    @property
    def best_move(self) -> PlayMove | None:
        return self.moves[0] if self.moves else None


class _OverBudget(Exception):
    """The exact search would weigh more positions than its budget allows."""


class Stop:
    """A way to stop a play search from another thread (the page's "cancel"): the
    search gives up at its next position, in either build, and raises :class:`Stopped`.

    >>> stop = Stop()
    >>> stop.stop()
    >>> play_odds("k1-13 r5", draws=1, stop=stop)
    Traceback (most recent call last):
    ...
    intlscore.errors.Stopped: the play search was stopped
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._stopped = False
        self._compiled: list[_CompiledSearch] = []

    @property
    def stopped(self) -> bool:
        return self._stopped

    def stop(self) -> None:
        with self._lock:
            self._stopped = True
            for search in self._compiled:
                search.stop()

    def attach(self, search: _CompiledSearch) -> None:
        """A compiled search to stop with the rest (at once if already stopped)."""
        with self._lock:
            self._compiled.append(search)
            if self._stopped:
                search.stop()


# A position's value scaled by the falling factorial of its unseen count over the draws
# left, so it is a whole number: (score, wins, ((type number, wins ending in it), ...)).
_Scaled = tuple[int, int, tuple[tuple[int, int], ...]]


@dataclass(frozen=True, slots=True)
class _Useful:
    """:meth:`_Search.useful_draws` of 13 tiles: per type slot, the numbered kinds drawn
    next that may still win at the last draw (``may``); the set-based slots, for which
    that is exact (``sure``), and their pairs walks (``pairs``, None without one). For 13
    tiles holding both jokers, the slots not built from sets that any drawn tile passes
    (``completes``) or none does (``fails``) through :meth:`_Search.may_complete`."""

    may: tuple[int, ...]
    sure: int
    pairs: tuple[DrawnPairs | None, ...] | None
    completes: int = 0
    fails: int = 0


@dataclass(frozen=True, slots=True)
class _Walked:
    """A pairs walk of 13 tiles (:meth:`_Search.pairs_walk`): the caps it was walked with,
    what it found, and the kinds its hands stand in for (``stood``: a drawn tile or a
    joker, in ``one`` or in a pair)."""

    cap: tuple[int, ...]
    pairs: DrawnPairs
    stood: int

    def serves(self, cap: tuple[int, ...]) -> bool:
        """Whether the walk is also the walk of the same tiles under ``cap``: where no cap
        is above the walk's and every kind whose cap is below it is one no hand of the
        walk stands in for. A lower cap only takes away the hands that stand in for more
        copies of its kind than it allows, so with no such hand every hand stays, and so
        does every mask.

        >>> _Walked((2, 2), DrawnPairs(one=0b10), 0b10).serves((1, 2))
        True
        >>> _Walked((2, 2), DrawnPairs(one=0b10), 0b10).serves((2, 1))
        False
        """
        for kind, (walked, now) in enumerate(zip(self.cap, cap, strict=True)):
            if now != walked and (now > walked or self.stood >> kind & 1):
                return False
        return True


@dataclass(frozen=True, slots=True)
class _ThrowBack:
    """:meth:`_Search.throw_back` of 14 tiles: per type slot, the walk of the 14 tiles
    (None: not set-based, or not allowed at the draw) and the tiles completing them."""

    pairs: tuple[DrawnPairs | None, ...]
    outs: tuple[int, ...]


class _Search:
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
        self.types = types
        self.stop = stop
        self.budget = budget
        self._weighed = 0
        self.table = table
        self.alone = Firsts(table, [()])
        self.joker = Firsts(table, [(JOKER_INDEX,)])
        self.two_jokers = Firsts(table, [(JOKER_INDEX, JOKER_INDEX)])
        self.rows: dict[tuple[int, ...], Firsts] = {}
        self.memo: dict[tuple[Pool, int, int], _Scaled] = {}
        self.win_memo: dict[tuple[Pool, int], list[tuple[int, int]]] = {}
        self.useful_memo: dict[tuple[Pool, int], _Useful] = {}
        self.walks: dict[tuple[tuple[int, ...], int, int], _Walked] = {}
        self.stood: dict[tuple[tuple[int, ...], int, int, tuple[int, ...]], StoodHands] = {}
        """Per 12 or 13 tiles, slot and caps, their :func:`.stood_hands` (:meth:`derived`)."""
        self.top_hand = self.top_cap = (0,) * NUMBERED
        """The most copies held and the most caps of any position asked for
        (:meth:`value`): the positions below hold no tile of a kind it did not hold
        unless drawn, and their caps are no higher (:meth:`pairs_walk`)."""
        specs = [type_spec(hand_type) for hand_type, _ in types]
        self.specs = tuple(specs)
        """Per slot, its type's spec (the set search's shape of a set-based one)."""
        self.usable = [usable_kinds(spec) for spec in specs]
        """Per slot, the numbered kinds a completed hand of its type may hold."""
        self.narrowed = narrowed_slots(specs)
        """Per slot, a slot whose type's hands, within the slot's tiles, are the slot's
        (:func:`.shapes.narrowing`), and those tiles; or None."""
        self.parent_slots: list[int | None] = []
        """Per slot, the slot whose type is its plain parent (the same spec), or None."""
        for hand_type, _ in types:
            broad = parent(hand_type)
            spec = None if broad is None else type_spec(broad)
            self.parent_slots.append(specs.index(spec) if spec in specs else None)
        limits = [1 if limit == 0 else limit for _, limit in types if limit is not None]
        self.last_limited = max(limits, default=0)
        """Draw numbers past this one all allow the same types."""
        self.compiled = _CompiledSearch.of(
            table, types, self.narrowed, budget, self.last_limited, root, draws
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

    def value(self, pool: Pool, left: int, draw: int) -> _Scaled:
        """The value of holding ``pool``'s 14 tiles with ``left`` draws to come, the
        next being draw number ``draw``: by the C build where it can (the same search,
        the same answer), else by :meth:`weigh`."""
        self.top_hand = tuple(map(max, self.top_hand, pool.hand))
        self.top_cap = tuple(map(max, self.top_cap, pool.cap))
        if self.compiled is None:
            return self.weigh(pool, left, draw)
        try:
            answer = self.compiled.value(pool, left, draw)
        except InterruptedError:
            raise Stopped("the play search was stopped") from None
        if answer is None:
            raise _OverBudget
        return answer

    def weigh(self, pool: Pool, left: int, draw: int, hint: Hint = NO_HINT) -> _Scaled:
        """:meth:`value` in Python, the reference of the C build (``value`` there), told
        by its parent what it may win one draw from the end (``hint``, :mod:`.hints`)."""
        draw = min(draw, self.last_limited + 1)
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
            answer: _Scaled = (0, 0, ())
            self.memo[key] = answer
            return answer
        # one draw from the end, no other position of this count of draws holds the same
        # tiles and caps (each throw lowers a cap): its wins are not kept
        wins = self.wins(pool, draw, counts, hint, remember=left > 1)
        # two draws from the end: per kind held, the types each next draw may still win;
        # a kind whose discard leaves no win at the last draw whatever comes (without a
        # joker among the 13 tiles left) is hopeless
        useful: dict[int, _Useful] = {}
        hopeless: set[int] = set()
        if left == 2:
            for discard in kinds_held(pool):
                found = useful[discard] = self.useful_draws(pool, discard, draw + 1)
                if not any(found.may) and pool.jokers == (discard == JOKER_INDEX):
                    hopeless.add(discard)
        back: _ThrowBack | None = None
        kinds_before = kinds_held(pool) if left >= 3 else []  # read only there
        # the draws that can still happen: the game ends when no unseen tile is left
        rest = math.perm(unseen - 1, min(left, unseen) - 1)
        score = 0
        won = 0
        ends: dict[int, int] = {}
        for kind, copies in enumerate(counts):
            if not copies:
                continue
            win_score, win_type = wins[kind]
            chosen: _Scaled = (0, 0, ())
            chosen_key = (0, 0, 0)
            if win_score:
                chosen = (win_score * rest, rest, ((win_type, rest),))
                chosen_key = (chosen[0], rest, 1)
            if left > 1:
                held = drawn(pool, kind)
                for discard in kinds_held(held):
                    if discard in hopeless:
                        continue
                    after = thrown(held, discard)
                    if left == 3 and not self.may_win_within_two(after, (draw + 1, draw + 2)):
                        continue
                    child_hint = NO_HINT
                    useful_found = useful.get(discard)
                    if left >= 3 and kind != JOKER_INDEX and discard in kinds_before:
                        # further from the end, the same walk of the 13 tiles the discard
                        # leaves gives the child its wins at its next draw (not the last:
                        # nothing is ruled out by it)
                        child_hint = drawn_hint(self.useful_draws(pool, discard, draw + 1), kind)
                    elif useful_found is not None and kind != JOKER_INDEX:
                        child_hint = drawn_hint(useful_found, kind)
                        if not child_hint.possible:
                            continue  # no win at its one draw: worth nothing
                    elif useful_found is not None and kind == JOKER_INDEX and useful_found.sure:
                        # a drawn joker kept: the 13 tiles left hold one at most (the other)
                        child_hint = self.joker_hint(useful_found)
                    elif left == 2 and discard == kind and kind != JOKER_INDEX:
                        if back is None:
                            back = self.throw_back(pool, draw + 1)
                        child_hint = self.back_hint(pool, back, kind, copies, draw + 1)
                    child = self.weigh(after, left - 1, draw + 1, child_hint)
                    # the best expected score; on a tie the likelier win, then a win now
                    if (child[0], child[1], 0) > chosen_key:
                        chosen, chosen_key = child, (child[0], child[1], 0)
            score += copies * chosen[0]
            won += copies * chosen[1]
            for number, count in chosen[2]:
                ends[number] = ends.get(number, 0) + copies * count
        answer = (score, won, tuple(sorted(ends.items())))
        self.memo[key] = answer
        return answer

    def joker_hint(self, found: _Useful) -> Hint:
        """The hint of the child that keeps a drawn joker, the 13 tiles left holding one
        at most: its wins from the same pairs walk of the 13 (:func:`.hints.joker_child`)."""
        possible = sure = 0
        pairs: list[DrawnPairs | None] = [None] * len(self.types)
        for slot, (hand_type, _limit) in enumerate(self.types):
            walked = found.pairs[slot] if found.pairs is not None else None
            if hand_type.structure not in SET_STRUCTURES:
                possible |= 1 << slot
            elif found.sure >> slot & 1 and walked is not None:
                pairs[slot] = joker_child(walked)
                if pairs[slot] is not None:
                    possible |= 1 << slot
                    sure |= 1 << slot
        return Hint(possible, sure, tuple(pairs), 0)

    def back_hint(self, pool: Pool, back: _ThrowBack, kind: int, copies: int, draw: int) -> Hint:
        """The hint of the child that throws the drawn ``kind`` back: the 14 tiles again,
        one copy fewer to draw, its wins read from one walk of the 14 per type
        (:meth:`throw_back`; :func:`.hints.back_child`, and with both jokers held
        :func:`.hints.back_child_two_jokers`, where a type whose hands stand in for the
        kind thrown back walks the child's own tiles)."""
        possible = sure = 0
        pairs: list[DrawnPairs | None] = [None] * len(self.types)
        for slot, (hand_type, limit) in enumerate(self.types):
            set_based = hand_type.structure in SET_STRUCTURES
            if pool.jokers == 2:
                if not set_based or not _allowed(limit, draw):
                    possible |= 1 << slot
                    continue
                walked, paired = back.pairs[slot], back.outs[slot]
                if walked is None:  # a set-based slot of a hinted parent is walked
                    raise InternalError("a thrown-back draw's walk is missing")
                pairs[slot] = back_child_two_jokers(walked, paired, kind, copies)
                if pairs[slot] is None:
                    possible |= 1 << slot
                elif walked.one | paired:
                    possible |= 1 << slot
                    sure |= 1 << slot
                continue
            if not set_based:
                possible |= 1 << slot
                continue
            walked = back.pairs[slot]
            if walked is None:
                continue  # not allowed at the draw: no win
            pairs[slot] = back_child(pool.jokers, walked, back.outs[slot], kind, copies)
            if pairs[slot] is not None:
                possible |= 1 << slot
                sure |= 1 << slot
        return Hint(possible, sure, tuple(pairs), kind)

    def throw_back(self, pool: Pool, draw: int) -> _ThrowBack:
        """For 14 tiles two draws from the end, the child that throws the drawn tile back
        holds the same 14 tiles, with one copy of that kind fewer to draw: per set-based
        type allowed at its draw ``draw``, one walk of the 14 tiles serves every such
        child. Without a joker it is the outs walk at 13 real tiles: whether they hold the
        type alone (``one`` all tiles) and which drawn tiles complete it (``outs``); with
        jokers, the pairs walk (:func:`.drawn_pairs`: the tiles the jokers stand in for in
        the hands keeping every real tile, and the pairs a hand keeping all but one stands
        in for; with two jokers ``outs`` are the tiles of such pairs)."""
        walks: list[DrawnPairs | None] = [None] * len(self.types)
        outs = [0] * len(self.types)
        for slot, (hand_type, limit) in enumerate(self.types):
            if hand_type.structure not in SET_STRUCTURES or not _allowed(limit, draw):
                continue  # draw >= 2
            if pool.jokers:
                walks[slot] = walked = self.derived(slot, pool)
                if pool.jokers == 2:
                    outs[slot] = walked.paired
                continue
            walks[slot] = found = DrawnPairs()
            closest = closest_within(hand_type, pool, HAND_SIZE - 1)
            if closest is not None and closest.kept == HAND_SIZE:
                found.one = ANY_NUMBERED
            elif closest is not None:
                outs[slot] = closest.outs
        return _ThrowBack(tuple(walks), tuple(outs))

    def may_win_within_two(self, pool: Pool, draws: tuple[int, ...]) -> bool:
        """Whether 14 tiles may win on one of draw numbers ``draws`` (at most two of them):
        only if they and two jokers in place of the draws hold a type (each drawn tile is
        an unseen copy a joker may stand for, R3). A hand with a joker may always."""
        if pool.jokers:
            return True  # a third joker is not a hand (R3): no shortcut
        return any(
            self.two_jokers.of(hand_type, pool, 2, 2).kept[0] is not None
            for hand_type, limit in self.types
            if any(_allowed(limit, draw) for draw in draws)
        )

    def useful_draws(self, pool: Pool, discard: int, draw: int) -> _Useful:
        """For 14 tiles two draws from the end and a kind held (``discard``): whether,
        once that kind is thrown after the next draw, each type may still win at the last
        draw (number ``draw``), as the mask (per slot) of the numbered kinds drawn next
        for which it may.

        The 14 tiles kept then win with the last tile only if they and a joker in its
        place hold the type (an unseen copy is one a joker may stand for, R3). For a
        set-based type this is exact (``sure`` marks these slots), found by one walk of
        the 13 tiles left in pairs mode (:func:`.drawn_pairs`): with a joker they hold it
        alone when some tile completes them, and otherwise with the tiles x of the pairs
        (x, z) that complete them keeping all their real tiles but one. The same walk tells
        what the 14 tiles then win with each last tile (``pairs``, read by
        :meth:`paired_wins`). Another type may win only if the 13 tiles and two jokers
        hold it (with a joker among the 13, nothing is ruled out). The memo keeps what is
        found for the 13 tiles: two orders of the same two discards leave the same tiles.

        With Single colour runs alone, ``k1-13 o5`` throwing o5 keeps a completed hand
        whatever comes, and throwing k7 needs a black tile (the joker one in its place):

        >>> from intlscore.engine.odds.start import set_up
        >>> rack = set_up("k1-13 o5")
        >>> runs = rack.table.by_number(23)
        >>> search = _Search(rack.table, [(runs, None)], 10, rack.pool, 2)
        >>> [bin(search.useful_draws(rack.pool, Tile(name).index, 2).may[0]).count("1")
        ...  for name in ("o5", "k7")]
        [52, 13]
        """
        after = thrown(pool, discard)
        key = (after, draw)
        known = self.useful_memo.get(key)
        if known is not None:
            return known
        may = [0] * len(self.types)
        walks: list[DrawnPairs | None] = [None] * len(self.types)
        sure = completes = fails = 0
        for slot, (hand_type, limit) in enumerate(self.types):
            if not _allowed(limit, draw):
                continue  # draw >= 2: never the hand as dealt (limit 0)
            if hand_type.structure in SET_STRUCTURES:
                sure |= 1 << slot
                walks[slot] = found = self.pairs_walk(slot, after)
                may[slot] = ANY_NUMBERED if found.one else found.paired
            elif after.jokers or self.two_jokers.of(hand_type, after, 2, 2).kept[0] is not None:
                may[slot] = ANY_NUMBERED
            if after.jokers == 2 and hand_type.structure not in SET_STRUCTURES:
                # the 13 tiles and a drawn tile keep at most one real tile more than the
                # 13 do, and never fewer: may_complete asks all their real tiles but one
                kept = kept_within(hand_type, after, HAND_SIZE - 4)
                if kept is None:
                    fails |= 1 << slot
                elif kept >= HAND_SIZE - 3:
                    completes |= 1 << slot
        useful = _Useful(tuple(may), sure, tuple(walks) if sure else None, completes, fails)
        self.useful_memo[key] = useful
        return useful

    def pairs_walk(self, slot: int, pool: Pool) -> DrawnPairs:
        """:func:`.drawn_pairs` of a set-based slot for 13 tiles, found once for the
        tiles (and their jokers) under the highest caps a position holding them can have
        (:meth:`derived`), and kept for every position whose caps it serves
        (:meth:`_Walked.serves`): the same masks. Each copy held above was thrown to leave
        these tiles, a cap lower by one each (:meth:`top_caps`); a tile drawn and thrown
        back lowers one more, so positions reach the same 13 tiles with many caps. Where
        the masks kept do not serve, :meth:`derived` reads them under the position's own
        caps."""
        key = (pool.hand, pool.jokers, slot)
        walked = self.walks.get(key)
        if walked is None:
            top = self.top_caps(pool.hand)
            if all(map(int.__le__, pool.cap, top)):
                found = self.derived(slot, pool._replace(cap=top))
                walked = self.walks[key] = _Walked(top, found, found.one | found.paired)
        if walked is not None and walked.serves(pool.cap):
            return walked.pairs
        return self.derived(slot, pool)

    def derived(self, slot: int, pool: Pool) -> DrawnPairs:
        """:func:`.drawn_pairs` of a set-based slot for 13 tiles, or 14 with jokers, read
        from one walk of the tiles every position around them holds (:func:`.stood_hands`,
        walked once per tiles, slot and top caps): where the tiles hold one copy more of a
        numbered kind x than any position asked for (:meth:`value`), they are tiles such
        positions hold and a drawn x (12 and x, or 13 and x: a drawn tile to throw back,
        :meth:`throw_back`); 14 tiles no position exceeds are 13 and their last kind, walked
        under the 14 tiles' top caps; otherwise 13 tiles are their own. The tiles without x
        are walked under the top caps of the tiles with x, and any lower caps (a tile drawn
        and thrown back) only take hands away: the same masks as a walk of the tiles under
        their own caps, which is made where there is no such walk (caps above the top
        caps).

        With Single colour runs alone, the 13 tiles ``k1-12 o5`` of a position holding
        ``k1-11 o5 o6 o7`` are its 12 tiles ``k1-11 o5`` and a drawn k12:

        >>> from intlscore.engine.odds.start import set_up
        >>> rack = set_up("k1-11 o5 o6 o7")
        >>> runs = rack.table.by_number(23)
        >>> search = _Search(rack.table, [(runs, None)], 10, rack.pool, 2)
        >>> search.top_hand, search.top_cap = rack.pool.hand, rack.pool.cap
        >>> leaves = thrown(thrown(drawn(rack.pool, Tile("k12").index), Tile("o6").index),
        ...                 Tile("o7").index)
        >>> found = search.derived(0, leaves)
        >>> len(search.stood), found == drawn_pairs(search.specs[0], leaves)
        (1, True)
        >>> [str(Tile(z)) for z in range(52) if found.pair[Tile("k13").index] >> z & 1]
        ['k1', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9', 'k10', 'k11', 'k12']
        """
        excess = [
            kind
            for kind, (held, most) in enumerate(zip(pool.hand, self.top_hand, strict=True))
            if held > most
        ]
        added: int | None = None
        if len(excess) == 1 and pool.hand[excess[0]] == self.top_hand[excess[0]] + 1:
            added = excess[0]
        elif not excess and sum(pool.hand) + pool.jokers == HAND_SIZE:
            added = max(kind for kind, held in enumerate(pool.hand) if held)
        base = pool if added is None else thrown_back(pool, added)
        top = self.top_caps(pool.hand)
        size = sum(base.hand) + base.jokers
        if (size == HAND_SIZE - 1 or (size == HAND_SIZE - 2 and added is not None)) and all(
            map(int.__le__, pool.cap, top)
        ):
            return self.stood_hands(slot, base, top).drawn_pairs(pool, added)
        return known(drawn_pairs(self.specs[slot], pool), "the pairs walk of 13 or 14 tiles")

    def stood_hands(self, slot: int, base: Pool, top: tuple[int, ...]) -> StoodHands:
        """:func:`.stood_hands` of a set-based slot for 12 or 13 tiles under the caps
        ``top``, once per tiles, slot and caps. Where the slot's type is a narrower one's
        (:attr:`narrowed`) and the tiles are all its own, the wider type's hands within its
        tiles (:meth:`.StoodHands.within`): the same hands, without a walk of their own."""
        key = (base.hand, base.jokers, slot, top)
        hands = self.stood.get(key)
        if hands is None:
            narrowed = self.narrowed[slot]
            if narrowed is not None and _within(base.hand, narrowed[1]):
                hands = self.stood_hands(narrowed[0], base, top).within(narrowed[1])
            else:
                walked = stood_hands(self.specs[slot], base._replace(cap=top))
                hands = known(walked, "the stood walk of 12 or 13 tiles")
            self.stood[key] = hands
        return hands

    def top_caps(self, hand: tuple[int, ...]) -> tuple[int, ...]:
        """The highest caps of a position below :meth:`value` holding ``hand``: the top
        caps, less one for each copy held above and not here (it was thrown, R3)."""
        return tuple(
            cap - max(0, most - held)
            for cap, most, held in zip(self.top_cap, self.top_hand, hand, strict=True)
        )

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
        wins = self.wins(pool, self.last_limited + 1, counts)
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

    def now(self, pool: Pool) -> tuple[int, int]:
        """A 15-tile rack as it is: its best final score (R13) and type, or (0, 0)."""
        best = (0, 0)
        for hand_type, _limit in self.types:
            kept = self.held(hand_type, pool)
            if kept is not None:
                score = best_score(hand_type, kept, pool.jokers, HAND_SIZE + 1)
                best = _better(best, score, hand_type.number)
        return best

    def held(self, hand_type: HandType, pool: Pool) -> int | None:
        """The real tiles of the pool a completed hand of the type keeps, or None."""
        return self.alone.of(hand_type, pool, 0, 0).kept[0]

    def wins(
        self,
        pool: Pool,
        draw: int,
        counts: list[int],
        hint: Hint = NO_HINT,
        *,
        remember: bool = True,
    ) -> list[tuple[int, int]]:
        """Per kind drawn at draw number ``draw``: the best closed score (R10-R13) of the
        14 tiles and the drawn one, and its type (the later in the table on a tie, R11).
        ``hint`` (from the parent) rules types out, and gives some their wins from the
        parent's pairs walk (:meth:`paired_wins`): the same wins, found sooner. They are
        kept for the tiles and the draw where ``remember``."""
        key = (pool, draw)
        known = self.win_memo.get(key) if remember else None
        if known is not None:
            return known
        best = [(0, 0)] * KINDS
        kinds = tuple(kind for kind, count in enumerate(counts) if count)
        hinted = self.hinted_parents(hint)
        for slot, (hand_type, limit) in enumerate(self.types):
            if limit == 0:  # the hand as dealt (R21): only at the first draw, no doubling
                kept = self.held(hand_type, pool) if draw == 1 else None
                if kept is not None:
                    score = best_score(hand_type, kept, pool.jokers, HAND_SIZE)
                    for kind in kinds:
                        best[kind] = _better(best[kind], score, hand_type.number)
                continue
            if limit is not None and draw > limit:
                continue
            if not hint.possible >> slot & 1:
                continue  # the parent: no joker completes it
            walked = hint.pairs[slot] if hint.pairs is not None else None
            if hint.sure >> slot & 1 and walked is not None:
                self.paired_wins(slot, pool, walked, hint.drawn, counts, best)
                continue
            if pool.jokers < 2 and hinted.get(slot) is False:
                continue  # its parent, walked by the parent position, is not held
            # a drawn tile completes the type only if a joker in its place does (an unseen
            # copy is one the joker may stand for, R3): one row instead of every kind
            with_joker = self.joker.of(hand_type, pool, 1, 1).kept[0] if pool.jokers < 2 else 0
            if with_joker is None or hint.fails >> slot & 1:
                continue
            if not hint.completes >> slot & 1 and not self.may_complete(hand_type, pool):
                continue
            for kind, kept in self.completing(slot, pool, kinds, with_joker):
                jokers = pool.jokers + (kind == JOKER_INDEX)
                score = best_score(hand_type, kept, jokers, HAND_SIZE + 1)
                best[kind] = _better(best[kind], score, hand_type.number)
        if remember:
            self.win_memo[key] = best
        return best

    def hinted_parents(self, hint: Hint) -> dict[int, bool]:
        """Per slot whose plain parent (:func:`~intlscore.engine.parents.parent`) is a
        slot the hint walked: whether the 14 tiles and a joker hold that parent, exactly as
        that slot's ``possible`` bit says, so a type whose parent is not held is not checked
        (the C build reads its parent checks the same way, ``hinted_parents``)."""
        hinted: dict[int, bool] = {}
        for slot, parent_slot in enumerate(self.parent_slots):
            if parent_slot is not None and hint.walked >> parent_slot & 1:
                hinted[slot] = bool(hint.possible >> parent_slot & 1)
        return hinted

    def paired_wins(
        self,
        slot: int,
        pool: Pool,
        pairs: DrawnPairs,
        x: int,
        counts: list[int],
        best: list[tuple[int, int]],
    ) -> None:
        """The wins of a set-based slot for a position one draw from the end made of 13
        tiles and a drawn numbered tile ``x``, read from the pairs walk of the 13 (the
        :class:`Hint`): the same as :meth:`completing` finds. The 14 tiles hold the type
        alone when x completes the 13; then every drawn tile wins, keeping 14 real tiles
        where the two complete the 13 without their joker (it is thrown, R12). Otherwise a
        drawn tile z wins when it completes the 13 alone or with x, and a drawn joker when
        the 13 and two jokers hold it or x does with them."""
        hand_type = self.types[slot][0]
        number = hand_type.number
        jokers = pool.jokers
        real = HAND_SIZE - jokers
        size = HAND_SIZE + 1
        if pairs.one >> x & 1:
            free = pairs.joker_free[x] if jokers else 0
            scores = (
                best_score(hand_type, real, jokers, size),
                best_score(hand_type, real + 1, jokers, size),
            )
            for z in range(NUMBERED):
                if counts[z]:
                    best[z] = _better(best[z], scores[free >> z & 1], number)
            if counts[JOKER_INDEX]:
                score = best_score(hand_type, real, jokers + 1, size)
                best[JOKER_INDEX] = _better(best[JOKER_INDEX], score, number)
            return
        winners = pairs.one | pairs.pair[x]
        if not winners:
            return
        score = best_score(hand_type, real, jokers, size)
        for z in range(NUMBERED):
            if counts[z] and winners >> z & 1:
                best[z] = _better(best[z], score, number)
        if counts[JOKER_INDEX]:
            score = best_score(hand_type, real - 1, jokers + 1, size)
            best[JOKER_INDEX] = _better(best[JOKER_INDEX], score, number)

    def may_complete(self, hand_type: HandType, pool: Pool) -> bool:
        """Whether a drawn tile may complete a type that is not built from sets for 14
        tiles holding both jokers (there is no joker left to draw in their place): only
        if a completed hand keeps all their real tiles but one, since a tile more in the
        pool raises the most real tiles kept by one at most. One check instead of one
        per kind drawn (the set-based types have their own walks); a position made of 13
        tiles and a drawn tile is decided by the 13 where they keep fewer than ten real
        tiles (it fails) or 11 or more (it passes; :meth:`useful_draws`, the hint's
        ``fails`` and ``completes``)."""
        if pool.jokers < 2 or hand_type.structure in SET_STRUCTURES:
            return True
        return kept_within(hand_type, pool, HAND_SIZE - pool.jokers - 1) is not None

    def completing(
        self,
        slot: int,
        pool: Pool,
        kinds: tuple[int, ...],
        with_joker: int,
    ) -> list[tuple[int, int]]:
        """The kinds of ``kinds`` that, drawn, complete the type of ``slot`` with the 14
        tiles, each with the real tiles the completed hand keeps (``with_joker``: what it
        keeps with a joker drawn, where the hand holds at most one). The hand holds it with
        a joker (known).

        Where the 14 tiles hold the type alone, every drawn tile completes it, keeping all
        their real tiles, and one more where it completes them less a joker (then thrown,
        R12). Where they do not hold a set-based type, a drawn numbered tile completes it
        exactly when a completed hand keeping all real tiles but one draws it (the hand's
        jokers stand for the rest), and that hand keeps the other real tiles and the drawn
        one. For a set-based type with jokers both come from the 14 tiles' pairs walk
        (:meth:`derived`, which most positions read from a walk made for many; the C build
        asks keep-most walks): its ``one`` is the tiles that let a joker go, empty unless
        they hold the type, and its ``paired`` the outs. Without jokers, reach's keep-most
        search at all real tiles but one gathers the outs at once. For
        another type without jokers, a drawn kind completes it exactly when a joker that
        may stand only for it does (R3): group testing (:meth:`outs_among`). Otherwise
        each kind is checked, but for a tile of a number the type never uses
        (:func:`usable_kinds`): it completes the type exactly when the 14 tiles hold it
        alone, keeping what they keep.
        """
        hand_type = self.types[slot][0]
        usable = self.usable[slot]
        real = HAND_SIZE - pool.jokers
        set_based = hand_type.structure in SET_STRUCTURES
        numbered = [kind for kind in kinds if kind != JOKER_INDEX]
        joker = [(JOKER_INDEX, with_joker)] if JOKER_INDEX in kinds else []
        if set_based and pool.jokers:
            # the pairs walk of the 14 tiles (derived): they hold the type alone where a
            # hand keeps all their real tiles, and a drawn tile lets a joker go where it
            # is one such a hand stands in for (``one``); otherwise a drawn tile completes
            # them where a hand keeping all their real tiles but one stands in for it
            walked = self.derived(slot, pool)
            if walked.one:
                return [(kind, real + (walked.one >> kind & 1)) for kind in numbered] + joker
            return [(kind, real) for kind in numbered if walked.paired >> kind & 1] + joker
        if set_based or not pool.jokers:
            if self.held(hand_type, pool) is not None:  # no joker to let go
                return [(kind, real) for kind in numbered] + joker
            if set_based:
                closest = closest_within(hand_type, pool, real - 1)
                outs = 0 if closest is None else closest.outs
                return [(kind, real) for kind in numbered if outs >> kind & 1] + joker
            used = [kind for kind in numbered if usable >> kind & 1]
            return [(kind, real) for kind in self.outs_among(hand_type, pool, used)] + joker
        checked = [kind for kind in kinds if kind == JOKER_INDEX or usable >> kind & 1]
        alike = {
            kind: blind_class(self.specs[slot], pool, kind)
            for kind in checked
            if kind != JOKER_INDEX
        }
        first: dict[int, int] = {}  # per class of kinds alike, the one checked
        for kind, group in alike.items():
            if group is not None:
                first.setdefault(group, kind)
        representatives = set(first.values())
        asked = tuple(
            kind for kind in checked if alike.get(kind) is None or kind in representatives
        )
        rows = self.rows.get(asked)
        if rows is None:
            rows = self.rows[asked] = Firsts(self.table, [(kind,) for kind in asked])
        found = dict(zip(asked, rows.of(hand_type, pool, 1, 1).kept, strict=True))
        for kind, group in alike.items():
            if group is not None:
                found[kind] = found[first[group]]
        alone = self.held(hand_type, pool) if len(checked) < len(kinds) else None
        completed = [(kind, found.get(kind, alone)) for kind in kinds]
        return [(kind, kept) for kind, kept in completed if kept is not None]

    def outs_among(self, hand_type: HandType, pool: Pool, kinds: list[int]) -> list[int]:
        """The kinds of ``kinds`` that, drawn, complete a type the 14 tiles (no joker)
        do not hold alone but hold with a joker that may stand only for one of these
        kinds (known): a drawn kind completes it exactly when such a joker standing for
        it does (R3), so each half is tested with one check and a half without such a
        kind is dropped whole."""
        if len(kinds) == 1:
            return kinds
        half = len(kinds) // 2
        found: list[int] = []
        for part in (kinds[:half], kinds[half:]):
            cap = list(pool.hand)
            for kind in part:
                cap[kind] = pool.cap[kind]
            among = pool._replace(cap=tuple(cap), jokers=pool.jokers + 1)
            if self.held(hand_type, among) is not None:
                found += self.outs_among(hand_type, pool, part)
        return found


class _CompiledSearch:
    """The C build of :meth:`_Search.value` (``native/play.c``): the same positions in the
    same order, the same memo and budget, so the same answer; a value is a 64-bit
    integer there, so it serves only where the largest possible value fits."""

    def __init__(self, search: PlaySearch) -> None:
        self._search = search

    @classmethod
    def of(
        cls,
        table: HandTable,
        types: list[tuple[HandType, int | None]],
        narrowed: list[tuple[int, int] | None],
        budget: int,
        last_limited: int,
        root: Pool,
        draws: int,
    ) -> _CompiledSearch | None:
        """The compiled search of a rack (``root``, 14 or 15 tiles, and N ``draws``), or
        None where the build has none or where a value might not fit in 64 bits."""
        if len(types) > _MOST_COMPILED_TYPES:
            return None
        unseen = sum(unseen_counts(root))
        most = max((max(hand_type.scores) for hand_type, _ in types), default=0) * 2
        if math.perm(unseen, min(draws, unseen)) * max(most, 1) >= 2**62:
            return None
        checks = build.current().holds_table(table)
        rows = tuple(
            (
                checks.types.index(hand_type),
                hand_type.number,
                -1 if limit is None else limit,
                hand_type.scores,
                *((-1, 0) if narrow is None else narrow),
            )
            for (hand_type, limit), narrow in zip(types, narrowed, strict=True)
        )
        search = checks.play_search(
            rows, int(root.trump == JOKER_INDEX), min(budget, 2**62), last_limited
        )
        return None if search is None else cls(search)

    def value(self, pool: Pool, left: int, draw: int) -> _Scaled | None:
        """The scaled value of a position, or None when over budget."""
        return self._search.value(
            bytes(pool.hand), bytes(pool.cap), pool.jokers, pool.seen_jokers, left, draw
        )

    def weighed(self) -> int:
        return self._search.weighed()

    def stop(self) -> None:
        """Makes the running :meth:`value` (in another thread) raise InterruptedError."""
        self._search.stop()


_MOST_COMPILED_TYPES = 64
"""The C build holds at most this many types (``MAX_TYPES`` in ``native/play.c``)."""


def usable_kinds(spec: TypeSpec) -> int:
    """The numbered kinds (a mask) that a completed hand of a type may hold: those of
    the numbers it allows (R9), and for a fixed sequence only the numbers in it (the
    high 1 is a 1, R5).

    >>> from intlscore.rules.ruleset import default_table
    >>> wave, royal = (type_spec(default_table().by_number(n)) for n in (29, 24))
    >>> bin(usable_kinds(wave)).count("1"), usable_kinds(wave) >> 28  # 1 to 7
    (28, 0)
    >>> bin(usable_kinds(royal)).count("1")  # 1 to 13, then the high 1
    52
    """
    numbers = spec.numbers
    if spec.sequence:
        in_sequence = 0
        for position in spec.sequence:
            in_sequence |= 1 << position_number(position)
        numbers &= in_sequence
    mask = 0
    for number in range(1, 14):
        if numbers >> number & 1:
            mask |= 0b1111 << (number - 1) * 4
    return mask


def narrowed_slots(specs: list[TypeSpec]) -> list[tuple[int, int] | None]:
    """Per slot, the slot of the narrowest wider type whose hands within the tiles of the
    slot's are the slot's (:func:`.shapes.narrowing`), with those tiles; or None.

    >>> from intlscore.rules.ruleset import default_table
    >>> table = default_table()
    >>> specs = [type_spec(table.by_number(n)) for n in (2, 1, 13, 14)]
    >>> [None if found is None else found[0] for found in narrowed_slots(specs)]
    [1, None, None, 2]
    """
    found: list[tuple[int, int] | None] = []
    for spec in specs:
        wider = [
            (bin(tiles).count("1"), slot, tiles)
            for slot, other in enumerate(specs)
            if (tiles := narrowing(spec, other)) is not None
        ]
        if wider:
            _, slot, tiles = min(wider)
            found.append((slot, tiles))
        else:
            found.append(None)
    return found


def _within(hand: tuple[int, ...], tiles: int) -> bool:
    """Whether every kind held is one of the mask ``tiles``."""
    return all(not held or tiles >> kind & 1 for kind, held in enumerate(hand))


def blind_class(spec: TypeSpec, pool: Pool, kind: int) -> int | None:
    """For a type blind to colour (any tiles or seven pairs, of every colour), a class of
    drawn numbered tiles with which the 14 tiles hold it alike, or None for another type.
    Any tiles: the tiles of one number (a completed hand is counted by number). Seven
    pairs: those of one number with as many copies held and as many left to pair (a
    number's pairs are chosen among its colours alike).

    >>> from intlscore.rules.ruleset import default_table
    >>> square = type_spec(default_table().by_number(12))  # eight of one number
    >>> pool = Pool.build([], [], None)
    >>> [blind_class(square, pool, Tile(name).index) for name in ("k7", "o7", "k8")]
    [6, 6, 7]
    """
    if spec.colours >= 0:
        return None
    number = kind // 4 + 1
    if spec.structure == STRUCTURE_CODES["any"]:
        return number - 1
    if spec.structure == STRUCTURE_CODES["pairs"]:
        return 13 + (number - 1) * 4 + (2 if pool.hand[kind] else 0) + (pool.cap[kind] >= 2)
    return None


def drawn_hint(found: _Useful, kind: int) -> Hint:
    """The hint of a child made of the 13 tiles of ``found`` (:meth:`_Search.useful_draws`)
    and a drawn numbered ``kind``: the types it may win at its next draw, those for which
    that is exact, and their walks. One draw from the end, a child that may win nothing
    there is worth nothing; further from the end the hint only finds its wins sooner."""
    possible = 0
    for slot, mask in enumerate(found.may):
        possible |= (mask >> kind & 1) << slot
    return Hint(
        possible, possible & found.sure, found.pairs, kind, found.sure, found.completes, found.fails
    )


def _allowed(limit: int | None, draw: int) -> bool:
    """Whether a type with R21's draw ``limit`` can be won on draw number ``draw``."""
    return limit is None or draw <= max(limit, 1)


def _better(old: tuple[int, int], score: int, number: int) -> tuple[int, int]:
    """The better of a kind's best win so far and a new one (the later type on a tie)."""
    if score and score >= old[0]:
        return (score, number)
    return old


def unseen_counts(pool: Pool) -> list[int]:
    """Copies still drawable, per kind (52 numbered tiles, then the joker)."""
    counts = [
        cap - held if cap > held else 0 for cap, held in zip(pool.cap, pool.hand, strict=True)
    ]
    return [*counts, pool.unseen_jokers]  # as Pool.unseen, per kind, and the jokers


def drawn(pool: Pool, kind: int) -> Pool:
    """The pool after drawing one tile of ``kind`` into the hand."""
    if kind == JOKER_INDEX:
        return pool._replace(jokers=pool.jokers + 1)
    hand = list(pool.hand)
    hand[kind] += 1
    return pool._replace(hand=tuple(hand))


def thrown(pool: Pool, kind: int) -> Pool:
    """The pool after discarding one tile of ``kind``: out of play for good (R3)."""
    if kind == JOKER_INDEX:
        return pool._replace(jokers=pool.jokers - 1, seen_jokers=pool.seen_jokers + 1)
    hand = list(pool.hand)
    seen = list(pool.seen)
    cap = list(pool.cap)
    hand[kind] -= 1
    seen[kind] += 1
    cap[kind] = max(0, cap[kind] - 1)
    return pool._replace(hand=tuple(hand), seen=tuple(seen), cap=tuple(cap))


def thrown_back(pool: Pool, kind: int) -> Pool:
    """The pool before drawing a numbered tile of ``kind`` (:func:`drawn` undone)."""
    hand = list(pool.hand)
    hand[kind] -= 1
    return pool._replace(hand=tuple(hand))


def kinds_held(pool: Pool) -> list[int]:
    """The distinct kinds in the hand, in index order (the joker last)."""
    kinds = [index for index, count in enumerate(pool.hand) if count]
    return [*kinds, JOKER_INDEX] if pool.jokers else kinds


def _line(scaled: _Scaled, pool: Pool, draws: int) -> PlayLine:
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
    search = _Search(table, types, budget, pool, draws, stop)
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
    search: _Search, pool: Pool, draws: int, step: Callable[[], None]
) -> tuple[PlayMove, ...]:
    """Each distinct discard of 15 tiles (and a win now), best expected score first."""
    moves = []
    score, number = search.now(pool)
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
