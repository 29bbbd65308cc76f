"""The C and its Python twins (issue 30 item 4, issue 44 item 4): every C function is
labelled for what it is.

Every ``native/*.c`` file begins with a block giving each function the file defines
(static or not) exactly one label::

    /* twins:
     *   twin    c_function   intlscore.module:qualified_name
     *   same    c_function   intlscore.module:qualified_name tests/test_file.py::test_name
     *   parser  c_function   what it parses of what Python hands over
     *   glue    c_function   what it joins (an entry, a capsule, an answer built)
     *   c-only  c_function   the reason in a few words
     *   inlines c_function   intlscore.module:qualified_name
     */

``twin``: the C function takes the Python function's steps, and no Python function is the
twin of two C functions. ``same``: it gives the Python function's answer by another method,
and the named test compares the two. ``inlines`` is not a label but a note beside one: a
Python helper whose steps the C function (labelled on its own line) takes inline.

The functions are read from the source itself (comments, strings and preprocessor
lines taken out; a definition is a name and its parameters followed by a body at
file level), each Python target is imported and each test is found, so a function added,
renamed or removed on either side fails here until its file's block says so.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from pathlib import Path

import pytest

NATIVE = Path(__file__).resolve().parent.parent / "native"
C_FILES = sorted(NATIVE.glob("*.c"))

ROOT = NATIVE.parent
LABELS = ("twin", "same", "parser", "glue", "c-only")
"""The kinds of label a C function may have, exactly one each."""
NOTES = ("inlines",)
"""Rows beside a label: a Python helper the labelled C function takes inline."""
TARGETED = ("twin", "same", "inlines")
"""The rows that name a Python function."""

_LINE = re.compile(r"^ \*\s+(twin|same|parser|glue|c-only|inlines)\s+(\w+)\s+(\S.*?)\s*$")
_TEST = re.compile(r"^(tests/[\w/]+\.py)::(test_\w+)$")
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

    >>> twin_block('/* twins:\\n *   twin   f   a.b:c\\n *   c-only g   a reason\\n */\\n')
    [('twin', 'f', 'a.b:c'), ('c-only', 'g', 'a reason')]
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
                f"line {number} is not 'KIND NAME target or reason', KIND one of "
                f"{', '.join(LABELS + NOTES)}"
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


def split_target(kind: str, rest: str) -> tuple[str, str | None]:
    """A row's Python target and, for ``same``, its test (ValueError when either is
    missing or malformed).

    >>> split_target("same", "intlscore.a:f tests/test_a.py::test_f")
    ('intlscore.a:f', 'tests/test_a.py::test_f')
    >>> split_target("twin", "intlscore.a:f")
    ('intlscore.a:f', None)
    """
    parts = rest.split()
    if kind == "same":
        if len(parts) != 2 or not _TEST.match(parts[1]):
            raise ValueError(f"{rest!r} is not 'module:name tests/file.py::test_name'")
        return parts[0], parts[1]
    if len(parts) != 1:
        raise ValueError(f"{rest!r} is not one module:name")
    return parts[0], None


def names_a_test(test: str) -> bool:
    """Whether ``tests/file.py::test_name`` names a test defined at that file's top level.

    >>> names_a_test("tests/test_c_twins.py::test_a_bad_block_is_refused")
    True
    >>> names_a_test("tests/test_c_twins.py::test_no_such_test")
    False
    """
    match = _TEST.match(test)
    if match is None:
        return False
    path, name = ROOT / match.group(1), match.group(2)
    if not path.is_file():
        return False
    definition = re.compile(rf"^def {name}\(", re.MULTILINE)
    return definition.search(path.read_text(encoding="utf-8")) is not None


@cache
def _block(path: Path) -> list[tuple[str, str, str]]:
    return twin_block(path.read_text(encoding="utf-8"))


def _labels(path: Path) -> list[tuple[str, str, str]]:
    return [row for row in _block(path) if row[0] in LABELS]


def test_every_native_file_is_read() -> None:
    names = {path.name for path in C_FILES}
    assert {"_native.c", "setsearch.c", "holds_table.c", "holds_simple.c", "play.c"} <= names


@pytest.mark.parametrize("path", C_FILES, ids=lambda path: path.name)
def test_every_function_has_exactly_one_label(path: Path) -> None:
    listed = [function for _, function, _ in _labels(path)]
    defined = defined_functions(path.read_text(encoding="utf-8"))
    assert defined, f"{path.name}: no function found: the parser is broken"
    twice = sorted({name for name in listed if listed.count(name) > 1})
    assert not twice, f"{path.name}: labelled more than once: {twice}"
    missing = [name for name in defined if name not in listed]
    assert not missing, f"{path.name}: functions without a label: {missing}"
    gone = [name for name in listed if name not in defined]
    assert not gone, f"{path.name}: the twins block labels functions that are gone: {gone}"


@pytest.mark.parametrize("path", C_FILES, ids=lambda path: path.name)
def test_every_note_is_beside_a_label(path: Path) -> None:
    labelled = {function for _, function, _ in _labels(path)}
    for kind, function, rest in _block(path):
        if kind in NOTES:
            assert function in labelled, f"{path.name}: {kind} {rest} for {function}, not labelled"


@pytest.mark.parametrize("path", C_FILES, ids=lambda path: path.name)
def test_every_python_function_named_exists(path: Path) -> None:
    for kind, function, rest in _block(path):
        if kind not in TARGETED:
            assert len(rest.split()) >= 2, f"{path.name}: {function} is {kind} without a reason"
            continue
        try:
            target, test = split_target(kind, rest)
            found = python_target(target)
        except (ImportError, AttributeError, ValueError) as error:
            pytest.fail(f"{path.name}: {kind} {function} {rest}: {error}")
        function_like = callable(found) or isinstance(found, property)
        assert function_like, f"{path.name}: {function} names {target}, not a function"
        if test is not None:
            assert names_a_test(test), f"{path.name}: {function} names {test}, which is not a test"


def test_no_python_function_has_two_twins() -> None:
    twins: dict[str, list[str]] = {}
    for path in C_FILES:
        for kind, function, rest in _labels(path):
            if kind == "twin":
                twins.setdefault(rest, []).append(f"{path.name}: {function}")
    shared = {target: functions for target, functions in twins.items() if len(functions) > 1}
    assert not shared, f"Python functions that are the twin of two C functions: {shared}"


def test_the_helpers_inlined_in_c_have_rows() -> None:
    """Python helpers that the C takes inline are named beside the C function that does."""
    inlined = {
        rest.split(":")[-1]: function
        for path in C_FILES
        for kind, function, rest in _block(path)
        if kind == "inlines"
    }
    expected = {"Wins.completing": "wins"}
    assert expected.items() <= inlined.items()


def test_a_missing_function_is_caught() -> None:
    """The checks are not vacuous: a file whose block leaves a function out, or keeps one
    that is gone, differs from what the parser finds."""
    text = NATIVE.joinpath("holds_table.c").read_text(encoding="utf-8")
    listed = {function for kind, function, _ in twin_block(text) if kind in LABELS}
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
        twin_block("/* twins:\n *   port f a.b:c\n */\n")
    with pytest.raises(ValueError, match=r"tests/file\.py"):
        split_target("same", "intlscore.a:f")
    with pytest.raises(ValueError, match="one module:name"):
        split_target("twin", "intlscore.a:f tests/test_a.py::test_f")
    with pytest.raises(AttributeError):
        python_target("intlscore.engine.melds:no_such_function")


def test_the_expectimax_steps_each_have_a_c_twin() -> None:
    """``value`` in native/play.c is split into the named steps of ``Expectimax.weigh``
    (issue 44): each step, and the two hints of a child it asks, is its own C function
    labelled the twin of the Python step."""
    twins = {
        rest: function
        for path in C_FILES
        for kind, function, rest in _labels(path)
        if kind == "twin"
    }
    steps = {
        "expectimax:Expectimax.weigh": "value",
        "expectimax:Expectimax.last_draw_hopes": "last_draw_hopes",
        "expectimax:won_now": "won_now",
        "expectimax:Expectimax.best_discard": "best_discard",
        "expectimax:Expectimax.child_hint": "child_hint",
        "child_hints:ChildHints.joker_hint": "joker_hint",
        "child_hints:ChildHints.back_hint": "back_hint",
    }
    for step, function in steps.items():
        assert twins.get(f"intlscore.engine.odds.{step}") == function, step
