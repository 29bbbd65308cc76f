"""No answer to a phone carries a file path of the server (issue 18).

The ledger's messages and documents name its file (``session list --json`` has ``db``, a
busy ledger says where), and a rules file's ``source`` is where it was read from. That is
right on the laptop's terminal, but a phone has no business knowing the server's folders.
Every answer of ``serve`` passes through a :class:`Redactor`: the ledger's path becomes
"the ledger", its folder "the server's folder", the home folder ``~``, and a ``source`` that
is an absolute path keeps only its file name.

>>> from pathlib import Path
>>> redactor = Redactor.for_ledger(Path("/srv/club/ledger.sqlite3"), home=Path("/home/ann"))
>>> redactor.text("a session named 'x' already exists in /srv/club/ledger.sqlite3")
"a session named 'x' already exists in the ledger"
>>> redactor.data({"db": "/srv/club/ledger.sqlite3", "source": "/home/ann/rules/house.toml"})
{'db': 'the ledger', 'source': 'house.toml'}
>>> redactor.text("the rules file /home/ann/x.toml, backup in /srv/club/old")
"the rules file ~/x.toml, backup in the server's folder/old"
"""

from __future__ import annotations

import os
from pathlib import Path, PurePath
from typing import Any, Final

__all__ = ["Redactor"]

SOURCE_KEYS: Final = frozenset({"source", "table"})
"""Keys whose value is where a rules file was read from."""


class Redactor:
    """Replaces the server's paths in the text and documents it is given."""

    def __init__(self, replacements: list[tuple[str, str]]) -> None:
        # the longest first, so the ledger's path wins over its folder
        usable = [(found, said) for found, said in replacements if len(found) > 1]
        self._replacements = sorted(usable, key=lambda pair: -len(pair[0]))

    @classmethod
    def for_ledger(cls, ledger: Path, *, home: Path | None = None) -> Redactor:
        """The redactor of a server whose ledger is ``ledger``."""
        home = Path.home() if home is None else home
        pairs = [(str(ledger), "the ledger"), (str(ledger.parent), "the server's folder")]
        try:
            resolved = ledger.resolve()
            pairs += [(str(resolved), "the ledger"), (str(resolved.parent), "the server's folder")]
        except OSError:  # pragma: no cover - a path that cannot be resolved is left as given
            pass
        return cls([*pairs, (str(home), "~")])

    def text(self, text: str) -> str:
        for found, said in self._replacements:
            text = text.replace(found, said)
        return text

    def data(self, value: Any, key: str | None = None) -> Any:
        """``value`` (JSON data) with every string redacted."""
        if isinstance(value, str):
            if key in SOURCE_KEYS and os.path.isabs(value):
                return PurePath(value).name
            return self.text(value)
        if isinstance(value, dict):
            return {name: self.data(item, name) for name, item in value.items()}
        if isinstance(value, list):
            return [self.data(item) for item in value]
        return value
