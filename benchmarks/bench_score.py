"""Benchmark the scorer (issue 2's speed targets); prints medians, never asserts.

Run: ``python benchmarks/bench_score.py`` (add ``--quick`` for a smaller corpus).
The process is pinned to one core where the OS allows it; the in-process figures are
CPU time (``time.process_time``), so other work on a shared machine counts less.
``benchmarks/bench_cli.py`` measures the command line as CPU-time ratios.

Measures:

1. full evaluation of 15-tile hands (best discard over all 40 types, R13) over a
   fixed, seeded corpus of 2,000 structured near misses with 0-2 jokers:
   median and worst per hand;
2. classifying random dealt 14-tile hands (every type they fit): hands/s;
3. ``intlscore score`` end to end, as a user runs it: median wall time.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from corpus import dealt_hands, near_miss_hands

from intlscore.engine.scoring import score_hand, types_fitting
from intlscore.rules.ruleset import default_table


def pin_to_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        return f"pinned to core {core}"
    return "not pinned (no sched_setaffinity)"


def bench_full(count: int) -> dict[str, float]:
    hands = near_miss_hands(count, size=15, seed=2026)
    times = []
    scoring = 0
    for hand in hands:
        start = time.process_time()
        result = score_hand(hand)
        times.append(time.process_time() - start)
        scoring += result.best is not None
    times.sort()
    return {
        "hands": len(hands),
        "scoring": scoring,
        "median_ms": statistics.median(times) * 1000,
        "p90_ms": times[int(0.9 * len(times))] * 1000,
        "worst_ms": times[-1] * 1000,
    }


def bench_classify(count: int) -> dict[str, float]:
    hands = dealt_hands(count, seed=14)
    start = time.process_time()
    fitting = sum(1 for hand in hands if types_fitting(hand))
    elapsed = time.process_time() - start
    return {"hands": len(hands), "fitting": fitting, "hands_per_s": len(hands) / elapsed}


def bench_cli(runs: int) -> dict[str, float]:
    exe = shutil.which("intlscore")
    command = ([exe] if exe else [sys.executable, "-m", "intlscore"]) + [
        "score",
        "k1-13 k1",
        "--discard",
        "r5",
    ]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    command_json = [*command, "--json"]
    json_times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command_json, check=True, capture_output=True)
        json_times.append(time.perf_counter() - start)
    return {
        "runs": runs,
        "median_ms": statistics.median(times) * 1000,
        "json_median_ms": statistics.median(json_times) * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller corpus, fewer runs")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {pin_to_one_core()}")
    default_table()  # read the table once, as a long-running caller would
    full = bench_full(300 if args.quick else 2000)
    print(
        f"15-tile full evaluation: {full['hands']} hands ({full['scoring']} scoring): "
        f"median {full['median_ms']:.2f} ms, p90 {full['p90_ms']:.2f} ms, "
        f"worst {full['worst_ms']:.1f} ms"
    )
    classify = bench_classify(5000 if args.quick else 50000)
    print(
        f"classify random dealt 14-tile hands: {classify['hands']} hands "
        f"({classify['fitting']} fit a type): {classify['hands_per_s']:,.0f} hands/s"
    )
    cli = bench_cli(5 if args.quick else 20)
    print(
        f"intlscore score end to end: median {cli['median_ms']:.0f} ms (rich view), "
        f"{cli['json_median_ms']:.0f} ms (--json), over {cli['runs']} runs"
    )


if __name__ == "__main__":
    main()
