"""The translation catalogue (DESIGN.md "Language"): English first, French shipped; the
language is a setting, and narration, explanations and lesson texts follow it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from unoparty import extract, i18n
from unoparty.cards import Card
from unoparty.engine import Event, EventKind
from unoparty.errors import IllegalMove
from unoparty.game import Game
from unoparty.narrate import narrate

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "unoparty" / "locale" / "fr" / "LC_MESSAGES" / "unoparty.po"
MO = PO.with_suffix(".mo")


@pytest.fixture
def french():
    if not MO.exists():  # make test compiles the catalogues first; compile here when run alone
        subprocess.run([sys.executable, "-m", "babel.messages.frontend", "compile", "-d",
                        str(ROOT / "unoparty" / "locale"), "-D", "unoparty"], check=True, capture_output=True)
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_english_is_the_default() -> None:
    assert i18n.language() == "en"
    assert i18n.card_name(Card.parse("red 7")) == "red 7"
    assert i18n.the_card(Card.parse("wild draw four")) == "the wild draw four"


def test_unknown_language_falls_back_to_english() -> None:
    i18n.set_language("xx")
    try:
        assert i18n._("Your hand") == "Your hand"
    finally:
        i18n.set_language("en")


def test_narration_follows_the_language(french) -> None:
    event = Event(EventKind.PLAYED, "T-1", player=0, cards=(Card.parse("red 7"),))
    text = narrate(event, ("Ava", "Ben"))
    assert "Ava" in text and "(T-1)" in text
    assert "7 rouge" in text and "plays" not in text


def test_refusals_follow_the_language(french) -> None:
    g = Game.from_setup(["Ava", "Ben"], {"Ava": [Card.parse("red 7")], "Ben": [Card.parse("blue 1")]},
                        "Ava", [Card.parse("blue 3")], [Card.parse("green 1")], rest="none")
    with pytest.raises(IllegalMove) as err:
        g.apply_text("Ava: play red 7")
    assert err.value.rule == "T-1"
    assert "7 rouge" in err.value.explanation and "You can't" not in err.value.explanation
    assert err.value.explanation.endswith("(T-1)")


def test_lesson_texts_follow_the_language(french) -> None:
    from unoparty.scenarios import load_scenario
    lesson = load_scenario(str(ROOT / "unoparty" / "lessons" / "wild-pile-up.toml"))
    assert lesson.title != "Wild Pile Up: the yellow 3 mini pile"
    assert "mini" in lesson.title.lower()
    i18n.set_language("en")
    assert load_scenario(str(ROOT / "unoparty" / "lessons" / "wild-pile-up.toml")).title == \
        "Wild Pile Up: the yellow 3 mini pile"


def test_lesson_extractor_yields_every_text() -> None:
    """The Babel extractor finds titles, narration, tasks, hints, feedback and mistakes."""
    path = ROOT / "unoparty" / "lessons" / "wild-pile-up.toml"
    with open(path, "rb") as f:
        found = [m for _, _, m, _ in extract.extract_lessons(f, (), (), {})]
    assert "Wild Pile Up: the yellow 3 mini pile" in found
    assert "The mini pile is yellow." in found
    assert any(m.startswith("Only a yellow card or a wild card") for m in found)


def test_the_app_switches_language(french, tmp_path, monkeypatch) -> None:
    """The language is a setting of the app: the dropdown rebuilds every page in French."""
    monkeypatch.setenv("UNOPARTY_PROGRESS", str(tmp_path / "progress.json"))
    i18n.set_language("en")
    from unoparty.views.app import App, lesson_catalogue
    app = App()
    english_header = app.header.value
    assert app.nav_buttons["rules"].description == "Rules"
    english_titles = [b.description for b in app.lesson_buttons.values()]
    app.language.value = "fr"
    assert i18n.language() == "fr"
    assert app.nav_buttons["rules"].description != "Rules"
    assert app.header.value != english_header
    french_titles = [b.description for b in app.lesson_buttons.values()]
    assert len(french_titles) == len(english_titles) and french_titles != english_titles
    lesson = app.open_lesson(lesson_catalogue()[0])
    app.language.value = "en"
    assert app.page == "lesson" and app.lesson is not lesson
    assert app.nav_buttons["rules"].description == "Rules"
    assert app.errors.errors == []


def test_every_learner_string_has_a_french_translation(tmp_path) -> None:
    """Every string marked for the catalogue (code, f-strings, lessons, plain-words rules), as
    extracted now, is translated in the French catalogue — none missing, none fuzzy. A new
    string fails this until `make messages` and a translation are done."""
    import os

    from babel.messages.pofile import read_po

    pot = tmp_path / "now.pot"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", str(ROOT / "babel.cfg"),
                    "--no-default-keywords", "-k", "_", "-k", "N_", "-k", "ngettext:1,2", "-o", str(pot), "."],
                   cwd=ROOT, env=env, check=True, capture_output=True)
    with open(pot, "rb") as f:
        wanted = [m.id for m in read_po(f) if m.id]
    with open(PO, "rb") as f:
        french = {m.id: m for m in read_po(f) if m.id}
    assert len(wanted) > 800
    missing = [mid for mid in wanted if mid not in french]
    assert not missing, f"{len(missing)} strings not in the French catalogue (run make messages): {missing[:5]}"
    untranslated = [mid for mid in wanted if not french[mid].string or french[mid].fuzzy
                    or (isinstance(french[mid].string, tuple) and not all(french[mid].string))]
    assert not untranslated, f"{len(untranslated)} strings without a French translation: {untranslated[:5]}"
