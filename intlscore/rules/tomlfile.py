"""Reading a TOML data file with one clear error for every way it can fail.

The file must be a regular file (a FIFO, a device or ``/dev/zero`` is refused
before it is read, so nothing hangs), at most :data:`MAX_BYTES` long, UTF-8
TOML, and not nested deeper than Python can parse.

>>> read_toml("/no/such/file.toml", "hand table")
Traceback (most recent call last):
...
intlscore.errors.RulesError: cannot read hand table /no/such/file.toml: No such file or directory
>>> read_toml("/dev/null", "rules file")
Traceback (most recent call last):
...
intlscore.errors.RulesError: /dev/null: not a regular file (a device); give a rules file
>>> parse_toml_text("a = " + "[" * 2000 + "]" * 2000, "<text>")
Traceback (most recent call last):
...
intlscore.errors.RulesError: <text>: not a valid TOML file: nested too deeply
"""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING, Any, Final

from intlscore.errors import InputTypeError, RulesError

if TYPE_CHECKING:
    from pathlib import Path

MAX_BYTES: Final = 1024 * 1024
"""The largest rules or table file read (1 MiB; the shipped rules are about 12 KiB)."""
MAX_DEPTH: Final = 16
"""The deepest nesting of tables and arrays accepted (a rules file needs 4)."""


def read_toml(path: str | Path, what: str) -> dict[str, Any]:
    """The parsed file; :class:`RulesError` naming ``what`` and the path if it cannot be read."""
    return parse_toml_text(read_text(path, what), str(path))


def read_text(path: str | Path, what: str) -> str:
    """The text of a regular file of at most :data:`MAX_BYTES`, read without ever blocking."""
    if not isinstance(path, str | os.PathLike):
        raise InputTypeError(f"{what}: expected the path of a file, not {type(path).__name__}")
    from pathlib import Path  # here: the command line's start-up reads no file

    path = Path(path)
    try:
        info = os.stat(path)
        _check_regular(path, info.st_mode)
        # O_NONBLOCK: if the path is swapped for a FIFO after the check, open does not wait.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            _check_regular(path, os.fstat(descriptor).st_mode)
            with os.fdopen(descriptor, "rb", closefd=False) as stream:
                raw = stream.read(MAX_BYTES + 1)
        finally:
            os.close(descriptor)
    except RulesError:
        raise
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise RulesError(f"cannot read {what} {path}: {reason}") from None
    if len(raw) > MAX_BYTES:
        raise RulesError(f"{path}: larger than {MAX_BYTES // 1024} KiB; not a rules file")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RulesError(f"{path}: not a valid TOML file: not UTF-8 ({error.reason})") from None


def parse_toml_text(text: str, source: str) -> dict[str, Any]:
    """Parse TOML text; :class:`RulesError` naming ``source`` on any problem."""
    if len(text) > MAX_BYTES:
        raise RulesError(f"{source}: larger than {MAX_BYTES // 1024} KiB; not a rules file")
    import tomllib  # here, not at the top: the shipped rules need no parsing (rules/shipped.py)

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(f"{source}: not a valid TOML file: {error}") from None
    except RecursionError:
        raise RulesError(f"{source}: not a valid TOML file: nested too deeply") from None
    except ValueError:  # int() refuses a number of more than 4,300 digits
        raise RulesError(f"{source}: a number has too many digits; not a rules file") from None
    if nesting_depth(data) > MAX_DEPTH:
        raise RulesError(f"{source}: nested deeper than {MAX_DEPTH} levels; not a rules file")
    return data


def nesting_depth(value: object) -> int:
    """How deeply tables and arrays (dicts and lists) nest (iterative, so any depth is safe
    to measure).

    >>> nesting_depth({"a": [1, {"b": []}]}), nesting_depth(5)
    (3, 0)
    """
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            stack.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)
    return deepest


def _check_regular(path: Path, mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    kind = (
        "a directory"
        if stat.S_ISDIR(mode)
        else "a FIFO"
        if stat.S_ISFIFO(mode)
        else "a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "a socket or other special file"
    )
    raise RulesError(f"{path}: not a regular file ({kind}); give a rules file")
