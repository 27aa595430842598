"""Nothing clipped, overlapping or sticking out, on every page of the Voila app, at a desktop's,
a tablet's and a phone's size, in English and in languages with longer words: the language
picker lies inside the window and the navigation (at 1280 px it used to spill out of it, and
the navigation's scrollbar then covered its right edge), no button or label has its words cut,
nothing scrolls sideways, and the seats of a table cover neither the piles nor the hand.
Each page is opened once per language and checked at the three sizes by resizing the window
(a resize only lays the page out again). The still tables of 2 to 16 players are checked at
the three sizes by ``test_app.py::test_tables_look_right``.
Screenshots: ``test-artifacts/screenshots/layout-<size>-<lang>-<page>.png``.
"""

from __future__ import annotations

import pytest

from unoparty import i18n

from .layout_checks import LANGUAGE_PICKER, PAGE, ROUND_OVER, SEATS, SIZES

pytestmark = pytest.mark.browser

from .conftest import LOAD  # noqa: E402  (ms: bounded by START_S, the machine's load)
LANGS = ["en", "cs"]  # English, and Czech: the longest words of the five


def labels(lang: str) -> dict[str, str]:
    """The navigation's labels in `lang`, from the catalogue the app uses."""
    i18n.set_language(lang)
    try:
        return {"home": i18n._("Home"), "game": i18n._("Play against bots"), "rules": i18n._("Rules"),
                "practice": i18n._("Practice"), "scenarios": i18n._("Your scenarios"),
                "teacher": i18n._("Teacher"), "deal": i18n._("Deal the cards")}
    finally:
        i18n.set_language("en")


def problems(page) -> list[str]:
    return page.evaluate(LANGUAGE_PICKER) + page.evaluate(PAGE) + page.evaluate(SEATS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_fits(page, app_server, shot, answered, lang):
    page.set_viewport_size({"width": 1280, "height": 800})
    t = labels(lang)
    nav_bar = page.locator(".up-nav")

    found: dict[str, list[str]] = {}

    def check(where: str) -> None:
        """The page at each size, then back at the desktop's size (where the clicks happen)."""
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            answered.still()
            shot(f"layout-{size}-{lang}-{where}")
            # the Practice page draws a question at random: its table is not the same every
            # run (test_app.py::test_tables_look_right checks tables of 2 to 16 players)
            bad = problems(page) if where != "practice" else page.evaluate(LANGUAGE_PICKER) + page.evaluate(PAGE)
            if bad:
                found[f"{where} ({size})"] = bad
        page.set_viewport_size({"width": 1280, "height": 800})
        answered.still()

    def nav(key: str):
        return nav_bar.get_by_role("button", name=t[key], exact=True).click

    page.goto(app_server.url + f"?lang={lang}")
    page.locator(".up-lessonbtn").first.wait_for(timeout=LOAD)
    answered.still()
    check("landing")
    # (page, the click that opens it, what shows it is drawn)
    for where, click, ready in (("lesson", page.locator(".up-lessonbtn").first.click, ".up-tablebox .up-seat"),
                                ("settings", nav("game"), ".up-deal"),
                                ("game", page.locator(".up-deal").first.click, ".up-hand .up-cardbtn"),
                                ("rules", nav("rules"), ".up-rules"),
                                ("practice", nav("practice"), ".up-practice .up-task"),
                                ("scenarios", nav("scenarios"), ".up-scenarios"),
                                ("teacher", nav("teacher"), ".up-teacher")):
        answered(click)
        page.locator(ready).first.wait_for(timeout=LOAD)
        answered.still()
        check(where)
    assert not found, found


def _round_over_fits(page, gallery_server, shot, lang: str) -> dict[str, list[str]]:
    page.goto(gallery_server.url + f"?state=scoring&lang={lang}")
    page.locator(".up-roundover .up-scores").first.wait_for(timeout=LOAD)
    found: dict[str, list[str]] = {}
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        shot(f"round-over-{size}-{lang}")
        bad = page.evaluate(ROUND_OVER)
        if bad:
            found[size] = bad
    return found


# The two languages whose headings and buttons are longest here (issue 21: "Jucăto|r",
# "Celke|m", "Runda următ…") and the pseudo-language, 40 % longer than English
# (tests/helpers_pseudo.py); every language at every width in `make soak`.
@pytest.mark.parametrize("lang", ["ro", "cs", "qps"])
def test_the_round_over_panel_fits(page, gallery_server, shot, lang):
    assert not _round_over_fits(page, gallery_server, shot, lang)


@pytest.mark.soak
@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_the_round_over_panel_fits_in_every_other_language(page, gallery_server, shot, lang):
    assert not _round_over_fits(page, gallery_server, shot, lang)
