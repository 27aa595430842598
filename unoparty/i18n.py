"""The one translation catalogue (DESIGN.md "Language"): every string a learner reads goes
through :func:`_` (gettext). English is the source language; catalogues live in
``unoparty/locale/<lang>/LC_MESSAGES/unoparty.mo`` (built with Babel: ``make messages``).

>>> set_language("en"); _("draw pile")
'draw pile'
"""

from __future__ import annotations

import gettext
from pathlib import Path

__all__ = ["_", "N_", "ngettext", "set_language", "language", "LOCALE_DIR", "card_name", "colour_name", "the_card"]

LOCALE_DIR = Path(__file__).parent / "locale"
_DOMAIN = "unoparty"
_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(lang: str) -> None:
    """Use the catalogue for `lang` (``"en"``, ``"fr"``, ``"ro"``, …); unknown languages fall
    back to English, never raise."""
    global _translation, _language
    _language = lang
    _translation = gettext.translation(_DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def language() -> str:
    return _language


def _(message: str) -> str:
    """Translate `message` into the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate with a plural form chosen by `n`."""
    return _translation.ngettext(singular, plural, n)


# ---- card and colour names --------------------------------------------------------------------

from .cards import Card, Colour, Kind  # noqa: E402  (cards imports nothing of ours but errors)

def N_(message: str) -> str:
    """Mark a string for the catalogue without translating it now."""
    return message


_COLOUR_WORDS = {
    Colour.RED: N_("red"), Colour.YELLOW: N_("yellow"), Colour.GREEN: N_("green"), Colour.BLUE: N_("blue"),
}
_CARD_WORDS = {
    Kind.DRAW_TWO: N_("{colour} draw two"),
    Kind.REVERSE: N_("{colour} reverse"),
    Kind.SKIP: N_("{colour} skip"),
    Kind.POINT_TAKEN: N_("{colour} point taken"),
    Kind.NUMBER: N_("{colour} {number}"),
    Kind.WILD: N_("wild"),
    Kind.WILD_DRAW_FOUR: N_("wild draw four"),
    Kind.WILD_DRAWN_TOGETHER: N_("wild drawn together"),
    Kind.WILD_PILE_UP: N_("wild pile up"),
}


def colour_name(colour: Colour | None) -> str:
    """``"red"`` (translated); ``"no colour"`` for None."""
    if colour is None:
        return _("no colour")
    return _(_COLOUR_WORDS[Colour(colour)])


def card_name(card: Card) -> str:
    """The card's name without an article: ``"red 7"``, ``"wild draw four"`` (translated)."""
    template = _(_CARD_WORDS[card.kind])
    colour = colour_name(card.colour) if card.colour is not None else ""
    return template.format(colour=colour, number=card.number)


def the_card(card: Card) -> str:
    """``"the red 7"`` (translated): a card named with its article, as explanations use it."""
    return _("the {card}").format(card=card_name(card))


# ---- extraction of lesson texts (Babel) ----------------------------------------------------

_LESSON_TEXT_KEYS = ("title", "say", "task", "hint", "feedback")


def extract_lessons(fileobj, keywords, comment_tags, options):
    """Babel extractor for lesson and curriculum TOML files (``babel.cfg``): yields every text
    a learner reads — titles, ``say``, ``task``, ``hint``, ``feedback``, the ``say`` of
    ``mistakes`` and group titles — exactly as the scenario loader passes them to :func:`_`.

    Yields ``(lineno, funcname, message, comments)`` tuples, as Babel expects.
    """
    import tomllib

    raw = fileobj.read()
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    doc = tomllib.loads(text)
    lines = text.splitlines()

    def lineno(value: str) -> int:
        first = value.strip().splitlines()[0][:40] if value.strip() else value
        for i, line in enumerate(lines, 1):
            if first and first in line:
                return i
        return 1

    def walk(node, where: str):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in _LESSON_TEXT_KEYS and isinstance(value, str):
                    msg = value.strip() if key == "title" else value
                    yield lineno(value), "_", msg, [f"{where}{key}"]
                elif key == "mistakes" and isinstance(value, list):
                    for m in value:
                        if isinstance(m, dict) and isinstance(m.get("say"), str):
                            yield lineno(m["say"]), "_", m["say"], [f"{where}mistakes.say"]
                elif key != "setup":
                    yield from walk(value, f"{where}{key}.")
        elif isinstance(node, list):
            for i, item in enumerate(node, 1):
                yield from walk(item, where.rstrip(".") + f"[{i}].")

    yield from walk(doc, "")


def extract_python_ast(fileobj, keywords, comment_tags, options):
    """Babel extractor for Python files that also sees calls inside f-strings (Babel's own
    extractor reads an f-string as one token on Python 3.11): every ``_("…")``, ``N_("…")``
    and ``ngettext("…", "…", n)`` call with literal text, anywhere in the file.

    Yields ``(lineno, funcname, message, comments)``; `message` is a tuple for ngettext.
    """
    import ast

    source = fileobj.read()
    tree = ast.parse(source)
    names = set(keywords) if keywords else {"_", "N_", "ngettext"}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names):
            continue
        args = node.args
        if node.func.id == "ngettext":
            if len(args) >= 2 and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args[:2]):
                found.append((node.lineno, "ngettext", (args[0].value, args[1].value), []))
        elif args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
            found.append((node.lineno, node.func.id, args[0].value, []))
    yield from sorted(found, key=lambda item: item[0])


def extract_plain_rules(fileobj, keywords, comment_tags, options):
    """Babel extractor for ``unoparty/rules_text/plain.toml`` (``babel.cfg``): yields each
    rule's ``title`` and ``text`` exactly as :mod:`unoparty.rulebook` passes them to :func:`_`
    (stripped), with the rule id as the translator's comment.

    Yields ``(lineno, funcname, message, comments)`` tuples, as Babel expects.
    """
    import tomllib

    raw = fileobj.read()
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    doc = tomllib.loads(text)
    lines = text.splitlines()

    def lineno(rule_id: str, key: str) -> int:
        start = next((i for i, line in enumerate(lines, 1)
                      if line.strip().replace(" ", "") in (f'["{rule_id}"]', f"[{rule_id}]")), 1)
        return next((i for i, line in enumerate(lines[start:], start + 1)
                     if line.lstrip().startswith(f"{key} ") or line.lstrip().startswith(f"{key}=")), start)

    for rule_id, entry in doc.items():
        if not isinstance(entry, dict):
            continue
        for key in ("title", "text"):
            value = entry.get(key)
            if isinstance(value, str) and value.strip():
                yield lineno(rule_id, key), "_", value.strip(), [f"rule {rule_id} {key}"]
