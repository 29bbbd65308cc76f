"""The ``console`` examples of README.md and the walk-throughs in docs/ are true at 80 columns.

Each file's commands run in order, in-process, in a fresh folder (see
``tests/doc_examples.py``, which also rewrites them: ``python tests/doc_examples.py --write``).
"""

from __future__ import annotations

import pytest
from doc_examples import CHECKED_FILES, ROOT, check


@pytest.mark.slow
@pytest.mark.parametrize("name", CHECKED_FILES)
def test_console_examples_are_true_at_80_columns(name: str) -> None:
    stale = check(ROOT / name)
    report = "\n".join(f"$ {ex.command}\n{ex.actual}" for ex in stale)
    assert not stale, f"{name}: examples out of date (rewrite with --write):\n{report}"


@pytest.mark.parametrize("name", CHECKED_FILES)
def test_examples_fit_80_columns(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    in_console = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            in_console = line == "```console"
            continue
        if in_console and not line.startswith(("$ ", "intlscore: error: ")):
            # commands and one-line errors are as long as they are; the terminal wraps them
            assert len(line) <= 80, f"{name}:{number} is {len(line)} columns wide"
