"""A ``rich.progress`` bar on stderr that appears only when the work takes over a second.

Nothing is drawn when stderr is not a terminal, so pipes and ``--json`` stay clean.

>>> bar = LazyBar("odds", delay=0.0, force=False)
>>> bar(1, 10)   # stderr is not a terminal under doctest: nothing is drawn
>>> bar.close()
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Any


class LazyBar:
    """A progress callback ``(done, total)`` that shows a bar after ``delay`` seconds."""

    def __init__(self, label: str, *, delay: float = 1.0, force: bool | None = None) -> None:
        self.label = label
        self.delay = delay
        self.start = time.monotonic()
        self.enabled = sys.stderr.isatty() if force is None else force
        self._progress: Any = None
        self._task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self._progress is None:
            if time.monotonic() - self.start < self.delay:
                return
            from rich.console import Console
            from rich.progress import Progress

            self._progress = Progress(console=Console(stderr=True), transient=True)
            self._progress.start()
            self._task = self._progress.add_task(self.label, total=total)
        self._progress.update(self._task, completed=done, total=total)

    def close(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def __enter__(self) -> LazyBar:
        return self

    def __exit__(
        self,
        _kind: type[BaseException] | None,
        _error: BaseException | None,
        _trace: TracebackType | None,
    ) -> None:
        self.close()
