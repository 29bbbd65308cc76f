"""A checkout notices a compiled module built from other C sources, and says so once.

The build (``hatch_build.py``) records the hash of ``native/*.c`` and ``native/*.h`` in the
module (``SOURCES_SHA256``); ``intlscore.engine.native`` compares it with a checkout's
``native/`` and, where they differ, says one line on stderr and goes on with that module.

Each test sets up its own checkout: a copy of this package in a temporary folder, beside a
``native/`` folder of its own, with the compiled module this test process uses copied in,
or a stand-in that loads it and records the hash the test chooses. So these tests hold
whether or not the developer's installed module matches this checkout's C sources (the
test suite hushes the line for every other test with ``INTLSCORE_STALE_NATIVE_OK=1``, set in
``conftest.py``, and says it once at the end of the run instead). The tests that start a
process are marked ``slow``.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

from intlscore.engine import native

ROOT = Path(__file__).resolve().parents[1]
FAKE_SOURCES = {"_native.c": "/* not the C the module was built from */\n", "x.h": "\n"}
SEVERAL_IMPORTS = """
import intlscore
from intlscore.engine import build, compiled, native
from intlscore.engine import build as again

modules = {id(native.built_module()), id(native.load()), id(native.built_module())}
assert len(modules) == 1, modules
print(again.current().name, intlscore.score_hand("k1-13 k1", discard="r5").best.score)
"""
"""Imports the engine (which chooses the compiled build), asks for the module again through
several doors, then answers: R5/24, a Royal with no joker, 2400."""


def compiled_file() -> Path:
    """The compiled module this test process loads (installed or built in place)."""
    module = native.built_module()
    assert module is not None and module.__file__, (
        "no compiled intlscore._native to test with: install the package where a C "
        "compiler works (pip install .)"
    )
    return Path(module.__file__)


def checkout(tmp_path: Path, sources: dict[str, str] | None, recorded: str | None = None) -> Path:
    """A checkout in ``tmp_path``: a copy of the ``intlscore`` package and, unless
    ``sources`` is None, a ``native/`` folder holding them. Its compiled module is the one
    this process uses, copied in as it is; or, with ``recorded``, a stand-in
    ``intlscore/_native.py`` that loads that module and records ``recorded`` as its hash."""
    root = tmp_path / "checkout"
    shutil.copytree(
        ROOT / "intlscore",
        root / "intlscore",
        ignore=shutil.ignore_patterns("__pycache__", "_native*.so", "_native*.pyd"),
    )
    if sources is not None:
        (root / "native").mkdir()
        for name, text in sources.items():
            (root / "native" / name).write_text(text, encoding="utf-8")
    real = compiled_file()
    if recorded is None:
        shutil.copyfile(real, root / "intlscore" / real.name)
    else:
        (root / "intlscore" / "_native.py").write_text(
            "import importlib.util\n"
            # its own name, so that loading it does not take this module's place
            f"_spec = importlib.util.spec_from_file_location('_native', {str(real)!r})\n"
            "_real = importlib.util.module_from_spec(_spec)\n"
            "_spec.loader.exec_module(_real)\n"
            "globals().update((k, v) for k, v in vars(_real).items() if not k.startswith('__'))\n"
            f"SOURCES_SHA256 = {recorded!r}\n",
            encoding="utf-8",
        )
    return root


def run(root: Path, *argv: str, **variables: str) -> subprocess.CompletedProcess[str]:
    """``python ARGV`` in the checkout ``root``, importing its package, with ``variables``
    and neither the hush nor the pure-Python switch of this test process."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {native.STALE_OK_VARIABLE, native.PURE_PYTHON_VARIABLE, "PYTHONPATH"}
    }
    env.update(PYTHONPATH=str(root), NO_COLOR="1", **variables)
    return subprocess.run(
        [sys.executable, *argv],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def stale_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "built from other C sources" in line]


@pytest.mark.slow
def test_a_stale_module_is_said_once_and_still_answers(tmp_path: Path) -> None:
    root = checkout(tmp_path, FAKE_SOURCES)
    done = run(root, "-c", SEVERAL_IMPORTS)
    assert (done.returncode, done.stdout) == (0, "compiled 2400\n"), done.stderr
    hatch = root / "hatch_build.py"
    assert done.stderr.splitlines() == [
        f"intlscore: the compiled module intlscore._native"
        f" ({root / 'intlscore' / compiled_file().name}) was built from other C sources than"
        f" {root / 'native'}, so its answers may differ from this checkout's;"
        f" rebuild it with: python {hatch}"
    ]


@pytest.mark.slow
def test_the_command_line_says_it_once_and_answers(tmp_path: Path) -> None:
    root = checkout(tmp_path, FAKE_SOURCES, recorded="0" * 64)
    done = run(root, "-m", "intlscore", "score", "k1-13 k1", "--discard", "r5", "--json")
    assert done.returncode == 0, done.stderr
    assert '"score": 2400' in done.stdout
    assert len(stale_lines(done.stderr)) == 1 and done.stderr.count("\n") == 1, done.stderr


@pytest.mark.slow
def test_a_module_built_from_these_sources_says_nothing(tmp_path: Path) -> None:
    sources = tmp_path / "sources"
    sources.mkdir()
    for name, text in FAKE_SOURCES.items():
        (sources / name).write_text(text, encoding="utf-8")
    root = checkout(tmp_path, FAKE_SOURCES, recorded=native.sources_hash(str(sources)))
    done = run(root, "-c", SEVERAL_IMPORTS)
    assert (done.returncode, done.stdout, done.stderr) == (0, "compiled 2400\n", "")


@pytest.mark.slow
def test_the_same_stand_in_with_another_hash_is_stale(tmp_path: Path) -> None:
    """The stand-in above is not silent by itself: one byte of the hash makes it stale."""
    root = checkout(tmp_path, FAKE_SOURCES, recorded="0" * 64)
    done = run(root, "-c", SEVERAL_IMPORTS)
    assert done.stdout == "compiled 2400\n"
    assert stale_lines(done.stderr) == done.stderr.splitlines(), done.stderr
    assert len(stale_lines(done.stderr)) == 1, done.stderr
    assert f"({root / 'intlscore' / '_native.py'})" in done.stderr  # the stand-in answered


@pytest.mark.slow
def test_an_installed_package_without_native_never_checks(tmp_path: Path) -> None:
    root = checkout(tmp_path, None, recorded="0" * 64)
    done = run(root, "-c", SEVERAL_IMPORTS)
    assert (done.returncode, done.stdout, done.stderr) == (0, "compiled 2400\n", "")


@pytest.mark.slow
def test_a_folder_named_native_without_the_module_source_is_not_a_checkout(
    tmp_path: Path,
) -> None:
    # another distribution's top-level package "native" beside intlscore in site-packages
    root = checkout(tmp_path, {"__init__.py": "", "helper.c": "int x;\n"}, recorded="0" * 64)
    done = run(root, "-c", SEVERAL_IMPORTS)
    assert (done.returncode, done.stdout, done.stderr) == (0, "compiled 2400\n", "")


@pytest.mark.slow
@pytest.mark.parametrize("variable", [native.STALE_OK_VARIABLE, native.PURE_PYTHON_VARIABLE])
def test_nothing_is_said_when_hushed_or_not_used(tmp_path: Path, variable: str) -> None:
    root = checkout(tmp_path, FAKE_SOURCES, recorded="0" * 64)
    done = run(root, "-c", "import intlscore.engine; print('ok')", **{variable: "1"})
    assert (done.returncode, done.stdout, done.stderr) == (0, "ok\n", "")


def test_the_hash_covers_every_c_and_h_file(tmp_path: Path) -> None:
    def digest(files: dict[str, bytes]) -> str:
        folder = tmp_path / str(len(list(tmp_path.iterdir())))
        folder.mkdir()
        for name, data in files.items():
            (folder / name).write_bytes(data)
        return native.sources_hash(str(folder))

    base = {"_native.c": b"int a;\n", "holds.h": b"int b;\n"}
    first = digest(base)
    assert len(first) == 64 and first == digest(dict(base))
    assert digest({**base, "holds.h": b"int c;\n"}) != first  # a header changed
    assert digest({**base, "play.c": b"int d;\n"}) != first  # a C file added
    assert digest({"_native.c": b"int a;\n"}) != first  # a header removed
    assert digest({"_native.c": b"int a;\nint b;\n"}) != first  # the same bytes, one file
    assert digest({**base, "README.md": b"notes\n"}) == first  # not a C source
    assert digest({"_native.c": b"int a;\r\n", "holds.h": b"int b;\r\n"}) == first


def test_stale_notice_reads_the_recorded_hash(tmp_path: Path) -> None:
    (tmp_path / "native").mkdir()
    (tmp_path / "native" / "_native.c").write_text("int a;\n", encoding="utf-8")
    module = types.ModuleType(native.MODULE)
    assert native.stale_notice(module, str(tmp_path)) is not None  # records nothing
    setattr(module, native.RECORDED, native.sources_hash(str(tmp_path / "native")))
    assert native.stale_notice(module, str(tmp_path)) is None
    assert native.stale_notice(types.ModuleType(native.MODULE), None) is None


def test_the_build_records_the_hash_the_check_computes() -> None:
    # hatch_build.py passes this to the compiler (the macro INTLSCORE_SOURCES_SHA256, which
    # native/_native.c turns into SOURCES_SHA256); test_wheel_install checks a built wheel.
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    hatch_build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hatch_build)
    sources = ROOT / "native"
    assert hatch_build.sources_hash(sources) == native.sources_hash(str(sources))
    assert "SOURCES_SHA256" in (sources / "_native.c").read_text(encoding="utf-8")


def test_the_test_suite_hushes_the_line_by_its_name() -> None:
    # conftest.py sets it (by name, before the engine is imported) for every other test
    assert os.environ.get(native.STALE_OK_VARIABLE) == "1"
