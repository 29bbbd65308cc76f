"""The engine's layers, read from the source (issue 30).

Every ``import`` that runs is read with :mod:`ast`, at the top of a module or inside a
function (a dependency is one wherever it is written); the names imported under ``if
TYPE_CHECKING:`` for annotations alone are not. The set search is a layer of its own,
below reach, odds and the scorer; no module of intlscore (the engine, the rules, the session,
the faces) imports a module that imports it back (issue 30 item 6); and the web face reaches
no module of the command line. No module outside the build seam imports either build, every
public error class lives in ``intlscore/errors.py``, and the package has no ``assert``
(issue 44).
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
    for node in _running(ast.parse(path.read_text(encoding="utf-8"))):
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


def _running(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node but those under ``if TYPE_CHECKING:`` (imports for annotations only)."""
    for node in ast.iter_child_nodes(tree):
        type_checking = isinstance(node, ast.If) and ast.unparse(node.test).endswith(
            "TYPE_CHECKING"
        )
        for child in node.orelse if type_checking else [node]:  # type: ignore[attr-defined]
            yield child
            yield from _running(child)


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
    """Modules the reader must see: the matcher imports the build seam and the rules, the
    compiled build the set search."""
    assert {"intlscore.engine.build", "intlscore.rules.hand_table"} <= graph()[
        "intlscore.engine.matcher"
    ]
    assert "intlscore.engine.setsearch" in graph()["intlscore.engine.compiled"]
    assert "intlscore._native" not in graph()["intlscore.engine.native"]


def test_a_circle_is_found() -> None:
    """The circle finder on a graph with one circle (a -> b -> a) beside a chain."""
    edges = {"x.a": frozenset({"x.b"}), "x.b": frozenset({"x.a", "x.c"}), "x.c": frozenset()}
    assert circles("x", edges) == [["x.a", "x.b"]]
    assert circles("y", edges) == []


@pytest.mark.parametrize("layer", ["reach", "odds", "scoring", "matcher", "compiled"])
def test_the_set_search_imports_none_of_its_callers(layer: str) -> None:
    """Pool, Best and the fillers live in engine/setsearch; the callers import them."""
    above = f"intlscore.engine.{layer}"
    for module, targets in graph().items():
        if module.startswith("intlscore.engine.setsearch"):
            wrong = sorted(t for t in targets if t == above or t.startswith(above + "."))
            assert not wrong, f"{module} imports {wrong}, a layer above the set search"


@pytest.mark.parametrize(
    "layer",
    [
        "intlscore.engine",
        "intlscore.rules",
        "intlscore.session",
        "intlscore.faces",
        "intlscore",  # anything else: the package's own modules (errors, values, ...)
    ],
)
def test_no_import_circles(layer: str) -> None:
    assert circles(layer, graph()) == []


def test_a_circle_through_an_import_in_a_function_is_found(tmp_path: Path) -> None:
    """An import inside a function is a dependency too (the ledger's Session.open once
    imported the Ledger that way): two modules written so are one circle."""
    package = tmp_path / "p"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from p.b import B\n")
    (package / "b.py").write_text("def f():\n    from p.a import A\n")
    (package / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from p.a import A\n"
    )
    found = {
        name: frozenset(m for m in _imported(package / f"{name}.py", f"p.{name}") if m[:2] == "p.")
        for name in ("a", "b", "c")
    }
    assert found == {"a": {"p.b"}, "b": {"p.a"}, "c": frozenset()}
    edges = {f"p.{name}": targets for name, targets in found.items()}
    assert circles("p", edges) == [["p.a", "p.b"]]


def reachable(start: str, edges: dict[str, frozenset[str]]) -> set[str]:
    """Every module that importing a module under ``start`` imports, at any depth."""
    seen: set[str] = set()
    stack = [module for module in edges if module == start or module.startswith(start + ".")]
    while stack:
        for target in edges[stack.pop()]:
            if target not in seen:
                seen.add(target)
                stack.append(target)
    return seen


def test_the_web_imports_no_command_line_module() -> None:
    """The page and the command line are two faces over the same engine and documents: no
    module the web package imports, at any depth, is a CLI command (or the CLI itself)."""
    assert "intlscore.faces.documents" in reachable("intlscore.faces.web", graph())
    cli = sorted(
        module
        for module in reachable("intlscore.faces.web", graph())
        if module.startswith("intlscore.faces.commands") or module == "intlscore.faces.cli"
    )
    assert cli == []


def test_reachable_follows_imports_at_any_depth() -> None:
    edges = {"x.a": frozenset({"x.b"}), "x.b": frozenset({"x.c"}), "x.c": frozenset()}
    assert reachable("x.a", edges) == {"x.b", "x.c"}
    assert reachable("x.c", edges) == set()


def test_only_the_engine_package_chooses_the_build() -> None:
    """One module chooses the build (intlscore/engine/__init__.py); every other module asks
    the seam (:func:`intlscore.engine.build.current`) and never loads the compiled module."""
    choosers = {
        module
        for module, targets in graph().items()
        if "intlscore.engine.native" in targets or "intlscore.engine.python_build" in targets
    }
    assert choosers == {"intlscore.engine", "intlscore.engine.build"}


SEAM = {
    "intlscore.engine",
    "intlscore.engine.build",
    "intlscore.engine.compiled",
    "intlscore.engine.python_build",
    "intlscore.engine.native",
}
"""The build seam: the package that chooses, the seam itself and the two builds."""


def test_no_module_outside_the_seam_imports_either_build() -> None:
    """A caller asks ``build.current()``; importing a build's module directly would load it
    in the other build too (the pure-Python build would import the compiled one)."""
    builds = {"intlscore.engine.compiled", "intlscore.engine.python_build"}
    leaks = {
        module: sorted(targets & builds)
        for module, targets in graph().items()
        if module not in SEAM and targets & builds
    }
    assert not leaks


def test_a_leak_through_the_seam_would_be_found() -> None:
    """The check above reads the same graph that finds the seam's own imports."""
    assert "intlscore.engine.compiled" in graph()["intlscore.engine"]
    assert "intlscore.engine.parents" in graph()["intlscore.engine.odds.holds"]


def _exception_classes(path: Path) -> Iterator[str]:
    """The classes a module defines whose bases name an error or an exception."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            bases = [ast.unparse(base) for base in node.bases]
            if any(base.endswith(("Error", "Exception", "Stopped")) for base in bases):
                yield node.name


def test_every_public_error_class_is_in_errors() -> None:
    """The errors intlscore raises live in one module (issue 44), where each says what a
    face does with it; a module keeps only its private control-flow exceptions (``_Exit``,
    ``_OverBudget``)."""
    elsewhere = {
        f"{module}.{name}"
        for module, path in _modules().items()
        if module != "intlscore.errors"
        for name in _exception_classes(path)
        if not name.startswith("_")
    }
    assert not elsewhere
    assert {"Stopped", "SettlementError", "UsageError"} <= set(
        _exception_classes(PACKAGE / "errors.py")
    )


def test_the_package_checks_with_no_assert() -> None:
    """``python -O`` drops every ``assert``: an invariant the code relies on is an explicit
    :class:`~intlscore.errors.InternalError` (:func:`~intlscore.errors.known`) or proved by
    the types, never an assert (issue 44)."""
    found = [
        f"{module}:{node.lineno}"
        for module, path in _modules().items()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Assert)
    ]
    assert not found
