"""Acceptance tests of issues 9 and 10 tried as a hostile user: the gaps found by trying
every example for real, one regression test each.

Each test failed on the branch the audit started from (a traceback, a wrong acceptance,
or an error line thousands of characters long).
"""

from __future__ import annotations

import errno
import io
import os
import sys
from pathlib import Path

import pytest
from house_rules import HOUSE, write_house

from intlscore import Ledger, score_hand, settle
from intlscore.errors import DealTypeError, InputTypeError, IntlscoreError, SettlementError
from intlscore.faces.cli import main

HUGE = "9" * 5000


@pytest.fixture(autouse=True)
def ledger_in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    path = tmp_path / "ledger.sqlite3"
    monkeypatch.setenv("INTLSCORE_DB", str(path))
    monkeypatch.setenv("COLUMNS", "80")
    return path


class FullDisk(io.StringIO):
    """A standard output whose every write fails, as ``> /dev/full`` does."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def one_error_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    status = main(argv)
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err
    return err.rstrip("\n")


# --- issue 9, integrity item 1: after a commit, no failure looks like "nothing happened" --


def test_rescore_yes_whose_output_fails_says_the_new_scores_are_stored(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert main(["session", "new", "fri", "--players", "ann", "bob"]) == 0
    assert main(["session", "deal", "fri", "--winner", "ann", "--foot", "--rack", "bob=*"]) == 0
    house = tmp_path / "house.toml"
    house.write_text('extends = "international"\n[options]\njoker_value = 25\n')
    capsys.readouterr()
    monkeypatch.setattr("sys.stdout", FullDisk())
    line = one_error_line(capsys, ["session", "rescore", "fri", "--rules", str(house), "--yes"])
    assert "is stored" in line and "fri" in line and "No space left" in line
    monkeypatch.undo()
    ledger = Ledger(Path(str(tmp_path / "ledger.sqlite3")))
    assert ledger.session("fri").snapshot().totals == {"ann": 200, "bob": -25}  # R15, joker 25


# --- bad input: exit 2, one line, never a traceback ----------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["score", "k1-13 k1"], id="score"),
        pytest.param(["score", "k1-13 k1", "--json"], id="score-json"),
        pytest.param(["table"], id="table"),
        pytest.param(["session", "list"], id="session-list"),
    ],
)
def test_output_that_cannot_be_written_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    monkeypatch.setattr("sys.stdout", FullDisk())
    line = one_error_line(capsys, argv)
    assert line.startswith("intlscore: error: ") and "No space left on device" in line


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["reach", "k1-13 k1", "--type", HUGE], id="reach-type"),
        pytest.param(["table", "--type", HUGE], id="unrecognized-value"),
        pytest.param(["score", "k1-13 k1", f"--{HUGE}"], id="unrecognized-flag"),
        pytest.param(["session", "dael" + HUGE], id="invalid-choice"),
    ],
)
def test_a_huge_word_in_a_usage_error_is_quoted_cut_short(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    line = one_error_line(capsys, argv)
    assert len(line) < 400, line[:200]
    assert "... (500" in line and " characters)" in line  # cut short, its length given


# --- issue 10 item 4: ann and Ann are one player, in settle too ---------------------------


def test_settle_matches_names_without_regard_to_case(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_error_line(capsys, ["settle", "--stake", "1", "ann=10", "Ann=-10"])
    assert "'ann' and 'Ann' are one player" in line
    with pytest.raises(SettlementError, match="'ann' and 'Ann' are one player"):
        settle({"ann": 10, "Ann": -10}, stake="1")


# --- issue 9, API misuse: a typed error that names the argument ---------------------------


def test_rules_of_the_wrong_type_is_a_typed_error_naming_rules() -> None:
    with pytest.raises(InputTypeError, match="rules"):
        score_hand("k1-13 k1", rules=5)  # type: ignore[arg-type]


def test_session_deal_with_an_unknown_argument_is_a_typed_error_naming_it(
    tmp_path: Path,
) -> None:
    session = Ledger(tmp_path / "l.sqlite3").create_session("s", ["ann", "bob"])
    with pytest.raises(DealTypeError, match="'winer'") as caught:
        session.deal(kind="foot", winer="ann", racks={"bob": "r5"})
    assert isinstance(caught.value, IntlscoreError)
    assert "Session.deal()" in str(caught.value) and "winner" in str(caught.value)
    assert session.snapshot().deals == ()


# --- issue 11: every output fits the terminal ------------------------------------------


def test_session_check_wraps_to_the_terminal_width(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["session", "new", "fri", "--players", "ann", "bob"]) == 0
    capsys.readouterr()
    assert main(["session", "check", "fri"]) == 0
    out = capsys.readouterr().out
    assert "every record matches its checksum" in " ".join(out.split())
    assert max(len(line) for line in out.splitlines()) <= 80, out


# --- issue 9, look-alike characters: tile notation is ASCII, separators too -------------


@pytest.mark.parametrize(
    ("space", "named"),
    [
        pytest.param("\u00a0", "U+00A0 NO-BREAK SPACE", id="no-break-space"),
        pytest.param("\u3000", "U+3000 IDEOGRAPHIC SPACE", id="ideographic-space"),
        pytest.param("\u2028", "U+2028 LINE SEPARATOR", id="line-separator"),
        pytest.param("\x1f", "\\x1f", id="unit-separator"),  # shown escaped
    ],
)
def test_a_look_alike_space_between_tiles_is_refused_by_name(
    capsys: pytest.CaptureFixture[str], space: str, named: str
) -> None:
    line = one_error_line(capsys, ["score", f"k1-13{space}k1"])
    assert named in line, line


def test_a_path_of_the_wrong_type_is_a_typed_error() -> None:
    from intlscore import load_rules

    with pytest.raises(InputTypeError, match="rules file: expected the path of a file, not int"):
        load_rules(5)  # type: ignore[arg-type]
    with pytest.raises(InputTypeError, match="the ledger path must be a path, not int"):
        Ledger(5)  # type: ignore[arg-type]


# --- issue 9: a number of 5,000 digits in a rules file too ------------------------------


@pytest.mark.parametrize(
    "body",
    [
        pytest.param(f"[options]\njoker_value = {HUGE}\n", id="option"),
        pytest.param(f'[[type]]\nnumber = {HUGE}\nname = "X"\n', id="type-number"),
        pytest.param(f"[deal.winner]\nopen = -{HUGE}\n", id="negative"),
    ],
)
def test_a_huge_number_in_a_rules_file_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, body: str
) -> None:
    from intlscore import parse_rules
    from intlscore.errors import RulesError

    text = 'extends = "international"\n' + body
    with pytest.raises(RulesError, match=r"house\.toml: a number has too many digits"):
        parse_rules(text, "house.toml")
    house = tmp_path / "house.toml"
    house.write_text(text)
    line = one_error_line(capsys, ["score", "k1-13 k1", "--rules", str(house)])
    assert "house.toml" in line and "digits" in line


# --- issue 10 item 3: after a rescore, the new rules are the session's rules --------------


def test_a_session_opened_after_a_rescore_plays_under_the_new_rules(tmp_path: Path) -> None:
    from intlscore import default_rules, parse_rules

    no_plain_runs = parse_rules(
        'extends = "international"\nremove = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]\n',
        "strict.toml",
    )
    path = tmp_path / "l.sqlite3"
    Ledger(path).create_session("s", ["ann", "bob"], rules=no_plain_runs).change_rules(
        default_rules()
    )
    reopened = Ledger(path).session("s")  # as every command opens it
    assert reopened.rules == default_rules()
    # Fits 14 Four colours minor (shipped), which the session's first rules had removed.
    recorded = reopened.deal(
        kind="closed",
        winner="ann",
        closed="k1-4 r3-6 b2-4 o6-8",
        discard="k13",
        racks={"bob": "r5"},
    )
    assert recorded.number == 1
    assert reopened.snapshot().totals == {"ann": 1000, "bob": -5}  # R14, R15


# --- issue 10 item 2: a house type counts in a session, guided entry included -----------


@pytest.mark.skipif(sys.platform == "win32", reason="pexpect.spawn needs a pty")
def test_guided_entry_checks_a_closed_hand_under_the_session_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import pexpect

    house = write_house(tmp_path, HOUSE)
    db = tmp_path / "l.sqlite3"
    new = ["session", "new", "fri", "--players", "ann", "bob", "--rules", str(house)]
    assert main([*new, "--db", str(db)]) == 0
    capsys.readouterr()
    root = Path(__file__).resolve().parents[1]
    child = pexpect.spawn(
        sys.executable,
        ["-m", "intlscore.faces.cli", "session", "deal", "fri", "--db", str(db)],
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "80", "PYTHONPATH": str(root)},
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 80),
    )
    transcript = io.StringIO()
    child.logfile_read = transcript
    for prompt, answer in [
        ("How did the deal end?", "c"),
        ("Who won?", "ann"),
        ("ann's closed hand", "k1-4 r3-6 b2-4 o6-8"),
        ("ann's final discard", "k13"),
        ("Did ann win on the first turn?", ""),
        ("type 41, Minor 61 runs: 1100 (no joker)", ""),  # the house type (R11), not 14
        ("bob's rack", "r5"),
        ("Store this deal? [Y/n]", "y"),
    ]:
        try:
            child.expect_exact(prompt)
        except pexpect.TIMEOUT:
            pytest.fail(f"no {prompt!r} in:\n{transcript.getvalue()}")
        child.sendline(answer)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, transcript.getvalue()
    assert Ledger(db).session("fri").snapshot().totals == {"ann": 1100, "bob": -5}
