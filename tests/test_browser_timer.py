"""A night's table on its phones (issue 43, item 5), in real Chromium at 360 x 740: the
table's line (its number, the round, the seats in order, who starts the deal in play)
follows a deal recorded by the command line in another process, and the turn timer
passes turns in seat order from the starter, uses each player's extra seconds once a
deal, says when time is up, vibrates and sounds at 10 s and at zero, pauses, keeps its
settings, and never stands in the way of the scoring or the tile keyboard.

No test waits for time to pass: the timer's logic is driven with a clock of the test's
own (``TurnTimer``'s ``now``), and the page's timer with Playwright's clock
(``page.clock``), paused and moved on by exactly what each step needs. Screenshots go to
the test's temporary folder, or to ``$INTLSCORE_SHOTS`` when it names a folder (which is
how docs/night-table.png is made: it is looked at before it is kept).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from night_pages import CAFE
from playwright.sync_api import Browser, Locator, Page, expect
from test_browser_a11y import scan
from test_browser_live import phone_maker
from test_web_browser import LAYOUT_CHECK, base, db, option, tile  # noqa: F401
from web_server import HANG_GUARD

from intlscore.session.ledger import Ledger
from intlscore.session.night.night import SeatedTable
from intlscore.session.night.store import accept_round, create_night

ROOT = Path(__file__).resolve().parent.parent
SCREEN = {"width": 360, "height": 740}
PLAYERS = ["ana", "ben", "cy", "di", "eve", "fay", "gus", "hal"]
START = datetime(2026, 12, 5, 20, 0, 0)
"""When the page's clock starts, in the tests that hold it."""

RECORDER = """
// what the phone was asked to do: vibrations, tones and the timer's signals, in order
window.buzzed = [];
window.tones = [];
window.signals = [];
Object.defineProperty(Navigator.prototype, "vibrate", {
  configurable: true,
  value(pattern) { window.buzzed.push(JSON.stringify(pattern)); return true; },
});
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...when) {
  window.tones.push(this.frequency.value);
  return start.apply(this, when);
};
document.addEventListener("timer-signal", (event) => window.signals.push(event.detail.kind));
"""


def night(db: Path, name: str, players: list[str] = PLAYERS) -> SeatedTable:
    """A night of 8 (4 rounds of 4 deals), round 1 accepted: its table 2 (with other
    players, the table of the first of them)."""
    with Ledger(db) as ledger:
        create_night(ledger, name, players, rounds=4, deals=4, seed=5)
        _, first = accept_round(ledger, name, cpu_seconds=None)
    if players == PLAYERS:
        return first.tables[1]
    return next(table for table in first.tables if players[0] in table.players)


def cafe_table_two(db: Path) -> SeatedTable:
    """Table 2 of round 1 of the café night of docs/night.md (13 players, 3 rounds of 2
    deals, seed 11, seated as ``night seat cafe --accept`` seats it), whose phone the docs'
    screenshot shows."""
    with Ledger(db) as ledger:
        create_night(ledger, "cafe", CAFE, rounds=3, deals=2, seed=11)
        _, first = accept_round(ledger, "cafe")
    return first.tables[1]


def laptop_deal(db: Path, session: str, *words: str) -> None:
    """``intlscore session deal`` run by the laptop: a process of its own on the ledger."""
    done = subprocess.run(
        [sys.executable, "-m", "intlscore", "session", "deal", session, *words, "--db", str(db)],
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("INTLSCORE_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def phone(browser: Browser, base: str) -> Iterator[Page]:
    """One phone of 360 x 740 (the CSP bypassed only so that axe-core may be injected)."""
    with phone_maker(browser, base, viewport=SCREEN, bypass_csp=True) as make:
        (page,) = make(1)
        page.add_init_script(RECORDER)
        yield page


class Timer:
    """The turn timer as a player finds it: by role and name."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.face = page.get_by_role("group", name="turn timer")
        self.clock = page.get_by_role("timer", name="time left")
        self.said = page.get_by_role("status", name="timer news")
        self.line = page.locator("[data-live=table-line]")

    def unfold(self) -> None:
        self.page.get_by_text("Turn timer", exact=True).click()
        expect(self.face).to_be_visible()

    def tap(self, name: str) -> None:
        """The big button: "start: X's turn", then "next player: X"."""
        self.face.get_by_role("button", name=name, exact=True).click()

    def button(self, name: str) -> Locator:
        return self.page.get_by_role("button", name=name, exact=True)


def recorded(page: Page, what: str) -> Any:
    return page.evaluate(f"window.{what}")


def test_the_timers_logic_runs_on_a_clock_of_its_own(phone: Page, db: Path) -> None:
    """TurnTimer with the test's clock: turns in seat order from the starter; 10 s left,
    the extra seconds once a deal (used by themselves), time up; a pause stops the clock;
    a new deal gives everyone their extra seconds again."""
    table = night(db, "logic")
    phone.goto(f"/session/{table.session}")
    seen = phone.evaluate(
        """() => {
      let t = 0;
      const timer = new TurnTimer({ seats: ["ana", "ben", "cy", "di"], starter: "ben",
                                    move: 60, bank: 30, now: () => t });
      const seen = [];
      const look = (when) => {
        const now = timer.status();
        seen.push([when, now.phase, now.player, now.left, timer.signals()]);
      };
      look("before the first tap");
      timer.next(); look("ben's turn");
      t = 49000; look("49 s");
      t = 50000; look("50 s");
      t = 60000; look("60 s");
      t = 80000; look("80 s");
      t = 90000; look("90 s");
      t = 95000; look("95 s");
      timer.next(); t += 5000; look("cy, 5 s");
      timer.pause(); t += 100000; look("cy, paused 100 s");
      timer.resume(); t += 55000; look("cy, 60 s");
      for (const _ of [1, 2, 3]) timer.next();
      t += 60000; look("ben again, 60 s");
      timer.newDeal(["ana", "ben", "cy", "di"], "cy"); look("a new deal");
      timer.next(); timer.next(); t += 60000; look("di, 60 s");
      return seen;
    }"""
    )
    assert seen == [
        ["before the first tap", "idle", "ben", 60, []],
        ["ben's turn", "move", "ben", 60, []],
        ["49 s", "move", "ben", 11, []],
        ["50 s", "move", "ben", 10, ["warn"]],
        ["60 s", "extra", "ben", 30, ["extra"]],
        ["80 s", "extra", "ben", 10, ["warn"]],
        ["90 s", "up", "ben", 0, ["up"]],
        ["95 s", "up", "ben", 0, []],
        ["cy, 5 s", "move", "cy", 55, []],
        ["cy, paused 100 s", "move", "cy", 55, []],
        ["cy, 60 s", "extra", "cy", 30, ["warn", "extra"]],
        # di, ana, then ben: his extra seconds are used this deal
        ["ben again, 60 s", "up", "ben", 0, ["warn", "up"]],
        ["a new deal", "idle", "cy", 60, []],
        ["di, 60 s", "extra", "di", 30, ["warn", "extra"]],
    ]


def test_the_timer_passes_turns_uses_the_extra_time_and_says_time_is_up(
    phone: Page, db: Path, tmp_path: Path
) -> None:
    table = cafe_table_two(db)
    # the walkthrough's table 2 (docs/night.md, `session show cafe-r1-t2`), a table of 3
    assert table.players == ("jo", "eli", "dot"), table.players
    a, b, c = table.players
    page = phone
    page.clock.install(time=START)
    page.goto(f"/session/{table.session}")
    page.clock.pause_at(datetime(2026, 12, 5, 21, 0, 0))  # from here, time moves when told
    timer = Timer(page)
    timer.unfold()
    expect(timer.face).to_contain_text(f"{a} starts deal 1")
    expect(timer.face).to_contain_text("60 s a move, then +30 s once a deal")
    expect(timer.clock).to_have_text("1:00")
    expect(timer.button("pause")).to_be_disabled()
    assert recorded(page, "tones") == []  # no sound before a tap

    timer.tap(f"start: {a}'s turn")
    expect(timer.said).to_have_text(f"{a}'s turn")
    expect(timer.face).to_contain_text("then their extra 30 s (once a deal)")
    # the clock ticks four times a second: a step's last 250 ms let the tick after it come
    page.clock.run_for(50_250)
    expect(timer.clock).to_have_text("0:10")
    expect(timer.said).to_have_text(f"{a}: 10 seconds left")

    timer.tap(f"next player: {b}")  # in seat order
    expect(timer.said).to_have_text(f"{b}'s turn")
    expect(timer.clock).to_have_text("1:00")
    page.clock.run_for(60_250)
    expect(timer.clock).to_have_text("0:30")
    expect(timer.said).to_have_text(
        f"{b}: the move's time is up; their extra 30 s are in use (once a deal)"
    )
    expect(timer.face).to_contain_text("extra time: their +30 s, once a deal")
    page.screenshot(path=shots(tmp_path) / "night-table.png")
    page.clock.run_for(30_000)
    expect(timer.clock).to_have_text("0:00")
    expect(timer.said).to_have_text(f"{b}: time is up")
    expect(timer.face).to_contain_text("time is up")
    expect(page.get_by_text("Turn timer", exact=True)).to_be_visible()

    for player in (c, a, b):  # round the table to b again: no extra time this deal
        timer.tap(f"next player: {player}")
        expect(timer.said).to_have_text(f"{player}'s turn")
    expect(timer.face).to_contain_text("no extra time left this deal")
    page.clock.run_for(60_250)
    expect(timer.said).to_have_text(f"{b}: time is up")
    expect(timer.clock).to_have_text("0:00")

    timer.tap(f"next player: {c}")
    page.clock.run_for(5_250)
    expect(timer.clock).to_have_text("0:55")
    timer.button("pause").click()
    expect(timer.said).to_have_text(f"paused: {c}'s turn")
    page.clock.run_for(60_000)
    expect(timer.clock).to_have_text("0:55")
    expect(timer.face).to_contain_text("paused")
    timer.button("resume").click()
    page.clock.run_for(1_000)
    expect(timer.clock).to_have_text("0:54")

    # the phone was asked to vibrate and sound at each 10 s left and each zero
    signals = ["warn", "warn", "extra", "warn", "up", "warn", "up"]
    assert recorded(page, "signals") == signals
    patterns = {"warn": "[150]", "extra": "[300,100,300]", "up": "[600,150,600]"}
    assert recorded(page, "buzzed") == [patterns[kind] for kind in signals]
    tones = {"warn": 880, "extra": 520, "up": 330}
    assert recorded(page, "tones") == [tones[kind] for kind in signals]

    # a tap anywhere on the timer passes the turn too (round a table of 3 to a)
    timer.clock.click()
    expect(timer.said).to_have_text(f"{a}'s turn")
    # start the deal over: the starter's turn waits for the first tap again
    timer.button("start the deal over").click()
    expect(timer.face.get_by_role("button")).to_have_text(f"start: {a}'s turn")
    assert page.evaluate(LAYOUT_CHECK) == []


LONG = ["Anneliese-Marguerite", "Bartholomew-Maximilian", *PLAYERS[2:]]
"""Names as long as players give them: the line and the timer still fit 360 px."""


def test_the_settings_are_checked_and_kept_on_the_phone(
    phone: Page, db: Path, tmp_path: Path
) -> None:
    table = night(db, "settings", LONG)
    a = table.players[0]
    assert LONG[0] in table.players
    page = phone
    page.goto(f"/session/{table.session}")
    timer = Timer(page)
    timer.unfold()
    page.get_by_text("Timer settings", exact=True).click()
    seconds = page.get_by_label("seconds a move")
    expect(seconds).to_have_value("60")
    seconds.fill("45")
    seconds.press("Tab")
    expect(timer.clock).to_have_text("0:45")
    extra = page.get_by_label("extra seconds, once a deal")
    extra.fill("lots")
    extra.press("Tab")
    expect(page.get_by_role("alert", name="timer settings message")).to_have_text(
        'extra seconds: a whole number from 0 to 300, not "lots"'
    )
    expect(extra).to_have_value("30")  # the kept value stays
    extra.fill("0")
    extra.press("Tab")
    expect(timer.face).to_contain_text("45 s a move")
    expect(timer.face).not_to_contain_text("once a deal")
    page.get_by_label("sound and vibration").uncheck()

    page.reload()  # kept on the phone: the timer open, the settings as set
    expect(timer.face).to_be_visible()
    expect(timer.clock).to_have_text("0:45")
    expect(page.get_by_label("extra seconds, once a deal")).to_have_value("0")
    expect(page.get_by_label("sound and vibration")).not_to_be_checked()
    timer.tap(f"start: {a}'s turn")
    expect(timer.face).to_contain_text("no extra time left this deal")
    assert recorded(page, "tones") == []  # sound off: no tone made
    for player in table.players[1:]:  # to the longest names, on the button and above it
        timer.tap(f"next player: {player}")
        expect(timer.face).to_contain_text(f"{player}'s turn")
        assert page.evaluate(LAYOUT_CHECK) == []  # long names wrap; nothing is cut
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=shots(tmp_path) / "night-table-long.png")


def test_the_line_follows_a_deal_recorded_by_the_command_line(phone: Page, db: Path) -> None:
    """The table's phone shows the line; the laptop records deal 1 (a real ``intlscore``
    process): the line names the next starter and the timer waits for them."""
    table = night(db, "line")
    a, b, c, d = table.players
    page = phone
    page.goto(f"/session/{table.session}")
    expect(page.locator("html[data-live=on]")).to_have_count(1)
    timer = Timer(page)
    expect(timer.line).to_have_text(
        f"Table 2 · round 1 of 4 · {a}, {b}, {c}, {d} (seat order) · {a} starts deal 1 of 4"
    )
    expect(timer.line).to_be_in_viewport()
    timer.unfold()
    timer.tap(f"start: {a}'s turn")
    expect(timer.said).to_have_text(f"{a}'s turn")

    laptop_deal(db, table.session, "--open", "--winner", a, "--not-melded", b, c, d)
    expect(timer.line).to_contain_text(f"· {b} starts deal 2 of 4")
    expect(timer.said).to_have_text(f"deal 2: {b} starts")
    expect(timer.face.get_by_role("button")).to_have_text(f"start: {b}'s turn")
    expect(timer.clock).to_have_text("1:00")
    expect(page.get_by_role("region", name="totals")).to_contain_text("Totals after 1 deal")


def test_with_the_timer_running_the_keyboard_still_scores(
    phone: Page, db: Path, tmp_path: Path
) -> None:
    """With the timer open and running, the page passes the scan, the tile keyboard enters
    a rack and the page saves the deal; the line and the timer follow."""
    table = night(db, "keys")
    a, b, c, d = table.players
    page = phone
    page.goto(f"/session/{table.session}")
    expect(page.locator("html[data-live=on]")).to_have_count(1)
    timer = Timer(page)
    timer.unfold()
    timer.tap(f"start: {a}'s turn")
    scan(page, "a night's table with its timer running")
    page.get_by_role("button", name="new deal", exact=True).click()
    option(page, "winner", a).check()
    page.get_by_label(f"tap to fill: {c}'s rack").check()
    keyboard = page.get_by_label("tile keyboard", exact=True)
    expect(keyboard).to_be_visible()
    for notation in ["r5", "b7"]:
        tile(page, notation).click()
    rack = page.get_by_label(f"{c}'s rack", exact=True)
    expect(rack.get_by_role("button")).to_have_count(2)
    page.screenshot(path=shots(tmp_path) / "night-table-keyboard.png")
    page.get_by_role("button", name="done", exact=True).click()
    expect(keyboard).to_be_hidden()
    for loser in (b, d):
        page.get_by_label(f"{loser} has not melded").check()
    page.get_by_role("button", name="save deal").click()
    expect(timer.line).to_contain_text(f"· {b} starts deal 2 of 4")
    expect(timer.said).to_have_text(f"deal 2: {b} starts")
    with Ledger(db) as ledger:
        deals = ledger.session(table.session).deals()
    assert [deal.winner for deal in deals] == [a]
    assert page.evaluate(LAYOUT_CHECK) == []
