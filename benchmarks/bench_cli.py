"""Benchmark the command line as a user runs it: CPU time as a ratio to ``python -c pass``.

Issue 11's targets: ``score --json`` <= 5x, ``score`` (rich view) <= 8x, ``reach``
(default view) <= 10x the CPU time of a bare ``python -c pass``, all measured in one
run. Each round starts every command once, in turn (so a busy machine slows them
alike); the CPU time (user + system) of each child process comes from ``wait4``.
Prints the median and worst CPU time of each command, both as ratios to the
median of the bare interpreter, and whether the median ratio meets its target;
never asserts.

Run with the package installed (``pip install .``), from any directory:
``python benchmarks/bench_cli.py [--rounds N]``. The ``intlscore`` script next to
this Python is used. ``--baseline DIR`` also runs the ``python`` and ``intlscore`` of
another environment's ``bin`` directory (say, one with the code before a change) in
the same rounds, so both are measured side by side on the same machine load (the
two take turns at going first).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

SCORE_HANDS = (
    "k1-13 k1 r5",  # Royal with the discard (15 tiles)
    "r1-7 r1-6 * *",  # two jokers, a joker discard
    "k1 k3 k5 k7 k9 k11 k13 r2 r4 r6 r8 r10 r12 b7",  # fits nothing: reasons shown
    "k5 r5 b5 k7 r7 b7 k9 r9 b9 o9 k11 r11 b11 o11",  # groups
)
REACH_HANDS = (
    "r1-4 r6-13 r1 k5",
    "k2 r7 b13 o4 k9 r3 b6 o11 k12 r1 b8 o2 k6 r10",  # a far hand
    "k1-4 r5 b5 o5 k9-12 r13 b13 o1",
)


def cpu_seconds(argv: list[str], env: dict[str, str]) -> float:
    """Run ``argv`` to the end; the CPU time (user + system) it used."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{argv} exited {process.returncode}: {errors.decode(errors='replace')}")
    return usage.ru_utime + usage.ru_stime


def commands(bin_dir: Path, round_: int, label: str = "") -> dict[str, list[str]]:
    """The commands of one round, run with the ``python`` and ``intlscore`` of ``bin_dir``."""
    score = SCORE_HANDS[round_ % len(SCORE_HANDS)]
    reach = REACH_HANDS[round_ % len(REACH_HANDS)]
    python, script = str(bin_dir / "python"), str(bin_dir / "intlscore")
    return {
        f"{label}python -c pass": [python, "-c", "pass"],
        f"{label}score --json": [script, "score", score, "--json"],
        f"{label}score": [script, "score", score],
        f"{label}reach": [script, "reach", reach],
    }


TARGETS = {"score --json": 5.0, "score": 8.0, "reach": 10.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30, help="runs of each command")
    parser.add_argument("--baseline", type=Path, help="another environment's bin directory")
    args = parser.parse_args()
    bin_dir = Path(sys.executable).parent
    env = dict(os.environ, COLUMNS="80", NO_COLOR="1")
    env.pop("PYTHONPATH", None)
    times: dict[str, list[float]] = {}
    for round_ in range(args.rounds):
        runs = commands(bin_dir, round_)
        if args.baseline is not None:
            other = commands(args.baseline, round_, label="baseline ")
            # The second run of a command finds the files it reads warmer in the caches
            # (about 10% here): the two environments take turns at going first.
            runs = runs | other if round_ % 2 == 0 else other | runs
        for name, argv in runs.items():
            times.setdefault(name, []).append(cpu_seconds(argv, env))
    base = statistics.median(times["python -c pass"])
    print(f"rounds: {args.rounds}; CPU time per run (user + system), ratio to python -c pass")
    header = ("command", "median", "worst", "median x", "worst x", "target", "")
    print("{:<25} {:>9} {:>9} {:>9} {:>8} {:>7} {}".format(*header).rstrip())
    for name, values in times.items():
        median, worst = statistics.median(values), max(values)
        goal = TARGETS.get(name.removeprefix("baseline "))
        target = f"<= {goal:g}x" if goal is not None else ""
        verdict = "" if goal is None else ("met" if median / base <= goal else "not met")
        print(
            f"{name:<25} {median * 1000:7.1f}ms {worst * 1000:7.1f}ms "
            f"{median / base:8.1f}x {worst / base:7.1f}x {target:>7} {verdict}".rstrip()
        )


if __name__ == "__main__":
    main()
