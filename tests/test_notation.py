"""Tile notation (R2): parsing, errors, canonical and compact output."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from intlscore.engine.notation import format_compact, format_tiles, parse_tile, parse_tiles
from intlscore.engine.tiles import JOKER, Tile
from intlscore.errors import InputTypeError, NotationError


def t(colour: str, number: int) -> Tile:
    return Tile.of(colour, number)


def run(colour: str, *numbers: int) -> list[Tile]:
    return [Tile.of(colour, n) for n in numbers]


# --- single tiles (R1, R2) ---------------------------------------------------------------

JOKER_SPELLINGS = ["*", "j", "J", "jk", "JK", "Jk", "joker", "JOKER", "Joker", "jOkEr"]


@pytest.mark.parametrize("spelling", JOKER_SPELLINGS)
def test_r2_every_joker_spelling_is_the_joker(spelling: str) -> None:
    assert parse_tile(spelling) == JOKER
    assert parse_tiles(spelling) == [JOKER]


@pytest.mark.parametrize(
    ("token", "colour", "number"),
    [
        pytest.param("k1", 0, 1, id="k1-black"),
        pytest.param("r7", 1, 7, id="r7-red"),
        pytest.param("b10", 2, 10, id="b10-blue"),
        pytest.param("o13", 3, 13, id="o13-orange"),
        pytest.param("y5", 3, 5, id="y5-is-orange-R1"),
        pytest.param("Y13", 3, 13, id="Y13-is-orange-R1"),
        pytest.param("K13", 0, 13, id="K13-uppercase"),
        pytest.param("R1", 1, 1, id="R1-uppercase"),
        pytest.param("B9", 2, 9, id="B9-uppercase"),
        pytest.param("O2", 3, 2, id="O2-uppercase"),
        pytest.param("r07", 1, 7, id="leading-zero"),
        pytest.param("  r7\t", 1, 7, id="surrounding-space"),
    ],
)
def test_r2_parse_tile_colour_letters_and_numbers(token: str, colour: int, number: int) -> None:
    tile = parse_tile(token)
    assert (tile.colour, tile.number) == (colour, number)


def test_r1_y_and_o_are_the_same_tile() -> None:
    assert parse_tiles("y1 o1 Y1 O1") == [t("o", 1)] * 4


@pytest.mark.parametrize("number", range(1, 14))
@pytest.mark.parametrize("letter", ["k", "r", "b", "o"])
def test_r2_every_numbered_tile_parses_in_either_case(letter: str, number: int) -> None:
    expected = Tile.of(letter, number)
    assert parse_tile(f"{letter}{number}") == expected
    assert parse_tile(f"{letter.upper()}{number}") == expected


# --- separators and lists (R2) -----------------------------------------------------------

R1_R2_R3 = run("r", 1, 2, 3)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("r1 r2 r3", id="spaces"),
        pytest.param("r1,r2,r3", id="commas"),
        pytest.param("r1, r2 ,r3", id="commas-and-spaces"),
        pytest.param("r1    r2  r3", id="multiple-spaces"),
        pytest.param("r1\tr2\t\tr3", id="tabs"),
        pytest.param("r1\nr2\r\nr3", id="newlines"),
        pytest.param("  r1 r2 r3  ", id="leading-trailing-space"),
        pytest.param(",r1,,r2,,,r3,", id="stray-commas"),
        pytest.param("R1 r2 R3", id="mixed-case"),
    ],
)
def test_r2_separators(text: str) -> None:
    assert parse_tiles(text) == R1_R2_R3


def test_iterable_of_strings_like_cli_arguments() -> None:
    assert parse_tiles(["r1 r2", "r3"]) == R1_R2_R3
    assert parse_tiles(["r1,", "r2", "", "r3"]) == R1_R2_R3


def test_tile_objects_pass_through_in_order() -> None:
    assert parse_tiles([t("k", 9), "r1 *", JOKER]) == [t("k", 9), t("r", 1), JOKER, JOKER]


def test_generator_input() -> None:
    assert parse_tiles(tok for tok in ["r1", "r2-3"]) == R1_R2_R3


def test_output_keeps_input_order_and_duplicates() -> None:
    assert parse_tiles("b5 k1 * b5 r13") == [t("b", 5), t("k", 1), JOKER, t("b", 5), t("r", 13)]


def test_no_count_validation_in_notation() -> None:
    # Three copies break R3, but that is handcheck's job, not the parser's.
    assert parse_tiles("r5 r5 r5 * * *") == [t("r", 5)] * 3 + [JOKER] * 3


def test_non_string_items_are_a_type_error() -> None:
    with pytest.raises(InputTypeError, match=r"^tiles: expected tiles as a string") as excinfo:
        parse_tiles([7])  # type: ignore[list-item]
    assert isinstance(excinfo.value, TypeError)


# --- ranges (R2, R5) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("r3-7", run("r", 3, 4, 5, 6, 7), id="r3-7"),
        pytest.param("r3-r7", run("r", 3, 4, 5, 6, 7), id="r3-r7-colour-repeated"),
        pytest.param("R3-r7", run("r", 3, 4, 5, 6, 7), id="R3-r7-mixed-case"),
        pytest.param("o3-y5", run("o", 3, 4, 5), id="o3-y5-yellow-is-orange"),
        pytest.param("y3-O5", run("o", 3, 4, 5), id="y3-O5-yellow-is-orange"),
        pytest.param("k1-2", run("k", 1, 2), id="two-tile-range"),
        pytest.param("b1-13", run("b", *range(1, 14)), id="b1-13-low-1"),
        pytest.param("b11-1", run("b", 11, 12, 13, 1), id="b11-1-high-1"),
        pytest.param("b11-b1", run("b", 11, 12, 13, 1), id="b11-b1-high-1-colour-repeated"),
        pytest.param("r12-1", run("r", 12, 13, 1), id="r12-1"),
        pytest.param("o13-1", run("o", 13, 1), id="o13-1"),
        pytest.param("k1-1", run("k", *range(1, 14), 1), id="k1-1-royal-14-tiles"),
        pytest.param("K1-k1", run("k", *range(1, 14), 1), id="K1-k1-royal-colour-repeated"),
    ],
)
def test_r2_ranges(text: str, expected: list[Tile]) -> None:
    assert parse_tiles(text) == expected


def test_k1_1_is_fourteen_tiles_with_a_1_at_both_ends() -> None:
    tiles = parse_tiles("k1-1")
    assert len(tiles) == 14
    assert tiles[0] == tiles[-1] == t("k", 1)


def test_ranges_mix_with_tiles_in_input_order() -> None:
    assert parse_tiles("* b11-1, r3-5 k7") == [
        JOKER,
        *run("b", 11, 12, 13, 1),
        *run("r", 3, 4, 5),
        t("k", 7),
    ]


# --- errors: each check its own message quoting the token --------------------------------

COLOURS_HELP = "(colours are k, r, b, o; y for orange)"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("x5", f"'x5' is not a tile: unknown colour 'x' {COLOURS_HELP}", id="x5"),
        pytest.param("g5", f"'g5' is not a tile: unknown colour 'g' {COLOURS_HELP}", id="g5"),
        pytest.param(
            "red7", f"'red7' is not a tile: unknown colour 'red' {COLOURS_HELP}", id="red7"
        ),
        pytest.param("j5", f"'j5' is not a tile: unknown colour 'j' {COLOURS_HELP}", id="j5"),
        pytest.param("r14", "'r14' is not a tile: numbers run from 1 to 13", id="r14"),
        pytest.param("r0", "'r0' is not a tile: numbers run from 1 to 13", id="r0"),
        pytest.param("K99", "'K99' is not a tile: numbers run from 1 to 13", id="K99"),
        pytest.param(
            "r", "'r' is not a tile: the colour needs a number after it (like r7)", id="r"
        ),
        pytest.param(
            "7", "'7' is not a tile: the number needs a colour letter before it (like r7)", id="7"
        ),
        pytest.param(
            "r7x", "'r7x' is not a tile: '7x' after the colour is not a number (like r7)", id="r7x"
        ),
        pytest.param(
            "r²",
            "'r²' is not a tile: '²' (U+00B2 SUPERSCRIPT TWO) is not a plain letter or digit;"
            " tiles are written in ASCII, like k13",
            id="unicode-digit",
        ),
        pytest.param(
            "?",
            "'?' is not a tile: expected a colour letter and a number (like r7), or * for a joker",
            id="question-mark",
        ),
        pytest.param(
            "**",
            "'**' is not a tile: expected a colour letter and a number (like r7), or * for a joker",
            id="double-star",
        ),
    ],
)
def test_r2_tile_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError) as excinfo:
        parse_tiles(f"r1 {text} r2")
    assert str(excinfo.value) == message
    assert repr(text) in str(excinfo.value)
    with pytest.raises(NotationError) as single:
        parse_tile(text)
    assert str(single.value) == message


RUNS_UP = "a range runs up, and after 13 only the high 1 may follow (like b11-1, R5)"
"""No rewrite of a range that runs down: r11-2 may mean 11 down to 2 or 11-12-13-1-2."""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            "r7-3",
            f"'r7-3' is not a range: it runs down from 7 to 3; {RUNS_UP}",
            id="r7-3-down",
        ),
        pytest.param(
            "r12-2",
            f"'r12-2' is not a range: it runs down from 12 to 2; {RUNS_UP}",
            id="r12-2-no-13-1-2-R5",
        ),
        pytest.param(
            "r5-5", "'r5-5' is not a range: both ends are 5 (write r5 for one tile)", id="r5-5"
        ),
        pytest.param(
            "k13-k13",
            "'k13-k13' is not a range: both ends are 13 (write k13 for one tile)",
            id="k13-k13",
        ),
        pytest.param(
            "r3-b7",
            "'r3-b7' is not a range: it starts red and ends blue "
            "(a range is one colour: r3-7 or r3-r7)",
            id="r3-b7-colour-change",
        ),
        pytest.param(
            "y3-k5",
            "'y3-k5' is not a range: it starts orange and ends black "
            "(a range is one colour: o3-5 or o3-o5)",
            id="y3-k5-colour-change",
        ),
        pytest.param(
            "r3-14", "'r3-14' is not a range: numbers run from 1 to 13", id="r3-14-end-too-high"
        ),
        pytest.param(
            "r3-r0", "'r3-r0' is not a range: numbers run from 1 to 13", id="r3-r0-end-too-low"
        ),
        pytest.param("r0-5", "'r0-5' is not a range: numbers run from 1 to 13", id="r0-5"),
        pytest.param(
            "x3-7", f"'x3-7' is not a range: unknown colour 'x' {COLOURS_HELP}", id="x3-7"
        ),
        pytest.param(
            "r3-x7", f"'r3-x7' is not a range: unknown colour 'x' {COLOURS_HELP}", id="r3-x7"
        ),
        pytest.param(
            "r3-",
            "'r3-' is not a range: it has no end after '-' "
            "(write ranges without spaces, like r3-7)",
            id="r3-no-end",
        ),
        pytest.param(
            "-7",
            "'-7' is not a range: it has no start before '-' "
            "(write ranges without spaces, like r3-7)",
            id="no-start",
        ),
        pytest.param(
            "r3-5-7",
            "'r3-5-7' is not a range: it has more than one '-' "
            "(write one range per token, like r3-7)",
            id="two-dashes",
        ),
        pytest.param(
            "r-7", "'r-7' is not a range: its start 'r' has no number (like r3-7)", id="r-7"
        ),
        pytest.param(
            "3-7", "'3-7' is not a range: its start '3' has no colour letter (like r3-7)", id="3-7"
        ),
        pytest.param(
            "r3x-7", "'r3x-7' is not a range: its start 'r3x' is not a tile (like r3-7)", id="r3x-7"
        ),
        pytest.param(
            "*-3",
            "'*-3' is not a range: a range starts with a numbered tile, not a joker (like r3-7)",
            id="joker-start",
        ),
        pytest.param(
            "r3-j",
            "'r3-j' is not a range: a range ends in a number (like r3-7), not a joker",
            id="joker-end",
        ),
        pytest.param(
            "r3-7x",
            "'r3-7x' is not a range: its end '7x' is not a number (like r3-7) "
            "or a tile of the same colour (like r3-r7)",
            id="r3-7x",
        ),
    ],
)
def test_r2_range_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError) as excinfo:
        parse_tiles(["r1", text])
    assert str(excinfo.value) == message
    assert repr(text) in str(excinfo.value)


def test_spaced_range_dash_has_its_own_message() -> None:
    with pytest.raises(NotationError, match=r"^'-' is not a tile: write a range without spaces"):
        parse_tiles("r3 - 7")


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("", id="empty-string"),
        pytest.param("   ", id="spaces-only"),
        pytest.param(" ,\t, ", id="separators-only"),
        pytest.param([], id="empty-list"),
        pytest.param(["", " "], id="list-of-blanks"),
    ],
)
def test_empty_input(text: str | list[str]) -> None:
    with pytest.raises(NotationError) as excinfo:
        parse_tiles(text)
    assert str(excinfo.value) == "no tiles given"


@pytest.mark.parametrize(
    ("token", "message"),
    [
        pytest.param("", "no tile given", id="empty"),
        pytest.param(
            "r3-7",
            "'r3-7' is not one tile: it is a range",
            id="range",
        ),
        pytest.param(
            "r1 r2",
            "'r1 r2' is not one tile: it holds 2 tiles",
            id="two-tokens",
        ),
        pytest.param(
            "r1,r2",
            "'r1,r2' is not one tile: it holds 2 tiles",
            id="comma-list",
        ),
    ],
)
def test_parse_tile_wants_exactly_one_tile(token: str, message: str) -> None:
    with pytest.raises(NotationError) as excinfo:
        parse_tile(token)
    assert str(excinfo.value) == message


def test_notation_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="'x5'"):
        parse_tiles("x5")


# --- canonical and compact output --------------------------------------------------------


def test_format_tiles_is_lowercase_letter_number_joker_star() -> None:
    assert format_tiles(parse_tiles("K13 Y1 JOKER b10 R2")) == "k13 o1 * b10 r2"


@pytest.mark.parametrize(
    ("text", "compact"),
    [
        pytest.param("r3 r4 r5 r6 r7", "r3-7", id="run"),
        pytest.param("k11 k12 k13 k1", "k11-1", id="high-1"),
        pytest.param("k1-1", "k1-1", id="royal"),
        pytest.param("r1 r2", "r1 r2", id="two-stays-single"),
        pytest.param("r1 r2 r3", "r1-3", id="three-becomes-range"),
        pytest.param("r3 r4 * r5 r6 r7", "r3 r4 * r5-7", id="joker-breaks-stretch"),
        pytest.param("r3 r4 b5 r5", "r3 r4 b5 r5", id="colour-breaks-stretch"),
        pytest.param("r5 r4 r3", "r5 r4 r3", id="descending-stays"),
        pytest.param("r3 r3 r4 r5", "r3 r3-5", id="duplicate-breaks-stretch"),
        pytest.param("k13 k1 k2 k3", "k13 k1-3", id="no-13-1-2-R5"),
        pytest.param("k12 k13 k1 k2 k3 k4", "k12-1 k2-4", id="stretch-ends-at-high-1"),
        pytest.param("k1-1 k2-4", "k1-1 k2-4", id="royal-then-run"),
        pytest.param("b1-5 b6-8", "b1-8", id="adjacent-ranges-merge"),
        pytest.param("o1-13 o1", "o1-1", id="full-run-then-high-1"),
        pytest.param("* *", "* *", id="jokers"),
    ],
)
def test_format_compact(text: str, compact: str) -> None:
    tiles = parse_tiles(text)
    assert format_compact(tiles) == compact
    assert parse_tiles(compact) == tiles


def test_format_empty() -> None:
    assert format_tiles([]) == ""
    assert format_compact([]) == ""


# --- properties --------------------------------------------------------------------------

tiles_st = st.integers(min_value=0, max_value=52).map(Tile)


@st.composite
def runny_tiles(draw: st.DrawFn) -> list[Tile]:
    """Lists made of stretches of ascending same-colour tiles, so compaction has work."""
    out: list[Tile] = []
    for _ in range(draw(st.integers(min_value=1, max_value=6))):
        if draw(st.booleans()):
            out.append(draw(tiles_st))
            continue
        colour = draw(st.integers(min_value=0, max_value=3))
        start = draw(st.integers(min_value=1, max_value=13))
        length = draw(st.integers(min_value=1, max_value=15 - start))
        numbers = [*range(start, 14), 1][:length]
        out.extend(Tile.of(colour, n) for n in numbers)
    return out


any_tiles = st.one_of(st.lists(tiles_st, min_size=1, max_size=40), runny_tiles())


@given(any_tiles)
def test_prop_parse_format_round_trip(tiles: list[Tile]) -> None:
    assert parse_tiles(format_tiles(tiles)) == tiles


@given(any_tiles)
def test_prop_parse_format_compact_round_trip(tiles: list[Tile]) -> None:
    assert parse_tiles(format_compact(tiles)) == tiles


@given(any_tiles)
def test_prop_compact_ranges_cover_at_least_three_tiles(tiles: list[Tile]) -> None:
    compact = format_compact(tiles)
    for token in compact.split():
        if "-" in token:
            assert len(parse_tiles(token)) >= 3
        else:
            assert len(parse_tiles(token)) == 1
    assert len(compact.split()) <= len(tiles)


@given(any_tiles)
def test_prop_format_tiles_is_canonical(tiles: list[Tile]) -> None:
    text = format_tiles(tiles)
    assert text == text.lower()
    assert format_tiles(parse_tiles(text.upper())) == text


@given(tiles_st)
def test_prop_str_round_trips(tile: Tile) -> None:
    assert parse_tile(str(tile)) == tile


@given(tiles_st)
def test_prop_repr_holds_the_notation(tile: Tile) -> None:
    text = repr(tile)
    assert text.startswith("Tile(") and text.endswith(")")
    assert parse_tile(text[len("Tile('") : -len("')")]) == tile


@pytest.mark.parametrize("tile", [Tile.of("r", 7), Tile.of("k", 13), JOKER], ids=str)
def test_repr_pastes_back_into_python(tile: Tile) -> None:
    assert eval(repr(tile), {"Tile": Tile}) == tile
