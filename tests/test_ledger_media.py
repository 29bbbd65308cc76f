"""The ledger's errors tell the truth on real media (issue 42): a full disk, a read-only
disk and a missing permission are each said in one line, on the command line (exit
status 2) and over HTTP (507, 409), and a ledger that cannot be written is still read.

These tests mount small tmpfs file systems, so they need root (CI runs as root). They FAIL,
never skip, when the mount cannot be made; every mount is undone in a ``finally``. They
mount and run processes, so they are marked ``slow`` (out of the fast lane). The
errors the machine cannot make on demand are injected (``test_ledger_errors.py``).
"""

from __future__ import annotations

import argparse
import io
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from cli_run import run
from starlette.testclient import TestClient

from intlscore.faces.web.app import create_app
from intlscore.session.ledger import Ledger

pytestmark = pytest.mark.slow  # mounts file systems and runs processes

PLAYERS = ["ann", "bob"]
DEAL = {"kind": "open", "winner": "ann", "racks": {"bob": "r6"}}
READ_ONLY = "is on a read-only disk; it can be read, but nothing can be stored"
READ_ONLY_PUBLIC = "the ledger is on a read-only disk; it can be read, but nothing can be stored"
FULL_PUBLIC = "the ledger's disk is full; nothing was stored"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def no_real_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("INTLSCORE_DB", str(tmp_path / "env-ledger.sqlite3"))


@contextmanager
def tmpfs(folder: Path, size: str) -> Iterator[Path]:
    """A tmpfs of ``size`` mounted on ``folder`` for the block; always unmounted after
    (lazily: a connection the test left open cannot keep it mounted)."""
    folder.mkdir()
    subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(folder)],
        check=True,
        capture_output=True,
    )
    try:
        yield folder
    finally:
        subprocess.run(["umount", "--lazy", str(folder)], check=True, capture_output=True)


def read_only(folder: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True, capture_output=True)


def fill(folder: Path) -> Path:
    """Write a file into ``folder`` until its disk has no room left; returns it."""
    filler = folder / "filler"
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (65536, 4096, 512, 1):
            try:
                while True:
                    os.write(descriptor, b"\0" * size)
            except OSError as error:
                assert error.errno == 28, error  # ENOSPC
    finally:
        os.close(descriptor)
    return filler


def ledger_with_a_deal(db: Path) -> None:
    with Ledger(db) as ledger:
        ledger.create_session("friday", PLAYERS).deal(**DEAL)  # type: ignore[arg-type]


def deals(db: Path) -> int:
    with Ledger(db) as ledger:
        return len(ledger.session("friday").deals())


def one_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


# -- a full disk ---------------------------------------------------------------------------


def test_a_full_disk_is_said_in_one_line_naming_the_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with tmpfs(tmp_path / "disk", "600k") as disk:
        db = disk / "club.sqlite3"
        ledger_with_a_deal(db)
        filler = fill(disk)
        for words in (
            ["session", "deal", "friday", "--open", "--winner", "ann", "--rack", "bob=r6"],
            ["session", "new", "monday", "--players", "ann", "bob"],
            ["backup", str(disk / "copy.sqlite3")],
        ):
            status, out, err = run(capsys, *words, "--db", str(db))
            line = one_line(err)
            assert status == 2, (words, err)
            assert f"the disk is full: {disk} has no room for the ledger's writes" in line
            assert "nothing was stored" in line
            assert "busy" not in line and "corrupt" not in line
            assert out == ""
        filler.unlink()  # room again: the same deal is stored, once
        status, _, err = run(
            capsys,
            *["session", "deal", "friday", "--open", "--winner", "ann", "--rack", "bob=r6"],
            *["--db", str(db)],
        )
        assert (status, err) == (0, "")
        assert deals(db) == 2
        assert run(capsys, "session", "check", "--all", "--db", str(db))[0] == 0
        assert not (disk / "copy.sqlite3").exists()


def test_a_full_disk_is_a_507_and_the_same_request_is_stored_once_when_there_is_room(
    tmp_path: Path,
) -> None:
    with tmpfs(tmp_path / "disk", "600k") as disk:
        db = disk / "club.sqlite3"
        ledger_with_a_deal(db)
        with TestClient(create_app(db=db, allowed_hosts=["testserver"])) as client:
            assert client.get("/api/session/friday").status_code == 200  # opened before
            filler = fill(disk)
            key = {"Idempotency-Key": '"full-1"'}
            reply = client.post("/api/session/friday/deal", json=DEAL, headers=key)
            assert reply.status_code == 507
            assert reply.json() == {"error": FULL_PUBLIC}
            assert reply.headers["Retry-After"] == "10"
            assert str(disk) not in reply.text
            filler.unlink()
            again = client.post("/api/session/friday/deal", json=DEAL, headers=key)
            assert again.status_code == 201
            assert again.json()["deal"]["number"] == 2
            replay = client.post("/api/session/friday/deal", json=DEAL, headers=key)
            assert replay.json()["deal"]["number"] == 2
        assert deals(db) == 2


def test_a_new_ledger_on_a_full_disk_is_said_full_and_leaves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with tmpfs(tmp_path / "disk", "600k") as disk:
        fill(disk)
        db = disk / "club.sqlite3"
        status, _, err = run(
            capsys, "session", "new", "friday", "--players", *PLAYERS, "--db", str(db)
        )
        assert status == 2
        assert f"the disk is full: {disk} has no room" in one_line(err)
        assert sorted(path.name for path in disk.iterdir()) == ["filler"]


# -- a read-only disk ------------------------------------------------------------------------


def test_a_ledger_on_a_read_only_disk_is_read_and_a_write_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with tmpfs(tmp_path / "disk", "2m") as disk:
        db = disk / "club.sqlite3"
        ledger_with_a_deal(db)
        read_only(disk)
        for words, shows in (
            (["session", "list"], "friday"),
            (["session", "show", "friday"], "session friday: ann, bob (1 deal)"),
            (["session", "check", "--all"], "1 session, 1 deal"),
            (["session", "export", "friday"], '"name": "friday"'),
            (["session", "settle", "friday", "--stake", "0.1"], "bob"),
            (["stats"], "ann"),
            (["standings"], "ann"),
            (["backup", str(tmp_path / "copy.sqlite3")], "1 session"),
        ):
            status, out, err = run(capsys, *words, "--db", str(db))
            assert (status, err) == (0, ""), words
            assert shows in out, (words, out)
        for words in (
            ["session", "deal", "friday", "--open", "--winner", "ann", "--rack", "bob=r6"],
            ["session", "undo", "friday"],
            ["session", "new", "monday", "--players", "ann", "bob"],
            ["player", "rename", "ann", "anna"],
            ["session", "rename", "friday", "friday-1"],
        ):
            status, out, err = run(capsys, *words, "--db", str(db))
            assert status == 2, (words, err)
            assert one_line(err) == f"intlscore: error: {db} {READ_ONLY}", words
        assert deals(db) == 1


def test_a_read_only_disk_is_read_by_the_server_and_a_write_is_a_409(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "disk", "2m") as disk:
        db = disk / "club.sqlite3"
        ledger_with_a_deal(db)
        read_only(disk)
        with TestClient(create_app(db=db, allowed_hosts=["testserver"])) as client:
            for path in ("/api/sessions", "/api/session/friday", "/api/stats"):
                assert client.get(path).status_code == 200, path
            for path in ("/", "/sessions", "/session/friday", "/club"):
                page = client.get(path)
                assert page.status_code == 200, path
            assert len(client.get("/api/session/friday").json()["deals"]) == 1
            key = {"Idempotency-Key": '"ro-1"'}
            reply = client.post("/api/session/friday/deal", json=DEAL, headers=key)
            assert reply.status_code == 409
            assert reply.json() == {"error": READ_ONLY_PUBLIC}
            assert "Retry-After" not in reply.headers
            made = client.post("/api/sessions", json={"name": "monday", "players": PLAYERS})
            assert (made.status_code, made.json()) == (409, {"error": READ_ONLY_PUBLIC})
            undone = client.post("/api/session/friday/undo", json={})
            assert (undone.status_code, undone.json()) == (409, {"error": READ_ONLY_PUBLIC})
        assert deals(db) == 1


def test_serve_on_a_read_only_disk_says_so_and_serves(tmp_path: Path) -> None:
    from intlscore.faces.commands import serve

    with tmpfs(tmp_path / "disk", "2m") as disk:
        db = disk / "club.sqlite3"
        ledger_with_a_deal(db)
        read_only(disk)
        out = io.StringIO()
        serving = serve.prepare(argparse.Namespace(db=str(db), port=0, lan=False), out)
        serving.listener.close()
        assert f"Note: {db} {READ_ONLY} (a write is answered 409)\n" in out.getvalue()


def test_a_ledger_of_the_last_schema_is_read_on_a_read_only_disk_without_its_upgrade(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Schema 5 (before the request keys' index) needs no upgrade to be read: on a
    read-only disk it is read as it is; an older schema says it must be upgraded."""
    with tmpfs(tmp_path / "disk", "2m") as disk:
        five, four = disk / "five.sqlite3", disk / "four.sqlite3"
        for db, version in ((five, 5), (four, 4)):
            ledger_with_a_deal(db)
            connection = sqlite3.connect(db)
            connection.execute("DROP INDEX request_key_by_created")
            connection.execute(f"PRAGMA user_version = {version}")
            connection.commit()
            connection.close()
        read_only(disk)
        status, out, err = run(capsys, "session", "show", "friday", "--db", str(five))
        assert (status, err) == (0, "") and "(1 deal)" in out
        status, out, err = run(capsys, "session", "show", "friday", "--db", str(four))
        assert status == 2
        assert one_line(err) == (
            f"intlscore: error: {four} {READ_ONLY} (it was written by an older intlscore,"
            " schema 4, and must be upgraded once, which writes to it)"
        )


# -- a missing permission (a user other than root) -----------------------------------------

NOBODY = 65534
"""The owner of what the command may not write (the command itself runs as root's uid)."""


def without_root_powers(*words: str) -> subprocess.CompletedProcess[str]:
    """``intlscore WORDS`` run with root's uid but none of its capabilities (util-linux's
    ``setpriv``), so that file permissions hold for it as for any user. It keeps root's uid
    so that it can still read this interpreter and its packages, wherever they are (CI's
    virtualenv lies in a folder that only root may enter)."""
    powerless = ["setpriv", "--inh-caps=-all", "--ambient-caps=-all", "--bounding-set=-all"]
    return subprocess.run(
        [*powerless, sys.executable, "-m", "intlscore", *words],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("file_owner", "folder_mode", "said"),
    [
        (NOBODY, 0o755, "no permission to write {db}; it can be read, but nothing can be stored"),
        (NOBODY, 0o777, "no permission to write {db}; it can be read, but nothing can be stored"),
        (
            0,
            0o755,
            "no permission to write in the folder of {db} (SQLite keeps its -wal and -shm"
            " files there); it can be read, but nothing can be stored",
        ),
    ],
    ids=["file-and-folder", "file", "folder"],
)
def test_a_missing_permission_is_named_and_the_ledger_is_still_read(
    tmp_path: Path, file_owner: int, folder_mode: int, said: str
) -> None:
    with tmpfs(tmp_path / "disk", "2m") as disk:
        folder = disk / "club"
        folder.mkdir()
        db = folder / "club.sqlite3"
        ledger_with_a_deal(db)
        os.chmod(db, 0o644)
        os.chown(db, file_owner, file_owner)
        os.chown(folder, NOBODY, NOBODY)
        os.chmod(folder, folder_mode)
        listed = without_root_powers("session", "show", "friday", "--db", str(db))
        assert (listed.returncode, listed.stderr) == (0, "")
        assert "session friday: ann, bob (1 deal)" in listed.stdout
        written = without_root_powers(
            *["session", "deal", "friday", "--open", "--winner", "ann", "--rack", "bob=r6"],
            *["--db", str(db)],
        )
        assert written.returncode == 2
        assert one_line(written.stderr) == f"intlscore: error: {said.format(db=db)}"
        assert deals(db) == 1
