"""Every recorded answer is still given, byte for byte, by both builds (issue 19).

``fixtures/answers-corpus.json.gz`` was recorded before the set searches were merged into
one (see :mod:`answers_corpus`): score (14 and 15 tiles, jokers, known tiles, context
flags, house rows), reach (seen tiles, trump, keeps), odds and simulate (fixed seeds).
Each build runs in its own process, since the build is chosen when ``intlscore`` is
imported: the compiled one (which must be there: build it with ``python hatch_build.py``)
and the pure-Python one (``INTLSCORE_PURE_PYTHON=1``). One test per build and kind (the
pure-Python reach in two halves), so that the workers of ``pytest -n`` share them.

By default the compiled build checks the whole corpus, and the pure-Python build, far
slower, every score and a fixed sample of the rest (:func:`answers_corpus.sample`: a
few entries that between them cover every rack size, joker count, argument, number of
draws, rule set and, for reach, every state of each of the 40 types that the corpus
has). ``INTLSCORE_STRESS=N`` (N > 1) checks the whole corpus with both builds::

    INTLSCORE_STRESS=2 python -m pytest tests/test_answers_corpus.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from answers_corpus import KINDS, covered, load, questions, sample
from conftest import STRESS

from intlscore.engine.native import PURE_PYTHON_VARIABLE

HERE = Path(__file__).parent
PIECES = [
    *[("compiled", kind, 0, 1) for kind in KINDS],
    ("pure Python", "score", 0, 1),
    ("pure Python", "reach", 0, 2),
    ("pure Python", "reach", 1, 2),
    ("pure Python", "odds", 0, 1),
    ("pure Python", "simulate", 0, 1),
]
"""(build, kind, part, parts): the ``part``-th of ``parts`` slices of a kind's entries."""


def test_the_questions_are_the_recorded_ones() -> None:
    recorded = [{k: e[k] for k in ("id", "kind", "args")} for e in load()]
    assert recorded == questions()
    assert {e["kind"] for e in recorded} == set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_the_sample_covers_what_the_whole_kind_covers(kind: str) -> None:
    entries = [e for e in load() if e["kind"] == kind]
    picked = sample(entries, kind)
    assert set().union(*map(covered, picked)) == set().union(*map(covered, entries))
    assert len({e["id"] for e in picked}) == len(picked) < len(entries)


def _ids(build: str, kind: str, part: int, parts: int) -> list[str]:
    """The ids one piece checks; an empty list stands for every entry of the kind."""
    whole = build == "compiled" or kind == "score" or STRESS > 1
    if whole and parts == 1:
        return []
    entries = [e for e in load() if e["kind"] == kind] if whole else sample(load(), kind)
    return [e["id"] for e in entries[part::parts]]


def _check(build: str, kind: str, ids: list[str]) -> dict[str, object]:
    env = dict(os.environ)
    env[PURE_PYTHON_VARIABLE] = "1" if build == "pure Python" else "0"
    done = subprocess.run(
        [sys.executable, str(HERE / "answers_corpus.py"), "check", kind, *ids],
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
@pytest.mark.parametrize(
    ("build", "kind", "part", "parts"),
    PIECES,
    ids=[f"{b}-{k}" + (f"-{p + 1}of{n}" if n > 1 else "") for b, k, p, n in PIECES],
)
def test_every_recorded_answer_is_unchanged(build: str, kind: str, part: int, parts: int) -> None:
    ids = _ids(build, kind, part, parts)
    report = _check(build, kind, ids)
    assert report["build"] == build, (
        "the compiled module is missing: build it with `python hatch_build.py`"
    )
    assert report["checked"], "no question was checked"
    assert not ids or report["checked"] == len(ids), (report["checked"], ids)
    assert report["differ"] == [], f"answers changed with the {build} build: {report['differ']}"
