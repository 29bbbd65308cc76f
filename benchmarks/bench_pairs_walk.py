"""Benchmark: the pairs walk alone (issue 31), what 13 tiles make with two drawn ones.

The play search asks the pairs walk (``holds_sets_pairs`` in ``native/setsearch.c``, its
Python twin ``drawn_pairs`` in ``intlscore/engine/setsearch/drawn_pairs.py``) of the 13 tiles a
discard leaves, once per set-based type. Here: the two-joker racks of ``bench_play.py``
(:func:`bench_play.two_joker_racks`), each with one real tile thrown (12 pools a rack:
11 real tiles and both jokers), every set-based type of the shipped table. CPU time per
pool (all types), median and worst, and the total; ``--pure N`` times the Python twin on
the first N pools alike.

Run from the repo root: ``PYTHONPATH=. python benchmarks/bench_pairs_walk.py [--racks 24]
[--pure 0] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_play import two_joker_racks

from intlscore.engine import native
from intlscore.engine.notation import parse_tiles
from intlscore.engine.setsearch.drawn_pairs import drawn_pairs
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import TypeSpec, type_spec
from intlscore.rules.hand_table import SET_STRUCTURES
from intlscore.rules.ruleset import default_table


def pools_of(racks: list[str]) -> list[Pool]:
    """Each rack with one real tile thrown: 13 tiles."""
    pools = []
    for rack in racks:
        tiles = rack.split()
        for i, tile in enumerate(tiles):
            if tile != "*":
                rest = " ".join(tiles[:i] + tiles[i + 1 :])
                pools.append(Pool.build(parse_tiles(rest), (), None))
    return pools


def timed(pools: list[Pool], walk: Callable[[Pool], None]) -> list[float]:
    times = []
    for pool in pools:
        start = time.process_time()
        walk(pool)
        times.append(time.process_time() - start)
    return times


def report(label: str, times: list[float]) -> None:
    if times:
        print(
            f"{label}: {len(times)} pools, median {1000 * statistics.median(times):.2f} ms, "
            f"worst {1000 * max(times):.2f} ms, total {sum(times):.2f} s CPU"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--racks", type=int, default=24, help="two-joker racks (default 24)")
    parser.add_argument("--pure", type=int, default=0, help="pools timed in Python (0)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    shapes: list[TypeSpec] = [
        type_spec(t) for t in default_table().types if t.structure in SET_STRUCTURES
    ]
    pools = pools_of(two_joker_racks(args.racks, args.seed))
    module = native.built_module()
    if module is None:
        sys.exit("bench_pairs_walk: the compiled module is not built (python hatch_build.py)")
    table = module.holds_compile(shapes, [-1] * len(shapes))

    def compiled(pool: Pool) -> None:
        for index in range(len(shapes)):
            module.sets_pairs(table, index, bytes(pool.hand), pool.jokers, bytes(pool.cap))

    def python(pool: Pool) -> None:
        for shape in shapes:
            drawn_pairs(shape, pool)

    report(f"compiled pairs walk, {len(shapes)} types a pool", timed(pools, compiled))
    report(f"pure-Python pairs walk, {len(shapes)} types a pool", timed(pools[: args.pure], python))


if __name__ == "__main__":
    main()
