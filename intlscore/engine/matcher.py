"""Matching 14 melded tiles against every type of a table (R10, R11).

Each type is checked by the search of its structure, narrowed by its
conditions; cheap necessary checks run first. One unconstrained set search
(can the tiles form groups and runs at all?) is shared by every set-based
type, and its memo is shared across the discards of one 15-tile hand.

>>> from intlscore.rules.ruleset import default_table
>>> from intlscore.engine.tiles import tile_index
>>> matcher = Matcher(default_table())
>>> royal = [tile_index(0, n) for n in range(1, 14)] + [tile_index(0, 1)]
>>> [m.hand_type.number for m in matcher.matches(royal, jokers=0)]
[1, 22, 23, 24]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from intlscore.engine import build
from intlscore.engine.any_melds import find_any
from intlscore.engine.conditions import can_hold
from intlscore.engine.context import NO_CONTEXT, Context
from intlscore.engine.context import context_allows as context_allows  # re-exported
from intlscore.engine.explain import has_stranded_tile
from intlscore.engine.facts import HandFacts
from intlscore.engine.melds import RawMeld
from intlscore.engine.pair_melds import find_pairs, pairs_possible
from intlscore.engine.prefilter import structure_possible
from intlscore.engine.sequence_melds import find_sequences, numbers_needed
from intlscore.engine.spec import PAIRS, PLAIN, SEQUENCE, TypeSpec, type_spec
from intlscore.rules.hand_table import HandTable, HandType


# NamedTuples, not dataclasses (here and below): made in a fraction of the time at
# import, which every run of the command line pays.
class RawMatch(NamedTuple):
    """A type the tiles fit, with one split proving it."""

    hand_type: HandType
    melds: tuple[RawMeld, ...]


class _Plan(NamedTuple):
    """What a Matcher derives from its table and context, computed once."""

    types: tuple[HandType, ...]
    specs: dict[int, TypeSpec]
    """Per type (by position), what the checks read of it (:func:`.spec.type_spec`)."""
    set_based: frozenset[int]
    """The positions of the set-based types (structure sets, groups or runs)."""
    by_value: tuple[tuple[HandType, ...], ...]
    """Per joker count, the types from the most valuable down."""
    needed: dict[int, tuple[int, ...]]
    """Per sequence type (by position), the tiles of each number it uses."""
    needed_mask: dict[int, int]
    by_structure: tuple[tuple[int, tuple[HandType, ...]], ...]
    """The types grouped by structure (its code, ``TypeSpec.structure``), each group in
    table order."""
    wanted: bytes
    """Per type of the table, 1 when the context allows it (for the compiled checks)."""


_PLANS: dict[tuple[int, Context], tuple[HandTable, _Plan]] = {}


def _plan(table: HandTable, context: Context) -> _Plan:
    """The plan for a table and context, cached by the table's identity."""
    key = (id(table), context)
    cached = _PLANS.get(key)
    if cached is not None and cached[0] is table:
        return cached[1]
    if len(_PLANS) > 64:
        _PLANS.clear()
    plan = _make_plan(table, context)
    _PLANS[key] = (table, plan)
    return plan


def wanted_types(table: HandTable, context: Context = NO_CONTEXT) -> bytes:
    """Per type of the table, 1 when the context allows it: :attr:`Matcher.wanted`,
    without making a matcher (most hands fit no type, and need none).

    >>> from intlscore.rules.ruleset import default_table
    >>> sum(wanted_types(default_table()))  # types 39 and 40 need a first turn or the deal
    38
    """
    return _plan(table, context).wanted


def _by_value(types: tuple[HandType, ...], jokers: int) -> tuple[HandType, ...]:
    return tuple(sorted(types, key=lambda t: -t.scores[jokers]))


def _make_plan(table: HandTable, context: Context) -> _Plan:
    types = tuple(t for t in table if context_allows(t, context))
    specs = {t.position: type_spec(t) for t in types}
    needed = {
        position: numbers_needed(spec)
        for position, spec in specs.items()
        if spec.structure == SEQUENCE
    }
    return _Plan(
        types=types,
        specs=specs,
        set_based=frozenset(position for position, spec in specs.items() if spec.set_based),
        by_value=tuple(_by_value(types, jokers) for jokers in range(3)),
        needed=needed,
        by_structure=tuple(
            (structure, tuple(t for t in types if specs[t.position].structure == structure))
            for structure in dict.fromkeys(specs[t.position].structure for t in types)
        ),
        needed_mask={
            position: sum(1 << n for n, need in enumerate(counts) if need)
            for position, counts in needed.items()
        },
        wanted=bytes(hand_type in types for hand_type in table),
    )


class Matcher:
    """Matches melded tiles against a table under one context.

    Keep one Matcher for all the discards of a hand: the set search's memo is
    shared between calls whose R3 limits are the same.
    """

    def __init__(self, table: HandTable, context: Context = NO_CONTEXT) -> None:
        self.table = table
        self.context = context
        plan = _plan(table, context)
        self.types = plan.types
        self.specs = plan.specs
        self._set_based = plan.set_based
        self.by_value = plan.by_value
        self._needed = plan.needed
        self._needed_mask = plan.needed_mask
        self._by_structure = plan.by_structure
        self.wanted = plan.wanted
        self._feasible_failed: dict[tuple[int, ...], set[tuple[object, ...]]] = {}

    def matches(
        self,
        melded: Sequence[int],
        jokers: int,
        others: Sequence[int] = (),
        *,
        sets_possible: bool | None = None,
        only: frozenset[int] | None = None,
    ) -> list[RawMatch]:
        """Every type (table order) that the melded tiles plus ``jokers`` jokers fit.

        ``melded`` are real tile indices; ``others`` the other physical tiles (the
        discard, seen tiles) that count toward the two copies (R3). A caller that
        already knows whether the tiles can form sets passes ``sets_possible``, and
        one that knows which types can fit at all (the compiled checks) passes their
        rows (``HandType.position``) as ``only``: ints, since a HandType hashes all its
        fields at every test.
        """
        facts = HandFacts.build(melded, jokers, others)
        probe = _Probe(self, facts, sets_possible)
        found = []
        needed_mask = self._needed_mask
        for structure, types in self._by_structure:
            if only is not None:
                types = tuple(t for t in types if t.position in only)
                if not types:
                    continue
            # Whole families fall at once when their shared check fails.
            if structure == PAIRS and not pairs_possible(facts):
                continue
            set_based = structure < PAIRS  # sets, groups, runs
            if set_based and probe.sets_possible is False:
                continue
            if structure == SEQUENCE:
                # A number the sequence never uses rules a type out (most random hands).
                held = facts.number_mask
                types = tuple(t for t in types if not held & ~needed_mask[t.position])
            for hand_type in types:
                melds = probe.check(hand_type)
                if melds is not None:
                    found.append(RawMatch(hand_type, tuple(melds)))
                elif set_based and probe.sets_possible is False:
                    break  # no split into sets at all: the family's other types fail too
        found.sort(key=lambda match: match.hand_type.position)
        return found

    def best_base(
        self,
        melded: Sequence[int],
        jokers: int,
        others: Sequence[int] = (),
        *,
        sets_possible: bool | None = None,
        min_base: int = 0,
        only: frozenset[int] | None = None,
    ) -> int:
        """The highest table score (this joker column) of a type the tiles fit, or 0.

        Types worth less than ``min_base`` are not looked at (they return 0), nor types
        whose row is not in ``only`` when it is given (as for :meth:`matches`).
        """
        probe = _Probe(self, HandFacts.build(melded, jokers, others), sets_possible)
        set_based = self._set_based
        for hand_type in self.by_value[jokers]:
            base = hand_type.scores[jokers]
            if base < min_base:
                break
            if only is not None and hand_type.position not in only:
                continue
            if probe.sets_possible is False and hand_type.position in set_based:
                continue  # cheaper than asking the probe again
            if probe.check(hand_type) is not None:
                return base
        return 0

    def plain_split(self, facts: HandFacts) -> list[RawMeld] | None:
        """Any split into groups and runs, or None; memo shared across discards."""
        if has_stranded_tile(facts):
            return None
        return build.current().plain_split(facts, self._feasible_failed)


class _Probe:
    """One set of melded tiles being checked type by type; shares what types share."""

    def __init__(self, matcher: Matcher, facts: HandFacts, sets_possible: bool | None) -> None:
        self.matcher = matcher
        self.specs = matcher.specs
        self.facts = facts
        self.sets_possible = sets_possible
        self.split: list[RawMeld] | None = None
        self.pairs_ok: bool | None = None

    def check(self, hand_type: HandType) -> list[RawMeld] | None:
        """One proof that the tiles fit the type, or None."""
        facts = self.facts
        spec = self.specs[hand_type.position]
        structure = spec.structure
        if structure < PAIRS:  # sets, groups, runs
            if self.sets_possible is False or not can_hold(spec, facts):
                return None
            plain = is_plain(spec)
            if self.sets_possible is None or (self.split is None and plain):
                self.split = self.matcher.plain_split(facts)
                self.sets_possible = self.split is not None
                if self.split is None:
                    return None
            if not structure_possible(spec, facts):
                return None
            return self.split if plain else find_sets(spec, facts)
        if structure == PAIRS:
            if self.pairs_ok is None:
                self.pairs_ok = pairs_possible(facts)
            if not self.pairs_ok or not can_hold(spec, facts):
                return None
            return find_pairs(spec, facts)
        if not can_hold(spec, facts):
            return None
        if structure == SEQUENCE:
            if facts.number_mask & ~self.matcher._needed_mask[hand_type.position]:
                return None
            needed = self.matcher._needed[hand_type.position]
            if facts.top_count > 1 and any(
                h > n for h, n in zip(facts.number_counts, needed, strict=True)
            ):
                return None
            return find_sequences(spec, facts)
        return find_any(spec, facts)


def is_plain(spec: TypeSpec) -> bool:
    """A set-based type with no condition beyond "groups and/or runs" (e.g. Basic).

    >>> from intlscore.rules.ruleset import default_table
    >>> [n for n in range(1, 41) if is_plain(type_spec(default_table().by_number(n)))]
    [1, 39, 40]

    (39 and 40 are Basic's blitzes: their ``when`` is the context's, not the tiles'.)
    """
    return spec == PLAIN


def find_sets(spec: TypeSpec, facts: HandFacts) -> list[RawMeld] | None:
    """A split into sets meeting a set-based type (sets, groups or runs), or None: the
    build's :func:`.setsearch.split.conditioned_split`."""
    return build.current().conditioned_split(spec, facts)
