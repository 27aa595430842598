"""Which store: chosen by a URL, the environment variable ``UNOPARTY_DB``.

- unset: an SQLite file, ``~/.unoparty/progress.sqlite3``;
- ``sqlite:///ABSOLUTE/PATH`` (``sqlite:///~/…`` for the home folder) or a plain file
  path: that SQLite file (``sqlite://`` alone or ``:memory:``: a database that lives as
  long as the store);
- ``postgresql://USER@HOST:PORT/DB`` (or ``postgres://``): a PostgreSQL database, through
  psycopg 3 (``pip install "psycopg[binary]"``) — for learners of one class spread over
  several machines (JupyterHub): the teacher's page sees them all.

In the browser (the static site, ``sys.platform == "emscripten"``) with ``UNOPARTY_DB``
unset, the store is the browser's (:func:`unoparty.progress.browser.open_browser_store`).
"""

from __future__ import annotations

import os
from pathlib import Path

from .browser import in_browser, open_browser_store
from .protocol import Store
from .records import StoreError
from .sql import SQLStore

__all__ = ["default_url", "open_store"]

_OPEN: dict[str, Store] = {}


def default_url() -> str:
    """``UNOPARTY_DB``, else the SQLite file ``~/.unoparty/progress.sqlite3``."""
    return os.environ.get("UNOPARTY_DB") or "sqlite:///" + str(Path.home() / ".unoparty" / "progress.sqlite3")


def open_store(url: str | None = None, *, migrate: bool = True) -> Store:
    """The store at `url` (default :func:`default_url`), opened once per process, its schema
    brought up to date.

    A new store carries the old ``progress.json`` and ``practice.json`` over (once, when
    `migrate`: :mod:`unoparty.progress.legacy`). In the browser (``sys.platform ==
    "emscripten"``) with neither `url` nor ``UNOPARTY_DB``: the browser's store
    (:func:`~unoparty.progress.browser.open_browser_store`).

    Raises:
        StoreError: an unknown URL scheme, psycopg missing, a database that cannot be opened
            or that a newer release wrote.
    """
    if url is None and not os.environ.get("UNOPARTY_DB") and in_browser():
        return open_browser_store(migrate=migrate)
    url = url or default_url()
    if url in _OPEN and url not in ("sqlite://", ":memory:"):
        return _OPEN[url]
    scheme = url.split("://", 1)[0] if "://" in url else ""
    if scheme not in ("", "sqlite", "postgresql", "postgres"):
        raise StoreError(f"UNOPARTY_DB: unknown kind of database {scheme!r} "
                         "(use sqlite:///PATH or postgresql://USER@HOST/DB)")
    store = SQLStore(url)
    if migrate and url not in ("sqlite://", ":memory:"):
        try:
            store.import_progress_json()
            store.import_practice_json()
        except StoreError:
            pass
    if url not in ("sqlite://", ":memory:"):
        _OPEN[url] = store
    return store
