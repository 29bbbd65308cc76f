"""The season table and the rating, on the hand-worked season (tests/club_season.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from club_season import make_season
from jsonschema import Draft202012Validator
from openskill.models import PlackettLuce

from intlscore.faces.cli import main
from intlscore.faces.documents import schema


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "club.sqlite3"
    monkeypatch.setenv("INTLSCORE_DB", str(path))
    return make_season(path, monkeypatch)


def table(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, Any]]:
    status = main(["standings", *argv, "--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    data = json.loads(out)
    Draft202012Validator(schema("standings")).validate(data)
    rows: list[dict[str, Any]] = data["players"]
    return rows


# The finishing order of each deal of the season, worked out by hand from the deltas
# (players on one rank tie): the rating must be openskill's over these games, in this order.
ORDER = [
    [["ann"], ["bob"], ["cat"]],  # w1 #1: +100, -12, -100
    [["bob"], ["ann"], ["cat"]],  # w1 #2: +2400, -10, -2400
    [["dan"], ["ann"], ["bob"]],  # w2 #1: +200, -9, -30
    [["ann"], ["dan"], ["bob"]],  # w2 #2: +100, -10, -100
    [["ann"], ["bob"], ["dan"]],  # w2 #3: -5, -10, -100
    [["cat"], ["ann"]],  # w3 #1: +2000, -2000
    [["ann"], ["cat"]],  # w3 #2: +100, -17
]


def expected_ratings() -> dict[str, tuple[float, float]]:
    model = PlackettLuce()
    current = {name: model.rating(name=name) for name in ("ann", "bob", "cat", "dan")}
    for game in ORDER:
        names = [team[0] for team in game]
        rated = model.rate(
            [[current[name]] for name in names], ranks=list(range(1, len(names) + 1))
        )
        for name, (after,) in zip(names, rated, strict=True):
            current[name] = after
    return {name: (r.mu, r.sigma) for name, r in current.items()}


def test_by_score(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    rows = table(capsys)
    assert [(r["rank"], r["name"], r["total"], r["deals"]) for r in rows] == [
        (1, "bob", 2248, 5),
        (2, "dan", 90, 3),
        (3, "cat", -517, 4),
        (4, "Ann", -1724, 7),
    ]


def test_by_money(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    rows = table(capsys, "--by", "money", "--stake", "0.05")
    # bob 359.30 + 0.05 x (3 x -140 - 36) = 336.50; dan 0.05 x (270 - 36) = 11.70;
    # cat -373.90 + 0.05 x (2 x 1983 - 83) = -179.75; Ann 14.60 + 11.10 - 194.15 = -168.45
    assert [(r["name"], r["money"]) for r in rows] == [
        ("bob", "336.50"), ("dan", "11.70"), ("Ann", "-168.45"), ("cat", "-179.75"),
    ]  # fmt: skip


def test_the_rating_is_openskill_over_the_deals_in_date_order(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    rows = table(capsys, "--by", "rating")
    want = expected_ratings()
    for row in rows:
        mu, sigma = want[row["name"].casefold()]
        assert row["rating"] == {
            "mu": round(mu, 3), "sigma": round(sigma, 3), "ordinal": round(mu - 3 * sigma, 3),
        }  # fmt: skip
    ordinals = [row["rating"]["ordinal"] for row in rows]
    assert ordinals == sorted(ordinals, reverse=True)
    # Ann won four of her seven deals outright or came second: the best-rated, although
    # last by score (the rating sees order, not points)
    assert rows[0]["name"] == "Ann"


def test_a_date_range(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    rows = table(capsys, "--until", "2024-03-01")
    assert [(r["name"], r["total"], r["deals"]) for r in rows] == [
        ("bob", 2388, 2), ("Ann", 90, 2), ("cat", -2500, 2),
    ]  # fmt: skip


def test_the_view_fits_80_and_40_columns(
    capsys: pytest.CaptureFixture[str], db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for width in ("80", "40"):
        monkeypatch.setenv("COLUMNS", width)
        assert main(["standings", "--stake", "0.05"]) == 0
        out = capsys.readouterr().out
        assert max(len(line) for line in out.splitlines()) <= int(width)
        assert "bob" in out and "±" in out and "\x1b[" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--by", "money"], "standings by money need a stake: w1, w2, w3 keep none"),
        (["--since", "yesterday"], "--since: 'yesterday' is not a date"),
        (["--by", "luck"], "invalid choice"),
    ],
)
def test_bad_input(
    capsys: pytest.CaptureFixture[str], db: Path, argv: list[str], message: str
) -> None:
    status = main(["standings", *argv])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "") and err.count("\n") == 1 and message in err


def test_only_the_rating_imports_openskill(db: Path) -> None:
    """openskill is imported lazily: the other commands' start-up is unchanged."""
    from test_cli_start import imported_modules

    for argv, wanted in ((["stats", "--json"], False), (["standings", "--json"], True)):
        modules, out = imported_modules("-m", "intlscore.faces.cli", *argv, "--db", str(db))
        assert json.loads(out)["players"]
        assert ("openskill" in modules) is wanted, argv
