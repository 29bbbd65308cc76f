"""Loading the compiled module ``intlscore._native``, when it was built.

``intlscore._native`` holds the compiled set search of the reach (:mod:`.reach.native`),
the holds-checks (:mod:`.compiled`) and the scorer's splits into sets (:mod:`.matcher`,
:mod:`.sets`); it is built with the wheel (see
``hatch_build.py``). Where it is missing (no C compiler when installing) or
``INTLSCORE_PURE_PYTHON=1`` is set, :data:`AVAILABLE` is false, :data:`SEARCH` says
``"pure Python"`` and the pure-Python searches answer instead; tests compare the two.
Run from a source checkout (which holds no compiled file), the installed wheel's copy
is used. This module imports nothing else of intlscore, so any layer may ask.

>>> SEARCH in ("compiled", "pure Python")
True
"""

from __future__ import annotations

import os
import sys
from types import ModuleType
from typing import Final, Literal

PURE_PYTHON_VARIABLE = "INTLSCORE_PURE_PYTHON"
MODULE = "intlscore._native"


def _load() -> ModuleType | None:
    if os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
        return None
    return built_module()


def built_module() -> ModuleType | None:
    """The compiled module wherever it was built (this package, or the installed wheel when
    run from a checkout), whatever ``INTLSCORE_PURE_PYTHON`` says; None if nowhere."""
    try:
        from intlscore import _native
    except ImportError:
        return _installed_copy()
    return _native


def _installed_copy() -> ModuleType | None:
    """The installed wheel's compiled module, when ``intlscore`` is imported from a checkout.

    A source tree has ``native/_native.c`` but no compiled file (unless built in
    place with ``python hatch_build.py``); its tests then use the extension the
    installed wheel carries (found on ``sys.path``), as they use its data files.
    Plain ``os.path`` keeps ``pathlib`` out of the scorer's start-up.
    """
    import importlib.util

    here = os.path.realpath(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for entry in sys.path:
        folder = os.path.join(entry or os.curdir, "intlscore")
        if not os.path.isdir(folder) or os.path.realpath(folder) == here:
            continue
        for name in sorted(os.listdir(folder)):
            if not (name.startswith("_native.") and name.endswith((".so", ".pyd"))):
                continue
            spec = importlib.util.spec_from_file_location(MODULE, os.path.join(folder, name))
            if spec is None or spec.loader is None:
                continue
            try:
                module = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(module)
            except ImportError:
                continue
            return module
    return None


_NATIVE = _load()
AVAILABLE: Final = _NATIVE is not None
"""Whether the compiled search is in use."""
SEARCH: Final[Literal["compiled", "pure Python"]] = "compiled" if AVAILABLE else "pure Python"
"""Which set search answers, for ``intlscore --version``: ``"compiled"`` or ``"pure Python"``."""

_told = False


def tell_if_missing() -> None:
    """Say once, on stderr, that the compiled search is missing (not when chosen by the variable).

    >>> tell_if_missing()  # silent when compiled, or when INTLSCORE_PURE_PYTHON chose Python
    """
    global _told
    if AVAILABLE or _told or os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
        return
    _told = True
    print(
        "intlscore: the compiled reach search is not installed (it did not build); "
        "using the pure-Python search, which gives the same answers more slowly",
        file=sys.stderr,
    )
