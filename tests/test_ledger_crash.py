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
        # a random moment: during start-up, while opening, or in the middle of the deals
        time.sleep(rng.uniform(0.05, 0.9))
        process.send_signal(signal.SIGKILL)
        output, _ = process.communicate()
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
