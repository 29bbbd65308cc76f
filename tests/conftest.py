"""What the test files share: the stress multiplier, one browser per worker, and the marks
behind the fast lane.

- ``STRESS``: ``INTLSCORE_STRESS=N`` makes the long variants (marked ``stress``) N times
  larger; 1 by default. Test files import it (``from conftest import STRESS``).
- ``browser``: Debian's Chromium, driven by Playwright, started once per test process
  (each xdist worker) and shared by every browser test it runs; each test makes its own
  browser context, so no test sees another's storage. It FAILS, never skips, when the
  browser cannot start: install it with ``bash .ci/chromium``.
- ``expect`` waits up to 30 s (``EXPECT_TIMEOUT_MS``) for what it checks, as a hang guard.
- A compiled module built from other C sources than this checkout's ``native/`` (a
  developer's wheel installed before the C changed) is said once, at the end of the run, and
  hushed everywhere else (``INTLSCORE_STALE_NATIVE_OK=1``, inherited by the commands the
  tests run), so that tests reading stderr do not fail on it; ``test_native_stale.py``
  sets up its own stale and fresh checkouts.
- Marks: a test that uses ``browser`` is marked ``browser``; every ``browser`` or ``stress``
  test is also ``slow``, so that ``python -m pytest -m "not slow"`` (the fast lane of the
  README) leaves them all out.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping

import pytest
from playwright.sync_api import Browser, expect, sync_playwright


def stress_multiplier(environment: Mapping[str, str]) -> int:
    """``INTLSCORE_STRESS`` as a whole number from 1 up (1 when unset).

    >>> stress_multiplier({})
    1
    >>> stress_multiplier({"INTLSCORE_STRESS": "3"})
    3
    >>> stress_multiplier({"INTLSCORE_STRESS": "lots"})
    Traceback (most recent call last):
    ...
    ValueError: INTLSCORE_STRESS must be a whole number from 1 up; got 'lots'
    """
    text = environment.get("INTLSCORE_STRESS", "1")
    if not text.strip().isdigit() or int(text) < 1:
        raise ValueError(f"INTLSCORE_STRESS must be a whole number from 1 up; got {text!r}")
    return int(text)


# intlscore.engine.native.STALE_OK_VARIABLE, set before anything imports the engine
# (importing that module imports the engine, which looks for the compiled module)
os.environ.setdefault("INTLSCORE_STALE_NATIVE_OK", "1")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Where the compiled module is stale, the line that says so (hushed in the tests), at
    the end of the run, where ``-q`` shows it too."""
    from intlscore.engine import native

    module = native.built_module()
    notice = None if module is None else native.stale_notice(module, native.checkout_root())
    if notice is not None:
        terminalreporter.write_line(notice, yellow=True)


try:
    STRESS = stress_multiplier(os.environ)
except ValueError as error:
    raise pytest.UsageError(str(error)) from None
"""How many times larger the ``stress`` variants run (``INTLSCORE_STRESS``)."""

EXPECT_TIMEOUT_MS = 30_000
"""How long a browser test's ``expect`` waits for the page before it fails: a guard against a
hang, not a wait (Playwright's own 5 s default is shorter than a page's work on a loaded
2-core machine; what is checked passes as soon as it holds)."""
expect.set_options(timeout=EXPECT_TIMEOUT_MS)

CHROMIUM = os.environ.get("INTLSCORE_CHROMIUM", "/usr/bin/chromium")
"""The browser binary (Debian's Chromium; ``INTLSCORE_CHROMIUM`` names another)."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One Chromium for every browser test of this process."""
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        except Exception as error:
            pytest.fail(
                f"the browser {CHROMIUM} cannot start ({str(error).splitlines()[0]});"
                " install it with: bash .ci/chromium",
                pytrace=False,
            )
        yield launched
        launched.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the browser tests, and every browser or stress test slow too."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("browser") or item.get_closest_marker("stress"):
            item.add_marker(pytest.mark.slow)
