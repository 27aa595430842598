"""Shared fixtures and hooks for the whole test suite (keep this file small).

Browser tests (marked ``@pytest.mark.browser``) drive the Voila app with Playwright in
Debian's Chromium: Playwright cannot download its own browsers on these machines
(DESIGN.md, "Running the app and browser tests"). Where Chromium or Playwright is missing
they are skipped — unless ``UNOPARTY_REQUIRE_BROWSER=1`` (set by ``.ci/run``), in which
case they fail, so CI can never pass by skipping them.

Playwright's sync API keeps an event loop running in its process for the whole session,
which breaks later tests that run an asyncio loop themselves. So ``make test`` runs the
browser tests in a pytest run of their own (``-m browser``) and the rest with
``-m "not browser"``; a test that uses a Playwright fixture (``page``, ``browser``, …) is
marked ``browser`` here automatically.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
"""Debian's ``chromium-headless-shell``: the same Chromium (the same version and Blink) built
for headless use only, which Playwright itself uses for headless runs. Drawing the app's
pages costs it 0.58× the CPU of the full browser's headless mode (3 fresh pages to a dealt
game, two runs in turn: 8.1 and 8.4 against 15.1 and 13.3 CPU-s; the screenshots the same
pixel for pixel); for ``make test``'s journeys, 0.94× their CPU (issues 18, 23: its 3
minutes)."""
CHROMIUM = Path(os.environ.get("UNOPARTY_CHROMIUM") or
                (HEADLESS_SHELL if os.access(HEADLESS_SHELL, os.X_OK) else "/usr/bin/chromium"))
"""The Chromium the browser tests launch: ``UNOPARTY_CHROMIUM`` if set (a path), else the
headless shell where it is installed (``.ci/run`` installs it), else Debian's full
``chromium`` (a machine set up as DESIGN.md says)."""
# Flags for a headless Chromium on a machine with no network but the loopback.
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


PLAYWRIGHT_FIXTURES = {
    "playwright",
    "browser_type",
    "launch_browser",
    "browser",
    "new_context",
    "context",
    "page",
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses Playwright as a browser test (before ``-m`` selects)."""
    for item in items:
        if PLAYWRIGHT_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


def browser_missing() -> str | None:
    """Why browser tests cannot run here, or None if they can."""
    if not os.access(CHROMIUM, os.X_OK):
        return f"{CHROMIUM} is missing (apt-get install chromium-headless-shell, or chromium)"
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
    """pytest-playwright's launch arguments, pointed at Debian's Chromium (`CHROMIUM`)."""
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }


@pytest.fixture(autouse=True)
def _widgets_without_a_frontend(request, monkeypatch):
    """Widgets built in a test process have no browser to talk to: outside the tests marked
    ``comms`` (those that count the messages a page is sent, paint a page from the widgets'
    state, or display a widget), a widget is built without opening its comm, so its whole
    state is not serialised for nobody at every construction (a third of the time of an App
    and its game page, 124 → 39 ms; issue 18: the time of ``make test``). Everything the
    views do stays as it is; what the browser is sent is tested by those tests and in the
    browser (tests/browser/)."""
    if request.node.get_closest_marker("comms") is not None or request.node.get_closest_marker("browser") is not None:
        yield
        return
    try:
        import ipywidgets
    except ImportError:
        yield
        return
    monkeypatch.setattr(ipywidgets.Widget, "open", lambda self: None)
    yield


@pytest.fixture(autouse=True)
def _language_restored():
    """The app's language is one setting of the process (``unoparty.i18n``): a test that
    switches it leaves it as it found it, so the next test on the worker is not read in
    Czech (seen after a merge: a lesson test met "Nápověda" for "Hint")."""
    from unoparty import i18n
    before = i18n.language()
    yield
    if i18n.language() != before:
        i18n.set_language(before)


@pytest.fixture(autouse=True)
def _progress_database(tmp_path, monkeypatch):
    """Every test keeps learners' progress in its own SQLite file, never in ~/.unoparty."""
    if "UNOPARTY_DB" not in os.environ or os.environ["UNOPARTY_DB"].startswith("sqlite://"):
        monkeypatch.setenv("UNOPARTY_DB", f"sqlite://{tmp_path / 'progress.sqlite3'}")
    monkeypatch.setenv("UNOPARTY_PROGRESS", str(tmp_path / "progress.json"))
