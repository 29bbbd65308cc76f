"""Both builds in one process: the compiled set searches, then the pure-Python ones.

:func:`pure_python` hides the compiled module from every engine module that reads it (as
``INTLSCORE_PURE_PYTHON=1`` does at import) and, so that no answer can still come from C
unnoticed, makes every function of the real compiled module raise while it is hidden.
Comparisons built on it cannot pass vacuously: a compiled call inside fails the test.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

import pytest

from intlscore.engine import native

# (module, attribute, its pure-Python value): every place the engine keeps the module
# or whether it is there (found with `grep -rn "_NATIVE\|AVAILABLE" intlscore/engine`).
_SWITCHES = (
    ("intlscore.engine.native", "_NATIVE", None),
    ("intlscore.engine.native", "AVAILABLE", False),
    ("intlscore.engine.reach.native", "_NATIVE", None),
    ("intlscore.engine.reach.native", "AVAILABLE", False),
    ("intlscore.engine.setsearch.split", "_NATIVE", None),
    ("intlscore.engine.matcher", "_NATIVE", None),
)


def compiled_module() -> ModuleType:
    """The compiled module in use; the calling test fails when the engine runs without it."""
    module = native._NATIVE
    if module is None:
        pytest.fail(
            "the compiled module is not in use: build it with `python hatch_build.py` "
            "(and leave INTLSCORE_PURE_PYTHON unset)"
        )
    return module


def _refuse(name: str) -> object:
    def refused(*_: object) -> object:
        raise AssertionError(f"intlscore._native.{name} was called in the pure-Python build")

    return refused


@contextmanager
def pure_python() -> Iterator[None]:
    """Run the block on the pure-Python searches; any call of the compiled module fails."""
    module = compiled_module()
    saved = [(importlib.import_module(m), a) for m, a, _ in _SWITCHES]
    old = [getattr(mod, attr) for mod, attr in saved]
    functions = {
        name: getattr(module, name)
        for name in dir(module)
        if not name.startswith("_") and callable(getattr(module, name))
    }
    try:
        for (mod, attr), (_, _, value) in zip(saved, _SWITCHES, strict=True):
            setattr(mod, attr, value)
        for name in functions:
            setattr(module, name, _refuse(name))
        yield
    finally:
        for name, function in functions.items():
            setattr(module, name, function)
        for (mod, attr), value in zip(saved, old, strict=True):
            setattr(mod, attr, value)
