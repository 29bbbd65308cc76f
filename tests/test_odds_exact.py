"""R22's "keeping everything" counted exactly wherever the draws can be enumerated (issue 29
item 6): always for one draw, so that at N = 1 R22's figures equal R23's (RULES.md R22,
R23); elsewhere an estimate with its 95% interval, never "at most".

The references are brute force over every unseen copy, told apart (``play_reference``):
a win is judged by the scorer on the rack and the drawn tiles (R10-R13), not by any part
of the odds code.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from jsonschema import Draft202012Validator
from play_reference import first_moves, full_set, keep_everything_value, play_value, world
from strategies import hands_with_seen

from intlscore.engine.notation import parse_tiles
from intlscore.engine.odds import OddsResult, odds
from intlscore.engine.tiles import Tile
from intlscore.faces.cli import main
from intlscore.faces.documents import schema

ISSUE_RACK = "* k4 k5 * k3 k4 k5 r11 k11 r11 o7 r7 b7 k7"
"""The rack of issue 29: R22 sampled 11.6% at N = 1 beside R23's exact 13.0%."""


def unseen_of(hand: Sequence[Tile], known: Sequence[Tile]) -> list[Tile]:
    """Every copy neither in the hand nor known, each once (R1, R20)."""
    left = full_set()
    for tile in [*hand, *known]:
        left.remove(tile)
    return left


def one_draw(hand: Sequence[Tile], known: Sequence[Tile]) -> tuple[Fraction, Fraction]:
    """R22 at N = 1 by its definition: (expected final score, chance of a closed win) over
    every unseen copy. With one draw there is no choice to make, so R23's play value
    with one draw left is the same enumeration."""
    return play_value(hand, unseen_of(hand, known), known, 1)


def assert_exact_any(result: OddsResult, expected: Fraction, chance: Fraction) -> None:
    """The R22 row is counted, not sampled, and equals the reference's fractions."""
    assert result.samples == 0 and result.any.interval is None
    assert result.any.chance[-1] == pytest.approx(float(chance), abs=1e-12)
    assert result.any.expected_score == pytest.approx(float(expected), abs=1e-9)


def test_the_issue_rack_at_one_draw_is_exact_and_equal_to_the_play_odds() -> None:
    """12 of the 92 unseen copies close it (13.0%, not the 11.6% once sampled)."""
    hand = parse_tiles(ISSUE_RACK)
    result = odds(hand, draws=1, play=True)
    expected, chance = one_draw(hand, [])
    assert chance == Fraction(12, 92)
    assert_exact_any(result, expected, chance)
    assert result.play is not None and result.play.exact
    assert result.play.chance == result.any.chance
    assert result.play.expected_score == pytest.approx(result.any.expected_score, abs=1e-9)


@pytest.mark.parametrize(
    ("rack", "unseen"),
    [
        ("k1-13 r5", "k1 k4 r4 b5 o5 *"),
        ("k1-12 r5 o9", "k13 k1 r4 b5 o5 o8"),
        ("r1 r2 r3 r4 b4 b5 b6 b7 k9 r9 o9 k13 r13 o5", "b13 o13 r5 k1 * o6"),
        ("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b7 o9", "b7 o9 k9 r10 *"),
    ],
)
def test_one_draw_in_a_small_world_equals_the_brute_force(rack: str, unseen: str) -> None:
    known = world(rack, unseen)
    result = odds(rack, draws=1, seen=known, samples=1, play=True)
    expected, chance = one_draw(parse_tiles(rack), known)
    assert_exact_any(result, expected, chance)
    assert result.play is not None
    assert result.play.chance == pytest.approx(result.any.chance, abs=1e-12)


@settings(max_examples=6, deadline=None)
@given(hands_with_seen())
def test_one_draw_of_any_rack_equals_the_brute_force_and_the_play_odds(
    case: tuple[list[Tile], Tile | None, list[Tile]],
) -> None:
    """Property (R22 = R23 at N = 1): random near misses with seen tiles, whole pool."""
    hand, _, seen = case
    result = odds(hand, draws=1, seen=seen, play=True)
    expected, chance = one_draw(hand, seen)
    assert_exact_any(result, expected, chance)
    assert result.play is not None
    assert result.play.chance[0] == pytest.approx(float(chance), abs=1e-12)
    assert result.play.expected_score == pytest.approx(float(expected), abs=1e-9)


@pytest.mark.slow
def test_every_discard_of_fifteen_tiles_at_one_draw_equals_the_brute_force() -> None:
    """R22 for 15 tiles weighs each distinct discard by the 14 tiles left (the discard is
    out of play, R3); at N = 1 each row equals R23's value of that first move."""
    hand = parse_tiles("k1-13 r5 r5")  # the whole pool: a small world makes reach slow
    result = odds(hand, draws=1, play=True)
    reference = first_moves(hand, unseen_of(hand, []), [], 1)
    assert result.samples == 0 and result.discards is not None
    assert result.play is not None and result.play.moves is not None
    played = {move.discard: move.line for move in result.play.moves}
    for row in result.discards:
        expected, chance = reference[row.discard]
        assert row.interval is None and row.expected_interval == (row.expected_score,) * 2
        assert row.chance == pytest.approx(float(chance), abs=1e-12), row.discard
        assert row.expected_score == pytest.approx(float(expected), abs=1e-9), row.discard
        assert played[row.discard].chance == pytest.approx(row.chance, abs=1e-12)


def test_two_draws_are_counted_exactly_when_there_are_few_enough_sequences() -> None:
    """Six unseen copies make 30 ordered pairs, fewer than the samples asked: every pair is
    counted. R22's expected score is then its definition's (the best final score of 14 of
    the 16 tiles, one more thrown), and every type's chance is exact."""
    rack, unseen = "k1-12 r5 o9", "k13 k1 r4 b5 o5 o8"
    known = world(rack, unseen)
    result = odds(rack, draws=2, seen=known, samples=100)
    hand, drawable = parse_tiles(rack), parse_tiles(unseen)
    assert result.samples == 0 and result.any.interval is None
    assert all(row.exact and row.interval is None for row in result.types)
    assert result.any.expected_score == pytest.approx(
        float(keep_everything_value(hand, drawable, known)), abs=1e-9
    )
    # too few samples asked to count them all: an estimate with its interval
    sampled = odds(rack, draws=2, seen=known, samples=29)
    assert sampled.samples == 29 and sampled.any.interval is not None


SPREAD_RACK = "r1 r2 r3 b4 b5 b6 o7 o8 o9 k10 k11 k12 k13 k13"
"""Basic one draw away, its play search at three draws quick."""


def test_where_sampled_it_is_called_an_estimate_with_its_interval(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Three draws from the whole pool are far more sequences than 2401: the CLI says
    "about", "an estimate" and the interval, and never "at most"; the JSON has the
    interval."""
    assert main(["odds", SPREAD_RACK, "--draws", "3", "--play"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "at most" not in text
    assert "Chance of any closed win within 3 draws: about " in text
    assert "(an estimate, 95% between " in text
    assert "Keeping every tile drawn (R22) would close about " in text
    assert main(["odds", SPREAD_RACK, "--draws", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    Draft202012Validator(schema("odds")).validate(data)
    assert data["samples"] == 2401
    low, high = data["any"]["interval"][-1]
    assert low <= data["any"]["chance"][-1] <= high


def test_at_one_draw_the_cli_and_the_json_say_exact(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", ISSUE_RACK, "--draws", "1", "--play"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "Chance of any closed win within 1 draw: 13.0% (exact)" in text
    assert "every draw counted exactly" in text and "at most" not in text
    assert main(["odds", ISSUE_RACK, "--draws", "1", "--play", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    Draft202012Validator(schema("odds")).validate(data)
    assert data["samples"] == 0 and data["any"]["interval"] is None
    assert data["any"]["chance"] == data["play"]["any"]["chance"] == [12 / 92]
