"""How the ledger's costs grow with ten years of a weekly table (issue 28): ratios to 10 deals.

Ledgers of 10 to 10,000 deals, in 1, 50 and 520 sessions (a club that plays 20 deals an
evening, once a week, for ten years, has 520 sessions and 10,400 deals), are measured
side by side in one run, each cost as a ratio to the same cost on a ledger of one session
with 10 deals:

- ``open``: opening the ledger and the session through the API (``Ledger``, ``session``),
  the CPU time of this process: the file is inspected once a process (``quick_check``
  reads every page), which a server does once for its whole life;
- ``append``: one more deal on the open ledger (``session.deal``), the CPU time of this
  process: the write itself, which a server does for every deal;
- ``show``, ``show --json``, ``check --all``, ``stats``, ``standings``, ``export``,
  ``backup``: the command line as a user runs it, the whole process's CPU time (user +
  system, from ``wait4``); ``show`` names the newest session. Each copy has had
  ``standings`` run once before the deals measured (not measured), as a club's ledger
  has: the ratings walk is kept from then on and ``standings`` goes on from it;
- ``/club`` and ``/api/stats``: the server's CPU time for one page, measured in this
  process with the app (``create_app``, Starlette's test client) and ``time.process_time``
  (which counts every thread): the app has served both once, then each is fetched right
  after a deal was added, as at a table where the page is fetched again after every deal.

Each round measures every ledger once, in turn, so a busy machine slows them alike. The
tables give the median and the worst over the rounds; the ratios are to the median of
the 10-deal ledger, as ``benchmarks/bench_cli.py`` does. Never asserts. Issue 28's
targets, at 520 sessions and 10,400 deals: ``stats`` and ``standings`` within 2.5x,
``/club`` and ``/api/stats`` under 100 ms, appends within 1.5x (at 5,000 deals in one
session).

The ledgers are made once and kept under ``--cache`` (a temporary folder by default),
keyed by the ledger code's own source, so a changed ledger builds new ones: a pool of
realistic deals (random racks drawn from one set of tiles, open, foot, closed and drawn
deals, eight players in six foursomes) is recorded through the API, exported, and
assembled into each ledger's sessions, which ``intlscore import`` stores in one
transaction (re-scoring and checking every deal). Each round works on its own copy.

    python benchmarks/bench_ledger.py                    # 10 to 1,000 deals, 1 and 50 sessions
    python benchmarks/bench_ledger.py --full             # up to 10,000 deals, 520 sessions
    python benchmarks/bench_ledger.py --deals 10 5000 --sessions 1 --rounds 5
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import os
import platform
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench_cli import cpu_seconds

CLUB = ("ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal")
FOURSOMES = (
    ("ann", "bob", "cat", "dan"),
    ("eve", "fay", "gus", "hal"),
    ("ann", "cat", "eve", "gus"),
    ("bob", "dan", "fay", "hal"),
    ("ann", "bob", "eve", "fay"),
    ("cat", "dan", "gus", "hal"),
)
POOL = 60
"""Distinct deals recorded for each foursome; the ledgers' sessions draw from them."""
CLOSED_HANDS = (
    ("k1-13 k1", "r5"),
    ("r1-13 r1", "b9"),
    ("k5 r5 b5 k7 r7 b7 k9 r9 b9 o9 k11 r11 b11 o11", "o3"),
    ("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b7 b7", "o12"),
    ("r1-7 b1-7", "k13"),
)
"""Closed wins that score (a Royal, groups, seven pairs, a little wave)."""
BASE = (1, 10)
"""The ledger every cost is compared with: one session, 10 deals."""
COMMANDS: dict[str, Callable[[str, Path], list[str]]] = {
    "show": lambda name, scratch: ["session", "show", name],
    "show --json": lambda name, scratch: ["session", "show", name, "--json"],
    "check --all": lambda name, scratch: ["session", "check", "--all"],
    "stats": lambda name, scratch: ["stats"],
    "standings": lambda name, scratch: ["standings"],
    "export": lambda name, scratch: ["export"],
    "backup": lambda name, scratch: ["backup", str(scratch / "backup.sqlite3")],
}
MEASURES = ("open", "append", *COMMANDS, "/club", "/api/stats")


@dataclass(frozen=True)
class Layout:
    """A ledger to measure: ``sessions`` evenings holding ``deals`` deals in all."""

    sessions: int
    deals: int

    @property
    def label(self) -> str:
        return f"{self.sessions} x {self.deals // self.sessions}"

    @property
    def newest(self) -> str:
        return evening(self.sessions - 1)


def evening(index: int) -> str:
    return f"evening-{index + 1:03d}"


def layouts(deals: list[int], sessions: list[int]) -> list[Layout]:
    """Every number of deals in every number of sessions (rounded up to whole evenings, so
    10,000 deals in 520 sessions is the club's 10,400), the 10-deal ledger first."""
    found = {Layout(*BASE)}
    for count in sessions:
        for total in deals:
            if total >= count:
                found.add(Layout(count, -(-total // count) * count))
    return sorted(
        found, key=lambda layout: (layout != Layout(*BASE), layout.deals, layout.sessions)
    )


# -- building the ledgers --------------------------------------------------------------------------


def intlscore(*argv: str) -> list[str]:
    """The command line of the installed intlscore, under this Python."""
    return [sys.executable, "-m", "intlscore.faces.cli", *argv]


def environment() -> dict[str, str]:
    env = dict(os.environ, COLUMNS="80", NO_COLOR="1")
    env.pop("INTLSCORE_DB", None)
    return env


def code_key() -> str:
    """A digest of the ledger's code and this script: a change to either builds anew."""
    import intlscore.session as package

    digest = hashlib.sha256(Path(__file__).read_bytes())
    for source in sorted(Path(package.__file__).parent.rglob("*.py")):
        digest.update(source.read_bytes())
    return digest.hexdigest()[:12]


def random_deal(players: tuple[str, ...], rng: random.Random) -> dict[str, Any]:
    """A deal as ``Session.deal`` takes it, with racks drawn from one set of 106 tiles."""
    from intlscore.engine.notation import parse_tiles

    deck = [f"{colour}{number}" for colour in "krbo" for number in range(1, 14)] * 2 + ["*"] * 2
    rng.shuffle(deck)
    roll = rng.random()
    kind = "open" if roll < 0.6 else "foot" if roll < 0.8 else "closed" if roll < 0.87 else "none"
    winner = None if kind == "none" else rng.choice(players)
    deal: dict[str, Any] = {"kind": kind, "winner": winner, "racks": {}, "not_melded": []}
    if kind == "closed":
        tiles, discard = rng.choice(CLOSED_HANDS)
        for tile in [*map(str, parse_tiles(tiles)), discard]:
            deck.remove(tile)
        deal |= {"closed": tiles, "discard": discard}
    for player in players:
        if player == winner:
            continue
        if kind != "none" and rng.random() < 0.25:
            deal["not_melded"].append(player)
        else:
            deal["racks"][player] = " ".join(deck.pop() for _ in range(rng.randint(1, 8)))
    return deal


def build_pool(folder: Path) -> dict[str, Any]:
    """The export (``intlscore export``) of one session per foursome, ``POOL`` deals each."""
    from intlscore.session.ledger import Ledger

    rng = random.Random(28)
    path = folder / "pool.sqlite3"
    with Ledger(path) as ledger:
        for index, players in enumerate(FOURSOMES):
            session = ledger.create_session(f"pool-{index}", list(players))
            for _ in range(POOL):
                session.deal(**random_deal(players, rng))
    exported = folder / "pool.json"
    run(intlscore("export", "--db", str(path), "--output", str(exported)))
    pool: dict[str, Any] = json.loads(exported.read_text(encoding="utf-8"))
    return pool


def assemble(pool: dict[str, Any], layout: Layout) -> dict[str, Any]:
    """An export of ``layout``: weekly evenings, each a foursome's deals drawn from its pool."""
    rng = random.Random(layout.sessions * 100_003 + layout.deals)
    first = datetime(2016, 1, 8, 19, 0, tzinfo=UTC)
    sessions = []
    each = layout.deals // layout.sessions
    for index in range(layout.sessions):
        template = pool["sessions"][index % len(FOURSOMES)]
        day = first + timedelta(weeks=index)
        record = copy.deepcopy(template["record"]) | {
            "name": evening(index),
            "created": day.isoformat(timespec="seconds"),
        }
        entries = []
        for number in range(1, each + 1):
            entry = copy.deepcopy(rng.choice(template["entries"]))
            moment = day + timedelta(minutes=6 * number)
            entries.append(
                entry | {"number": number, "created": moment.isoformat(timespec="seconds")}
            )
        sessions.append({"name": evening(index), "record": record, "entries": entries})
    return {"format": pool["format"], "sessions": sessions, "renames": []}


def built(layout: Layout, cache: Path, pool: Callable[[], dict[str, Any]]) -> Path:
    """The cached ledger of ``layout``, made (through ``intlscore import``) if missing."""
    path = cache / f"ledger-{layout.sessions}-{layout.deals}.sqlite3"
    if path.exists():
        return path
    started = time.monotonic()
    document = cache / f"ledger-{layout.sessions}-{layout.deals}.json"
    document.write_text(json.dumps(assemble(pool(), layout)), encoding="utf-8")
    making = cache / f".making-{path.name}"
    for stale in (making, Path(f"{making}-wal"), Path(f"{making}-shm")):
        stale.unlink(missing_ok=True)
    run(intlscore("import", str(document), "--db", str(making)))
    copy_ledger(making, path)  # one file, checkpointed: no WAL beside it
    for done in (making, Path(f"{making}-wal"), Path(f"{making}-shm"), document):
        done.unlink(missing_ok=True)
    print(f"built {layout.label} in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return path


def copy_ledger(source: Path, target: Path) -> None:
    """A copy made by SQLite (its online backup), never by copying the files."""
    target.unlink(missing_ok=True)
    reader = sqlite3.connect(source)
    writer = sqlite3.connect(target)
    try:
        reader.backup(writer)
        writer.execute("PRAGMA journal_mode = DELETE")  # the copy is one file
    finally:
        writer.close()
        reader.close()


def run(argv: list[str]) -> None:
    done = subprocess.run(argv, capture_output=True, env=environment())
    if done.returncode != 0:
        raise SystemExit(f"{argv} exited {done.returncode}: {done.stderr.decode(errors='replace')}")


# -- measuring -------------------------------------------------------------------------------------


@contextmanager
def cpu() -> Iterator[list[float]]:
    """The CPU time of this process (every thread) spent in the block, in ``[0]`` after it."""
    spent = [0.0]
    start = time.process_time()
    yield spent
    spent[0] = time.process_time() - start


NEXT_DEAL = {"kind": "open", "winner": "ann", "racks": {"bob": "r5 b7 k3"}, "not_melded": []}


def one_more_deal(db: Path, name: str) -> tuple[float, float]:
    """Append one deal to session ``name`` through the API; the CPU time opening the ledger
    and the session took, and the time the write took."""
    from intlscore.session.ledger import Ledger

    with cpu() as opening:
        ledger = Ledger(db)
        session = ledger.session(name)
    try:
        players = session.players
        deal = {**NEXT_DEAL, "winner": players[0], "racks": {players[1]: "r5 b7 k3"}}
        deal["not_melded"] = list(players[2:])
        with cpu() as spent:
            session.deal(**deal)
    finally:
        ledger.close()
    return opening[0], spent[0]


def server_cpu(db: Path, name: str) -> tuple[float, float, int]:
    """``/club`` and ``/api/stats`` as a table sees them: a running server (whatever it
    keeps between requests, it has), each page fetched right after a new deal. The
    server's CPU time for each, and the size of the club page in bytes."""
    from starlette.testclient import TestClient

    from intlscore.faces.web.app import create_app

    with TestClient(create_app(db=db, allowed_hosts=["testserver"])) as client:
        for warm_up in ("/club", "/api/stats"):
            client.get(warm_up)
        one_more_deal(db, name)
        with cpu() as club:
            page = client.get("/club")
        one_more_deal(db, name)
        with cpu() as stats:
            answer = client.get("/api/stats")
    for reply in (page, answer):
        if reply.status_code != 200:
            raise SystemExit(f"{reply.request.url}: {reply.status_code} {reply.text[:300]}")
    return club[0], stats[0], len(page.content)


def measure(layout: Layout, cached: Path, scratch: Path) -> dict[str, float]:
    """Every cost of one ledger, once, on a fresh copy of it."""
    db = scratch / "ledger.sqlite3"
    for old in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
        old.unlink(missing_ok=True)
    copy_ledger(cached, db)
    # not measured: a club's ledger has had its standings read before (the ratings walk is
    # kept from then on, issue 28), and the first open turns the copy to WAL
    run(intlscore("standings", "--db", str(db)))
    one_more_deal(db, layout.newest)
    opening, append = one_more_deal(db, layout.newest)
    costs = {"open": opening, "append": append}
    for measure_name, argv in COMMANDS.items():
        command = intlscore(*argv(layout.newest, scratch), "--db", str(db))
        costs[measure_name] = cpu_seconds(command, environment())
    costs["/club"], costs["/api/stats"], costs["club page bytes"] = server_cpu(db, layout.newest)
    return costs


# -- the report ------------------------------------------------------------------------------------


def report(results: dict[Layout, list[dict[str, float]]], rounds: int) -> str:
    base = results[Layout(*BASE)]
    base_median = {name: statistics.median(r[name] for r in base) for name in MEASURES}
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    lines = [
        f"{datetime.now(UTC):%d %B %Y, %H:%M} UTC; {rounds} rounds; load average {load};"
        f" Python {platform.python_version()}; SQLite {sqlite3.sqlite_version}",
        "",
        "Cost as a ratio to the same cost on one session of 10 deals: median (worst).",
        "",
        "| sessions x deals each | deals | " + " | ".join(f"`{name}`" for name in MEASURES) + " |",
        "|---|---:|" + "---:|" * len(MEASURES),
    ]
    for layout, costs in results.items():
        cells = []
        for name in MEASURES:
            values = [cost[name] for cost in costs]
            median, worst = statistics.median(values), max(values)
            cells.append(f"{median / base_median[name]:.1f}x ({worst / base_median[name]:.1f}x)")
        lines.append(f"| {layout.label} | {layout.deals:,} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "CPU time, median (worst), in ms; the club page's size in KiB.",
        "",
        "| sessions x deals each | "
        + " | ".join(f"`{name}`" for name in MEASURES)
        + " | `/club` KiB |",
        "|---|" + "---:|" * (len(MEASURES) + 1),
    ]
    for layout, costs in results.items():
        cells = []
        for name in MEASURES:
            values = [cost[name] for cost in costs]
            cells.append(f"{statistics.median(values) * 1000:,.0f} ({max(values) * 1000:,.0f})")
        size = statistics.median(cost["club page bytes"] for cost in costs) / 1024
        lines.append(f"| {layout.label} | " + " | ".join(cells) + f" | {size:,.0f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--deals", type=int, nargs="+", default=[10, 100, 1000], help="numbers of deals"
    )
    parser.add_argument(
        "--sessions", type=int, nargs="+", default=[1, 50], help="numbers of sessions"
    )
    parser.add_argument(
        "--full",
        action="store_true",
        help="the whole table: 10 to 10,000 deals in 1, 50 and 520 sessions",
    )
    parser.add_argument("--rounds", type=int, default=3, help="measurements of each ledger")
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "intlscore-bench-ledger",
        help="where the built ledgers are kept between runs",
    )
    args = parser.parse_args()
    if args.full:
        args.deals, args.sessions = [10, 100, 1000, 5000, 10000], [1, 50, 520]
    if min(args.deals) < 1 or min(args.sessions) < 1 or args.rounds < 1:
        parser.error("give positive numbers")
    cache = args.cache / code_key()
    cache.mkdir(parents=True, exist_ok=True)
    made: dict[str, Any] = {}

    def pool() -> dict[str, Any]:
        if "pool" not in made:
            with tempfile.TemporaryDirectory() as folder:
                made["pool"] = build_pool(Path(folder))
        pooled: dict[str, Any] = made["pool"]
        return pooled

    chosen = layouts(args.deals, args.sessions)
    cached = {layout: built(layout, cache, pool) for layout in chosen}
    results: dict[Layout, list[dict[str, float]]] = {layout: [] for layout in chosen}
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        for round_ in range(args.rounds):
            for layout in chosen:
                results[layout].append(measure(layout, cached[layout], scratch))
            print(f"round {round_ + 1} of {args.rounds} done", file=sys.stderr)
        shutil.rmtree(scratch, ignore_errors=True)
    print(report(results, args.rounds))


if __name__ == "__main__":
    main()
