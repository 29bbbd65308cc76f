"""Start-up stays light: the CLI and ``score --json`` never import ``rich``, ``tomllib``
or ``pathlib``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(*args: str) -> tuple[set[str], str]:
    """The modules ``python -X importtime ARGS`` imports, and what it printed."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    modules = {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    return modules, done.stdout


def rich_modules(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m == "rich" or m.startswith("rich."))


@pytest.mark.slow
def test_importing_the_cli_does_not_import_rich() -> None:
    modules, _ = imported_modules("-c", "import intlscore.faces.cli")
    assert "intlscore.faces.cli" in modules
    assert rich_modules(modules) == []


@pytest.mark.slow
def test_score_json_does_not_import_rich() -> None:
    modules, out = imported_modules(
        "-m", "intlscore.faces.cli", "score", "k1-13 k1", "--discard", "r5", "--json"
    )
    assert json.loads(out)["best"]["name"] == "Royal"
    assert "intlscore.engine.scoring" in modules
    assert rich_modules(modules) == []


@pytest.mark.slow
def test_score_json_reads_no_file_and_parses_no_toml() -> None:
    # The shipped rules come from rules/shipped_data.py, so neither the TOML parser nor
    # pathlib (with urllib.parse and ipaddress behind it) is needed to score a hand.
    modules, out = imported_modules(
        "-m", "intlscore.faces.cli", "score", "k1-13 k1", "--discard", "r5", "--json"
    )
    assert json.loads(out)["best"]["score"] == 2400
    assert "intlscore.rules.shipped_data" in modules
    assert {"tomllib", "pathlib"} & modules == set()


@pytest.mark.slow
def test_the_rich_view_does_import_rich() -> None:
    # the check above would be empty if importtime's output were not read right
    modules, out = imported_modules(
        "-m", "intlscore.faces.cli", "score", "k1-13 k1", "--discard", "r5"
    )
    assert "Royal" in out
    assert "rich.console" in modules
