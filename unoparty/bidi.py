"""Names shown among other text, safe from bidirectional control characters.

A name holding U+202E (RIGHT-TO-LEFT OVERRIDE) reversed the greeting and the teacher's
table row it stood in: the control reached into the text around the name. Names typed into
the app lose these controls (:func:`without_bidi_controls`, at the name field and in
:func:`unoparty.progress.normalise_name`); wherever a name is shown it is its own isolated run
of text — ``<bdi>`` in HTML (:func:`unoparty.views.markup.name_html`), U+2068…U+2069 (FIRST
STRONG ISOLATE … POP DIRECTIONAL ISOLATE) in plain text (:func:`isolate`), so a name written
right to left (Arabic, Hebrew) still reads right, and the sentence around it too.
No imports: the store, the narration and the views all use it.
"""

from __future__ import annotations

__all__ = ["BIDI_CONTROLS", "INVISIBLE", "without_bidi_controls", "without_invisible", "isolate", "needs_isolation"]

BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e"   # LRE, RLE, PDF, LRO, RLO (embeddings and overrides)
    "\u2066\u2067\u2068\u2069"         # LRI, RLI, FSI, PDI (isolates)
    "\u200e\u200f\u061c"               # LRM, RLM, ALM (marks)
)
"""The bidirectional formatting characters (Unicode UAX #9, table 4)."""

INVISIBLE = frozenset(
    "\u200b\u200c\u200d\u2060\ufeff"   # ZERO WIDTH SPACE, NON-JOINER, JOINER, WORD JOINER, BOM
    "\u00ad\u034f\u180e"               # SOFT HYPHEN, COMBINING GRAPHEME JOINER, MONGOLIAN VOWEL SEPARATOR
    "\u2061\u2062\u2063\u2064"         # the invisible mathematical operators
)
"""Characters that show nothing between letters: a name holding one looks like the name
without it (issue 22: "Ava" + U+200B looked like "Ava" on the Teacher page)."""

_FSI, _PDI = "\u2068", "\u2069"


def without_invisible(text: object) -> str:
    """``str(text)`` without any character of :data:`INVISIBLE` or :data:`BIDI_CONTROLS`.

    >>> without_invisible("Ava\u200b")
    'Ava'
    """
    return "".join(ch for ch in str(text) if ch not in INVISIBLE and ch not in BIDI_CONTROLS)


def without_bidi_controls(text: object) -> str:
    """``str(text)`` without any bidirectional control character.

    >>> without_bidi_controls("\\u202eAva")
    'Ava'
    """
    return "".join(ch for ch in str(text) if ch not in BIDI_CONTROLS)


def needs_isolation(text: str) -> bool:
    """True when `text` holds a bidirectional control or a right-to-left letter: shown
    inside other text, it must be isolated."""
    import unicodedata
    return any(ch in BIDI_CONTROLS or unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def isolate(name: object) -> str:
    """A name for plain text among other words: its controls removed, and, when it holds a
    right-to-left letter, wrapped in FSI…PDI so it cannot reorder what is around it. A
    left-to-right name comes back unchanged (``"Ava"``).

    >>> isolate("Ava")
    'Ava'
    >>> isolate("\\u202eAva")
    'Ava'
    >>> isolate("דנה") == "\\u2068דנה\\u2069"
    True
    """
    text = without_bidi_controls(name)
    return f"{_FSI}{text}{_PDI}" if needs_isolation(text) else text
