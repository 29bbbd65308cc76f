"""The ledger's clock: the time stamp of every write (one place, so a test can set it).

>>> len(now()), now().endswith("+00:00")
(25, True)
"""

from __future__ import annotations

from datetime import UTC, datetime

__all__ = ["now"]


def now() -> str:
    """The time stamp of a write: UTC, to the second, ISO 8601."""
    return datetime.now(UTC).isoformat(timespec="seconds")
