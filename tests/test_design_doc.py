"""docs/design.md reads as the code is: every file it names exists, every function it names
in a file is defined there, and the files the merge removed are really gone (issue 19)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
BASES = (ROOT, ROOT / "intlscore", ROOT / "intlscore" / "engine", ROOT / "tests", ROOT / "docs")
REMOVED = {
    "engine/sets.py",
    "native/plain_split.c",
    "engine/setsearch.py",
    "engine/reach/sets.py",
    "engine/reach/groups.py",
    "reach/runs.py",
    "reach/slots.py",
}
"""Former names the page mentions as history: they must not exist any more."""

PATHS = sorted(set(re.findall(r"`([\w./*-]+/[\w.*-]+\.(?:py|c|h|md|gz|toml))", PAGE)))
NAMED = sorted(set(re.findall(r"`([\w./-]+\.(?:py|c|h)): ([A-Za-z_][\w.]*)`", PAGE)))


def _found(path: str) -> list[Path]:
    return [match for base in BASES for match in base.glob(path)]


def test_the_page_names_files_and_functions() -> None:
    assert len(PATHS) > 20
    assert len(NAMED) > 5


@pytest.mark.parametrize("path", PATHS)
def test_every_file_named_exists(path: str) -> None:
    if path in REMOVED:
        assert not _found(path), f"{path} is said to be gone but exists"
    else:
        assert _found(path), f"docs/design.md names {path}, which does not exist"


@pytest.mark.parametrize(("path", "name"), NAMED)
def test_every_function_named_is_defined_there(path: str, name: str) -> None:
    files = _found(path)
    assert files, f"no file {path}"
    last = name.split(".")[-1]
    definition = re.compile(
        rf"^\s*(?:def|class) {last}\b|^{last}\b.*=|^(?:static |int |PyObject |\w+ \*?)+{last}\(",
        re.MULTILINE,
    )
    assert any(definition.search(f.read_text(encoding="utf-8")) for f in files), (
        f"docs/design.md names {name} in {path}, which does not define it"
    )


_TWINS_ROW = re.compile(r"^\| `native/(\w+\.c)` ((?:\| \d+ )+)\|$", re.MULTILINE)
_TWINS_COLUMNS = ("twin", "same", "parser", "glue", "c-only", "inlines")
"""The table's count columns: each label of tests/test_c_twins.py, then the inlined helpers."""


def test_the_twins_table_counts_what_the_blocks_list() -> None:
    """The page's summary of the twins blocks (per file, the C functions of each label and
    the inlined Python helpers named) is the blocks' own count, and covers every C file."""
    from test_c_twins import C_FILES, LABELS, NOTES, twin_block

    assert (*LABELS, *NOTES) == _TWINS_COLUMNS, "the table's columns are not the labels"
    rows = {
        name: tuple(int(count) for count in counts.replace("|", " ").split())
        for name, counts in _TWINS_ROW.findall(PAGE)
    }
    counted = {}
    for path in C_FILES:
        kinds = [kind for kind, _, _ in twin_block(path.read_text(encoding="utf-8"))]
        counted[path.name] = tuple(kinds.count(kind) for kind in _TWINS_COLUMNS)
    assert rows == counted
