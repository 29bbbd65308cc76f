"""Every recorded answer is still given, byte for byte, by both builds (issue 19).

``fixtures/answers-corpus.json.gz`` was recorded before the set searches were merged into
one (see :mod:`answers_corpus`): score (14 and 15 tiles, jokers, known tiles, context
flags, house rows), reach (seen tiles, trump, keeps), odds and simulate (fixed seeds).
Each build runs in its own process, since the build is chosen when ``intlscore`` is
imported: the compiled one (which must be there: build it with ``python hatch_build.py``)
and the pure-Python one (``INTLSCORE_PURE_PYTHON=1``).

By default the compiled build checks the whole corpus (about 5 s) and the pure-Python
build, far slower, every score and a sample of the rest (about 9 s).
``INTLSCORE_STRESS=N`` (N > 1) checks the whole corpus with both.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from answers_corpus import KINDS, load, questions

from intlscore.engine.native import PURE_PYTHON_VARIABLE

STRESS = int(os.environ.get("INTLSCORE_STRESS", "1"))
HERE = Path(__file__).parent

# every n-th question of each kind: score, reach, odds, simulate
EVERY = {
    "compiled": {"score": 1, "reach": 1, "odds": 1, "simulate": 1},
    "pure Python": {"score": 1, "reach": 12, "odds": 12, "simulate": 4},
}


def test_the_questions_are_the_recorded_ones() -> None:
    recorded = [{k: e[k] for k in ("id", "kind", "args")} for e in load()]
    assert recorded == questions()
    assert {e["kind"] for e in recorded} == set(KINDS)


def _check(build: str) -> dict[str, object]:
    env = dict(os.environ)
    env[PURE_PYTHON_VARIABLE] = "1" if build == "pure Python" else "0"
    every = dict.fromkeys(KINDS, 1) if STRESS > 1 else EVERY[build]
    done = subprocess.run(
        [sys.executable, str(HERE / "answers_corpus.py"), "check", *map(str, every.values())],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600 * STRESS,
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, object] = json.loads(done.stdout)
    return report


@pytest.mark.slow
@pytest.mark.stress
@pytest.mark.parametrize("build", ["compiled", "pure Python"])
def test_every_recorded_answer_is_unchanged(build: str) -> None:
    report = _check(build)
    assert report["build"] == build, (
        "the compiled module is missing: build it with `python hatch_build.py`"
    )
    assert report["checked"], "no question was checked"
    assert report["differ"] == [], f"answers changed with the {build} build: {report['differ']}"
