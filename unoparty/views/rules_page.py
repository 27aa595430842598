"""The rules page: every rule in plain words, grouped by card and family, each marked as a
printed rule or a ruling of this app; the explanations the app shows link here."""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as w

from ..cards import Card
from ..i18n import _, ngettext
from . import svg
from .common import button
from .markup import esc

__all__ = ["RulesPage", "rules_html", "rule_matches"]

_FAMILY_CARDS = {
    "D": "red 7", "T": "green 4", "A": "blue skip", "W": "wild draw four", "SP": "red 7",
    "PT": "yellow point taken", "PU": "wild pile up", "LK": "wild drawn together", "U": "blue 1",
    "R": "green draw two", "H": "yellow reverse", "S": "red 0",
}



def _mark_label(mark: str) -> str:
    """The label of a rule's mark (RULES.md's ``[printed]``, ``[ruling]`` …), translated."""
    if mark == "printed":
        return _("printed rule")
    if mark == "ruling":
        return _("ruling of this app")
    if mark == "inferred":
        return _("inferred")
    if mark == "classic sheet":
        return _("classic sheet")
    return mark

_MARK_CLASS = {"printed": "up-mark-printed", "ruling": "up-mark-ruling", "inferred": "up-mark-inferred",
               "classic sheet": "up-mark-classic"}


def _rule_html(rule: Any, focus: bool = False) -> str:
    """One rule as a learner reads it: its id, its plain heading and marks (printed rule or a
    ruling of this app), its plain text. The specification's wording, with the makers' notes
    and source references (``[printed, 003]``, "Keep this as one data table"), stays in the
    shipped RULES.md for teachers and is not shown here."""
    marks = "".join(f'<span class="up-mark {_MARK_CLASS.get(m, "")}">{esc(_mark_label(m))}</span>'
                    for m in rule.markers)
    title = rule.plain_title or rule.title
    body = f'<p class="up-plain">{esc(rule.plain_text or rule.exact_text)}</p>'
    cls = "up-rule up-focus" if focus else "up-rule"
    return (f'<div class="{cls}" id="up-rule-{esc(rule.id)}"><span class="up-ruleid">{esc(rule.id)}</span> '
            f"<b>{esc(title)}</b>{marks}{body}</div>")


def rule_matches(rule: Any, query: str) -> bool:
    """Whether `rule` mentions every word of `query` (case- and accent-insensitive) in its id,
    title or plain text — as shown in the current language, or in English; an empty query
    matches every rule."""
    words = _fold(query).split()
    if not words:
        return True
    # what is shown (the plain title and text, in the current language) and their English
    # originals, so that an English rule word still finds its rule
    text = _fold(" ".join((rule.id, rule.title or "", rule.plain_title or "", rule.plain_text or "",
                           rule.plain_title_en or "", rule.plain_text_en or "")))
    return all(word in text for word in words)


def _fold(text: str) -> str:
    """`text` case-folded and without accents (``"Přeskočení"`` → ``"preskoceni"``), so a
    search typed without diacritics still matches."""
    import unicodedata
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def rules_html(focus: str | None = None, query: str = "") -> str:
    """The rule book as HTML: contents (links to each family), then every rule — or only the
    rules matching `query` (:func:`rule_matches`); `focus` (a rule id) is shown first and
    highlighted."""
    from ..rulebook import FAMILIES, RULES, family_title
    parts = ['<div class="up-rules">']
    parts.append(f"<p>{esc(_('Every rule has an id, such as SP-3. A printed rule comes from the UNO Party! or classic UNO rules; a ruling is this app’s decision where the printed rules say nothing or are unclear.'))}</p>")
    query = (query or "").strip()
    families = [(fam, heading) for fam, heading in FAMILIES.items()
                if any(r.family == fam and rule_matches(r, query) for r in RULES.values())]
    if query:
        n = sum(1 for r in RULES.values() if rule_matches(r, query))
        parts.append(f'<p class="up-rules-found" role="status">'
                     f'{esc(ngettext("{n} rule mentions “{query}”.", "{n} rules mention “{query}”.", n).format(n=n, query=query))}'
                     f"</p>")
    if families:
        links = "".join(f'<li><a href="#up-family-{esc(fam)}">{esc(fam)} — {esc(family_title(fam))}</a></li>'
                        for fam, _heading in families)
        parts.append(f'<nav class="up-rules-contents" aria-label="{esc(_("Contents"))}">'
                     f'<h2>{esc(_("Contents"))}</h2><ul style="columns: 2; margin: 4px 0 12px">{links}</ul></nav>')
    if focus and focus in RULES:
        parts.append(f"<h2>{esc(_('You asked about rule {id}').format(id=focus))}</h2>")
        parts.append(_rule_html(RULES[focus], True))
    for fam, heading in FAMILIES.items():
        rules = [r for r in RULES.values() if r.family == fam and rule_matches(r, query)]
        if not rules:
            continue
        pic = svg.card_svg(Card.parse(_FAMILY_CARDS.get(fam, "red 7")), 30) if fam in _FAMILY_CARDS else ""
        parts.append(f'<h2 id="up-family-{esc(fam)}">{pic} {esc(fam)} — {esc(family_title(fam))}</h2>')
        parts.extend(_rule_html(r, r.id == focus) for r in rules)
    parts.append("</div>")
    return "".join(parts)


class RulesPage:
    """Attributes: box, html, focus (the rule id shown first), back_button, search (a text
    field: typing shows only the rules mentioning every word typed)."""

    def __init__(self, on_back: Callable[[], None] | None = None) -> None:
        self.html = w.HTML()
        self.focus: str | None = None
        self.back_button = button(_("‹ Back"))
        self.on_back = on_back
        self.back_button.on_click(lambda _b: self.on_back and self.on_back())
        self.search = w.Text(placeholder=_("Search the rules, e.g. “speed play” or “PT-4”"),
                             description=_("Search"), continuous_update=True,
                             layout=w.Layout(width="min(420px, 100%)"))
        self.search.observe(lambda _c: self.show(self.focus), names="value")
        top = w.HBox([self.back_button, self.search], layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self.box = w.VBox([top, self.html], layout=w.Layout(align_items="stretch"))
        self.back_button.layout.align_self = "flex-start"
        self.show()

    def show(self, rule_id: str | None = None) -> None:
        self.focus = rule_id
        self.html.value = rules_html(rule_id, self.search.value)
