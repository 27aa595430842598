"""Fixtures for the static site's browser test (``make test-site``; outside ``make test``):
``site/`` served by Python's own static file server on a free loopback port, and Playwright
pointed at Debian's Chromium (as in ``tests/conftest.py``)."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
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


class StaticServer:
    """``python -m http.server`` serving ``site/``: its URL and access log."""

    def __init__(self, url: str, log: Path) -> None:
        self.url, self.log = url, log

    def served_bytes(self) -> int:
        """Bytes sent so far: the size of every file answered with 200 in the access log."""
        total = 0
        for line in self.log.read_text(errors="replace").splitlines():
            m = re.search(r'"GET (\S+) HTTP/[\d.]+" 200 ', line)
            if m:
                path = SITE / urllib.parse.unquote(m.group(1).split("?")[0]).lstrip("/")
                if path.is_dir():
                    path = path / "index.html"
                total += path.stat().st_size if path.is_file() else 0
        return total


def serve(folder: Path, log_path: Path):
    """``python -m http.server`` serving `folder` on 127.0.0.1: yields a :class:`StaticServer`."""
    port = free_port()
    log = open(log_path, "w")
    proc = subprocess.Popen([sys.executable, "-u", "-m", "http.server", str(port), "--bind", "127.0.0.1",
                             "--directory", str(folder)], stdout=log, stderr=subprocess.STDOUT,
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
        yield StaticServer(url, log_path)
    finally:
        from unoparty.process import stop_session
        stop_session(proc, 10)
        log.close()


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """``python -m http.server`` serving ``site/`` on 127.0.0.1 (a :class:`StaticServer`)."""
    yield from serve(SITE, tmp_path_factory.mktemp("site") / "http.log")


SNAPSHOT_MANIFEST = SITE / "static" / "pyodide" / "unoparty-snapshot.json"


@pytest.fixture(scope="session")
def damaged_site(tmp_path_factory):
    """``site/`` (linked file by file) with its memory snapshot cut short, as a broken
    download or an old cache would leave it, served on 127.0.0.1 (a :class:`StaticServer`)."""
    if not SNAPSHOT_MANIFEST.is_file():
        pytest.fail("site/ has no memory snapshot (the build printed why)", pytrace=False)
    snapshot = SNAPSHOT_MANIFEST.parent / json.loads(SNAPSHOT_MANIFEST.read_text())["file"]
    root = tmp_path_factory.mktemp("damaged-site")
    for path in SITE.rglob("*"):
        target = root / path.relative_to(SITE)
        if path.is_dir():
            target.mkdir(exist_ok=True)
        elif path == snapshot:
            target.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
        else:
            target.symlink_to(path)
    yield from serve(root, root.parent / "damaged-http.log")
