"""The ``deal``, ``session`` and ``settle`` commands, in-process and as real processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from cli_run import run
from sqlite_dump import dump

ROOT = Path(__file__).resolve().parent.parent
FOUR = ["ann", "bob", "cat", "dan"]
ROYAL_DEAL = [
    "--winner", "ann", "--closed", "k1-13 k1", "--discard", "*",
    "--rack", "bob=r5 b7 *", "--rack", "cat=o1 o2", "--not-melded", "dan",
]  # fmt: skip


@pytest.fixture(autouse=True)
def ledger_in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Every test gets its own ledger; the user's data folder is never touched."""
    path = tmp_path / "ledger.sqlite3"
    monkeypatch.setenv("INTLSCORE_DB", str(path))
    monkeypatch.setenv("COLUMNS", "120")
    return path


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, err
    return json.loads(out)  # exactly one JSON document


def fails(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run a command that must fail: exit 2, one line on stderr, nothing on stdout."""
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("intlscore: error: ") and err.count("\n") == 1, err
    return err


# --- intlscore deal ----------------------------------------------------------------------------


def test_deal_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "deal", "--players", *FOUR, *ROYAL_DEAL)
    # 24 Royal 2400 x2 (R12); bob (5 + 7 + 30) x2; cat (10 + 2) x2; dan the winner's x2 (R16)
    assert [(p["name"], p["delta"]) for p in data["players"]] == [
        ("ann", 4800),
        ("bob", -84),
        ("cat", -24),
        ("dan", -4800),
    ]
    assert data["winner"] == "ann" and data["kind"] == "closed" and data["doubled"] is True
    assert data["players"][1]["why"] == "rack r5 b7 * = 5 + 7 + 30: -42; x2 joker discard: -84"


def test_deal_rich_view(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--players", *FOUR, *ROYAL_DEAL)
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "closed win by ann: 24 Royal, no joker, joker discard x2"
    row = next(line for line in lines if line.startswith("bob "))
    assert " r5 " in row and " b7 " in row and "-84" in row  # tiles as chips, the delta
    assert "\x1b[" not in out  # not a terminal: plain text


def test_open_foot_and_no_winner(capsys: pytest.CaptureFixture[str]) -> None:
    foot = run_json(
        capsys, "deal", "--players", "ann", "bob", "--foot", "--winner", "bob", "--rack", "ann=k13"
    )
    assert [p["delta"] for p in foot["players"]] == [-10, 200]  # R15, R14
    none = run_json(
        capsys, "deal", "--players", "ann", "bob", "--no-winner", "--not-melded", "ann", "bob"
    )
    assert [p["delta"] for p in none["players"]] == [-100, -100] and none["winner"] is None
    open_ = run_json(
        capsys,
        "deal",
        "--players",
        "ann",
        "bob",
        "cat",
        "--open",
        "--winner",
        "ann",
        "--not-melded",
        "bob",
        "--not-melded",
        "cat",
    )
    assert [p["delta"] for p in open_["players"]] == [200, -100, -100]  # R14: nobody melded


def test_house_options_on_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = [
        "deal",
        "--players",
        "ann",
        "bob",
        "--open",
        "--winner",
        "ann",
        "--rack",
        "bob=r7 *",
        "--trump",
        "r7",
    ]
    plain = run_json(capsys, *args)
    assert [p["delta"] for p in plain["players"]] == [100, -37]  # R15: 7 + 30
    house = run_json(capsys, *args, "--joker-value", "25", "--trump-bonus")
    assert [p["delta"] for p in house["players"]] == [100, 18]  # R15 25, R18: -32 + 50
    assert house["house"] == {
        "joker_on_rack": 25,
        "trump_bonus": True,
        "table": "shipped international rules (joker 25, trump bonus on)",
    }
    table = tmp_path / "house.toml"
    legacy = ROOT / "tests" / "fixtures" / "legacy" / "deal_scoring.toml"
    text = legacy.read_text(encoding="utf-8")
    table.write_text(text.replace("open = 100 ", "open = 150 ", 1), encoding="utf-8")
    from_file = run_json(capsys, *args, "--deal-table", str(table))
    assert [p["delta"] for p in from_file["players"]] == [150, -37]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(
            ["--open", "--winner", "ann", "--rack", "bob"],
            "--rack 'bob': write NAME=TILES",
            id="rack-without-equals",
        ),
        pytest.param(
            ["--open", "--winner", "ann", "--rack", "=r5"],
            "--rack '=r5': write NAME=TILES",
            id="rack-without-name",
        ),
        pytest.param(
            ["--winner", "ann", "--rack", "bob=r5"], "say how the deal ended", id="no-ending"
        ),
        pytest.param(
            ["--open", "--winner", "eve", "--rack", "bob=r5"],
            "unknown player 'eve' as the winner",
            id="unknown-player",
        ),
        pytest.param(
            ["--open", "--winner", "ann", "--rack", "bob=r5", "--rack", "bob=r6"],
            "player 'bob' is given a rack twice",
            id="rack-twice",
        ),
        pytest.param(
            ["--open", "--winner", "ann", "--rack", "bob=r5 q3"],
            "bob's rack: 'q3' is not a tile",
            id="bad-tile",
        ),
        pytest.param(
            ["--open", "--winner", "ann", "--rack", "bob=r5", "--joker-value", "lots"],
            "--joker-value 'lots' is not a whole number: write digits 0-9 only, like 25",
            id="joker-value",
        ),
        pytest.param(
            ["--open", "--winner", "ann", "--rack", "bob=r5", "--deal-table", "/no/such"],
            "cannot read deal table /no/such",
            id="table-file",
        ),
    ],
)
def test_deal_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in fails(capsys, "deal", "--players", "ann", "bob", *argv)


def test_deal_needs_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert "name the players" in fails(capsys, "deal", "--open", "--winner", "ann")
    assert "a deal has 2 to 4 players; 5 given" in fails(
        capsys,
        "deal",
        "--players",
        "a",
        "b",
        "c",
        "d",
        "e",
        "--no-winner",
        "--not-melded",
        "a",
        "b",
        "c",
        "d",
        "e",
    )


# --- intlscore settle -------------------------------------------------------------------------


def test_settle_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "settle", "--stake", "0.05", "ann=1200", "bob=-300", "cat=100", "dan=-1000"
    )
    assert data["nets"] == {"ann": "240.00", "bob": "-60.00", "cat": "20.00", "dan": "-200.00"}
    assert {"from": "bob", "to": "ann", "amount": "75.00"} in data["pairwise"]
    assert len(data["pairwise"]) == 6 and len(data["transfers"]) == 3
    assert sum(Decimal(v) for v in data["nets"].values()) == 0


def test_settle_rich_view(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "settle", "--stake", "0.05", "ann=10", "bob=0")
    assert status == 0
    assert "bob pays ann" in out and "0.50" in out
    # issue 29: plain words, no Python constant; the transfers a table acts on come first
    assert "ROUND_HALF_EVEN" not in out and "an exact half to the even amount" in out
    assert out.index("fewest transfers") < out.index("nets") < out.index("pairwise payments")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--stake", "-1", "a=1", "b=2"], "stake -1 is negative"),
        (["--stake", "0.05x", "a=1", "b=2"], "stake '0.05x' is not a number"),
        (["--stake", "nan", "a=1", "b=2"], "not a finite amount"),
        (["--stake", "1", "a=1", "b"], "'b': write NAME=TOTAL"),
        (["--stake", "1", "a=1", "b=1.5"], "player 'b': total '1.5' is not a whole number"),
        (["--stake", "1", "a=1", "a=2"], "player 'a' is named twice"),
        (["--stake", "1", "a=1"], "at least two players"),
    ],
)
def test_settle_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert message in fails(capsys, "settle", *argv)


# --- intlscore session: a whole four-player session from the CLI ------------------------------


def test_a_whole_session(capsys: pytest.CaptureFixture[str], ledger_in_tmp: Path) -> None:
    new = run_json(capsys, "session", "new", "friday", "--players", *FOUR)
    assert new["session"] == "friday" and new["db"] == str(ledger_in_tmp)
    first = run_json(
        capsys,
        "session",
        "deal",
        "friday",
        "--open",
        "--winner",
        "bob",
        "--rack",
        "ann=r5 r6",
        "--not-melded",
        "cat",
        "dan",
    )
    assert first["deal"]["number"] == 1
    assert first["totals"] == {"ann": -11, "bob": 100, "cat": -100, "dan": -100}
    run_json(capsys, "session", "deal", "friday", *ROYAL_DEAL)
    run_json(
        capsys,
        "session",
        "deal",
        "friday",
        "--foot",
        "--winner",
        "dan",
        "--rack",
        "ann=o9",
        "--rack",
        "bob=o9",
        "--rack",
        "cat=k1",
    )

    show = run_json(capsys, "session", "show", "friday")
    assert show["name"] == "friday" and show["players"] == FOUR
    # ann -11 + 4800 - 9; bob 100 - 84 - 9; cat -100 - 24 - 10; dan -100 - 4800 + 200
    assert show["totals"] == {"ann": 4780, "bob": 7, "cat": -134, "dan": -4700}
    assert [d["kind"] for d in show["deals"]] == ["open", "closed", "foot"]

    status, out, _ = run(capsys, "session", "show", "friday")
    assert status == 0 and "session friday: ann, bob, cat, dan (3 deals)" in out

    undo = run_json(capsys, "session", "undo", "friday")
    assert undo["removed"]["number"] == 3 and undo["removed"]["kind"] == "foot"
    assert undo["totals"] == {"ann": 4789, "bob": 16, "cat": -124, "dan": -4900}
    status, out, _ = run(capsys, "session", "undo", "friday")
    assert status == 0 and out.startswith("removed deal 2: closed win by ann")

    listing = run_json(capsys, "session", "list")
    assert listing["sessions"][0]["name"] == "friday" and listing["sessions"][0]["deals"] == 1

    status, out, _ = run(capsys, "session", "export", "friday", "--format", "csv")
    assert status == 0 and out.splitlines()[0] == "deal,created,kind,winner,doubled,ann,bob,cat,dan"
    assert out.splitlines()[1].endswith(",open,bob,no,-11,100,-100,-100")
    status, out, _ = run(capsys, "session", "export", "friday", "--format", "json")
    assert json.loads(out)["totals"] == {"ann": -11, "bob": 100, "cat": -100, "dan": -100}

    settled = run_json(capsys, "session", "settle", "friday", "--stake", "0.10")
    # R19, sum of totals -111: ann 0.10 x (4 x -11 + 111) = 6.70, bob 0.10 x (400 + 111)
    # = 51.10, cat and dan 0.10 x (-400 + 111) = -28.90
    assert settled["nets"] == {"ann": "6.70", "bob": "51.10", "cat": "-28.90", "dan": "-28.90"}


def test_session_errors_change_nothing(
    capsys: pytest.CaptureFixture[str], ledger_in_tmp: Path
) -> None:
    run_json(capsys, "session", "new", "friday", "--players", *FOUR)
    run_json(capsys, "session", "new", "empty", "--players", "ann", "bob")
    run_json(capsys, "session", "deal", "friday", *ROYAL_DEAL)
    before = dump(ledger_in_tmp)
    for argv, message in [
        (["undo", "empty"], "session 'empty' has no deals to undo"),
        (["show", "nope"], "no session named 'nope'"),
        (
            ["deal", "friday", "--open", "--winner", "eve", "--not-melded", "bob", "cat", "dan"],
            "unknown player 'eve'",
        ),
        (
            [
                "deal",
                "friday",
                "--open",
                "--winner",
                "ann",
                "--rack",
                "bob=r5",
                "--rack",
                "bob=r6",
                "--not-melded",
                "cat",
                "dan",
            ],
            "player 'bob' is given a rack twice",
        ),
        (["deal", "friday", "--open", "--winner", "ann", "--rack", "bob"], "write NAME=TILES"),
        (["new", "friday", "--players", "x", "y"], "a session named 'friday' already exists"),
        (["new", "twice", "--players", "ann", "ann"], "player 'ann' is named twice"),
        (["settle", "friday", "--stake", "-0.05"], "stake -0.05 is negative"),
        (["settle", "friday", "--stake", "five"], "stake 'five' is not a number"),
    ]:
        assert message in fails(capsys, "session", *argv)
    assert dump(ledger_in_tmp) == before


def test_db_option_beats_the_environment(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, ledger_in_tmp: Path
) -> None:
    other = tmp_path / "other.sqlite3"
    run_json(capsys, "session", "new", "x", "--players", "a", "b", "--db", str(other))
    assert other.exists() and not ledger_in_tmp.exists()
    assert run_json(capsys, "session", "list", "--db", str(other))["db"] == str(other)


def test_a_foreign_file_is_one_clear_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    foreign = tmp_path / "notes.txt"
    foreign.write_text("shopping list\n" * 50)
    before = foreign.read_bytes()
    err = fails(capsys, "session", "list", "--db", str(foreign))
    assert str(foreign) in err and "left untouched" in err
    assert foreign.read_bytes() == before


# --- real processes -----------------------------------------------------------------------------


def cli(*argv: str, db: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), INTLSCORE_DB=str(db), COLUMNS="100")
    return subprocess.run(
        [sys.executable, "-m", "intlscore.faces.cli", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


@pytest.mark.slow
def test_real_processes(tmp_path: Path) -> None:
    db = tmp_path / "real.sqlite3"
    assert cli("session", "new", "s", "--players", "ann", "bob", db=db).returncode == 0
    done = cli(
        "session", "deal", "s", "--open", "--winner", "ann", "--rack", "bob=r5 *", "--json", db=db
    )
    assert done.returncode == 0 and json.loads(done.stdout)["totals"] == {"ann": 100, "bob": -35}
    bad = cli("session", "deal", "s", "--open", "--winner", "ann", "--rack", "bob", db=db)
    assert bad.returncode == 2 and bad.stdout == ""
    assert (
        bad.stderr
        == "intlscore: error: --rack 'bob': write NAME=TILES, like --rack bob=\"r5 b7 *\""
        " (or NAME=POINTS, like --rack bob=42)\n"
    )
    settled = cli("settle", "--stake", "0.05", "ann=100", "bob=-35", "--json", db=db)
    assert json.loads(settled.stdout)["transfers"] == [
        {"from": "bob", "to": "ann", "amount": "6.75"}  # 0.05 x 135
    ]


def test_command_modules_import_light() -> None:
    code = (
        "import sys; import intlscore.faces.commands.deal, intlscore.faces.commands.session,"
        " intlscore.faces.commands.settle;"
        " print(sorted(m for m in ('rich', 'sqlite3', 'intlscore.session.deal',"
        " 'intlscore.session.ledger') if m in sys.modules))"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    ).stdout
    assert out.strip() == "[]"
