"""Progress kept in the browser's own storage, for the static site (Python in the browser,
``sys.platform == "emscripten"``), where files written by Python vanish on reload.

A backend is anything with ``load() -> dict`` and ``save(dict) -> None`` (the progress
store calls nothing else), so this one plugs into any store: under Pyodide
:func:`unoparty.store.open_store` keeps its :class:`~unoparty.store.DictStore` under the
key ``"store"``; the key ``"progress"`` holds the stars of the site before learners had
names (carried over once). The kernel of the static
site runs in a Web Worker, which has no ``localStorage``: the data go to IndexedDB
(database ``unoparty``, store ``kv``, one JSON text per key). IndexedDB only answers
asynchronously, so the page loads it once before the app is built —
``await load_store_from_browser()`` in the site's notebook — and :meth:`BrowserStorage.load`
answers from that copy; :meth:`BrowserStorage.save` updates the copy at once and writes
it in the background. Anything that goes wrong (no IndexedDB, private browsing, a broken
record) counts as no progress: never an error the learner sees.
"""

from __future__ import annotations

import json
import sys

__all__ = ["BrowserStorage", "load_from_browser", "load_store_from_browser", "in_browser"]

KEY = "progress"

_JS = """
(() => {
  const open = () => new Promise((resolve, reject) => {
    const r = indexedDB.open("unoparty", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("kv");
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  return {
    get: async (key) => {
      const db = await open();
      return await new Promise((resolve, reject) => {
        const q = db.transaction("kv").objectStore("kv").get(key);
        q.onsuccess = () => resolve(q.result === undefined ? null : q.result);
        q.onerror = () => reject(q.error);
      });
    },
    set: async (key, value) => {
      const db = await open();
      return await new Promise((resolve, reject) => {
        const t = db.transaction("kv", "readwrite");
        t.objectStore("kv").put(value, key);
        t.oncomplete = () => resolve(true);
        t.onerror = () => reject(t.error);
      });
    },
  };
})()
"""

_cache: dict[str, dict] = {}
_helper = None


def in_browser() -> bool:
    """True when Python runs in the browser (Pyodide)."""
    return sys.platform == "emscripten"


def _js():
    global _helper
    if _helper is None:
        from pyodide.code import run_js  # only in Pyodide

        _helper = run_js(_JS)
    return _helper


async def load_from_browser(key: str = KEY) -> dict:
    """Read `key` from the browser's storage into memory (once, before the app is built);
    returns what was stored ({} if nothing or outside a browser)."""
    if not in_browser():
        return {}
    try:
        raw = await _js().get(key)
        data = json.loads(raw) if raw else {}
    except Exception:  # no IndexedDB, a broken record: no progress
        data = {}
    _cache[key] = data if isinstance(data, dict) else {}
    return dict(_cache[key])


async def load_store_from_browser() -> dict:
    """Read the progress store's keys (``"store"``, and the old ``"progress"``) into memory,
    before the app is built; returns the store's document ({} if nothing yet)."""
    from ..store import BROWSER_KEY, OLD_BROWSER_KEY

    await load_from_browser(OLD_BROWSER_KEY)
    return await load_from_browser(BROWSER_KEY)


class BrowserStorage:
    """``load()``/``save(dict)`` of one JSON document in the browser's storage."""

    def __init__(self, key: str = KEY) -> None:
        self.key = key

    def load(self) -> dict:
        return json.loads(json.dumps(_cache.get(self.key, {})))

    def save(self, data: dict) -> None:
        _cache[self.key] = json.loads(json.dumps(data))
        if not in_browser():
            return
        try:
            _js().set(self.key, json.dumps(data))  # a promise: written in the background
        except Exception:
            pass
