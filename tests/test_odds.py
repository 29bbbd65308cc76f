"""``odds`` (R22): exact chances at distance 1, Monte Carlo against enumeration, discards.

The hypergeometric cases are counted by hand; the Monte Carlo cases shrink the
unseen pool with many ``--seen`` tiles until every draw can be enumerated.
"""

from __future__ import annotations

import itertools
import json
import math

import pytest
from hypothesis import given, settings
from jsonschema import Draft202012Validator
from strategies import hands14

from intlscore.engine.notation import parse_tiles
from intlscore.engine.odds import odds
from intlscore.engine.odds.draws import every_draw, unseen_tiles
from intlscore.engine.odds.holds import PoolCheck
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.tiles import Tile
from intlscore.faces.cli import main
from intlscore.faces.documents import schema
from intlscore.rules.ruleset import default_table


def hypergeometric(outs: int, unseen: int, draws: int) -> float:
    return 1 - math.comb(unseen - outs, draws) / math.comb(unseen, draws)


def row(result, number):  # type: ignore[no-untyped-def]
    return next(r for r in result.types if r.number == number)


# k1-13 r5 is Basic one draw away (R20). Its outs, by hand: a second copy of k1 or of k3..k12
# splits the black run into two runs (k1: k1-6 and k7-13 k1; k12: k2-12 and k12 k13 k1), 11
# tiles with one unseen copy each; b5 or o5 makes a group k5 r5 x5 leaving k1-4 and k6-13
# (two copies each); and either joker. k2 and k13 leave a run of two. 11 + 4 + 2 = 17 outs
# among 106 - 14 = 92 unseen tiles. Royal (k1..k13 k1) has k1 and the two jokers: 3 outs.
@pytest.mark.parametrize(
    ("seen", "trump", "basic_outs", "unseen"),
    [
        ((), None, 17, 92),
        # one b5 and one o5 seen: one copy of each left: 11 + 2 + 2 outs, 90 unseen
        (("b5", "o5"), None, 15, 90),
        # and the trump k7: k7 is no longer drawable: 10 + 2 + 2 outs, 89 unseen
        (("b5", "o5"), "k7", 14, 89),
    ],
)
def test_distance_one_is_the_hypergeometric_chance(
    seen: tuple[str, ...], trump: str | None, basic_outs: int, unseen: int
) -> None:
    result = odds("k1-13 r5", draws=4, seen=" ".join(seen), trump=trump, samples=20)
    basic, royal = row(result, 1), row(result, 24)
    assert basic.distance == 1 and basic.exact and basic.interval is None
    for k in range(1, 5):
        assert basic.chance[k - 1] == pytest.approx(
            hypergeometric(basic_outs, unseen, k), abs=1e-12
        )
        assert royal.chance[k - 1] == pytest.approx(hypergeometric(3, unseen, k), abs=1e-12)
    assert basic.expected == pytest.approx(basic.chance[-1] * 500)


@pytest.mark.parametrize(
    ("hand", "seen", "trump"),
    [
        ("k1-13 r5", "", None),
        ("k1-12 r5 o9", "k13 b5", "o5"),
        ("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b7 *", "b7", None),
    ],
)
def test_every_distance_one_type_matches_counting_single_draws(
    hand: str, seen: str, trump: str | None
) -> None:
    # Within one draw, the chance is the share of unseen tiles whose draw makes the pool
    # hold the type: counted here by trying every single draw.
    result = odds(hand, draws=1, seen=seen, trump=trump, samples=10)
    seen_tiles = parse_tiles(seen) if seen else []
    pool = Pool.build(parse_tiles(hand), seen_tiles, parse_tiles(trump)[0] if trump else None)
    tiles = unseen_tiles(pool)
    check = PoolCheck(pool)
    ones = [r for r in result.types if r.distance == 1]
    assert ones
    for entry in ones:
        hand_type = default_table().by_number(entry.number)
        hits = sum(check.kept(hand_type, (tile,)) is not None for tile in tiles)
        assert entry.exact
        assert entry.chance[0] == pytest.approx(hits / len(tiles), abs=1e-12)


def test_distance_zero_has_chance_one() -> None:
    result = odds("k1-13 k1", draws=3, samples=10)
    royal = row(result, 24)
    assert royal.distance == 0 and royal.chance == (1.0, 1.0, 1.0) and royal.exact
    assert result.any.chance == (1.0, 1.0, 1.0) and result.any.interval is None


# A small pool: seen everything but 12 tiles, so every draw of up to 3 can be enumerated.
SMALL_HAND = "k1-11 r5 b5 o9"
SMALL_UNSEEN = "k12 k13 k1 r6 r7 b6 b7 o10 o11 k5 * r1"


def small_seen() -> str:
    everything = [Tile(i) for i in range(52) for _ in range(2)] + parse_tiles("* *")
    for tile in parse_tiles(SMALL_HAND) + parse_tiles(SMALL_UNSEEN):
        everything.remove(tile)
    return " ".join(str(tile) for tile in everything)


def enumerated_chances(draws: int) -> dict[int, list[float]]:
    """Every type's exact chance within 1..draws, counting every set of drawn tiles."""
    pool = Pool.build(parse_tiles(SMALL_HAND), parse_tiles(small_seen()), None)
    tiles = unseen_tiles(pool)
    assert len(tiles) == 12
    check = PoolCheck(pool)
    chances: dict[int, list[float]] = {}
    for hand_type in default_table():
        per_k = []
        for k in range(1, draws + 1):
            subsets = list(every_draw(tiles, k))
            held = sum(check.kept(hand_type, drawn) is not None for drawn in subsets)
            per_k.append(held / len(subsets))
        chances[hand_type.number] = per_k
    return chances


def test_monte_carlo_intervals_cover_the_enumerated_chance_at_the_promised_rate() -> None:
    draws = 3
    exact = enumerated_chances(draws)
    seen = small_seen()
    covered = total = 0
    for seed in range(8):
        result = odds(SMALL_HAND, draws=draws, seen=seen, samples=200, seed=seed)
        for entry in result.types:
            if entry.exact:
                continue
            assert entry.interval is not None
            for k in range(draws):
                low, high = entry.interval[k]
                total += 1
                covered += low <= exact[entry.number][k] <= high
    assert total >= 24
    # 95% intervals: allow three standard deviations of the binomial count below 95%.
    assert covered >= 0.95 * total - 3 * math.sqrt(total * 0.05 * 0.95)


def test_monte_carlo_estimates_agree_with_enumeration() -> None:
    # three draws from 12 copies are 1320 ordered sequences: 400 samples estimate them
    draws = 3
    exact = enumerated_chances(draws)
    result = odds(SMALL_HAND, draws=draws, seen=small_seen(), samples=400, seed=3)
    assert result.samples == 400
    estimated = [r for r in result.types if not r.exact]
    assert estimated
    for entry in estimated:
        assert entry.interval is not None
        for k in range(draws):
            low, high = entry.interval[k]
            # each interval is 95%: widen by half again so a single test run fails rarely
            slack = (high - low) / 4
            assert low - slack <= exact[entry.number][k] <= high + slack, entry.name


@pytest.mark.slow
def test_the_obvious_discard_is_the_stray_tile() -> None:
    # k1-13 k1 is a Royal (2400) already; r9 is a stray. Throwing any black tile breaks it.
    result = odds("k1-13 k1 r9", draws=2, samples=60, seed=1)
    assert result.discards is not None
    assert str(result.best_discard) == "r9"
    best = result.discards[0]
    assert best.chance == 1.0 and best.top_type == "Royal" and best.distance == 0
    assert best.expected_score >= 2400
    assert all(other.expected_score < 2400 for other in result.discards[1:])


@pytest.mark.slow
def test_discard_order_is_stable_across_seeds_where_it_is_clear() -> None:
    rack = "k1-12 r5 o9 b2"
    first = odds(rack, draws=2, samples=100, seed=1)
    second = odds(rack, draws=2, samples=100, seed=2)
    assert first.discards is not None and second.discards is not None
    rank = {str(r.discard): i for i, r in enumerate(second.discards)}
    compared = 0
    for a, b in itertools.combinations(first.discards, 2):
        if a.expected_interval[0] > b.expected_interval[1]:  # a clearly above b
            compared += 1
            assert rank[str(a.discard)] < rank[str(b.discard)], (a.discard, b.discard)
    assert compared > 0


def test_same_seed_same_answer() -> None:
    a = odds("k1-12 r5 o9", draws=3, samples=80, seed=5).to_dict()
    b = odds("k1-12 r5 o9", draws=3, samples=80, seed=5).to_dict()
    assert a == b


@pytest.mark.slow
def test_cli_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "k1-13", "r5", "r9", "--draws", "2", "--samples", "20", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    Draft202012Validator(schema("odds")).validate(data)
    assert data["format"] == "odds/1"
    assert data["draws"] == 2 and data["samples"] == 20 and data["seed"] == 0
    assert {"chance", "interval", "expected_score"} <= set(data["any"])
    for entry in data["types"]:
        assert {"number", "name", "distance", "chance", "interval", "exact", "expected"} <= set(
            entry
        )
        assert len(entry["chance"]) == 2
        assert (entry["interval"] is None) == entry["exact"]
    assert data["best_discard"] == data["discards"][0]["discard"]
    scores = [d["expected_score"] for d in data["discards"]]
    assert scores == sorted(scores, reverse=True)


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "k1-13", "--draws", "2"],
        ["odds", "k1-13", "r5", "--draws", "0"],
        ["odds", "k1-13", "r5", "--samples", "x"],
        ["odds", "k1-13", "r5", "--seen", "r5 r5"],
    ],
)
def test_cli_bad_input_is_one_line_and_status_two(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        status = main(argv)
        raise SystemExit(status)
    assert raised.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err and "Traceback" not in "\n".join(err)


def test_the_compiled_holds_check_agrees_with_the_reach_search() -> None:
    # Pools of 14 + 6 tiles, dealt at random: the compiled holds-checks and the reach
    # search must agree on every type (held or not, and the tiles kept).
    import random

    from builds import compiled_module

    from intlscore.engine.compiled import CompiledBuild
    from intlscore.engine.reach.solve import closest

    table = default_table()
    compiled = CompiledBuild(compiled_module()).holds_table(table)
    rng = random.Random(5)
    deck = [Tile(i) for i in range(52) for _ in range(2)] + parse_tiles("* *")
    held = 0
    for _ in range(25):
        pool = Pool.build(rng.sample(deck, 20), (), None)
        for hand_type in table:
            best = closest(hand_type, pool)
            want = best.kept if best.found and best.kept + pool.jokers >= 14 else None
            assert compiled.kept(hand_type, pool) == want, hand_type.name
            held += want is not None
    assert held > 0


@settings(max_examples=8, deadline=None)
@given(hand=hands14())
def test_chances_are_probabilities_rising_with_the_draws(hand: list[Tile]) -> None:
    result = odds(hand, draws=3, samples=30, seed=0)
    for entry in [*result.types, result.any]:
        chance = list(entry.chance)
        assert all(0.0 <= c <= 1.0 for c in chance)
        assert chance == sorted(chance)
        if entry.interval is not None:
            assert all(
                low <= c <= high for c, (low, high) in zip(chance, entry.interval, strict=True)
            )
    # the rack wins within N draws at least as often as its likeliest estimated type
    estimated = [r.within for r in result.types if not r.exact]
    assert result.any.chance[-1] >= max(estimated, default=0.0)


def test_the_progress_bar_waits_a_second_and_needs_a_terminal() -> None:
    from intlscore.faces.render.progress_bar import LazyBar

    quiet = LazyBar("odds", delay=0.0, force=False)  # not a terminal
    quiet(1, 10)
    assert quiet._progress is None
    waiting = LazyBar("odds", delay=3600.0, force=True)  # a terminal, but quick work
    waiting(1, 10)
    assert waiting._progress is None
    with LazyBar("odds", delay=0.0, force=True) as shown:
        shown(1, 10)
        assert shown._progress is not None
        assert shown._progress.tasks[0].completed == 1
    assert shown._progress is None
