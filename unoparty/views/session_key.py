"""Who the learner is: the browser's session key (issue 18), a tiny custom widget
(anywidget, like :mod:`unoparty.views.keys`).

The browser keeps a random key — 128 bits, URL-safe base64, 22 characters, made with
``crypto.getRandomValues`` when missing — in its ``localStorage`` under ``unoparty.key``;
where ``localStorage`` is unavailable (private browsing, a blocked origin), in a cookie of
the same name; failing that, a key for this page only. The widget sends it to the kernel
once it is drawn (:attr:`SessionKey.key`), and the app signs in as
``store.learner_for_key(key)`` (:meth:`unoparty.views.app.App.use_key`). It draws nothing.

The same script runs on the Voila app, in JupyterLab and on the static site (the page's
``localStorage``, not the kernel's Web Worker).
"""

from __future__ import annotations

import re
from typing import Any, Callable

import anywidget
import traitlets

__all__ = ["SessionKey", "STORAGE_KEY", "valid_key"]

STORAGE_KEY = "unoparty.key"

_KEY = re.compile(r"^[A-Za-z0-9_-]{22,64}$")

_ESM = r"""
const NAME = "unoparty.key";
const OK = /^[A-Za-z0-9_-]{22,64}$/;
function fresh() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function fromStorage() {
  const store = window.localStorage;
  let key = store.getItem(NAME);
  if (!key || !OK.test(key)) { key = fresh(); store.setItem(NAME, key); }
  if (store.getItem(NAME) !== key) throw new Error("localStorage does not keep the key");
  return [key, "local"];
}
function fromCookie() {
  const found = document.cookie.split("; ").find((c) => c.startsWith(NAME + "="));
  let key = found ? decodeURIComponent(found.slice(NAME.length + 1)) : "";
  if (!OK.test(key)) {
    key = fresh();
    document.cookie = `${NAME}=${key}; max-age=${60 * 60 * 24 * 400}; path=/; SameSite=Lax`;
    if (!document.cookie.includes(key)) throw new Error("no cookies");
  }
  return [key, "cookie"];
}
function theKey() {
  try { return fromStorage(); } catch (e) { /* next */ }
  try { return fromCookie(); } catch (e) { /* next */ }
  if (!window.__unopartyPageKey) window.__unopartyPageKey = fresh();
  return [window.__unopartyPageKey, "page"];
}
function render({ model, el }) {
  el.style.display = "none";
  const [key, where] = theKey();
  if (model.get("key") !== key) {
    model.set("where", where);
    model.set("key", key);
    model.save_changes();
  }
}
export default { render };
"""


def valid_key(key: object) -> bool:
    """A session key: 22 to 64 URL-safe characters (``A–Z a–z 0–9 _ -``)."""
    return isinstance(key, str) and bool(_KEY.match(key))


class SessionKey(anywidget.AnyWidget):
    """The browser's session key → ``on_key(key)`` once the widget is drawn (and again if
    another view of it sends another key). ``where``: ``"local"`` (localStorage),
    ``"cookie"`` or ``"page"`` (this page only). :meth:`send` does what the browser does
    (tests, and the same code path)."""

    _esm = _ESM
    key = traitlets.Unicode("").tag(sync=True)
    where = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_key: Callable[[str], None] | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.on_key = on_key
        self.layout.display = "none"
        self.observe(self._changed, names="key")

    def _changed(self, change: dict[str, Any]) -> None:
        key = change.get("new")
        if isinstance(key, str) and valid_key(key) and self.on_key is not None:
            self.on_key(key)

    def send(self, key: str, where: str = "local") -> None:
        """As if the browser sent `key` (kept in `where`)."""
        self.where = where
        self.key = key
