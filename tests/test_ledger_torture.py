"""The ledger at a real table (issue 28): the laptop and every phone write at once.

The real ``intlscore serve`` runs as its own process on 127.0.0.1 with one session. Around it,
for 10 s (longer, until each kind of writer has stored something), as a table would:

- five phones post deals over HTTP, each with its own ``Idempotency-Key``, and send the same
  request with the same key again after a 503 (waiting as ``Retry-After`` says) or a dropped
  connection, as the page's outbox does;
- two command-line loops on the laptop run ``intlscore session deal ... --db PATH``, one
  process per deal;
- a loop runs ``intlscore backup`` and reads each copy;
- a live listener follows ``/api/events?session=NAME`` and, like the page, reads the session
  again on every ``hello`` and ``ledger`` event.

Every deal carries a rack of four tiles that no other deal has, so each one is found in the
ledger by its rack. Afterwards: every deal the server confirmed (201 and a number) and every
deal a command-line process reported stored is in the ledger exactly once, under its number;
no number was given to two deals; a deal refused as busy is not stored; every backup holds
only deals that are still in the ledger, under the same numbers; ``session check --all`` is
clean; no good request was answered 400 (or anything but 201 and 503 with ``Retry-After``);
and the listener saw every change: deals written by the command line alone at the end, and
its last reading equals the ledger's final state.

The ``stress`` variant kills one command-line writer with SIGKILL at random moments (and
starts it again): what it reported stored before a kill is still there exactly once.
``INTLSCORE_STRESS=N`` makes it kill N times as often.

What is asserted does not depend on timing; how much is written does. Every loop has a
deadline and every process is killed in a ``finally``, so a hang ends as a failure.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from conftest import STRESS

from intlscore.errors import IntlscoreError
from intlscore.session.ledger import Ledger

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes and SIGKILL"),
]

ROOT = Path(__file__).resolve().parent.parent
SESSION = "table"
PLAYERS = ("ann", "bob", "cat", "dan")
PHONES = 5
LAPTOP_LOOPS = 2
WRITING = 10.0
"""Seconds the phones, the laptop's loops and the backups write (the whole test is ~20 s);
longer, up to :data:`WRITING_AT_MOST`, until each of them has stored something."""
WRITING_AT_MOST = 90.0
RETRY_WINDOW = 45.0
"""How long a phone keeps sending one deal (503s and dropped connections) before giving up."""
PROCESS_TIMEOUT = 60.0
"""The longest one command-line process may take; longer is a hang, and a failure."""
LIVE_WAIT = 15.0
"""How long the listener may take to show a change (the page says "about a second")."""
AT_THE_END = 2
"""Command-line deals written alone at the end, each of which the listener must see."""
KILLS = 2 * STRESS
"""How many times the stress variant kills a command-line writer."""
KILLING = 120.0 * STRESS
"""The stress variant's deadline for its kills (it stops as soon as it has them)."""
TILES = [f"{colour}{number}" for colour in "krbo" for number in range(1, 14)]

Rack = frozenset[str]


def rack_of(text: str) -> Rack:
    """A rack as its tiles, whatever their order.

    >>> sorted(rack_of("r5 k1 b7"))
    ['b7', 'k1', 'r5']
    """
    return frozenset(text.split())


class Racks:
    """Racks of four distinct tiles, never the same set twice (270,725 of them)."""

    def __init__(self) -> None:
        self._sets = itertools.combinations(TILES, 4)
        self._lock = threading.Lock()

    def next(self) -> str:
        with self._lock:
            return " ".join(next(self._sets))


def deal_of(rack: str, turn: int) -> dict[str, Any]:
    """A valid open win whose only rack is ``rack``: the body a phone posts.

    >>> deal_of("k1 k2 k3 k4", 1)
    {'kind': 'open', 'winner': 'bob', 'racks': {'cat': 'k1 k2 k3 k4'}, 'not_melded': ['dan', 'ann']}
    """
    seats = [PLAYERS[(turn + offset) % len(PLAYERS)] for offset in range(len(PLAYERS))]
    winner, holder, *not_melded = seats
    return {"kind": "open", "winner": winner, "racks": {holder: rack}, "not_melded": not_melded}


def command_line(deal: dict[str, Any], db: Path) -> list[str]:
    """``intlscore session deal`` for ``deal``, as the laptop types it."""
    ((holder, rack),) = deal["racks"].items()
    return [
        *("session", "deal", SESSION, "--open", "--winner", deal["winner"]),
        *("--rack", f"{holder}={rack}", "--not-melded", *deal["not_melded"]),
        *("--json", "--db", str(db)),
    ]


def intlscore(*argv: str) -> list[str]:
    """The ``intlscore`` command of this checkout, as a process's argv."""
    return [sys.executable, "-m", "intlscore.faces.cli", *argv]


def environment(db: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), INTLSCORE_DB=str(db), NO_COLOR="1")


def racks_in(document: dict[str, Any]) -> dict[Rack, int]:
    """The racks of the deals of a ``session/1`` document, with their deal numbers."""
    return {
        rack_of(rack): deal["number"]
        for deal in document["deals"]
        for _, rack in deal["input"]["racks"]
    }


# -- what happened -------------------------------------------------------------------------------


LOST = "confirmed deals missing from the ledger"
RENUMBERED = "deals stored under another number than the one confirmed"
NUMBER_TWICE = "deal numbers confirmed to two writes"
STORED_TWICE = "deals stored more than once"
REFUSED = "good requests refused (a 400, or another error)"
BUSY_STORED = "deals refused as busy, yet stored"
PROTOCOL = "answers against the protocol"
BACKUP = "backups"
LIVE = "the live page"
CHECK = "the ledger's own check"
HANG = "hangs, and failures of the test's own loops"
SERVER = "the server's own errors (anything it wrote on stderr: a traceback, a warning)"
KINDS = (LOST, RENUMBERED, NUMBER_TWICE, STORED_TWICE, REFUSED, BUSY_STORED, PROTOCOL)
KINDS += (BACKUP, LIVE, CHECK, HANG, SERVER)


@dataclass
class Sent:
    """One deal sent by a phone or the laptop, and what it was told."""

    writer: str
    rack: str
    answers: list[str] = field(default_factory=list)
    """Every answer in order: an HTTP status (with its error), a dropped connection, or a
    command line's exit status and first line of stderr."""
    number: int | None = None
    """The deal number it was told is stored (a 201, or the CLI's JSON)."""
    refused_busy: bool = False
    """Told "busy, try again" by the command line: nothing may be stored."""
    killed: bool = False


@dataclass
class Table:
    """One run: the ledger, the server's address, and everything that was said."""

    db: Path
    folder: Path
    url: str = ""
    seed: int = 0
    sent: list[Sent] = field(default_factory=list)
    findings: dict[str, list[str]] = field(default_factory=dict)
    """What went wrong, by kind (:data:`KINDS`)."""
    backups: list[dict[Rack, int]] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)
    timeline: list[str] = field(default_factory=list)
    until: float = 0.0
    """When the writers stop starting new deals, if each kind has stored something."""
    cap: float = 0.0
    """When they stop in any case."""
    enough: threading.Event = field(default_factory=threading.Event)
    """Set when the run has done what it is for (the killed laptop's kills): stop sooner."""
    started: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, sent: Sent) -> Sent:
        with self.lock:
            self.sent.append(sent)
        return sent

    def found(self, kind: str, problem: str) -> None:
        assert kind in KINDS, kind
        with self.lock:
            self.findings.setdefault(kind, []).append(problem)

    def writing(self) -> bool:
        """Whether a writer starts another deal."""
        now = time.monotonic()
        if self.enough.is_set() or now >= self.cap:
            return False
        return now < self.until or not self.everyone_wrote()

    def everyone_wrote(self) -> bool:
        """Whether the phones, the laptop's loops and the backups have each stored something
        (on a slow machine 10 s may not be enough for a command-line deal)."""
        done = ("201 stored", "laptop deals stored", "backups")
        return all(self.counts[what] for what in done)

    def mark(self, moment: str) -> None:
        """Note when something happened (seconds from the start), for the report."""
        self.timeline.append(f"{moment} {time.monotonic() - self.started:.1f} s")

    def count(self, what: str) -> None:
        with self.lock:
            self.counts[what] += 1


def guarded(table: Table, name: str, work: Callable[[], None]) -> threading.Thread:
    """A daemon thread running ``work``; an exception in it is a finding, never lost."""

    def run() -> None:
        try:
            work()
        except Exception as error:
            table.found(HANG, f"{name} stopped on {type(error).__name__}: {error}")

    thread = threading.Thread(target=run, name=name, daemon=True)
    thread.start()
    return thread


def client(table: Table, timeout: float = 30.0) -> httpx.Client:
    """An HTTP client for the server on loopback (no proxy from the environment)."""
    return httpx.Client(base_url=table.url, timeout=timeout, trust_env=False)


# -- the server ------------------------------------------------------------------------------------


@contextmanager
def serving(table: Table) -> Iterator[subprocess.Popen[bytes]]:
    """``intlscore serve --db DB --port 0`` as its own process, until the block ends."""
    out = (table.folder / "serve.out").open("wb")
    err = (table.folder / "serve.err").open("wb")
    server = subprocess.Popen(
        intlscore("serve", "--db", str(table.db), "--port", "0"),
        stdout=out,
        stderr=err,
        env=environment(table.db),
    )
    try:
        deadline = time.monotonic() + 60
        while not table.url:
            said = (table.folder / "serve.out").read_text(errors="replace")
            if found := re.search(r"Open (http://127\.0\.0\.1:\d+)/", said):
                table.url = found.group(1)
            elif server.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(
                    f"intlscore serve did not start: {said} {server_errors(table)}"
                )
            else:
                time.sleep(0.05)
        yield server
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
            table.found(HANG, "intlscore serve did not stop within 15 s of SIGTERM")
        out.close()
        err.close()


def server_errors(table: Table) -> str:
    text = (table.folder / "serve.err").read_text(errors="replace").strip()
    return f"(the server's stderr: {text[-3000:]})" if text else ""


# -- the phones ------------------------------------------------------------------------------------


def retry_after(response: httpx.Response) -> float:
    """The wait a 503 asks for (seconds), kept between 0.1 and 5."""
    try:
        return min(5.0, max(0.1, float(response.headers["Retry-After"])))
    except (KeyError, ValueError):
        return 1.0


def phone(table: Table, index: int, racks: Racks) -> None:
    """Post keyed deals while the run lasts; each is sent again, with its key, until answered."""
    with client(table) as http:
        turn = index
        while table.writing():
            rack = racks.next()
            sent = table.add(Sent(f"phone {index}", rack))
            key = f'"torture-{table.seed}-{index}-{turn}"'
            body = deal_of(rack, turn)
            give_up = time.monotonic() + RETRY_WINDOW
            while True:
                if time.monotonic() > give_up:
                    table.found(
                        REFUSED, f"phone {index} gave up its deal with rack {rack}: {sent.answers}"
                    )
                    break
                try:
                    reply = http.post(
                        f"/api/session/{SESSION}/deal", json=body, headers={"Idempotency-Key": key}
                    )
                except httpx.TransportError as error:  # dropped: send it again, same key
                    sent.answers.append(f"dropped ({type(error).__name__})")
                    table.count("dropped connections")
                    time.sleep(0.2)
                    continue
                if reply.status_code == 503:
                    sent.answers.append("503")
                    table.count("503 busy")
                    if "Retry-After" not in reply.headers:
                        table.found(PROTOCOL, f"a 503 without Retry-After: {reply.text}")
                    time.sleep(retry_after(reply))
                    continue
                error = "" if reply.status_code == 201 else f" {reply.text.strip()}"
                sent.answers.append(f"{reply.status_code}{error}")
                if reply.status_code == 201:
                    deal = reply.json()["deal"]
                    sent.number = deal["number"]
                    if racks_in({"deals": [deal]}) != {rack_of(rack): deal["number"]}:
                        table.found(
                            PROTOCOL, f"phone {index} was answered another deal: {reply.text}"
                        )
                    table.count("201 stored")
                else:
                    table.found(
                        REFUSED,
                        f"phone {index}'s good deal (rack {rack}) was answered"
                        f" {reply.status_code}:{error}",
                    )
                break
            turn += len(PLAYERS) + 1


# -- the laptop ------------------------------------------------------------------------------------


def laptop(table: Table, index: int, racks: Racks, kill: random.Random | None = None) -> None:
    """``intlscore session deal`` in a loop, one process per deal. With ``kill``, every
    other process is killed with SIGKILL at a random moment of its life (start-up, the
    write, the answer), and the loop goes on with the next deal, until it has been killed
    :data:`KILLS` times and has reported deals stored."""
    turn = index
    lifetime = 1.0  # how long the last whole process took: kills fall within one
    for round_ in itertools.count():
        if not table.writing():
            break
        rack = racks.next()
        sent = table.add(Sent(f"laptop {index}", rack))
        deadline = PROCESS_TIMEOUT
        if kill is not None and round_ % 2 == 0:
            deadline = kill.uniform(0.05, 1.2) * lifetime
        begun = time.monotonic()
        process = subprocess.Popen(
            intlscore(*command_line(deal_of(rack, turn), table.db)),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environment(table.db),
        )
        try:
            try:
                out, err = process.communicate(timeout=deadline)
                lifetime = time.monotonic() - begun
            except subprocess.TimeoutExpired:
                if deadline == PROCESS_TIMEOUT:
                    table.found(HANG, f"laptop {index}: intlscore session deal hung ({rack})")
                process.send_signal(signal.SIGKILL)
                out, err = process.communicate(timeout=PROCESS_TIMEOUT)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        status = process.returncode
        first = (err.decode(errors="replace").strip().splitlines() or [""])[0]
        sent.answers.append(f"exit {status} {first}".strip())
        sent.killed = status == -signal.SIGKILL
        table.count("laptop processes killed" if sent.killed else "laptop processes")
        try:  # what it reported stored: a whole JSON document on its stdout, killed or not
            reported = json.loads(out)
        except ValueError:
            reported = None
        if reported is not None:
            sent.number = reported["deal"]["number"]
            if racks_in({"deals": [reported["deal"]]}) != {rack_of(rack): sent.number}:
                table.found(PROTOCOL, f"laptop {index} reported another deal: {out.decode()}")
            table.count("laptop deals stored")
        elif sent.killed:
            pass  # killed before it said anything: stored at most once, checked below
        elif status != 0 and "busy" in first:
            sent.refused_busy = True
            table.count("laptop told busy")
        else:
            table.found(
                REFUSED, f"laptop {index}'s good deal (rack {rack}) failed: {sent.answers[-1]}"
            )
        turn += len(PLAYERS) + 1
        mine = [done for done in table.sent if done.writer == sent.writer]
        killed = sum(done.killed for done in mine)
        if kill is not None and killed >= KILLS and any(done.number for done in mine):
            table.enough.set()


# -- the backups -----------------------------------------------------------------------------------


def backups(table: Table) -> None:
    """``intlscore backup`` in a loop; each copy's deals are read at once."""
    made = 0
    while table.writing():
        copy = table.folder / f"backup-{made % 2}.sqlite3"
        run = subprocess.run(
            intlscore("backup", str(copy), "--db", str(table.db)),
            capture_output=True,
            env=environment(table.db),
            timeout=PROCESS_TIMEOUT,
        )
        said = " ".join(run.stderr.decode(errors="replace").split())
        if run.returncode != 0:
            if "busy" not in said:
                table.found(BACKUP, f"intlscore backup failed: exit {run.returncode} {said}")
            table.count("backups told busy")
            continue
        made += 1
        table.count("backups")
        try:
            with Ledger(copy) as ledger:
                deals = [deal.to_dict() for deal in ledger.session(SESSION).deals()]
        except IntlscoreError as error:
            table.found(BACKUP, f"a backup that intlscore backup checked cannot be read: {error}")
            continue
        table.backups.append(racks_in({"deals": deals}))


# -- the page --------------------------------------------------------------------------------------


class Listener:
    """A page following the session: the stream, and a read of the session on each event."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.stop = threading.Event()
        self.heard = threading.Event()
        """A ``hello`` arrived: the page is following."""
        self.stale = threading.Event()
        self.last: dict[str, Any] | None = None
        """The session as the page last read it."""
        self.readings = 0

    def start(self) -> list[threading.Thread]:
        return [
            guarded(self.table, "the live stream", self.follow),
            guarded(self.table, "the page's reads", self.read),
        ]

    def follow(self) -> None:
        """``GET /api/events?session=NAME``, reconnecting after a drop as a browser does."""
        timeout = httpx.Timeout(30.0, read=60.0)  # the server pings every 15 s
        with client(self.table, timeout=60.0) as http:
            while not self.stop.is_set():
                try:
                    with http.stream(
                        "GET", "/api/events", params={"session": SESSION}, timeout=timeout
                    ) as response:
                        if response.status_code != 200:
                            self.table.found(
                                LIVE, f"the live stream answered {response.status_code}"
                            )
                            time.sleep(1)
                            continue
                        self.events(response.iter_lines())
                except httpx.TransportError:
                    pass
                if not self.stop.is_set():
                    self.table.count("live stream reconnects")
                    time.sleep(1)

    def events(self, lines: Iterator[str]) -> None:
        kind = ""
        for line in lines:
            if self.stop.is_set():
                return
            if line.startswith("event:"):
                kind = line.partition(":")[2].strip()
            elif not line and kind:
                self.table.count(f"live {kind} events")
                if kind in ("hello", "ledger"):
                    self.stale.set()
                if kind == "hello":
                    self.heard.set()
                kind = ""

    def read(self) -> None:
        """Read the session again after each event (the newest reading wins, as on the page)."""
        with client(self.table) as http:
            while not self.stop.is_set():
                if not self.stale.wait(0.1):
                    continue
                self.stale.clear()
                try:
                    reply = http.get(f"/api/session/{SESSION}")
                except httpx.TransportError:
                    self.stale.set()
                    time.sleep(0.2)
                    continue
                if reply.status_code == 503:
                    self.stale.set()
                    time.sleep(retry_after(reply))
                elif reply.status_code != 200:
                    self.table.found(
                        REFUSED, f"the page's read answered {reply.status_code}: {reply.text}"
                    )
                    time.sleep(0.5)
                else:
                    self.last = reply.json()
                    self.readings += 1

    def shows(self, wanted: Callable[[dict[str, Any]], bool], within: float) -> bool:
        """Whether the page's reading comes to satisfy ``wanted`` within ``within`` seconds."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            if self.last is not None and wanted(self.last):
                return True
            time.sleep(0.05)
        return self.last is not None and wanted(self.last)


# -- the run ---------------------------------------------------------------------------------------


def play_at_the_table(
    folder: Path, seconds: float, at_most: float, *, kill_laptop: bool = False
) -> Table:
    """Everything at once for ``seconds`` (and until each writer has stored something, up
    to ``at_most``), then the laptop alone; returns what was said.

    Only what is needed to judge the run is asserted here (the server starts, the page
    follows); the rest is :func:`judge`'s."""
    db = folder / "ledger.sqlite3"
    with Ledger(db) as ledger:
        ledger.create_session(SESSION, list(PLAYERS))
    table = Table(db, folder, seed=int.from_bytes(os.urandom(4), "big"))
    racks = Racks()
    with serving(table):
        table.mark("served")
        listener = Listener(table)
        threads = listener.start()
        try:
            assert listener.heard.wait(60), "the live stream never said hello"
            table.mark("followed")
            table.until = time.monotonic() + seconds
            table.cap = time.monotonic() + at_most
            killer = random.Random(table.seed) if kill_laptop else None
            writers = [
                *(
                    guarded(table, f"phone {i}", lambda i=i: phone(table, i, racks))
                    for i in range(PHONES)
                ),
                *(
                    guarded(
                        table,
                        f"laptop {i}",
                        lambda i=i: laptop(table, i, racks, killer if i == 0 else None),
                    )
                    for i in range(LAPTOP_LOOPS)
                ),
                guarded(table, "backups", lambda: backups(table)),
            ]
            for writer in writers:
                writer.join(max(1.0, table.cap + RETRY_WINDOW + PROCESS_TIMEOUT - time.monotonic()))
                if writer.is_alive():
                    table.found(HANG, f"{writer.name} did not finish: a hang")
            table.mark("everyone stopped")
            the_laptop_alone(table, listener, racks)
            table.mark("the laptop alone done")
        finally:
            listener.stop.set()
    table.mark("server stopped")
    for thread in threads:  # the server is gone: the stream ends
        thread.join(10)
    return table


def the_laptop_alone(table: Table, listener: Listener, racks: Racks) -> None:
    """The command line writes alone: the page must see each of its deals, and at last
    show exactly what the server serves."""
    blind = False
    for turn in range(AT_THE_END):
        rack = racks.next()
        sent = table.add(Sent("the laptop alone", rack))
        run = subprocess.run(
            intlscore(*command_line(deal_of(rack, turn), table.db)),
            capture_output=True,
            env=environment(table.db),
            timeout=PROCESS_TIMEOUT,
        )
        sent.answers.append(f"exit {run.returncode} {run.stderr.decode(errors='replace')}")
        if run.returncode != 0:
            table.found(REFUSED, f"a command-line deal alone failed: {sent.answers[-1]}")
            continue
        sent.number = json.loads(run.stdout)["deal"]["number"]
        if blind:
            continue
        if not listener.shows(lambda page, rack=rack: rack_of(rack) in racks_in(page), LIVE_WAIT):
            blind = True
            table.found(
                LIVE,
                f"the live page never showed deal {sent.number}, written by the command line"
                f" alone ({LIVE_WAIT:.0f} s): it went blind to other processes' writes",
            )
    served = final_reading(table)
    if served is None:
        return
    if not listener.shows(lambda page: page == served, 2.0 if blind else LIVE_WAIT):
        shown = None if listener.last is None else len(listener.last["deals"])
        table.found(
            LIVE,
            f"the live page's last reading ({shown} deals) is not the final state"
            f" ({len(served['deals'])} deals)",
        )


def final_reading(table: Table) -> dict[str, Any] | None:
    """The session as the server serves it once everyone has stopped (None: it could not)."""
    with client(table) as http:
        deadline = time.monotonic() + RETRY_WINDOW
        while True:
            reply = http.get(f"/api/session/{SESSION}")
            if reply.status_code != 503 or time.monotonic() > deadline:
                break
            time.sleep(retry_after(reply))
    if reply.status_code != 200:
        table.found(
            REFUSED,
            f"the session, read when all was quiet, answered {reply.status_code}: {reply.text}",
        )
        return None
    served: dict[str, Any] = reply.json()
    return served


# -- the verdict -----------------------------------------------------------------------------------


def judge(table: Table) -> dict[str, list[str]]:
    """Everything that went wrong, by kind: what was said, against what the ledger holds."""
    try:
        with Ledger(table.db) as ledger:
            deals = [deal.to_dict() for deal in ledger.session(SESSION).deals()]
    except IntlscoreError as error:
        table.found(CHECK, f"the ledger cannot be read after the run: {error}")
        deals = []
    numbers = Counter(deal["number"] for deal in deals)
    for number, times in numbers.items():
        if times > 1:
            table.found(STORED_TWICE, f"the ledger holds deal {number} {times} times")
    stored = Counter(rack_of(rack) for deal in deals for _, rack in deal["input"]["racks"])
    where = racks_in({"deals": deals})
    mine = {rack_of(sent.rack) for sent in table.sent}
    for rack in stored.keys() - mine:
        table.found(PROTOCOL, f"the ledger holds a deal nobody sent: {' '.join(sorted(rack))}")
    told = Counter(sent.number for sent in table.sent if sent.number is not None)
    for number, times in told.items():
        if times > 1:
            table.found(NUMBER_TWICE, f"deal {number} was confirmed to {times} different writes")
    for sent in table.sent:
        judge_one(table, sent, stored[rack_of(sent.rack)], where.get(rack_of(sent.rack)))
    for copy in table.backups:
        for rack, number in copy.items():
            if where.get(rack) != number:
                table.found(
                    BACKUP,
                    f"a backup held deal {number} (rack {' '.join(sorted(rack))}), which the"
                    f" ledger no longer holds as deal {number}",
                )
    check = subprocess.run(
        intlscore("session", "check", "--all", "--db", str(table.db)),
        capture_output=True,
        env=environment(table.db),
        timeout=PROCESS_TIMEOUT,
    )
    if check.returncode != 0:
        said = (check.stdout + check.stderr).decode(errors="replace")
        table.found(CHECK, f"session check --all: exit {check.returncode}: {said}")
    connection = sqlite3.connect(table.db)
    try:
        integrity = connection.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.DatabaseError as error:
        integrity = [(f"{type(error).__name__}: {error}",)]
    finally:
        connection.close()
    if integrity != [("ok",)]:
        table.found(CHECK, f"PRAGMA integrity_check: {integrity}")
    # the server logs warnings and errors only (serve's log level): a quiet evening says
    # nothing there, and a traceback or "response not completed" is a defect
    if said := (table.folder / "serve.err").read_text(errors="replace").strip():
        table.found(SERVER, said[-2000:])
    table.mark("judged")
    return table.findings


def judge_one(table: Table, sent: Sent, times: int, number: int | None) -> None:
    """One deal sent: stored at most once; if confirmed, stored once under its number."""
    if times > 1:
        table.found(
            STORED_TWICE, f"{sent.writer}'s deal (rack {sent.rack}) is stored {times} times"
        )
    if sent.number is not None and times == 0:
        table.found(
            LOST,
            f"deal {sent.number}, confirmed to {sent.writer} (rack {sent.rack}), is not in the"
            f" ledger; it was told: {sent.answers}",
        )
    elif sent.number is not None and number != sent.number:
        table.found(
            RENUMBERED,
            f"{sent.writer} was told deal {sent.number} (rack {sent.rack}); the ledger has it"
            f" as deal {number}",
        )
    if sent.refused_busy and times:
        table.found(
            BUSY_STORED, f"{sent.writer} was told busy, yet its deal is stored: {sent.rack}"
        )


def verdict(table: Table) -> str:
    """The run in a few lines: what was done, and each kind of problem with examples."""
    done = ", ".join(f"{what} {n}" for what, n in sorted(table.counts.items()))
    lines = [f"seed {table.seed}: {done}", "; ".join(table.timeline)]
    for kind in KINDS:
        found = table.findings.get(kind, [])
        if found:
            lines.append(f"{kind}: {len(found)}")
            lines += [f"  - {problem[:400]}" for problem in found[:4]]
    return "\n".join([*lines, server_errors(table)])


def test_the_table_loses_nothing_confirmed(tmp_path: Path) -> None:
    table = play_at_the_table(tmp_path, WRITING, WRITING_AT_MOST)
    assert not judge(table), verdict(table)
    assert table.everyone_wrote(), verdict(table)
    print(verdict(table))  # what was done, for -rP


@pytest.mark.stress
def test_a_killed_laptop_writer_loses_nothing_it_reported(tmp_path: Path) -> None:
    table = play_at_the_table(tmp_path, KILLING, KILLING, kill_laptop=True)
    assert not judge(table), verdict(table)
    killed = [sent for sent in table.sent if sent.writer == "laptop 0" and sent.killed]
    reported = [sent for sent in table.sent if sent.writer == "laptop 0" and sent.number]
    assert len(killed) >= KILLS and reported, verdict(table)
    print(verdict(table))
