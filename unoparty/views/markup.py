"""HTML text for the widgets: :func:`esc`, used by every view (no widgets, no imports of
other views, so any view may import it)."""

from __future__ import annotations

import html

__all__ = ["esc", "name_html", "name_text"]


def esc(text: object) -> str:
    """HTML-escape anything shown that came from players or files: ``str(text)`` with
    ``& < > " '`` as entities.

    >>> esc('<b>"Ava" & Ben</b>')
    '&lt;b&gt;&quot;Ava&quot; &amp; Ben&lt;/b&gt;'
    """
    return html.escape(str(text), quote=True)


def name_html(name: object) -> str:
    """A player's or learner's name in HTML: escaped, without bidirectional controls, as its
    own isolated text (``<bdi>``), so a name written right to left — or one holding a
    right-to-left override — never reorders the words around it (greetings, tables, rows).

    >>> name_html("<Ava>")
    '<bdi>&lt;Ava&gt;</bdi>'
    >>> name_html("\u202eBen")
    '<bdi>Ben</bdi>'
    """
    from ..bidi import without_bidi_controls
    return f"<bdi>{esc(without_bidi_controls(name))}</bdi>"


def name_text(name: object) -> str:
    """A name for a plain-text widget (a button's description, a drop-down's label, a
    tooltip): :func:`unoparty.bidi.isolate`."""
    from ..bidi import isolate
    return isolate(name)
