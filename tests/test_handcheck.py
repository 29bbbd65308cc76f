"""Physical consistency (R1, R3) and closed-hand sizes (R10)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from intlscore.engine.handcheck import check_closed_hand, check_tiles, count_problems
from intlscore.engine.notation import parse_tile, parse_tiles
from intlscore.engine.tiles import ALL_NUMBERED, JOKER, Tile
from intlscore.errors import HandError

SET_HAS_TWO = "(the set has two)"


# --- count_problems (R3) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "known", "problems"),
    [
        pytest.param("r5 r5 b5 b5 * *", "", [], id="two-of-each-is-fine-R1"),
        pytest.param("r5 r5", "b5 b5 k5", [], id="known-other-tiles-fine"),
        pytest.param("r5 r5 r5", "", [f"three copies of r5 {SET_HAS_TWO}"], id="three-r5"),
        pytest.param("k13 k13 k13 k13", "", [f"four copies of k13 {SET_HAS_TWO}"], id="four-k13"),
        pytest.param("* * *", "", [f"three jokers {SET_HAS_TWO}"], id="three-jokers"),
        pytest.param("j jk joker *", "", [f"four jokers {SET_HAS_TWO}"], id="four-jokers"),
        pytest.param("y5 o5 O5", "", [f"three copies of o5 {SET_HAS_TWO}"], id="y-is-o-R1"),
        pytest.param(
            "r5 r5",
            "r5",
            [f"r5: two in the hand and one seen make three {SET_HAS_TWO}"],
            id="two-in-hand-one-seen",
        ),
        pytest.param(
            "r5",
            "r5 r5",
            [f"r5: one in the hand and two seen make three {SET_HAS_TWO}"],
            id="one-in-hand-two-seen",
        ),
        pytest.param(
            "*",
            "* *",
            [f"jokers: one in the hand and two seen make three {SET_HAS_TWO}"],
            id="joker-in-hand-and-seen",
        ),
        pytest.param(
            "k1",
            "b2 b2 b2",
            [f"three copies of b2 among the seen tiles {SET_HAS_TWO}"],
            id="only-seen-tiles",
        ),
        pytest.param(
            "* * * o9 r5 r5 r5 o9",
            "o9",
            [
                f"three copies of r5 {SET_HAS_TWO}",
                f"o9: two in the hand and one seen make three {SET_HAS_TWO}",
                f"three jokers {SET_HAS_TWO}",
            ],
            id="all-at-once-in-rack-order",
        ),
    ],
)
def test_r3_count_problems(hand: str, known: str, problems: list[str]) -> None:
    known_tiles = parse_tiles(known) if known else []
    assert count_problems(parse_tiles(hand), known_tiles) == problems


def test_r3_every_message_names_its_tile() -> None:
    problems = count_problems(parse_tiles("k2 k2 k2 b12 b12 b12 b12"))
    assert len(problems) == 2
    assert "k2" in problems[0]
    assert "b12" in problems[1]


def test_r3_whole_set_has_no_problems() -> None:
    # R1: all 106 tiles are physically possible; one more of anything is not.
    whole = [*ALL_NUMBERED, *ALL_NUMBERED, JOKER, JOKER]
    assert len(whole) == 106
    assert count_problems(whole) == []
    assert count_problems(whole, known=[parse_tile("b7")]) == [
        f"b7: two in the hand and one seen make three {SET_HAS_TWO}"
    ]


# --- check_tiles -------------------------------------------------------------------------


def test_check_tiles_passes_a_consistent_hand() -> None:
    check_tiles(parse_tiles("r5 r5 * *"), known=parse_tiles("b5 b5"))


def test_check_tiles_joins_every_problem() -> None:
    with pytest.raises(HandError) as excinfo:
        check_tiles(parse_tiles("r5 r5 * * *"), known=parse_tiles("r5"))
    assert str(excinfo.value) == (
        f"r5: two in the hand and one seen make three {SET_HAS_TWO}; three jokers {SET_HAS_TWO}"
    )


def test_hand_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="r5"):
        check_tiles(parse_tiles("r5 r5 r5"))


# --- check_closed_hand (R10, R3) ---------------------------------------------------------

HAND_14 = "r1-7 b1-7"  # two runs, 14 tiles
HAND_13 = "r1-7 b1-6"
HAND_15 = "r1-7 b1-7 k9"


@pytest.mark.parametrize(
    ("hand", "discard"),
    [
        pytest.param(HAND_14, None, id="14-no-discard"),
        pytest.param(HAND_14, "k9", id="14-and-discard"),
        pytest.param(HAND_14, "*", id="14-and-joker-discard"),
        pytest.param(HAND_15, None, id="15-no-discard"),
        pytest.param("r1-7 b1-5 * *", "r9", id="two-jokers-R3"),
        pytest.param("r1-7 b1-5 r5 *", "*", id="two-jokers-counting-discard-R3"),
        pytest.param("r1-7 b1-5 r5 k1", "b9", id="two-r5-fine"),
    ],
)
def test_r10_closed_hand_sizes_accepted(hand: str, discard: str | None) -> None:
    check_closed_hand(parse_tiles(hand), None if discard is None else parse_tile(discard))


@pytest.mark.parametrize(
    ("hand", "discard", "message"),
    [
        pytest.param(
            HAND_13,
            None,
            "13 tiles given; a closed hand is 14 tiles plus the discard, or 15 tiles",
            id="13",
        ),
        pytest.param(
            "r1-7 b1-7 k9 k10",
            None,
            "16 tiles given; a closed hand is 14 tiles plus the discard, or 15 tiles",
            id="16",
        ),
        pytest.param(
            "r5",
            None,
            "1 tile given; a closed hand is 14 tiles plus the discard, or 15 tiles",
            id="1",
        ),
        pytest.param(
            HAND_15,
            "k10",
            "15 tiles and a discard make 16; give 14 tiles and --discard, or 15 tiles",
            id="15-and-discard",
        ),
        pytest.param(
            HAND_13,
            "k10",
            "13 tiles and a discard make 14; give 14 tiles and --discard, or 15 tiles",
            id="13-and-discard",
        ),
    ],
)
def test_r10_closed_hand_wrong_sizes(hand: str, discard: str | None, message: str) -> None:
    with pytest.raises(HandError) as excinfo:
        check_closed_hand(parse_tiles(hand), None if discard is None else parse_tile(discard))
    assert str(excinfo.value) == message


def test_r10_no_tiles() -> None:
    with pytest.raises(HandError) as excinfo:
        check_closed_hand([])
    assert str(excinfo.value) == (
        "no tiles given; a closed hand is 14 tiles plus the discard, or 15 tiles"
    )


@pytest.mark.parametrize(
    ("hand", "discard", "message"),
    [
        pytest.param(
            "r1-7 b1-5 r5 r5",
            None,
            f"three copies of r5 {SET_HAS_TWO}",
            id="three-r5-in-hand",
        ),
        pytest.param(
            "r1-7 b1-5 r5 k1",
            "r5",
            f"three copies of r5 {SET_HAS_TWO}",
            id="discard-is-a-physical-tile-R3",
        ),
        pytest.param(
            "r1-7 b1-5 * *",
            "*",
            f"three jokers {SET_HAS_TWO}",
            id="joker-discard-makes-three-jokers-R3",
        ),
        pytest.param(
            "r1-7 b1-4 * * *",
            None,
            f"three jokers {SET_HAS_TWO}",
            id="three-jokers-in-15-R3",
        ),
    ],
)
def test_r3_closed_hand_copies(hand: str, discard: str | None, message: str) -> None:
    with pytest.raises(HandError) as excinfo:
        check_closed_hand(parse_tiles(hand), None if discard is None else parse_tile(discard))
    assert str(excinfo.value) == message


def test_r3_closed_hand_counts_known_tiles() -> None:
    hand = parse_tiles("r1-7 b1-7")
    check_closed_hand(hand, known=parse_tiles("r5"))
    with pytest.raises(HandError) as excinfo:
        check_closed_hand(hand, parse_tile("r5"), known=parse_tiles("r5"))
    assert str(excinfo.value) == f"r5: two in the hand and one seen make three {SET_HAS_TWO}"


def test_closed_hand_reports_size_and_copies_together() -> None:
    with pytest.raises(HandError) as excinfo:
        check_closed_hand(parse_tiles("r5 r5 r5 * * *"))
    assert str(excinfo.value) == (
        "6 tiles given; a closed hand is 14 tiles plus the discard, or 15 tiles; "
        f"three copies of r5 {SET_HAS_TWO}; three jokers {SET_HAS_TWO}"
    )


# --- properties --------------------------------------------------------------------------

tiles_st = st.integers(min_value=0, max_value=52).map(Tile)


@given(st.lists(tiles_st, max_size=30), st.lists(tiles_st, max_size=10))
def test_prop_problems_match_a_plain_count(hand: list[Tile], known: list[Tile]) -> None:
    everything = hand + known
    over = sorted({tile for tile in everything if everything.count(tile) > 2})
    problems = count_problems(hand, known)
    assert len(problems) == len(over)
    for tile, problem in zip(over, problems, strict=True):
        assert ("joker" if tile == JOKER else str(tile)) in problem
        assert problem.endswith(SET_HAS_TWO)


@given(st.lists(tiles_st, min_size=14, max_size=14), st.none() | tiles_st)
def test_prop_14_tiles_fail_only_on_copies(hand: list[Tile], discard: Tile | None) -> None:
    physical = hand if discard is None else [*hand, discard]
    problems = count_problems(physical)
    if problems:
        with pytest.raises(HandError) as excinfo:
            check_closed_hand(hand, discard)
        assert str(excinfo.value) == "; ".join(problems)
    else:
        check_closed_hand(hand, discard)
