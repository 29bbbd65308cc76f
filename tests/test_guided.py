"""Guided deal entry through a real pseudo-terminal (pexpect), and the 14-tile discard note.

Issue 11 "Guided, forgiving input": ``session deal NAME`` at a terminal without
the deal's arguments asks for the deal, re-asks a bad answer with the reason,
and stores nothing until the deal is confirmed.
"""

from __future__ import annotations

import io
import os
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pexpect
import pytest

from intlscore.faces.cli import main
from intlscore.session.ledger import Session

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ("ann", "bob", "cat", "dan")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pexpect.spawn needs a pty")


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "ledger.sqlite3"
    assert main(["session", "new", "friday", "--players", *PLAYERS, "--db", str(path)]) == 0
    capsys.readouterr()
    return path


def default_interrupt() -> None:
    """Ctrl-C as at a terminal: a test run started in the background by a shell without job
    control (a CI script's ``&``) ignores SIGINT, and the child would inherit that and never
    be interrupted."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(
    db: Path, command: Sequence[str] = ("deal", "friday"), columns: int = 80
) -> tuple[pexpect.spawn, io.StringIO]:
    """``session COMMAND... --db DB`` in a pseudo-terminal ``columns`` wide, and the
    transcript of what it shows."""
    env = {
        **os.environ,
        "NO_COLOR": "1",
        "COLUMNS": str(columns),
        "PYTHONPATH": str(ROOT),
        "INTLSCORE_HISTORY": str(db.parent / "history"),  # never the user's own
    }
    child = pexpect.spawn(
        sys.executable,
        ["-m", "intlscore.faces.cli", "session", *command, "--db", str(db)],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(24, columns),
        preexec_fn=default_interrupt,
    )
    transcript = io.StringIO()
    child.delaybeforesend = None  # answers are typed after their prompt shows anyway
    child.logfile_read = transcript
    return child, transcript


def guided(
    db: Path,
    script: Sequence[tuple[str, str | None]],
    command: Sequence[str] = ("deal", "friday"),
    columns: int = 80,
) -> tuple[int, str]:
    """Run ``session deal friday`` (or ``session COMMAND...``) in a pseudo-terminal; answer
    each prompt in turn.

    ``script`` pairs a pattern the prompt (or a re-ask) must show with the answer to
    type; ``\\x04`` as an answer closes the input (Ctrl-D), ``\\x03`` interrupts (Ctrl-C),
    ``None`` only waits for the pattern, and an answer ending in ``\\r`` or ``\\t`` is sent
    as keys (arrows, Tab and all); one ending in ``\\0`` is typed and not entered (without
    the ``\\0``).
    """
    child, transcript = spawn(db, command, columns)
    for pattern, answer in script:
        child.expect_exact(pattern)
        if answer == "\x04":
            child.sendeof()
        elif answer == "\x03":
            waiting_for_a_key(child.pid)
            child.sendintr()
        elif answer is None:  # only wait for it (an error line: its prompt follows)
            continue
        elif answer.endswith(("\r", "\t")):  # keys as typed (arrows, Ctrl-U, Tab, Enter)
            child.send(answer)
        elif answer.endswith("\0"):  # typed, not entered
            child.send(answer[:-1])
        else:
            child.sendline(answer)
    child.expect(pexpect.EOF)
    child.close()
    return int(child.exitstatus if child.exitstatus is not None else -1), transcript.getvalue()


def waiting_for_a_key(pid: int) -> None:
    """Return once the process ``pid`` sleeps in ``select``/``poll``: readline waiting for
    a key. A Ctrl-C that lands just before readline starts to wait is only noticed at the
    next key (CPython's readline checks for signals when its wait is interrupted), so the
    test sends it once the wait has begun: an event, never a guess at how long it takes."""
    wchan = Path(f"/proc/{pid}/wchan")
    for _ in range(60_000):  # a hang guard of a minute or more; it waits a moment
        if "poll" in wchan.read_text() or "select" in wchan.read_text():
            return
        time.sleep(0.001)
    raise AssertionError(f"the process {pid} never waited for a key")


def deals_and_totals(db: Path) -> tuple[int, dict[str, int]]:
    with Session.open("friday", db=db) as session:
        return len(session.snapshot().deals), session.totals()


@pytest.mark.slow
def test_a_closed_win_entered_by_prompts_with_bad_answers_asked_again(db: Path) -> None:
    status, out = guided(
        db,
        [
            ("How did the deal end?", "shut"),
            ("answer one of open, foot, closed, none; try again", "c"),
            ("Who won? (ann, bob, cat, dan):", "Ann"),  # any case
            ("ann's closed hand (14 tiles, or 15", "k1-13 k14"),
            ("'k14' is not a tile: numbers run from 1 to 13; try again", "k1-13"),
            ("ann's closed hand: 14 or 15 tiles, not 13; try again", "k1-13 k1"),
            # 14 tiles: the discard is asked for (a closed win is doubled by a joker discard)
            ("ann's final discard (a tile, * for a joker):", "k1"),
            ("k1 would be a third k1 (the set has two of each, R3); try again", "*"),
            ("Did ann win on the first turn? [y/N]", ""),
            ("type 24, Royal: 2400 (no joker) x 2 for the joker discard = 4800", ""),
            ("bob's rack (the tiles left, or their points like 42, or - if bob", "r5 b7 *"),
            ("cat's rack", "o1 o2 *"),
            ("* would be a third joker (the set has two of each, R3); try again", "o1 o2"),
            ("dan's rack", "-"),
            ("Store this deal? [Y/n]", "y"),
        ],
    )
    assert status == 0, out
    assert "session friday, deal 1:" in out
    # R14 Royal 2400, doubled by the joker discard (R12, R17); R15 racks; R16 not melded
    assert deals_and_totals(db) == (1, {"ann": 4800, "bob": -84, "cat": -24, "dan": -4800})


@pytest.mark.slow
def test_an_open_win_and_fifteen_tiles_need_no_discard_question(db: Path) -> None:
    status, out = guided(
        db,
        [
            ("How did the deal end?", "open"),
            ("Who won?", "bob"),
            ("Was bob's final discard a joker? [y/N]", "n"),
            ("ann's rack", "k13 o4"),
            ("cat's rack", "-"),
            ("dan's rack", "r10 *"),
            ("Store this deal? [Y/n]", ""),  # Enter confirms
        ],
    )
    assert status == 0, out
    assert deals_and_totals(db) == (1, {"ann": -14, "bob": 100, "cat": -100, "dan": -40})
    status, out = guided(
        db,
        [
            ("How did the deal end?", "closed"),
            ("Who won?", "bob"),
            ("bob's closed hand", "r1-7 b1-7 *"),
            ("Did bob win on the first turn?", "n"),
            ("(best discard *, R13)", ""),
            ("ann's rack", "k13 o4"),
            ("cat's rack", "o9"),
            ("dan's rack", "-"),
            ("Store this deal?", "yes"),
        ],
    )
    assert status == 0, out
    assert "final discard" not in out
    # 33 Little wave two colours 2200, x2 for the joker discard (R13 picks it)
    count, totals = deals_and_totals(db)
    assert count == 2 and totals == {"ann": -42, "bob": 4500, "cat": -118, "dan": -4440}


@pytest.mark.slow
@pytest.mark.parametrize("last", ["n", "\x04"])
def test_nothing_is_stored_until_the_deal_is_confirmed(db: Path, last: str) -> None:
    script = [
        ("How did the deal end?", "foot"),
        ("Who won?", "cat"),
        ("Was cat's final discard a joker?", "n"),
        ("ann's rack", "k2 k3"),
        ("bob's rack", "b12"),
        ("dan's rack", "r10 *"),
        ("Store this deal?", last),
    ]
    status, out = guided(db, script)
    assert status == 2
    assert "nothing stored" in out.splitlines()[-1]
    assert deals_and_totals(db) == (0, dict.fromkeys(PLAYERS, 0))


@pytest.mark.slow
def test_closing_the_input_midway_stores_nothing(db: Path) -> None:
    status, out = guided(db, [("How did the deal end?", "open"), ("Who won?", "\x04")])
    assert status == 2 and "input closed: nothing stored" in out
    assert deals_and_totals(db)[0] == 0


def test_without_a_terminal_the_arguments_are_required(
    db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["session", "deal", "friday", "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "say how the deal ended" in err
    assert deals_and_totals(db)[0] == 0


# --- a closed win of 14 tiles without --discard -------------------------------------------


NOTE = "no joker discard was assumed"


def test_fourteen_tiles_without_discard_say_so_on_stderr(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deal = ["--winner", "ann", "--closed", "k1-13 k1", "--rack", "bob=r5", "--not-melded", "cat"]
    assert main(["deal", "--players", "ann", "bob", "cat", *deal]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and NOTE in captured.err
    assert "+2400" in captured.out  # scored without doubling
    session_deal = ["session", "deal", "friday", "--db", str(db), *deal, "--not-melded", "dan"]
    assert main(session_deal) == 0
    assert NOTE in capsys.readouterr().err
    assert deals_and_totals(db)[1]["ann"] == 2400


@pytest.mark.parametrize(
    "closed",
    [
        ["--closed", "k1-13 k1", "--discard", "r5"],  # the discard is given
        ["--closed", "k1-13 k1 r5"],  # 15 tiles: the best discard is found (R13)
    ],
)
def test_no_note_when_the_discard_is_known(
    capsys: pytest.CaptureFixture[str], closed: list[str]
) -> None:
    argv = ["deal", "--players", "ann", "bob", "--winner", "ann", *closed, "--rack", "bob=o5"]
    assert main(argv) == 0
    assert capsys.readouterr().err == ""


def test_an_invalid_closed_deal_gets_only_its_error(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["deal", "--players", "ann", "bob", "--winner", "eve", "--closed", "k1-13 k1"]
    assert main([*argv, "--rack", "bob=o5"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and NOTE not in err


def test_the_hook_takes_a_deal_table_or_whole_rules(capsys: pytest.CaptureFixture[str]) -> None:
    from intlscore.faces.cli import build_parser
    from intlscore.faces.commands.deal import session_deal_arguments
    from intlscore.rules import default_rules

    argv = ["session", "deal", "x", "--winner", "ann", "--closed", "k1-13 k1", "--rack", "bob=r5"]
    args = build_parser().parse_args(argv)
    for rules in (default_rules(), default_rules().deals):
        deal = session_deal_arguments(args, ("ann", "bob"), rules)
        assert deal["kind"] == "closed" and deal["racks"] == [("bob", "r5")]
        assert NOTE in capsys.readouterr().err


# --- line editing, history, and a deal amended by prompts (issue 29, item 7) ------------------

LEFT, UP, KILL_LINE, BACKSPACE = "\x1b[D", "\x1b[A", "\x15", "\x7f"


@pytest.mark.slow
def test_answers_are_typed_with_line_editing_and_history(db: Path) -> None:
    status, out = guided(
        db,
        [
            ("How did the deal end?", "closed"),
            ("Who won?", "ann"),
            ("ann's closed hand", "k1-13 k14"),
            ("'k14' is not a tile", None),
            # the up arrow brings the bad answer back; two backspaces and a 1 mend it
            ("ann's closed hand", f"{UP}{BACKSPACE}{BACKSPACE}1\r"),
            ("ann's final discard", "*"),
            ("Did ann win on the first turn?", "n"),
            # the left arrow moves inside the line: "r5 *", back one, "b7 " before the joker
            ("bob's rack", f"r5 *{LEFT}b7 \r"),
            ("cat's rack", "12"),  # counted (R15)
            ("dan's rack", "-"),
            ("Store this deal?", "y"),
        ],
    )
    assert status == 0, out
    assert "^[[" not in out
    # 24 Royal 2400 x2 (R12, R17); bob r5 b7 * 42 x2; cat counted 12 x2; dan the winner's x2
    assert deals_and_totals(db) == (1, {"ann": 4800, "bob": -84, "cat": -24, "dan": -4800})
    history = (db.parent / "history").read_text(encoding="utf-8")
    assert "k1-13 k14" in history and "r5 b7 *" in history  # kept for the next run


@pytest.mark.slow
def test_amend_at_a_terminal_proposes_the_old_answers(db: Path) -> None:
    argv = ["session", "deal", "friday", "--open", "--winner", "ann", "--rack", "bob=r5 b7 *"]
    assert main([*argv, "--rack", "cat=o1 o2", "--not-melded", "dan", "--db", str(db)]) == 0
    status, out = guided(
        db,
        [
            ("How did the deal end?", "\r"),  # "open", proposed: kept
            ("Who won?", "\r"),  # ann
            ("Was ann's final discard a joker? [y/N]", "\r"),
            ("bob's rack", "\r"),  # r5 b7 *
            ("cat's rack", f"{KILL_LINE}23\r"),  # o1 o2 wiped, counted 23 instead
            ("dan's rack", "\r"),  # - (not melded)
            ("Store this deal?", "y"),
        ],
        command=("amend", "friday", "1"),
    )
    assert status == 0, out
    assert "Enter the deal again (Enter keeps an old answer)" in out
    assert "deal 1 amended" in out
    # R14 open 100; R15 bob 42, cat counted 23; R16 dan -100
    assert deals_and_totals(db) == (1, {"ann": 100, "bob": -42, "cat": -23, "dan": -100})


# --- at a 40-column terminal: wrapping, Tab, Ctrl-C (issue 41, item 7) ----------------------


@pytest.mark.slow
def test_prompts_wrap_at_word_boundaries_on_a_narrow_terminal(db: Path) -> None:
    status, out = guided(
        db,
        [
            # each answer is typed once its question's last line is shown
            ("closed, none): ", "closed"),
            ("dan): ", "ann"),
            ("find the best discard): ", "k1-13 k1"),
            ("joker): ", "*"),
            ("[y/N] ", "n"),
            ("melded): ", "r5 b7 *"),
            ("melded): ", "o1 o2"),
            ("melded): ", "-"),
            ("Store this deal? [Y/n] ", "y"),
        ],
        columns=40,
    )
    assert status == 0, out
    # each question is cut between words, never inside one ("close|d" before)
    for wrapped in (
        "How did the deal end? (open, foot,\r\nclosed, none): ",
        "ann's closed hand (14 tiles, or 15 to\r\nfind the best discard): ",
        "bob's rack (the tiles left, or their\r\npoints like 42, or - if bob had not\r\nmelded): ",
        "ann's final discard (a tile, * for a\r\njoker): ",
        "\r\nDid ann win on the first turn? [y/N] ",
    ):
        assert wrapped in out
    assert deals_and_totals(db) == (1, {"ann": 4800, "bob": -84, "cat": -24, "dan": -4800})


@pytest.mark.slow
def test_tab_completes_how_it_ended_the_players_and_the_tiles(db: Path) -> None:
    status, out = guided(
        db,
        [
            ("none): ", "cl\t"),
            ("closed", "\r"),  # completed (only "cl" was typed)
            ("dan): ", "a\t"),
            ("ann", "\r"),
            # Tab twice lists the tiles a word may be; the line is left as typed
            ("find the best discard): ", "k1-13 k1\t\t"),
            ("k1   k10  k11  k12  k13", "\r"),
            ("joker): ", "*"),
            ("[y/N] ", "n\t"),
            ("no", "\r"),
            ("melded): ", "r5 b7 *"),
            ("melded): ", "o1 o2"),
            ("melded): ", "-"),
            ("Store this deal? [Y/n] ", "y"),
        ],
    )
    assert status == 0, out
    # R14 Royal 2400, doubled by the joker discard (R12, R17); R15 racks; R16 not melded
    assert deals_and_totals(db) == (1, {"ann": 4800, "bob": -84, "cat": -24, "dan": -4800})


@pytest.mark.slow
def test_ctrl_c_leaves_on_its_own_line_with_status_130(db: Path) -> None:
    status, out = guided(
        db,
        [
            ("closed, none): ", "closed"),
            ("dan): ", "ann"),
            ("find the best discard): ", "k1-1\0"),  # typed, not entered
            ("k1-1", "\x03"),
        ],
        columns=40,
    )
    assert status == 130, out
    lines = out.split("\r\n")
    assert lines[-1] == "" and lines[-2] == "intlscore: interrupted: nothing stored"
    assert lines[-3] == "find the best discard): k1-1"
    assert "Traceback" not in out
    assert deals_and_totals(db)[0] == 0


def test_an_interrupted_command_is_one_line_and_status_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from intlscore.faces.commands import table

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(table, "run", interrupted)
    assert main(["table"]) == 130
    assert capsys.readouterr().err == "intlscore: interrupted\n"
