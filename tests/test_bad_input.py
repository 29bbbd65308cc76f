"""Issue 9, "Bad input": one regression test per example (the parts of the CLI and the
parsers this module's owner answers for; rules files and ``--db`` are tested elsewhere).

Every refusal is exit status 2, nothing on stdout, exactly one line on stderr that names
the problem, and never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from intlscore import reachability, score_hand, settle
from intlscore.engine.notation import parse_tile, parse_tiles
from intlscore.errors import InputTypeError, IntlscoreError
from intlscore.faces.cli import main

HUGE = "1" * 5000
"""More digits than ``int()`` converts (4,300)."""
HAND = ["k1-13 k1"]
RACK_DEAL = ["deal", "--players", "ann", "bob", "--winner", "ann", "--open"]


@pytest.fixture(autouse=True)
def ledger_in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    path = tmp_path / "ledger.sqlite3"
    monkeypatch.setenv("INTLSCORE_DB", str(path))
    return path


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run a command line that must be refused; its one error line."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert (status, out) == (2, ""), err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err
    assert len(err) < 300, err  # a long input is quoted cut short
    return err.rstrip("\n")


def accepted(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    status = main([*argv, "--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    return json.loads(out)


# --- a number with more than 4,300 digits, anywhere ---------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["score", f"r{HUGE}", "k1-13"], id="tile"),
        pytest.param(["score", f"r1-{HUGE}", "k1-13"], id="range end"),
        pytest.param(["score", f"r{HUGE}-5", "k1-13"], id="range start"),
        pytest.param(["score", f"r3-r{HUGE}", "k1-13"], id="range end tile"),
        pytest.param(["score", *HAND, "--discard", f"b{HUGE}"], id="--discard"),
        pytest.param(["reach", *HAND, "--seen", f"o{HUGE}"], id="--seen"),
        pytest.param(["reach", *HAND, "--trump", f"k{HUGE}"], id="--trump"),
        pytest.param([*RACK_DEAL, "--rack", f"bob=r{HUGE}"], id="--rack"),
    ],
)
def test_huge_tile_numbers_are_out_of_range(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert refused(capsys, *argv).endswith("numbers run from 1 to 13")


def test_leading_zeros_still_read_and_are_not_counted_as_digits(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert parse_tiles("r" + "0" * 5000 + "7") == parse_tiles("r7")
    assert parse_tiles("r3-" + "0" * 5000 + "5") == parse_tiles("r3-5")


def test_huge_joker_value(capsys: pytest.CaptureFixture[str]) -> None:
    error = refused(capsys, *RACK_DEAL, "--rack", "bob=r5", "--joker-value", HUGE)
    assert error.startswith("intlscore: error: --joker-value '111")
    assert "give a number from 0 to 1000000" in error


def test_huge_deal_number(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["session", "new", "s", "--players", "ann", "bob"]) == 0
    capsys.readouterr()
    error = refused(capsys, "session", "amend", "s", HUGE, "--open", "--winner", "ann")
    assert error == (
        "intlscore: error: deal number '11111111111111111111'... (5000 characters):"
        " give a number from 1 to 999999999, like 3"
    )


def test_huge_total(capsys: pytest.CaptureFixture[str]) -> None:
    error = refused(capsys, "settle", "--stake", "1", f"ann={HUGE}", "bob=0")
    assert "player 'ann': total '111" in error
    assert "give a number from -1000000000000000 to 1000000000000000" in error


@pytest.mark.parametrize(
    ("value", "shown"),
    [("²", "'²'"), ("\uff12\uff15", "'\uff12\uff15'"), ("2_5", "'2_5'"), ("25.0", "'25.0'")],
)
def test_joker_value_wants_ascii_digits(
    capsys: pytest.CaptureFixture[str], value: str, shown: str
) -> None:
    error = refused(capsys, *RACK_DEAL, "--rack", "bob=r5", "--joker-value", value)
    assert error == (
        f"intlscore: error: --joker-value {shown} is not a whole number:"
        " write digits 0-9 only, like 25"
    )


def test_a_negative_joker_value_is_not_called_a_non_number(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # issue 11: "give a whole number, like 25" was said of -5, which is a whole number
    error = refused(capsys, *RACK_DEAL, "--rack", "bob=r5", "--joker-value", "-5")
    assert error == "intlscore: error: --joker-value '-5': give a number from 0 to 1000000, like 25"


def test_joker_value_accepts_plain_and_zero(capsys: pytest.CaptureFixture[str]) -> None:
    # R15: the joker left on bob's rack counts the house value; bob's r5 counts 5
    for value, points in [("25", 30), (" 07 ", 12), ("-0", 5)]:
        result = accepted(capsys, *RACK_DEAL, "--rack", "bob=r5 *", "--joker-value", value)
        bob = next(player for player in result["players"] if player["name"] == "bob")
        assert bob["delta"] == -points, value


# --- stakes and units that break Decimal -------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(
            ["--stake", "4e57", "a=1", "b=0", "c=0", "d=0"],
            "stake 4e57 is too large; give an amount below 10^12",
            id="stake 4e57",
        ),
        pytest.param(
            ["--stake", "1", "--unit", "1e-50", "a=1000000000000", "b=0"],
            "unit 1E-50: give a unit from 0.000000000001 to 1000000, like 0.01",
            id="unit 1e-50",
        ),
        pytest.param(
            ["--stake", "\uff11", "a=1", "b=0"],
            "stake '\uff11' is not a number; give one with digits 0-9, like 0.05",
            id="fullwidth stake",
        ),
        pytest.param(
            ["--stake", "1_0", "a=1", "b=0"],
            "stake '1_0' is not a number; give one with digits 0-9, like 0.05",
            id="underscore stake",
        ),
        pytest.param(
            ["--stake", "1", "a=1_000", "b=0"],
            "player 'a': total '1_000' is not a whole number: write digits 0-9 only, like 1200",
            id="underscore total",
        ),
        pytest.param(
            ["--stake", "1", "a=\uff11", "b=0"],
            "player 'a': total '\uff11' is not a whole number: write digits 0-9 only, like 1200",
            id="fullwidth total",
        ),
        pytest.param(
            ["--stake", "0." + "1" * 40, "a=1", "b=0"],
            "significant digits",
            id="stake with 40 digits",
        ),
    ],
)
def test_settle_refuses_bad_money(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    error = refused(capsys, "settle", *argv)
    assert message in error
    assert error.startswith("intlscore: error: ")


def test_the_largest_stake_total_and_smallest_unit_settle_exactly() -> None:
    # The bounds are chosen so that no Decimal operation can fail inside them.
    top = 10**15
    result = settle({"a": top, "b": -top}, "999999999999.999", unit="1e-12")
    payment = Decimal("999999999999.999") * 2 * top
    assert [p.amount for p in result.pairwise] == [payment]
    assert result.nets == {"a": payment, "b": -payment}


def test_minus_zero_is_not_echoed(capsys: pytest.CaptureFixture[str]) -> None:
    result = accepted(capsys, "settle", "--stake", "-0", "a=-0", "b=0")
    assert result["stake"] == "0"
    assert result["totals"] == {"a": 0, "b": 0}
    assert "-0" not in json.dumps(result)


def test_session_settle_refuses_the_same_stakes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["session", "new", "s", "--players", "ann", "bob"]) == 0
    capsys.readouterr()
    assert "too large" in refused(capsys, "session", "settle", "s", "--stake", "4e57")


# --- look-alike characters -------------------------------------------------------------


@pytest.mark.parametrize(
    ("tiles", "named"),
    [
        pytest.param("\u212a1-13 k1", "'\u212a' (U+212A KELVIN SIGN)", id="Kelvin range"),
        pytest.param("k1-12 \u212a13 k1", "'\u212a' (U+212A KELVIN SIGN)", id="Kelvin tile"),
        pytest.param("k1-13 \uff4b1", "LATIN SMALL LETTER K", id="fullwidth k"),
        pytest.param("k1-13 k\u0661", "ARABIC-INDIC DIGIT ONE", id="arabic digit"),
        pytest.param("k1-13 \u0440", "CYRILLIC SMALL LETTER ER", id="cyrillic r"),
    ],
)
def test_look_alike_characters_are_refused_by_name(
    capsys: pytest.CaptureFixture[str], tiles: str, named: str
) -> None:
    error = refused(capsys, "score", tiles, "--discard", "*")
    assert named in error
    assert error.endswith("is not a plain letter or digit; tiles are written in ASCII, like k13")


def test_the_kelvin_sign_is_not_the_black_k_anywhere() -> None:
    with pytest.raises(IntlscoreError, match="KELVIN SIGN"):
        parse_tile("\u212a5")
    with pytest.raises(IntlscoreError, match="KELVIN SIGN"):
        score_hand("k1-13 k1", discard="\u212a5")
    with pytest.raises(IntlscoreError, match="KELVIN SIGN"):
        reachability("k1-13 k1", trump="\u212a5")


# --- API misuse raises typed errors that name the argument -----------------------------


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        pytest.param(lambda: score_hand("k1-13 k1", discard=5), "discard", id="discard=5"),  # type: ignore[arg-type]
        pytest.param(lambda: parse_tile(None), "tile", id="parse_tile(None)"),  # type: ignore[arg-type]
        pytest.param(lambda: reachability("k1-13 k1", trump=5), "trump", id="trump=5"),  # type: ignore[arg-type]
        pytest.param(lambda: reachability("k1-13 k1", seen=5), "seen", id="seen=5"),  # type: ignore[arg-type]
        pytest.param(lambda: score_hand(5), "tiles", id="tiles=5"),  # type: ignore[arg-type]
        pytest.param(lambda: score_hand(["k1-13", None]), "tiles", id="a None tile"),  # type: ignore[list-item]
        pytest.param(lambda: score_hand("k1-13 k1", known=[b"r5"]), "known", id="bytes"),  # type: ignore[list-item]
    ],
)
def test_api_misuse_is_a_typed_error_naming_the_argument(
    call: Callable[[], object], argument: str
) -> None:
    with pytest.raises(InputTypeError) as excinfo:
        call()
    assert isinstance(excinfo.value, TypeError)
    assert str(excinfo.value).startswith(f"{argument}: expected ")


def test_seen_may_be_any_iterable_of_tiles() -> None:
    # the check for "no seen tiles" once consumed an iterator before it was read
    result = reachability("r1-4 r6-13 r1 k5", seen=iter(["r5"]))
    assert [str(tile) for tile in result.seen] == ["r5"]


# --- usage errors are one line naming the sub-command, with a hint -----------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        pytest.param(
            ["deal", "--players", "a", "b", "--open", "--winer", "a"],
            "intlscore deal: error: unrecognized arguments: --winer a; did you mean `--winner`?",
            id="--winer",
        ),
        pytest.param(
            ["sesion", "list"],
            "did you mean `session`?",
            id="sesion",
        ),
        pytest.param(
            ["settle", "a=1", "b=2"],
            "intlscore settle: error: the following arguments are required: --stake",
            id="missing --stake",
        ),
        pytest.param(
            ["session", "export", "s", "--format", "cvs"],
            "intlscore session export: error: argument --format: invalid choice 'cvs'"
            " (choose from json, csv); did you mean `csv`?",
            id="--format cvs",
        ),
    ],
)
def test_usage_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    error = refused(capsys, *argv)
    assert expected in error
    assert "usage:" not in error


@pytest.mark.parametrize(
    "argv",
    [["table", "x" * 5000], ["x" * 5000], ["completion", "x" * 5000]],
    ids=["stray argument", "command", "choice"],
)
def test_a_long_stray_argument_is_quoted_short(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert "'xxxxxxxxxxxxxxxxxxxx'... (5000 characters)" in refused(capsys, *argv)


# --- context flags of the engine are real booleans (issue 9, item 2) ----------------------


@pytest.mark.parametrize("value", ["no", 0, 1, None, "yes"])
@pytest.mark.parametrize("flag", ["first_turn", "original_hand", "starting_player"])
def test_context_flags_must_be_booleans(flag: str, value: object) -> None:
    """``first_turn="no"`` was read by truth value (as true); every face now refuses it."""
    for call in (
        lambda: score_hand("k1-13 k1", discard="r5", **{flag: value}),
        lambda: reachability("k1-13 r5", **{flag: value}),
    ):
        with pytest.raises(InputTypeError, match=f"^{flag} must be True or False"):
            call()


# --- odds and simulate: ASCII digits, bounded, one short line (issue 9) ------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        pytest.param(
            ["odds", *HAND, "--samples", "\uff11"],
            "argument --samples: value '\uff11' is not a whole number: write digits 0-9 only",
            id="fullwidth samples",
        ),
        pytest.param(
            ["odds", *HAND, "--samples", "1000000000"],
            "argument --samples: value '1000000000': give a number from 1 to 100000",
            id="samples too many",
        ),
        pytest.param(
            ["odds", *HAND, "--draws", "100000"],
            "argument --draws: value '100000': give a number from 1 to 20",
            id="draws too many",
        ),
        pytest.param(
            ["odds", *HAND, "--draws", "0"],
            "argument --draws: value '0': give a number from 1 to 20",
            id="no draws",
        ),
        pytest.param(
            ["odds", *HAND, "--seed", HUGE],
            "argument --seed: value '11111111111111111111'... (5000 characters)",
            id="huge seed",
        ),
        pytest.param(
            ["simulate", "--hands", str(10**12)],
            "argument --hands: value '1000000000000': give a number from 1 to 100000000",
            id="hands too many",
        ),
        pytest.param(
            ["simulate", "--hands", HUGE],
            "argument --hands: value '11111111111111111111'... (5000 characters)",
            id="huge hands",
        ),
        pytest.param(
            ["simulate", "--hands", "1_000"],
            "argument --hands: value '1_000' is not a whole number",
            id="underscore hands",
        ),
        pytest.param(
            ["simulate", "--hands", "10", "--within", "\uff13"],
            "argument --within: value '\uff13' is not a whole number",
            id="fullwidth within",
        ),
    ],
)
def test_odds_and_simulate_numbers(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    assert expected in refused(capsys, *argv)


def test_odds_descriptions_are_sentences(capsys: pytest.CaptureFixture[str]) -> None:
    # sentence(): the first letter raised and a full stop, never str.capitalize()
    assert main(["odds", "--help"]) == 0
    assert "\nThe chance of each closed-hand type" in capsys.readouterr().out
    assert main(["simulate", "--help"]) == 0
    assert "\nDeal many random hands" in capsys.readouterr().out
