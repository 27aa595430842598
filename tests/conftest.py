"""Shared fixtures and hooks for the whole test suite (keep this file small).

Browser tests (marked ``@pytest.mark.browser``) drive the Voila app with Playwright in
Debian's Chromium: Playwright cannot download its own browsers on these machines
(DESIGN.md, "Running the app and browser tests"). Where Chromium or Playwright is missing
they are skipped — unless ``UNOPARTY_REQUIRE_BROWSER=1`` (set by ``.ci/run``), in which
case they fail, so CI can never pass by skipping them.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
# Flags for a headless Chromium on a machine with no network but the loopback.
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def browser_missing() -> str | None:
    """Why browser tests cannot run here, or None if they can."""
    if not os.access(CHROMIUM, os.X_OK):
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    if importlib.util.find_spec("playwright") is None:
        return "the playwright package is not installed (pip install -e '.[test]')"
    return None


def browser_required() -> bool:
    return os.environ.get("UNOPARTY_REQUIRE_BROWSER", "") not in ("", "0")


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("browser") is None:
        return
    reason = browser_missing()
    if reason is None:
        return
    if browser_required():
        pytest.fail(f"UNOPARTY_REQUIRE_BROWSER is set but {reason}", pytrace=False)
    pytest.skip(f"browser test: {reason}")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """pytest-playwright's launch arguments, pointed at Debian's Chromium."""
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }
