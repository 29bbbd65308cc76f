"""The functions of the compiled module that the tests compare with the Python searches.

They are found wherever the module was built, also when ``INTLSCORE_PURE_PYTHON`` hides it
from the engine, so pure-Python runs still compare both. A test that needs a function the
module lacks fails, never skips: rebuild it with ``pip install .``.
"""

from __future__ import annotations

from typing import Any

import pytest

from intlscore.engine import native
from intlscore.engine.spec import TypeSpec


def compiled_function(name: str) -> Any:
    """``intlscore._native.NAME``; the calling test fails when the module or it is missing."""
    function = getattr(native.built_module(), name, None)
    if function is None:
        pytest.fail(f"intlscore._native has no {name}: rebuild it with `pip install .`")
    return function


def compiled_type(spec: TypeSpec) -> object:
    """A compiled table holding one type (``holds_compile``): what the compiled searches
    take, with index 0, for a type (``intlscore.engine.spec.TypeSpec``)."""
    return compiled_function("holds_compile")([spec], [-1])
