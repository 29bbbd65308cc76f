"""Finding the compiled module ``intlscore._native``, when it was built.

``intlscore._native`` holds the C build of the set search, the holds-checks and the
play search (``native/*.c``); it is built with the wheel (see ``hatch_build.py``).
:func:`load` gives it, or None where it is missing (no C compiler when installing) or
``INTLSCORE_PURE_PYTHON=1`` is set; the engine then answers with the pure-Python
build (:mod:`intlscore.engine.build` chooses). Run from a source checkout (which holds
no compiled file), the installed wheel's copy is used. This module imports nothing
else of intlscore, so any layer may ask.

>>> load() is None or hasattr(load(), "closest_sets")
True
"""

from __future__ import annotations

import os
import sys
from types import ModuleType

PURE_PYTHON_VARIABLE = "INTLSCORE_PURE_PYTHON"
MODULE = "intlscore._native"


def pure_python_asked() -> bool:
    """Whether ``INTLSCORE_PURE_PYTHON`` asks for the pure-Python build."""
    return os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0")


def load() -> ModuleType | None:
    """The compiled module, unless it is missing or the pure-Python build was asked for."""
    return None if pure_python_asked() else built_module()


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
