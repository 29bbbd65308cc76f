"""What a ledger file holds, read without writing to it."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def dump(path: Path) -> list[str]:
    """Everything stored in the file, as SQL (read-only)."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()
