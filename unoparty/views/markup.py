"""HTML text for the widgets: :func:`esc`, used by every view (no widgets, no imports of
other views, so any view may import it)."""

from __future__ import annotations

import html

__all__ = ["esc"]


def esc(text: object) -> str:
    """HTML-escape anything shown that came from players or files: ``str(text)`` with
    ``& < > " '`` as entities.

    >>> esc('<b>"Ava" & Ben</b>')
    '&lt;b&gt;&quot;Ava&quot; &amp; Ben&lt;/b&gt;'
    """
    return html.escape(str(text), quote=True)
