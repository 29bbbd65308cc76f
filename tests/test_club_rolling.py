"""``serve --backups DIR``: a backup a day while the server runs, the last N kept."""

from __future__ import annotations

import time
from datetime import date
from pathlib import Path

import pytest
from club_season import make_season

from intlscore.faces.cli import main
from intlscore.session.club.rolling import RollingBackups, rolling_backup
from intlscore.session.ledger import Ledger


def test_only_our_own_old_backups_are_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = make_season(tmp_path / "club.sqlite3", monkeypatch)
    folder = tmp_path / "backups"
    folder.mkdir()
    other = folder / "club-notes.txt"
    other.write_text("keep me")
    stranger = folder / "other-2024-01-01.sqlite3"
    stranger.write_text("not ours")
    with Ledger(db) as ledger:
        made = [rolling_backup(ledger, folder, date(2024, 4, day), keep=3) for day in range(1, 6)]
    assert all(path is not None for path in made)
    names = sorted(path.name for path in folder.iterdir())
    assert names == [
        "club-2024-04-03.sqlite3", "club-2024-04-04.sqlite3", "club-2024-04-05.sqlite3",
        "club-notes.txt", "other-2024-01-01.sqlite3",
    ]  # fmt: skip
    with Ledger(folder / "club-2024-04-05.sqlite3") as copy:
        assert copy.check() == [] and len(copy.sessions()) == 3


def test_the_thread_backs_up_at_once_and_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = make_season(tmp_path / "club.sqlite3", monkeypatch)
    folder = tmp_path / "backups"
    folder.mkdir()
    with RollingBackups(db, folder, keep=7, every=3600):
        deadline = time.monotonic() + 60
        while not list(folder.glob("club-*.sqlite3")) and time.monotonic() < deadline:
            time.sleep(0.05)
    made = list(folder.glob("club-*.sqlite3"))
    assert len(made) == 1
    with Ledger(made[0]) as copy:
        assert copy.check() == []


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--backups", "{missing}"], "is not a folder (make it first)"),
        (["--backups", "{file}"], "is not a folder (make it first)"),
        (["--keep", "0"], "give a whole number of backups from 1 to 366"),
    ],
)
def test_bad_backup_options_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    (tmp_path / "file").write_text("x")
    paths = {"{missing}": str(tmp_path / "missing"), "{file}": str(tmp_path / "file")}
    argv = [paths.get(word, word) for word in argv]
    status = main(["serve", "--db", str(tmp_path / "l.sqlite3"), "--port", "0", *argv])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "") and err.count("\n") == 1 and message in err


def test_serve_keeps_a_backup_while_it_runs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import socket

    import uvicorn

    db = make_season(tmp_path / "club.sqlite3", monkeypatch)
    folder = tmp_path / "backups"
    folder.mkdir()

    def serve_until_backed_up(
        self: uvicorn.Server, sockets: list[socket.socket] | None = None
    ) -> None:
        for sock in sockets or []:
            sock.close()
        deadline = time.monotonic() + 60
        while not list(folder.glob("club-*.sqlite3")) and time.monotonic() < deadline:
            time.sleep(0.05)

    monkeypatch.setattr(uvicorn.Server, "run", serve_until_backed_up)
    argv = ["serve", "--db", str(db), "--port", "0", "--backups", str(folder), "--keep", "3"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"A backup a day goes to {folder} (the last 3 kept)." in out
    assert len(list(folder.glob("club-*.sqlite3"))) == 1
