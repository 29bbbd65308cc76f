"""Stopping a play search from another thread (the page's "cancel").

>>> stop = Stop()
>>> stop.stopped
False
>>> stop.stop()
>>> stop.stopped
True
"""

from __future__ import annotations

import threading
from typing import Protocol


class Stoppable(Protocol):
    """A search running elsewhere that can be told to stop (the compiled play search)."""

    def stop(self) -> None: ...


class Stop:
    """A way to stop a play search from another thread (the page's "cancel"): the
    search gives up at its next position, in either build, and raises :class:`Stopped`.

    >>> from intlscore.engine.odds.play import play_odds
    >>> stop = Stop()
    >>> stop.stop()
    >>> play_odds("k1-13 r5", draws=1, stop=stop)
    Traceback (most recent call last):
    ...
    intlscore.errors.Stopped: the play search was stopped
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._stopped = False
        self._compiled: list[Stoppable] = []

    @property
    def stopped(self) -> bool:
        return self._stopped

    def stop(self) -> None:
        with self._lock:
            self._stopped = True
            for search in self._compiled:
                search.stop()

    def attach(self, search: Stoppable) -> None:
        """A compiled search to stop with the rest (at once if already stopped)."""
        with self._lock:
            self._compiled.append(search)
            if self._stopped:
                search.stop()
