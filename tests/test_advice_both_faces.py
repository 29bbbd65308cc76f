"""Issue 41 item 4: the play advice (R23) in plain words, the same on both faces.

The lead says what to throw, the chance and the points in everyday words, with one short
phrase for how sure each is ("exactly", "about", "at least"); the method, R22/R23, the
policy and the ceiling come below it. The page (``POST /api/odds``) and ``intlscore odds
--play`` take one sample (count and seed, the engine's ``DEFAULT_SAMPLES`` and
``DEFAULT_SEED``), so they give the same figures for the same rack.
"""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from web_fixtures import client, db, no_real_data_dir  # noqa: F401 - the shared fixtures

from intlscore.engine.odds import DEFAULT_SAMPLES, DEFAULT_SEED, odds
from intlscore.faces.cli import main
from intlscore.faces.render.advice import advice_words

SPREAD_RACK = "r1 r2 r3 b4 b5 b6 o7 o8 o9 k10 k11 k12 k13 k13"
"""Three draws from the whole pool: far more sequences than the sample, so R22 samples."""


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_page_and_the_command_line_give_the_same_figures(
    client: TestClient, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's report: the page said 51.7%, the command line 53.7% (800 samples
    against 2401). Neither face is told a count or a seed here: both use the one sample."""
    reply = client.post("/api/odds", json={"tiles": SPREAD_RACK, "draws": 3, "play": True})
    assert reply.status_code == 200
    data = reply.json()
    assert (data["samples"], data["seed"]) == (DEFAULT_SAMPLES, DEFAULT_SEED)
    words = data["advice"]
    assert f"from {DEFAULT_SAMPLES} sampled draws, seed {DEFAULT_SEED}," in words["keeping"]

    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("NO_COLOR", "1")
    assert main(["odds", SPREAD_RACK, "--draws", "3", "--play"]) == 0
    lines = capsys.readouterr().out.splitlines()
    lead = [line for line in (words["say"], words["chance"], words["points"]) if line]
    assert lines[: len(lead)] == lead  # the same lead, line for line
    text = flat("\n".join(lines))
    assert flat(words["method"]) in text and flat(words["keeping"]) in text


def test_the_lead_is_plain_and_the_method_comes_after() -> None:
    """No rule tags, "policy", "ceiling" or "expected" in the lead; exact figures say
    "exactly". Throwing r9 back keeps the Royal and may draw a joker to double it (R12)."""
    words = advice_words(odds("k1-13 k1 r9", draws=1, samples=50, play=True))
    assert words.lead == (
        "Throw back r9.",
        "Chance to win within 1 draw: exactly 100%.",
        "Points on average: exactly 2453, most often Royal.",
    )
    for line in words.lead:
        for jargon in ("R22", "R23", "policy", "ceiling", "bound", "expected"):
            assert jargon not in line
    assert words.method.startswith("Exact: ") and "(R23)" in words.method
    assert words.keeping is not None and "(R22 = R23)" in words.keeping


def test_a_lower_bound_says_at_least_for_the_points() -> None:
    """Where the search cannot be exact (here a small work budget makes it so), the
    points are a proven floor ("at least") and the chance is that of the stated way to
    play ("about"); the method names the policy, the lead does not."""
    words = advice_words(odds("k1-12 r5 o9", draws=3, samples=50, play=True, budget=2000))
    assert words.say == "Draw and play on."
    assert words.chance == "Chance to win within 3 draws: about 22.5%."
    assert words.points == "Points on average: at least 155, most often Basic."
    assert words.method.startswith("A lower bound (R23)") and "stated way to play" in words.method
    assert words.keeping is not None and "ceiling" in words.keeping


def test_a_win_now_says_so_with_its_points() -> None:
    """A hand that wins now with the joker as its discard (R12) keeps nothing to draw to."""
    words = advice_words(odds("k1-13 k1 j", draws=1, samples=50, play=True))
    assert words.lead == ("Win now: Royal, 4800 points.",)
    assert words.keeping is None
