"""Benchmark: ``odds`` for a seeded corpus of racks (issue 13's speed targets).

Each rack of a fixed, seeded corpus (:mod:`corpus`: structured near misses and
random deals) is timed on one core, in CPU time: 14 tiles with N draws (default
6) and enough samples for every 95% interval to be at most 2 points either side
(2401), and 15 tiles with the per-discard table. Medians and worst cases are
printed, with which set search answered (compiled or pure Python) and where the
time goes (``--profile``).

Run from the repo root: ``PYTHONPATH=. python benchmarks/bench_odds.py [--racks 200]
[--draws 6] [--samples 2401] [--fifteen 200] [--seed 1] [--profile]``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from corpus import near_miss_hands

from intlscore.engine import build
from intlscore.engine.odds import DEFAULT_SAMPLES, odds


def timed(racks: list[str], draws: int, samples: int, seed: int) -> list[float]:
    times = []
    for rack in racks:
        start = time.process_time()
        odds(rack, draws=draws, samples=samples, seed=seed)
        times.append(time.process_time() - start)
    return times


def report(label: str, times: list[float]) -> None:
    if not times:
        return
    print(
        f"{label}: {len(times)} racks, median {statistics.median(times):.3f} s, "
        f"worst {max(times):.3f} s, total {sum(times):.1f} s CPU"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--racks", type=int, default=200, help="14-tile racks (default 200)")
    parser.add_argument("--fifteen", type=int, default=200, help="15-tile racks (default 200)")
    parser.add_argument("--draws", type=int, default=6)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="profile the 14-tile run")
    args = parser.parse_args()
    print(f"set search: {build.current().name}")
    print(f"draws {args.draws}, samples {args.samples}, corpus seed {args.seed}")
    fourteen = [" ".join(map(str, h)) for h in near_miss_hands(args.racks, size=14, seed=args.seed)]
    fifteen = [
        " ".join(map(str, h)) for h in near_miss_hands(args.fifteen, size=15, seed=args.seed)
    ]
    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
    report("14 tiles", timed(fourteen, args.draws, args.samples, args.seed))
    if args.profile:
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)
    report("15 tiles, per discard", timed(fifteen, args.draws, args.samples, args.seed))


if __name__ == "__main__":
    main()
