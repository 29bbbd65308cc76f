"""What the night's browser tests and the docs' screenshots share: the café night of
docs/night.md (13 players, 3 rounds of 2 deals, seed 11) and a real ``intlscore`` process
on the same ledger.

``python tests/night_pages.py`` writes docs/night-organiser.png (360 px) and
docs/night-screen.png (1920 x 1080) once; the tests write theirs to a temporary folder.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CAFE = ["ada", "ben", "cy", "dot", "eli", "fay", "gil", "hana", "ivo", "jo", "kai", "lou", "mo"]
HANG_GUARD = 120
"""Seconds after which a command that does not end fails the test (a hang guard)."""


def intlscore(db: Path, *argv: str) -> str:
    """``intlscore ARGV...`` as a real process on the ledger ``db``; its output."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), INTLSCORE_DB=str(db), COLUMNS="100")
    done = subprocess.run(
        [sys.executable, "-m", "intlscore", *argv],
        capture_output=True, text=True, env=env, timeout=HANG_GUARD, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def new_cafe(db: Path, name: str = "cafe", *extra: str) -> None:
    """The café night of docs/night.md, nothing seated yet (``extra``: more options of
    ``night new``)."""
    intlscore(db, "night", "new", name, "--players", *CAFE, "--rounds", "3", "--deals", "2",
              "--seed", "11", "--stake", "0.01", *extra)  # fmt: skip


def walkthrough_deals(round_: int) -> list[list[str]]:
    """The ``session deal`` arguments of the café's round ``round_`` as docs/night.md records
    them, in order, leaving out the deals it shows refused (read from the page, so the
    screenshots follow its walkthrough).

    >>> walkthrough_deals(1)[0][:4]
    ['cafe-r1-t1', '--open', '--winner', 'ivo']
    """
    lines = (ROOT / "docs" / "night.md").read_text(encoding="utf-8").splitlines()
    return [
        shlex.split(line.split(" --json")[0])[4:]
        for line, printed in pairwise(lines)
        if line.startswith(f"$ intlscore session deal cafe-r{round_}-")
        and not printed.startswith("intlscore: error")
    ]


ROUND_ONE = walkthrough_deals(1)
"""Round 1's deals, as docs/night.md records them."""
ROUND_TWO = walkthrough_deals(2)[:3]
"""The first deals of round 2, as docs/night.md records them."""


def docs_screenshots() -> None:
    """docs/night-organiser.png and docs/night-screen.png, from a real server and browser,
    at the walkthrough's moments: round 1 played, ben gone and nia come, round 2's draft
    on the organiser's phone with ada tapped; then round 2 seated and three of its deals
    played, on the projector."""
    import tempfile

    from playwright.sync_api import expect, sync_playwright
    from web_server import running

    from intlscore.faces.web.app import create_app

    docs = ROOT / "docs"
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "cafe.sqlite3"
        new_cafe(db)
        intlscore(db, "night", "seat", "cafe", "--accept")
        for deal in ROUND_ONE:
            intlscore(db, "session", "deal", *deal)
        intlscore(db, "night", "leave", "cafe", "ben")
        intlscore(db, "night", "arrive", "cafe", "nia")
        with running(create_app(db=db)) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=["--no-sandbox"])  # fmt: skip
            phone = browser.new_context(viewport={"width": 360, "height": 740}, base_url=url,
                                        device_scale_factor=2)  # fmt: skip
            page = phone.new_page()
            page.goto("/night/cafe")
            draft = page.get_by_role("region", name="draft")
            expect(draft.get_by_role("button", name="accept round 2")).to_be_enabled()
            draft.get_by_role("button", name="ada", exact=True).click()
            expect(draft).to_contain_text("ada chosen")
            top = "document.getElementById('draft').getBoundingClientRect().top"
            page.evaluate(f"window.scrollBy(0, {top} - 8)")  # the draft at the top
            page.screenshot(path=docs / "night-organiser.png")
            intlscore(db, "night", "seat", "cafe", "--accept")
            for deal in ROUND_TWO:
                intlscore(db, "session", "deal", *deal)
            screen = browser.new_context(viewport={"width": 1920, "height": 1080}, base_url=url)
            projector = screen.new_page()
            projector.goto("/night/cafe/screen")
            expect(projector.get_by_label("round clock")).to_contain_text(":")
            projector.screenshot(path=docs / "night-screen.png")
            browser.close()


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "tests"))
    sys.path.insert(0, str(ROOT))
    docs_screenshots()
