"""The pseudo-language ``qps`` of the tests (issue 21): every message of the catalogue becomes a
visibly transformed copy of itself — accented, bracketed and lengthened by about 40 %,
``⟦Ďřáŵ ƥíľé ẋẋẋẋ⟧``, its placeholders, markup, addresses and rule ids kept — so that a text
that never reached the catalogue shows (:func:`left_over`), and so does a box with no room
for a longer translation.

Used by ``tests/test_pseudo_language.py`` (widgets, no browser) and by the browser tests
(``tests/browser/conftest.py`` builds it for every served app and names its folder in
``UNOPARTY_EXTRA_LOCALES``, :data:`unoparty.i18n.EXTRA_LOCALES_ENV`).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = "qps"
NAME = "Pseudo"
OPEN, CLOSE = "⟦", "⟧"
LONGER = 0.4  # what a longer language adds, as a share of the message's letters
_PAD = "ẋ"
_ACCENTS = str.maketrans("aceinosuyzACEINOSUYZ", "áçéíñóšúýžÁÇÉÍÑÓŠÚÝŽ")
# kept as they are: placeholders, tags, entities, addresses, rule ids, names of environment
# variables and file names (UNOPARTY_SCENARIOS, docs/teaching.md)
_KEEP = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&[a-z#0-9]+;|https?://\S+|\(?[A-Z]{1,2}-\d+\)?|\b[A-Z]+_[A-Z_]+\b|"
                   r"\b[\w-]+(?:/[\w-]+)*\.(?:md|toml|csv|json|py|ipynb)\b)")


def _padding(letters: int) -> str:
    """About `LONGER` × `letters` pad letters, in words of at most 5 (a line may break
    between them, as between the words of a real translation)."""
    n = round(LONGER * letters)
    return " ".join(_PAD * min(5, n - k) for k in range(0, n, 5))


def pseudo(text: str) -> str:
    """`text` accented, lengthened (:func:`_padding`, only where it has two letters or more)
    and bracketed, its placeholders, tags, entities, addresses and rule ids kept:
    ``"Draw {n} cards (T-3)."`` → ``"⟦Dráw {n} çárdš (T-3) ẋẋẋẋ.⟧"``; each sentence of a longer
    text bracketed on its own (the app may show a rule's first sentence alone)."""
    if not text:
        return text
    sentences = re.split(r"(?<=[.!?]) (?=[A-Z])", text)
    if len(sentences) > 1:
        return " ".join(pseudo(s) for s in sentences)
    parts = _KEEP.split(text)
    out = "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(parts))
    core = out.strip()
    if not core:
        return out
    letters = sum(ch.isalpha() for i, p in enumerate(parts) if not i % 2 for ch in p)
    pad = _padding(letters) if letters >= 2 else ""
    if pad:  # before the closing punctuation: the app may cut a text after its first sentence
        end = re.search(r"[.!?:;…»”]*$", core).start()
        core = core[:end] + " " + pad + core[end:]
    lead = len(out) - len(out.lstrip())
    trail = len(out) - len(out.rstrip())
    return out[:lead] + OPEN + core + CLOSE + out[len(out) - trail:]


def build(folder: Path) -> Path:
    """Compile the pseudo-language's catalogue into ``folder/qps/LC_MESSAGES/unoparty.mo``
    (every message of the template, ``unoparty/locale/unoparty.pot``, with its context and
    plural forms); returns `folder`, the value for ``UNOPARTY_EXTRA_LOCALES``."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with open(ROOT / "unoparty" / "locale" / "unoparty.pot", "rb") as f:
        source = read_po(f)
    cat = Catalog(locale="en", language_team=NAME)  # two plural forms, as English
    for m in source:
        if not m.id:
            continue
        string = tuple(pseudo(s) for s in m.id) if isinstance(m.id, tuple) else pseudo(m.id)
        cat.add(m.id, string, context=m.context)
    target = folder / CODE / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_mo(buf, cat)
    (target / "unoparty.mo").write_bytes(buf.getvalue())
    return folder


def names() -> set[str]:
    """Words that are not the catalogue's: players' names, the printed logo of the cards
    ("UNO", "party" on a card's back), the languages' own names, file formats."""
    from unoparty import i18n
    from unoparty.player_names import NAME_GENDERS
    return set(NAME_GENDERS) | {"Mia", "UNO", "Party", "party", "UNO Party!", "Voila", "CSV", "PIN", "TOML", "UTF",
                                NAME} | set(i18n.LANGUAGES.values())


def strip_messages(text: str) -> str:
    """`text` with every bracketed message taken out, innermost first (a message may hold
    another: a card's name in a sentence), across lines."""
    pattern = re.compile(re.escape(OPEN) + r"[^" + OPEN + CLOSE + r"]*" + re.escape(CLOSE))
    while True:
        stripped = pattern.sub(" ", text)
        if stripped == text:
            return text
        text = stripped


def left_over(node: str, extra_names: set[str] = frozenset()) -> str:
    """The letters of `node` that did not come through the catalogue: the bracketed parts
    removed (:func:`strip_messages`), then names (:func:`names` and `extra_names`), numbers,
    rule ids, live tables' codes ("T88K66": the Teacher page lists the tables other tests
    opened on a shared server), card symbols and punctuation."""
    from unoparty.progress.table_log import CODE_ALPHABET, CODE_LENGTH
    text = " ".join(strip_messages(node).split())  # no-break spaces too: "Norsk\xa0bokmål"
    text = re.sub(rf"\b[{CODE_ALPHABET}]{{{CODE_LENGTH}}}\b", " ", text)  # table codes
    for name in sorted(names() | set(extra_names), key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    text = re.sub(r"\b[A-Z]{1,2}-\d+\b", " ", text)      # rule ids
    text = re.sub(r"\b[A-Z]{1,2}\b", " ", text)           # colour letters, card corners
    return "".join(ch for ch in text if ch.isalpha())
