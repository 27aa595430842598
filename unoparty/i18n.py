"""The one translation catalogue (DESIGN.md "Language"): every string a learner reads goes
through :func:`_` (gettext). English is the source language; catalogues live in
``unoparty/locale/<lang>/LC_MESSAGES/unoparty.mo`` (built with Babel: ``make messages``).

>>> set_language("en"); _("draw pile")
'draw pile'
"""

from __future__ import annotations

import gettext
from pathlib import Path

__all__ = ["_", "ngettext", "set_language", "language", "LOCALE_DIR"]

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
