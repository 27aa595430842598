"""Where the stars are kept: a backend with ``load() -> dict`` and ``save(dict)`` — a JSON
file on a server, the browser's storage on the static site (issue 13)."""

from __future__ import annotations

import sys

from unoparty.progress import browser as browser_storage
from unoparty.progress.browser import BrowserStorage, load_from_browser
from unoparty.views.progress import JsonFile, Progress


def finished(coroutine):
    """The value of a coroutine that completes without waiting (no event loop needed: the
    browser tests' event loop may be running in this process)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    coroutine.close()
    raise AssertionError("the coroutine waited for something")


class Memory:
    def __init__(self, data=None) -> None:
        self.data = data or {}
        self.saves = 0

    def load(self) -> dict:
        return dict(self.data)

    def save(self, data: dict) -> None:
        self.data = dict(data)
        self.saves += 1


def test_progress_keeps_the_best_stars_in_any_backend() -> None:
    backend = Memory()
    p = Progress(backend=backend)
    assert p.record("speed-play", 2) == 2 and p.record("speed-play", 1) == 2
    assert backend.data == {"version": 1, "stars": {"speed-play": 2}} and backend.saves == 2
    assert Progress(backend=backend).all() == {"speed-play": 2}


def test_a_broken_store_counts_as_no_progress(tmp_path) -> None:
    assert Progress(backend=Memory({"stars": "broken"})).all() == {}
    path = tmp_path / "p.json"
    path.write_text("{not json")
    assert Progress(path).all() == {}
    assert Progress(path).record("x", 3) == 3 and JsonFile(path).load()["stars"] == {"x": 3}


def test_in_the_browser_progress_uses_the_browser_storage(monkeypatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert isinstance(Progress().backend, BrowserStorage)
    monkeypatch.setattr(sys, "platform", "linux")
    assert isinstance(Progress().backend, JsonFile)


def test_browser_storage_outside_a_browser_keeps_a_copy_in_memory(monkeypatch) -> None:
    monkeypatch.setattr(browser_storage, "_cache", {})
    assert finished(load_from_browser()) == {}  # no browser: nothing stored, nothing awaited
    store = BrowserStorage("test")
    assert store.load() == {}
    store.save({"version": 1, "stars": {"a": 3}})
    assert BrowserStorage("test").load() == {"version": 1, "stars": {"a": 3}}
    assert BrowserStorage("other").load() == {}
