"""Hatchling build hook: compile the optional C speed-up ``intlscore_native`` into the wheel.

The reach search is the slow part of intlscore (seconds on the worst racks), so the wheel
carries a compiled CPython extension, ``native/intlscore_native.c``, built here with
setuptools' ``build_ext`` and added at the top level of the wheel (not inside ``intlscore/``,
so that running the tests from the repository still imports the installed compiled module).
The wheel then gets a platform tag.

The extension is optional: when it does not build (no compiler, no Python headers, a compile
error...), the hook prints one warning and the wheel stays pure Python; intlscore then uses
its pure-Python search. Installing never fails because of it.
"""

from __future__ import annotations

import atexit
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MODULE = "intlscore_native"
SOURCE = Path("native") / f"{MODULE}.c"


def build_extension(source: Path, work_dir: Path) -> Path:
    """Compile ``source`` into the extension module ``MODULE`` under ``work_dir``.

    Returns the path of the built file (``intlscore_native.cpython-311-...so`` or ``.pyd``).
    Raises whatever setuptools or the compiler raise when it does not build.
    """
    # Imported here so that a missing or broken setuptools is just another build failure.
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    extension = Extension(MODULE, sources=[str(source)], extra_compile_args=["-O2"])
    distribution = Distribution({"name": MODULE, "ext_modules": [extension]})
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


class NativeBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Add the compiled ``intlscore_native`` to the wheel, or warn and stay pure Python."""

    PLUGIN_NAME = "custom"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._work_dir: Path | None = None

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        source = Path(self.root) / SOURCE
        work_dir = Path(tempfile.mkdtemp(prefix=f"{MODULE}-"))
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
        build_data["force_include"][str(built)] = built.name
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._work_dir is not None:
            shutil.rmtree(self._work_dir, ignore_errors=True)
            self._work_dir = None
