"""Run an in-process benchmark side by side with the code before a change.

``python benchmarks/side_by_side.py --baseline DIR [--rounds N] BENCH [ARGS...]`` runs
``benchmarks/BENCH`` (say ``bench_odds.py --racks 20``) N times (default 3) with this
checkout first on the import path, and N times with DIR first (a checkout of the earlier
code, its C extension built in place by ``python hatch_build.py``). The two take turns at
going first, so both meet the same machine load and the same warm caches; every number the
benchmark prints is CPU time, as in each script. Each round's output is printed under its
side, then, for every line that both sides print with numbers, the medians over the rounds
of each number, side by side, and their ratio (this / baseline): below 1 is faster.

``--own-scripts`` runs each side's own copy of the benchmark (``DIR/benchmarks/BENCH``):
for a baseline older than the script's imports, where the two copies differ only in what
they import (check with ``git diff BASELINE -- benchmarks/``).

``--instructions`` also counts each run's user-space instructions (``perf stat -e
instructions:u``, children included) and prints their medians and ratio: the benchmarks
do fixed work, so the count is the same from run to run within a fraction of a percent,
whatever the load, where this shared machine's CPU time of one side varies by up to 2x
between rounds. It counts everything the run does (the imports too), so read it beside the
times, not instead of them.

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
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")


def run(
    source: Path, bench: list[str], own_script: bool = False, count: bool = False
) -> tuple[list[str], int | None]:
    """The benchmark's output lines, run with ``source`` first on the import path (and,
    with ``own_script``, ``source``'s own copy of the benchmark), and with ``count`` the
    user-space instructions it took (``perf stat``), else None."""
    env = dict(os.environ, PYTHONPATH=str(source))
    script = (source / "benchmarks" if own_script else HERE) / bench[0]
    command = [sys.executable, str(script), *bench[1:]]
    with tempfile.NamedTemporaryFile(suffix=".perf") as counted:
        if count:
            command = ["perf", "stat", "-x,", "-e", "instructions:u", "-o", counted.name, *command]
        lines = _run(command, env, source, bench[0])
        instructions = _instructions(Path(counted.name).read_text()) if count else None
    return lines, instructions


def _instructions(report: str) -> int:
    """The count in ``perf stat -x,``'s report."""
    for line in report.splitlines():
        fields = line.split(",")
        if len(fields) > 2 and fields[2].startswith("instructions"):
            return int(fields[0])
    sys.exit(f"side_by_side: perf counted no instructions: {report.strip()[-300:]}")


def _run(command: list[str], env: dict[str, str], source: Path, name: str) -> list[str]:
    done = subprocess.run(
        command,
        env=env,
        cwd=source,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"side_by_side: {name} failed with {source}: {done.stderr.strip()[-300:]}")
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
    parser.add_argument(
        "--own-scripts",
        action="store_true",
        help="run each side's own copy of the benchmark (a baseline older than its imports)",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count each run's user-space instructions (perf stat)",
    )
    parser.add_argument("bench", nargs=argparse.REMAINDER, help="BENCH.py and its arguments")
    args = parser.parse_args()
    if not args.bench:
        parser.error("name the benchmark, e.g. bench_odds.py --racks 20")
    baseline = args.baseline.resolve()
    if not (baseline / "intlscore").is_dir():
        parser.error(f"{baseline} is not a checkout of intlscore")
    sides = {"this": ROOT, "baseline": baseline}
    outputs: dict[str, list[list[str]]] = {"this": [], "baseline": []}
    counts: dict[str, list[int]] = {"this": [], "baseline": []}
    for round_ in range(args.rounds):
        order = ["this", "baseline"] if round_ % 2 == 0 else ["baseline", "this"]
        for side in order:
            lines, instructions = run(sides[side], args.bench, args.own_scripts, args.instructions)
            outputs[side].append(lines)
            print(f"-- round {round_ + 1}, {side}")
            print("\n".join(lines))
            if instructions is not None:
                counts[side].append(instructions)
                print(f"instructions: {instructions:,}")
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
    if args.instructions:
        mine_count = statistics.median(counts["this"])
        theirs_count = statistics.median(counts["baseline"])
        print(
            f"instructions (whole run): {mine_count:,.0f} | {theirs_count:,.0f} | "
            f"{mine_count / theirs_count:.3f}"
        )


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
