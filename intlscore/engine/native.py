"""Finding the compiled module ``intlscore._native``, when it was built.

``intlscore._native`` holds the C build of the set search, the holds-checks and the
play search (``native/*.c``); it is built with the wheel (see ``hatch_build.py``).
:func:`load` gives it, or None where it is missing (no C compiler when installing) or
``INTLSCORE_PURE_PYTHON=1`` is set; the engine then answers with the pure-Python
build (:mod:`intlscore.engine.build` chooses). Run from a source checkout (which holds
no compiled file), the installed wheel's copy is used. This module imports nothing
else of intlscore, so any layer may ask (and ``hatch_build.py`` loads it by its path for
:func:`sources_hash`).

A checkout (a ``native/`` folder with ``_native.c`` beside the package) may hold C sources
that the compiled module was not built from: a wheel installed before ``native/``
changed. The build records :func:`sources_hash` of the sources it compiled in the module
(``SOURCES_SHA256``); where they differ from the checkout's, the first :func:`built_module`
says so once, on stderr, with the command that rebuilds it, and goes on with the module it
found. ``INTLSCORE_STALE_NATIVE_OK=1`` hushes that line (the test suite sets it, and says it
once at the end of its run instead). An installed package has no ``native/`` and never
checks.

>>> load() is None or hasattr(load(), "closest_sets")
True
"""

from __future__ import annotations

import os
import sys
from types import ModuleType

PURE_PYTHON_VARIABLE = "INTLSCORE_PURE_PYTHON"
STALE_OK_VARIABLE = "INTLSCORE_STALE_NATIVE_OK"
MODULE = "intlscore._native"
SOURCES_FOLDER = "native"
"""The C sources' folder of a checkout, beside the ``intlscore`` package."""
SOURCE_SUFFIXES = (".c", ".h")
RECORDED = "SOURCES_SHA256"
"""The compiled module's constant: :func:`sources_hash` of the sources it was built from."""


def pure_python_asked() -> bool:
    """Whether ``INTLSCORE_PURE_PYTHON`` asks for the pure-Python build."""
    return os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0")


def load() -> ModuleType | None:
    """The compiled module, unless it is missing or the pure-Python build was asked for."""
    return None if pure_python_asked() else built_module()


_found: list[ModuleType | None] = []
"""The module :func:`built_module` found, once it has looked (looked for and checked once)."""


def built_module() -> ModuleType | None:
    """The compiled module wherever it was built (this package, or the installed wheel when
    run from a checkout), whatever ``INTLSCORE_PURE_PYTHON`` says; None if nowhere.

    Looked for once per process; in a checkout, a module built from other C sources is
    said once on stderr (:func:`stale_notice`)."""
    if not _found:
        module: ModuleType | None
        try:
            from intlscore import _native

            module = _native
        except ImportError:
            module = _installed_copy()
        _found.append(module)
        notice = None if module is None else stale_notice(module, checkout_root())
        if notice is not None and os.environ.get(STALE_OK_VARIABLE, "") in ("", "0"):
            print(notice, file=sys.stderr)
    return _found[0]


def stale_notice(module: ModuleType, root: str | None) -> str | None:
    """The one line that says ``module`` was built from other C sources than the checkout
    at ``root`` (None for an installed package), or None where they match.

    >>> import types
    >>> stale_notice(types.ModuleType(MODULE), None) is None
    True
    """
    if root is None:
        return None
    sources = os.path.join(root, SOURCES_FOLDER)
    try:
        if getattr(module, RECORDED, None) == sources_hash(sources):
            return None
    except OSError:  # sources that cannot be read are not compared
        return None
    where = getattr(module, "__file__", None) or MODULE
    return (
        f"intlscore: the compiled module {MODULE} ({where}) was built from other C sources"
        f" than {sources}, so its answers may differ from this checkout's;"
        f" rebuild it with: python {os.path.join(root, 'hatch_build.py')}"
    )


def sources_hash(folder: str) -> str:
    """The SHA-256 (hex) of the C sources in ``folder``: every ``*.c`` and ``*.h``, each
    file's name and its bytes (line ends as ``\\n``), in name order.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as empty:  # nothing to hash: SHA-256 of b""
    ...     sources_hash(empty)[:16]
    'e3b0c44298fc1c14'
    """
    import hashlib  # only a checkout asks: an installed package keeps its start-up light

    digest = hashlib.sha256()
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if not name.endswith(SOURCE_SUFFIXES) or not os.path.isfile(path):
            continue
        with open(path, "rb") as file:
            text = file.read().replace(b"\r\n", b"\n")
        digest.update(f"{name}\0{len(text)}\0".encode())
        digest.update(text)
    return digest.hexdigest()


def checkout_root() -> str | None:
    """The folder holding the ``intlscore`` package, where it is a checkout (a
    ``native/_native.c`` beside the package); None for an installed package."""
    root = os.path.dirname(_package_folder())
    found = os.path.isfile(os.path.join(root, SOURCES_FOLDER, "_native.c"))
    return root if found else None


def _package_folder() -> str:
    """The real path of the ``intlscore`` package this module belongs to."""
    return os.path.realpath(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _installed_copy() -> ModuleType | None:
    """The installed wheel's compiled module, when ``intlscore`` is imported from a checkout.

    A source tree has ``native/_native.c`` but no compiled file (unless built in
    place with ``python hatch_build.py``); its tests then use the extension the
    installed wheel carries (found on ``sys.path``), as they use its data files.
    Plain ``os.path`` keeps ``pathlib`` out of the scorer's start-up.
    """
    import importlib.util

    here = _package_folder()
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
