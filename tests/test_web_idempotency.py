"""``Idempotency-Key`` on every write of the JSON API (issue 18).

A phone that loses the answer to a write sends it again with the same key: the ledger
stores it once and the retry gets the first answer, byte for byte. The last test kills a
real server process between the commit and the answer, as a power cut or ``kill -9`` would.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient
from web_fixtures import client, db, no_real_data_dir  # noqa: F401 - the shared fixtures
from web_server import running

from intlscore.faces.web.app import create_app
from intlscore.faces.web.idempotency import HEADER, REPLAYED
from intlscore.session.ledger import Ledger

FOUR = ["ann", "bob", "cat", "dan"]
OPEN_WIN = {
    "kind": "open",
    "winner": "ann",
    "racks": {"bob": "r5 b7 *"},
    "not_melded": ["cat", "dan"],
}
FOOT_WIN = {"kind": "foot", "winner": "bob", "racks": {"ann": "k1", "cat": "o2", "dan": "b3"}}


@pytest.fixture
def friday(client: TestClient) -> str:
    reply = client.post("/api/sessions", json={"name": "friday", "players": FOUR})
    assert reply.status_code == 201, reply.text
    return "/api/session/friday"


def deal_numbers(db: Path) -> list[int]:
    with Ledger(db) as ledger:
        return [deal.number for deal in ledger.session("friday").deals()]


def entry_labels(db: Path) -> list[str]:
    """Every entry of the ledger's history, in order: what was written, once each."""
    connection = sqlite3.connect(db)
    try:
        return [row[0] for row in connection.execute("SELECT label FROM entry ORDER BY id")]
    finally:
        connection.close()


def keyed(key: str) -> dict[str, str]:
    return {HEADER: f'"{key}"'}


def test_a_retried_deal_is_stored_once_and_answered_the_same(
    client: TestClient, friday: str, db: Path
) -> None:
    first = client.post(f"{friday}/deal", json=OPEN_WIN, headers=keyed("deal-a"))
    again = client.post(f"{friday}/deal", json=OPEN_WIN, headers=keyed("deal-a"))
    assert first.status_code == again.status_code == 201
    assert again.content == first.content
    assert first.json()["deal"]["number"] == again.json()["deal"]["number"] == 1
    assert REPLAYED not in first.headers and again.headers[REPLAYED] == "true"
    assert deal_numbers(db) == [1]


def test_the_same_body_in_another_key_order_is_the_same_request(
    client: TestClient, friday: str, db: Path
) -> None:
    client.post(f"{friday}/deal", json=OPEN_WIN, headers=keyed("k"))
    shuffled = dict(reversed(list(OPEN_WIN.items())))
    assert client.post(f"{friday}/deal", json=shuffled, headers=keyed("k")).status_code == 201
    assert deal_numbers(db) == [1]


def test_a_new_key_is_a_new_deal(client: TestClient, friday: str, db: Path) -> None:
    for key in ("one", "two"):
        assert client.post(f"{friday}/deal", json=OPEN_WIN, headers=keyed(key)).status_code == 201
    assert deal_numbers(db) == [1, 2]


def test_without_a_key_every_post_is_a_write(client: TestClient, friday: str, db: Path) -> None:
    for _ in range(2):
        assert client.post(f"{friday}/deal", json=OPEN_WIN).status_code == 201
    assert deal_numbers(db) == [1, 2]


def test_a_retried_undo_undoes_one_deal(client: TestClient, friday: str, db: Path) -> None:
    client.post(f"{friday}/deal", json=OPEN_WIN)
    client.post(f"{friday}/deal", json=FOOT_WIN)
    first = client.post(f"{friday}/undo", json={}, headers=keyed("undo-1"))
    again = client.post(f"{friday}/undo", json={}, headers=keyed("undo-1"))
    assert first.status_code == again.status_code == 200 and again.content == first.content
    assert first.json()["removed"]["number"] == 2
    assert deal_numbers(db) == [1]


def test_a_retried_redo_and_amend_write_once(client: TestClient, friday: str, db: Path) -> None:
    client.post(f"{friday}/deal", json=OPEN_WIN)
    client.post(f"{friday}/undo", json={})
    for _ in range(2):
        assert client.post(f"{friday}/redo", json={}, headers=keyed("redo")).status_code == 200
    assert deal_numbers(db) == [1]
    for _ in range(2):
        reply = client.post(f"{friday}/deal/1", json=FOOT_WIN, headers=keyed("amend"))
        assert reply.status_code == 200 and reply.json()["deal"]["winner"] == "bob"
    assert entry_labels(db) == ["deal 1", "undo of deal 1", "redo of deal 1", "amendment of deal 1"]
    assert deal_numbers(db) == [1]


def test_a_retried_new_session_makes_one_session(client: TestClient, db: Path) -> None:
    body = {"name": "saturday", "players": FOUR}
    first = client.post("/api/sessions", json=body, headers=keyed("new-saturday"))
    again = client.post("/api/sessions", json=body, headers=keyed("new-saturday"))
    assert first.status_code == again.status_code == 201 and again.content == first.content
    without = client.post("/api/sessions", json=body)
    assert without.status_code == 400 and "already" in without.json()["error"]


def test_a_key_reused_with_another_body_is_refused(
    client: TestClient, friday: str, db: Path
) -> None:
    client.post(f"{friday}/deal", json=OPEN_WIN, headers=keyed("k"))
    reply = client.post(f"{friday}/deal", json=FOOT_WIN, headers=keyed("k"))
    assert reply.status_code == 422
    assert reply.json() == {"error": "the Idempotency-Key 'k' was already used for another request"}
    other_path = client.post(f"{friday}/undo", json={}, headers=keyed("k"))
    assert other_path.status_code == 422
    assert deal_numbers(db) == [1]


def test_keys_belong_to_their_session(client: TestClient, friday: str, db: Path) -> None:
    client.post("/api/sessions", json={"name": "saturday", "players": FOUR})
    client.post(f"{friday}/deal", json=OPEN_WIN, headers=keyed("k"))
    reply = client.post("/api/session/saturday/deal", json=OPEN_WIN, headers=keyed("k"))
    assert reply.status_code == 201 and reply.headers.get(REPLAYED) is None
    with Ledger(db) as ledger:
        assert len(ledger.session("saturday").deals()) == 1


def test_a_refused_write_remembers_nothing(client: TestClient, friday: str, db: Path) -> None:
    """Bad input is 400 and stores nothing, the key included: the corrected deal, sent
    with the same key, is then stored."""
    bad = {**OPEN_WIN, "winner": "zed"}
    reply = client.post(f"{friday}/deal", json=bad, headers=keyed("k"))
    assert reply.status_code == 400
    corrected = client.post(f"{friday}/deal", json=OPEN_WIN, headers=keyed("k"))
    assert corrected.status_code == 201 and REPLAYED not in corrected.headers
    assert deal_numbers(db) == [1]


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ('""', "the Idempotency-Key header is empty"),
        ("   ", "the Idempotency-Key header is empty"),
        ("x" * 256, "the Idempotency-Key header is too long (at most 255 characters)"),
        ("caf\u00e9", "the Idempotency-Key header has a character that is not printable ASCII"),
    ],
)
def test_a_bad_key_is_400_and_stores_nothing(
    client: TestClient, friday: str, db: Path, value: str, problem: str
) -> None:
    reply = client.post(f"{friday}/deal", json=OPEN_WIN, headers={HEADER: value.encode()})  # type: ignore[dict-item]
    assert reply.status_code == 400 and reply.json() == {"error": problem}
    assert deal_numbers(db) == []


@pytest.mark.slow
def test_a_server_killed_between_commit_and_answer_stores_the_deal_once(db: Path) -> None:
    """kill -9 of the server right after the commit, before the answer: the phone sees a
    dropped connection and retries with the same key on the restarted server, which finds
    the deal and answers with its number. Exactly one deal is stored."""
    with Ledger(db) as ledger:
        ledger.create_session("friday", FOUR)
    server = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("crash_server.py")), str(db)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])},  # this tree's intlscore
    )
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        host, port = url.removeprefix("http://").split(":")
        deadline = time.monotonic() + 60
        while True:  # until the server listens
            try:
                socket.create_connection((host, int(port)), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the crashing server did not start"
                time.sleep(0.05)
        with pytest.raises(httpx.TransportError):
            httpx.post(
                f"{url}/api/session/friday/deal",
                json=OPEN_WIN,
                headers=keyed("lost-answer"),
                timeout=60,
            )
        assert server.wait(timeout=60) == -9
    finally:
        server.kill()
        server.wait()
    assert deal_numbers(db) == [1]
    with running(create_app(db=db)) as restarted:
        retry: Any = httpx.post(
            f"{restarted}/api/session/friday/deal",
            json=OPEN_WIN,
            headers=keyed("lost-answer"),
            timeout=60,
        )
    assert retry.status_code == 201 and retry.headers[REPLAYED] == "true"
    assert retry.json()["deal"]["number"] == 1
    assert deal_numbers(db) == [1]
