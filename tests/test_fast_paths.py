"""The engine's bit-mask shortcuts give exactly what the tile-by-tile code gives.

Speed work (issue 11) replaced some per-tile loops with bit masks over numbers;
each shortcut is checked here against the loop it stands in for, on hands near
every type (``strategies.hands14``) and on hand-worked racks (R4, R5). The reasons
for a hand that fits nothing are worked out on first read, once.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import hands14

from intlscore.engine.explain import (
    _has_stranded_tile_by_masks,
    _has_stranded_tile_by_tile,
    has_stranded_tile,
)
from intlscore.engine.facts import HandFacts
from intlscore.engine.notation import parse_tiles
from intlscore.engine.score_result import ScoreResult
from intlscore.engine.scoring import score_hand
from intlscore.engine.tiles import Tile


def facts_of(tiles: list[Tile], others: list[int] | None = None) -> HandFacts:
    real = [tile.index for tile in tiles if not tile.is_joker]
    return HandFacts.build(real, len(tiles) - len(real), others or ())


@pytest.mark.parametrize(
    ("hand", "stranded"),
    [
        ("k12 k13 k1 r5 b5 o5", False),  # the 1 high after the 13 (R5); a group (R4)
        ("k13 k1 k2 r5 b5 o5", True),  # 13-1-2 is no run (R5): k13 and k2 are stranded
        ("k1-3 r1 b1", False),  # the k1 runs; r1 and b1 group with it (R4)
        ("k1 r1 b2 o3", True),  # two colours of 1 make no group, and no run
        ("r4-6 r4-6 b9 o9 k9", False),
        ("r4-6 r8", True),
        # With one joker (R4, R5): two colours of a number make a group; two of a run's
        # three tiles make a run.
        ("k1 r1 b2 o3 *", True),  # k1 r1 * groups, but b2 and o3 are alone
        ("k1 r1 b2 b3 *", False),  # each tile has a meld with the joker (not all at once)
        ("k12 k1 *", False),  # 12, (13), 1: the joker is the k13
        ("k11 k1 *", True),  # 11 and 1 are three positions apart
        ("k5 k7 r9 *", True),  # r9 has no neighbour and no partner
        ("k5 k7 r9 * *", False),  # two jokers: every tile can group
    ],
)
def test_stranded_tiles_hand_worked(hand: str, stranded: bool) -> None:
    facts = facts_of(parse_tiles(hand))
    assert _has_stranded_tile_by_masks(facts) is stranded
    assert _has_stranded_tile_by_tile(facts) is stranded


def test_a_joker_cannot_stand_for_a_tile_whose_copies_are_known() -> None:
    # k5 k7 * is a run with the joker as k6, unless both k6 are seen (R3).
    tiles = parse_tiles("k5 k7 r1 b1 o1 *")
    k6 = parse_tiles("k6")[0].index
    assert _has_stranded_tile_by_masks(facts_of(tiles)) is False
    assert _has_stranded_tile_by_masks(facts_of(tiles, [k6])) is False
    assert _has_stranded_tile_by_masks(facts_of(tiles, [k6, k6])) is True
    assert _has_stranded_tile_by_tile(facts_of(tiles, [k6, k6])) is True


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(hands14(max_jokers=2))
def test_stranded_tile_masks_equal_the_tile_by_tile_check(hand: list[Tile]) -> None:
    facts = facts_of(hand)
    assert has_stranded_tile(facts) == _has_stranded_tile_by_tile(facts)
    without_jokers = facts_of([tile for tile in hand if not tile.is_joker])
    assert has_stranded_tile(without_jokers) == _has_stranded_tile_by_tile(without_jokers)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(hands14(max_jokers=2), st.lists(st.integers(0, 51), max_size=6))
def test_stranded_tile_masks_count_the_known_tiles(hand: list[Tile], others: list[int]) -> None:
    # Known tiles (a discard, seen tiles) limit what a joker may stand for (R3).
    facts = facts_of(hand, others)
    assert has_stranded_tile(facts) == _has_stranded_tile_by_tile(facts)


def test_reasons_are_worked_out_on_first_read_and_kept() -> None:
    # Nothing fits: no two tiles of one number share three colours, no run of three.
    result = score_hand("k1 k3 k5 k7 k9 k11 k13 r2 r4 r6 r8 r10 r12 b7")
    assert result.best is None and result.explain is not None
    explain = result.explain
    calls: list[int] = []

    def counted() -> tuple[str, ...]:
        calls.append(1)
        return explain()

    lazy = ScoreResult(*result[:7], explain=counted, discards_tried=result.discards_tried)
    assert calls == []  # scoring alone never works the reasons out
    first, second = lazy.reasons, lazy.reasons
    assert calls == [1]
    assert first == second == result.reasons
    assert any("cannot join any group or run" in reason for reason in first), first
    assert lazy.to_dict()["reasons"] == list(first)


def test_fifteen_tiles_that_fit_nothing_say_so_first() -> None:
    result = score_hand("k1 k3 k5 k7 k9 k11 k13 r2 r4 r6 r8 r10 r12 b7 o9")
    assert result.best is None
    assert result.reasons[0] == "no discard leaves 14 tiles that fit a type"
    assert len(result.reasons) > 1


def test_a_hand_that_fits_has_no_reasons() -> None:
    result = score_hand("k1-13 k1", discard="r5")
    assert result.best is not None and result.explain is None and result.reasons == ()
