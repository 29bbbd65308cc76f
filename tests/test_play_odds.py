"""Play odds (R23): the exact search against a brute-force reference, and R22 beside it."""

from __future__ import annotations

import random
import re
import threading
from contextlib import AbstractContextManager, nullcontext
from fractions import Fraction
from pathlib import Path
from unittest.mock import patch

import pytest
from builds import compiled_module, pure_python
from conftest import STRESS
from hypothesis import given, settings
from hypothesis import strategies as st

from intlscore.engine.notation import parse_tiles
from intlscore.engine.odds.play import Stop, play_odds
from intlscore.engine.tiles import Tile
from intlscore.errors import HandError, Stopped
from tests.play_reference import (
    first_moves,
    full_set,
    hold_value,
    keep_everything_value,
    play_value,
    world,
)


def reference(rack: str, unseen: str, draws: int) -> tuple[Fraction, Fraction]:
    return play_value(parse_tiles(rack), parse_tiles(unseen), world(rack, unseen), draws)


def exact(rack: str, unseen: str, draws: int) -> tuple[Fraction, Fraction]:
    result = play_odds(rack, draws=draws, seen=world(rack, unseen))
    assert result.exact
    return result.line.expected, result.line.win


# -- hand-worked racks ---------------------------------------------------------------------


def test_one_draw_from_basic_by_hand() -> None:
    """R23, R22: k1-13 r5 with the unseen tiles k1, k4, b9, o9 (nothing else to draw).

    k1 makes k1..k13 k1, a Royal (2400, no joker: R10), discarding r5. k4 makes the runs
    k1-4 and k4-13, all black: Single colour runs (2000). b9 and o9 leave r5 and the
    drawn tile stranded: no type. Expected (2400 + 2000) / 4 = 1100; chance 2/4.
    """
    rack, unseen = "k1-13 r5", "k1 k4 b9 o9"
    assert exact(rack, unseen, 1) == (Fraction(1100), Fraction(1, 2))
    assert reference(rack, unseen, 1) == (Fraction(1100), Fraction(1, 2))


def test_waiting_with_a_complete_hand_is_worth_a_joker_by_hand() -> None:
    """R23: a player may pass up a win. k1-13 k1 is a Royal (2400) as it stands; with two
    draws from {*, r2, r3}, winning at once gives 2400 whatever is drawn, while waiting
    keeps the Royal and adds the chance of drawing the joker, whose discard doubles (R12).

    First draw the joker (1/3): win now, 4800. Else (2/3) throw the drawn tile back; the
    second draw is the joker with chance 1/2 (4800) or not (2400): 3600. Expected
    1/3 x 4800 + 2/3 x 3600 = 4000; a win is certain.
    """
    rack, unseen = "k1-13 k1", "* r2 r3"
    assert (
        play_odds(rack, draws=1, seen=world(rack, unseen)).line.expected
        == Fraction(1, 3) * 4800 + Fraction(2, 3) * 2400
    )
    assert exact(rack, unseen, 2) == (Fraction(4000), Fraction(1))
    assert reference(rack, unseen, 2) == (Fraction(4000), Fraction(1))


def test_a_win_now_is_a_first_move_of_fifteen_tiles() -> None:
    """R13, R23: k1-13 k1 r5 wins now (Royal 2400, discard r5); with one draw from {*, r2},
    discarding r5 and drawing keeps the Royal and may draw the joker: 1/2 x 4800 + 1/2 x
    2400 = 3600, better than winning now."""
    rack, unseen = "k1-13 k1 r5", "* r2"
    result = play_odds(rack, draws=1, seen=world(rack, unseen))
    assert result.moves is not None
    by_move = {move.discard: move.line.expected for move in result.moves}
    assert by_move[None] == 2400
    assert by_move[Tile("r5")] == 3600
    assert result.best_move is not None and result.best_move.discard == Tile("r5")


@pytest.mark.slow
def test_keeping_everything_and_real_play_disagree_on_the_discard() -> None:
    """R22 against R23, worked by hand: two draws from b5, o5, b6, k2, r13 (the second o5,
    and two tiles nothing uses) for the rack k9-11 r9-11 o1-5 k5 r5 b3 b4.

    Throw k5 (or r5): b5 completes Four colours, k9-11 r9-11 o1-5 b3-5 (900, throw r5),
    and nothing else wins. Two draws bring b5 with chance 1 - C(4,2)/C(5,2) = 4/10: 360,
    whether the drawn tiles are kept or not.

    Throw b3: b5 or o5 each complete Basic (500: the group k5 r5 b5, or k5 r5 o5 beside the
    run o1-5; b4 is thrown). Keeping everything, the pair b5 b6 makes Four colours with
    b4-6 instead (900): R22 counts 6 pairs of 10 at 500 and one at 900, 3900 / 10 = 390, so
    R22's best discard is b3. In play the b5 and the b6 do not come together: drawing b5
    first, waiting for b6 is worth 900 / 4 = 225 against 500 now; drawing b6 first,
    keeping it means throwing k5 or r5, which kills the o5 out (900 / 4 = 225), while
    throwing it back keeps two outs (2/4 x 500 = 250). So play wins 500 on a first b5 or
    o5 (2/5), 250 after b6 (1/5) and 250 after k2 or r13 (2/5): 200 + 50 + 100 = 350,
    below 360: under real play the discard is k5.
    """
    from intlscore.engine.odds import odds

    rack, unseen = "k9 k10 k11 r9 r10 r11 o1 o2 o3 o4 o5 k5 r5 b3 b4", "b5 o5 b6 k2 r13"
    seen = world(rack, unseen)
    hand, drawable = parse_tiles(rack), parse_tiles(unseen)
    k5, b3 = Tile("k5"), Tile("b3")

    def keep_everything(discard: Tile) -> Fraction:
        rest = list(hand)
        rest.remove(discard)
        return keep_everything_value(rest, drawable, [*seen, discard])

    assert (keep_everything(b3), keep_everything(k5)) == (390, 360)
    result = odds(rack, draws=2, seen=seen, samples=4000, seed=2, play=True)
    assert result.best_discard == b3  # R22 (sampled, every pair of draws many times)
    assert result.play is not None and result.play.exact and result.play.moves is not None
    by_move = {move.discard: move.line.expected for move in result.play.moves}
    assert (by_move[k5], by_move[b3]) == (360, 350)
    assert result.play.moves[0].discard == k5
    reference_moves = first_moves(hand, drawable, seen, 2)
    assert (reference_moves[k5][0], reference_moves[b3][0]) == (360, 350)


# -- the reference, on hand-picked and random racks -----------------------------------------

RACKS = [
    ("k1-13 r5", "k1 k4 r4 b5 o5 *", 2),
    ("k1-12 r5 o9", "k13 k1 r4 b5 o5 o8", 2),
    ("r1 r2 r3 r4 b4 b5 b6 b7 k9 r9 o9 k13 r13 o5", "b13 o13 r5 k1 * o6", 2),
    ("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b7 o9", "b7 o9 k9 r10 *", 2),
    ("k1-13 r5", "k1 r4 b5 o5", 3),
]


@pytest.mark.parametrize(("rack", "unseen", "draws"), RACKS)
def test_exact_play_equals_the_brute_force(rack: str, unseen: str, draws: int) -> None:
    """R23: the memoised, merged search gives the full enumeration's value exactly."""
    assert exact(rack, unseen, draws) == reference(rack, unseen, draws)


@pytest.mark.slow
def test_every_first_move_of_fifteen_tiles_equals_the_brute_force() -> None:
    rack, unseen = "k1-12 r5 o9 b2", "k13 k1 r4 b5 o5 *"
    result = play_odds(rack, draws=2, seen=world(rack, unseen))
    assert result.exact and result.moves is not None
    expected = first_moves(parse_tiles(rack), parse_tiles(unseen), world(rack, unseen), 2)
    got = {move.discard: (move.line.expected, move.line.win) for move in result.moves}
    assert got == expected
    values = [move.line.expected for move in result.moves]
    assert values == sorted(values, reverse=True)


WINNING = [
    "k1-13 k1",
    "k1 r1 b1 k2 r2 b2 k3 r3 b3 o4 o5 o6 k9 r9",
    "r1-7 b1-7",
    "k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b7 b7",
    "k3 r3 b3 o3 k7 r7 b7 o7 k11 r11 b11 r12 r13 r1",
]


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(WINNING), st.integers(1, 2))
def test_near_misses_equal_the_brute_force(seed: int, winning: str, draws: int) -> None:
    """R23 on random near misses: a winning hand with one or two tiles swapped out, the
    swapped tiles (or a joker) among a few unseen ones."""
    rng = random.Random(seed)
    hand = parse_tiles(winning)
    others = full_set()
    for tile in hand:
        others.remove(tile)
    rng.shuffle(others)
    swaps = rng.randint(1, 2)
    removed = [hand.pop(rng.randrange(len(hand))) for _ in range(swaps)]
    hand.extend(others[:swaps])
    unseen = [*removed, *others[swaps : swaps + 5 - swaps]]
    rack_text = " ".join(map(str, hand))
    unseen_text = " ".join(map(str, unseen))
    assert exact(rack_text, unseen_text, draws) == reference(rack_text, unseen_text, draws)


def test_more_draws_than_unseen_tiles_end_when_the_pool_is_empty() -> None:
    """R23 with two tiles left to draw and three draws: the game ends after two. k1 makes
    the Royal (2400) and b9 nothing: one draw wins half the time, two draws always (throw
    b9 back, then draw k1); a third changes nothing. The bound's formula agrees."""
    rack, unseen = "k1-13 r5", "k1 b9"
    for draws, value in [(1, (1200, Fraction(1, 2))), (2, (2400, 1)), (3, (2400, 1))]:
        assert exact(rack, unseen, draws) == reference(rack, unseen, draws) == value
    bound = play_odds(rack, draws=3, seen=world(rack, unseen), budget=1)
    assert not bound.exact and bound.line.expected == 2400 and bound.chance[-1] == 1


@pytest.mark.stress
@settings(max_examples=6 * STRESS, deadline=None, derandomize=True)
@given(st.integers(0, 2**32 - 1), st.sampled_from(WINNING), st.booleans())
def test_fourteen_and_fifteen_tiles_up_to_three_draws_equal_the_brute_force(
    seed: int, winning: str, fifteen: bool
) -> None:
    """R23, the long variant (``INTLSCORE_STRESS=N`` runs N times as many): near misses of
    14 or 15 tiles, one to three tiles swapped out, in a world of three to six unseen
    tiles, N = 1 to 3; every first move of 15 tiles is compared."""
    rng = random.Random(seed)
    hand = parse_tiles(winning)
    others = full_set()
    for tile in hand:
        others.remove(tile)
    rng.shuffle(others)
    swaps = rng.randint(1, 3)
    removed = [hand.pop(rng.randrange(len(hand))) for _ in range(swaps)]
    hand.extend(others[: swaps + fifteen])
    rest = others[swaps + fifteen :]
    unseen = [*removed, *rest[: max(0, rng.randint(3, 6) - swaps)]]
    draws = rng.randint(1, 3) if len(unseen) <= 5 else rng.randint(1, 2)
    rack, drawable = " ".join(map(str, hand)), " ".join(map(str, unseen))
    seen = world(rack, drawable)
    result = play_odds(rack, draws=draws, seen=seen, budget=10**6)
    assert result.exact
    if fifteen:
        assert result.moves is not None
        got = {move.discard: (move.line.expected, move.line.win) for move in result.moves}
        assert got == first_moves(hand, parse_tiles(drawable), seen, draws)
    else:
        assert (result.line.expected, result.line.win) == play_value(
            hand, parse_tiles(drawable), seen, draws
        )


# -- R22 beside it -------------------------------------------------------------------------


def keep_everything_one_draw(rack: str, unseen: str) -> tuple[Fraction, Fraction]:
    """R22 at N = 1 by its definition: the best final score of the rack and the draw."""
    return reference(rack, unseen, 1)


@pytest.mark.parametrize(("rack", "unseen", "draws"), RACKS[:4])
def test_one_draw_equals_r22(rack: str, unseen: str, draws: int) -> None:
    assert exact(rack, unseen, 1) == keep_everything_one_draw(rack, unseen)


def test_play_chance_is_never_above_r22() -> None:
    """R23: for every N the play chance is at most R22's (within R22's 95% interval)."""
    from intlscore.engine.odds import odds

    rack = "k1-12 r5 o9"
    result = play_odds(rack, draws=2)
    keep = odds(rack, draws=2, samples=4000, seed=3)
    for k in range(2):
        top = keep.any.chance[k] if keep.any.interval is None else keep.any.interval[k][1]
        assert result.chance[k] <= top


# -- the lower bound ---------------------------------------------------------------------


def test_over_the_budget_the_answer_is_a_lower_bound_and_says_so() -> None:
    rack, unseen = "k1-13 r5", "k1 r4 b5 o5 *"
    full = play_odds(rack, draws=3, seen=world(rack, unseen))
    cut = play_odds(rack, draws=3, seen=world(rack, unseen), budget=40)
    assert full.exact and full.policy == "optimal"
    assert not cut.exact and cut.exact_draws < 3
    assert cut.policy.startswith(f"the better of the best play within {cut.exact_draws} draw")
    assert full.lines[cut.exact_draws - 1].expected <= cut.line.expected <= full.line.expected
    assert cut.lines == full.lines[: cut.exact_draws]
    assert len(cut.chance) == 3


HELD = [
    ("k1-13 r5", "k1 k4 r4 b5 o5 *", 3),
    ("k1-12 r5 o9", "k13 k1 r4 b5 o5 o8", 3),
    ("r1 r2 r3 r4 b4 b5 b6 b7 k9 r9 o9 k13 r13 o5", "b13 o13 r5 k1 * o6", 3),
]


@pytest.mark.slow
@pytest.mark.parametrize(("rack", "unseen", "draws"), HELD)
def test_the_held_policy_is_valued_exactly_and_is_a_lower_bound(
    rack: str, unseen: str, draws: int
) -> None:
    """R23: the stated policy "keep the 14, win at the first tile that completes them" is
    valued by a closed formula; the brute force plays it draw by draw (tiles thrown back
    become known, R3) and gets the same value, at or below the optimum."""
    search_bound = play_odds(rack, draws=draws, seen=world(rack, unseen), budget=1)
    hand, drawable, known = parse_tiles(rack), parse_tiles(unseen), world(rack, unseen)
    held = hold_value(hand, drawable, known, draws)
    optimum = reference(rack, unseen, draws)
    assert not search_bound.exact and search_bound.exact_draws == 1
    assert search_bound.line.expected == max(held[0], search_bound.lines[0].expected)
    assert held[0] <= optimum[0]
    assert search_bound.line.expected <= optimum[0]


def test_a_bad_budget_is_one_clear_line() -> None:
    with pytest.raises(HandError, match="budget must be a whole number"):
        play_odds("k1-13 r5", draws=1, budget=0)


# -- both builds -----------------------------------------------------------------------------


@pytest.mark.slow
def test_the_compiled_and_the_pure_python_builds_agree() -> None:
    compiled_module()
    rack, unseen = "k1-12 r5 o9 b2", "k13 k1 r4 b5 o5 *"
    compiled = play_odds(rack, draws=2, seen=world(rack, unseen))
    with pure_python():
        pure = play_odds(rack, draws=2, seen=world(rack, unseen))
    assert compiled == pure


@pytest.mark.slow
def test_the_odds_2_document_is_the_same_from_both_builds_and_each_seed() -> None:
    """The whole JSON of odds --play: equal from the compiled and the pure-Python build,
    and equal for the same seed. Fourteen tiles, so that the pure build answers in seconds
    (fifteen tiles, each discard weighed, took it over a minute); the builds are compared
    on fifteen tiles by the test above."""
    from intlscore.engine.odds import odds

    compiled_module()
    rack = "k1-12 r5 o9"
    compiled = odds(rack, draws=1, samples=30, seed=5, play=True).to_dict()
    with pure_python():
        pure = odds(rack, draws=1, samples=30, seed=5, play=True).to_dict()
    assert compiled == pure
    assert compiled == odds(rack, draws=1, samples=30, seed=5, play=True).to_dict()
    assert compiled["format"] == "odds/2" and compiled["play"]["exact"]
    assert 0 < compiled["play"]["any"]["chance"][0] < 1  # a real choice, not a closed hand


@pytest.mark.slow
def test_progress_counts_the_play_search_to_the_end() -> None:
    """The progress bar of odds --play: R22's batches, then each first move of each draw
    count; a search that settles for fewer draws still ends at the total."""
    from intlscore.engine.odds import odds

    reported: list[tuple[int, int]] = []
    odds("k1-12 r5 o9 b2", draws=3, samples=50, play=True, progress=lambda *p: reported.append(p))
    done = [step for step, _ in reported]
    totals = {total for _, total in reported}
    assert len(totals) == 1 and done == sorted(done) and reported[-1] == (max(totals),) * 2
    # 15 distinct tiles x 3 draw counts of play beside R22's batches
    assert max(totals) > 15 * 3


def _python_expectimax() -> AbstractContextManager[object]:
    """The play search with its expectimax in Python (the holds-checks still compiled)."""
    from intlscore.engine.odds.compiled_play import CompiledSearch

    return patch.object(CompiledSearch, "of", classmethod(lambda cls, *args: None))


def _compiled_expectimax_in_use() -> None:
    from intlscore.engine.odds.compiled_play import CompiledSearch

    assert hasattr(compiled_module(), "play_value"), "the compiled module lacks native/play.c"
    refused = patch.object(CompiledSearch, "value", side_effect=AssertionError("compiled"))
    with refused, pytest.raises(AssertionError, match="compiled"):
        play_odds("k1-12 r5 o9 b2", draws=1)


@st.composite
def _racks(draw: st.DrawFn) -> tuple[list[Tile], list[Tile], int, int]:
    """A rack of 14 or 15 tiles (at most two jokers), some seen tiles, draws and a budget."""
    tiles = full_set()
    size = draw(st.sampled_from((14, 15)))
    chosen = draw(st.permutations(range(len(tiles))))
    picked = [tiles[i] for i in chosen[: size + 30]]
    rack = picked[:size]
    seen = picked[size : size + draw(st.integers(0, 30))]
    return rack, seen, draw(st.integers(1, 3)), draw(st.sampled_from((40, 400, 4000)))


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(_racks())
def test_the_compiled_expectimax_equals_the_python_one(
    case: tuple[list[Tile], list[Tile], int, int],
) -> None:
    """native/play.c weighs the same positions in the same order as Expectimax.weigh: the same
    answer, and the same point where the budget runs out (so the same bound)."""
    _compiled_expectimax_in_use()
    rack, seen, draws, budget = case
    try:
        compiled = play_odds(rack, draws=draws, seen=seen, budget=budget)
    except HandError as error:  # over budget even for one draw: so must Python be
        with _python_expectimax(), pytest.raises(HandError, match=re.escape(str(error))):
            play_odds(rack, draws=draws, seen=seen, budget=budget)
        return
    with _python_expectimax():
        python = play_odds(rack, draws=draws, seen=seen, budget=budget)
    assert compiled == python


# near misses of the benchmark corpus (benchmarks/corpus.py), with and without jokers
_NEAR_MISSES = (
    "b8 b12 k5 b7 b8 r5 r9 o11 b11 k8 b9 o5 b5 r11",
    "b6 o6 r8 r1 r8 k1 r11 b8 k8 r6 * k6 o8 r6",
    "b10 r10 b12 r11 r7 k11 b1 k12 b12 b13 k13 b11 b10 b11",
    "k10 k13 k9 o10 b12 k10 b13 k11 k13 k9 k11 b10 o9 *",
    "* k9 b13 b12 k11 r6 k12 * b11 r13 k10 r9 r12 r10",
    "b4 o3 r3 o4 o2 b5 b1 k2 o1 b2 b3 r13 r4 r2 o13",
)


@pytest.mark.slow
@pytest.mark.parametrize("rack", _NEAR_MISSES)
def test_the_compiled_expectimax_equals_the_python_one_on_near_misses(rack: str) -> None:
    """Racks near several types, where the search weighs thousands of positions; the
    15-tile one with N = 5 runs past its budget and gives the same lower bound."""
    _compiled_expectimax_in_use()
    draws = 5 if len(rack.split()) == 15 else 2
    compiled = play_odds(rack, draws=draws)
    with _python_expectimax():
        python = play_odds(rack, draws=draws)
    assert compiled == python


# A house file with a row of six tiles of one number (same_number, searched once per
# number) and a groups-only row with four colours and a total (R8), for the racks below.
_HOUSE_SAME_NUMBER = """\
extends = "international"
[[type]]
number = 41
name = "Six of a number"
scores = [1100, 1000, 900]
description = "Sets holding six tiles of one number"
structure = "sets"
same_number = 6
[[type]]
number = 42
name = "Low groups"
scores = [1200, 1100, 1000]
description = "Groups only, four colours, total 70 or less"
structure = "groups"
colours = 4
max_total = 70
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    "rack",
    [
        "k5 r5 b5 o5 k5 r5 k7 r7 b7 k9 r9 o9 * o1",  # one joker, near six fives
        "k2 r2 b2 k3 r3 o3 k4 b4 o4 k6 r6 * * o11",  # two jokers, near low groups
        "k5 r5 b5 k5 k7 r7 b7 k9 r9 o9 b1 b2 * *",  # two jokers, a set of three to draw
    ],
)
def test_the_builds_agree_with_jokers_in_hand_on_house_rows(rack: str, tmp_path: Path) -> None:
    """With jokers in the hand, native/play.c finds the drawn tiles that complete a set-based
    type in one walk of holds_sets_outs (every hand keeping all real tiles but one), where
    Python checks each drawn kind: the same wins, also for a row searched once per number
    (same_number) and for hands whose jokers and drawn tile make a whole set."""
    _compiled_expectimax_in_use()
    rules = tmp_path / "house.toml"
    rules.write_text(_HOUSE_SAME_NUMBER, encoding="utf-8")
    compiled = play_odds(rack, draws=2, rules=rules)
    with _python_expectimax():
        python = play_odds(rack, draws=2, rules=rules)
    assert compiled == python
    assert compiled.exact and compiled.line.win > 0


# Two jokers in the hand: the pairs walk of 13 tiles holding both (four tiles stood in for
# by a hand keeping all real tiles but one) and of the 14 tiles when a drawn tile is thrown
# back (issue 31), in a small world the brute force enumerates, and in the full one.
_TWO_JOKERS = (
    ("o7 k5 o6 k12 o4 b6 b5 b4 o8 b3 k3 o5 * *", "k12 o9 b7 r5"),
    ("r6 r4 r5 r7 r6 b5 b6 o4 o6 b7 b4 o5 * *", "o7 r8 k1 b5"),
    ("k1-6 k8-12 b3 * *", "k7 k13 b4 r9"),
    ("k2 r2 b2 k3 r3 o3 k4 b4 o4 k6 r6 o11 * *", "o6 b6 k5 r1"),
)


# A drawn tile thrown back with both jokers held, its two copies unseen before the draw:
# one is left, so a hand of the 14 tiles' walk standing in for it once still counts and
# the child reads the walk (issue 31); one standing in for both copies (two runs short of
# the same k3) does not, and the child walks its own tiles.
_BOTH_COPIES_UNSEEN = (
    ("k1-6 k8-12 b3 * *", "k7 k7 k13 b4"),
    ("k2 r2 b2 k3 r3 o3 k4 b4 o4 k6 r6 o11 * *", "o6 o6 b6 k5"),
    ("k1 k2 k4 k5 k1 k2 k4 k5 r9 b9 o9 k9 * *", "k3 k3 b12 o12"),
)


def test_a_drawn_tile_completes_seven_pairs_held_with_both_jokers_by_hand() -> None:
    """Two jokers and a type not built from sets: each drawn kind is checked only where
    a completed hand keeps all real tiles but one (``may_complete``). Four pairs, k5 r6 b7
    o8 and both jokers keep 11 real tiles in seven pairs (the jokers beside r6 and b7, k5
    short of its pair). A drawn k5, r6 or b7 (of k5 r6 b7 o13 to draw) completes Seven
    pairs minor with both jokers, 1600 (R10): within one draw 3/4 x 1600 = 1200. Two and
    three draws equal the brute force."""
    rack, unseen = "k1 k1 r2 r2 b3 b3 o4 o4 k5 r6 b7 o8 * *", "k5 r6 b7 o13"
    assert exact(rack, unseen, 1) == reference(rack, unseen, 1) == (1200, Fraction(3, 4))
    for draws in (2, 3):
        assert exact(rack, unseen, draws) == reference(rack, unseen, draws)


# One joker held and the other unseen: a drawn joker kept beside it reads its wins from
# the walk of the 13 tiles its discard leaves, one joker among them (issue 31).
_SECOND_JOKER_UNSEEN = (
    ("k1-6 k8-12 b3 o3 *", "k7 k13 b4 *"),
    ("k1 k2 k3 r5 r6 r7 b9 b10 b11 o1 o2 o3 k13 *", "k12 r4 o4 *"),
)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rack", "unseen"), [*_TWO_JOKERS, *_BOTH_COPIES_UNSEEN, *_SECOND_JOKER_UNSEEN]
)
@pytest.mark.parametrize("draws", [2, 3])
def test_jokers_in_the_hand_equal_the_brute_force(rack: str, unseen: str, draws: int) -> None:
    assert exact(rack, unseen, draws) == reference(rack, unseen, draws)


@pytest.mark.slow
@pytest.mark.parametrize(("rack", "unseen"), _TWO_JOKERS)
def test_the_builds_agree_on_two_jokers(rack: str, unseen: str) -> None:
    """N = 3 in a world of eight unseen tiles, and for the first rack the full world at
    N = 2 (the Python expectimax asks each position's walks itself)."""
    _compiled_expectimax_in_use()
    cases = [(3, world(rack, f"{unseen} r10 r11 o1 o2"))]
    if rack == _TWO_JOKERS[0][0]:
        cases.append((2, []))
    for draws, seen in cases:
        compiled = play_odds(rack, draws=draws, seen=seen)
        with _python_expectimax():
            python = play_odds(rack, draws=draws, seen=seen)
        assert compiled == python and compiled.exact


@pytest.mark.slow
@pytest.mark.parametrize("build", ["compiled", "python"])
def test_a_search_stopped_from_another_thread_gives_up(build: str) -> None:
    """The page's cancel (issue 31): Stop.stop() from another thread ends a long search
    (a third draw with both jokers, many seconds in either build) with Stopped, not an
    answer: the work stops, it is not only hidden."""
    if build == "compiled":
        _compiled_expectimax_in_use()
    stop = Stop()
    timer = threading.Timer(0.3, stop.stop)
    timer.start()
    with nullcontext() if build == "compiled" else _python_expectimax(), pytest.raises(Stopped):
        play_odds("r6 r4 r5 r7 r6 b5 b6 o4 o6 b7 b4 o5 * *", draws=3, stop=stop, budget=10**9)
    timer.join()
    assert stop.stopped
