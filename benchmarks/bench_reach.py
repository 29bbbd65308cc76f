"""Benchmark: all 40 distances with outs for one 14-tile hand (issue 3).

A fixed, seeded corpus of mixed hands: dealt at random, and near-misses built
from a completed hand of a random type with one to three tiles swapped. Each
hand's ``reachability`` is timed in CPU time (``time.process_time``); the median and the worst are
printed, with which set search answered (compiled or pure Python).
Run: ``python benchmarks/bench_reach.py [--hands N] [--seed S]``.
``--by-type`` instead times each type's search (in table order, so shared
tables are built by the first type that needs them) and prints the slowest.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from intlscore.engine.reach import reachability
from intlscore.engine.tiles import JOKER, Tile

DECK = [Tile(i) for i in range(52) for _ in range(2)] + [JOKER, JOKER]

NEAR = (
    "k1-4 r5 b5 o5 k9-12 r13 b13 o13",
    "r1-13 r1",
    "k1 r2 k3 r4 k5 r6 k7 r1 k2 r3 k4 r5 k6 r7",
    "k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b7 b7",
    "k1-5 r3-7 b8-11",
    "k1-7 r1-7",
    "k5 r5 b5 k7 r7 b7 k9 r9 b9 o9 k11 r11 b11 o11",
    "k10-13 r10-13 b11-13 o11 o12 o13",
)


def corpus(count: int, seed: int) -> list[list[Tile]]:
    """``count`` hands: half dealt at random, half near-misses of a completed hand."""
    from intlscore.engine.notation import parse_tiles

    rng = random.Random(seed)
    hands: list[list[Tile]] = []
    while len(hands) < count:
        if len(hands) % 2 == 0:
            hands.append(rng.sample(DECK, 14))
            continue
        hand = parse_tiles(rng.choice(NEAR))
        for _ in range(rng.randint(1, 3)):
            rest = [t for t in DECK]
            for tile in hand:
                rest.remove(tile)
            hand[rng.randrange(14)] = rng.choice(rest)
        hands.append(hand)
    return hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--by-type", action="store_true", help="time each type's search")
    args = parser.parse_args()
    if args.by_type:
        by_type(corpus(args.hands, args.seed))
        return
    times = []
    for number, hand in enumerate(corpus(args.hands, args.seed), 1):
        start = time.process_time()
        reachability(hand)
        times.append((time.process_time() - start) * 1000)
        if number % 50 == 0:
            print(f"  {number} hands ...", flush=True)
    print(f"hands: {len(times)} (seed {args.seed}), all 40 types with outs per hand")
    print(f"set search: {search_kind()}")
    print(f"median: {statistics.median(times):.1f} ms   worst: {max(times):.1f} ms")
    print(f"mean: {statistics.mean(times):.1f} ms   total: {sum(times) / 1000:.1f} s")


def search_kind() -> str:
    """Which set search answered: the compiled one or the pure-Python fallback."""
    from intlscore.engine import build

    name = build.current().name
    return "compiled (intlscore._native)" if name == "compiled" else name


def by_type(hands: list[list[Tile]]) -> None:
    """Median and worst time of each type's search, slowest types first."""
    from intlscore.engine.reach.solve import closest
    from intlscore.engine.setsearch.pool import Pool
    from intlscore.rules.ruleset import default_table

    types = default_table().types
    names = {t.number: t.name for t in types}
    times: dict[int, list[float]] = {t.number: [] for t in types}
    for hand in hands:
        pool = Pool.build(hand, (), None)
        for hand_type in types:
            start = time.process_time()
            closest(hand_type, pool)
            times[hand_type.number].append((time.process_time() - start) * 1000)
    rows = sorted(times.items(), key=lambda item: -statistics.median(item[1]))
    print(f"hands: {len(hands)}; per type: median and worst ms, slowest first")
    print(f"set search: {search_kind()}")
    for number, spent in rows[:12]:
        median, worst = statistics.median(spent), max(spent)
        print(f"  {number:>2} {names[number]:<24} {median:8.2f} {worst:9.1f}")


if __name__ == "__main__":
    main()
