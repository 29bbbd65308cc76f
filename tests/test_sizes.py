"""Sizes a maintainer can hold in mind (issue 44): no module of the package over 900 lines
and no class over 400, read from the source with :mod:`ast`."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "intlscore"
MOST_MODULE_LINES = 900
MOST_CLASS_LINES = 400


def _modules() -> list[Path]:
    found = sorted(PACKAGE.rglob("*.py"))
    assert len(found) > 50, f"the package's modules are not where expected: {PACKAGE}"
    return found


def long_classes(source: str) -> list[tuple[str, int]]:
    """Each class (nested ones too) over :data:`MOST_CLASS_LINES` lines, with its length
    from its first decorator to its last line.

    >>> long_classes("class A:\\n    x = 1\\n")
    []
    >>> long_classes("class B:\\n" + "    x = 1\\n" * 400)
    [('B', 401)]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - first + 1
            if length > MOST_CLASS_LINES:
                found.append((node.name, length))
    return found


def test_no_module_is_over_900_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE.parent)): lines
        for path in _modules()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_MODULE_LINES
    }
    assert not long, f"modules over {MOST_MODULE_LINES} lines: {long}"


def test_no_class_is_over_400_lines() -> None:
    long = {
        f"{path.relative_to(PACKAGE.parent)}:{name}": lines
        for path in _modules()
        for name, lines in long_classes(path.read_text(encoding="utf-8"))
    }
    assert not long, f"classes over {MOST_CLASS_LINES} lines: {long}"


def test_the_class_check_counts_a_long_class() -> None:
    source = "@dataclass\nclass Long:\n" + "    x: int = 1\n" * MOST_CLASS_LINES
    assert long_classes(source) == [("Long", MOST_CLASS_LINES + 2)]
