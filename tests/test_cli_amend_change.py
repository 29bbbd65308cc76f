"""Issue 41 item 6: an amended deal says what changed, "was → now", at the terminal.

``session amend`` says it under its heading; ``session show`` under the history, for
every amended deal it shows (the last amendment's change). The page says the same words
(``tests/test_browser_fit.py``): both come from ``faces/render/amend_words.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_run import run

FOUR = ["ann", "bob", "cat", "dan"]


@pytest.fixture(autouse=True)
def ledger(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    path = tmp_path / "ledger.sqlite3"
    monkeypatch.setenv("INTLSCORE_DB", str(path))
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")
    return path


def ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, ""), err
    return out


def test_amend_and_show_say_was_and_now(capsys: pytest.CaptureFixture[str]) -> None:
    """A foot win by dan (R15: ann's k5 -5, bob's o2 -2; cat not melded, -100) becomes
    an open win by bob with nobody else melded (R14, R16: +200 and -100 each)."""
    ok(capsys, "session", "new", "friday", "--players", *FOUR)
    ok(capsys, "session", "deal", "--foot", "--winner", "dan", "--rack", "ann=k5",
       "--rack", "bob=o2", "--not-melded", "cat")  # fmt: skip
    out = ok(capsys, "session", "amend", "1", "--open", "--winner", "bob",
             "--not-melded", "ann", "cat", "dan")  # fmt: skip
    change = "foot win by dan → open win by bob; ann -5 → -100, bob -2 → +200, dan +200 → -100"
    lines = out.splitlines()
    assert lines[0] == "session friday, deal 1 amended (the old version is kept):"
    # cat was -100 and stays -100: only the deltas that changed are named
    assert " ".join(" ".join(lines[1:3]).split()).startswith(f"was → now: {change}")
    assert "cat -100 →" not in out

    shown = " ".join(ok(capsys, "session", "show").split())
    assert "open win by bob (amended)" in shown
    assert shown.endswith(f"deal 1 amended, was → now: {change}")


def test_an_amend_that_changes_no_score_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    ok(capsys, "session", "new", "friday", "--players", "ann", "bob")
    ok(capsys, "session", "deal", "--open", "--winner", "ann", "--rack", "bob=k5")
    out = ok(capsys, "session", "amend", "1", "--rack", "bob=r5")  # the same 5 points
    assert out.splitlines()[1] == "was → now: no score changed"
    shown = ok(capsys, "session", "show")
    assert shown.splitlines()[-1] == "deal 1 amended, was → now: no score changed"
