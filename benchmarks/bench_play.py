"""Benchmark: the play odds (R23) for the seeded corpus of ``bench_odds.py`` (issue 20).

Each rack of the corpus (:mod:`corpus`: structured near misses and random deals) is
timed on one core, in CPU time, for the play search alone (:func:`play_odds`, with the
default budget of positions): 15 tiles with N draws (default 6), answered exactly where
the budget allows and as a stated lower bound otherwise, and 14 tiles with N = 3. Medians
and worst cases are printed, with how many answers were exact and, for the bounds, how
many draws the exact search covered. Last, the exact search itself: the 14-tile racks
with N = 3 and no budget (every answer exact), issue 20's "14 tiles, N = 3, exact", and
issue 31's two-joker corpus alike (:func:`two_joker_racks`: near misses of 12 tiles and
both jokers, the racks where the search used to be slowest).

Run from the repo root: ``PYTHONPATH=. python benchmarks/bench_play.py [--racks 50]
[--fifteen 50] [--draws 6] [--fourteen-draws 3] [--budget B] [--exact 50] [--jokers 24]
[--pure 0] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from corpus import near_miss_hands

from intlscore.engine import build
from intlscore.engine.odds.play import DEFAULT_BUDGET, play_odds
from intlscore.engine.python_build import PYTHON
from intlscore.engine.tiles import JOKER

UNLIMITED = 10**9
"""A budget no exact search here reaches: every answer exact."""


def two_joker_racks(count: int, seed: int) -> list[str]:
    """``count`` racks of 14 tiles holding both jokers: the corpus's near misses of 12 tiles
    without a joker, and the two jokers (issue 31)."""
    racks = []
    for hand in near_miss_hands(20 * count, size=12, seed=seed + 1):
        if JOKER not in hand:
            racks.append(" ".join(map(str, [*hand, JOKER, JOKER])))
        if len(racks) == count:
            break
    return racks


def timed(racks: list[str], draws: int, budget: int) -> tuple[list[float], Counter[str]]:
    times = []
    covered: Counter[str] = Counter()
    for rack in racks:
        start = time.process_time()
        result = play_odds(rack, draws=draws, budget=budget)
        times.append(time.process_time() - start)
        covered["exact" if result.exact else f"bound from {result.exact_draws}"] += 1
    return times, covered


def report(label: str, times: list[float], covered: Counter[str]) -> None:
    if not times:
        return
    kinds = ", ".join(f"{name} {count}" for name, count in sorted(covered.items()))
    print(
        f"{label}: {len(times)} racks, median {statistics.median(times):.2f} s, "
        f"worst {max(times):.2f} s, total {sum(times):.0f} s CPU ({kinds})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--racks", type=int, default=50, help="14-tile racks (default 50)")
    parser.add_argument("--fifteen", type=int, default=50, help="15-tile racks (default 50)")
    parser.add_argument("--draws", type=int, default=6, help="draws for 15 tiles (default 6)")
    parser.add_argument("--fourteen-draws", type=int, default=3, help="for 14 tiles (3)")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument(
        "--exact", type=int, default=50, help="14-tile racks solved with no budget (50; 0: none)"
    )
    parser.add_argument(
        "--jokers", type=int, default=24, help="two-joker racks solved with no budget (24)"
    )
    parser.add_argument(
        "--pure", type=int, default=0, help="two-joker racks timed in the pure build (0)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"set search: {build.current().name}")
    print(f"budget {args.budget} positions, corpus seed {args.seed}")
    fifteen = [
        " ".join(map(str, h)) for h in near_miss_hands(args.fifteen, size=15, seed=args.seed)
    ]
    fourteen = [" ".join(map(str, h)) for h in near_miss_hands(args.racks, size=14, seed=args.seed)]
    report(f"15 tiles, N = {args.draws}", *timed(fifteen, args.draws, args.budget))
    report(
        f"14 tiles, N = {args.fourteen_draws}", *timed(fourteen, args.fourteen_draws, args.budget)
    )
    exact = fourteen[: args.exact]
    report(
        f"14 tiles, N = {args.fourteen_draws}, no budget",
        *timed(exact, args.fourteen_draws, UNLIMITED),
    )
    jokers = two_joker_racks(max(args.jokers, args.pure), args.seed)
    report(
        f"14 tiles with two jokers, N = {args.fourteen_draws}, no budget",
        *timed(jokers[: args.jokers], args.fourteen_draws, UNLIMITED),
    )
    if args.pure:
        build.use(PYTHON)
        report(
            f"pure-Python build, 14 tiles with two jokers, N = {args.fourteen_draws}, no budget",
            *timed(jokers[: args.pure], args.fourteen_draws, UNLIMITED),
        )


if __name__ == "__main__":
    main()
