"""The wheel is complete: built, installed in a fresh virtualenv and run from elsewhere.

This proves that ``tables/`` ships inside the wheel (the CLI finds the closed-hand
table without the repository) and that the dependencies are declared. It builds
with ``pip wheel`` and installs from the package index through pip's cache.

The wheel carries the compiled set search as one stable-ABI module,
``intlscore/_native.abi3.so``, tagged ``cp311-abi3-<platform>`` so that one wheel
serves every CPython from 3.11 on; with no working C compiler it is a pure-Python
``py3-none-any`` wheel instead, and installing never fails because of it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from intlscore.engine import native

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
    assert wheels[0].name.startswith("intlscore-0.1.0-cp311-abi3-"), wheels[0].name
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = set(wheel.namelist())
    assert "intlscore/rules/tables/international.toml" in names
    assert "intlscore/schemas/score.schema.json" in names
    assert "intlscore/faces/commands/score.py" in names
    assert "intlscore/py.typed" in names
    assert "intlscore-0.1.0.dist-info/licenses/LICENSE" in names
    assert {name for name in names if "_native" in name} == {
        "intlscore/_native.pyi",
        "intlscore/_native.pyd" if os.name == "nt" else "intlscore/_native.abi3.so",
    }

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
    search = run(
        [
            bin_dir / "python",
            "-c",
            "from intlscore.engine import build; print(build.current().name)",
        ],
        elsewhere,
        env,
    )
    assert search.strip() == "compiled"
    # the module records the C sources it was built from: this checkout's (a checkout whose
    # native/ differs says so, tests/test_native_stale.py)
    recorded = run(
        [bin_dir / "python", "-c", "import intlscore._native as m; print(m.SOURCES_SHA256)"],
        elsewhere,
        env,
    )
    assert recorded.strip() == native.sources_hash(str(ROOT / "native"))

    intlscore = bin_dir / "intlscore"
    out = run([intlscore, "score", "k1-13 k1", "--discard", "r5", "--json"], elsewhere, env)
    data = json.loads(out)
    # R5/24: k1..k13,k1 is a Royal, 2400 with no joker; r5 does not double (R12).
    assert (data["best"]["name"], data["best"]["score"]) == ("Royal", 2400)
    # The schema of that output ships in the package (docs/rules-files.md).
    check = "from intlscore.faces.documents import schema; print(schema('score')['title'])"
    title = run([bin_dir / "python", "-c", check], elsewhere, env).strip()
    assert title == "intlscore score --json"

    card = run([intlscore, "table"], elsewhere, env)
    assert "Royal" in card and "2400" in card and "Grand blitz" in card
    view = run([intlscore, "score", "k1-13 k1", "--discard", "*"], elsewhere, env)
    assert "Royal: 2400 (no joker) x 2 for the joker discard = 4800" in " ".join(view.split())


@pytest.mark.slow
def test_a_failed_extension_build_still_gives_a_pure_python_wheel(tmp_path: Path) -> None:
    env = clean_env()
    env["CC"] = str(tmp_path / "no-such-compiler")  # setuptools compiles with $CC
    dist = tmp_path / "dist"
    run([sys.executable, "-m", "pip", "wheel", ROOT, "--no-deps", "-q", "-w", dist], tmp_path, env)
    wheels = sorted(dist.glob("intlscore-*.whl"))
    assert [wheel.name for wheel in wheels] == ["intlscore-0.1.0-py3-none-any.whl"]
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = set(wheel.namelist())
    assert "intlscore/engine/setsearch/keep_most.py" in names
    assert not [name for name in names if name.endswith((".so", ".pyd"))], names
