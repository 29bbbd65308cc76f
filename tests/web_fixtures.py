"""The fixtures of the in-process web tests: a ledger path per test, the app on it through
Starlette's test client, and ``$INTLSCORE_DB`` pointed away from the user's data folder.

Import them into a test module (``from web_fixtures import client, db,
no_real_data_dir``); a module may define its own ``db`` (a ledger with a session in it),
which ``client`` then serves.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from intlscore.faces.web.app import create_app
from intlscore.session.ledger import DB_ENV, Ledger
from intlscore.session.night.night import SeatedTable


@pytest.fixture(autouse=True)
def no_real_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(DB_ENV, str(tmp_path / "env-ledger.sqlite3"))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "ledger.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db=db, allowed_hosts=["testserver"])) as test_client:
        yield test_client


def night_table(db: Path) -> SeatedTable:
    """The first table of a night of eight players (seed 5) whose first round is accepted
    on the ledger at ``db``: an ordinary session with a place in a night."""
    from intlscore.session.night.store import accept_round, create_night

    eight = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]
    with Ledger(db) as ledger:
        create_night(ledger, "cafe", eight, rounds=4, deals=4, seed=5)
        _, first = accept_round(ledger, "cafe", cpu_seconds=None)
    return first.tables[0]
