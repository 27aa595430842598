"""The Voila app in headless Chromium (DESIGN.md "Testing", "Running the app and browser
tests"): the landing page loads, a lesson is stepped through to the end with one task
answered wrong then right, a game against bots is played by clicking until the round ends,
HTML in a player's name shows as text, and the tables look right (screenshots under
``test-artifacts/screenshots/``).
"""

from __future__ import annotations

import re

import pytest

from .layout_checks import PAGE, SEATS, SIZES

pytestmark = pytest.mark.browser

EVIL = "<img src=x onerror=alert(1)>"
from .conftest import LOAD  # noqa: E402  (ms: bounded by START_S, the machine's load)


def open_app(page, server):
    page.goto(server.url)
    page.get_by_role("button", name="Play against bots", exact=True).first.wait_for(timeout=LOAD)


def test_landing_page_loads(page, app_server, shot):
    open_app(page, app_server)
    assert page.get_by_text("UNO Party! — learn to play").is_visible()
    lessons = page.locator(".up-lessonbtn")
    assert lessons.count() >= 10
    assert page.get_by_role("button", name="Rules", exact=True).is_visible()
    # cards on the landing page are drawn as labelled SVG
    assert page.locator("svg.up-card[aria-label]").count() >= 5
    shot("landing")


def test_lesson_stepped_to_the_end_with_a_wrong_then_right_answer(page, app_server, shot, answered):
    open_app(page, app_server)
    page.get_by_role("button", name="▶ Speed Play: the red 7").click()
    page.locator(".up-tablebox").first.wait_for(timeout=LOAD)
    shot("lesson-start")
    next_button = page.get_by_role("button", name="Next ›")
    for _ in range(10):
        if page.locator(".up-task").is_visible():
            break
        answered(next_button.click)
    assert page.locator(".up-task").is_visible()
    shot("lesson-task")
    page.get_by_role("button", name="Draw a card").click()  # wrong: it is not your turn
    bad = page.locator(".up-msg-bad")
    bad.wait_for(timeout=LOAD)
    assert "Hint" in bad.inner_text()
    shot("lesson-task-wrong")
    page.get_by_role("button", name=re.compile(r"^red 7 \(R ▲\)")).first.click()  # right
    page.locator(".up-msg-good").wait_for(timeout=LOAD)
    shot("lesson-task-right")
    for _ in range(20):
        if page.get_by_text("Lesson complete!").is_visible():
            break
        finish = page.get_by_role("button", name="Finish ✓")
        answered((finish if finish.is_visible() else next_button).click)
    page.get_by_text("Lesson complete!").wait_for(timeout=LOAD)
    assert page.locator(".up-stars").first.is_visible()
    shot("lesson-complete")


def _visible_enabled(locator) -> bool:
    return locator.count() > 0 and locator.first.is_visible() and locator.first.is_enabled()


@pytest.mark.parametrize("pace", ["Learning pace", "Party pace"])
def test_a_game_against_bots_is_played_by_clicking_until_the_round_ends(page, app_server, shot, answered, pace):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    open_app(page, app_server)
    page.get_by_role("button", name="Play against bots", exact=True).first.click()
    page.get_by_role("button", name=pace, exact=True).click()
    page.get_by_role("button", name="Deal the cards").click()
    page.locator(".up-hand .up-cardbtn").first.wait_for(timeout=LOAD)
    tag = "game" if pace == "Learning pace" else "party"
    shot(f"{tag}-start")
    if pace == "Party pace":
        page.get_by_role("button", name="Start!", exact=True).click()  # the clock starts on a click
    clicks = 0
    for _ in range(600):
        seen = answered.count()
        if page.locator(".up-roundover").is_visible():
            break
        buttons = {name: page.get_by_role("button", name=name, exact=True)
                   for name in ("Continue", "Draw a card", "Keep it", "Accept the draw", "Take the mini pile")}
        picker = page.locator(".up-picker")
        playable = page.locator(".up-playable .up-cardbtn")
        if _visible_enabled(buttons["Continue"]):
            target = buttons["Continue"]
        elif picker.is_visible():
            choices = picker.locator("button:not(:has-text('Cancel'))")
            target = choices.first
        elif playable.count() and not page.locator(".up-seat.up-me.up-turn").count() == 0:
            target = playable.first
        elif _visible_enabled(buttons["Draw a card"]):
            target = buttons["Draw a card"]
        elif _visible_enabled(buttons["Keep it"]):
            target = buttons["Keep it"]
        elif _visible_enabled(buttons["Accept the draw"]):
            target = buttons["Accept the draw"]
        elif _visible_enabled(buttons["Take the mini pile"]):
            target = buttons["Take the mini pile"]
        elif page.locator(".up-seatbtn:visible").count():
            target = page.locator(".up-seatbtn:visible").first
        elif playable.count():
            target = playable.first
        else:
            answered.change(seen)  # nothing to click yet: wait for the bots (or a timer) to move
            answered.still()
            continue
        try:
            answered(lambda t=target: t.click(timeout=5_000))  # the kernel has answered the click
        except PlaywrightTimeout:
            continue  # party pace: the table moved on and the button went away before the click
        clicks += 1
        if clicks == 3:
            shot(f"{tag}-playing")
    assert page.locator(".up-roundover").is_visible(), "the round did not end"
    assert page.locator("table.up-scores").is_visible()
    assert page.locator(".up-error:visible").count() == 0
    shot(f"{tag}-scoring")


def test_html_in_a_player_name_shows_as_text(page, gallery_server, shot, answered):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(gallery_server.url + "?state=xss")
    page.locator(".up-tablebox").first.wait_for(timeout=LOAD)
    answered.still()  # every widget drawn (an image the name made would have loaded or failed by then)
    assert page.get_by_text(EVIL).first.is_visible()
    assert page.locator('img[src="x"]').count() == 0
    assert dialogs == []
    shot("html-injection")


@pytest.mark.parametrize("state", ["table6", "table16", "minipile", "pointing", "pointing16", "scoring"])
def test_tables_look_right(page, gallery_server, shot, answered, state):
    """Still tables (``gallery.ipynb``) of 5 to 16 players: what each shows, and at a
    desktop's, a tablet's and a phone's size no seat over another, over a pile or under the
    direction's label, none cut by the box round the table (tests/browser/layout_checks.py)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(gallery_server.url + f"?state={state}")
    page.locator(".up-tablebox").first.wait_for(timeout=LOAD)
    n = {"table6": 6, "table16": 16, "minipile": 6, "pointing": 8, "pointing16": 16, "scoring": 5}[state]
    assert page.locator(".up-seat").count() == n
    assert page.locator(".up-turn").count() <= 1
    if state == "minipile":
        assert page.locator(".up-mini").is_visible()
    if state == "pointing":
        assert page.get_by_role("button", name="Point at Ben").first.is_visible()
    if state == "scoring":
        assert page.locator("table.up-scores").is_visible()
    if state in ("table6", "table16"):
        assert page.locator(".up-tag-link").count() == 2
    # buttons are big enough to touch (≥ 40 px)
    for box in page.locator(".up-actions button:visible").all()[:6]:
        assert box.bounding_box()["height"] >= 40
    answered.still()
    shot(f"table-{state}")
    found = {}
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.locator(".up-tablebox").first.scroll_into_view_if_needed()
        answered.still()
        shot(f"layout-table-{state}-{size}")
        if bad := page.evaluate(SEATS) + page.evaluate(PAGE):
            found[size] = bad
    assert not found, found


def test_the_app_works_on_a_tablet(page, app_server, shot):
    page.set_viewport_size({"width": 1024, "height": 768})
    open_app(page, app_server)
    page.get_by_role("button", name="Rules", exact=True).first.click()
    page.locator(".up-rules").wait_for(timeout=LOAD)
    assert page.locator(".up-rule").count() > 40
    shot("rules-tablet")
    page.get_by_role("button", name="Play against bots", exact=True).first.click()
    page.get_by_role("button", name="Deal the cards").click()
    page.locator(".up-hand .up-cardbtn").first.wait_for(timeout=LOAD)
    shot("game-tablet")
