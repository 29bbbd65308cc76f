"""A room of phones on one laptop (issue 43): N live pages on a real ``intlscore serve``, W
writers recording deals, how soon each page hears each deal.

Starts ``intlscore serve`` as its own process on a fresh ledger of W sessions (a table of
four each), opens ``--pages`` live streams spread evenly over the tables (raw sockets,
``tests/live_streams.py``), then starts ``--writers`` processes, one per table, each
recording ``--deals`` deals through the ledger's API, ``--pause`` seconds apart (once every
writer has started, so that no process's start-up competes with the server), and
noting the time (``time.monotonic``, one clock for every process of the machine) right
after each deal's transaction committed. It reports:

- **greeting**: from a page's connection to its ``hello`` (median and worst);
- **told**: from a deal's commit to each page of its table hearing it in an event that
  carries the deal (median and worst over every deal and page);
- **server CPU per deal told**: the server process's CPU time (user + system, from
  ``/proc``) while the writers write, divided by the deals told (each to its table's
  pages), and the same per page told.

Never asserts. The figures of a run are in docs/speed.md.

    python benchmarks/bench_live.py                          # 100 pages, 20 writers
    python benchmarks/bench_live.py --pages 200 --writers 50 --deals 10
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from live_streams import Stream, open_stream, until
from web_server import cli_environment, serve_process

from intlscore.session.ledger import Ledger

PLAYERS = ["ann", "bob", "cat", "dan"]
GUARD = 600.0
"""Seconds after which a wait gives up (a hang guard)."""

WRITER = """
import json, sys, time
from intlscore.session.ledger import Ledger
db, name, deals, pause = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
players = ["ann", "bob", "cat", "dan"]
with Ledger(db, timeout=30) as ledger:
    session = ledger.session(name)
    print("ready", flush=True)
    sys.stdin.readline()  # every writer started: go
    for number in range(deals):
        winner = players[number % 4]
        others = [p for p in players if p != winner]
        deal = session.deal(kind="open", winner=winner, not_melded=others)
        print(json.dumps([deal.number, time.monotonic()]), flush=True)
        time.sleep(pause)
"""


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user + system), from ``/proc`` (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def quantiles(values: list[float]) -> str:
    if not values:
        return "none"
    return f"median {statistics.median(values) * 1000:7.0f} ms   worst {max(values) * 1000:7.0f} ms"


async def run(url: str, db: Path, args: argparse.Namespace, server: int) -> None:
    names = [f"table-{number}" for number in range(1, args.writers + 1)]
    streams: list[Stream] = await asyncio.gather(
        *(open_stream(url, names[page % len(names)]) for page in range(args.pages))
    )
    refused = [stream for stream in streams if stream.status != 200]
    if refused:
        print(f"{len(refused)} pages refused: {refused[0].status} {refused[0].body}")
        return
    await until(streams, lambda stream: stream.named("hello"), GUARD)
    greeting = [stream.events[0][0] - stream.opened for stream in streams]

    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(db), name, str(args.deals), str(args.pause)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=cli_environment(db),
        )
        for name in names
    ]
    for writer in writers:  # started (Python and intlscore loaded) before any deal
        assert writer.stdout is not None
        assert (await asyncio.to_thread(writer.stdout.readline)).strip() == "ready"
    before = cpu_seconds(server)
    for writer in writers:
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.close()
    commits: dict[tuple[str, int], float] = {}
    for name, writer in zip(names, writers, strict=True):
        assert writer.stdout is not None
        out = await asyncio.to_thread(writer.stdout.read)
        await asyncio.to_thread(writer.wait, GUARD)
        for line in out.splitlines():
            number, when = json.loads(line)
            commits[name, number] = when

    def heard_all(stream: Stream) -> bool:
        told = {d["number"] for e in stream.named("ledger") for d in e["news"]["deals"]}
        return len(told) >= args.deals

    await until(streams, heard_all, GUARD)
    spent = cpu_seconds(server) - before
    told: list[float] = []
    for stream in streams:
        assert stream.session is not None
        seen: set[int] = set()
        for when, kind, data in stream.events:
            if kind != "ledger":
                continue
            for deal in data["news"]["deals"]:
                if deal["number"] not in seen:
                    seen.add(deal["number"])
                    told.append(when - commits[stream.session, deal["number"]])
        stream.close()
    deals = len(commits)
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(time.strftime("%d %B %Y, %H:%M UTC", time.gmtime()), f"load average {load}")
    print(
        f"{args.pages} live pages, {args.writers} writers x {args.deals} deals"
        f" ({args.pause} s apart), {platform.python_version()}, {os.cpu_count()} cores"
    )
    print(f"greeting (connect to hello):  {quantiles(greeting)}")
    print(f"told (commit to page):        {quantiles(told)}   ({len(told)} deals heard)")
    print(
        f"server CPU: {spent:.2f} s for {deals} deals: {spent / deals * 1000:.1f} ms a deal"
        f" told to {args.pages // args.writers} pages,"
        f" {spent / len(told) * 1000:.2f} ms a page told"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=100, help="live pages (default 100)")
    parser.add_argument("--writers", type=int, default=20, help="writers, one a table (20)")
    parser.add_argument("--deals", type=int, default=5, help="deals per writer (default 5)")
    parser.add_argument("--pause", type=float, default=0.5, help="seconds between deals")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "ledger.sqlite3"
        with Ledger(db) as ledger:
            for number in range(1, args.writers + 1):
                ledger.create_session(f"table-{number}", PLAYERS)
        streams = str(max(args.pages, 400))
        with serve_process(db, "--streams", streams) as (url, server):
            asyncio.run(run(url, db, args, server.pid))


if __name__ == "__main__":
    main()
