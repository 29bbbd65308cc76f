"""Hatchling build hook: compile the optional C speed-up ``intlscore._native`` into the wheel.

The reach search is the slow part of intlscore (seconds on the worst racks), so the wheel
carries a compiled CPython extension built from every ``native/*.c`` file (the module
itself is ``native/_native.c``). It is built here with setuptools' ``build_ext`` against
the stable ABI (``Py_LIMITED_API`` 3.11) and added to the wheel as
``intlscore/_native.abi3.so`` (``.pyd`` on Windows). The wheel is then tagged
``cp311-abi3-<platform>``: one wheel serves every CPython from 3.11 on.

The extension is optional: when it does not build (no compiler, no Python headers, a compile
error...), the hook prints one warning and the wheel stays pure Python; intlscore then uses
its pure-Python search (and says so once, on stderr). Installing never fails because of it.

Tests run from a source checkout import the worktree's ``intlscore`` package, which has no
compiled file; :mod:`intlscore.engine.native` then loads the installed wheel's copy.
``python hatch_build.py`` instead builds it in place (``intlscore/_native.abi3.so``).

Either way the module records the hash of the C sources it was built from (its constant
``SOURCES_SHA256``, passed to the compiler as the macro ``INTLSCORE_SOURCES_SHA256``), so
that a checkout whose ``native/`` has changed since notices a stale module and says so
once (``intlscore/engine/native.py``, whose ``sources_hash`` computes it for both).
"""

from __future__ import annotations

import atexit
import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # `python hatch_build.py` in place, where hatchling is not installed
    BuildHookInterface = object

MODULE = "intlscore._native"
SOURCE_DIR = Path("native")
"""Every ``*.c`` file here is compiled into the one module (``_native.c`` defines it)."""
LIMITED_API = "0x030B0000"
"""The oldest CPython whose stable ABI the extension uses: 3.11, as ``requires-python``."""
ABI3_PYTHON = "cp311"


HASH_MACRO = "INTLSCORE_SOURCES_SHA256"
"""The macro that carries the sources' hash into the module (``native/_native.c``)."""
NATIVE_HELPER = Path("intlscore") / "engine" / "native.py"
"""The package's loader, which computes the sources' hash (it imports nothing of intlscore)."""


def sources_hash(source_dir: Path) -> str:
    """The hash of the C sources in ``source_dir``, as ``intlscore.engine.native`` computes it
    for a checkout: that module's ``sources_hash``, loaded from its file (``source_dir``'s
    parent is the project root)."""
    path = source_dir.resolve().parent / NATIVE_HELPER
    spec = importlib.util.spec_from_file_location("_intlscore_build_native", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    helper = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(helper)
    digest: str = helper.sources_hash(str(source_dir))
    return digest


def build_extension(source_dir: Path, work_dir: Path) -> Path:
    """Compile the C files of ``source_dir`` into the extension ``MODULE`` under ``work_dir``,
    recording their hash (:func:`sources_hash`) in it.

    Returns the path of the built file (``intlscore/_native.abi3.so`` or ``.pyd``).
    Raises whatever setuptools or the compiler raise when it does not build.
    """
    # Imported here so that a missing or broken setuptools is just another build failure.
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    extension = Extension(
        MODULE,
        sources=[str(path) for path in sorted(source_dir.glob("*.c"))],
        include_dirs=[str(source_dir)],
        define_macros=[
            ("Py_LIMITED_API", LIMITED_API),
            (HASH_MACRO, sources_hash(source_dir)),
        ],
        py_limited_api=True,
    )
    distribution = Distribution({"name": "intlscore", "ext_modules": [extension]})
    command = build_ext(distribution)
    command.build_lib = str(work_dir / "lib")
    command.build_temp = str(work_dir / "temp")
    command.inplace = False
    command.force = True
    command.ensure_finalized()
    command.run()
    built = Path(command.get_ext_fullpath(MODULE))
    if not built.is_file():
        raise FileNotFoundError(f"build_ext reported success but {built} is missing")
    return built


def abi3_tag() -> str:
    """The wheel tag for a stable-ABI extension on this platform: ``cp311-abi3-<platform>``."""
    from packaging.tags import sys_tags

    platform = next(iter(sys_tags())).platform
    return f"{ABI3_PYTHON}-abi3-{platform}"


class NativeBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Add the compiled ``intlscore._native`` to the wheel, or warn and stay pure Python."""

    PLUGIN_NAME = "custom"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._work_dir: Path | None = None

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        source = Path(self.root) / SOURCE_DIR
        work_dir = Path(tempfile.mkdtemp(prefix="intlscore-native-"))
        # finalize() removes it; this also covers a build that fails before finalize() runs.
        atexit.register(shutil.rmtree, work_dir, ignore_errors=True)
        self._work_dir = work_dir
        try:
            built = build_extension(source, work_dir)
        except (Exception, SystemExit) as error:
            reason = " ".join(f"{type(error).__name__}: {error}".split())
            print(
                f"intlscore: the C speed-up did not build ({reason}); using the pure-Python search",
                file=sys.stderr,
            )
            return
        build_data["force_include"][str(built)] = f"intlscore/{built.name}"
        build_data["pure_python"] = False
        build_data["tag"] = abi3_tag()

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._work_dir is not None:
            shutil.rmtree(self._work_dir, ignore_errors=True)
            self._work_dir = None


def build_in_place(root: Path) -> Path:
    """Build the extension into the source tree (``intlscore/_native.abi3.so``) and return it."""
    with tempfile.TemporaryDirectory(prefix="intlscore-native-") as work:
        built = build_extension(root / SOURCE_DIR, Path(work))
        target = root / "intlscore" / built.name
        # copied beside it, then renamed over it: a running intlscore keeps the file it has
        # mapped (writing into that file would crash it)
        staged = target.with_name(f".{target.name}.new")
        shutil.copyfile(built, staged)
        os.replace(staged, target)
    return target


if __name__ == "__main__":
    print(build_in_place(Path(__file__).resolve().parent))
