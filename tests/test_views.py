"""Every rich view at any width, with hostile user text (issue 11 "Readable on any terminal",
issue 9 "user text never markup" and "control characters shown escaped").

Commands run in-process through the entry point with stdout captured (so not a
terminal: no colour, exactly what a pipe receives) and ``COLUMNS`` set.
"""

from __future__ import annotations

import io
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console

from intlscore.engine.odds.simulate import Counts
from intlscore.faces.cli import main
from intlscore.faces.render.deal_view import deal_view
from intlscore.faces.render.output import escape_controls, print_views, user_text
from intlscore.faces.render.session_view import totals_view
from intlscore.faces.render.settle_view import settlement_view
from intlscore.faces.render.simulate_view import simulate_view
from intlscore.session.deal import score_deal
from intlscore.session.settlement import settle

ROOT = Path(__file__).resolve().parents[1]
WIDTHS = (40, 48, 60, 80, 100)

HOSTILE_PLAYERS = ("[bold]x", "[/]", ":smile:", "[link]y")
"""Names the ledger accepts that rich would read as markup or emoji codes."""
SESSION = "[/]"
ESCAPE = "\x1b"
OSC8 = "\x1b]8;;http://evil.example\x07click\x1b]8;;\x07"


class Cli:
    """Runs the CLI in-process at a given width; the ledger is a fresh file."""

    def __init__(
        self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, db: Path
    ) -> None:
        self.capsys = capsys
        self.monkeypatch = monkeypatch
        monkeypatch.delenv("NO_COLOR", raising=False)
        monkeypatch.delenv("FORCE_COLOR", raising=False)
        monkeypatch.setenv("INTLSCORE_DB", str(db))

    def __call__(self, width: int, *argv: str) -> str:
        self.monkeypatch.setenv("COLUMNS", str(width))
        self.capsys.readouterr()
        status = main(list(argv))
        captured = self.capsys.readouterr()
        assert status == 0, f"{argv}: exit {status}: {captured.err}"
        assert captured.err == "", captured.err
        return captured.out


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Cli:
    return Cli(capsys, monkeypatch, tmp_path / "ledger.sqlite3")


def assert_fits(out: str, width: int, whole: tuple[str, ...] = ()) -> None:
    """Nothing cropped, nothing wider than the terminal, no padding, these strings whole."""
    assert "…" not in out, out
    for line in out.splitlines():
        assert cell_len(line) <= width, f"{cell_len(line)} > {width}: {line!r}"
        assert line == line.rstrip(), f"trailing spaces when piped: {line!r}"
    for text in whole:
        assert re.search(rf"(?<![\w+-]){re.escape(text)}(?!\w)", out), f"{text!r} not whole:\n{out}"


# --- user text is literal --------------------------------------------------------------


def test_escape_controls_examples() -> None:
    assert escape_controls(OSC8) == "\\x1b]8;;http://evil.example\\x07click\\x1b]8;;\\x07"
    assert escape_controls("a\nb\tc\x7f\x9b") == "a\\nb\\tc\\x7f\\x9b"
    assert escape_controls("ann\u202eeve") == "ann\\u202eeve"  # a bidi override is shown
    assert escape_controls("Zoë, 李, 👩‍👩‍👧 [b]") == "Zoë, 李, 👩‍👩‍👧 [b]"


@given(st.text())
def test_escaped_text_has_no_control_characters(text: str) -> None:
    shown = escape_controls(text)
    assert not any(unicodedata.category(char) == "Cc" for char in shown)
    assert not any(char in shown for char in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068")
    if text.isprintable():
        assert shown == text
    assert user_text(text).plain == shown  # and rich keeps every character of it


def _session_outputs(cli: Cli, width: int) -> Iterator[tuple[str, str]]:
    yield "new", cli(width, "session", "new", SESSION, "--players", *HOSTILE_PLAYERS)
    first = (*("--open", "--winner", "[bold]x", "--rack", ":smile:=r5 *"),)
    yield "deal 1", cli(width, "session", "deal", SESSION, *first, "--not-melded", "[/]", "[link]y")
    closed = ("--winner", "[/]", "--closed", "k1-13 k1", "--discard", "*")
    racks = ("--rack", "[bold]x=r5 b7 *", "--rack", ":smile:=o1 o2", "--not-melded", "[link]y")
    yield "deal 2", cli(width, "session", "deal", SESSION, *closed, *racks)
    yield "show", cli(width, "session", "show", SESSION)
    yield "list", cli(width, "session", "list")
    yield "settle", cli(width, "session", "settle", SESSION, "--stake", "0.05")
    yield "undo", cli(width, "session", "undo", SESSION)


@pytest.mark.parametrize("width", (40, 80))
def test_hostile_names_are_shown_literally_in_every_session_view(cli: Cli, width: int) -> None:
    outputs = dict(_session_outputs(cli, width))
    for command, out in outputs.items():
        assert ESCAPE not in out
        assert "[/]" in out, command  # markup would have swallowed it (or raised)
        assert_fits(out, width)
    for command in ("new", "deal 1", "deal 2", "show", "settle"):
        for name in HOSTILE_PLAYERS:
            assert name in outputs[command], f"{name!r} missing from {command}"
    assert "😄" not in "".join(outputs.values())  # :smile: is a name, not an emoji code
    # the closed win's numbers are whole at every width (R12 doubles them)
    assert_fits(outputs["deal 2"], width, ("+4800", "-4800", "-84", "-24"))
    assert_fits(outputs["settle"], width, ("+4700", "-4900", "-967.85", "245.80"))


def test_hostile_names_in_deal_and_settle(cli: Cli) -> None:
    for width in (40, 80):
        out = cli(
            width,
            "deal",
            "--players",
            *HOSTILE_PLAYERS,
            "--foot",
            "--winner",
            "[/]",
            "--rack",
            "[bold]x=k13 *",
            "--not-melded",
            ":smile:",
            "[link]y",
        )
        assert all(name in out for name in HOSTILE_PLAYERS)
        assert_fits(out, width, ("+200", "-40", "-100"))
        out = cli(width, "settle", "--stake", "0.5", "[bold]x=30", "[/]=-10")
        assert "[bold]x pays" not in out and "[/] pays [bold]x" in out
        assert_fits(out, width, ("20.00", "+30", "-10"))


@pytest.fixture
def hostile_table(tmp_path: Path) -> Path:
    """The shipped rules plus a type whose name and description hold markup and escapes."""
    text = r"""schema = 1
name = "[red]house[/]"
extends = "international"

[[type]]
number = 41
name = "[bold]Evil\u001b]8;;http://evil.example\u0007click\u001b]8;;\u0007 [/]"
scores = [1100, 1000, 900]
description = "Runs only [red]no[/] \u001b[2J\u009b2J clear"
structure = "runs"
range = "minor"
max_total = 61
"""
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("width", (40, 80))
def test_a_hostile_house_table_is_shown_escaped(cli: Cli, hostile_table: Path, width: int) -> None:
    hand = "k1-4 r3-6 b2-4 o6-8"
    table = ("--rules", str(hostile_table))
    outputs = {
        "table": cli(width, "table", *table),
        "score": cli(width, "score", hand, *table),
        "reach": cli(width, "reach", hand, *table),
        "reach --all": cli(width, "reach", hand, *table, "--all"),
        "reach --type": cli(width, "reach", hand, *table, "--type", "41"),
    }
    for command, out in outputs.items():
        assert ESCAPE not in out and "\x07" not in out and "\x9b" not in out, command
        flat = re.sub(r"[\s│]+", "", out)  # wrapped lines (and a panel's borders) joined
        assert "[bold]Evil\\x1b]8;;http://evil.example\\x07click" in flat, command
        assert_fits(out, width)
    assert "[red]no[/]" in outputs["table"] and "\\x1b[2J\\x9b2J" in outputs["table"]
    assert "rules: [red]house[/]" in outputs["table"]  # the rules' name, as written


# --- every view fits every width -------------------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_table_card_wraps_descriptions_and_keeps_numbers_whole(cli: Cli, width: int) -> None:
    out = cli(width, "table")
    assert_fits(out, width, ("2600", "2400", "2200", "500", "300"))
    words = re.sub(r"\s+", " ", out)
    # every description is there, whole words in order, however the lines were wrapped
    assert "Four runs of different colours, no tile lower than 10 (1 counts as high)" in words
    assert "Groups and/or runs, the 14 tiles dealt (never the starting player)" in words
    rows = re.finditer(r"^\s*(\d+)\s{2,}[A-Z]", out, re.MULTILINE)
    # one row (or record) per type, in table order
    assert [int(row.group(1)) for row in rows] == list(range(1, 41))


@pytest.mark.parametrize("width", WIDTHS)
def test_score_views_fit(cli: Cli, width: int) -> None:
    assert_fits(cli(width, "score", "k1-13 k1", "--discard", "r5"), width, ("2400", "k13"))
    assert_fits(cli(width, "score", "r1-7 r1-6 *", "--discard", "*"), width, ("4800", "*r7"))
    assert_fits(cli(width, "score", "r1-6 k5 b5 o5 * k9-12 o12"), width, ("400", "*b12"))
    assert_fits(cli(width, "score", "r13 r1 r2 k5-7 b5-7 o5-9"), width, ("0",))


@pytest.mark.parametrize("width", WIDTHS)
def test_reach_views_fit(cli: Cli, width: int) -> None:
    hand = ("r1-4 r6-13 r1 k5", "--seen", "r5 k1", "--trump", "o9")
    assert_fits(cli(width, "reach", *hand), width, ("2400", "Royal"))
    assert_fits(cli(width, "reach", *hand, "--all"), width, ("2600",))
    detail = cli(width, "reach", *hand, "--type", "22", "--type", "40")
    assert_fits(detail, width, ("r13", "x1", "x2"))
    assert re.search(r"r13\s+x1", detail)  # an out stays with its copies


@pytest.mark.parametrize("width", WIDTHS)
def test_session_views_fit(cli: Cli, width: int, tmp_path: Path) -> None:
    cli(width, "session", "new", "friday", "--players", "ann", "bob", "cat", "dan")
    deals = [
        (
            "--open",
            "--winner",
            "ann",
            "--rack",
            "bob=r5 b7 *",
            "--rack",
            "cat=o1 o2",
            "--not-melded",
            "dan",
        ),
        (
            "--winner",
            "bob",
            "--closed",
            "r1-7 b1-7 *",
            "--rack",
            "ann=k13 o4",
            "--rack",
            "cat=o9",
            "--not-melded",
            "dan",
        ),
        (
            "--foot",
            "--winner",
            "cat",
            "--rack",
            "ann=k2 k3",
            "--rack",
            "bob=b12",
            "--rack",
            "dan=r10 *",
        ),
    ]
    for deal in deals:
        assert_fits(cli(width, "session", "deal", "friday", *deal), width)
    show = cli(width, "session", "show", "friday")
    # the running totals where they leave the ending room (issue 29), else the deltas alone
    running = () if "deals (each player's change" in show else ("(4358)", "(-4540)")
    assert_fits(show, width, ("+4400", "-4400", *running, "+67", "+4348", "-4540"))
    assert_fits(cli(width, "session", "list"), width, ("friday",))
    settle = cli(width, "session", "settle", "friday", "--stake", "0.01")
    assert_fits(settle, width, ("-182.05", "173.47", "+4348"))
    assert_fits(cli(width, "session", "undo", "friday"), width, ("+4358",))
    assert_fits(cli(width, "session", "redo", "friday"), width, ("+4348",))
    house = tmp_path / "house.toml"
    rules = 'schema = 1\nname = "house rules with a long name"\nextends = "international"\n'
    house.write_text(rules + "[options]\njoker_value = 25\n", encoding="utf-8")
    rescore = cli(width, "session", "rescore", "friday", "--rules", str(house))
    # a joker left on a rack counts 25, not 30 (R15): bob's in deal 1, dan's in deal 3
    assert_fits(rescore, width, ("+4348", "+4353", "-4540", "-4535", "+5"))


# --- reach: one screen answers "what should I go for?" -------------------------------


FULL_SET = [f"{colour}{number}" for colour in "krbo" for number in range(1, 14)] * 2 + ["*", "*"]


def _random_hands(count: int) -> list[str]:
    """Dealt hands of 14 or 15 tiles (none of them r5 or o9, which the test marks as seen)."""
    rng = Random(11)
    pool = [tile for tile in FULL_SET if tile not in ("r5", "o9")]
    return [" ".join(str(t) for t in rng.sample(pool, rng.choice((14, 15)))) for _ in range(count)]


@pytest.mark.parametrize("hand", ["r1-4 r6-13 r1 k5", "k1-13 k1", *_random_hands(6)])
def test_reach_default_fits_one_80x24_screen(cli: Cli, hand: str) -> None:
    out = cli(80, "reach", hand, "--seen", "r5", "--trump", "o9")
    lines = out.splitlines()
    assert len(lines) <= 24, out
    assert_fits(out, 80)
    assert "closest:" in out and "--all" in out


def test_reach_all_has_a_row_for_every_type(cli: Cli) -> None:
    out = cli(80, "reach", "r1-4 r6-13 r1 k5", "--all")
    numbers = [int(m.group(1)) for m in re.finditer(r"^\s*(\d+)\s{2}", out, re.MULTILINE)]
    assert sorted(numbers) == list(range(1, 41))
    assert "unreachable (2)" in out and "needs a win on the first turn" in out


def test_reach_type_shows_outs_keep_and_reason(cli: Cli) -> None:
    out = cli(80, "reach", "r1-4 r6-13 r1 k5", "--seen", "r5", "--type", "24", "--type", "39")
    assert "24  Royal  score 2400, 1 draw away" in out
    assert re.search(r"outs\s+r5\s+x1\s+\*\s+x2", out)  # one r5 seen, one left; both jokers
    assert re.search(r"keep\s+r1\s+r1\s+r2\s+r3\s+r4\s+r6", out)
    assert "39  Little blitz  score 1600, unreachable" in out and "--first-turn" in out


@pytest.mark.parametrize(
    ("argument", "message"),
    [
        ("41", "--type 41: the table has no type 41 (its types are 1 to 40)"),
        ("x", "'x' is not a type number"),
    ],
)
def test_reach_unknown_type_is_one_line(
    capsys: pytest.CaptureFixture[str], argument: str, message: str
) -> None:
    try:
        status = main(["reach", "r1-4 r6-13 r1 k5", "--type", argument])
    except SystemExit as stop:  # argparse's own error (its format is the input helper's)
        status = int(stop.code or 0)
    err = capsys.readouterr().err
    assert status == 2 and message in err and "Traceback" not in err


def test_reach_json_ignores_the_view_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reach", "r1-4 r6-13 r1 k5", "--json"]) == 0
    plain = capsys.readouterr().out
    assert main(["reach", "r1-4 r6-13 r1 k5", "--json", "--all", "--type", "24"]) == 0
    assert capsys.readouterr().out == plain


# --- help texts ----------------------------------------------------------------------


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main([*argv, "--help"]) == 0  # the CLI ends --help with status 0, no SystemExit
    return " ".join(capsys.readouterr().out.split())


def test_help_keeps_capitals_and_describes_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert "Settle totals: who pays whom, each player's net, the fewest transfers (R19)." in _help(
        capsys, "settle"
    )
    export = _help(capsys, "session", "export")
    assert "The whole session as JSON or CSV" in export
    assert "--format {json,csv} json: one object" in export and "(default: json)" in export
    assert "(r1" not in _help(capsys, "session", "settle")


# --- any names, any width --------------------------------------------------------------

_NAME = st.text(
    # "…" is left out only because the check below reads it as a cropped cell
    alphabet=st.characters(
        blacklist_categories=("Cc", "Cs", "Co", "Cn", "Zl", "Zp", "Cf"), blacklist_characters="…"
    ),
    min_size=1,
    max_size=40,
).filter(lambda name: name == name.strip() and "=" not in name and name.isprintable())


@pytest.mark.slow
@settings(deadline=None, max_examples=60)
@given(
    names=st.lists(_NAME, min_size=2, max_size=4, unique=True),
    width=st.integers(min_value=40, max_value=140),
    doubled=st.booleans(),
)
def test_deal_totals_and_settlement_views_fit_any_names_and_width(
    names: list[str], width: int, doubled: bool
) -> None:
    racks = {name: "k13 r7 *" for name in names[1:2]}
    result = score_deal(
        names,
        kind="open",
        winner=names[0],
        discard="*" if doubled else None,
        racks=racks,
        not_melded=names[2:],
    )
    deltas = result.deltas()
    out_file = io.StringIO()
    console = Console(file=out_file, width=width, color_system=None, markup=False)
    print_views(deal_view(result), totals_view(names, deltas), console=console)
    print_views(settlement_view(settle(deltas, "0.05")), console=console)
    out = out_file.getvalue()
    assert_fits(out, width, tuple(f"{delta:+d}" for delta in deltas.values()))
    flat = re.sub(r"\s+", "", out)
    for name in names:
        assert re.sub(r"\s+", "", escape_controls(name)) in flat


# --- odds and simulate (issue 11: numbers and type names are never cut) -----------------


@pytest.mark.slow
@pytest.mark.parametrize("width", (40, 80))
@pytest.mark.parametrize("rack", ("k1-13 k1", "k1-13 k1 r5"), ids=("14 tiles", "15 tiles"))
def test_odds_views_fit(cli: Cli, width: int, rack: str) -> None:
    out = cli(width, "odds", rack, "--samples", "50", "--draws", "3")
    # k1-13 k1 is Royal now (R22: 2400, exact); every chance is shown whole
    assert_fits(out, width, ("Royal", "Single colour runs", "2400", "100%", "exact"))
    assert re.search(r"~\d+\.\d%", out), out
    if rack.endswith("r5"):
        assert "Best discard: r5" in out


def _counts() -> Counts:
    dealt = [0] * 40
    dealt[0], dealt[23] = 300, 1  # Basic 300 times, Royal once
    return Counts(
        hands=1000,
        ks=(1, 3, 6),
        dealt14=tuple(dealt),
        dealt15=tuple(dealt),
        within=(tuple(dealt),) * 3,
        any_dealt14=301,
        any_dealt15=301,
        any_within=(301, 301, 302),
    )


@pytest.mark.parametrize("width", (40, 80, 120))
def test_simulate_view_fits(width: int) -> None:
    out = io.StringIO()
    print_views(simulate_view(_counts()), console=Console(file=out, width=width))
    # Royal once in 1,000: 1 in 1,000, Wilson 95% interval 1 in 177 to 1 in 5,664
    assert_fits(out.getvalue(), width, ("1 in 1,000 (177-5,664)", "Royal", "any closed win"))


@pytest.mark.slow
@pytest.mark.parametrize("width", (40, 80))
def test_a_hostile_type_name_is_shown_escaped_by_odds(
    cli: Cli, hostile_table: Path, width: int
) -> None:
    # k1-4 r3-6 b2-4 o6-8: runs only, total 58 <= 61, so type 41 is formed now
    for rack in ("k1-4 r3-6 b2-4 o6-8", "k1-4 r3-6 b2-4 o6-8 k13"):
        out = cli(
            width, "odds", rack, "--rules", str(hostile_table), "--draws", "2", "--samples", "20"
        )
        assert ESCAPE not in out and "\x07" not in out, out
        flat = re.sub(r"\s+", "", out)
        assert "[bold]Evil\\x1b]8;;http://evil.example\\x07click" in flat, out
        assert_fits(out, width)
