"""A lesson's feedback follows the app's own "Right!" (views/lesson.py `_show_right`): in no
language may it open with an interjection of its own ("Bravo ! Oui ! Le 3 bleu …", review-fr.md
"Second reading"). English source texts lose theirs in code (`_without_interjection`); the
catalogues translate each feedback without it. Checked over every lesson and every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from unoparty.extract import extract_lessons
from unoparty.i18n import _, available_languages, set_language, tr_text
from unoparty.views.lesson import _without_interjection

LESSONS = Path(__file__).resolve().parents[1] / "unoparty" / "lessons"

# The words a teacher opens a "well done" with, per language (a word, then ! . : or ,).
INTERJECTIONS = {
    "en": ("Yes", "Good", "Right", "Correct", "Exactly", "Well done", "Great", "Perfect"),
    "fr": ("Oui", "Bien", "Bravo", "Exact", "Exactement", "Parfait", "Super", "Bien joué", "Très bien", "Correct"),
    "ro": ("Da", "Bine", "Bravo", "Corect", "Exact", "Perfect", "Super", "Foarte bine"),
    "nb": ("Ja", "Bra", "Riktig", "Flott", "Supert", "Akkurat", "Helt riktig", "Bra jobbet", "Godt"),
    "cs": ("Ano", "Dobře", "Správně", "Výborně", "Přesně", "Super", "Skvěle", "Paráda"),
}


def _feedbacks() -> list[str]:
    out = []
    for path in sorted(LESSONS.glob("*.toml")):
        with open(path, "rb") as f:
            for _line, _func, message, comments in extract_lessons(f, (), (), {}):
                if any(c.endswith("feedback") for c in comments) and message not in out:
                    out.append(message)
    return out


FEEDBACKS = _feedbacks()


def test_the_lessons_have_feedback_that_opened_with_an_interjection() -> None:
    # the check below has something to bite on: English feedbacks do open with one
    opened = [m for m in FEEDBACKS if re.match(r"(?:Yes|Good|Well done|Right)\s*[!.:,]", m)]
    assert len(FEEDBACKS) > 30 and len(opened) >= 5


@pytest.mark.parametrize("lang", ["en", "fr", "ro", "nb", "cs"])
def test_no_lesson_feedback_opens_with_its_own_interjection_after_right(lang: str) -> None:
    assert lang in available_languages()
    words = "|".join(re.escape(w) for w in sorted(INTERJECTIONS[lang], key=len, reverse=True))
    opening = re.compile(rf"(?:{words})[\s\u00a0]*[!.:,]", re.IGNORECASE)
    set_language(lang)
    try:
        doubled = []
        for message in FEEDBACKS:
            shown = _without_interjection(tr_text(message))  # what follows the app's "Right!"
            if opening.match(shown):
                doubled.append(f"{_('Right!')} {shown[:50]}")
            assert shown[:1] == shown[:1].upper(), shown
        assert not doubled, doubled
    finally:
        set_language("en")


def test_an_english_interjection_goes_whatever_its_punctuation() -> None:
    set_language("en")
    assert _without_interjection("Yes, yellow on yellow. Now it's Ava's turn.") == "Yellow on yellow. Now it's Ava's turn."
    assert _without_interjection("Yes: the same number, 7.") == "The same number, 7."
    assert _without_interjection("Well done. The printed rules …") == "The printed rules …"
    assert _without_interjection("Good. Now it's Ben's turn.") == "Now it's Ben's turn."
    assert _without_interjection("Yesterday Ava drew.") == "Yesterday Ava drew."
