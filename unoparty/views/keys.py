"""Keys and full screen for the app: a tiny custom widget (anywidget) — plain ipywidgets
has neither.

:class:`KeyControl` listens to the page's key presses (not while the learner types in a
text field) and sends each key to Python, where :attr:`KeyControl.on_key` handles it. It
also carries the "Full screen" button: the browser's full screen of the app area (only a
click may ask for it, so the button lives in the browser).

The keys (the app binds them, :meth:`unoparty.views.app.App.press`):
←/→ Back/Next, D draw, U UNO, 1–9 the hand's cards (on the Practice page, 0–9 pick the
answer labelled with that digit — "How many cards…?" — and, where no answer is labelled by
a digit, the answers by their place).
"""

from __future__ import annotations

from typing import Any, Callable

import anywidget
import traitlets

from ..i18n import _

__all__ = ["KeyControl"]

_ESM = r"""
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "up-fullscreen-btn";
  button.type = "button";
  const label = () => { button.textContent = model.get("label"); button.title = model.get("label"); };
  label();
  model.on("change:label", label);
  button.addEventListener("click", () => {
    const app = el.closest(".up-app") || document.documentElement;
    if (document.fullscreenElement) { document.exitFullscreen(); }
    else if (app.requestFullscreen) { app.requestFullscreen().catch(() => {}); }
  });
  el.appendChild(button);
  const typing = (t) => t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName));
  const onKey = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    const keys = ["ArrowLeft", "ArrowRight", "d", "D", "u", "U", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
    if (!keys.includes(event.key)) return;
    model.send({ key: event.key.length === 1 ? event.key.toLowerCase() : event.key });
    if (event.key.startsWith("Arrow")) event.preventDefault();
  };
  // one listener per page: a re-render must not double the keys
  if (window.__unopartyKeys) document.removeEventListener("keydown", window.__unopartyKeys);
  window.__unopartyKeys = onKey;
  document.addEventListener("keydown", onKey);
  return () => {
    if (window.__unopartyKeys === onKey) { document.removeEventListener("keydown", onKey); window.__unopartyKeys = null; }
  };
}
export default { render };
"""

_CSS = """
.up-fullscreen-btn { min-height: 40px; padding: 0 14px; border-radius: 10px; border: 2px solid #1f2430;
  background: #fff; color: #1f2430; font-weight: 700; cursor: pointer; }
.up-fullscreen-btn:focus-visible { outline: 4px solid #0956BF; }
"""


class KeyControl(anywidget.AnyWidget):
    """Key presses → ``on_key(key)`` (``"ArrowLeft"``, ``"ArrowRight"``, ``"d"``, ``"u"``,
    ``"0"``…``"9"``), and a full-screen button. :meth:`press` does what a key press does
    (tests, and the same code path as the browser's)."""

    _esm = _ESM
    _css = _CSS
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_key: Callable[[str], None] | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.label = _("Full screen")
        self.on_key = on_key
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        key = content.get("key") if isinstance(content, dict) else None
        if isinstance(key, str):
            self.press(key)

    def press(self, key: str) -> None:
        if self.on_key is not None:
            self.on_key(key)
