"""The entry point: help with no command, --version, one-line usage errors with hints,
the lazy parser and shell completion (issues 9 and 11)."""

from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from intlscore.faces.cli import COMMANDS, build_parser, main

ROOT = Path(__file__).resolve().parents[1]


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_no_command_prints_the_help_with_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_main(capsys)
    assert (status, err) == (0, "")
    assert out.startswith("usage: intlscore")
    for name in COMMANDS:
        assert f"\n    {name}" in out, name


def test_python_dash_m_intlscore_prints_the_help() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "intlscore"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert "score a closed hand" in done.stdout


def test_version_names_the_reach_search(capsys: pytest.CaptureFixture[str]) -> None:
    from intlscore import __version__
    from intlscore.engine import build

    status, out, err = run_main(capsys, "--version")
    search = build.current().name
    assert (status, err) == (0, "")
    assert out.startswith(f"intlscore {__version__} (reach search: {search}")


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        pytest.param(
            ["session", "deal", "s", "--winer", "ann"],
            "intlscore session deal: error: unrecognized arguments: --winer ann;"
            " did you mean `--winner`?",
            id="flag",
        ),
        pytest.param(
            ["deal", "--no-winer=x"],
            "intlscore deal: error: unrecognized arguments: --no-winer=x;"
            " did you mean `--no-winner`?",
            id="flag=value",
        ),
        pytest.param(
            ["scor", "r1"],
            "intlscore: error: argument COMMAND: invalid choice 'scor' (choose from "
            + ", ".join(COMMANDS)
            + "); did you mean `score`?",
            id="command",
        ),
        pytest.param(
            ["session", "nwe", "s"],
            "intlscore session: error: argument ACTION: invalid choice 'nwe'"
            " (choose from new, use, deal, amend, show, undo, redo, list, export, versions, settle,"
            " rules, rescore, rename, check); did you mean `new`?",
            id="session action",
        ),
        pytest.param(
            ["score", "r1-13", "k1", "--discard"],
            "intlscore score: error: argument --discard: expected one argument",
            id="missing value",
        ),
        pytest.param(
            ["reach"],
            "intlscore reach: error: the following arguments are required: TILES",
            id="missing tiles",
        ),
        pytest.param(
            ["--json", "score", "k1-13 k1", "--discard", "r5"],
            "intlscore score: error: unrecognized arguments: --json; write `--json` after `score`",
            id="flag before the command",
        ),
        pytest.param(
            ["table", "--zzz"],
            "intlscore table: error: unrecognized arguments: --zzz",
            id="no close flag",
        ),
    ],
)
def test_a_usage_error_is_one_line_naming_the_subcommand(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    status, out, err = run_main(capsys, *argv)
    assert (status, out, err) == (2, "", expected + "\n")


def test_user_text_in_a_usage_error_stays_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_main(capsys, "table", "a\nb\x1b[2J")
    assert status == 2
    assert err == "intlscore table: error: unrecognized arguments: a\\nb\\x1b[2J\n"


def test_help_of_a_command_is_printed_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_main(capsys, "session", "deal", "--help")
    assert (status, err) == (0, "")
    assert out.startswith("usage: intlscore session deal")


def test_every_registered_command_builds_its_parser() -> None:
    parser = build_parser()
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert list(commands.choices) == list(COMMANDS)
    for name, sub in commands.choices.items():
        module = importlib.import_module(f"intlscore.faces.commands.{name}")
        assert callable(module.add_parser), name
        actions = [a for a in sub._actions if isinstance(a, argparse._SubParsersAction)]
        runnable = [sub] if not actions else list(actions[0].choices.values())
        for each in runnable:
            assert callable(each.get_default("run")), each.prog


def imported(*argv: str) -> set[str]:
    """The intlscore modules imported to run ``intlscore ARGV`` in a fresh interpreter."""
    code = (
        "import sys\n"
        "from intlscore.faces.cli import main\n"
        "main(sys.argv[1:])\n"
        "print('\\n'.join(m for m in sys.modules if m.startswith('intlscore')))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", code, *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return set(done.stdout.split())


@pytest.mark.slow
def test_start_up_imports_only_the_chosen_command() -> None:
    modules = imported("settle", "--stake", "1", "a=1", "b=0", "--json")
    commands = {m.rsplit(".", 1)[1] for m in modules if m.startswith("intlscore.faces.commands.")}
    # settle shares its JSON printer with deal; no other command's module is loaded
    assert "settle" in commands
    assert commands & set(COMMANDS) <= {"settle", "deal"}
    assert "session" in COMMANDS and "reach" in COMMANDS  # so the check above can fail


@pytest.mark.slow
def test_help_imports_no_command_module() -> None:
    modules = imported("--help")
    assert "intlscore.faces.cli" in modules
    assert not [m for m in modules if m.startswith("intlscore.faces.commands.")]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_script_names_every_command(
    capsys: pytest.CaptureFixture[str], shell: str
) -> None:
    status, out, err = run_main(capsys, "completion", shell)
    assert (status, err) == (0, "")
    for name in COMMANDS:
        assert name in out, (shell, name)
    assert "--winner" in out


def test_bash_completion_script_is_valid_bash(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run_main(capsys, "completion", "bash")
    assert status == 0
    script = tmp_path / "intlscore.bash"
    script.write_text(out)
    done = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
