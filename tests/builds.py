"""Both builds in one process: the compiled searches, then the pure-Python ones.

The engine asks :func:`intlscore.engine.build.current` for every search that has a C
build; :func:`pure_python` switches it to the pure-Python build (as
``INTLSCORE_PURE_PYTHON=1`` does at import) and, so that no answer can still come from C
unnoticed, makes every function of the real compiled module raise while it is switched.
Comparisons built on it cannot pass vacuously: a compiled call inside fails the test.
It is the one switch every test uses (the six patches it replaces are gone with the
modules that each kept the compiled module, issue 30).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

import pytest

from intlscore.engine import build
from intlscore.engine.compiled import CompiledBuild
from intlscore.engine.python_build import PYTHON, PoolTable
from intlscore.rules.hand_table import HandTable


def compiled_module() -> ModuleType:
    """The compiled module in use; the calling test fails when the engine runs without it."""
    chosen = build.current()
    if not isinstance(chosen, CompiledBuild):
        pytest.fail(
            "the compiled module is not in use: build it with `python hatch_build.py` "
            "(and leave INTLSCORE_PURE_PYTHON unset)"
        )
    return chosen.module


def _refuse(name: str) -> object:
    def refused(*_: object) -> object:
        raise AssertionError(f"intlscore._native.{name} was called in the pure-Python build")

    return refused


@contextmanager
def pure_python() -> Iterator[None]:
    """Run the block on the pure-Python searches; any call of the compiled module fails."""
    module = compiled_module()
    functions = {
        name: getattr(module, name)
        for name in dir(module)
        if not name.startswith("_") and callable(getattr(module, name))
    }
    before = build.use(PYTHON)
    try:
        for name in functions:
            setattr(module, name, _refuse(name))
        yield
    finally:
        for name, function in functions.items():
            setattr(module, name, function)
        build.use(before)


class _PythonHoldsChecks(CompiledBuild):
    """The compiled build but for its holds-checks, which are the Python ones."""

    def holds_table(self, table: HandTable) -> PoolTable:  # type: ignore[override]
        return PoolTable(table)


@contextmanager
def python_holds_checks() -> Iterator[None]:
    """Run the block on the compiled set search with the Python holds-checks
    (:class:`intlscore.engine.python_build.PoolTable`), to compare the two tables alone."""
    before = build.use(_PythonHoldsChecks(compiled_module()))
    try:
        yield
    finally:
        build.use(before)
