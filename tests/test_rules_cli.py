"""``--rules FILE`` on score, reach, table, deal and settle; the deprecated aliases (issue 10).

Every bad rules file gives exit status 2 and one line on stderr naming the file, never a
traceback or a hang (issue 9).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from cli_run import run
from house_rules import HOUSE_OPTIONS, write_house

from intlscore.rules import load_rules
from intlscore.session.deal import score_deal

LEGACY = Path(__file__).parent / "fixtures" / "legacy"
# ann's closed hand: k1-4 r3-6 b2-4 o6-8, four minor runs, total 58 <= 61: 41 Minor 61 runs
# (1100) under the house rules; 14 Four colours minor (1000) under the shipped ones.
DEAL = [
    "deal", "--players", "ann", "bob", "cat", "--winner", "ann",
    "--closed", "k1-4 r3-6 b2-4 o6-8", "--discard", "k13",
    "--rack", "bob=r7 *", "--not-melded", "cat", "--trump", "o13", "--trump-holder", "cat",
]  # fmt: skip


@pytest.fixture(autouse=True)
def ledger_in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("INTLSCORE_DB", str(tmp_path / "ledger.sqlite3"))


@pytest.fixture
def house(tmp_path: Path) -> Path:
    return write_house(tmp_path, HOUSE_OPTIONS)


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status, out, err = run(capsys, *argv, "--json")
    assert (status, err) == (0, "")
    data: dict[str, Any] = json.loads(out)
    return data


def deltas(data: dict[str, Any]) -> dict[str, int]:
    return {player["name"]: player["delta"] for player in data["players"]}


# --- hand-worked deals through `deal` ---------------------------------------------------------


def test_deal_under_a_house_rules_file(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    data = run_json(capsys, *DEAL, "--rules", str(house))
    # ann: the house type 41 as her closed hand, 1100 (R14). bob: r7 + joker at 25 = -32
    # (R15, house). cat has not melded: -1100, the winner's amount (R16), + 50 trump bonus
    # (R18, house on): -1050.
    assert deltas(data) == {"ann": 1100, "bob": -32, "cat": -1050}
    assert data["closed"]["best"]["number"] == 41
    assert data["house"]["joker_on_rack"] == 25 and data["house"]["trump_bonus"] is True
    assert data["rules"] == "house"
    # The API gives the same deal.
    api = score_deal(
        ["ann", "bob", "cat"], kind="closed", winner="ann", closed="k1-4 r3-6 b2-4 o6-8",
        discard="k13", racks={"bob": "r7 *"}, not_melded=["cat"], trump="o13",
        trump_holders=["cat"], rules=load_rules(house),
    )  # fmt: skip
    assert api.deltas() == deltas(data)


def test_the_same_deal_under_the_shipped_rules(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, *DEAL)
    # 14 Four colours minor 1000; bob 7 + 30 = -37; cat -1000, no trump bonus (R18 off).
    assert deltas(data) == {"ann": 1000, "bob": -37, "cat": -1000}
    assert data["rules"] == "international"


def test_house_options_on_the_command_line_override_the_file(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    data = run_json(capsys, *DEAL, "--rules", str(house), "--joker-value", "30", "--no-trump-bonus")
    assert deltas(data) == {"ann": 1100, "bob": -37, "cat": -1100}


def test_a_deal_after_the_file_has_changed(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    before = run_json(capsys, *DEAL, "--rules", str(house))
    house.write_text(
        HOUSE_OPTIONS.replace("[1100, 1000, 900]", "[1500, 1400, 1300]"), encoding="utf-8"
    )
    after = run_json(capsys, *DEAL, "--rules", str(house))
    assert deltas(before)["ann"] == 1100
    # ann 1500; cat -1500 + 50; bob unchanged.
    assert deltas(after) == {"ann": 1500, "bob": -32, "cat": -1450}


# --- every command takes --rules --------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "k1-4 r3-6 b2-4 o6-8", "--discard", "k13"],
        ["reach", "k1-4 r3-6 b2-4 o6-8"],
        ["table"],
        DEAL,
        ["settle", "--stake", "1", "ann=1", "bob=0"],
    ],
    ids=["score", "reach", "table", "deal", "settle"],
)
def test_every_command_names_the_rules_in_its_json(
    capsys: pytest.CaptureFixture[str], house: Path, argv: list[str]
) -> None:
    assert run_json(capsys, *argv, "--rules", str(house))["rules"] == "house"
    assert run_json(capsys, *argv)["rules"] == "international"


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "k1-13 k1", "--discard", "r5"],
        ["reach", "k1-13 k1"],
        ["table"],
        ["deal", "--players", "ann", "bob", "--open", "--winner", "ann", "--not-melded", "bob"],
        ["settle", "--stake", "1", "ann=1", "bob=0"],
    ],
    ids=["score", "reach", "table", "deal", "settle"],
)
@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('extends = "international"\n[options]\njoker_valu = 25\n', "did you mean 'joker_value'"),
        ("schema = true\n", "schema: True is not supported"),
        ("a = " + "[" * 3000 + "]" * 3000, "nested too deeply"),
        ("x = 1", "field 'x': is not a known key"),
    ],
    ids=["typo", "schema-true", "deep", "unknown"],
)
def test_a_bad_rules_file_is_one_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
    content: str,
    message: str,
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(content, encoding="utf-8")
    status, out, err = run(capsys, *argv, "--rules", str(path))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(f"intlscore: error: {path}")
    assert message in err


@pytest.mark.parametrize("option", ["--rules", "--table", "--deal-table"])
def test_a_fifo_never_hangs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: str
) -> None:
    fifo = tmp_path / "rules.fifo"
    os.mkfifo(fifo)
    argv = ["deal", "--players", "ann", "bob", "--open", "--winner", "ann", "--not-melded", "bob"]
    if option == "--table":
        argv = ["score", "k1-13 k1", "--discard", "r5"]
    status, _, err = run(capsys, *argv, option, str(fifo))
    assert status == 2
    assert err == f"intlscore: error: {fifo}: not a regular file (a FIFO); give a rules file\n"


@pytest.mark.parametrize("option", ["--rules", "--table"])
def test_dev_zero_is_refused(capsys: pytest.CaptureFixture[str], option: str) -> None:
    status, _, err = run(capsys, "table", option, "/dev/zero")
    assert status == 2
    assert err == "intlscore: error: /dev/zero: not a regular file (a device); give a rules file\n"


@pytest.mark.slow
def test_a_huge_table_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    row = '[[type]]\nnumber = {}\nname = "T{}"\nscores = [1, 1, 1]\ndescription = "d"\n'
    path.write_text(
        "".join(row.format(n, n) + 'structure = "any"\n' for n in range(1, 10_001)),
        encoding="utf-8",
    )
    status, _, err = run(capsys, "reach", "k1-13 k1", "--table", str(path))
    assert status == 2
    assert err == f"intlscore: error: {path}: 10000 types; a table holds at most 1000\n"


# --- the deprecated aliases -------------------------------------------------------------------


def test_deal_table_still_works_with_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, *DEAL, "--deal-table", str(LEGACY / "deal_scoring.toml"), "--json"
    )
    assert status == 0
    assert deltas(json.loads(out)) == {"ann": 1000, "bob": -37, "cat": -1000}
    assert err == (
        "intlscore: note: --deal-table is deprecated (removed after 0.2); use --rules FILE\n"
    )


def test_table_still_works_on_the_table_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "table", "--table", str(LEGACY / "closed_hands.toml"), "--json")
    assert status == 0
    assert len(json.loads(out)["types"]) == 40
    assert json.loads(out)["rules"] == "international with table closed_hands.toml"
    assert err.count("\n") == 1 and "--table is deprecated" in err


def test_rules_and_an_old_option_together_are_refused(
    capsys: pytest.CaptureFixture[str], house: Path
) -> None:
    status, _, err = run(
        capsys, "table", "--rules", str(house), "--table", str(LEGACY / "closed_hands.toml")
    )
    assert status == 2
    assert err == (
        "intlscore: error: --rules and --table: give only --rules (--table is deprecated)\n"
    )


def test_a_failing_command_prints_no_deprecation_note(capsys: pytest.CaptureFixture[str]) -> None:
    # The table loads (a note is due), then the hand is bad: the error stays one line.
    status, _, err = run(capsys, "score", "k1-13 x9", "--table", str(LEGACY / "closed_hands.toml"))
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("intlscore: error: ")


def test_table_toml_prints_the_rules_in_use(
    capsys: pytest.CaptureFixture[str], house: Path, tmp_path: Path
) -> None:
    status, out, err = run(capsys, "table", "--rules", str(house), "--toml")
    assert (status, err) == (0, "")
    complete = tmp_path / "complete.toml"
    complete.write_text(out, encoding="utf-8")
    assert "extends" not in out
    assert load_rules(complete) == load_rules(house)
    assert load_rules(complete).options.joker_value == 25
