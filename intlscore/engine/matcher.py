"""Matching 14 melded tiles against every type of a table (R10, R11).

Each type is checked by the search of its structure, narrowed by its
conditions; cheap necessary checks run first. One unconstrained set search
(can the tiles form groups and runs at all?) is shared by every set-based
type, and its memo is shared across the discards of one 15-tile hand.

>>> from intlscore.table import default_table
>>> from intlscore.tiles import tile_index
>>> matcher = Matcher(default_table())
>>> royal = [tile_index(0, n) for n in range(1, 14)] + [tile_index(0, 1)]
>>> [m.hand_type.number for m in matcher.matches(royal, jokers=0)]
[1, 22, 23, 24]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from intlscore.engine.anytiles import find_any
from intlscore.engine.conditions import can_hold, joker_tiles_may_hold, tiles_hold
from intlscore.engine.explain import has_stranded_tile
from intlscore.engine.facts import MAJOR_NUMBERS, MINOR_NUMBERS, HandFacts
from intlscore.engine.melds import HIGH_ONE, RawMeld
from intlscore.engine.pairs import find_pairs, pairs_possible
from intlscore.engine.prefilter import structure_possible
from intlscore.engine.sequences import find_sequences, numbers_needed
from intlscore.engine.sets import MAX_SETS, SetSearch
from intlscore.result import Context
from intlscore.table import SET_STRUCTURES, HandTable, HandType

ALL_NUMBERS = frozenset(range(1, 14))
RUN_POSITIONS = {None: (1, HIGH_ONE), "minor": (1, 9), "major": (10, HIGH_ONE)}
GROUP_NUMBERS = {None: ALL_NUMBERS, "minor": MINOR_NUMBERS, "major": MAJOR_NUMBERS}


@dataclass(frozen=True, slots=True)
class RawMatch:
    """A type the tiles fit, with one split proving it."""

    hand_type: HandType
    melds: tuple[RawMeld, ...]


def context_allows(hand_type: HandType, context: Context) -> bool:
    """Whether the win's context meets the type's ``when`` flags (types 39, 40)."""
    for flag in hand_type.when:
        if flag == "first_turn" and not context.first_turn:
            return False
        if flag == "original_hand" and not context.original_hand:
            return False
        if flag == "not_starting_player" and context.starting_player:
            return False
    return True


class Matcher:
    """Matches melded tiles against a table under one context.

    Keep one Matcher for all the discards of a hand: the set search's memo is
    shared between calls whose R3 limits are the same.
    """

    def __init__(self, table: HandTable, context: Context = Context()) -> None:
        self.table = table
        self.context = context
        self.types = [t for t in table if context_allows(t, context)]
        self._set_types = [t for t in self.types if t.structure in SET_STRUCTURES]
        self._pair_types = [t for t in self.types if t.structure == "pairs"]
        self._any_types = [t for t in self.types if t.structure == "any"]
        by_numbers: dict[tuple[int, ...], list[HandType]] = {}
        for hand_type in self.types:
            if hand_type.structure == "sequence":
                by_numbers.setdefault(numbers_needed(hand_type), []).append(hand_type)
        self._sequence_types = list(by_numbers.items())
        self._feasible_failed: dict[tuple[int, ...], set[tuple[object, ...]]] = {}

    def matches(
        self,
        melded: Sequence[int],
        jokers: int,
        others: Sequence[int] = (),
        *,
        sets_possible: bool | None = None,
        min_base: int = 0,
    ) -> list[RawMatch]:
        """Every type (table order) that the melded tiles plus ``jokers`` jokers fit.

        ``melded`` are real tile indices; ``others`` the other physical tiles (the
        discard, seen tiles) that count toward the two copies (R3). A caller that
        already knows the tiles cannot form sets passes ``sets_possible=False``;
        one that only cares about types worth at least ``min_base`` says so.
        """
        facts = HandFacts.build(melded, jokers, others)
        found: list[RawMatch] = []
        if self._any_types:
            self._match_any(facts, min_base, found)
        if self._pair_types and pairs_possible(facts):
            self._match_pairs(facts, min_base, found)
        if self._sequence_types:
            self._match_sequences(facts, min_base, found)
        if self._set_types and sets_possible is not False:
            self._match_sets(facts, min_base, found)
        found.sort(key=lambda match: match.hand_type.position)
        return found

    def _candidates(self, types: list[HandType], facts: HandFacts, min_base: int) -> list[HandType]:
        jokers = facts.jokers
        return [t for t in types if t.scores[jokers] >= min_base and can_hold(t, facts)]

    def _match_any(self, facts: HandFacts, min_base: int, found: list[RawMatch]) -> None:
        for hand_type in self._candidates(self._any_types, facts, min_base):
            melds = find_any(hand_type, facts)
            if melds is not None:
                found.append(RawMatch(hand_type, tuple(melds)))

    def _match_pairs(self, facts: HandFacts, min_base: int, found: list[RawMatch]) -> None:
        for hand_type in self._candidates(self._pair_types, facts, min_base):
            melds = find_pairs(hand_type, facts)
            if melds is not None:
                found.append(RawMatch(hand_type, tuple(melds)))

    def _match_sequences(self, facts: HandFacts, min_base: int, found: list[RawMatch]) -> None:
        held = facts.number_counts
        for needed, types in self._sequence_types:
            if any(h > n for h, n in zip(held, needed, strict=True)):
                continue
            for hand_type in self._candidates(types, facts, min_base):
                melds = find_sequences(hand_type, facts)
                if melds is not None:
                    found.append(RawMatch(hand_type, tuple(melds)))

    def _match_sets(self, facts: HandFacts, min_base: int, found: list[RawMatch]) -> None:
        candidates = self._candidates(self._set_types, facts, min_base)
        if not candidates:
            return
        plain_split = self.plain_split(facts)
        if plain_split is None:
            return
        for hand_type in candidates:
            if not structure_possible(hand_type, facts):
                continue
            melds = plain_split if is_plain(hand_type) else find_sets(hand_type, facts)
            if melds is not None:
                found.append(RawMatch(hand_type, tuple(melds)))

    def plain_split(self, facts: HandFacts) -> list[RawMeld] | None:
        """Any split into groups and runs, or None; memo shared across discards."""
        if has_stranded_tile(facts):
            return None
        failed = self._feasible_failed.setdefault(facts.cap, set())
        return SetSearch(facts, failed=failed).find()


def is_plain(hand_type: HandType) -> bool:
    """A set-based type with no condition beyond "groups and/or runs" (e.g. Basic)."""
    return (
        hand_type.structure == "sets"
        and hand_type.sets is None
        and hand_type.range is None
        and hand_type.max_total is None
        and hand_type.colours is None
        and hand_type.same_number is None
    )


def find_sets(hand_type: HandType, facts: HandFacts) -> list[RawMeld] | None:
    """A split into sets meeting a set-based type (sets, groups or runs), or None."""
    allowed = hand_type.sets

    def leaf(groups: int, runs: tuple[int, ...], used: tuple[int, ...]) -> bool:
        if allowed is not None and groups + len(runs) not in allowed:
            return False
        return tiles_hold(hand_type, facts, used)

    needs_prune = hand_type.range is not None or hand_type.max_total or hand_type.colours
    # The leaf reads the set count only if the type limits it, and the runs'
    # colours never (colours are in the tiles; distinct_runs prunes on the way).
    return SetSearch(
        facts,
        groups=hand_type.structure != "runs",
        runs=hand_type.structure != "groups",
        numbers=GROUP_NUMBERS[hand_type.range],
        positions=RUN_POSITIONS[hand_type.range],
        max_sets=MAX_SETS if allowed is None else max(allowed),
        distinct_runs=hand_type.distinct_colours,
        leaf=leaf,
        leaf_needs=(allowed is not None, False),
        prune=(lambda used: joker_tiles_may_hold(hand_type, facts, used)) if needs_prune else None,
    ).find()
