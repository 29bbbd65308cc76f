"""Hypothesis properties of the closed-hand scorer (R3-R13).

The hands come from :mod:`strategies` (mostly near misses of the 40 types); the
brute-force :mod:`reference` is the independent oracle.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from random import Random

import pytest
from conftest import STRESS
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st
from reference import best_discard_score, best_type, fitting_types
from strategies import (
    colour_permutations,
    hands15,
    hands_with_discard,
    hands_with_seen,
    recolour,
)

from intlscore.engine.notation import format_tiles
from intlscore.engine.score_result import Context, Meld, ScoreResult, TypeMatch
from intlscore.engine.scoring import score_hand, types_fitting
from intlscore.engine.tiles import COPIES, Tile
from intlscore.rules.hand_table import SET_STRUCTURES, HandType
from intlscore.rules.ruleset import default_table

TABLE = default_table()
HIGH_ONE = 14
NO_CONTEXT = Context()

Discarded = tuple[list[Tile], Tile | None]
"""14 tiles and a discard or None."""
Seen = tuple[list[Tile], Tile | None, list[Tile]]
"""14 tiles, a discard or None, and the tiles seen elsewhere (R3)."""

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    # The brute force is slow on these: report the failing example without shrinking it.
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)


contexts = st.builds(Context, st.booleans(), st.booleans(), st.booleans())


def _score(
    tiles: Sequence[Tile],
    discard: Tile | None = None,
    context: Context = NO_CONTEXT,
    known: Sequence[Tile] = (),
) -> ScoreResult:
    note(
        f"score_hand({format_tiles(tiles)!r}, discard={discard}, known={format_tiles(known)!r},"
        f" {context})"
    )
    return score_hand(
        list(tiles),
        discard=discard,
        first_turn=context.first_turn,
        original_hand=context.original_hand,
        starting_player=context.starting_player,
        known=list(known),
    )


def _summary(result: ScoreResult) -> tuple[int | None, int, frozenset[int]]:
    """Best type, final score and every fitting type: what must not depend on presentation."""
    number = None if result.best is None else result.best.number
    return number, result.score, frozenset(m.number for m in result.matches)


# --- invariance -----------------------------------------------------------------------


@pytest.mark.slow
@FAST
@given(hands_with_discard(), st.randoms(use_true_random=False), contexts)
def test_tile_order_does_not_matter(hand: Discarded, random: Random, context: Context) -> None:
    tiles, discard = hand
    shuffled = list(tiles)
    random.shuffle(shuffled)
    assert _summary(_score(shuffled, discard, context)) == _summary(_score(tiles, discard, context))


@pytest.mark.slow
@FAST
@given(hands15(), st.randoms(use_true_random=False))
def test_tile_order_does_not_matter_for_15_tiles(tiles: list[Tile], random: Random) -> None:
    shuffled = list(tiles)
    random.shuffle(shuffled)
    first, second = _score(tiles), _score(shuffled)
    assert _summary(second) == _summary(first)
    assert second.discard == first.discard


@pytest.mark.slow
@FAST
@given(hands_with_discard(), colour_permutations(), contexts)
def test_colour_permutation_does_not_matter(
    hand: Discarded, perm: tuple[int, ...], context: Context
) -> None:
    tiles, discard = hand
    new_discard = None if discard is None else recolour([discard], perm)[0]
    renamed = _score(recolour(tiles, perm), new_discard, context)
    original = _score(tiles, discard, context)
    assert _summary(renamed) == _summary(original)
    assert (renamed.jokers, renamed.doubled) == (original.jokers, original.doubled)


@pytest.mark.slow
@FAST
@given(hands15(), colour_permutations())
def test_colour_permutation_keeps_15_tile_score(tiles: list[Tile], perm: tuple[int, ...]) -> None:
    # Several discards may tie; only the score is sure to be the same (R13).
    assert _score(recolour(tiles, perm)).score == _score(tiles).score


@pytest.mark.slow
@FAST
@given(hands_with_seen(), colour_permutations())
def test_renaming_colours_of_hand_and_seen_tiles_keeps_column_and_score(
    hand: Seen, perm: tuple[int, ...]
) -> None:
    tiles, discard, seen = hand
    new_discard = None if discard is None else recolour([discard], perm)[0]
    renamed = _score(recolour(tiles, perm), new_discard, known=recolour(seen, perm))
    original = _score(tiles, discard, known=seen)
    assert renamed.jokers == original.jokers == sum(t.is_joker for t in tiles)
    assert renamed.score == original.score
    assert _summary(renamed) == _summary(original)


# --- decompositions -------------------------------------------------------------------


def _position_sets(numbers: list[int]) -> list[list[int]]:
    """The run positions the numbers can take: a 1 low, or a 1 high (R5)."""
    low = sorted(numbers)
    options = [low]
    if 1 in numbers:
        options.append(sorted(HIGH_ONE if n == 1 else n for n in numbers))
    return options


def _valid_run(tiles: list[Tile]) -> bool:
    if not 3 <= len(tiles) <= 13 or len({t.colour for t in tiles}) != 1:
        return False
    return any(
        positions == list(range(positions[0], positions[0] + len(positions)))
        for positions in _position_sets([t.number for t in tiles])
    )


def _valid_group(tiles: list[Tile]) -> bool:
    return (
        len(tiles) in (3, 4)
        and len({t.number for t in tiles}) == 1
        and len({t.colour for t in tiles}) == len(tiles)
    )


def _valid_sequence(tiles: list[Tile], hand_type: HandType) -> bool:
    """The meld, in its order, is the type's sequence with its neighbour rule."""
    assert hand_type.sequence is not None
    numbers = [1 if p == HIGH_ONE else p for p in hand_type.sequence]
    if [t.number for t in tiles] != numbers:
        return False
    pairs = list(itertools.pairwise(tiles))
    if hand_type.neighbours == "same":
        return all(a.colour == b.colour for a, b in pairs)
    return all(a.colour != b.colour for a, b in pairs)


def _check_melds(melds: tuple[Meld, ...], hand_type: HandType) -> None:
    kinds = [meld.kind for meld in melds]
    shown = [[p.represented for p in meld.tiles] for meld in melds]
    structure = hand_type.structure
    if structure in SET_STRUCTURES:
        allowed = {"sets": {"group", "run"}, "groups": {"group"}, "runs": {"run"}}[structure]
        assert set(kinds) <= allowed, kinds
        for kind, tiles in zip(kinds, shown, strict=True):
            assert (_valid_group if kind == "group" else _valid_run)(tiles), tiles
        if hand_type.sets is not None:
            assert len(melds) in hand_type.sets
        if hand_type.distinct_colours:
            colours = [t[0].colour for k, t in zip(kinds, shown, strict=True) if k == "run"]
            assert len(set(colours)) == len(colours), colours
    elif structure == "pairs":
        assert kinds == ["pair"] * 7
        assert all(len(tiles) == 2 and tiles[0] == tiles[1] for tiles in shown), shown
    elif structure == "sequence":
        assert kinds == ["sequence"] * hand_type.repeat
        assert all(_valid_sequence(tiles, hand_type) for tiles in shown), shown
        if hand_type.distinct_colours:
            colour_sets = [frozenset(t.colour for t in tiles) for tiles in shown]
            assert len(set(colour_sets)) == len(colour_sets), colour_sets


def _check_conditions(represented: list[Tile], hand_type: HandType) -> None:
    if hand_type.colours is not None:
        assert len({t.colour for t in represented}) == hand_type.colours
    if hand_type.range == "minor":
        assert all(1 <= t.number <= 9 for t in represented)
    if hand_type.range == "major":
        assert all(t.number in (10, 11, 12, 13, 1) for t in represented)
    if hand_type.max_total is not None:
        assert sum(t.number for t in represented) <= hand_type.max_total
    if hand_type.same_number is not None:
        assert max(Counter(t.number for t in represented).values()) >= hand_type.same_number


def _check_match(result: ScoreResult, match: TypeMatch, known: Sequence[Tile]) -> None:
    hand_type = TABLE.by_number(match.number)
    assert match.name == hand_type.name
    assert match.base == hand_type.score_for(result.jokers)
    placed = [p for meld in match.melds for p in meld.tiles]
    assert Counter(p.tile for p in placed) == Counter(result.tiles), "melds use the 14 tiles"
    for p in placed:
        if p.is_joker:
            assert not p.represented.is_joker, "a joker stands for a numbered tile"
        else:
            assert p.represented == p.tile
    represented = [p.represented for p in placed]
    outside = [t for t in [result.discard, *known] if t is not None and not t.is_joker]
    copies = Counter([*represented, *outside])
    assert max(copies.values()) <= COPIES, f"R3: {copies.most_common(1)}"
    _check_melds(match.melds, hand_type)
    _check_conditions(represented, hand_type)
    context = result.context
    assert "first_turn" not in hand_type.when or context.first_turn
    assert "original_hand" not in hand_type.when or context.original_hand
    assert "not_starting_player" not in hand_type.when or not context.starting_player


def _check_result(result: ScoreResult, known: Sequence[Tile] = ()) -> None:
    assert len(result.tiles) == 14
    assert result.jokers == sum(t.is_joker for t in result.tiles)
    assert result.doubled == (result.discard is not None and result.discard.is_joker)
    numbers = [m.number for m in result.matches]
    positions = [m.position for m in result.matches]
    assert positions == sorted(positions) and len(set(numbers)) == len(numbers)
    for match in result.matches:
        _check_match(result, match, known)
    if result.best is None:
        assert not result.matches and result.score == 0
        return
    _check_match(result, result.best.match, known)
    assert result.best.number in numbers
    top = max(result.matches, key=lambda m: (m.base, m.position))
    assert result.best.number == top.number, "R11: highest value, ties to the later row"
    assert result.best.score == result.best.base * (2 if result.doubled else 1), "R12"


@pytest.mark.slow
@FAST
@given(hands_with_seen(), contexts)
def test_every_decomposition_is_valid(hand: Seen, context: Context) -> None:
    tiles, discard, seen = hand
    result = _score(tiles, discard, context, seen)
    assert Counter(result.tiles) == Counter(tiles)
    assert result.discard == discard
    _check_result(result, seen)


@pytest.mark.slow
@FAST
@given(hands15())
def test_every_decomposition_is_valid_for_15_tiles(tiles: list[Tile]) -> None:
    result = _score(tiles)
    assert result.discard is not None
    assert Counter([*result.tiles, result.discard]) == Counter(tiles)
    _check_result(result)


# --- best discard (R13) -----------------------------------------------------------------


@settings(SLOW, max_examples=40)
@given(hands15())
def test_best_discard_beats_every_subset(tiles: list[Tile]) -> None:
    best = _score(tiles)
    scores: dict[Tile, int] = {}
    for discard in set(tiles):
        rest = list(tiles)
        rest.remove(discard)
        scores[discard] = _score(rest, discard).score
        assert scores[discard] <= best.score, f"discarding {discard} scores more"
    assert best.score == max(scores.values())
    assert best.discard is not None and scores[best.discard] == best.score


# --- agreement with the brute-force reference ----------------------------------------------


def _agree(tiles: list[Tile], discard: Tile | None, seen: list[Tile], context: Context) -> None:
    result = _score(tiles, discard, context, seen)
    expected = fitting_types(tiles, discard=discard, known=seen, context=context)
    assert {m.number for m in result.matches} == expected
    best = best_type(tiles, discard=discard, known=seen, context=context)
    got = None if result.best is None else (result.best.number, result.best.score)
    assert got == best


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands_with_seen(max_jokers=1), contexts)
def test_reference_agrees_up_to_one_joker(hand: Seen, context: Context) -> None:
    _agree(*hand, context)


@pytest.mark.stress
@settings(SLOW, max_examples=8 * STRESS)
@given(hands_with_seen(min_jokers=2), contexts)
def test_reference_agrees_with_two_jokers(hand: Seen, context: Context) -> None:
    """The brute force tries every pair of tiles for the two jokers, about a second a
    hand: 8 hands by default, new ones each run. ``INTLSCORE_STRESS=N python -m pytest -m
    stress tests/test_properties.py`` checks 8 N (N = 4: a little more than the 30 this
    test ran by default until the suite was cut to five minutes)."""
    _agree(*hand, context)


@pytest.mark.slow
@settings(SLOW, max_examples=60)
@given(hands_with_seen(max_jokers=1))
def test_types_fitting_agrees_with_reference(hand: Seen) -> None:
    tiles, discard, seen = hand
    known = seen if discard is None else [*seen, discard]
    assert set(types_fitting(tiles, known=known)) == fitting_types(tiles, known=known)


@pytest.mark.slow
@settings(SLOW, max_examples=15)
@given(hands15(max_jokers=1))
def test_reference_agrees_on_best_discard(tiles: list[Tile]) -> None:
    result = _score(tiles)
    score, winners = best_discard_score(tiles)
    assert result.score == score
    if score:
        assert result.best is not None and result.discard is not None
        assert (result.discard, result.best.number) in winners


@pytest.mark.slow
@settings(SLOW, max_examples=10)
@given(hands15(max_jokers=1), contexts)
def test_types_fitting_15_tiles_is_the_union_over_discards(
    tiles: list[Tile], context: Context
) -> None:
    expected: set[int] = set()
    for discard in set(tiles):
        rest = list(tiles)
        rest.remove(discard)
        expected |= fitting_types(rest, discard=discard, context=context)
    assert set(types_fitting(tiles, context=context)) == expected
