"""What a keyed write costs as the remembered request keys grow (issue 42): ratios to 10 keys.

A phone's every write carries an ``Idempotency-Key``; the ledger remembers each answer
for at least a day (:mod:`intlscore.session.ledger.requests`), and every keyed write first
forgets the keys older than that (``DELETE FROM request_key WHERE created < ?``). Without
an index on ``created`` that statement read the whole table: at 30,000 keys a write cost
11 ms more. Schema 6 adds the index.

Ledgers holding 10, 1,000, 10,000 and 30,000 keys (all younger than a day, so none is
forgotten: the search finds nothing, as in a busy evening) are measured side by side in one
run, each with the index (as the ledger is now) and without it (the index dropped: as
before schema 6). Each measure is one keyed deal through the API
(:meth:`~intlscore.session.ledger.Ledger.once` around ``session.deal``, as the server does),
the CPU time of this process (``time.process_time``). Each round adds one deal to every
ledger in turn, so a busy machine slows them alike; the table gives the median and the
worst over the rounds, in milliseconds, and the median's ratio to the 10-key ledger with
the index. Never asserts.

    python benchmarks/bench_request_keys.py                  # 30 rounds
    python benchmarks/bench_request_keys.py --rounds 100 --keys 10 30000
"""

from __future__ import annotations

import argparse
import platform
import sqlite3
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from intlscore.session.ledger import Ledger, requests
from intlscore.session.ledger.requests import Remembered

PLAYERS = ["ann", "bob", "cat", "dan"]
SCOPE = "session:friday"


def build(path: Path, keys: int, indexed: bool) -> None:
    """A ledger with one session and ``keys`` remembered answers, all of today."""
    with Ledger(path) as ledger:
        ledger.create_session("friday", PLAYERS)
        created = datetime.now(UTC).isoformat(timespec="seconds")

        def fill(connection: sqlite3.Connection) -> None:
            for index in range(keys):
                row = Remembered(SCOPE, f"old-{index}", "f" * 64, 201, '{"deal": 1}')
                requests.remember(connection, row, created)
            if not indexed:
                connection.execute("DROP INDEX request_key_by_created")

        ledger.write(fill)


def keyed_deal(ledger: Ledger, key: str) -> float:
    """One keyed deal, as the server writes it; its CPU seconds."""
    session = ledger.session("friday")

    def deal() -> tuple[int, str]:
        stored = session.deal(kind="open", winner="ann", not_melded=["bob", "cat", "dan"])
        return 201, str(stored.number)

    begun = time.process_time()
    ledger.once(SCOPE, key, "0" * 64, deal)
    return time.process_time() - begun


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30, help="deals per ledger (default 30)")
    parser.add_argument(
        "--keys", type=int, nargs="+", default=[10, 1_000, 10_000, 30_000], help="key counts"
    )
    args = parser.parse_args(argv)
    print(f"python {platform.python_version()}, SQLite {sqlite3.sqlite_version}")
    with tempfile.TemporaryDirectory() as tmp:
        cases = [(keys, indexed) for indexed in (True, False) for keys in args.keys]
        ledgers = {}
        for keys, indexed in cases:
            path = Path(tmp) / f"keys-{keys}-{'index' if indexed else 'scan'}.sqlite3"
            build(path, keys, indexed)
            ledgers[keys, indexed] = Ledger(path)
        times: dict[tuple[int, bool], list[float]] = {case: [] for case in cases}
        try:
            for case in cases:  # once each before measuring: the connections warm
                keyed_deal(ledgers[case], "warm")
            for round_ in range(args.rounds):
                for case in cases:
                    times[case].append(keyed_deal(ledgers[case], f"new-{round_}"))
        finally:
            for ledger in ledgers.values():
                ledger.close()
    base = statistics.median(times[args.keys[0], True])
    print(
        f"one keyed deal, CPU ms over {args.rounds} rounds (ratio: median / {args.keys[0]} keys,"
        " indexed)"
    )
    print(f"{'keys':>8}  {'index':>6}  {'median':>8}  {'worst':>8}  {'ratio':>6}")
    for keys, indexed in cases:
        spent = times[keys, indexed]
        median = statistics.median(spent)
        print(
            f"{keys:>8,}  {'yes' if indexed else 'no':>6}  {median * 1000:8.2f}"
            f"  {max(spent) * 1000:8.2f}  {median / base:6.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
