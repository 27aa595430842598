"""Accessibility (issue 14): axe-core, injected into the page, finds no serious or critical
violation on the landing page, a lesson step with a task, a game and the Practice page.

axe-core comes from npm: ``npm install --prefix tests/browser`` (``tests/browser/package.json``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

LOAD = 90_000  # ms: a cold kernel on a busy 2-core machine
AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"


def _axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"axe-core is missing: run 'npm install --prefix tests/browser' ({AXE})")
    return AXE.read_text(encoding="utf-8")


def serious_violations(page) -> list[dict]:
    """axe-core's serious and critical violations inside the app (the Voila page around it
    is not ours), each with its rule id, help text and the first offending elements."""
    page.add_script_tag(content=_axe_source())
    result = page.evaluate("""async () => {
        const r = await axe.run(document.querySelector('.up-app') || document,
                                {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
    }""")
    return [v for v in result if v["impact"] in ("serious", "critical")]


def _open(page, server):
    page.goto(server.url)
    page.get_by_role("button", name="Play against bots", exact=True).first.wait_for(timeout=LOAD)


def _check(page, shot, name):
    bad = serious_violations(page)
    shot(name)
    assert not bad, json.dumps(bad, indent=1)


def test_the_landing_page_is_accessible(page, app_server, shot):
    _open(page, app_server)
    _check(page, shot, "a11y-landing")


def test_a_lesson_step_with_a_task_is_accessible(page, app_server, shot):
    _open(page, app_server)
    page.get_by_role("button", name="▶ Speed Play: the red 7").click()
    page.locator(".up-tablebox").first.wait_for(timeout=LOAD)
    for _ in range(10):
        if page.locator(".up-task").is_visible():
            break
        page.get_by_role("button", name="Next ›").click()
        page.wait_for_timeout(300)
    assert page.locator(".up-task").is_visible()
    _check(page, shot, "a11y-lesson-task")


def test_a_game_is_accessible(page, app_server, shot):
    _open(page, app_server)
    page.get_by_role("button", name="Play against bots", exact=True).first.click()
    page.get_by_role("button", name="Deal the cards").click()
    page.locator(".up-hand .up-slot").first.wait_for(timeout=LOAD)
    _check(page, shot, "a11y-game")


def test_the_practice_page_is_accessible(page, app_server, shot):
    _open(page, app_server)
    page.get_by_role("button", name="Practice", exact=True).click()
    page.locator(".up-practice .up-task").wait_for(timeout=LOAD)
    _check(page, shot, "a11y-practice")
