"""``intlscore reach`` end to end through :func:`intlscore.faces.cli.main`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from intlscore.faces.cli import main

HAND = "r1-4 r6-13 r1 k5"


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reach", HAND, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["types"]) == 40
    royal = next(t for t in data["types"] if t["number"] == 24)
    assert royal["distance"] == 1 and royal["reason"] is None
    assert {"tile": "r5", "unseen": 2} in royal["outs"]
    blitz = next(t for t in data["types"] if t["number"] == 39)
    assert blitz["distance"] is None and blitz["outs"] == [] and "first turn" in blitz["reason"]


def test_seen_and_trump_lower_the_unseen_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reach", *HAND.split(), "--seen", "r5", "--trump", "k9", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["trump"] == "k9" and data["seen"] == ["r5"]
    royal = next(t for t in data["types"] if t["number"] == 24)
    assert {"tile": "r5", "unseen": 1} in royal["outs"]


def test_rich_view_is_plain_text_when_piped() -> None:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    done = subprocess.run(
        [sys.executable, "-m", "intlscore", "reach", HAND, "--first-turn", "--type", "24"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    out = done.stdout
    assert "24  Royal  score 2400, 1 draw away" in out and re.search(r"r5\s+x2", out)
    assert "\x1b[" not in out


def test_a_seen_third_copy_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reach", HAND, "--seen", "r1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "r1" in err and "Traceback" not in err


def test_wrong_size_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reach", "r1-13"]) == 2
    assert "13 tiles" in capsys.readouterr().err
