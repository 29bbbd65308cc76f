"""The compiled table of holds-checks (``native/holds_table.c``, ``holds_sets`` of ``setsearch.c``).

"Does this pool (a hand and some draws) hold the type, keeping how many real tiles?" is
answered by C for odds, simulate and classification (R22). These tests check it against
the reach search taken with nothing more to draw (the reference), by hand, and through
odds and simulate against the Python path they replace. They need the compiled module:
without it they fail, they do not skip.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from builds import compiled_module, python_holds_checks
from conftest import STRESS
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import hands14, hands15

from intlscore.engine import build
from intlscore.engine.compiled import CompiledTable
from intlscore.engine.facts import HandFacts
from intlscore.engine.notation import parse_tiles
from intlscore.engine.odds import compute, firsts, odds, simulate
from intlscore.engine.odds.draws import sample_draws, unseen_tiles
from intlscore.engine.reach.solve import closest
from intlscore.engine.scoring import score_hand, types_fitting
from intlscore.engine.setsearch import SetSearch
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import type_spec
from intlscore.engine.tiles import JOKER, Tile
from intlscore.errors import IntlscoreError
from intlscore.rules.hand_table import HandTable, HandType, parse_row
from intlscore.rules.ruleset import default_table


def test_the_compiled_module_is_built() -> None:
    compiled_module()  # fails the test when intlscore._native did not build
    assert isinstance(build.current().holds_table(default_table()), CompiledTable)


def reference(hand_type: HandType, pool: Pool) -> int | None:
    """The reach search with nothing more to draw: held when kept + jokers make 14."""
    best = closest(hand_type, pool)
    return best.kept if best.found and best.kept + pool.jokers >= 14 else None


def compiled(table: HandTable) -> CompiledTable:
    table_check = build.current().holds_table(table)
    assert isinstance(table_check, CompiledTable), "the compiled build is not in use"
    return table_check


BASIC_WITH_JOKER = "k1 k2 k3 k4 r5 b5 o5 k9 k10 k11 k12 r13 b13 *"


@pytest.mark.parametrize(
    ("tiles", "seen", "number", "kept"),
    [
        # k1-4, r5 b5 o5, k9-12 and r13 b13 with the joker as k13 or o13: 13 real tiles kept.
        (BASIC_WITH_JOKER, "", 1, 13),
        # without the joker the 13 tiles are too few for 14 (R22)
        (BASIC_WITH_JOKER.replace(" *", ""), "", 1, None),
        # R3: one k13 and both o13 known: the joker may still be the other k13
        (BASIC_WITH_JOKER, "k13 o13 o13", 1, 13),
        # R3: both copies of k13 and o13 known: the joker can be neither, r13 b13 are stranded
        (BASIC_WITH_JOKER, "k13 k13 o13 o13", 1, None),
        # a real o13 instead: all 14 kept (R10: no joker needed), and the joker is left over
        (BASIC_WITH_JOKER.replace("*", "o13 *"), "", 1, 14),
        # Royal, k1..k13 and the high k1 (R5), from a pool of 16
        ("k1-13 k1 r5 o9", "", 24, 14),
        ("k1-13 r5 o9", "", 24, None),
        # Sticks (four groups, R4) cannot use a run
        ("k5 r5 b5 k6 r6 b6 k7 r7 b7 o7 k8 r8 b8 o8", "", 25, 14),
        ("k5 r5 b5 k6 r6 b6 k7 r7 b7 o7 k8 r8 b8 k9", "", 25, None),
        # o13 fits no set (no other 13, and one joker cannot make a run of it alone), but
        # it can be the tile left out: k1-5, r1-5 and b7-9 with the joker, 13 kept ...
        ("k1-5 r1-5 b7-9 o13 *", "", 1, 13),
        # ... while a second such tile (o6: no other 6, no o4 o5 or o7 o8) leaves 12 at
        # most, too few for 14 with the joker
        ("k1-5 r1-5 b7 b8 o6 o13 *", "", 1, None),
        # Seven pairs with a joker pairing b7 (R6) ...
        ("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b7 *", "", 35, 13),
        # ... but not when a b7 is known elsewhere: the pair stands for both copies (R3)
        ("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b7 *", "b7", 35, None),
    ],
)
def test_hand_worked_pools(tiles: str, seen: str, number: int, kept: int | None) -> None:
    table = default_table()
    pool = Pool.build(parse_tiles(tiles), parse_tiles(seen) if seen else (), None)
    hand_type = table.by_number(number)
    assert compiled(table).kept(hand_type, pool) == kept
    assert reference(hand_type, pool) == kept


def _house_type(index: int, **fields: Any) -> HandType:
    row = {"number": 100 + index, "name": f"House {index}", "scores": [1, 1, 1]}
    row["description"] = ", ".join(f"{key} {value}" for key, value in fields.items())
    return parse_row(row | fields, index, "<house>")


HOUSE_SET_TYPES = HandTable(
    tuple(
        _house_type(index, **fields)
        for index, fields in enumerate(
            [  # set-based rows using the rest of the vocabulary (R4, R8, R9)
                {"structure": "sets", "same_number": 6},
                {"structure": "sets", "colours": 2, "max_total": 60},
                {"structure": "sets", "sets": [3], "range": "major"},
                {"structure": "runs", "distinct_colours": True, "max_total": 70},
                {"structure": "groups", "sets": [4], "colours": 3},
                {"structure": "runs", "sets": [2, 3], "range": "minor", "same_number": 3},
            ]
        )
    ),
    "<house>",
)

DECK = [Tile(index) for index in range(52) for _ in range(2)] + [JOKER, JOKER]


def near_miss_pools(count: int, seed: int) -> Iterator[Pool]:
    """Pools of 14 to 20 tiles that often hold a type: melds with a tile or two changed,
    some draws, and sometimes seen tiles (R3)."""
    rng = random.Random(seed)
    for _ in range(count):
        tiles: list[Tile] = []
        while len(tiles) < 14:
            if rng.random() < 0.5:  # a group
                number = rng.randint(1, 13)
                tiles += [
                    Tile((number - 1) * 4 + c) for c in rng.sample(range(4), rng.choice((3, 4)))
                ]
            else:  # a run
                colour, length = rng.randrange(4), rng.randint(3, 7)
                low = rng.randint(1, 14 - length)
                tiles += [Tile((n - 1) * 4 + colour) for n in range(low, low + length)]
        tiles = tiles[:14]
        rest = list(DECK)
        for tile in list(tiles):
            if tile in rest:
                rest.remove(tile)
            else:
                tiles.remove(tile)  # a third copy: drop it (R3)
        for _ in range(rng.randint(0, 2)):
            swapped = rng.choice(rest)
            rest.remove(swapped)
            tiles[rng.randrange(len(tiles))] = swapped
        extra = rng.sample(rest, rng.randint(0, 6))
        for tile in extra:
            rest.remove(tile)
        seen = rng.sample(rest, rng.choice((0, 0, 3, 10)))
        pool_tiles = tiles + extra
        if sum(tile.is_joker for tile in pool_tiles) > 2 or any(
            pool_tiles.count(tile) > 2 for tile in pool_tiles
        ):
            continue
        yield Pool.build(pool_tiles, seen, None)


@pytest.mark.slow
@pytest.mark.parametrize("which", ["shipped", "house"])
def test_every_type_agrees_with_the_reach_search(which: str) -> None:
    table = default_table() if which == "shipped" else HOUSE_SET_TYPES
    table_check = compiled(table)
    held = 0
    for pool in near_miss_pools(40 * STRESS, seed=11 if which == "shipped" else 12):
        for hand_type in table:
            expected = reference(hand_type, pool)
            assert table_check.kept(hand_type, pool) == expected, (hand_type.name, pool)
            held += expected is not None
    assert held > 0  # the corpus reaches some held pools, so "never held" would fail


def test_first_draws_agree_with_the_python_path() -> None:
    table = default_table()
    hand = parse_tiles("k1-12 r5 o9")
    pool = Pool.build(hand, (), None)
    draws = sample_draws(unseen_tiles(pool), 4, samples=60 * STRESS, seed=5)
    fast = firsts.Firsts(table, draws)
    with python_holds_checks():
        slow = firsts.Firsts(table, draws)  # the Python reach path, as in the pure build
    for number in (1, 19, 23, 24, 28, 35):
        hand_type = table.by_number(number)
        expected = slow.of(hand_type, pool, 1, 4)
        assert fast.of(hand_type, pool, 1, 4) == expected
        within = [kept is not None for kept in expected.kept]
        assert fast.of(hand_type, pool, 4, 4, within).kept == expected.kept


@pytest.mark.slow
@pytest.mark.parametrize(
    "rack", ["k1-12 r5 o9", "k1-13 r5 b7", "k1 k1 r2 r2 b3 b3 o4 o4 k5 r6 b7 o8 k9 r13"]
)
def test_odds_are_the_same_without_the_compiled_table(rack: str) -> None:
    fast = odds(rack, draws=3, samples=40, seed=3)
    assert compute.Firsts is firsts.Firsts
    with python_holds_checks():
        assert odds(rack, draws=3, samples=40, seed=3) == fast


def test_simulate_is_the_same_without_the_compiled_table() -> None:
    fast = simulate.run_chunk(seed=4, index=0, size=25, ks=(1, 3, 6))
    with python_holds_checks():
        assert simulate.run_chunk(seed=4, index=0, size=25, ks=(1, 3, 6)) == fast


def test_bad_arguments_are_one_clear_error() -> None:
    module = compiled_module()
    table = default_table()
    capsule = module.holds_compile([type_spec(t) for t in table], [-1] * len(table))
    counts, cap = bytes(52), bytes([2] * 52)
    with pytest.raises(ValueError, match="52"):
        module.holds_kept(capsule, 0, bytes(51), 0, cap)
    with pytest.raises(IndexError, match="outside the table"):
        module.holds_kept(capsule, len(table), counts, 0, cap)
    with pytest.raises(ValueError, match="kmin"):
        module.holds_firsts(capsule, 0, counts, 0, cap, bytes(4), 4, 3, 2, None)
    with pytest.raises(ValueError, match="whole rows"):
        module.holds_firsts(capsule, 0, counts, 0, cap, bytes(5), 4, 1, 4, None)
    with pytest.raises(ValueError, match="0-52"):
        module.holds_firsts(capsule, 0, counts, 0, cap, bytes([53, 0, 0, 0]), 4, 1, 4, None)
    with pytest.raises(ValueError, match="R3"):  # a third copy of tile 0
        module.holds_firsts(capsule, 0, counts, 0, cap, bytes([0, 0, 0, 1]), 4, 1, 4, None)
    with pytest.raises(ValueError, match="R3"):  # a third joker
        module.holds_firsts(capsule, 0, counts, 2, cap, bytes([52, 1, 2, 3]), 4, 1, 4, None)
    with pytest.raises(ValueError, match="lower"):
        module.holds_firsts(capsule, 0, counts, 0, cap, bytes(4), 4, 1, 4, b"\x00\x00")
    with pytest.raises(ValueError, match="parent"):
        module.holds_compile([type_spec(table.by_number(1))], [0])
    with pytest.raises(ValueError):
        module.holds_kept("not a table", 0, counts, 0, cap)


def test_a_random_pool_never_crashes() -> None:
    """Any legal pool gets an answer from every type (kept within 12-14, or -1)."""
    module = compiled_module()
    table = default_table()
    capsule = module.holds_compile([type_spec(t) for t in table], [-1] * len(table))
    rng = random.Random(7)
    deck = [i for i in range(52) for _ in range(2)]
    for _ in range(200 * STRESS):
        tiles = rng.sample(deck, rng.randint(0, 30))
        counts = bytes(tiles.count(i) for i in range(52))
        jokers = rng.randint(0, 2)
        for index in range(len(table)):
            kept = module.holds_kept(capsule, index, counts, jokers, bytes([2] * 52))
            assert kept == -1 or 14 - jokers <= kept <= min(14, len(tiles))


@settings(max_examples=100 * STRESS, deadline=None)
@given(hands14(), st.sampled_from([None, "r5", "*", "k1"]), st.sampled_from(["", "b7 b7", "k1"]))
def test_the_scorer_answers_the_same_without_the_compiled_checks(
    hand: list[Tile], discard: str | None, known: str
) -> None:
    """The compiled checks only tell the scorer which types to look at (R10-R13)."""
    try:
        fast = score_hand(hand, discard=discard, known=known)
    except IntlscoreError:
        return  # a third copy (R3): the same error either way, checked elsewhere
    with python_holds_checks():
        assert score_hand(hand, discard=discard, known=known).to_dict() == fast.to_dict()
        slow_types = types_fitting(hand, known=known)
    assert types_fitting(hand, known=known) == slow_types


@settings(max_examples=60 * STRESS, deadline=None)
@given(hands15())
def test_fifteen_tiles_score_the_same_without_the_compiled_checks(hand: list[Tile]) -> None:
    fast, fast_types = score_hand(hand), types_fitting(hand)
    with python_holds_checks():
        assert score_hand(hand).to_dict() == fast.to_dict()
        assert types_fitting(hand) == fast_types


@settings(max_examples=300 * STRESS, deadline=None)
@given(hands14(), st.sampled_from([(), (5,), (0, 0), (51,)]))
def test_the_compiled_plain_split_is_the_python_split(
    hand: list[Tile], others: tuple[int, ...]
) -> None:
    """native/setsearch.c is SetSearch's plain search compiled: the very same split (R4,
    R5, R7; R3 through the jokers' caps), or None for both."""
    module = compiled_module()
    real = [tile.index for tile in hand if not tile.is_joker]
    if any(real.count(index) >= 2 for index in others):
        return  # a third copy (R3): never scored
    facts = HandFacts.build(real, len(hand) - len(real), others)
    expected = SetSearch(facts).find()
    assert module.plain_split(bytes(facts.counts), facts.jokers, bytes(facts.cap)) == expected


def test_plain_split_refuses_bad_counts() -> None:
    module = compiled_module()
    with pytest.raises(ValueError, match="52"):
        module.plain_split(bytes(3), 0, bytes([2] * 52))
    with pytest.raises(ValueError, match="R3"):
        module.plain_split(bytes([3] + [0] * 51), 0, bytes([2] * 52))
    with pytest.raises(ValueError, match="jokers"):
        module.plain_split(bytes(52), 3, bytes([2] * 52))
