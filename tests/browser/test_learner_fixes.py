"""What a new learner tripped on, in the browser (issue 14): the landing page fits a phone,
and raised cards do not overlap their neighbours when the hand wraps."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

from .conftest import LOAD  # noqa: E402  (ms: bounded by START_S, the machine's load)

SCROLLED = """() => Math.max(window.scrollY, ...[...document.querySelectorAll('*')]
  .filter(e => e.scrollHeight > e.clientHeight + 10).map(e => e.scrollTop))"""

RAISED = """() => document.getAnimations().every(a => a.playState !== 'running')"""

OVERLAPS = """() => {
  const r = [...document.querySelectorAll('.up-hand .up-slot')]
    .filter(e => e.offsetParent !== null).map(e => e.getBoundingClientRect());
  let n = 0;
  for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++) {
    const a = r[i], b = r[j];
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) n++;
  }
  return [n, r.length, new Set(r.map(x => Math.round(x.bottom))).size];
}"""


def test_a_phone_sees_the_whole_landing_page_and_a_wrapped_hand(page, app_server, shot):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(app_server.url)
    page.get_by_role("button", name="Play against bots", exact=True).first.wait_for(timeout=LOAD)
    intro = page.evaluate("() => Math.max(...[...document.querySelectorAll('.up-intro-cards')]"
                          ".map(e => e.getBoundingClientRect().right))")
    assert intro <= 390
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    shot("landing-390")
    page.get_by_role("button", name="Play against bots", exact=True).first.click()
    page.get_by_role("button", name="Deal the cards").click()
    page.locator(".up-hand .up-slot").first.wait_for(timeout=LOAD)
    page.wait_for_function(RAISED)  # the raise is a 0.15 s transition: wait until it has run
    overlaps, cards, rows = page.evaluate(OVERLAPS)
    assert cards >= 7 and rows >= 2 and overlaps == 0
    shot("hand-wrapped-390")


def test_a_lesson_opened_from_lower_in_the_list_starts_at_its_top(page, app_server, shot):
    page.goto(app_server.url)
    page.get_by_role("button", name="Play against bots", exact=True).first.wait_for(timeout=LOAD)
    last = page.locator(".up-lessonbtn").last
    last.scroll_into_view_if_needed()
    assert page.evaluate(SCROLLED) > 200
    last.click()
    page.locator(".up-lesson-title").first.wait_for(timeout=LOAD)
    page.wait_for_function(f"() => ({SCROLLED})() < 50", timeout=LOAD)
    assert page.locator(".up-lesson-title").first.is_visible()
    shot("lesson-opened-at-top")
