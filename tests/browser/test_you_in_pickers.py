"""The learner is "you" in the Wild Drawn Together link picker, in the browser (issue 21): in
French the lesson's own seat is the button "Toi", never the engine's seat name "You" nor
"You (toi)". Screenshot: ``test-artifacts/screenshots/you-in-the-link-picker-fr.png``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from unoparty import i18n
from unoparty.cards import Card, Colour

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
from .conftest import LOAD  # noqa: E402  (ms: bounded by START_S, the machine's load)


def test_the_link_picker_names_the_learner_you_in_french(page, app_server, shot, answered) -> None:
    from unoparty.scenarios import load_scenario
    from unoparty.views import svg
    i18n.set_language("fr")
    try:
        title = load_scenario(ROOT / "unoparty" / "lessons" / "wild-drawn-together.toml").title
        nxt, you = i18n._("Next ›"), i18n._("You")
        card = i18n.card_name(Card.parse("wild drawn together"))
        green = f"{svg.COLOUR_SHAPE[Colour.GREEN]} {svg.colour_name(Colour.GREEN).capitalize()}"
    finally:
        i18n.set_language("en")
    page.goto(app_server.url + "?lang=fr")
    lesson = page.get_by_role("button", name=f"▶ {title}")
    lesson.wait_for(timeout=LOAD)
    answered(lesson.click)
    page.locator(".up-tablebox").first.wait_for(timeout=LOAD)
    for _ in range(3):
        if page.locator(".up-task").is_visible():
            break
        answered(page.get_by_role("button", name=nxt).click)
    answered(page.locator(".up-hand").get_by_role("button", name=re.compile("^" + re.escape(card))).first.click)
    answered(page.get_by_role("button", name=green, exact=True).click)
    picker = page.locator(".up-picker")
    picker.get_by_role("button", name=you, exact=True).wait_for(timeout=LOAD)
    shot("you-in-the-link-picker-fr")
    labels = picker.get_by_role("button").all_inner_texts()
    assert you in labels and "Ava" in labels
    assert not any(re.search(r"\bYou\b", label) for label in labels), labels
