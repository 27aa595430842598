"""The progress store in the browser's own storage, for the static site (Python in the
browser, ``sys.platform == "emscripten"``), where files written by Python vanish on reload:
both halves, the browser's storage (:class:`BrowserStorage`) and the store kept in it
(:func:`open_browser_store`).

A backend of the document store is anything with ``load() -> dict`` and ``save(dict) ->
None`` (the store calls nothing else), so this one plugs into any store: under Pyodide
:func:`unoparty.progress.open_store` keeps its :class:`~unoparty.progress.DictStore` under
the key ``"store"`` (:data:`BROWSER_KEY`); the key ``"progress"`` (:data:`OLD_BROWSER_KEY`)
holds the stars of the site before learners had names (carried over once). The kernel of the static
site runs in a Web Worker, which has no ``localStorage``: the data go to IndexedDB
(database ``unoparty``, store ``kv``, one JSON text per key). IndexedDB only answers
asynchronously, so the page loads it once before the app is built —
``await load_store_from_browser()`` in the site's notebook — and :meth:`BrowserStorage.load`
answers from that copy; :meth:`BrowserStorage.save` updates the copy at once and writes
it in the background. Anything that goes wrong (no IndexedDB, private browsing, a broken
record) counts as no progress: never an error the learner sees.

The browser's session key (issue 18: who the learner is, and the sessions kept for them)
lives there too on the static site, under ``"session"`` (:data:`SESSION_KEY`):
:func:`browser_session_key` reads it, or makes one (``secrets.token_urlsafe(16)``, 22
URL-safe characters, like :mod:`unoparty.views.session_key` makes on a server's page) and
keeps it. The app then signs in with it as a server's page does with the key its
``localStorage`` sends, and a reload comes back to the same table, step or question.
"""

from __future__ import annotations

import json
import re
import secrets
import sys
from typing import Any

from .document import DictStore

__all__ = ["BrowserStorage", "load_from_browser", "load_store_from_browser", "in_browser", "open_browser_store",
           "browser_session_key", "BROWSER_KEY", "OLD_BROWSER_KEY", "SESSION_KEY"]

KEY = "progress"
BROWSER_KEY = "store"          # the store's key in the browser's storage (static site)
OLD_BROWSER_KEY = "progress"   # the static site's stars before learners had names
SESSION_KEY = "session"        # the browser's session key on the static site: {"key": "..."}
_VALID_KEY = re.compile(r"^[A-Za-z0-9_-]{22,64}$")   # as views/session_key.py's valid_key

_JS = """
(() => {
  let opened = null;   // one connection: the writes queue in the order they were made
  const open = () => opened || (opened = new Promise((resolve, reject) => {
    const r = indexedDB.open("unoparty", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("kv");
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => { opened = null; reject(r.error); };
  }));
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

_cache: dict[str, dict[str, Any]] = {}
_helper: Any = None
_opened: DictStore | None = None   # the browser's store, opened once per process


def in_browser() -> bool:
    """True when Python runs in the browser (Pyodide)."""
    return sys.platform == "emscripten"


def _js() -> Any:
    global _helper
    if _helper is None:
        from pyodide.code import run_js  # only in Pyodide

        _helper = run_js(_JS)
    return _helper


async def load_from_browser(key: str = KEY) -> dict[str, Any]:
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


async def load_store_from_browser() -> dict[str, Any]:
    """Read the progress store's keys (``"store"``, the old ``"progress"`` and the session
    key's ``"session"``) into memory, before the app is built; returns the store's document
    ({} if nothing yet)."""
    await load_from_browser(OLD_BROWSER_KEY)
    await load_from_browser(SESSION_KEY)
    return await load_from_browser(BROWSER_KEY)


def browser_session_key() -> str:
    """The browser's session key on the static site: the one kept under
    :data:`SESSION_KEY`, else a new one (22 URL-safe characters), kept there at once. Where
    the browser keeps nothing (no IndexedDB), the key lasts as long as the page. The page
    must have loaded the key first (``await load_store_from_browser()``)."""
    storage = BrowserStorage(SESSION_KEY)
    try:
        kept = storage.load().get("key")
    except Exception:  # the browser's storage is never an error the learner sees
        kept = None
    if isinstance(kept, str) and _VALID_KEY.match(kept):
        return kept
    key = secrets.token_urlsafe(16)
    try:
        storage.save({"key": key})
    except Exception:
        pass
    return key


class BrowserStorage:
    """``load()``/``save(dict)`` of one JSON document in the browser's storage."""

    def __init__(self, key: str = KEY) -> None:
        self.key = key

    def load(self) -> dict[str, Any]:
        """The document kept under the key ({} if none)."""
        data: dict[str, Any] = json.loads(json.dumps(_cache.get(self.key, {})))
        return data

    def save(self, data: dict[str, Any]) -> None:
        """Keep `data` under the key: at once in memory, in the background in IndexedDB."""
        _cache[self.key] = json.loads(json.dumps(data))
        if not in_browser():
            return
        try:
            _js().set(self.key, json.dumps(data))  # a promise: written in the background
        except Exception:
            pass


def open_browser_store(*, migrate: bool = True) -> DictStore:
    """The static site's store: a :class:`~unoparty.progress.DictStore` kept by
    :class:`BrowserStorage` under :data:`BROWSER_KEY`, that remembers the browser's last
    learner; opened once per process. When `migrate`, the site's old stars (key
    :data:`OLD_BROWSER_KEY`) are kept, once, for the first learner chosen
    (:meth:`~unoparty.progress.legacy.LegacyStore.keep_unnamed_progress`). The page must
    have loaded both keys first (``await load_store_from_browser()``)."""
    global _opened
    if _opened is not None:
        return _opened
    backend = BrowserStorage(BROWSER_KEY)
    store = DictStore(backend.load, backend.save, keeps_last_learner=True)
    if migrate:
        try:
            old = BrowserStorage(OLD_BROWSER_KEY).load()
        except Exception:  # the browser's storage is never an error the learner sees
            old = {}
        store.keep_unnamed_progress(old if isinstance(old, dict) else {}, "browser:" + OLD_BROWSER_KEY)
    _opened = store
    return store
