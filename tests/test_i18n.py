"""The translation catalogue (DESIGN.md "Language"): English first, French shipped; the
language is a setting, and narration, explanations and lesson texts follow it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from unoparty import i18n
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
        found = [m for _, _, m, _ in i18n.extract_lessons(f, (), (), {})]
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
