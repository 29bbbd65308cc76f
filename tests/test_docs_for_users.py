"""The README and docs/ speak to users (issue 44): no commit hashes, no engineering journal
on the odds page, and a speed table of short cells without times of day. The figures and
their provenance live in docs/speed.md, the journal in docs/history.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_HASH = re.compile(r"(?<![\w-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}(?![\w-])")
"""A word of 7 to 40 hex digits with a letter and a digit (a UUID's parts, joined by
hyphens, are not words of their own)."""


def test_the_hash_pattern_finds_hashes_only() -> None:
    assert _HASH.findall("at 3b432c5, side by side with dc46b09 (0.972)") == [
        "3b432c5",
        "dc46b09",
    ]
    assert not _HASH.findall("10000000 deals, 8e03978e-40d5-43e8-bc93-6894a57f9324, facade")


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_no_commit_hash(page: Path) -> None:
    found = [
        f"{page.name}:{number}: {word}"
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        for word in _HASH.findall(line)
    ]
    assert not found


def test_the_odds_page_is_a_users_page() -> None:
    text = (ROOT / "docs" / "odds.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 400
    assert not re.search(r"\b(?:session|UTC)\b", text), "the journal belongs in history.md"


def test_the_readme_speed_table_is_short() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Speed\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    assert len(rows) > 5
    for row in rows:
        for cell in row.strip("|").split("|"):
            assert len(cell.strip()) <= 100, cell
            assert not re.search(r"\b\d\d:\d\d\b", cell), f"a time of day: {cell}"
