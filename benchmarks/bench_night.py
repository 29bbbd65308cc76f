"""Benchmark: the night's seating planner (issue 43), in CPU time.

Plans a whole night of ``--rounds`` rounds for each player count of ``--players`` from
seeds ``0 .. --seeds - 1``, with the default step count and no CPU budget (so the figures
are of the search itself, not of the clock stopping it). Prints, for each count, the median
and the worst CPU seconds over the seeds, the median steps, the worst measure
``(keep-apart, repeats, tables of 3)`` and the widest share of tables of 3 (the fewest and
the most rounds a player sits at one; with four tables a round, as for 13 and 14 players,
every seating without repeats has the same squared measure, so only this shows fairness).
The target (issue 43): 40 players, 4 rounds, at most 3 s of CPU. Run:
``python benchmarks/bench_night.py [--players 13 16 20 40] [--rounds 4] [--seeds 20]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from intlscore.session.night.seating import plan_seating


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--players", type=int, nargs="+", default=[13, 14, 16, 17, 20, 24, 40, 43, 60]
    )
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    print(
        f"{'players':>7}  {'median s':>8}  {'worst s':>7}  {'steps':>6}  {'threes':>6}"
        "  worst measure"
    )
    for count in args.players:
        players = [f"p{i:02}" for i in range(1, count + 1)]
        times, steps, costs, spans = [], [], [], []
        for seed in range(args.seeds):
            start = time.process_time()
            plan = plan_seating(players, args.rounds, seed=seed, cpu_seconds=None)
            times.append(time.process_time() - start)
            steps.append(plan.steps)
            costs.append(plan.cost)
            seats = Counter(
                p for tables in plan.rounds for table in tables if len(table) == 3 for p in table
            )
            counts = [seats[player] for player in players]
            spans.append((max(counts) - min(counts), min(counts), max(counts)))
        # the widest, and of those the one leaving someone never at a table of 3
        _, low, high = max(spans, key=lambda span: (span[0], -span[1]))
        print(
            f"{count:>7}  {statistics.median(times):>8.3f}  {max(times):>7.3f}"
            f"  {int(statistics.median(steps)):>6}  {f'{low}-{high}':>6}"
            f"  {max(costs)}"
        )


if __name__ == "__main__":
    main()
