"""The ledger under real processes: writers killed with SIGKILL, and concurrent writers.

Each writer is a separate Python process that records deals in a loop and prints
``committed <number> <deltas as JSON>`` after each deal it has committed. After a
kill, the file must pass ``PRAGMA integrity_check``, open as a ledger, hold every
deal the writer reported, and hold no half deal.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import STRESS

from intlscore.faces.documents import session_data
from intlscore.session.ledger import Ledger

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX"),
]

ROOT = Path(__file__).resolve().parent.parent
SESSION = "crash"
PLAYERS = ["ann", "bob", "cat", "dan"]

WRITER = """
import json, sys
from intlscore.errors import LedgerError
from intlscore.session.ledger import Ledger

path, count, timeout = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
players = ["ann", "bob", "cat", "dan"]
with Ledger(path, timeout=timeout) as ledger:
    try:
        session = ledger.session("crash")
    except LedgerError:
        session = ledger.create_session("crash", players)
    i = 0
    while count < 0 or i < count:
        winner = players[i % 4]
        losers = [p for p in players if p != winner]
        racks = {losers[0]: f"b{i % 13 + 1} o{(i * 7) % 13 + 1}", losers[1]: "k5 *"}
        try:
            deal = session.deal(kind="open", winner=winner, racks=racks,
                                not_melded=[losers[2]])
        except LedgerError as error:
            print("error", error, flush=True)
            sys.exit(3)
        print("committed", deal.number, json.dumps(deal.deltas), flush=True)
        i += 1
"""


def writer(db: Path, count: int, timeout: float = 20.0) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), INTLSCORE_DB=str(db))
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(db), str(count), str(timeout)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )


def committed_lines(output: bytes) -> dict[int, dict[str, int]]:
    """The deals a writer reported as committed (complete lines only)."""
    reported: dict[int, dict[str, int]] = {}
    for line in output.decode().splitlines(keepends=True):
        if line.startswith("committed ") and line.endswith("\n"):
            _, number, deltas = line.split(" ", 2)
            reported[int(number)] = json.loads(deltas)
    return reported


def check_whole(db: Path, committed: dict[int, dict[str, int]], context: str) -> int:
    """Integrity, the ledger's own check, every committed deal present; returns the number
    of deals."""
    if not db.exists():
        assert not committed, context
        return 0
    connection = sqlite3.connect(db)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)], context
    finally:
        connection.close()
    with Ledger(db) as ledger:
        assert ledger.check() == [], context  # every record matches its checksum and input
        if not [s for s in ledger.sessions() if s.name == SESSION]:
            assert not committed, context
            return 0
        deals = {deal.number: deal for deal in ledger.session(SESSION).deals()}
    for number, deltas in committed.items():
        assert number in deals, f"{context}: committed deal {number} is missing"
        assert dict(deals[number].deltas) == deltas, context
    assert sorted(deals) == list(range(1, len(deals) + 1)), context
    return len(deals)


def test_killed_writers_never_lose_or_half_write_a_deal(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    seed = int.from_bytes(os.urandom(4), "big")
    rng = random.Random(seed)
    committed: dict[int, dict[str, int]] = {}
    kills_after_commits = 0
    for round_ in range(8):
        process = writer(db, count=-1)
        first = b""
        if round_ % 2:  # in the middle of the deals: after a first commit, whatever the load
            assert process.stdout is not None
            first = process.stdout.readline()
            time.sleep(rng.uniform(0.0, 0.3))
        else:  # a random moment: during start-up, while opening, or in the deals
            time.sleep(rng.uniform(0.05, 0.9))
        process.send_signal(signal.SIGKILL)
        output, _ = process.communicate()
        output = first + output
        assert process.returncode == -signal.SIGKILL
        reported = committed_lines(output)
        kills_after_commits += bool(reported)
        committed.update(reported)
        context = f"seed {seed}, round {round_}"
        stored = check_whole(db, committed, context)
        assert stored >= len(committed), context
    assert kills_after_commits >= 3, f"seed {seed}: too few rounds got to write a deal"
    assert len(committed) > 0


def test_concurrent_writers_all_succeed(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    with Ledger(db) as ledger:
        ledger.create_session(SESSION, PLAYERS)
    processes = [writer(db, count=12) for _ in range(3)]
    outputs = [process.communicate(timeout=60) for process in processes]
    for process, (_, error) in zip(processes, outputs, strict=True):
        assert process.returncode == 0, error.decode()
    reported = [committed_lines(out) for out, _ in outputs]
    assert [len(r) for r in reported] == [12, 12, 12]
    numbers = [n for r in reported for n in r]
    assert sorted(numbers) == list(range(1, 37))  # no number given twice
    merged = {n: deltas for r in reported for n, deltas in r.items()}
    assert check_whole(db, merged, "concurrent") == 36


def test_impatient_concurrent_writers_succeed_or_say_busy(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    with Ledger(db) as ledger:
        ledger.create_session(SESSION, PLAYERS)
    processes = [writer(db, count=15, timeout=0.0) for _ in range(3)]
    outputs = [process.communicate(timeout=60) for process in processes]
    merged: dict[int, dict[str, int]] = {}
    for process, (out, error) in zip(processes, outputs, strict=True):
        lines = out.decode().splitlines()
        if process.returncode == 0:
            assert len(lines) == 15 and all(line.startswith("committed") for line in lines)
        else:
            assert process.returncode == 3, error.decode()
            assert lines[-1].startswith("error the session database is busy, try again")
        merged.update(committed_lines(out))
    assert check_whole(db, merged, "impatient") == len(merged)


# --- issue 9: killed `session new`, hot journals, racing creators, reads racing with undo -------


def cli_process(db: Path, *argv: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), INTLSCORE_DB=str(db))
    return subprocess.Popen(
        [sys.executable, "-m", "intlscore.faces.cli", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )


@pytest.mark.stress
def test_killed_session_new_never_blocks_the_file(tmp_path: Path) -> None:
    """`session new` killed at random moments: afterwards every command still works, a
    session reported as created is there, and nothing is ever called corrupt."""
    seed = int.from_bytes(os.urandom(4), "big")
    rng = random.Random(seed)
    created: set[str] = set()
    for round_ in range(4 * STRESS):
        db = tmp_path / f"round{round_ % 3}" / "ledger.sqlite3"  # fresh files and old ones
        name = f"s{round_}"
        process = cli_process(db, "session", "new", name, "--players", "ann", "bob")
        time.sleep(rng.uniform(0.05, 1.2))  # start-up takes about 0.5 s: many kills are in it
        process.send_signal(signal.SIGKILL)
        _, err = process.communicate()
        context = f"seed {seed}, round {round_}: {err.decode()}"
        if process.returncode == 0:
            created.add(name)
        listing = cli_process(db, "session", "list", "--json")
        out, err = listing.communicate(timeout=60)
        if not db.exists():
            assert name not in created, context
            assert listing.returncode == 0, err.decode()
            continue
        assert listing.returncode == 0, f"{context} / {err.decode()}"
        names = {s["name"] for s in json.loads(out)["sessions"]}
        assert created & {f"s{r}" for r in range(round_ % 3, round_ + 1, 3)} <= names, context
        with Ledger(db) as ledger:
            assert ledger.check() == [], context
    # a killed creator may leave its private temporary file; the next creation sweeps it
    for folder in {tmp_path / f"round{r}" for r in range(3)}:
        db = folder / "ledger.sqlite3"
        process = cli_process(db, "session", "new", "after", "--players", "ann", "bob")
        assert process.wait(timeout=60) == 0
        # nothing beside the ledger (the session in play is inside it, issue 41), and no
        # temporary of it
        assert sorted(p.name for p in folder.iterdir()) == ["ledger.sqlite3"], seed


HOT_JOURNAL = """
import sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("PRAGMA journal_mode = DELETE")  # as a ledger made by an old release
connection.execute("PRAGMA cache_size = 1")  # spill changed pages into the file early
connection.execute("BEGIN IMMEDIATE")
connection.execute("UPDATE session SET head = 'garbage', record = 'garbage'")
connection.execute("CREATE TABLE junk (x TEXT)")
for i in range(400):
    connection.execute("INSERT INTO junk VALUES (?)", ("x" * 500,))
print("ready", flush=True)
time.sleep(60)
"""


def test_a_writer_killed_mid_transaction_is_recovered_not_called_corrupt(tmp_path: Path) -> None:
    """A hot rollback journal (a writer killed mid-transaction) is rolled back on the next
    open; the read-only inspection alone cannot, and used to call the file corrupt."""
    db = tmp_path / "ledger.sqlite3"
    with Ledger(db) as ledger:
        session = ledger.create_session(SESSION, PLAYERS)
        session.deal(kind="open", winner="ann", racks={"bob": "r5"}, not_melded=["cat", "dan"])
        before = session.snapshot()
    process = subprocess.Popen([sys.executable, "-c", HOT_JOURNAL, str(db)], stdout=subprocess.PIPE)
    assert process.stdout is not None and process.stdout.readline() == b"ready\n"
    process.send_signal(signal.SIGKILL)
    process.communicate()
    assert Path(f"{db}-journal").stat().st_size > 0  # the journal is hot
    show = cli_process(db, "session", "show", SESSION, "--json")
    out, err = show.communicate(timeout=60)
    assert show.returncode == 0, err.decode()
    assert json.loads(out) == {"format": "session/1", **session_data(before, None)}
    with Ledger(db) as ledger:
        assert ledger.check() == []
        tables = ledger.read(
            lambda connection: {
                r[0]
                for r in connection.execute("SELECT name FROM sqlite_master")  # type: ignore[union-attr]
            }
        )
        assert "junk" not in tables


CREATOR = """
import sys, time
from intlscore.session.ledger import Ledger
path, name, start = sys.argv[1], sys.argv[2], float(sys.argv[3])
while time.time() < start:
    pass
with Ledger(path, timeout=30) as ledger:
    ledger.create_session(name, ["ann", "bob"])
"""


@pytest.mark.stress
def test_processes_creating_one_new_ledger_at_once_all_succeed(tmp_path: Path) -> None:
    for round_ in range(2 * STRESS):
        db = tmp_path / f"r{round_}" / "ledger.sqlite3"
        start = time.time() + 1.0
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        processes = [
            subprocess.Popen(
                [sys.executable, "-c", CREATOR, str(db), f"s{i}", str(start)],
                stderr=subprocess.PIPE,
                env=env,
            )
            for i in range(4)
        ]
        errors = [process.communicate(timeout=60)[1].decode() for process in processes]
        assert [p.returncode for p in processes] == [0] * 4, errors
        with Ledger(db) as ledger:
            assert sorted(s.name for s in ledger.sessions()) == ["s0", "s1", "s2", "s3"]
            assert ledger.check() == []
        assert sorted(p.name for p in db.parent.iterdir()) == ["ledger.sqlite3"]


UNDOER = """
import sys
from intlscore.session.ledger import Ledger
with Ledger(sys.argv[1], timeout=30) as ledger:
    session = ledger.session("crash")
    for _ in range(int(sys.argv[2])):
        session.undo()
        session.redo()
print("done", flush=True)
"""


@pytest.mark.stress
def test_reads_racing_with_undo_are_whole(tmp_path: Path) -> None:
    """Another process undoes and redoes the last deal while this one reads: every
    snapshot is one moment (3 or 4 deals, each with its own deltas, never zeros)."""
    db = tmp_path / "ledger.sqlite3"
    with Ledger(db) as ledger:
        session = ledger.create_session(SESSION, PLAYERS)
        for i in range(4):
            winner = PLAYERS[i]
            losers = [p for p in PLAYERS if p != winner]
            session.deal(kind="open", winner=winner, racks={losers[0]: "r5"}, not_melded=losers[1:])
        full = session.snapshot().deals
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen(
        [sys.executable, "-c", UNDOER, str(db), str(40 * STRESS)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    seen = set()
    with Ledger(db) as ledger:
        session = ledger.session(SESSION)
        while process.poll() is None:
            deals = session.snapshot().deals
            assert deals in (full, full[:3])
            seen.add(len(deals))
    out, err = process.communicate()
    assert process.returncode == 0 and out == b"done\n", err.decode()
    assert seen, "no snapshot was taken while the other process wrote"
