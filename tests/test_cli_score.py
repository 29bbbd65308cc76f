"""``intlscore score`` and ``intlscore table``, run in-process through the CLI's ``main``.

Every expected score is worked out by hand from ``shared/RULES.md`` (the table's
scores are no joker / 1 joker / 2 jokers among the 14 melded tiles, R10), with
the arithmetic in a comment next to the hand.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from cli_run import run as run_cli
from house_rules import HOUSE, HOUSE_HAND, HOUSE_TYPE, write_house

from intlscore.engine.scoring import score_hand

LEGACY_TABLE = Path(__file__).parent / "fixtures" / "legacy" / "closed_hands.toml"
ROYAL_RUN = [f"k{n}" for n in range(1, 14)] + ["k1"]


def score_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """The one JSON object ``intlscore score ARGV --json`` prints (exit status 0)."""
    status, out, err = run_cli(capsys, "score", *argv, "--json")
    assert status == 0, err
    assert err == ""
    data = json.loads(out)  # exactly one JSON document, nothing else on stdout
    assert isinstance(data, dict)
    return data


def match_bases(data: dict[str, Any]) -> dict[int, int]:
    return {match["number"]: match["base"] for match in data["matches"]}


def words(text: str) -> str:
    """The text with every run of whitespace made one space (chips pad their tiles)."""
    return " ".join(text.split())


# --- JSON: hands worked out by hand ----------------------------------------------------------


def test_royal_json_has_the_documented_keys_and_values(capsys: pytest.CaptureFixture[str]) -> None:
    data = score_json(capsys, "k1-13 k1", "--discard", "r5")
    assert {"tiles", "discard", "jokers", "doubled", "best", "matches"} <= set(data)
    # The 14 melded tiles in rack order, canonical strings (R2).
    assert data["tiles"] == ["k1", "k1"] + [f"k{n}" for n in range(2, 14)]
    assert data["discard"] == "r5"
    assert data["jokers"] == 0
    assert data["doubled"] is False
    best = data["best"]
    assert {"number", "name", "base", "score", "melds"} <= set(best)
    # R5/24: k1..k13,k1 of one colour is a Royal: 2400 with no joker, r5 does not double.
    assert (best["number"], best["name"], best["base"], best["score"]) == (24, "Royal", 2400, 2400)
    assert best["melds"] == [ROYAL_RUN]
    # Also: 1 Basic (k1-3 ... k11-13-1 in sets), 22 one colour, 23 two runs of one colour
    # (k1-7, k8-13-1). Not minor, major, pairs or four/three/two colours.
    assert match_bases(data) == {1: 500, 22: 1600, 23: 2000, 24: 2400}
    assert all(set(m) >= {"number", "name", "base"} for m in data["matches"])


def test_fourteen_tiles_without_a_discard(capsys: pytest.CaptureFixture[str]) -> None:
    data = score_json(capsys, "k1-13 k1")
    # No discard given: nothing to double; the Royal scores its no-joker 2400.
    assert data["discard"] is None
    assert data["doubled"] is False
    assert (data["best"]["number"], data["best"]["score"]) == (24, 2400)


def test_fifteen_tiles_choose_the_discard(capsys: pytest.CaptureFixture[str]) -> None:
    data = score_json(capsys, "r1-7 b1-7 k13")
    # R13: only discarding k13 leaves 14 tiles that meld (k13 joins no set); r1-7 b1-7 is
    # 33 Little wave two colours 2200. It also fits 1 Basic, 2 Hand minor (all <= 9),
    # 19/20 Two colours (minor), 29 Little wave (r1 b2 r3 b4 r5 b6 r7 / b1 r2 ... b7).
    # Not 3 or 5: the total is 2 x 28 = 56 > 51.
    assert data["discard"] == "k13"
    assert data["jokers"] == 0 and data["doubled"] is False
    assert data["best"]["number"] == 33
    assert data["best"]["name"] == "Little wave two colours"
    assert data["best"]["base"] == data["best"]["score"] == 2200
    assert sorted(data["best"]["melds"]) == [
        [f"b{n}" for n in range(1, 8)],
        [f"r{n}" for n in range(1, 8)],
    ]
    assert match_bases(data) == {1: 500, 2: 800, 19: 1000, 20: 1400, 29: 1200, 33: 2200}


def test_a_joker_discard_doubles(capsys: pytest.CaptureFixture[str]) -> None:
    data = score_json(capsys, "r1-7 r1-6 *", "--discard", "*")
    # One joker among the 14 melded tiles, standing for r7: two red runs 1-7 are
    # 31 Little wave single colour, 2400 with one joker; the joker discard doubles: 4800 (R12).
    assert data["jokers"] == 1
    assert data["doubled"] is True
    assert data["discard"] == "*"
    best = data["best"]
    assert (best["number"], best["base"], best["score"]) == (31, 2400, 4800)
    assert sorted(best["melds"]) == [
        [f"r{n}" for n in range(1, 7)] + ["*"],
        [f"r{n}" for n in range(1, 8)],
    ]
    assert [t for meld in best["stands_for"] for t in meld] == ["r7"]
    # Bases are before doubling, in the one-joker column: 1 Basic 400, 2 Hand minor 700,
    # 22 one colour 1400, 23 one-colour runs 1800, 35/36/38 Seven pairs (r1..r6 twice,
    # r7 + joker) 1500/1800/2000. The joker must be r7 or above, so the total is at
    # least 49 + 7 = 56 > 51 (no 3 or 5).
    assert match_bases(data) == {
        1: 400,
        2: 700,
        22: 1400,
        23: 1800,
        31: 2400,
        35: 1500,
        36: 1800,
        38: 2000,
    }


def test_fifteen_tiles_discarding_the_joker_beats_melding_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = score_json(capsys, "k1-13 k1 *")
    # R13 with R12: discard the joker: Royal 2400 x 2 = 4800; melding the joker instead
    # (discarding a k1) gives a Royal with one joker, 2200.
    assert data["discard"] == "*"
    assert data["doubled"] is True and data["jokers"] == 0
    assert (data["best"]["number"], data["best"]["score"]) == (24, 4800)


def test_a_hand_that_fits_no_type(capsys: pytest.CaptureFixture[str]) -> None:
    data = score_json(capsys, "r1 r2 r3 k13 k5 b9 b9 o4 o7 r11 r12 b1 b2 o2", "--discard", "k7")
    assert data["best"] is None
    assert data["matches"] == []
    assert data["discard"] == "k7"
    # k5, k13, r11, r12, b1, b9, o4, o7 have no partner for a group (no two other colours
    # of their number) and no neighbours of their colour for a run; r1-3 is a run and
    # r2 b2 o2 a group. The total is far above 41 and there are low tiles and 4 colours.
    reasons = data["reasons"]
    assert reasons, "a non-scoring hand says why"
    stranded = re.search(r"^(.*) cannot join any group or run$", reasons[0])
    assert stranded is not None, reasons
    assert stranded.group(1).split(", ") == ["k5", "k13", "r11", "r12", "b1", "b9", "o4", "o7"]


def test_a_non_scoring_hand_exits_0_in_the_rich_view_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")
    status, out, err = run_cli(
        capsys,
        "score",
        "r1",
        "r2",
        "r3",
        "k13",
        "k5",
        "b9",
        "b9",
        "o4",
        "o7",
        "r11",
        "r12",
        "b1",
        "b2",
        "o2",
        "--discard",
        "k7",
    )
    assert (status, err) == (0, "")
    text = words(out)
    assert "score 0" in text and "no type fits" in text
    assert "k5, k13, r11, r12, b1, b9, o4, o7 cannot join any group or run" in text


# Nine-tile groups and two runs, in sets but nothing more: k7 r7 b7 o7 | k9 r9 o9 | b1-4 |
# o11-13. Total 101, tiles above 9 and below 10, four colours, no pairs: only 1 Basic (500)
# without context. 39 Little blitz 1600 on a first turn; 40 Grand blitz 2000 with the dealt
# tiles, never for the starting player.
CONTEXT_HAND = "k7 r7 b7 o7 k9 r9 o9 b1-4 o11-13"


@pytest.mark.parametrize(
    ("flags", "best", "score", "types"),
    [
        ([], 1, 500, [1]),
        (["--first-turn"], 39, 1600, [1, 39]),
        (["--original-hand"], 40, 2000, [1, 40]),
        (["--original-hand", "--starting-player"], 1, 500, [1]),
        (["--first-turn", "--original-hand"], 40, 2000, [1, 39, 40]),
        (["--first-turn", "--original-hand", "--starting-player"], 39, 1600, [1, 39]),
        (["--first-turn", "--starting-player"], 39, 1600, [1, 39]),
    ],
    ids=[
        "no context",
        "first turn",
        "original hand",
        "original hand, starting player",
        "first turn, original hand",
        "all three",
        "first turn, starting player",
    ],
)
def test_context_flags_decide_types_39_and_40(
    capsys: pytest.CaptureFixture[str], flags: list[str], best: int, score: int, types: list[int]
) -> None:
    data = score_json(capsys, CONTEXT_HAND, "--discard", "r5", *flags)
    assert [m["number"] for m in data["matches"]] == types
    assert (data["best"]["number"], data["best"]["score"]) == (best, score)
    assert data["context"] == {
        "first_turn": "--first-turn" in flags,
        "original_hand": "--original-hand" in flags,
        "starting_player": "--starting-player" in flags,
    }


@pytest.mark.parametrize(
    "tiles",
    [
        ["k1-13", "k1"],
        ["k1-13,", "K1"],
        ["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10", "k11", "k12", "k13", "k1"],
        ["k1-7", "k8-1"],
    ],
    ids=["two args", "comma and case", "fourteen args", "two ranges"],
)
def test_tiles_as_one_string_or_several_arguments(
    capsys: pytest.CaptureFixture[str], tiles: list[str]
) -> None:
    one_string = score_json(capsys, "k1-13 k1", "--discard", "*")
    several = score_json(capsys, *tiles, "--discard", "*")
    assert several == one_string
    assert several["best"]["score"] == 4800  # Royal 2400 x 2 for the joker discard


# --- bad input: exit 2, one line on stderr, no traceback -------------------------------------


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["x5 k1-12 k1", "--discard", "r5"], ["'x5'", "colour"]),
        (["r14 k1-12 k1", "--discard", "r5"], ["'r14'", "1 to 13"]),
        (["r0 k1-12 k1", "--discard", "r5"], ["'r0'", "1 to 13"]),
        (["r7-3 k1-9", "--discard", "r5"], ["'r7-3'", "runs down from 7 to 3"]),
        (["r5 r5 r5 k1-11", "--discard", "b1"], ["three copies of r5"]),
        (["* * * k1-11", "--discard", "b1"], ["three jokers"]),
        (["k1-13"], ["13 tiles"]),
        (["k1-13", "--discard", "r5"], ["13 tiles"]),
        (["k1-13 k1 r5 r6"], ["16 tiles"]),
        (["k1-13 k1 r5", "--discard", "r6"], ["15 tiles", "discard"]),
        (["k1-13 k1", "--discard", "x9"], ["'x9'"]),
        (["k1-13 k1", "--discard", "r5 r6"], ["r5 r6"]),  # (a second --discard: refused)
    ],
    ids=[
        "x5",
        "r14",
        "r0",
        "r7-3",
        "third r5",
        "third joker",
        "13 tiles",
        "13 and discard",
        "16 tiles",
        "15 and discard",
        "bad discard",
        "two tiles as discard",
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragments: list[str]
) -> None:
    assert_one_line_error(capsys, ["score", *argv, "--json"], fragments)


def assert_one_line_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragments: list[str]
) -> None:
    status, out, err = run_cli(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("intlscore: error: ")
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in err


BAD_ROW = """\
schema = 1

[[type]]
number = 1
name = "Basic"
scores = [500, 400]
description = "14 tiles in groups and/or runs"
structure = "sets"
"""


@pytest.mark.parametrize("command", ["score", "table"])
def test_a_broken_toml_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('schema = 1\n[[type]\nnumber = 1\nname = "Basic\n', encoding="utf-8")
    argv = [command, "--table", str(path)] + (["k1-13 k1 r5"] if command == "score" else [])
    assert_one_line_error(capsys, argv, [str(path), "not a valid TOML file"])


@pytest.mark.parametrize("command", ["score", "table"])
def test_a_table_with_a_bad_row(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    path = tmp_path / "bad_row.toml"
    path.write_text(BAD_ROW, encoding="utf-8")
    argv = [command, "--table", str(path)] + (["k1-13 k1 r5"] if command == "score" else [])
    assert_one_line_error(capsys, argv, [str(path), "row 1 (Basic)", "'scores'"])


@pytest.mark.parametrize("command", ["score", "table"])
def test_a_missing_table_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    path = tmp_path / "nowhere.toml"
    argv = [command, "--table", str(path)] + (["k1-13 k1 r5"] if command == "score" else [])
    assert_one_line_error(capsys, argv, [str(path), "cannot read"])


# --- the rich view, read as plain text -------------------------------------------------------


@pytest.fixture
def plain(monkeypatch: pytest.MonkeyPatch) -> None:
    """No colour; capsys is not a terminal, so rich prints plain text at COLUMNS."""
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")


@pytest.mark.usefixtures("plain")
def test_the_view_of_a_doubled_royal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "score", "k1-13 k1", "--discard", "*")
    assert (status, err) == (0, "")
    assert "\x1b[" not in out
    text = words(out)
    assert "Royal: 2400 (no joker) x 2 for the joker discard = 4800" in text
    assert "score 4800" in text
    assert " ".join(ROYAL_RUN) in text
    # the other types the hand fits, with their number and base
    for number, name, base in [
        (23, "Single colour runs", 2000),
        (22, "Single colour odd", 1600),
        (1, "Basic", 500),
    ]:
        assert f"{number} {name} {base}" in text


@pytest.mark.usefixtures("plain")
def test_the_view_marks_each_joker_with_its_tile(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "score", "r1-7 r1-6 *", "--discard", "*")
    assert status == 0
    text = words(out)
    assert "Little wave single colour: 2400 (1 joker) x 2 for the joker discard = 4800" in text
    assert "r1 r2 r3 r4 r5 r6 r7" in text  # the real run
    assert "r1 r2 r3 r4 r5 r6 *r7" in text  # the joker stands for r7
    assert "*r7 stands for r7" in text


@pytest.mark.usefixtures("plain")
def test_the_view_of_a_chosen_discard_without_doubling(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "score", "r1-7 b1-7 k13")
    assert status == 0
    text = words(out)
    assert "Little wave two colours: 2200 (no joker) = 2200" in text
    assert "x 2" not in text
    assert "discard k13 the best of 15 distinct discards (R13)" in text
    assert "r1 r2 r3 r4 r5 r6 r7" in text and "b1 b2 b3 b4 b5 b6 b7" in text


@pytest.mark.usefixtures("plain")
def test_the_view_shows_the_context(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "score", CONTEXT_HAND, "--discard", "r5", "--first-turn")
    assert status == 0
    text = words(out)
    assert "context first turn" in text
    assert "Little blitz: 1600 (no joker) = 1600" in text
    for meld in ["k7 r7 b7 o7", "k9 r9 o9", "b1 b2 b3 b4", "o11 o12 o13"]:
        assert meld in text
    assert "1 Basic 500" in text


def test_a_fourteen_tile_meld_stays_on_one_line_at_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    status, out, _ = run_cli(capsys, "score", "k1-13 k1", "--discard", "r5")
    assert status == 0
    assert any(words(line.strip("│ ")) == " ".join(ROYAL_RUN) for line in out.splitlines())
    assert max(len(line) for line in out.splitlines()) <= 80


# --- intlscore table ---------------------------------------------------------------------------


def test_table_json_lists_the_forty_types(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "table", "--json")
    assert status == 0
    data = json.loads(out)
    rows = data["types"]
    assert [row["number"] for row in rows] == list(range(1, 41))
    royal = rows[23]
    assert (royal["name"], royal["scores"]) == ("Royal", [2400, 2200, 2000])
    assert rows[0]["name"] == "Basic" and rows[0]["scores"] == [500, 400, 300]
    assert all(row["description"] for row in rows)


CARD_ROW = re.compile(r"^\s*(\d+)\s+(\S.*?)\s+(\d+)\s+(\d+)\s+(\d+)\s+\S")


def card_rows(out: str) -> dict[int, tuple[str, int, int, int]]:
    rows: dict[int, tuple[str, int, int, int]] = {}
    for line in out.splitlines():
        match = CARD_ROW.match(line)
        if match:
            number, name, *scores = match.groups()
            rows[int(number)] = (name, int(scores[0]), int(scores[1]), int(scores[2]))
    return rows


def test_table_card_lists_the_forty_types(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    status, out, _ = run_cli(capsys, "table")
    assert status == 0
    rows = card_rows(out)
    assert sorted(rows) == list(range(1, 41))
    assert rows[24] == ("Royal", 2400, 2200, 2000)
    assert rows[40] == ("Grand blitz", 2000, 1800, 1600)
    assert "One run 1 (low) to 1 (high) of one colour" in out


# --- a house table: a new type without touching code -----------------------------------------

# HOUSE_HAND (house_rules.py) is a 41 Minor 61 runs, 1100 with no joker; without the house
# type the best is 14 Four colours minor at 1000.


@pytest.fixture
def house_table(tmp_path: Path) -> Path:
    """A house rules file: the shipped rules and one more type (docs/rules-files.md)."""
    return write_house(tmp_path, HOUSE)


@pytest.fixture
def legacy_house_table(tmp_path: Path) -> Path:
    """The same as a whole closed-hand table, for the deprecated ``--table FILE``."""
    path = tmp_path / "legacy_house.toml"
    shutil.copy(LEGACY_TABLE, path)
    with path.open("a", encoding="utf-8") as file:
        file.write("\n" + HOUSE_TYPE)
    return path


def test_the_deprecated_table_option_still_works(
    capsys: pytest.CaptureFixture[str], legacy_house_table: Path
) -> None:
    status, out, err = run_cli(
        capsys,
        "score",
        HOUSE_HAND,
        "--discard",
        "k13",
        "--table",
        str(legacy_house_table),
        "--json",
    )
    assert status == 0
    assert json.loads(out)["best"]["number"] == 41
    assert err == "intlscore: note: --table is deprecated (removed after 0.2); use --rules FILE\n"
    result = score_hand(HOUSE_HAND, discard="k13", table=legacy_house_table)
    assert result.best is not None and result.best.number == 41


def test_a_house_type_through_the_cli(
    capsys: pytest.CaptureFixture[str], house_table: Path
) -> None:
    data = score_json(capsys, HOUSE_HAND, "--discard", "k13", "--rules", str(house_table))
    assert (data["best"]["number"], data["best"]["name"]) == (41, "Minor 61 runs")
    assert data["best"]["base"] == data["best"]["score"] == 1100
    assert match_bases(data) == {1: 500, 2: 800, 13: 900, 14: 1000, 41: 1100}
    shipped = score_json(capsys, HOUSE_HAND, "--discard", "k13")
    assert (shipped["best"]["number"], shipped["best"]["score"]) == (14, 1000)
    assert 41 not in match_bases(shipped)


def test_a_house_type_with_a_joker(capsys: pytest.CaptureFixture[str], house_table: Path) -> None:
    # The joker can only complete the orange run (o5 or o8; b1/b5 would leave o6 o7 alone):
    # total 50 + 5 or 50 + 8 <= 61, so Minor 61 runs with one joker, 1000 (14 gives 900).
    data = score_json(
        capsys, "k1-4 r3-6 b2-4 o6 o7 *", "--discard", "k13", "--rules", str(house_table)
    )
    assert data["jokers"] == 1
    assert (data["best"]["number"], data["best"]["score"]) == (41, 1000)
    stands_for = [tile for meld in data["best"]["stands_for"] for tile in meld]
    assert stands_for in (["o5"], ["o8"])


def test_a_house_type_respects_its_total(
    capsys: pytest.CaptureFixture[str], house_table: Path
) -> None:
    # k3-6 (18), r4-7 (22), b5-7 (18), o7-9 (24): minor runs but 82 > 61, so not 41;
    # the best stays 14 Four colours minor at 1000.
    data = score_json(
        capsys, "k3-6 r4-7 b5-7 o7-9", "--discard", "k13", "--rules", str(house_table)
    )
    assert 41 not in match_bases(data)
    assert (data["best"]["number"], data["best"]["score"]) == (14, 1000)


def test_a_house_type_through_the_api(house_table: Path) -> None:
    result = score_hand(HOUSE_HAND, discard="k13", rules=house_table)
    assert result.best is not None
    assert (result.best.number, result.best.name, result.best.score) == (41, "Minor 61 runs", 1100)
    result = score_hand(HOUSE_HAND, discard="k13", rules=str(house_table))
    assert result.best is not None and result.best.number == 41
    shipped = score_hand(HOUSE_HAND, discard="k13")
    assert shipped.best is not None and shipped.best.number == 14


def test_the_card_of_a_house_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, house_table: Path
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    status, out, _ = run_cli(capsys, "table", "--rules", str(house_table))
    assert status == 0
    rows = card_rows(out)
    assert sorted(rows) == list(range(1, 42))
    assert rows[41] == ("Minor 61 runs", 1100, 1000, 900)
    status, out, _ = run_cli(capsys, "table", "--rules", str(house_table), "--json")
    assert json.loads(out)["types"][-1]["name"] == "Minor 61 runs"
