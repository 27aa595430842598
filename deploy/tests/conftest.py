"""Fixtures for the static site's browser test (``make test-site``; outside ``make test``):
``site/`` served by Python's own static file server on a free loopback port, and Playwright
pointed at Debian's Chromium (as in ``tests/conftest.py``)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
CHROMIUM = Path("/usr/bin/chromium")


def pytest_collection_modifyitems(items):
    for item in items:
        item.add_marker(pytest.mark.site)


def pytest_runtest_setup(item):
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing (apt-get install chromium)", pytrace=False)
    if not (SITE / "index.html").is_file():
        pytest.fail("site/ is not built: run `make site` (make test-site does)", pytrace=False)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM),
            "args": [*browser_type_launch_args.get("args", []), "--disable-gpu", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync"]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def site_url(tmp_path_factory):
    """``python -m http.server`` serving ``site/`` on 127.0.0.1; its URL."""
    port = free_port()
    log = open(tmp_path_factory.mktemp("site") / "http.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                             "--directory", str(SITE)], stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(url, timeout=2).close()
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("the static server did not start")
                time.sleep(0.1)
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)
        log.close()
