"""The night's seating planner (issue 43): tables of 3 and 4, no repeat meetings where a
seating allows it, fair tables of 3, keep-apart pairs, a fixed prefix of rounds, every flaw
named, and a budget counted in steps, so no test depends on the machine's speed."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from intlscore.errors import SeatingError
from intlscore.session.night.seating import (
    Seating,
    _Search,
    measure,
    plan_seating,
    seating_flaws,
    table_sizes,
)


def names(count: int) -> list[str]:
    return [f"p{i:02}" for i in range(1, count + 1)]


def meetings(plan: Seating) -> Counter[frozenset[str]]:
    met: Counter[frozenset[str]] = Counter()
    for tables in plan.rounds:
        for table in tables:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def threes(plan: Seating) -> Counter[str]:
    return Counter(
        p for tables in plan.rounds for table in tables if len(table) == 3 for p in table
    )


@pytest.mark.parametrize("count", [16, 20])
def test_nobody_meets_twice_over_four_rounds(count: int) -> None:
    """16 and 20 players over 4 rounds at tables of 4: nobody meets anyone twice, found
    from a fixed seed within a count of steps (no clock), the same on any machine."""
    plan = plan_seating(names(count), 4, seed=43, cpu_seconds=None)
    assert plan.complete
    assert all(len(table) == 4 for tables in plan.rounds for table in tables)
    assert max(meetings(plan).values()) == 1
    assert plan.flaws == ()
    assert plan.cost == (0, 0, 0)


@pytest.mark.parametrize("count", [16, 20])
def test_no_repeat_from_several_seeds(count: int) -> None:
    for seed in range(5):
        plan = plan_seating(names(count), 4, seed=seed, cpu_seconds=None)
        assert max(meetings(plan).values()) == 1, seed


def test_same_seed_same_seating_other_seed_other() -> None:
    one = plan_seating(names(13), 4, seed=7, steps=500, cpu_seconds=None)
    assert plan_seating(names(13), 4, seed=7, steps=500, cpu_seconds=None) == one
    assert plan_seating(names(13), 4, seed=8, steps=500, cpu_seconds=None).rounds != one.rounds


@pytest.mark.parametrize(
    ("count", "sizes"),
    [
        (6, (3, 3)),
        (7, (4, 3)),
        (8, (4, 4)),
        (9, (3, 3, 3)),
        (10, (4, 3, 3)),
        (13, (4, 3, 3, 3)),
        (14, (4, 4, 3, 3)),
        (41, (4,) * 8 + (3,) * 3),
    ],
)
def test_table_sizes(count: int, sizes: tuple[int, ...]) -> None:
    assert table_sizes(count) == sizes
    assert sum(sizes) == count


@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_too_few_players_says_what_is_possible(count: int) -> None:
    with pytest.raises(SeatingError, match=r"seat 3 or 4 at one table, or 6 or more"):
        plan_seating(names(count), 3)


def test_thirteen_players_no_repeat() -> None:
    """13 over 4 rounds at 4/3/3/3 (the walkthrough's night): nobody meets twice."""
    plan = plan_seating(names(13), 4, seed=1, steps=4000, cpu_seconds=None)
    assert max(meetings(plan).values()) == 1
    assert not [flaw for flaw in plan.flaws if flaw.kind == "repeat"]


@pytest.mark.parametrize("count", [15, 17, 18, 19, 22, 23])
def test_nobody_at_a_table_of_three_again_while_others_never(count: int) -> None:
    """Where no repeat is needed, the tables of 3 are shared evenly: nobody has two more
    than anyone else."""
    plan = plan_seating(names(count), 4, seed=2, cpu_seconds=None)
    assert max(meetings(plan).values()) == 1
    counts = [threes(plan)[player] for player in names(count)]
    assert max(counts) - min(counts) <= 1
    assert plan.flaws == ()


def test_keep_apart_pairs_never_meet() -> None:
    apart = [("p01", "p02"), ("p03", "p04"), ("p01", "p05")]
    plan = plan_seating(names(12), 3, apart=apart, seed=3, steps=2000, cpu_seconds=None)
    met = meetings(plan)
    assert all(met[frozenset(pair)] == 0 for pair in apart)
    assert not [flaw for flaw in plan.flaws if flaw.kind == "apart"]


def test_keep_apart_that_cannot_hold_is_named() -> None:
    """Six players at two tables of 3: p01 must sit with two of them; keeping p01 apart
    from all five cannot hold, and each breach is named."""
    apart = [("p01", other) for other in names(6)[1:]]
    plan = plan_seating(names(6), 1, apart=apart, seed=0, steps=500, cpu_seconds=None)
    apart_flaws = [flaw.text for flaw in plan.flaws if flaw.kind == "apart"]
    assert len(apart_flaws) == 2
    assert all("are kept apart but sit at one table in round 1" in text for text in apart_flaws)


def test_unavoidable_repeats_are_named() -> None:
    """Six players over 4 rounds at two tables of 3 must meet again; each repeat is named."""
    plan = plan_seating(names(6), 4, seed=0, steps=2000, cpu_seconds=None)
    met = meetings(plan)
    repeats = [flaw for flaw in plan.flaws if flaw.kind == "repeat"]
    assert len(repeats) == sum(count - 1 for count in met.values()) > 0
    assert repeats[0].text.endswith(f"meet a second time in round {repeats[0].round}")


def brute_force_best(count: int, rounds: int) -> tuple[int, int, int]:
    """The least cost over every seating (an exact oracle for small nights)."""
    from itertools import product

    players = names(count)
    sizes = table_sizes(count)
    splits = []
    for first in combinations(players, sizes[0]):
        rest = tuple(p for p in players if p not in first)
        splits.append((first, rest))
    return min(measure(list(choice)) for choice in product(splits, repeat=rounds))


@pytest.mark.parametrize(("count", "rounds"), [(6, 2), (6, 3), (7, 2)])
def test_small_nights_reach_the_exact_optimum(count: int, rounds: int) -> None:
    """Against every seating of a small night: the planner finds the least cost (the
    squared repeats spread, then the tables of 3)."""
    plan = plan_seating(names(count), rounds, seed=0, steps=2000, cpu_seconds=None)
    assert plan.cost == brute_force_best(count, rounds)


@pytest.mark.stress
@pytest.mark.parametrize(("count", "rounds"), [(6, 4), (7, 3)])
def test_longer_small_nights_reach_the_optimum(count: int, rounds: int) -> None:
    plan = plan_seating(names(count), rounds, seed=0, steps=4000, cpu_seconds=None)
    assert plan.cost == brute_force_best(count, rounds)


def test_fixed_rounds_are_kept_and_latecomer_seated() -> None:
    """Two rounds played by 16; a latecomer arrives and a player leaves: rounds 1 and 2 stay
    as they were, rounds 3 and 4 seat the new roster, avoiding the meetings already had."""
    first = plan_seating(names(16), 2, seed=4, cpu_seconds=None)
    roster = [p for p in names(16) if p != "p05"] + ["p17"]
    plan = plan_seating(roster, 4, fixed=first.rounds, seed=4, cpu_seconds=None)
    assert plan.rounds[:2] == first.rounds
    for tables in plan.rounds[2:]:
        assert sorted(p for table in tables for p in table) == sorted(roster)
    assert max(meetings(plan).values()) == 1
    assert all(flaw.round >= 3 for flaw in plan.flaws)


def test_the_budget_is_steps_and_cpu_time() -> None:
    """A budget of one step returns at once with a complete, valid seating; a CPU budget
    already spent stops the search at its first check, and the answer is still whole."""
    plan = plan_seating(names(12), 4, seed=0, steps=1, cpu_seconds=None)
    assert plan.steps <= 1
    assert all(sorted(p for t in tables for p in t) == names(12) for tables in plan.rounds)
    # a budget already spent (negative): the first check of the clock stops it, on any machine
    clocked = plan_seating(names(12), 4, seed=0, steps=10**9, cpu_seconds=-1.0)
    assert not clocked.complete
    assert all(sorted(p for t in tables for p in t) == names(12) for tables in clocked.rounds)
    assert clocked.flaws == seating_flaws(clocked.rounds)


def test_named_twice_is_refused() -> None:
    with pytest.raises(SeatingError, match="'p01' is named twice"):
        plan_seating(["p01", *names(7)], 2)


def check_plan(plan: Seating, roster: list[str], rounds: int) -> None:
    assert len(plan.rounds) == rounds
    for tables in plan.rounds:
        seated = [p for table in tables for p in table]
        assert sorted(seated) == sorted(roster)  # everyone once a round
        assert all(len(table) in (3, 4) for table in tables)
    met = meetings(plan)
    named = Counter(frozenset(flaw.players) for flaw in plan.flaws if flaw.kind == "repeat")
    assert named == Counter({pair: count - 1 for pair, count in met.items() if count > 1})
    assert plan.cost == measure(plan.rounds)


@settings(max_examples=25, deadline=None)
@given(
    count=st.integers(min_value=6, max_value=30),
    rounds=st.integers(min_value=1, max_value=5),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_every_player_seated_once_and_flaws_exact(count: int, rounds: int, seed: int) -> None:
    plan = plan_seating(names(count), rounds, seed=seed, steps=400, cpu_seconds=None)
    check_plan(plan, names(count), rounds)


@settings(max_examples=15, deadline=None)
@given(
    count=st.integers(min_value=9, max_value=24),
    seed=st.integers(min_value=0, max_value=1000),
    changes=st.lists(st.sampled_from(["arrive", "leave"]), min_size=1, max_size=3),
)
def test_replanning_keeps_the_seated_rounds(count: int, seed: int, changes: list[str]) -> None:
    roster = names(count)
    plan = plan_seating(roster, 4, seed=seed, steps=300, cpu_seconds=None)
    extra = count
    for played, change in enumerate(changes, start=1):
        if change == "arrive":
            extra += 1
            roster = [*roster, f"p{extra:02}"]
        else:
            roster = roster[1:]
        kept = plan.rounds[:played]
        plan = plan_seating(roster, 4, fixed=kept, seed=seed, steps=300, cpu_seconds=None)
        assert plan.rounds[:played] == kept
        for tables in plan.rounds[played:]:
            assert sorted(p for t in tables for p in t) == sorted(roster)
            assert all(len(table) in (3, 4) for table in tables)


def swaps_keep_the_measure(search: _Search, rng: random.Random) -> None:
    """200 random swaps of 13 players' 3 rounds: each changes the kept measure by exactly
    what ``swap_delta`` said it would."""
    for _ in range(200):
        r = rng.randrange(3)
        ta, tb = rng.sample(range(4), 2)
        a = rng.choice(search.rounds[r][ta])
        b = rng.choice(search.rounds[r][tb])
        before = search.cost()
        delta = search.swap_delta(r, ta, a, tb, b)
        search.swap(r, ta, a, tb, b)
        assert search.cost() == before + delta


def test_search_keeps_its_measure_up_to_date() -> None:
    """The incremental cost of every swap agrees with the measure from scratch."""
    rng = random.Random(1)
    search = _Search(names(13), [], 3, [("p01", "p02")], rng)
    swaps_keep_the_measure(search, rng)


def closeness(tables: tuple[tuple[str, ...], ...], ranks: dict[str, int]) -> int:
    return sum(abs(ranks[a] - ranks[b]) for table in tables for a, b in combinations(table, 2))


def test_by_standing_groups_neighbours_in_the_standings() -> None:
    """One round of 8 by standing: the top four at one table, the next four at the other."""
    ranks = {player: index for index, player in enumerate(names(8))}
    plan = plan_seating(names(8)[::-1], 1, seed=0, steps=500, cpu_seconds=None, ranks=ranks)
    assert sorted(sorted(table) for table in plan.rounds[0]) == [names(8)[:4], names(8)[4:]]


def test_by_standing_still_counts_repeats_first() -> None:
    """16 players after round 1, the next round seated by standing (the next round only:
    later ones wait for their standings): still nobody meets twice, and the round is as
    close in the standings as any round without a repeat can be (80, found by trying
    every such round: each table takes one player of each table of round 1)."""
    from itertools import permutations

    first = plan_seating(names(16), 1, seed=6, cpu_seconds=None)
    ranks = {player: index for index, player in enumerate(names(16))}
    plain = plan_seating(names(16), 4, fixed=first.rounds, seed=6, cpu_seconds=None)
    ranked = plan_seating(names(16), 2, fixed=first.rounds, seed=6, steps=2000,
                          cpu_seconds=None, ranks=ranks)  # fmt: skip
    assert max(meetings(ranked).values()) == 1
    assert ranked.rounds[0] == first.rounds[0]
    groups = first.rounds[0]
    least = min(
        closeness(tuple((groups[0][i], groups[1][p[i]], groups[2][q[i]], groups[3][o[i]])
                        for i in range(4)), ranks)
        for p in permutations(range(4)) for q in permutations(range(4))
        for o in permutations(range(4))
    )  # fmt: skip
    assert closeness(ranked.rounds[1], ranks) == least == 80
    assert closeness(plain.rounds[1], ranks) > least


def test_search_keeps_its_measure_up_to_date_by_standing() -> None:
    rng = random.Random(2)
    ranks = {player: (index * 7) % 13 for index, player in enumerate(names(13))}
    search = _Search(names(13), [], 3, [], rng, ranks)
    search.repeat_w, search.threes_w = 10**10, 1
    swaps_keep_the_measure(search, rng)
