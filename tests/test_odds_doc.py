"""docs/odds.md publishes the dealt-hand table of a real 10-million-deal run (issue 13).

The table must be exactly what ``docs/data/odds_table.py`` makes from the run's raw
output, and the raw output must be a whole run of the documented command's size and seed.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

DOCS = Path(__file__).parents[1] / "docs"
RUN = DOCS / "data" / "simulate-10000000-seed2026.json"


def _markdown_of(run: dict[str, object]) -> str:
    spec = importlib.util.spec_from_file_location("odds_table", DOCS / "data" / "odds_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text: str = module.markdown(run)
    return text


def test_the_published_table_is_made_from_the_run() -> None:
    run = json.loads(RUN.read_text(encoding="utf-8"))
    assert run["format"] == "simulate/1"
    assert (run["hands"], run["seed"], run["ks"]) == (10_000_000, 2026, [1, 3, 6])
    assert len(run["types"]) == 40
    page = (DOCS / "odds.md").read_text(encoding="utf-8")
    assert "intlscore simulate --hands 10000000 --workers 2 --seed 2026 --json" in page
    table = _markdown_of(run)
    assert table in page
    assert table.count("\n") > 30  # one row per type formed, and the any-win row


def test_counts_are_consistent() -> None:
    """Within k draws only grows with k, and the 14-tile hand plus one draw is the starting
    player's 15 tiles (R21 aside: the blitz types)."""
    run = json.loads(RUN.read_text(encoding="utf-8"))
    for row in [*run["types"], run["any"]]:
        within = [row["within"][k] for k in ("1", "3", "6")]
        assert row["dealt14"] <= within[0] <= within[1] <= within[2] <= run["hands"]
        if row.get("name") not in ("Little blitz", "Grand blitz"):
            assert row["within"]["1"] == row["dealt15"]
