"""``intlscore odds --play``: the move leads, R22 stays beside it, at 80 and 40 columns."""

from __future__ import annotations

import pytest

from intlscore.faces.cli import main

RACK = ["k1-13", "k1", "r9", "--draws", "1", "--samples", "50"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    out: str = capsys.readouterr().out
    return out


@pytest.mark.parametrize("width", [80, 40])
def test_the_move_comes_first_and_nothing_is_cut(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    """R23 beside R22: throwing r9 back keeps the Royal and may draw the joker (R12)."""
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("NO_COLOR", "1")
    out = run(capsys, "odds", *RACK, "--play")
    lines = out.splitlines()
    assert all(len(line) <= width for line in lines)
    text = " ".join(out.split())
    play_at = text.index("Play: discard r9: 100% closed win within 1 draw, expected 2453")
    assert play_at < text.index("Keeping everything (R22)")
    assert "keeping everything would give at most 100% (R22)" in text
    assert "Exact: the best play over every policy within 1 draw (R23)." in text
    assert "win now" in text and "\x1b[" not in out


def test_a_lower_bound_says_it_is_one(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "odds", "k1-12", "r5", "o9", "--draws", "4", "--samples", "50", "--play")
    text = " ".join(out.split())
    assert "A lower bound, not the optimum: the better of the best play within" in text
    assert "expected at least" in text and "(the policy below wins" in text


def test_without_play_the_view_is_r22_alone(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "odds", *RACK)
    assert "Play:" not in out and "Keeping everything" not in out
