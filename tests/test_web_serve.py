"""``intlscore serve`` itself: the command, the token over real HTTP, two phones at once.

These run a real uvicorn server on 127.0.0.1 (never another address) and talk to it
with an HTTP client, as phones would.
"""

from __future__ import annotations

import argparse
import io
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from web_server import running

from intlscore.faces.cli import main
from intlscore.faces.commands import serve
from intlscore.faces.web.app import create_app
from intlscore.session.ledger import DB_ENV, Ledger

FOUR = ["ann", "bob", "cat", "dan"]
OPEN_WIN = {"kind": "open", "winner": "ann", "not_melded": ["bob", "cat", "dan"]}


@pytest.fixture(autouse=True)
def no_real_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(DB_ENV, str(tmp_path / "env-ledger.sqlite3"))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "ledger.sqlite3"
    with Ledger(path) as ledger:
        ledger.create_session("friday", FOUR)
    return path


def deal_numbers(db: Path) -> list[int]:
    with Ledger(db) as ledger:
        return [deal.number for deal in ledger.session("friday").deals()]


# -- the command ---------------------------------------------------------------------------------


def test_the_cli_does_not_import_the_web_stack() -> None:
    """Building the whole parser (serve included) loads none of the web stack."""
    code = (
        "import sys; from intlscore.faces.cli import build_parser; build_parser();"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in"
        " ('starlette', 'uvicorn', 'jinja2', 'segno', 'anyio')"
        " or m.startswith('intlscore.faces.web')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parents[1],
    ).stdout
    assert out.strip() == "[]"


def exit_status(argv: list[str]) -> int:
    """The CLI's exit status, whether the parser exits or returns."""
    try:
        return main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


@pytest.mark.parametrize("port", ["http", "-1", "70000"])
def test_a_bad_port_is_one_line(capsys: pytest.CaptureFixture[str], port: str) -> None:
    assert exit_status(["serve", "--port", port]) == 2
    err = capsys.readouterr().err
    assert "is not a port" in err and "Traceback" not in err


def test_a_foreign_ledger_is_refused_before_serving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    foreign = tmp_path / "foreign.sqlite3"
    connection = sqlite3.connect(foreign)
    connection.execute("CREATE TABLE t (x)")
    connection.commit()
    connection.close()
    assert main(["serve", "--db", str(foreign), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "not an intlscore session database" in err and len(err.strip().splitlines()) == 1


def test_a_bad_rules_file_is_refused_before_serving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "house.toml"
    bad.write_text('extends = "internationl"\n', encoding="utf-8")
    ledger = tmp_path / "new.sqlite3"
    assert main(["serve", "--db", str(ledger), "--port", "0", "--rules", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "did you mean 'international'" in err and len(err.strip().splitlines()) == 1
    assert not ledger.exists()  # refused before the ledger is even created


def test_a_port_in_use_is_one_line(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--db", str(db), "--port", str(port)]) == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err


def test_the_address_said_takes_connections_before_the_server_runs(db: Path) -> None:
    """Once ``serve`` has said "Open URL", a phone or browser that connects at once is let in
    (its connection waits in the backlog until the server takes it), never refused. The
    socket used to be bound but not listening until uvicorn started, which on a loaded
    machine left a phone opened right after the line with "connection refused"."""
    out = io.StringIO()
    serving = serve.prepare(argparse.Namespace(db=str(db), port=0, lan=False), out)
    try:
        assert f"Open {serving.url}" in out.getvalue()
        with socket.create_connection(serving.listener.getsockname(), timeout=60):
            pass  # accepted by the kernel although uvicorn has not started
    finally:
        serving.listener.close()


@pytest.fixture
def served(request: pytest.FixtureRequest, db: Path) -> Iterator[tuple[serve.Serving, str]]:
    """``serve`` prepared as the command does it, run in a thread; yields it and its output."""
    out = io.StringIO()
    args = argparse.Namespace(db=str(db), port=0, lan=request.param)
    serving = serve.prepare(args, out)
    thread = threading.Thread(
        target=serving.server.run, kwargs={"sockets": [serving.listener]}, daemon=True
    )
    thread.start()
    deadline = time.monotonic() + 60  # a hang guard: it starts in a fraction of a second
    while not serving.server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        yield serving, out.getvalue()
    finally:
        serving.server.should_exit = True
        thread.join(timeout=60)


@pytest.mark.parametrize("served", [False], indirect=True)
def test_serve_listens_on_localhost_without_a_token(served: tuple[serve.Serving, str]) -> None:
    serving, out = served
    assert serving.token is None and serving.url.startswith("http://127.0.0.1:")
    assert f"Open {serving.url}" in out
    assert "Rules: international (shipped international rules)" in out
    assert serving.listener.getsockname()[0] == "127.0.0.1"
    reply = httpx2.get(serving.url)
    assert reply.status_code == 200 and 'aria-label="tile picker"' in reply.text


@pytest.fixture
def lan_is_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never send traffic to a real LAN address: the "LAN" here is 127.0.0.1."""
    monkeypatch.setattr("intlscore.faces.web.join.lan_address", lambda: "127.0.0.1")


@pytest.mark.usefixtures("lan_is_loopback")
@pytest.mark.parametrize("served", [True], indirect=True)
def test_serve_lan_needs_the_token(served: tuple[serve.Serving, str]) -> None:
    serving, out = served
    token = serving.token
    assert token is not None and len(token) >= 20
    assert serving.url.endswith(f"/?token={token}") and serving.url in out
    assert "\u2580" in out or "\u2584" in out or "\u2588" in out  # the QR code, in block characters
    base = serving.url.split("?")[0]
    assert httpx2.get(base).status_code == 401
    assert httpx2.get(base + "api/sessions").status_code == 401
    assert httpx2.get(base, params={"token": token[:-1]}).status_code == 403
    with httpx2.Client() as phone:
        joined = phone.get(serving.url)
        assert joined.status_code == 200 and "join QR code" in joined.text
        listing = phone.get(base + "api/sessions")  # the cookie carries the token from now on
        assert listing.status_code == 200 and listing.json()["sessions"][0]["name"] == "friday"
    wrong_host = httpx2.get(serving.url.replace("127.0.0.1", "localhost"))
    assert wrong_host.status_code == 400  # only the LAN address is a valid Host


# -- two phones at once --------------------------------------------------------------------------


def test_two_phones_recording_at_once_both_succeed_or_are_told_to_retry(db: Path) -> None:
    app = create_app(db=db, busy_timeout=2.0)
    results: list[httpx2.Response] = []
    lock = threading.Lock()
    with running(app) as base:
        start = threading.Barrier(4)

        def phone() -> None:
            with httpx2.Client(timeout=30) as client:
                start.wait()
                reply = client.post(f"{base}/api/session/friday/deal", json=OPEN_WIN)
            with lock:
                results.append(reply)

        threads = [threading.Thread(target=phone) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    statuses = sorted(reply.status_code for reply in results)
    assert len(statuses) == 4 and set(statuses) <= {201, 503}
    for reply in results:
        if reply.status_code == 503:
            assert "busy, try again" in reply.json()["error"]
    saved = [reply.json()["deal"]["number"] for reply in results if reply.status_code == 201]
    assert sorted(saved) == deal_numbers(db) == list(range(1, len(saved) + 1))


def test_a_busy_ledger_tells_the_phone_to_retry_and_stores_nothing(db: Path) -> None:
    app = create_app(db=db, busy_timeout=0.2)
    with running(app) as base:
        other_writer = sqlite3.connect(db, isolation_level=None)
        other_writer.execute("BEGIN IMMEDIATE")
        try:
            reply = httpx2.post(f"{base}/api/session/friday/deal", json=OPEN_WIN, timeout=30)
        finally:
            other_writer.execute("ROLLBACK")
            other_writer.close()
        assert reply.status_code == 503
        assert reply.json()["error"].startswith("the session database is busy, try again")
        assert reply.headers["retry-after"] == "1"
        assert deal_numbers(db) == []
        again = httpx2.post(f"{base}/api/session/friday/deal", json=OPEN_WIN, timeout=30)
        assert again.status_code == 201
    assert deal_numbers(db) == [1]


# -- never a 500 ---------------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=12)
    | st.sampled_from(["k1-13 k1", "*", "r5", "ann", "bob", "open", "closed", "0.05", "k1-13"]),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=8,
)
KEYS = [
    "tiles",
    "discard",
    "seen",
    "trump",
    "first_turn",
    "kind",
    "winner",
    "closed",
    "racks",
    "not_melded",
    "trump_holders",
    "name",
    "players",
    "joker_value",
    "trump_bonus",
    "stake",
    "unit",
]
bodies = st.dictionaries(st.sampled_from(KEYS), json_values, max_size=5)
PATHS = [
    "/api/score",
    "/api/reach",
    "/api/tiles",
    "/api/sessions",
    "/api/session/friday/deal",
    "/api/session/friday/deal/preview",
    "/api/session/friday/settle",
    "/api/session/friday/undo",
]


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path = tmp_path_factory.mktemp("fuzz") / "ledger.sqlite3"
    with Ledger(path) as ledger:
        ledger.create_session("friday", FOUR)
    with TestClient(create_app(db=path, allowed_hosts=["testserver"])) as client:
        yield client


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(path=st.sampled_from(PATHS), body=bodies)
def test_any_json_body_gets_an_answer_never_a_500(
    fuzz_client: TestClient, path: str, body: dict[str, Any]
) -> None:
    reply = fuzz_client.post(path, json=body)  # a 500 would raise here (server exceptions on)
    assert reply.status_code in {200, 201, 400}, reply.text
    if reply.status_code == 400:
        message = reply.json()["error"]
        assert message and "\n" not in message


# -- stopping ------------------------------------------------------------------------------------


def test_ctrl_c_with_phones_listening_stops_cleanly(db: Path, tmp_path: Path) -> None:
    """The real ``intlscore serve``, two phones following the session's live stream, then
    Ctrl-C (SIGINT): every stream ends as a whole response (the page's EventSource then
    reconnects on its own), the server exits within its 2 s grace with the command line's
    status for Ctrl-C (130), and says on stderr only that it was interrupted. Before, every
    listening phone made uvicorn log "ERROR: ASGI callable returned without completing
    response." at each stop."""
    import os
    import signal

    err = (tmp_path / "serve.err").open("wb")
    # Ctrl-C as at a terminal: a worker of pytest-xdist ignores SIGINT, and its children
    # would inherit that (the server then stops, but Python never sees the signal)
    as_at_a_terminal = (
        "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler);"
        " sys.argv[0] = 'intlscore'; runpy.run_module('intlscore', run_name='__main__')"
    )
    server = subprocess.Popen(
        [sys.executable, "-c", as_at_a_terminal, "serve", "--db", str(db), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=err,
        env=dict(os.environ, NO_COLOR="1"),
    )
    try:
        assert server.stdout is not None
        url = ""
        deadline = time.monotonic() + 60
        while not url and time.monotonic() < deadline:
            line = server.stdout.readline().decode()
            if line.startswith("Open "):
                url = line.split()[1].rstrip("/")
        assert url, "intlscore serve did not say where it listens"
        ended: list[str] = []
        greeted = threading.Semaphore(0)

        def follow() -> None:
            said = ""
            with (
                httpx2.Client(timeout=30, trust_env=False) as client,
                client.stream("GET", f"{url}/api/events?session=friday") as stream,
            ):
                for text in stream.iter_text():  # until the server ends the stream
                    if "event: hello" in said + text and "event: hello" not in said:
                        greeted.release()  # (the hello may come in two pieces)
                    said += text
            ended.append(said)

        phones = [threading.Thread(target=follow) for _ in range(2)]
        for phone in phones:
            phone.start()
        # both streams open (each has said hello): under a loaded CI a fixed second was
        # once too short, and the second phone met a server that had already stopped
        for _ in phones:
            assert greeted.acquire(timeout=30), "a phone's stream did not open"
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=15) == 130
        for phone in phones:
            phone.join(timeout=15)
        assert len(ended) == 2, "a stream did not end as a whole response"
        assert all("event: hello" in said for said in ended)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        err.close()
    assert (tmp_path / "serve.err").read_text() == "intlscore: interrupted\n"
