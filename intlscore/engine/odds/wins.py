"""What a position of the play search wins at its next draw, per kind drawn (R10-R13).

:meth:`Wins.of` gives, for 14 tiles and each kind that may be drawn, the best closed
score of the 14 tiles and the drawn one and its type; a parent's :class:`.Hint` rules
types out or gives their wins from its own walk. A type is checked with one joker in
place of the draw first (an unseen copy is one the joker may stand for, R3), then only
the kinds that may complete it.
"""

from __future__ import annotations

from intlscore.engine.odds.firsts import Firsts
from intlscore.engine.odds.hints import NO_HINT, Hint
from intlscore.engine.odds.holds import best_score
from intlscore.engine.odds.positions import KINDS, better
from intlscore.engine.odds.slots import Slots
from intlscore.engine.odds.walks import Walks
from intlscore.engine.reach.solve import closest_within, kept_within
from intlscore.engine.setsearch.drawn_pairs import DrawnPairs
from intlscore.engine.setsearch.pool import NUMBERED, Pool
from intlscore.engine.spec import STRUCTURE_CODES, TypeSpec
from intlscore.engine.tiles import JOKER_INDEX
from intlscore.rules.hand_table import HAND_SIZE, SET_STRUCTURES, HandTable, HandType


class Wins:
    """The wins of one play search's positions, remembered per tiles and draw."""

    def __init__(self, table: HandTable, slots: Slots, walks: Walks) -> None:
        self.table = table
        self.types = slots.types
        self.specs = slots.specs
        self.usable = slots.usable
        self.parent_slots = slots.parent_slots
        self.walks = walks
        self.alone = Firsts(table, [()])
        self.joker = Firsts(table, [(JOKER_INDEX,)])
        self.rows: dict[tuple[int, ...], Firsts] = {}
        self.win_memo: dict[tuple[Pool, int], list[tuple[int, int]]] = {}

    def now(self, pool: Pool) -> tuple[int, int]:
        """A 15-tile rack as it is: its best final score (R13) and type, or (0, 0)."""
        best = (0, 0)
        for hand_type, _limit in self.types:
            kept = self.held(hand_type, pool)
            if kept is not None:
                score = best_score(hand_type, kept, pool.jokers, HAND_SIZE + 1)
                best = better(best, score, hand_type.number)
        return best

    def held(self, hand_type: HandType, pool: Pool) -> int | None:
        """The real tiles of the pool a completed hand of the type keeps, or None."""
        return self.alone.of(hand_type, pool, 0, 0).kept[0]

    def of(
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
                        best[kind] = better(best[kind], score, hand_type.number)
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
                best[kind] = better(best[kind], score, hand_type.number)
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
                    best[z] = better(best[z], scores[free >> z & 1], number)
            if counts[JOKER_INDEX]:
                score = best_score(hand_type, real, jokers + 1, size)
                best[JOKER_INDEX] = better(best[JOKER_INDEX], score, number)
            return
        winners = pairs.one | pairs.pair[x]
        if not winners:
            return
        score = best_score(hand_type, real, jokers, size)
        for z in range(NUMBERED):
            if counts[z] and winners >> z & 1:
                best[z] = better(best[z], score, number)
        if counts[JOKER_INDEX]:
            score = best_score(hand_type, real - 1, jokers + 1, size)
            best[JOKER_INDEX] = better(best[JOKER_INDEX], score, number)

    def may_complete(self, hand_type: HandType, pool: Pool) -> bool:
        """Whether a drawn tile may complete a type that is not built from sets for 14
        tiles holding both jokers (there is no joker left to draw in their place): only
        if a completed hand keeps all their real tiles but one, since a tile more in the
        pool raises the most real tiles kept by one at most. One check instead of one
        per kind drawn (the set-based types have their own walks); a position made of 13
        tiles and a drawn tile is decided by the 13 where they keep fewer than ten real
        tiles (it fails) or 11 or more (it passes; :meth:`.ChildHints.useful_draws`, the hint's
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
        (:meth:`.Walks.derived`, which most positions read from a walk made for many; the C build
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
            walked = self.walks.derived(slot, pool)
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


def blind_class(spec: TypeSpec, pool: Pool, kind: int) -> int | None:
    """For a type blind to colour (any tiles or seven pairs, of every colour), a class of
    drawn numbered tiles with which the 14 tiles hold it alike, or None for another type.
    Any tiles: the tiles of one number (a completed hand is counted by number). Seven
    pairs: those of one number with as many copies held and as many left to pair (a
    number's pairs are chosen among its colours alike).

    >>> from intlscore.engine.spec import type_spec
    >>> from intlscore.engine.tiles import Tile
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
