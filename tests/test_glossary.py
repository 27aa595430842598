"""The glossaries (``docs/glossary/<lang>.md``, format in ``docs/glossary.md``): wherever an
English term of a glossary appears in a message of the catalogue, the translation uses one of
the glossary's forms for it. Parametrized over the glossary files present."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
GLOSSARIES = sorted(p for p in (ROOT / "docs" / "glossary").glob("*.md")
                    if not p.stem.startswith("review-"))  # review-<code>.md: a native review, not a glossary


def read_glossary(path: Path) -> dict[str, list[str]]:
    """``| English term | forms, comma-separated |`` rows → term → forms."""
    terms: dict[str, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 2 or not line.lstrip().startswith("|") or set(cells[0]) <= set("-: ") \
                or cells[0].lower() == "english term":
            continue
        terms[cells[0]] = [f.strip() for f in cells[1].split(",") if f.strip()]
    return terms


_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@lru_cache(maxsize=None)
def _word(phrase: str) -> re.Pattern[str]:
    """`phrase` as a whole word or words, any case (compiled once: a glossary has more
    patterns than the `re` module's own cache holds)."""
    return re.compile(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)", re.IGNORECASE)


def _has(text: str, phrase: str) -> bool:
    return _word(phrase).search(text) is not None


def test_the_glossary_readme_links_every_language_file() -> None:
    readme = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    assert GLOSSARIES
    for path in GLOSSARIES:
        assert f"glossary/{path.name}" in readme, path.name


@pytest.mark.parametrize("path", GLOSSARIES, ids=[p.stem for p in GLOSSARIES])
def test_translations_use_the_glossary_terms(path: Path) -> None:
    lang = path.stem
    po = ROOT / "unoparty" / "locale" / lang / "LC_MESSAGES" / "unoparty.po"
    assert po.is_file(), f"{path.name} has no catalogue {po}"
    terms = read_glossary(path)
    assert terms, f"no term in {path}"
    with open(po, "rb") as f:
        catalogue = read_po(f)
    # "wild" inside "Wild Pile Up" is that longer term's business
    longer = {term: re.compile("|".join(re.escape(t) for t in terms if t != term and _has(t, term)),
                               re.IGNORECASE) if any(t != term and _has(t, term) for t in terms) else None
              for term in terms}
    wrong = []
    for m in catalogue:
        if not m.id:
            continue
        # a placeholder ({card}, {player}) is a value filled in, not the English word
        ids = [_PLACEHOLDER.sub(" ", i) for i in ([m.id] if isinstance(m.id, str) else list(m.id))]
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        for term, forms in terms.items():
            inside = longer[term]
            seen = [inside.sub(" ", i) if inside else i for i in ids]
            if any(_has(i, term) for i in seen) and not all(any(_has(s, f) for f in forms) for s in strings):
                wrong.append((term, ids[0][:70], strings[0][:70]))
    assert not wrong, f"{len(wrong)} translations without a glossary form ({path.name}): " + \
        "\n".join(map(str, wrong[:80]))
