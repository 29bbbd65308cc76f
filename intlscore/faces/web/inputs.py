"""Reading a request's JSON body into checked values; every problem is one line.

The API takes the same inputs as the CLI. A body is one JSON object; each field
is checked for its type here, and the engine checks the meaning (tiles, players).
Anything wrong raises :class:`BadRequest`, which the app turns into HTTP 400.

>>> body = Fields({"tiles": "k1-13 k1", "first_turn": True})
>>> body.tiles("tiles"), body.flag("first_turn"), body.flag("original_hand")
('k1-13 k1', True, False)
>>> body.done()
>>> Fields({"tiles": 7}).tiles("tiles")
Traceback (most recent call last):
...
intlscore.errors.BadRequest: tiles must be tile notation (a string or a list of strings), not 7
>>> Fields({"tile": "r5"}).done()
Traceback (most recent call last):
...
intlscore.errors.BadRequest: unknown field 'tile'
"""

from __future__ import annotations

import json
from typing import Any, Final, Literal, overload

from intlscore.errors import BadRequest

__all__ = ["MAX_TEXT", "BadRequest", "Fields", "parse_body"]

MAX_TEXT: Final = 2000
"""The longest text a field may hold (a whole deck in notation is far shorter)."""


def _no_constant(name: str) -> Any:
    raise BadRequest(f"the body is not valid JSON ({name} is not a JSON number)")


def parse_body(raw: bytes) -> dict[str, Any]:
    """The body as one JSON object.

    >>> parse_body(b'{"tiles": "r5"}')
    {'tiles': 'r5'}
    >>> parse_body(b"[1]")
    Traceback (most recent call last):
    ...
    intlscore.errors.BadRequest: the body must be one JSON object, not a list
    """
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise BadRequest("the body is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise BadRequest(f"the body is not valid JSON ({error.msg} at {error.pos})") from None
    except RecursionError:
        raise BadRequest("the body is nested too deeply") from None
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else "a single value"
        raise BadRequest(f"the body must be one JSON object, not {kind}")
    return data


class Fields:
    """The fields of one JSON object, read one by one; :meth:`done` refuses the rest."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data
        self._read: set[str] = set()

    def _get(self, key: str) -> Any:
        self._read.add(key)
        return self._data.get(key)

    def done(self) -> None:
        """Refuse any field nobody read (a typo would otherwise be ignored)."""
        unknown = sorted(set(self._data) - self._read)
        if unknown:
            raise BadRequest(f"unknown field {unknown[0]!r}")

    @overload
    def text(self, key: str, *, required: Literal[True], limit: int = MAX_TEXT) -> str: ...
    @overload
    def text(self, key: str, *, required: bool = False, limit: int = MAX_TEXT) -> str | None: ...
    def text(self, key: str, *, required: bool = False, limit: int = MAX_TEXT) -> str | None:
        """A string (at most ``limit`` characters), or None when absent (never when
        ``required``: then absent is a :class:`BadRequest`)."""
        value = self._get(key)
        if value is None:
            if required:
                raise BadRequest(f"{key} is missing")
            return None
        if not isinstance(value, str):
            raise BadRequest(f"{key} must be a string, not {_show(value)}")
        if len(value) > limit:
            raise BadRequest(f"{key} is longer than {limit} characters")
        if "\x00" in value:
            raise BadRequest(f"{key} holds a NUL character")
        return value

    @overload
    def tiles(self, key: str, *, required: Literal[True]) -> str: ...
    @overload
    def tiles(self, key: str, *, required: bool = False) -> str | None: ...
    def tiles(self, key: str, *, required: bool = False) -> str | None:
        """Tile notation: one string, or a list of strings joined by spaces (never None
        when ``required``)."""
        value = self._get(key)
        if isinstance(value, list):
            if not all(isinstance(item, str) for item in value):
                raise BadRequest(f"{key} must be a list of tile strings, not {_show(value)}")
            self._data = {**self._data, key: " ".join(value)}
        elif value is not None and not isinstance(value, str):
            raise BadRequest(
                f"{key} must be tile notation (a string or a list of strings), not {_show(value)}"
            )
        text = self.text(key, required=required)
        if required and text is not None and not text.strip():
            raise BadRequest(f"{key} is empty: give the tiles, like k1-13 k1")
        return text

    def flag(self, key: str) -> bool:
        """true or false; absent is false."""
        value = self._get(key)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise BadRequest(f"{key} must be true or false, not {_show(value)}")
        return value

    def optional_flag(self, key: str) -> bool | None:
        """true, false, or None when absent."""
        value = self._get(key)
        if value is not None and not isinstance(value, bool):
            raise BadRequest(f"{key} must be true or false, not {_show(value)}")
        return value

    def names(self, key: str) -> list[str]:
        """A list of strings; absent is an empty list."""
        value = self._get(key)
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise BadRequest(f"{key} must be a list of names, not {_show(value)}")
        for item in value:
            if len(item) > MAX_TEXT or "\x00" in item:
                raise BadRequest(f"{key} holds a name that is too long or has a NUL character")
        return list(value)

    def racks(self, key: str) -> list[tuple[str, str]]:
        """``{"bob": "r5 b7"}`` or ``[["bob", "r5 b7"]]`` as (name, tiles) pairs."""
        value = self._get(key)
        if value is None:
            return []
        pairs = list(value.items()) if isinstance(value, dict) else value
        if not isinstance(pairs, list) or not all(
            isinstance(pair, list | tuple)
            and len(pair) == 2
            and all(isinstance(part, str) and len(part) <= MAX_TEXT for part in pair)
            for pair in pairs
        ):
            raise BadRequest(
                f'{key} must map each name to tiles, like {{"bob": "r5 b7"}}, not {_show(value)}'
            )
        return [(name, tiles) for name, tiles in pairs]

    def whole_number(self, key: str) -> int | None:
        """A whole number, written as a JSON number or a string of digits; None when absent."""
        value = self._get(key)
        if value is None:
            return None
        if isinstance(value, str) and value.strip().isdigit() and len(value) <= 9:
            return int(value.strip())
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9:
            return value
        raise BadRequest(f"{key} must be a whole number, like 25, not {_show(value)}")


def _show(value: object) -> str:
    """A short, one-line picture of a JSON value for an error message."""
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 40 else text[:37] + "..."
