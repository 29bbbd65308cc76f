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
from intlscore.session.ledger import DB_ENV


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
