"""The C a twin of the Python (issue 30 item 4): every C function is named in its file.

Every ``native/*.c`` file begins with a block listing, one line per function the file
defines (static or not), the Python function it ports or why it is C's alone::

    /* twins:
     *   port   c_function_name   intlscore.python.module:qualified_name
     *   c-only c_function_name   the reason in a few words
     */

The functions are read from the source itself (comments, strings and preprocessor
lines taken out; a definition is a name and its parameters followed by a body at file
level), and each ``port`` target is imported, so a function added, renamed or removed
on either side fails here until its file's block says so.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from pathlib import Path

import pytest

NATIVE = Path(__file__).resolve().parent.parent / "native"
C_FILES = sorted(NATIVE.glob("*.c"))

_LINE = re.compile(r"^ \*\s+(port|c-only)\s+(\w+)\s+(\S.*?)\s*$")
_DEFINITION = re.compile(r"(\w+)\s*\([^{};]*\)\s*$")


def code_only(text: str) -> str:
    """The C text without comments, string or character literals and preprocessor lines
    (each literal becomes an empty one; line breaks are kept).

    >>> code_only('int f(void) { return g("}", 1); } /* h(void) { */')
    'int f(void) { return g("", 1); } '
    """
    out: list[str] = []
    i, size = 0, len(text)
    while i < size:
        if text.startswith("/*", i):
            end = text.index("*/", i + 2) + 2
            out.append("\n" * text.count("\n", i, end))
            i = end
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = size if end < 0 else end
        elif text[i] in "\"'":
            quote, end = text[i], i + 1
            while text[end] != quote:
                end += 2 if text[end] == "\\" else 1
            out.append(quote * 2)
            i = end + 1
        else:
            out.append(text[i])
            i += 1
    return re.sub(r"^[ \t]*#.*(?:\\\n.*)*$", "", "".join(out), flags=re.MULTILINE)


def defined_functions(text: str) -> list[str]:
    """The functions a C file defines, in order: a name, its parameters, then a body at
    file level (a prototype ends in ``;``, an initialiser has ``=``).

    >>> defined_functions('static int f(int a) { if (a) { return 1; } return 0; }\\n'
    ...                   'int g(void);\\nstatic const int T[2] = {1, 2};\\n'
    ...                   'PyObject *h(PyObject *self,\\n           PyObject *args) { }')
    ['f', 'h']
    """
    code = code_only(text)
    names: list[str] = []
    depth = start = 0
    for at, char in enumerate(code):
        if char == "{":
            if depth == 0:
                head = code[start:at]
                found = _DEFINITION.search(head)
                if found and "=" not in head:
                    names.append(found.group(1))
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                start = at + 1
        elif char == ";" and depth == 0:
            start = at + 1
    return names


def twin_block(text: str) -> list[tuple[str, str, str]]:
    """The file's twin block as (kind, C function, target or reason); ValueError when the
    file does not begin with one or a line breaks the format.

    >>> twin_block('/* twins:\\n *   port   f   a.b:c\\n *   c-only g   a reason\\n */\\n')
    [('port', 'f', 'a.b:c'), ('c-only', 'g', 'a reason')]
    """
    lines = text.splitlines()
    if not lines or lines[0].rstrip() != "/* twins:":
        raise ValueError("does not begin with '/* twins:'")
    rows: list[tuple[str, str, str]] = []
    for number, line in enumerate(lines[1:], start=2):
        if line.rstrip() == " */":
            return rows
        match = _LINE.match(line)
        if match is None:
            raise ValueError(
                f"line {number} is not 'port NAME module:name' or 'c-only NAME reason'"
            )
        kind, function, rest = match.groups()
        rows.append((kind, function, rest))
    raise ValueError("the twins block never ends with ' */'")


def python_target(target: str) -> object:
    """The Python object ``module:qualified.name`` names (ImportError or AttributeError).

    >>> python_target("intlscore.engine.melds:position_tile").__name__
    'position_tile'
    """
    module_name, _, qualified = target.partition(":")
    if not module_name.startswith("intlscore.") or not qualified:
        raise ValueError(f"{target!r} is not intlscore.module:qualified_name")
    found: object = importlib.import_module(module_name)
    for part in qualified.split("."):
        found = getattr(found, part)
    return found


@cache
def _block(path: Path) -> list[tuple[str, str, str]]:
    return twin_block(path.read_text(encoding="utf-8"))


def test_every_native_file_is_read() -> None:
    names = {path.name for path in C_FILES}
    assert {"_native.c", "setsearch.c", "holds_table.c", "holds_simple.c", "play.c"} <= names


@pytest.mark.parametrize("path", C_FILES, ids=lambda path: path.name)
def test_the_block_lists_every_function_once(path: Path) -> None:
    listed = [function for _, function, _ in _block(path)]
    defined = defined_functions(path.read_text(encoding="utf-8"))
    assert defined, f"{path.name}: no function found: the parser is broken"
    twice = sorted({name for name in listed if listed.count(name) > 1})
    assert not twice, f"{path.name}: listed more than once: {twice}"
    missing = [name for name in defined if name not in listed]
    assert not missing, f"{path.name}: functions missing from the twins block: {missing}"
    gone = [name for name in listed if name not in defined]
    assert not gone, f"{path.name}: the twins block lists functions that are gone: {gone}"


@pytest.mark.parametrize("path", C_FILES, ids=lambda path: path.name)
def test_every_port_names_python_that_exists(path: Path) -> None:
    for kind, function, rest in _block(path):
        if kind == "port":
            try:
                target = python_target(rest)
            except (ImportError, AttributeError, ValueError) as error:
                pytest.fail(f"{path.name}: {function} ports {rest}, which does not import: {error}")
            function_like = callable(target) or isinstance(target, property)
            assert function_like, f"{path.name}: {function} ports {rest}, not a function"
        else:
            assert len(rest.split()) >= 2, f"{path.name}: {function} is C-only without a reason"


def test_a_missing_function_is_caught() -> None:
    """The checks are not vacuous: a file whose block leaves a function out, or keeps one
    that is gone, differs from what the parser finds."""
    text = NATIVE.joinpath("holds_table.c").read_text(encoding="utf-8")
    listed = {function for _, function, _ in twin_block(text)}
    extra = text + "\nstatic int added_later(int x) {\n    return x;\n}\n"
    assert set(defined_functions(extra)) - listed == {"added_later"}
    first = defined_functions(text)[0]
    body = re.compile(rf"^[^\n]*\b{first}\([^)]*\) \{{.*?^\}}\n", re.MULTILINE | re.DOTALL)
    removed = body.sub("", text, count=1)
    assert listed - set(defined_functions(removed)) == {first}


def test_a_bad_block_is_refused() -> None:
    with pytest.raises(ValueError, match="begin"):
        twin_block("/*\n * twins:\n */\n")
    with pytest.raises(ValueError, match="line 2"):
        twin_block("/* twins:\n *   ported f a.b:c\n */\n")
    with pytest.raises(AttributeError):
        python_target("intlscore.engine.melds:no_such_function")
