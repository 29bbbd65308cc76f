"""The engine's layers, read from the source (issue 30).

Every ``import`` of a package is read with :mod:`ast` (imports inside functions and under
``TYPE_CHECKING`` too: a dependency is one wherever it is written). The set search is a
layer of its own, below reach, odds and the scorer; and the engine imports no module that
imports it back.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "intlscore"


def _name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _modules() -> dict[str, Path]:
    return {_name(path): path for path in PACKAGE.rglob("*.py")}


def _imported(path: Path, name: str) -> Iterator[str]:
    """The names a module's imports load: ``from package import module`` is the module."""
    modules = _modules()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = name.split(".")[: len(name.split(".")) - node.level + (path.stem == "__init__")]
            module = ".".join([*base, node.module] if node.level else [node.module or ""])
            submodules = [a.name for a in node.names if f"{module}.{a.name}" in modules]
            yield from (f"{module}.{sub}" for sub in submodules)
            extension = module == "intlscore" and all(a.name == "_native" for a in node.names)
            if len(submodules) < len(node.names) and not extension:
                yield module


@cache
def graph() -> dict[str, frozenset[str]]:
    """Each module of intlscore and the modules of intlscore it imports."""
    modules = _modules()
    found: dict[str, frozenset[str]] = {}
    for name, path in modules.items():
        targets = set()
        for imported in _imported(path, name):
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                targets.add(imported)
        found[name] = frozenset(targets)
    return found


def circles(prefix: str, edges: dict[str, frozenset[str]]) -> list[list[str]]:
    """The import circles (strongly connected groups of modules) with a module under prefix."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for target in edges[module]:
            if target not in order:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], order[target])
        if low[module] == order[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1 and any(m.startswith(prefix) for m in group):
                found.append(sorted(group))

    for module in edges:
        if module not in order:
            visit(module)
    return found


def test_the_graph_reads_the_imports() -> None:
    """A module the reader must see: the scorer imports the set search and the rules."""
    scorer = graph()["intlscore.engine.scoring"]
    assert {"intlscore.engine.setsearch", "intlscore.rules.hand_table"} <= scorer
    assert "intlscore._native" not in graph()["intlscore.engine.native"]


def test_a_circle_is_found() -> None:
    """The circle finder on a graph with one circle (a -> b -> a) beside a chain."""
    edges = {"x.a": frozenset({"x.b"}), "x.b": frozenset({"x.a", "x.c"}), "x.c": frozenset()}
    assert circles("x", edges) == [["x.a", "x.b"]]
    assert circles("y", edges) == []


@pytest.mark.parametrize("layer", ["reach", "odds", "scoring", "matcher", "compiled"])
def test_the_set_search_imports_none_of_its_callers(layer: str) -> None:
    """Pool, Best, SetShape and the fillers live in engine/setsearch; the callers import them."""
    above = f"intlscore.engine.{layer}"
    for module, targets in graph().items():
        if module.startswith("intlscore.engine.setsearch"):
            wrong = sorted(t for t in targets if t == above or t.startswith(above + "."))
            assert not wrong, f"{module} imports {wrong}, a layer above the set search"


def test_the_engine_has_no_import_circles() -> None:
    assert circles("intlscore.engine", graph()) == []
