"""The command line's frictions at a terminal (issue 41, item 7), outside guided entry:

- an unquoted ``*`` that the shell turned into file names gets one line saying to quote it;
- a single-valued option given twice is refused, for every command, naming the option;
- ``backup`` without FILE writes a new dated file beside the ledger and says where;
- ``settle`` says in one plain line why a player with a positive total may still pay (R19);
- the session in play is kept inside the ledger: nothing appears beside it.

(Guided entry's wrapping, Tab completion and Ctrl-C are in ``tests/test_guided.py``.)
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest
from cli_run import run

from intlscore.faces.cli import JOKER_HINT, build_parser

PLAYERS = ("ann", "bob", "cat", "dan")


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one line of a refusal (exit status 2, nothing on stdout)."""
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, ""), err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err.rstrip("\n")


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A current folder holding what a shell's ``*`` would expand to."""
    (tmp_path / "README.md").write_text("x")
    (tmp_path / "notes.txt").write_text("x")
    (tmp_path / "photos").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- an unquoted * expanded by the shell ------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        # intlscore score r5 b7 *  (the tiles end with the folder's names)
        (["score", "r1-12", "README.md", "notes.txt", "photos"], "README.md"),
        # intlscore reach k1-13 *
        (["reach", "k1-13", "README.md", "notes.txt", "photos"], "README.md"),
        # intlscore score k1-13 k1 --discard *  (the names after the first are left over)
        (["score", "k1-13", "k1", "--discard", "README.md", "notes.txt", "photos"], "notes.txt"),
        # a folder with one file: --discard gets it as its value
        (["score", "k1-13", "k1", "--discard", "photos"], "photos"),
    ],
)
def test_a_joker_expanded_by_the_shell_says_to_quote_it(
    capsys: pytest.CaptureFixture[str], folder: Path, argv: list[str], named: str
) -> None:
    err = refused(capsys, *argv)
    assert err.endswith(f"error: '{named}' is not a tile; {JOKER_HINT}")
    assert JOKER_HINT == 'a joker is written *, quote it: "r5 b7 *"'


def test_a_bad_tile_that_is_no_file_keeps_its_own_reason(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    err = refused(capsys, "score", "r1-12", "README.mx")
    assert "'README.mx' is not a tile: unknown colour" in err and "quote" not in err
    # a file given where a file is wanted is not taken for a joker
    err = refused(capsys, "score", "k1-13", "k1", "r5", "--rules", "notes.txt")
    assert "quote" not in err and "notes.txt" in err


# --- a single-valued option given twice --------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["score", "k1-13", "k1", "--discard", "r5", "--discard", "k3"],
            "intlscore score: error: argument --discard: given twice ('r5', then 'k3');"
            " give it once",
        ),
        (
            ["session", "deal", "--open", "--winner", "ann", "--winner=bob"],
            "intlscore session deal: error: argument --winner: given twice ('ann', then"
            " 'bob'); give it once",
        ),
        (
            ["deal", "--players", "ann", "bob", "--players", "cat", "dan", "--open"],
            "intlscore deal: error: argument --players: given twice ('ann bob', then"
            " 'cat dan'); give it once",
        ),
        (
            ["odds", "k1-13", "k1", "r5", "--draws", "2", "--draws", "3"],
            "intlscore odds: error: argument --draws: given twice ('2', then '3'); give it once",
        ),
    ],
)
def test_a_second_single_valued_option_is_refused(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    line: str,
) -> None:
    monkeypatch.setenv("INTLSCORE_DB", str(tmp_path / "l.sqlite3"))
    assert refused(capsys, *argv) == line
    assert list(tmp_path.iterdir()) == []  # nothing was stored


def test_repeatable_options_still_repeat(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["deal", "--players", *PLAYERS, "--open", "--winner", "ann"]
    status, out, err = run(
        capsys, *argv, "--rack", "bob=r5", "--rack", "cat=o2", "--not-melded", "dan", "--json"
    )
    assert status == 0, err
    assert '"delta": -5' in out and '"delta": -2' in out


def test_every_command_stores_each_value_once() -> None:
    """Every option that takes one value, in every command and sub-command, is refused
    when given twice: the check is the parser's, not each option's."""
    checked = 0
    for parser in _all_parsers(build_parser()):
        for action in parser._actions:
            if action.option_strings and type(action).__name__ == "_StoreAction":
                raise AssertionError(f"{parser.prog} {action.option_strings}: plain store")
            checked += type(action).__name__ == "_StoreOnce"
    assert checked > 40


def _all_parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """``parser`` and every sub-command's parser under it."""
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _all_parsers(sub)
    return found


# --- backup without FILE ----------------------------------------------------------------


def test_backup_alone_writes_a_new_dated_file_beside_the_ledger(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import datetime

    from intlscore.session.club import backup as backups

    ledger = tmp_path / "club" / "friday.sqlite3"
    ledger.parent.mkdir()
    monkeypatch.setenv("INTLSCORE_DB", str(ledger))
    monkeypatch.setenv("COLUMNS", "300")  # each answer on one line
    assert run(capsys, "session", "new", "friday", "--players", *PLAYERS)[0] == 0

    class Clock(datetime):
        @classmethod
        def now(cls, tz: object = None) -> Clock:
            return cls(2026, 12, 6, 1, 30)

    monkeypatch.setattr(backups, "datetime", Clock)
    made = []
    for _ in range(3):
        status, out, err = run(capsys, "backup")
        assert status == 0, err
        made.append(out)
    names = [f"friday-2026-12-06-0130{more}.sqlite3" for more in ("", "-2", "-3")]
    for out, name in zip(made, names, strict=True):
        assert out == (
            f"backed up {ledger} to {ledger.parent / name} and checked it: 1 session, 0 deals\n"
        )
    assert sorted(path.name for path in ledger.parent.iterdir()) == sorted(
        ["friday.sqlite3", *names]
    )
    assert os.stat(ledger.parent / names[0]).st_mode & 0o777 == 0o600
    # each one is a ledger with the session
    status, out, _ = run(capsys, "session", "list", "--db", str(ledger.parent / names[2]))
    assert status == 0 and "friday" in out


def test_backup_alone_without_a_ledger_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    err = refused(capsys, "backup", "--db", str(tmp_path / "none.sqlite3"))
    assert "there is no ledger at" in err
    assert list(tmp_path.iterdir()) == []


# --- settle says why --------------------------------------------------------------------


def test_settle_says_why_a_positive_total_pays(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "300")
    status, out, err = run(capsys, "settle", "--stake", "0.01", "ann=33", "bob=140", "cat=-29")
    assert status == 0, err
    lines = out.splitlines()
    # R19: ann's net is 0.01 x (3 x 33 - 144) = -0.45, below the average total of +48
    assert lines[lines.index("fewest transfers") + 3 : lines.index("fewest transfers") + 6] == [
        "ann pays bob │   0.45",
        "cat pays bob │   2.31",
        "why (R19): in every pair of players the lower total pays the higher 0.01 x the"
        " difference, so a total below the average (+48) pays in all, even a positive one"
        " like ann's (+33)",
    ]


def test_session_settle_says_why_under_its_transfers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("INTLSCORE_DB", str(tmp_path / "l.sqlite3"))
    monkeypatch.setenv("COLUMNS", "300")
    assert run(capsys, "session", "new", "friday", "--players", *PLAYERS)[0] == 0
    deal = ["--open", "--winner", "ann", "--rack", "bob=r5", "--rack", "cat=o9"]
    assert run(capsys, "session", "deal", *deal, "--not-melded", "dan")[0] == 0
    # R14-R16: ann +100, bob -5, cat -9, dan -100: the average is -3.5
    status, out, err = run(capsys, "session", "settle", "--stake", "1")
    assert status == 0, err
    assert (
        "why (R19): in every pair of players the lower total pays the higher 1 x the"
        " difference, so a total below the average (-3.5) pays in all and one above it"
        " receives\n"
    ) in out
    # everyone is square: nothing to explain
    status, out, _ = run(capsys, "settle", "--stake", "1", "ann=5", "bob=5")
    assert "why" not in out and "everybody is square" in out
