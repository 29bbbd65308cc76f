"""Run an in-process benchmark side by side with the code before a change.

``python benchmarks/side_by_side.py --baseline DIR [--rounds N] BENCH [ARGS...]`` runs
``benchmarks/BENCH`` (say ``bench_odds.py --racks 20``) N times (default 3) with this
checkout first on the import path, and N times with DIR first (a checkout of the earlier
code, its C extension built in place by ``python hatch_build.py``). The two take turns at
going first, so both meet the same machine load and the same warm caches; every number the
benchmark prints is CPU time, as in each script. Each round's output is printed under its
side, then, for every line that both sides print with numbers, the medians over the rounds
of each number, side by side, and their ratio (this / baseline): below 1 is faster.

``bench_cli.py`` measures whole commands and has its own ``--baseline`` (a ``bin``
directory); this is for the benchmarks that time the engine in process.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")


def run(source: Path, bench: list[str]) -> list[str]:
    """The benchmark's output lines, run with ``source`` first on the import path."""
    env = dict(os.environ, PYTHONPATH=str(source))
    script = HERE / bench[0]
    done = subprocess.run(
        [sys.executable, str(script), *bench[1:]],
        env=env,
        cwd=source,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"side_by_side: {bench[0]} failed with {source}: {done.stderr.strip()[-300:]}")
    return done.stdout.splitlines()


def shape(line: str) -> str:
    """A line with its numbers taken out: the key that pairs the two sides' lines."""
    return NUMBER.sub("#", line)


def numbers(line: str) -> list[float]:
    return [float(text.replace(",", "")) for text in NUMBER.findall(line)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="the earlier checkout")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each side (default 3)")
    parser.add_argument("bench", nargs=argparse.REMAINDER, help="BENCH.py and its arguments")
    args = parser.parse_args()
    if not args.bench:
        parser.error("name the benchmark, e.g. bench_odds.py --racks 20")
    baseline = args.baseline.resolve()
    if not (baseline / "intlscore").is_dir():
        parser.error(f"{baseline} is not a checkout of intlscore")
    sides = {"this": ROOT, "baseline": baseline}
    outputs: dict[str, list[list[str]]] = {"this": [], "baseline": []}
    for round_ in range(args.rounds):
        order = ["this", "baseline"] if round_ % 2 == 0 else ["baseline", "this"]
        for side in order:
            lines = run(sides[side], args.bench)
            outputs[side].append(lines)
            print(f"-- round {round_ + 1}, {side}")
            print("\n".join(lines))
    print(f"\nmedians over {args.rounds} rounds: this | baseline | this / baseline")
    for key, mine in paired(outputs["this"]).items():
        theirs = paired(outputs["baseline"]).get(key, [])
        if len(theirs) != args.rounds or len(mine) != args.rounds:
            continue
        cells = []
        for index in range(len(mine[0])):
            a = statistics.median(values[index] for values in mine)
            b = statistics.median(values[index] for values in theirs)
            ratio = f"{a / b:.2f}" if b else "-"
            cells.append(f"{a:g} | {b:g} | {ratio}")
        print(f"{key[0].strip()}: " + "; ".join(cells))


def paired(rounds: list[list[str]]) -> dict[tuple[str, int], list[list[float]]]:
    """Per line with numbers, keyed by its shape and which of that shape it is, the numbers
    of each round."""
    found: dict[tuple[str, int], list[list[float]]] = {}
    for lines in rounds:
        seen: dict[str, int] = {}
        for line in lines:
            key = shape(line)
            if "#" not in key:
                continue
            seen[key] = seen.get(key, 0) + 1
            found.setdefault((key, seen[key]), []).append(numbers(line))
    return found


if __name__ == "__main__":
    main()
