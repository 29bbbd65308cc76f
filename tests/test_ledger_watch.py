"""A watching connection keeps seeing another process's writes, whatever this process reads
(issue 28).

The server watches the ledger for live pages with ``PRAGMA data_version`` on one connection
(:mod:`intlscore.faces.web.live`); it changes whenever another connection commits. Closing
any descriptor of the ledger's file that was opened outside SQLite drops every POSIX lock the
process holds on it (SQLite's "How To Corrupt An SQLite Database File", 2.2): the other
process then believes it is alone, checkpoints and deletes the WAL under this process's
connections, and ``data_version`` stops moving (``../shared/repro/ledger_locks.py``). So:
for every kind of read (and write) the server does in its own process, a watch connection
opened before it must see each later deal of another process, round after round.

The other process is the command line itself (``intlscore session deal``, through
``main()``), kept running between deals so that the test costs one start-up in all.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from intlscore.session.ledger import Ledger

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform == "win32", reason="POSIX advisory locks"),
]

ROOT = Path(__file__).resolve().parent.parent
SESSION = "t"
PLAYERS = ["ann", "bob", "cat", "dan"]
ROUNDS = 3
"""Reads and foreign writes in turn; the repro's watch went blind on the second one."""
DONE = "--done--"

LAPTOP = f"""
import contextlib, io, sys
from intlscore.faces.cli import main
for line in sys.stdin:
    db, rack = line.rstrip("\\n").split("\\t")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["session", "deal", "{SESSION}", "--open", "--winner", "ann",
                       "--rack", "bob=" + rack, "--not-melded", "cat", "dan", "--db", db])
    print(status, " ".join(err.getvalue().split()), flush=True)
    print("{DONE}", flush=True)
"""
"""Another process: ``intlscore session deal`` once per line ``DB<TAB>RACK`` it is given."""


class Laptop:
    """The command line on the laptop, in its own process, writing deals when asked."""

    def __init__(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.process = subprocess.Popen(
            [sys.executable, "-c", LAPTOP],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            text=True,
        )

    def deal(self, db: Path, rack: str) -> None:
        """One ``intlscore session deal`` in the other process; fails the test if refused."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{db}\t{rack}\n")
        self.process.stdin.flush()
        lines = []
        while (line := self.process.stdout.readline()) not in ("", f"{DONE}\n"):
            lines.append(line.strip())
        assert lines and lines[0].startswith("0"), f"the other process's deal failed: {lines}"

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()


@pytest.fixture(scope="module")
def laptop() -> Iterator[Laptop]:
    other = Laptop()
    try:
        yield other
    finally:
        other.close()


# -- what the server does in its own process ---------------------------------------------------


def open_only(db: Path, folder: Path) -> None:
    with Ledger(db):
        pass


def snapshot(db: Path, folder: Path) -> None:
    with Ledger(db) as ledger:
        ledger.session(SESSION).snapshot()


def list_sessions(db: Path, folder: Path) -> None:
    with Ledger(db) as ledger:
        ledger.sessions()


def check(db: Path, folder: Path) -> None:
    with Ledger(db) as ledger:
        assert ledger.check() == []


def verify(db: Path, folder: Path) -> None:
    with Ledger(db) as ledger:
        assert ledger.verify().ok


def settle(db: Path, folder: Path) -> None:
    with Ledger(db) as ledger:
        ledger.session(SESSION).settle("0.05")


def club_stats(db: Path, folder: Path) -> None:
    from intlscore.session.club.standings import standings
    from intlscore.session.club.stats import read_season, season_stats

    with Ledger(db) as ledger:
        season = read_season(ledger)
    season_stats(season)
    standings(season)


def export(db: Path, folder: Path) -> None:
    from intlscore.session.club.backup import export_ledger

    with Ledger(db) as ledger:
        export_ledger(ledger)


def backup(db: Path, folder: Path) -> None:
    """What ``serve --backups`` does in the server's process."""
    from intlscore.session.club.backup import backup as copy

    with Ledger(db) as ledger:
        copy(ledger, folder / "backup.sqlite3")


def keyed_write(db: Path, folder: Path) -> None:
    """The server writes too: a phone's keyed deal."""
    with Ledger(db) as ledger:
        session = ledger.session(SESSION)
        key = f"k{len(session.deals())}"
        ledger.once(f"session:{SESSION}", key, key, lambda: (201, str(session.deal(**PHONE))))


PHONE = {"kind": "open", "winner": "bob", "not_melded": ["ann", "cat", "dan"]}


def api_reads() -> list[tuple[str, str]]:
    """Every read the server answers over HTTP, as (method, path)."""
    return [
        ("GET", "/api/sessions"),
        ("GET", f"/api/session/{SESSION}"),
        ("GET", f"/api/session/{SESSION}/check"),
        ("GET", f"/api/session/{SESSION}/rules"),
        ("GET", f"/api/session/{SESSION}/export.csv"),
        ("GET", f"/api/session/{SESSION}/deal/1/versions"),
        ("GET", f"/api/session/{SESSION}/draft"),
        ("POST", f"/api/session/{SESSION}/settle"),
        ("POST", f"/api/session/{SESSION}/deal"),
        ("GET", "/api/stats"),
        ("GET", "/club"),
        ("GET", "/sessions"),
        ("GET", f"/session/{SESSION}"),
    ]


BODIES = {"settle": {"stake": "0.05"}, "deal": PHONE}


def over_http(method: str, path: str) -> Callable[[Path, Path], None]:
    """The read ``method path`` answered by the server's app, in this process."""

    def read(db: Path, folder: Path) -> None:
        from starlette.testclient import TestClient

        from intlscore.faces.web.app import create_app

        with TestClient(create_app(db=db, allowed_hosts=["testserver"])) as client:
            if method == "GET":
                reply = client.get(path)
            else:
                headers = {"Idempotency-Key": os.urandom(8).hex()}
                reply = client.post(path, json=BODIES[path.rsplit("/", 1)[1]], headers=headers)
        assert reply.status_code < 300, f"{method} {path}: {reply.status_code} {reply.text}"

    return read


READS: dict[str, Callable[[Path, Path], None]] = {
    "open a ledger": open_only,
    "a session's snapshot": snapshot,
    "the list of sessions": list_sessions,
    "check": check,
    "verify": verify,
    "settle": settle,
    "club statistics and standings": club_stats,
    "export": export,
    "backup in-process": backup,
    "a keyed write": keyed_write,
    **{f"{method} {path}": over_http(method, path) for method, path in api_reads()},
}


def data_version(watch: sqlite3.Connection) -> int:
    version: int = watch.execute("PRAGMA data_version").fetchone()[0]
    return version


@pytest.mark.parametrize("read", READS)
def test_the_watch_sees_another_process_after_every_read(
    read: str, laptop: Laptop, tmp_path: Path
) -> None:
    db = tmp_path / "ledger.sqlite3"
    with Ledger(db) as ledger:
        ledger.create_session(SESSION, PLAYERS)
    watch = sqlite3.connect(db, check_same_thread=False)  # as the server's live watch
    try:
        seen = data_version(watch)
        laptop.deal(db, "r1 b2")
        now = data_version(watch)
        assert now != seen, "the watch missed another process's deal before any read"
        for round_ in range(1, ROUNDS + 1):
            READS[read](db, tmp_path)
            seen = data_version(watch)
            laptop.deal(db, f"r{round_ + 2} b{round_ + 3}")
            now = data_version(watch)
            assert now != seen, (
                f"after {read!r} in this process (round {round_}), the watch's data_version"
                f" stayed {now} across another process's deal: this process's locks were"
                " dropped, and live pages go blind"
            )
        with Ledger(db) as ledger:
            assert len(ledger.session(SESSION).deals()) >= ROUNDS + 1
            assert ledger.check() == []
    finally:
        watch.close()
