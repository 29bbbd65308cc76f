"""Benchmark: the compiled holds-check of each pairs, sequence and any type, per pool.

``intlscore._native.holds_kept`` answers, for the pairs, sequence and any types, "does this
pool (a hand plus its draws) hold the type, keeping how many real tiles"
(``native/holds_simple.c``). A fixed, seeded corpus of
pools: half dealt at random (14-20 of the 106 tiles, jokers included) and half near
misses of a completed hand (benchmarks/corpus.py) topped up with random draws; each with
0-12 seen tiles lowering the copies (R3). Each type is timed on each pool in CPU time
(``time.process_time_ns``, the call repeated ``--repeat`` times); the median and the worst
per call are printed, in microseconds. The figure includes the Python call and the parsing
of the pool (about 0.3 us); the type is compiled once.
Run: ``python benchmarks/bench_holds.py [--pools N] [--seed S] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter

from corpus import near_miss_hands

from intlscore.engine import native
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import type_spec
from intlscore.engine.tiles import JOKER, Tile
from intlscore.rules.ruleset import default_table

BAG = [Tile(i) for i in range(52)] * 2 + [JOKER, JOKER]


def pools(count: int, seed: int) -> list[Pool]:
    """``count`` pools: half dealt at random, half near misses plus draws; seen tiles too."""
    rng = random.Random(seed)
    near = near_miss_hands(count, size=14, seed=seed)
    out: list[Pool] = []
    for i in range(count):
        size = rng.randint(14, 20)
        if i % 2 == 0:
            tiles = rng.sample(BAG, size)
        else:
            tiles = list(near[i])
            rest = list(BAG)
            for tile in tiles:
                rest.remove(tile)
            tiles += rng.sample(rest, size - len(tiles))
        held = Counter(tiles)
        unseen = [t for t in BAG if not t.is_joker]
        for tile in tiles:
            if not tile.is_joker:
                unseen.remove(tile)
        seen = rng.sample(unseen, rng.choice([0, 2, 6, 12]))
        assert all(held[t] <= 2 for t in held)
        out.append(Pool.build(tiles, seen, None))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pools", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    module = native.load()
    if module is None or not hasattr(module, "holds_kept"):
        sys.exit("intlscore._native with holds_kept is not installed (pip install .)")
    check = module.holds_kept
    corpus = [(bytes(p.hand), p.jokers, bytes(p.cap)) for p in pools(args.pools, args.seed)]
    every: list[float] = []
    print(f"{len(corpus)} pools, CPU time per call in microseconds")
    print(f"{'type':34} {'median':>7} {'worst':>7} {'held':>5}")
    for hand_type in default_table():
        if hand_type.structure not in ("pairs", "sequence", "any"):
            continue
        table = module.holds_compile([type_spec(hand_type)], [-1])
        times: list[float] = []
        held = 0
        for counts, jokers, cap in corpus:
            start = time.process_time_ns()
            for _ in range(args.repeat):
                kept = check(table, 0, counts, jokers, cap)
            times.append((time.process_time_ns() - start) / args.repeat / 1000)
            held += kept >= 0
        every.extend(times)
        name = f"{hand_type.number} {hand_type.name}"
        print(f"{name:34} {statistics.median(times):7.2f} {max(times):7.2f} {held:5}")
    print(f"{'all':34} {statistics.median(every):7.2f} {max(every):7.2f}")
    # The Python call and the parsing alone: a pool with no tile is refused at once.
    empty, full = bytes(52), bytes([2] * 52)
    table = module.holds_compile([type_spec(default_table().by_number(35))], [-1])
    start = time.process_time_ns()
    for _ in range(args.repeat * 100):
        check(table, 0, empty, 0, full)
    overhead = (time.process_time_ns() - start) / args.repeat / 100 / 1000
    print(f"{'call and parsing (empty pool)':34} {overhead:7.2f}")


if __name__ == "__main__":
    main()
