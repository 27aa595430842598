"""Small shared widgets: the error panel, messages with rule links, the narration panel."""

from __future__ import annotations

import functools
import sys
import traceback
from typing import Any, Callable, Sequence

import ipywidgets as w

from ..i18n import _
from ..rulebook import is_ruling
from .markup import esc

__all__ = ["ErrorPanel", "MessageBox", "LogView", "button", "split", "narrate_event"]


def split(left: Any, right: Any) -> w.HBox:
    """The table beside its side panel; on a narrow screen the panel wraps below (style.py)."""
    box = w.HBox([left, right], layout=w.Layout(align_items="flex-start"))
    box.add_class("up-split")
    return box


def _tooltip_follows(change: dict[str, Any]) -> None:
    change["owner"].tooltip = change["new"]


def button(description: str, *classes: str, tooltip: str = "", **kw: Any) -> w.Button:
    """A button; without a `tooltip` of its own, its tooltip follows its description (a label
    worded again in another language, "Pause" → "Resume", never keeps the old words)."""
    b = w.Button(description=description, tooltip=tooltip or description, **kw)
    if not tooltip:
        b.observe(_tooltip_follows, names="description")
    for c in classes:
        b.add_class(c)
    return b


class ErrorPanel:
    """Shows errors raised inside callbacks: never swallowed, never a dead page.

    Attributes:
        box: the panel (hidden while there is no error).
        errors: the exceptions reported so far.
    """

    def __init__(self) -> None:
        self.html = w.HTML()
        self.dismiss = button(_("Dismiss"))
        self.dismiss.on_click(lambda _b: self.clear())
        self.box = w.VBox([self.html, self.dismiss], layout=w.Layout(display="none"))
        self.box.add_class("up-error")
        self.errors: list[BaseException] = []

    def report(self, exc: BaseException) -> None:
        self.errors.append(exc)
        self.dismiss.description = _("Dismiss")  # built before the page's language was set
        tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        print(tb, file=sys.stderr)
        self.html.value = (f"<b>{esc(_('Something went wrong inside the app.'))}</b> "
                           f"{esc(_('The game is still here; you can go on or start again.'))}"
                           f"<pre>{esc(type(exc).__name__)}: {esc(exc)}\n\n{esc(tb[-3000:])}</pre>")
        self.box.layout.display = ""

    def clear(self) -> None:
        self.html.value = ""
        self.box.layout.display = "none"

    def guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap a callback so any exception it raises is shown here."""
        @functools.wraps(fn)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as exc:  # shown to the user, and printed to stderr
                self.report(exc)
                return None
        return wrapped


class MessageBox:
    """One message for the learner (info, good, bad, chance), with an optional rule link.

    Attributes:
        html: the message.
        rule_button: "Rule T-1 ›" — opens the rules page at that rule (``on_rule``).
        rule: the rule id of the current message, or "".
    """

    def __init__(self) -> None:
        self.html = w.HTML()
        self.rule_button = button("", layout=w.Layout(display="none"))
        self.on_rule: Callable[[str], None] | None = None
        self.rule = ""
        self.rule_button.on_click(lambda _b: self.on_rule and self.rule and self.on_rule(self.rule))
        self.box = w.VBox([self.html, self.rule_button], layout=w.Layout(align_items="flex-start"))
        self.kind = ""
        self.text = ""

    def show(self, text: str, kind: str = "info", rule: str = "", *, ruling: bool = False,
             raw_html: str = "") -> None:
        """Show `text` (escaped). `rule` adds a link to that rule; `ruling` adds the note that
        a ruling of this app, not the printed rules, decided it."""
        self.text, self.kind, self.rule = text, kind, rule
        if not text and not raw_html:
            self.html.value = ""
            self.rule_button.layout.display = "none"
            return
        note = ""
        if ruling:
            note = (f'<div class="up-ruling"><span class="up-ruleid">{esc(_("Ruling"))}</span> {esc(_("The printed rules do not say; this app has a ruling here."))}'
                    f' ({esc(rule)})</div>')
        self.html.value = f'<div class="up-msg up-msg-{kind}">{esc(text)}{raw_html}{note}</div>'
        if rule:
            self.rule_button.description = _("Rule {id} ›").format(id=rule)
            self.rule_button.tooltip = _("Read rule {id}").format(id=rule)
            self.rule_button.layout.display = ""
        else:
            self.rule_button.layout.display = "none"

    def clear(self) -> None:
        self.show("")


def narrate_event(event: Any, names: Sequence[str], viewer: int | None) -> str:
    """One sentence for an event (``unoparty.narrate``)."""
    from ..narrate import narrate
    return narrate(event, names, viewer)


class LogView:
    """The narrated log: a readable panel beside the table, newest at the top (the latest is
    always visible without scrolling)."""

    def __init__(self, title: str | None = None, limit: int = 60) -> None:
        self.limit = limit
        self.title = title if title is not None else _("What happened")
        self.html = w.HTML()
        self.box = w.VBox([self.html])
        self.box.add_class("up-log")
        self.lines: list[tuple[str, str]] = []
        self._said: dict[Any, str] = {}   # event -> its sentence, for the names, viewer and language below
        self._said_for: tuple[Any, ...] = ()

    def render(self, events: Sequence[Any], names: Sequence[str], viewer: int | None, new: int = 0) -> None:
        """Show the last `limit` of `events`; the last `new` ones are highlighted. Each event
        is narrated once (events are values: an equal event is told the same way)."""
        from ..i18n import language
        said_for = (tuple(names), viewer, language())
        if said_for != self._said_for or len(self._said) > 8 * self.limit:
            self._said, self._said_for = {}, said_for
        said = self._said
        items = []
        shown = list(events)[-self.limit:]
        first_new = len(shown) - new
        lines = []
        for i, ev in enumerate(shown):
            text = said.get(ev)
            if text is None:
                text = said[ev] = narrate_event(ev, names, viewer)
            if not text:
                continue
            rule = getattr(ev, "rule", "") or ""
            # the sentence ends in "(S-3)" or "(S-3, a ruling of this app)" in any language: the
            # id and the ruling mark are shown as tags instead (a ruling is known by its id)
            ruling = bool(rule) and is_ruling(rule)
            if rule and text.endswith(")") and text.rfind(f"({rule}") >= 0:
                text = text[:text.rfind(f"({rule}")].rstrip()
            lines.append((text, rule))
            cls = "up-log-item up-new" if i >= first_new else "up-log-item"
            rid = f'<span class="up-ruleid">{esc(rule)}</span>' if rule else ""
            if ruling:
                rid += f' <span class="up-mark up-mark-ruling">{esc(_("ruling of this app"))}</span>'
            items.append(f'<div class="{cls}">{esc(text)}{rid}</div>')
        self.lines = lines
        body = "".join(items) or f'<div class="up-log-item">{esc(_("Nothing yet."))}</div>'
        # newest at the top so the latest is always visible without scrolling
        self.html.value = (f"<h3>{esc(self.title)}</h3><div class='up-log-list'>"
                           + "".join(reversed(items)) + "</div>") if items else \
            f"<h3>{esc(self.title)}</h3><div class='up-log-list'>{body}</div>"
