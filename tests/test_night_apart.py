"""Keep-apart pairs changed after ``night new`` (issue 43, item 1): ``night apart NAME A B``
and ``--remove``; the rounds seated stay as they are, the next draft respects the pairs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_run import ok, refused

PLAYERS = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]


@pytest.fixture(autouse=True)
def ledger_in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("INTLSCORE_DB", str(tmp_path / "ledger.sqlite3"))


def shown(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok(capsys, "night", "show", "n", "--json"))
    return data


def together(tables: list[dict[str, Any]], a: str, b: str) -> bool:
    return any(a in t["players"] and b in t["players"] for t in tables)


def test_a_pair_kept_apart_after_the_first_round(capsys: pytest.CaptureFixture[str]) -> None:
    """Two players the round-2 draft seats together are kept apart after round 1: the
    seated round stays as it was, and the next draft no longer seats them together."""
    ok(capsys, "night", "new", "n", "--players", *PLAYERS, "--rounds", "2", "--deals", "1",
       "--seed", "5")  # fmt: skip
    ok(capsys, "night", "seat", "n", "--accept")
    first = shown(capsys)["rounds"][0]["tables"]
    for table in first:
        ok(capsys, "session", "deal", table["session"], "--open", "--winner",
           table["players"][0], "--not-melded", *table["players"][1:])  # fmt: skip
    first = shown(capsys)["rounds"][0]["tables"]
    before = json.loads(ok(capsys, "night", "seat", "n", "--json"))["tables"]
    a, b = before[0]["players"][:2]  # the draft seats them together
    out = ok(capsys, "night", "apart", "n", a.upper(), b)
    assert f"night n: {a} and {b} kept apart from round 2 on (the rounds seated stay" in (
        " ".join(out.split())
    )
    night = shown(capsys)
    assert night["keep_apart"] == [[a, b]]
    assert night["rounds"][0]["tables"] == first  # the seated round is unchanged
    draft = json.loads(ok(capsys, "night", "seat", "n", "--json"))
    assert not together(draft["tables"], a, b)
    assert refused(capsys, "night", "apart", "n", b, a).endswith(
        f"{b} and {a} are already kept apart"
    )
    assert refused(capsys, "night", "apart", "n", a, a.upper()).endswith(
        f"{a} cannot be kept apart from themselves"
    )
    assert "'zed' is not a player of night 'n'" in refused(capsys, "night", "apart", "n", a,
                                                           "zed")  # fmt: skip
    assert shown(capsys)["keep_apart"] == [[a, b]]  # nothing half-stored
    out = ok(capsys, "night", "apart", "n", b, a, "--remove")
    assert "no longer kept apart" in out and "pairs kept apart: none" in out
    assert shown(capsys)["keep_apart"] == []
    assert json.loads(ok(capsys, "night", "seat", "n", "--json"))["tables"] == before
    assert refused(capsys, "night", "apart", "n", a, b, "--remove").endswith(
        f"{a} and {b} are not kept apart (no pair is)"
    )


def test_removing_a_pair_given_at_night_new(capsys: pytest.CaptureFixture[str]) -> None:
    """Keep ann and bob apart, then remove the pair: the plan of two rounds of 8 players
    at two tables (where a meeting cannot be avoided) may seat them together again, and
    the stored pairs say so; cat and dan stay apart."""
    ok(capsys, "night", "new", "n", "--players", *PLAYERS, "--rounds", "2", "--seed", "1",
       "--apart", "ann", "bob", "--apart", "cat", "dan")  # fmt: skip
    drafted = json.loads(ok(capsys, "night", "seat", "n", "--json"))
    assert not together(drafted["tables"], "ann", "bob")
    assert not together(drafted["tables"], "cat", "dan")
    ok(capsys, "night", "apart", "n", "Ann", "Bob", "--remove")
    assert shown(capsys)["keep_apart"] == [["cat", "dan"]]
    again = json.loads(ok(capsys, "night", "seat", "n", "--json"))
    assert not together(again["tables"], "cat", "dan")
