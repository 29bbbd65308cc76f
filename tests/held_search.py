"""A stand-in for the odds search that the test holds: it answers only when the test lets
it go, or gives up when its ``stop`` is used (as the real play search does at every
position it weighs; ``tests/test_play_odds.py`` checks that the real one gives up when
stopped, in both builds).

The web server runs in the test's own process, so a test swaps it in with
``monkeypatch.setattr(held_search.TARGET, search)`` (the API imports the search per
call). What is then tested is the server's and the page's part, "still working it out…",
"cancel" and the answer that follows a release, whatever the speed of the real search
and of the machine.
"""

from __future__ import annotations

import threading
from typing import Any

from intlscore.engine.odds import odds as real_odds
from intlscore.engine.odds.play import Stop
from intlscore.errors import Stopped

TARGET = "intlscore.engine.odds.odds"
"""What the API calls for ``/api/odds``; the test swaps :class:`HeldSearch` in there."""

HANG_GUARD = 60.0
"""Seconds after which a held search gives up by itself, so that a broken cancel fails the
test instead of hanging it. A guard only: nothing waits for it to pass."""


class HeldSearch:
    """An odds search that waits for :meth:`release` (then answers as the real search
    would) or for its ``stop`` (then raises :class:`Stopped`, as the real one does), and
    records which happened in events the test can wait for."""

    def __init__(self) -> None:
        self.started = threading.Event()
        """Set once the server has called the search: the request reached it."""
        self.stopped = threading.Event()
        """Set when the search saw its ``stop`` used (the page went away)."""
        self.answered = threading.Event()
        """Set when a released search has computed its answer."""
        self.gave_up = threading.Event()
        """Set when nothing released or stopped it within :data:`HANG_GUARD`."""
        self._released = threading.Event()
        self.calls = 0

    def release(self) -> None:
        """Let every held call (and every later one) answer."""
        self._released.set()

    def hold_again(self) -> None:
        """Hold the next call: the events start afresh."""
        for event in (self.started, self.stopped, self.answered, self._released):
            event.clear()

    def __call__(self, rack: Any, *, stop: Stop | None = None, **options: Any) -> Any:
        assert stop is not None, "the page's search is given a Stop"
        self.calls += 1
        self.started.set()
        waited = 0.0
        while not self._released.wait(0.01):
            if stop.stopped:
                self.stopped.set()
                raise Stopped("the play search was stopped")
            waited += 0.01
            if waited > HANG_GUARD:
                self.gave_up.set()
                raise Stopped("never released nor stopped")
        answer = real_odds(rack, stop=stop, **options)
        self.answered.set()
        return answer
