"""The C speed-up is portable C: it must build with MSVC and on 32-bit platforms (issue 11).

No MSVC or 32-bit toolchain is on this machine, so what can be checked here is checked:
every ``native/*.c`` compiles as strict ISO C99 and C11 (``-pedantic-errors``: no GNU
extension such as ``__int128``, statement expressions or zero-length arrays), with no
variable-length arrays (MSVC has none), and uses no compiler builtin or attribute. These
tests need a C compiler, as building the package does; without one they fail.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

NATIVE = Path(__file__).resolve().parents[1] / "native"
SOURCES = sorted(NATIVE.glob("*.c"))
NOT_PORTABLE = re.compile(
    r"__builtin_|__int128|__attribute__|__typeof__|\btypeof\b|__asm|<x86intrin\.h>"
)
"""GCC and Clang spellings that MSVC rejects, or that assume a 64-bit target."""


def test_there_are_sources() -> None:
    assert {path.name for path in SOURCES} >= {"_native.c", "setsearch.c", "holds_table.c"}


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: path.name)
def test_no_compiler_specific_construct(source: Path) -> None:
    text = source.read_text(encoding="utf-8")
    found = [
        f"{source.name}:{number}: {line.strip()}"
        for number, line in enumerate(text.splitlines(), start=1)
        if NOT_PORTABLE.search(line)
    ]
    assert found == []


@pytest.mark.slow
@pytest.mark.parametrize("standard", ["c99", "c11"])
@pytest.mark.parametrize("source", SOURCES, ids=lambda path: path.name)
def test_compiles_as_strict_iso_c(source: Path, standard: str) -> None:
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    assert compiler is not None, "no C compiler (cc, gcc or clang) on PATH"
    command = [
        compiler,
        f"-std={standard}",
        "-pedantic-errors",
        "-Wall",
        "-Wextra",
        "-Wvla",
        "-Werror",
        "-fsyntax-only",
        f"-I{sysconfig.get_paths()['include']}",
        f"-I{NATIVE}",
        str(source),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr


def test_the_check_catches_a_gnu_extension(tmp_path: Path) -> None:
    """The strict compile above is not a no-op: it refuses ``__int128``."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    assert compiler is not None
    source = tmp_path / "wide.c"
    source.write_text("__int128 wide(void) { return 1; }\n", encoding="utf-8")
    command = [compiler, "-std=c11", "-pedantic-errors", "-fsyntax-only", str(source)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode != 0
    assert NOT_PORTABLE.search(source.read_text(encoding="utf-8"))
