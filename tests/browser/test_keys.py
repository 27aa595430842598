"""Keyboard play and presenter's mode in the Voila app (issue 14): the keys reach the kernel
through the custom key widget (anywidget), and the presenter's switches work."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

from .conftest import LOAD  # noqa: E402  (ms: bounded by START_S, the machine's load)


def test_a_lesson_is_played_from_the_keyboard(page, app_server, shot, answered):
    page.goto(app_server.url)
    page.get_by_role("button", name="Play against bots", exact=True).first.wait_for(timeout=LOAD)
    page.locator(".up-fullscreen-btn").wait_for(timeout=LOAD)  # the key widget is on the page
    page.get_by_role("button", name="▶ Speed Play: the red 7").click()
    page.locator(".up-tablebox").first.wait_for(timeout=LOAD)
    page.locator("body").click(position={"x": 5, "y": 5})  # focus the page, not a field
    for _ in range(10):
        if page.locator(".up-task").is_visible():
            break
        answered(lambda: page.keyboard.press("ArrowRight"))  # the kernel has drawn the next step
    assert page.locator(".up-task").is_visible()
    page.keyboard.press("d")  # draw: wrong here
    page.locator(".up-msg-bad").wait_for(timeout=LOAD)
    labels = page.locator(".up-hand .up-cardbtn, .up-hand button").evaluate_all(
        "bs => bs.map(b => b.getAttribute('title') || b.innerText || '')")
    index = next(i for i, t in enumerate(labels) if re.match(r"^red 7", t))
    page.keyboard.press(str(index + 1))
    page.locator(".up-msg-good").wait_for(timeout=LOAD)
    shot("keys-lesson-right")
    page.get_by_role("button", name="Presenter").click()
    page.get_by_role("button", name="Show every hand").click()
    page.locator(".up-every").wait_for(timeout=LOAD)
    assert page.locator(".up-app.up-presenter").count() == 1
    shot("presenter-every-hand")
