"""Run the ``console`` examples of the docs at 80 columns; check them, or rewrite them.

A ``console`` block is a list of ``$ command`` lines, each followed by what it
prints (stdout and stderr, as a terminal shows them). The commands of one file
run in order, in one fresh folder, in-process through the CLI's entry point
with ``COLUMNS=80`` and output piped (so no colour). ``export NAME=VALUE``
sets a variable for the rest of the file; a ``| cat`` changes nothing and a
``| jq ...`` pipes the output through ``jq``. A fenced block right after
``<!-- example-file NAME -->`` (or ``<!-- example-file NAME extends FILE -->``,
which puts the repository's FILE first) is written to NAME before the commands
run. Times of day (ISO timestamps) are compared as placeholders, since the
ledger stamps each deal.

Check (the test ``tests/test_doc_examples.py`` does this)::

    python tests/doc_examples.py README.md docs/scoring.md

Rewrite the outputs after a change of the views::

    python tests/doc_examples.py --write README.md docs/scoring.md
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WIDTH = 80
CHECKED_FILES = (
    "README.md",
    "docs/scoring.md",
    "docs/reach.md",
    "docs/sessions.md",
    "docs/house-rules-walkthrough.md",
    "docs/club.md",
    "docs/odds.md",
    "docs/night.md",
)
"""The files whose examples are run (other helpers' docs keep their own checks)."""

_BLOCK = re.compile(r"^```console\n(.*?)^```\n", re.MULTILINE | re.DOTALL)
_FILE = re.compile(
    r"^<!-- example-file (\S+)(?: extends (\S+))? -->\n```\w*\n(.*?)^```\n",
    re.MULTILINE | re.DOTALL,
)
_TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?[+-]\d\d:\d\d")


@dataclass
class Example:
    command: str
    expected: str
    actual: str = ""

    def matches(self) -> bool:
        return _normalise(self.expected) == _normalise(self.actual)


def _normalise(text: str) -> str:
    lines = [line.rstrip() for line in _TIMESTAMP.sub("<time>", text).splitlines()]
    return "\n".join(lines).strip("\n")


def _split_block(body: str) -> list[Example]:
    examples: list[Example] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            examples.append(Example(line[2:], ""))
        elif examples:
            examples[-1].expected += line + "\n"
    return examples


def _run(command: str, env: dict[str, str], cwd: Path) -> str:
    """What ``command`` prints at an 80-column terminal whose output is piped."""
    from intlscore.faces.cli import main

    pipeline = [part.strip() for part in command.split(" | ")]
    words = shlex.split(pipeline[0])
    if words[0] == "export":
        name, _, value = words[1].partition("=")
        env[name] = value
        return ""
    extra: dict[str, str] = {}
    while "=" in words[0] and words[0] != "intlscore":
        name, _, value = words.pop(0).partition("=")
        extra[name] = value
    if words[0] != "intlscore":
        raise ValueError(f"not an intlscore command: {command!r}")
    saved_env = dict(os.environ)
    saved_cwd = Path.cwd()
    out = io.StringIO()
    try:
        os.environ.update({"COLUMNS": str(WIDTH), "LINES": "24", **env, **extra})
        os.environ.pop("FORCE_COLOR", None)
        os.environ.pop("NO_COLOR", None)
        os.chdir(cwd)
        with (
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(out),
            contextlib.suppress(SystemExit),  # argparse's own errors
        ):
            main(words[1:])
    finally:
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)
    text = out.getvalue()
    for stage in pipeline[1:]:
        if stage == "cat":
            continue
        text = subprocess.run(
            shlex.split(stage), input=text, capture_output=True, text=True, check=False
        ).stdout
    return text


def examples_of(path: Path) -> Iterator[tuple[re.Match[str], list[Example]]]:
    """Each console block of ``path`` with its examples run, in order, in one folder."""
    text = path.read_text(encoding="utf-8")
    env: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as folder:
        for made in _FILE.finditer(text):
            name, base, body = made.groups()
            head = (ROOT / base).read_text(encoding="utf-8") + "\n" if base else ""
            (Path(folder) / name).write_text(head + body, encoding="utf-8")
        for block in _BLOCK.finditer(text):
            examples = _split_block(block.group(1))
            for example in examples:
                example.actual = _run(example.command, env, Path(folder))
            yield block, examples


def check(path: Path) -> list[Example]:
    """The examples of ``path`` whose output is not what the file says."""
    return [ex for _, examples in examples_of(path) for ex in examples if not ex.matches()]


def rewrite(path: Path) -> int:
    """Write each example's actual output into ``path``; returns how many changed."""
    text = path.read_text(encoding="utf-8")
    pieces: list[str] = []
    last = 0
    changed = 0
    for block, examples in examples_of(path):
        pieces.append(text[last : block.start(1)])
        for example in examples:
            changed += not example.matches()
            output = "\n".join(line.rstrip() for line in example.actual.splitlines())
            pieces.append(f"$ {example.command}\n" + (output + "\n" if output else ""))
        last = block.end(1)
    pieces.append(text[last:])
    path.write_text("".join(pieces), encoding="utf-8")
    return changed


def main(argv: list[str]) -> int:
    write = "--write" in argv
    paths = [ROOT / name for name in argv if name != "--write"] or [
        ROOT / name for name in CHECKED_FILES
    ]
    status = 0
    for path in paths:
        if write:
            print(f"{path.relative_to(ROOT)}: {rewrite(path)} example(s) rewritten")
            continue
        for example in check(path):
            status = 1
            print(f"{path.relative_to(ROOT)}: $ {example.command}\n{example.actual}")
    return status


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
