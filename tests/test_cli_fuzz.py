"""A Hypothesis fuzz of the whole command line, in-process through the entry point (issue 9).

Every command of the registry (:data:`intlscore.faces.cli.COMMANDS`), and every action of a
command with actions (``session new``, ``session deal``, ...), is run with random
arguments: its own flags in any order and number, near-miss flags, tiles good and bad,
unicode, numbers of thousands of digits, Decimal breakers and hostile names (markup,
terminal escapes, CSV formulas, control characters). Each run must:

- exit 0 or 2, never raise (a traceback) and never hang;
- on exit 2, print exactly one line on stderr and nothing on stdout;
- on exit 2, store nothing: the ledger's rows are the same before and after.

Commands are read from the registry, so a command added there is fuzzed too. The
default number of examples keeps the suite quick; for a long run::

    INTLSCORE_FUZZ_EXAMPLES=2000 python -m pytest tests/test_cli_fuzz.py -m stress
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import signal
import sqlite3
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from intlscore.faces.cli import COMMANDS, build_parser, main

LONG_RUN = os.environ.get("INTLSCORE_FUZZ_EXAMPLES")
EXAMPLES = int(LONG_RUN or "15")
"""Examples per command (or per action); kept small so the whole suite stays quick."""
CPU_SECONDS = 60
"""A single run using more CPU time than this is a hang. CPU time, not wall time: on this
2-core machine under a load of 10 a run of 12 s of CPU (the play search of a complete
hand, ``odds 'k1-13 k1' --play``) took over 30 s of wall time. The longest legitimate
answers, the play search's budget on a hard rack, take well under a minute of CPU."""
CPU_LIMIT = 0.25
"""The limit :func:`test_a_run_past_its_cpu_time_is_a_hang` sets, to see the guard fire."""
WALL_SECONDS = 600
"""A single run waiting longer than this is a hang (one that waits without using the CPU:
a lock never released, a prompt)."""
SESSION = "s"
"""A session that exists in the fuzzed ledger, so ``session deal s ...`` can succeed."""
PLAYERS = ("ann", "bob", "cat", "dan")
NOT_FUZZED = {"--db", "--scheduler"}
"""Flags given no random value: the ledger path is fixed (INTLSCORE_DB), so that no run
writes files outside the test's folder; a Dask scheduler address would make a run connect
to whatever host a random word names (tests/test_simulate.py covers a real one)."""


# --- the commands, read from the parser -------------------------------------------------


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def command_paths() -> list[tuple[str, ...]]:
    """``("score",)``, ``("session", "deal")``, ...: every runnable command line prefix."""
    paths: list[tuple[str, ...]] = []
    for name, parser in _subparsers(build_parser()).items():
        actions = _subparsers(parser)
        paths.extend([(name, action) for action in actions] if actions else [(name,)])
    return paths


def parser_of(path: tuple[str, ...]) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = build_parser([path[0]])
    for word in path:
        parser = _subparsers(parser)[word]
    return parser


# --- random arguments -------------------------------------------------------------------

TILE_WORDS = [
    "r5", "k1", "k13", "b11-1", "o3-7", "y9", "*", "j", "joker", "k1-13", "r1-1", "b2-b6",
    "r7-3", "r11-2", "x5", "r14", "r0", "r", "7", "-", "r3-", "-7", "r3-5-7", "r3-b7", "**",
    "R7", "\u212a5", "r\u00b2", "\uff4b1", "r\u0661", "r" + "9" * 4400, "r1-" + "1" * 4400,
]  # fmt: skip
NUMBERS = [
    "0", "-0", "25", "-5", "+7", "0.05", "1e-2", "4e57", "1e-50", "1e999999", "NaN", "inf",
    "-inf", "1_000", "\uff11", "\u00b2", "0x10", "", " ", "9" * 5000, "-" + "9" * 5000,
    "0." + "1" * 80,
]  # fmt: skip
HOSTILE_NAMES = [
    "[/]", "[bold]x", "[link=http://x]y[/link]", '=HYPERLINK("http://x","y")', "+1", "-a",
    "@x", "|x", "a\nb", "\x1b[31mred", "\x1b]8;;http://x\x1b\\x\x1b]8;;\x1b\\", "\x00", "\t",
    "\u202eevil", "caf\u00e9", "\ud800", "a=b", " ann", "x" * 300, "",
]  # fmt: skip
FILES = ["{missing}", "{folder}", "{empty}", "{garbage}", "{shipped}"]
"""Placeholders for a file argument (``--table FILE``), filled in by :func:`check`."""


T = TypeVar("T")


def mostly(good: st.SearchStrategy[T], bad: st.SearchStrategy[T]) -> st.SearchStrategy[T]:
    """``good`` nine times in ten, else ``bad`` (deeper code runs only on mostly good input)."""
    return st.sampled_from([True] * 9 + [False]).flatmap(lambda fit: good if fit else bad)


GOOD_TILES = [f"{colour}{number}" for colour in "krbo" for number in range(1, 14)] + ["*"]
TILE_SET = GOOD_TILES * 2  # R1: two copies of each tile, two jokers
good_tile = st.sampled_from(GOOD_TILES)
dealt = st.tuples(st.permutations(TILE_SET), st.sampled_from([14, 15, 14, 3]))
good_hand = dealt.map(lambda pair: " ".join(pair[0][: pair[1]])) | st.sampled_from(
    ["k1-13 k1", "r1-4 r6-13 r1 k5", "r1-7 r1-6 *", "b1-13 *"]
)
odd_tiles = st.lists(st.sampled_from(TILE_WORDS) | good_tile, min_size=1, max_size=16).map(" ".join)
tiles_text = mostly(good_hand, odd_tiles)
one_tile = mostly(good_tile, st.sampled_from(TILE_WORDS))
numbers = mostly(
    st.integers(-100, 100).map(str) | st.sampled_from(["0.05", "0.01", "1", "2.5", "1e-2"]),
    st.sampled_from(NUMBERS) | st.integers(-(10**20), 10**20).map(str),
)
players = st.sampled_from(PLAYERS)
hostile = st.sampled_from(HOSTILE_NAMES) | st.text(max_size=8)
names = mostly(players, hostile)
values = st.one_of(
    tiles_text,
    numbers,
    names,
    st.tuples(names, tiles_text | numbers).map("=".join),
    st.text(max_size=24),
)


def value_for(action: argparse.Action) -> st.SearchStrategy[str]:
    """A value fit for one argument most of the time, a hostile one otherwise."""
    key = str(action.metavar or action.dest).upper()
    if action.choices is not None:
        fitting: st.SearchStrategy[str] = st.sampled_from([str(c) for c in action.choices])
    elif action.dest == "name":
        fitting = mostly(st.sampled_from([SESSION, "t", "u"]), hostile)
    elif key == "TILES":
        fitting = tiles_text
    elif key in ("T", "TILE"):
        fitting = one_tile
    elif key == "NAME":
        fitting = names
    elif key == "NAME=TILES":
        fitting = st.tuples(names, odd_tiles).map("=".join)
    elif key == "NAME=TOTAL":
        fitting = st.tuples(names, numbers).map("=".join)
    elif key in ("N", "AMOUNT", "COUNT", "SEED", "SECONDS", "PORT"):
        fitting = numbers
    elif key in ("FILE", "PATH"):
        fitting = st.sampled_from(FILES)
    else:
        fitting = values
    return mostly(fitting, values)


def values_for(action: argparse.Action) -> st.SearchStrategy[list[str]]:
    value = value_for(action)
    nargs = action.nargs
    if nargs == 0:
        return st.just([])
    if nargs is None:
        return value.map(lambda one: [one])
    if isinstance(nargs, int):
        return st.lists(value, min_size=nargs, max_size=nargs)
    low = {"+": 1, "*": 0, "?": 0}.get(str(nargs), 0)
    high = 1 if nargs == "?" else 4
    if action.dest == "players" or action.metavar == "NAME=TOTAL":
        seats = st.lists(players, min_size=2, max_size=4, unique=True)
        if action.metavar == "NAME=TOTAL":
            seats = seats.flatmap(
                lambda names: st.tuples(*[numbers.map(f"{name}={{}}".format) for name in names])
            ).map(list)
        return mostly(seats, st.lists(value, max_size=5))
    return st.lists(value, min_size=max(low, 1), max_size=1) | st.lists(
        value, min_size=low, max_size=high
    )


def _fuzzed(action: argparse.Action) -> bool:
    return not action.option_strings or not (
        set(action.option_strings) & {*NOT_FUZZED, "-h", "--help", "--version"}
    )


DEAL_DESTS = {"winner", "open", "foot", "closed", "no_winner", "discard", "rack", "not_melded"}


@st.composite
def whole_deal(draw: st.DrawFn) -> list[str]:
    """A deal for the four players that describes everybody (R14-R16), as flags."""
    winner = draw(players)
    ending = draw(st.sampled_from(["--open", "--foot", "--closed", "--no-winner"]))
    words = ["--winner", winner, ending] if ending != "--no-winner" else [ending]
    if ending == "--closed":
        words += [draw(good_hand)]
    for player in PLAYERS:
        if player == winner and ending != "--no-winner":
            continue
        if draw(st.booleans()):
            words += ["--rack", f"{player}={draw(odd_tiles)}"]
        else:
            words += ["--not-melded", player]
    return words


@st.composite
def command_lines(draw: st.DrawFn, path: tuple[str, ...]) -> list[str]:
    """The command's arguments, mostly well formed, in a random order, then mutated."""
    parser = parser_of(path)
    actions = [action for action in parser._actions if _fuzzed(action)]
    exclusive = [set(group._group_actions) for group in parser._mutually_exclusive_groups]
    words: list[str] = []
    flagged: list[str] = []
    chosen: set[argparse.Action] = set()
    flags = {option for action in actions for option in action.option_strings}
    deal: list[str] = []
    if {"--rack", "--not-melded", "--winner"} <= flags and draw(st.sampled_from([1, 1, 1, 0])):
        deal, chosen = draw(whole_deal()), {a for a in actions if a.dest in DEAL_DESTS}
        if "--players" in flags:
            deal = ["--players", *PLAYERS, *deal]
            chosen |= {a for a in actions if a.dest == "players"}
    positionals = [action for action in actions if not action.option_strings]
    options = [action for action in actions if action.option_strings]
    for action in [*positionals, *draw(st.permutations(options))]:  # as people write them
        if action in chosen:
            continue
        needed = action.required or not action.option_strings or action.dest == "players"
        clash = any(action in group and group & chosen for group in exclusive)
        if not needed and (clash or draw(st.sampled_from([True, True, True, False]))):
            continue
        chosen.add(action)
        given = draw(values_for(action))
        if action.option_strings:
            flagged.extend([draw(st.sampled_from(action.option_strings)), *given])
        else:
            words.extend(given)
    words += deal + flagged
    for _ in range(draw(st.sampled_from([0] * 7 + [1, 1, 2]))):  # a stray word or near-miss flag
        stray = draw(
            values | st.sampled_from(["--" + a.dest.replace("_", "-")[:-1] for a in actions])
        )
        words.insert(draw(st.integers(0, len(words))), stray)
    return [*path, *words]


# --- the ledger, and running one command line --------------------------------------------


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A ledger holding session ``s``; INTLSCORE_DB points at it for the whole module."""
    path = tmp_path_factory.mktemp("fuzz") / "ledger.sqlite3"
    saved = os.environ.get("INTLSCORE_DB")
    os.environ["INTLSCORE_DB"] = str(path)
    (path.parent / "empty.toml").write_text("")
    (path.parent / "garbage.toml").write_bytes(bytes(range(256)) * 4)
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["session", "new", SESSION, "--players", *PLAYERS]) == 0
    cwd = Path.cwd()
    os.chdir(path.parent)  # a command told to write a FILE (backup, export) writes here
    try:
        yield path
    finally:
        os.chdir(cwd)
        if saved is None:
            del os.environ["INTLSCORE_DB"]
        else:
            os.environ["INTLSCORE_DB"] = saved


ROOT = Path(__file__).resolve().parents[1]


def fill(word: str, folder: Path) -> str:
    """A file placeholder (:data:`FILES`) as a real path in the test's folder."""
    paths = {
        "{missing}": folder / "missing.toml",
        "{folder}": folder,
        "{empty}": folder / "empty.toml",
        "{garbage}": folder / "garbage.toml",
        "{shipped}": ROOT / "tables" / "international.toml",
    }
    return str(paths[word]) if word in paths else word


def stored_rows(path: Path) -> list[str]:
    """Every row of the ledger (its INSERT statements), whatever its schema."""
    if not path.exists():
        return []
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [line for line in connection.iterdump() if line.startswith("INSERT")]
    finally:
        connection.close()


class Hang(Exception):
    pass


def _hang(signum: int, frame: FrameType | None) -> None:
    if signum == signal.SIGPROF:
        raise Hang(f"no answer within {CPU_SECONDS} s of CPU time")
    raise Hang(f"no answer within {WALL_SECONDS} s")


def run(argv: list[str]) -> tuple[int, str, str]:
    """Run the entry point with no terminal: stdin empty, stdout and stderr captured."""
    out, err = io.StringIO(), io.StringIO()
    stdin, sys.stdin = sys.stdin, io.StringIO("")  # no prompt may wait for an answer
    previous = signal.signal(signal.SIGALRM, _hang)
    previous_cpu = signal.signal(signal.SIGPROF, _hang)
    signal.setitimer(signal.ITIMER_PROF, CPU_SECONDS)
    signal.alarm(WALL_SECONDS)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    finally:
        signal.alarm(0)
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGALRM, previous)
        signal.signal(signal.SIGPROF, previous_cpu)
        sys.stdin = stdin
    return status, out.getvalue(), err.getvalue()


def check(argv: list[str], ledger: Path) -> None:
    argv = [fill(word, ledger.parent) for word in argv]
    before = stored_rows(ledger)
    status, out, err = run(argv)
    assert status in (0, 2), (status, argv, err)
    assert "Traceback" not in err, (argv, err)
    if status == 2:
        assert out == "", (argv, out)
        assert err.endswith("\n") and err.count("\n") == 1, (argv, err)
        assert stored_rows(ledger) == before, argv


PATHS = command_paths()


def test_every_command_of_the_registry_is_fuzzed() -> None:
    assert {path[0] for path in PATHS} == set(COMMANDS)
    assert ("session", "deal") in PATHS


@pytest.fixture
def serve_returns(monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve`` is fuzzed up to the point where it would serve until Ctrl-C (the ledger
    check, the port, binding and the printed URL included); then it returns at once, and
    ``--lan`` uses the loopback address, so no run listens anywhere else."""
    import socket

    import uvicorn

    def run_once(self: uvicorn.Server, sockets: list[socket.socket] | None = None) -> None:
        for sock in sockets or []:
            sock.close()

    monkeypatch.setattr(uvicorn.Server, "run", run_once)
    monkeypatch.setattr("intlscore.faces.web.join.lan_address", lambda: "127.0.0.1")


@pytest.fixture
def compute_stays_small(monkeypatch: pytest.MonkeyPatch) -> None:
    """``odds`` without ``--samples`` draws 2401 sequences (seconds of CPU: a hang on a busy
    machine under Hypothesis' tracing); the fuzz checks the input handling, so it draws 40.
    ``odds --play`` weighs up to 150,000 positions before it settles for a lower bound
    (``k1-13 k1 --play`` took 12 s of the fuzz's 21): here 5,000, which gives the same
    kind of answer, a lower bound that says so. ``simulate --workers 90`` would start 90
    processes: threads stand in for them (the result does not depend on the executor)."""
    from concurrent.futures import ThreadPoolExecutor

    from intlscore.engine.odds import odds

    monkeypatch.setattr("intlscore.engine.odds.DEFAULT_SAMPLES", 40)
    assert odds.__kwdefaults__ is not None and "budget" in odds.__kwdefaults__
    monkeypatch.setitem(odds.__kwdefaults__, "budget", 5_000)
    monkeypatch.setattr("intlscore.engine.odds.simulate.ProcessPoolExecutor", ThreadPoolExecutor)


@pytest.mark.stress
@pytest.mark.usefixtures("serve_returns", "compute_stays_small")
@pytest.mark.parametrize("path", PATHS, ids=" ".join)
def test_random_command_lines_exit_0_or_2_with_one_line(
    ledger: Path, path: tuple[str, ...]
) -> None:
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=LONG_RUN is None,  # the same examples in every default run
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(argv=command_lines(path))
    def fuzz(argv: list[str]) -> None:
        check(argv, ledger)

    fuzz()


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["session", "deal", SESSION, "--winner", "ann", "--open",
                      "--rack", "bob=r5", "--rack", "cat=x5"], id="bad rack"),
        pytest.param(["session", "deal", SESSION, "--winner", "[/]", "--open"], id="markup winner"),
        pytest.param(["session", "deal", SESSION, "--winner", "ann", "--closed", "k1-13 k1",
                      "--discard", "\u212a5"], id="kelvin discard"),
        pytest.param(["session", "new", "t", "--players", "ann"], id="one player"),
        pytest.param(["session", "new", SESSION, "--players", "ann", "bob"], id="existing"),
        pytest.param(["session", "new", "u", "--players", "a", "b", "--joker-value", "9" * 5000],
                     id="huge joker value"),
    ],
)  # fmt: skip
def test_refused_writes_store_nothing(ledger: Path, argv: list[str]) -> None:
    before = stored_rows(ledger)
    status, out, err = run(argv)
    assert (status, out) == (2, ""), err
    assert err.count("\n") == 1
    assert stored_rows(ledger) == before


def test_an_accepted_deal_is_stored(ledger: Path) -> None:
    # the check above could not fail if stored_rows never saw a change
    before = stored_rows(ledger)
    argv = ["session", "deal", SESSION, "--winner", "ann", "--open", "--not-melded", *PLAYERS[1:]]
    status, _, err = run(argv)
    assert status == 0, err
    assert len(stored_rows(ledger)) > len(before)


def test_a_run_past_its_cpu_time_is_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hang guard counts CPU time: a search still working at the limit is stopped and
    reported. The search here never ends by itself (it works until the guard stops it, or
    gives up after far more CPU time than the limit, and then the test fails), so this
    holds whatever the speed of the real search or of the machine."""

    def endless_search(*_: object, **__: object) -> None:
        started = time.process_time()
        while time.process_time() - started < 60 * CPU_LIMIT:
            sum(range(1000))
        raise AssertionError("the hang guard never stopped the search")

    monkeypatch.setattr(sys.modules[__name__], "CPU_SECONDS", CPU_LIMIT)
    monkeypatch.setattr("intlscore.engine.odds.odds", endless_search)
    with pytest.raises(Hang, match="of CPU time"):
        run(["odds", "k1-13 k1", "--play"])
