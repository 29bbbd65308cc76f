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
    # issue 41: the lead says what to throw, the chance and the points in everyday words
    lead = (
        "Throw back r9. Chance to win within 1 draw: exactly 100%. "
        "Points on average: exactly 2453, most often Royal."
    )
    assert text.startswith(lead)
    # the method, R22 and R23 come below the lead, under "How this is worked out"
    assert (
        text.index("Throw back r9")
        < text.index("Rack ")
        < text.index("How this is worked out")
        < text.index("Exact: the best way")
        < text.index("Keeping everything (R22)")
    )
    assert "Exact: the best way to play the next draw, worked out over every tile" in text
    # R22 equals R23 at one draw (there is no choice): never shown as "at most"
    assert "Keeping every tile drawn gives the same at one draw" in text
    assert "at most" not in text
    assert "win now" in text and "\x1b[" not in out


def test_a_lower_bound_says_it_is_one(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "odds", "k1-12", "r5", "o9", "--draws", "4", "--samples", "50", "--play")
    text = " ".join(out.split())
    assert text.startswith(
        "Draw and play on. Chance to win within 4 draws: about 33.8%. "
        "Points on average: at least 283, most often Basic."
    )
    assert text.index("Points on average") < text.index("How this is worked out")
    assert text.index("How this is worked out") < text.index("A lower bound")
    assert "A lower bound (R23): the best play is worked out exactly for" in text
    assert "the better of the best play within" in text
    # R22 sampled: an estimate with its interval, never "at most"
    assert "Keeping every tile drawn (R22) would close about" in text
    assert "(an estimate from 50 sampled draws, seed 0, 95% between" in text
    assert "at most" not in text


def test_without_play_the_view_is_r22_alone(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "odds", *RACK)
    assert "Play:" not in out and "Keeping everything" not in out
