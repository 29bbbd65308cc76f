"""Run the ``intlscore`` command line in-process, as the CLI test files do."""

from __future__ import annotations

import pytest

from intlscore.faces.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``intlscore ARGV...``: the exit status, stdout and stderr."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err
