"""The wheel is complete: built, installed in a fresh virtualenv and run from elsewhere.

This proves that ``tables/`` ships inside the wheel (the CLI finds the closed-hand
table without the repository) and that the dependencies are declared. It builds
with ``pip wheel`` and installs from the package index through pip's cache.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 300


def run(argv: list[str | Path], cwd: Path, env: dict[str, str]) -> str:
    """Run a command; fail with its output when it does not exit 0."""
    done = subprocess.run(
        [str(arg) for arg in argv],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, f"{argv} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def clean_env() -> dict[str, str]:
    """The environment without anything that would let the repository leak in."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP"}
    }
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["NO_COLOR"] = "1"
    env["COLUMNS"] = "120"
    return env


@pytest.mark.slow
def test_the_wheel_installs_in_a_fresh_venv_and_runs_anywhere(tmp_path: Path) -> None:
    env = clean_env()
    dist = tmp_path / "dist"
    run([sys.executable, "-m", "pip", "wheel", ROOT, "--no-deps", "-q", "-w", dist], tmp_path, env)
    wheels = sorted(dist.glob("intlscore-*.whl"))
    assert len(wheels) == 1, wheels
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = set(wheel.namelist())
    assert "intlscore/rules/tables/international.toml" in names
    assert "intlscore/faces/commands/score.py" in names

    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", venv], tmp_path, env)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    run([bin_dir / "python", "-m", "pip", "install", "-q", wheels[0]], tmp_path, env)

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    location = run(
        [bin_dir / "python", "-c", "import intlscore; print(intlscore.__file__)"], elsewhere, env
    )
    assert Path(location.strip()).is_relative_to(venv), location

    intlscore = bin_dir / "intlscore"
    out = run([intlscore, "score", "k1-13 k1", "--discard", "r5", "--json"], elsewhere, env)
    data = json.loads(out)
    # R5/24: k1..k13,k1 is a Royal, 2400 with no joker; r5 does not double (R12).
    assert (data["best"]["name"], data["best"]["score"]) == ("Royal", 2400)

    card = run([intlscore, "table"], elsewhere, env)
    assert "Royal" in card and "2400" in card and "Grand blitz" in card
    view = run([intlscore, "score", "k1-13 k1", "--discard", "*"], elsewhere, env)
    assert "Royal: 2400 (no joker) x 2 for the joker discard = 4800" in " ".join(view.split())
