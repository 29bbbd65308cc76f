"""Writes ``shipped_data.py``: the shipped rules file, already parsed, as a Python literal.

:func:`~intlscore.rules.ruleset.default_rules` validates this literal instead of
parsing ``tables/international.toml`` on every run: importing it costs a fraction
of a millisecond from its cached bytecode, where ``tomllib`` costs several (and
the command line starts for every command). The TOML file stays the source;
after editing it run ``python -m intlscore.rules.shipped`` from the repository
root. ``tests/test_shipped_rules.py`` fails while the two differ.

>>> module_text({"schema": 1, "name": "x"}).splitlines()[-1]
"DATA = {'schema': 1, 'name': 'x'}"
"""

from __future__ import annotations

import pprint
import tomllib
from pathlib import Path
from typing import Any

SOURCE = Path(__file__).parents[2] / "tables" / "international.toml"
TARGET = Path(__file__).with_name("shipped_data.py")

HEADER = '''\
"""The shipped rules, ``tables/international.toml``, parsed (generated: do not edit).

Written by ``python -m intlscore.rules.shipped``; ``tests/test_shipped_rules.py``
checks that it equals the TOML file.
"""

'''


def module_text(data: dict[str, Any]) -> str:
    """The text of ``shipped_data.py`` holding ``data`` (in the file's order)."""
    prefix = "DATA = "
    literal = pprint.pformat(data, width=99 - len(prefix), sort_dicts=False)
    return HEADER + prefix + literal.replace("\n", "\n" + " " * len(prefix)) + "\n"


def parsed_source() -> dict[str, Any]:
    """The shipped TOML file, parsed."""
    return tomllib.loads(SOURCE.read_text(encoding="utf-8"))


if __name__ == "__main__":
    TARGET.write_text(module_text(parsed_source()), encoding="utf-8")
    print(f"wrote {TARGET}")
