"""Reading a TOML data file with one clear error for every way it can fail.

>>> read_toml("/no/such/file.toml", "hand table")
Traceback (most recent call last):
...
intlscore.errors.TableError: cannot read hand table /no/such/file.toml: No such file or directory
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from intlscore.errors import TableError


def read_toml(path: str | Path, what: str) -> dict[str, Any]:
    """The parsed file; :class:`TableError` naming ``what`` and the path if it cannot be read."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except (OSError, ValueError) as error:  # ValueError: a NUL byte in the path
        reason = getattr(error, "strerror", None) or error
        raise TableError(f"cannot read {what} {path}: {reason}") from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise TableError(f"{path}: not a valid TOML file: {error}") from None
