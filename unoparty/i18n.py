"""The one translation catalogue (DESIGN.md "Language"): every string a learner reads goes
through :func:`_` (gettext) with a string literal. English is the source language;
catalogues live in ``unoparty/locale/<lang>/LC_MESSAGES/unoparty.po`` and are compiled to
the ``.mo`` files beside them, which are kept in git so that every kind of install has them
(``make messages`` extracts, updates and compiles; ``tests/test_catalogues.py`` checks that
each ``.mo`` is current with its ``.po``).

Texts that come from TOML files (lessons, the curriculum's group titles, the plain-words
rules) are not literals in the code: they go through :func:`tr_text`, the one helper for
them, and :mod:`unoparty.extract` puts them in the catalogue.

>>> set_language("en"); _("draw pile")
'draw pile'
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path
from typing import Callable, TypeVar

T = TypeVar("T")

__all__ = ["_", "N_", "ngettext", "pgettext", "npgettext", "tr_text", "format_decimal", "format_seconds", "in_every_language", "said", "said_n", "said_to", "set_language", "language", "LOCALE_DIR", "LANGUAGES",
           "available_languages", "match_language", "card_name", "colour_name", "colour_initial", "wild_letter",
           "the_card", "the_card_object", "the_card_subject"]

LOCALE_DIR = Path(__file__).parent / "locale"
_DOMAIN = "unoparty"
_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"

LANGUAGES: dict[str, str] = {
    "en": "English",
    "fr": "Français",
    "ro": "Română",
    "nb": "Norsk bokmål",
    "cs": "Čeština",
}
"""Every language the app knows, code → its own name, in the language picker's order. A
language is offered only once its catalogue exists (:func:`available_languages`)."""
_OWN_LANGUAGES = tuple(LANGUAGES)


EXTRA_LOCALES_ENV = "UNOPARTY_EXTRA_LOCALES"
"""The environment variable naming folders of catalogues outside the package (``os.pathsep``
between them), each laid out as ``<folder>/<code>/LC_MESSAGES/unoparty.mo``: a translator's
new language tried in the app before it ships, or the tests' pseudo-language ``qps``
(``tests/helpers_pseudo.py``). Such a language is offered after the app's own, named by its
catalogue's ``Language-Team`` header (else by its code)."""


def _extra_catalogues() -> dict[str, Path]:
    """code → the folder holding its catalogue, for each language of `EXTRA_LOCALES_ENV`
    that is not one of :data:`LANGUAGES` (the app's own catalogues always win)."""
    found: dict[str, Path] = {}
    for folder in filter(None, os.environ.get(EXTRA_LOCALES_ENV, "").split(os.pathsep)):
        base = Path(folder)
        for mo in sorted(base.glob(f"*/LC_MESSAGES/{_DOMAIN}.mo")):
            code = mo.parts[-3]
            if code not in _OWN_LANGUAGES and code not in found:
                found[code] = base
    return found


def _extra_name(code: str, folder: Path) -> str:
    try:
        with open(folder / code / "LC_MESSAGES" / f"{_DOMAIN}.mo", "rb") as f:
            team = gettext.GNUTranslations(f).info().get("language-team", "")
    except OSError:
        team = ""
    return team.split("<")[0].strip() or code


def available_languages() -> list[str]:
    """The codes of :data:`LANGUAGES` that can be used now: English, and every language whose
    compiled catalogue ``locale/<code>/LC_MESSAGES/unoparty.mo`` exists; then the languages
    of `EXTRA_LOCALES_ENV` (added to :data:`LANGUAGES` with their names)."""
    codes = [code for code in LANGUAGES
             if code == "en" or (LOCALE_DIR / code / "LC_MESSAGES" / f"{_DOMAIN}.mo").is_file()]
    for code, folder in _extra_catalogues().items():
        LANGUAGES.setdefault(code, _extra_name(code, folder))
        codes.append(code)
    return codes


def match_language(tag: str | None) -> str | None:
    """The available language for a language tag or an ``Accept-Language`` header
    (``"fr-CA"``, ``"nb-NO,nb;q=0.9,en;q=0.8"``, ``"no"``), or None when none matches.

    >>> match_language("en-GB,en;q=0.9"), match_language("xx"), match_language(None)
    ('en', None, None)
    """
    if not tag:
        return None
    available = available_languages()
    for part in str(tag).split(","):
        code = part.split(";")[0].strip().lower().replace("_", "-").split("-")[0]
        if code in ("no", "nn"):  # Norwegian: the catalogue is bokmål
            code = "nb"
        if code in available:
            return code
    return None


def set_language(lang: str) -> None:
    """Use the catalogue for `lang` (``"en"``, ``"fr"``, ``"ro"``, …); unknown languages fall
    back to English, never raise."""
    global _translation, _language
    _language = lang
    folder = LOCALE_DIR if lang in _OWN_LANGUAGES else _extra_catalogues().get(lang, LOCALE_DIR)
    _translation = gettext.translation(_DOMAIN, folder, languages=[lang], fallback=True)


def language() -> str:
    return _language


def _(message: str) -> str:
    """Translate `message` (a string literal) into the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate with a plural form chosen by `n` (string literals)."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Translate `message` in a `context` (both string literals): the same English word used
    in two ways gets two catalogue entries, so that each language may word them apart —
    ``pgettext("colour letter on a card", "G")`` is *V* (vert) in French and *Gr* (grønn)
    in Norwegian, where *G* is *gul*, yellow."""
    return _pget(context, message)


def _pget(context: str, message: str) -> str:
    get = getattr(_translation, "pgettext", None)  # a stand-in catalogue of a test may have gettext alone
    return get(context, message) if get is not None else _translation.gettext(message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`pgettext` with a plural form chosen by `n` (string literals)."""
    return _npget(context, singular, plural, n)


def _npget(context: str, singular: str, plural: str, n: int) -> str:
    get = getattr(_translation, "npgettext", None)
    return get(context, singular, plural, n) if get is not None else _translation.ngettext(singular, plural, n)


def tr_text(text: str) -> str:
    """Translate a text read from a TOML file — a lesson's title, narration, task, hint,
    feedback or mistake, a curriculum group's title, a plain-words rule — into the current
    language. The only way to translate a text that is not a literal in the code: the
    extractors of :mod:`unoparty.extract` find every such text (``tests/test_i18n.py``)."""
    return _translation.gettext(text)


def format_decimal(number: float, digits: int = 2) -> str:
    """`number` with `digits` decimals, written as the current language writes it: ``"2.30"``
    in English, ``"2,30"`` in French, Romanian, Norwegian and Czech (Babel's
    ``format_decimal``; without Babel, or in a language Babel has no data for — the tests'
    pseudo-language —, the English form).

    >>> set_language("en"); format_decimal(2.3)
    '2.30'
    """
    try:
        from babel.core import UnknownLocaleError
        from babel.numbers import format_decimal as babel_decimal
    except ImportError:  # the core runs on the standard library alone
        return f"{number:.{digits}f}"
    pattern = "0." + "0" * digits if digits > 0 else "0"
    try:
        return str(babel_decimal(number, format=pattern, locale=_language))
    except (UnknownLocaleError, ValueError):  # a language Babel has no data for (the pseudo-language qps)
        return f"{number:.{digits}f}"


def format_seconds(seconds: float, digits: int = 2) -> str:
    """A time in seconds as the current language writes it, the unit after a no-break space:
    ``"2.30\u00a0s"``, French ``"2,30\u00a0s"``."""
    return f"{format_decimal(seconds, digits)}\u00a0s"


def in_every_language(words: "Callable[[], T]") -> "dict[str, T]":
    """`words()` called once in each available language (:func:`available_languages`), as
    ``{code: result}`` — for a page that must speak before Python knows its reader's language
    (the server's "still starting" and "class is full" pages). Leaves the current language as
    it was.

    >>> in_every_language(lambda: _("draw pile"))["en"]
    'draw pile'
    """
    before = _language
    try:
        out = {}
        for code in available_languages():
            set_language(code)
            out[code] = words()
        return out
    finally:
        set_language(before)


_SAID_OF = {"f": "said of a player with a feminine name", "m": "said of a player with a masculine name"}
"""The catalogue contexts of :func:`said` and :func:`said_n`, by the gender of
:func:`unoparty.player_names.gender_of`."""


def said(gender: str | None, message: str) -> str:
    """`message` (a sentence about another player, a string literal) in the form for that
    player's grammatical gender (``"f"``, ``"m"``; None: the form that needs none). The
    extractor (:mod:`unoparty.extract`) puts three entries in the catalogue: the message alone
    and in each context of :data:`_SAID_OF`, so that Czech can say *Ava zahrála*, *Ben zahrál*
    and, for a name of unknown gender, *Mia hraje*; other languages repeat one wording."""
    if gender in _SAID_OF:
        return _pget(_SAID_OF[gender], message)
    return _translation.gettext(message)


def said_n(gender: str | None, singular: str, plural: str, n: int) -> str:
    """:func:`said` with a plural form chosen by `n` (string literals)."""
    if gender in _SAID_OF:
        return _npget(_SAID_OF[gender], singular, plural, n)
    return _translation.ngettext(singular, plural, n)


_SAID_TO = {
    (actor, other): f"said of a player with a {a} name who acts on "
                    + ("another player" if other is None else f"a player with a {o} name")
    for actor, a in (("f", "feminine"), ("m", "masculine"))
    for other, o in (("f", "feminine"), ("m", "masculine"), (None, ""))
}
"""The catalogue contexts of :func:`said_to`, by the gender of the player who acts and of the
player acted on (None: unknown, or the learner); the actor's gender unknown is :func:`said`'s."""


def said_to(actor: str | None, other: str | None, message: str) -> str:
    """`message` (what one player did to another, a string literal: ``"caught {name}"``) in the
    form for both players' grammatical genders (``"f"``, ``"m"``, None: unknown): Czech
    *chytila hráče Bena* agrees with the one who caught (*chytila*) and the one caught
    (*hráče*); Romanian *a prins-o pe jucătoarea* only with the one caught. With the actor's
    gender unknown this is ``said(other, message)``. The extractor puts the message alone, in
    each context of :data:`_SAID_OF` and in each of :data:`_SAID_TO` into the catalogue."""
    if actor in ("f", "m"):
        return _pget(_SAID_TO[actor, other if other in ("f", "m") else None], message)
    return said(other, message)


def N_(message: str) -> str:
    """Mark a string for the catalogue without translating it now."""
    return message


# ---- card and colour names --------------------------------------------------------------------

from .cards import Card, Colour, Kind  # noqa: E402  (cards imports nothing of ours but errors)


def colour_name(colour: Colour | None) -> str:
    """``"red"`` (translated); ``"no colour"`` for None."""
    if colour is None:
        return _("no colour")
    colour = Colour(colour)
    if colour is Colour.RED:
        return _("red")
    if colour is Colour.YELLOW:
        return _("yellow")
    if colour is Colour.GREEN:
        return _("green")
    return _("blue")


# A card's name is one catalogue message per kind and colour, in each form a sentence needs
# (issue 21): the colour agrees with the kind (French *Inversion verte*, *7 vert*; Norwegian
# *rødt Trekk to*, *rød Reverse*), and the form "in a sentence" carries what the language
# puts around a card named as the thing played or drawn (French *la carte Inversion verte*,
# Norwegian *den røde 7-eren*, *jokeren*) — never a colour word glued to a kind word.
_CARD_NAMES: dict[Kind, Callable[[], str] | dict[Colour, Callable[[], str]]] = {
    Kind.NUMBER: {
        Colour.RED: lambda: pgettext("card", "red {number}"),
        Colour.YELLOW: lambda: pgettext("card", "yellow {number}"),
        Colour.GREEN: lambda: pgettext("card", "green {number}"),
        Colour.BLUE: lambda: pgettext("card", "blue {number}"),
    },
    Kind.DRAW_TWO: {
        Colour.RED: lambda: pgettext("card", "red draw two"),
        Colour.YELLOW: lambda: pgettext("card", "yellow draw two"),
        Colour.GREEN: lambda: pgettext("card", "green draw two"),
        Colour.BLUE: lambda: pgettext("card", "blue draw two"),
    },
    Kind.REVERSE: {
        Colour.RED: lambda: pgettext("card", "red reverse"),
        Colour.YELLOW: lambda: pgettext("card", "yellow reverse"),
        Colour.GREEN: lambda: pgettext("card", "green reverse"),
        Colour.BLUE: lambda: pgettext("card", "blue reverse"),
    },
    Kind.SKIP: {
        Colour.RED: lambda: pgettext("card", "red skip"),
        Colour.YELLOW: lambda: pgettext("card", "yellow skip"),
        Colour.GREEN: lambda: pgettext("card", "green skip"),
        Colour.BLUE: lambda: pgettext("card", "blue skip"),
    },
    Kind.POINT_TAKEN: {
        Colour.RED: lambda: pgettext("card", "red point taken"),
        Colour.YELLOW: lambda: pgettext("card", "yellow point taken"),
        Colour.GREEN: lambda: pgettext("card", "green point taken"),
        Colour.BLUE: lambda: pgettext("card", "blue point taken"),
    },
    Kind.WILD: lambda: pgettext("card", "wild"),
    Kind.WILD_DRAW_FOUR: lambda: pgettext("card", "wild draw four"),
    Kind.WILD_DRAWN_TOGETHER: lambda: pgettext("card", "wild drawn together"),
    Kind.WILD_PILE_UP: lambda: pgettext("card", "wild pile up"),
}

_THE_CARD: dict[Kind, Callable[[], str] | dict[Colour, Callable[[], str]]] = {
    Kind.NUMBER: {
        Colour.RED: lambda: pgettext("card in a sentence", "the red {number}"),
        Colour.YELLOW: lambda: pgettext("card in a sentence", "the yellow {number}"),
        Colour.GREEN: lambda: pgettext("card in a sentence", "the green {number}"),
        Colour.BLUE: lambda: pgettext("card in a sentence", "the blue {number}"),
    },
    Kind.DRAW_TWO: {
        Colour.RED: lambda: pgettext("card in a sentence", "the red draw two"),
        Colour.YELLOW: lambda: pgettext("card in a sentence", "the yellow draw two"),
        Colour.GREEN: lambda: pgettext("card in a sentence", "the green draw two"),
        Colour.BLUE: lambda: pgettext("card in a sentence", "the blue draw two"),
    },
    Kind.REVERSE: {
        Colour.RED: lambda: pgettext("card in a sentence", "the red reverse"),
        Colour.YELLOW: lambda: pgettext("card in a sentence", "the yellow reverse"),
        Colour.GREEN: lambda: pgettext("card in a sentence", "the green reverse"),
        Colour.BLUE: lambda: pgettext("card in a sentence", "the blue reverse"),
    },
    Kind.SKIP: {
        Colour.RED: lambda: pgettext("card in a sentence", "the red skip"),
        Colour.YELLOW: lambda: pgettext("card in a sentence", "the yellow skip"),
        Colour.GREEN: lambda: pgettext("card in a sentence", "the green skip"),
        Colour.BLUE: lambda: pgettext("card in a sentence", "the blue skip"),
    },
    Kind.POINT_TAKEN: {
        Colour.RED: lambda: pgettext("card in a sentence", "the red point taken"),
        Colour.YELLOW: lambda: pgettext("card in a sentence", "the yellow point taken"),
        Colour.GREEN: lambda: pgettext("card in a sentence", "the green point taken"),
        Colour.BLUE: lambda: pgettext("card in a sentence", "the blue point taken"),
    },
    Kind.WILD: lambda: pgettext("card in a sentence", "the wild"),
    Kind.WILD_DRAW_FOUR: lambda: pgettext("card in a sentence", "the wild draw four"),
    Kind.WILD_DRAWN_TOGETHER: lambda: pgettext("card in a sentence", "the wild drawn together"),
    Kind.WILD_PILE_UP: lambda: pgettext("card in a sentence", "the wild pile up"),
}

# The card as the subject of a sentence (turned up, not matching, starting a mini pile): its own
# messages, so that a language with cases names it in the nominative (Czech *červená 7*, where
# the card "in a sentence" is the accusative *červenou 7*) and Norwegian *den gule 3-eren*.
_THE_CARD_SUBJECT: dict[Kind, Callable[[], str] | dict[Colour, Callable[[], str]]] = {
    Kind.NUMBER: {
        Colour.RED: lambda: pgettext("card as the subject of a sentence", "the red {number}"),
        Colour.YELLOW: lambda: pgettext("card as the subject of a sentence", "the yellow {number}"),
        Colour.GREEN: lambda: pgettext("card as the subject of a sentence", "the green {number}"),
        Colour.BLUE: lambda: pgettext("card as the subject of a sentence", "the blue {number}"),
    },
    Kind.DRAW_TWO: {
        Colour.RED: lambda: pgettext("card as the subject of a sentence", "the red draw two"),
        Colour.YELLOW: lambda: pgettext("card as the subject of a sentence", "the yellow draw two"),
        Colour.GREEN: lambda: pgettext("card as the subject of a sentence", "the green draw two"),
        Colour.BLUE: lambda: pgettext("card as the subject of a sentence", "the blue draw two"),
    },
    Kind.REVERSE: {
        Colour.RED: lambda: pgettext("card as the subject of a sentence", "the red reverse"),
        Colour.YELLOW: lambda: pgettext("card as the subject of a sentence", "the yellow reverse"),
        Colour.GREEN: lambda: pgettext("card as the subject of a sentence", "the green reverse"),
        Colour.BLUE: lambda: pgettext("card as the subject of a sentence", "the blue reverse"),
    },
    Kind.SKIP: {
        Colour.RED: lambda: pgettext("card as the subject of a sentence", "the red skip"),
        Colour.YELLOW: lambda: pgettext("card as the subject of a sentence", "the yellow skip"),
        Colour.GREEN: lambda: pgettext("card as the subject of a sentence", "the green skip"),
        Colour.BLUE: lambda: pgettext("card as the subject of a sentence", "the blue skip"),
    },
    Kind.POINT_TAKEN: {
        Colour.RED: lambda: pgettext("card as the subject of a sentence", "the red point taken"),
        Colour.YELLOW: lambda: pgettext("card as the subject of a sentence", "the yellow point taken"),
        Colour.GREEN: lambda: pgettext("card as the subject of a sentence", "the green point taken"),
        Colour.BLUE: lambda: pgettext("card as the subject of a sentence", "the blue point taken"),
    },
    Kind.WILD: lambda: pgettext("card as the subject of a sentence", "the wild"),
    Kind.WILD_DRAW_FOUR: lambda: pgettext("card as the subject of a sentence", "the wild draw four"),
    Kind.WILD_DRAWN_TOGETHER: lambda: pgettext("card as the subject of a sentence", "the wild drawn together"),
    Kind.WILD_PILE_UP: lambda: pgettext("card as the subject of a sentence", "the wild pile up"),
}

# The card as the object of a sentence (played, drawn, kept, shown, caught with): its own
# messages, so that a language with cases can say it (Czech *Ava zahrála červenou 7*).
_THE_CARD_OBJECT: dict[Kind, Callable[[], str] | dict[Colour, Callable[[], str]]] = {
    Kind.NUMBER: {
        Colour.RED: lambda: pgettext("card as the object of a sentence", "the red {number}"),
        Colour.YELLOW: lambda: pgettext("card as the object of a sentence", "the yellow {number}"),
        Colour.GREEN: lambda: pgettext("card as the object of a sentence", "the green {number}"),
        Colour.BLUE: lambda: pgettext("card as the object of a sentence", "the blue {number}"),
    },
    Kind.DRAW_TWO: {
        Colour.RED: lambda: pgettext("card as the object of a sentence", "the red draw two"),
        Colour.YELLOW: lambda: pgettext("card as the object of a sentence", "the yellow draw two"),
        Colour.GREEN: lambda: pgettext("card as the object of a sentence", "the green draw two"),
        Colour.BLUE: lambda: pgettext("card as the object of a sentence", "the blue draw two"),
    },
    Kind.REVERSE: {
        Colour.RED: lambda: pgettext("card as the object of a sentence", "the red reverse"),
        Colour.YELLOW: lambda: pgettext("card as the object of a sentence", "the yellow reverse"),
        Colour.GREEN: lambda: pgettext("card as the object of a sentence", "the green reverse"),
        Colour.BLUE: lambda: pgettext("card as the object of a sentence", "the blue reverse"),
    },
    Kind.SKIP: {
        Colour.RED: lambda: pgettext("card as the object of a sentence", "the red skip"),
        Colour.YELLOW: lambda: pgettext("card as the object of a sentence", "the yellow skip"),
        Colour.GREEN: lambda: pgettext("card as the object of a sentence", "the green skip"),
        Colour.BLUE: lambda: pgettext("card as the object of a sentence", "the blue skip"),
    },
    Kind.POINT_TAKEN: {
        Colour.RED: lambda: pgettext("card as the object of a sentence", "the red point taken"),
        Colour.YELLOW: lambda: pgettext("card as the object of a sentence", "the yellow point taken"),
        Colour.GREEN: lambda: pgettext("card as the object of a sentence", "the green point taken"),
        Colour.BLUE: lambda: pgettext("card as the object of a sentence", "the blue point taken"),
    },
    Kind.WILD: lambda: pgettext("card as the object of a sentence", "the wild"),
    Kind.WILD_DRAW_FOUR: lambda: pgettext("card as the object of a sentence", "the wild draw four"),
    Kind.WILD_DRAWN_TOGETHER: lambda: pgettext("card as the object of a sentence", "the wild drawn together"),
    Kind.WILD_PILE_UP: lambda: pgettext("card as the object of a sentence", "the wild pile up"),
}


def _named(table: dict[Kind, Callable[[], str] | dict[Colour, Callable[[], str]]], card: Card) -> str:
    entry = table.get(card.kind)
    if entry is None:
        raise ValueError(f"no name for the card kind {card.kind!r}")
    if isinstance(entry, dict):
        assert card.colour is not None  # a card that is not wild has a colour (`Card` checks it)
        return entry[Colour(card.colour)]().format(number=card.number)
    return entry()


def colour_initial(colour: Colour) -> str:
    """The colour's letter on card corners and in a card's accessible name, in the current
    language (each language's glossary, ``docs/glossary/``, says which): ``"R"`` for red in
    English, ``"Č"`` (červená) in Czech. A cue beside the colour's shape that does not rely
    on colour vision."""
    colour = Colour(colour)
    if colour is Colour.RED:
        return pgettext("colour letter on a card", "R")
    if colour is Colour.YELLOW:
        return pgettext("colour letter on a card", "Y")
    if colour is Colour.GREEN:
        return pgettext("colour letter on a card", "G")
    return pgettext("colour letter on a card", "B")


def wild_letter() -> str:
    """The letter in a plain wild card's corners (``"W"``; French *J* for joker)."""
    return pgettext("the corner letter of a plain wild card", "W")


def card_name(card: Card) -> str:
    """The card's name on its own, without an article: ``"red 7"``, ``"wild draw four"``
    (translated: one message per kind and colour, context ``"card"``)."""
    return _named(_CARD_NAMES, card)


def the_card(card: Card) -> str:
    """``"the red 7"`` (translated): the card named in a sentence as its subject or after a
    preposition — the card turned up, refused, that does not match — one message per kind and
    colour, context ``"card in a sentence"``."""
    return _named(_THE_CARD, card)


def the_card_object(card: Card) -> str:
    """``"the red 7"`` (translated) as the object of a sentence — the card played, speed-played,
    drawn, kept, shown, added, advised: one message per kind and colour, context ``"card as the
    object of a sentence"`` (Czech *červenou 7*, the accusative; French *le 7 rouge* as in
    :func:`the_card`)."""
    return _named(_THE_CARD_OBJECT, card)


def the_card_subject(card: Card) -> str:
    """``"the red 7"`` (translated) as the subject of a sentence — the card turned up, sent back,
    starting a mini pile, not matching: one message per kind and colour, context ``"card as the
    subject of a sentence"`` (Czech *červená 7*, the nominative; Norwegian *den røde 7-eren*;
    French *le 7 rouge*). A sentence that opens with it is capitalised by its caller."""
    return _named(_THE_CARD_SUBJECT, card)
