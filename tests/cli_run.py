"""Run the ``intlscore`` command line in-process, as the CLI test files do."""

from __future__ import annotations

import pytest

from intlscore.faces.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``intlscore ARGV...``: the exit status, stdout and stderr."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The output of ``intlscore ARGV...``, which must succeed."""
    status, out, err = run(capsys, *argv)
    assert status == 0, err
    return out


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one line of a refusal (exit status 2, nothing on stdout)."""
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, ""), (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]
