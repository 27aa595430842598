"""Accessibility (issue 14): axe-core, injected into the page, finds no serious or critical
violation on the landing page, a lesson step with a task, a game and the Practice page.

axe-core comes from npm: ``npm install --prefix tests/browser`` (``tests/browser/package.json``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

from .conftest import LOAD  # noqa: E402  (ms: bounded by START_S, the machine's load)
AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"


def _axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"axe-core is missing: run 'npm install --prefix tests/browser' ({AXE})")
    return AXE.read_text(encoding="utf-8")


def serious_violations(page) -> list[dict]:
    """axe-core's serious and critical violations inside the app (the Voila page around it
    is not ours), each with its rule id, help text and the first offending elements."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=_axe_source())
    result = page.evaluate("""async () => {
        const r = await axe.run(document.querySelector('.up-app') || document,
                                {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
    }""")
    return [v for v in result if v["impact"] in ("serious", "critical")]


def test_every_page_is_accessible(page, app_server, shot, answered):
    """One visit, as a learner would: the landing page, a lesson step with a task, a game
    dealt and the Practice page, each checked by axe-core when the page has settled."""
    found: dict[str, list[dict]] = {}

    def check(name: str) -> None:
        answered.still()
        shot(name)
        if bad := serious_violations(page):
            found[name] = bad

    page.goto(app_server.url)
    page.get_by_role("button", name="Play against bots", exact=True).first.wait_for(timeout=LOAD)
    check("a11y-landing")

    answered(page.get_by_role("button", name="▶ Speed Play: the red 7").click)
    page.locator(".up-tablebox").first.wait_for(timeout=LOAD)
    for _ in range(10):
        if page.locator(".up-task").is_visible():
            break
        answered(page.get_by_role("button", name="Next ›").click)
    assert page.locator(".up-task").is_visible()
    check("a11y-lesson-task")

    answered(page.get_by_role("button", name="Play against bots", exact=True).first.click)
    answered(page.get_by_role("button", name="Deal the cards").click)
    page.locator(".up-hand .up-slot").first.wait_for(timeout=LOAD)
    check("a11y-game")

    answered(page.get_by_role("button", name="Practice", exact=True).click)
    page.locator(".up-practice .up-task").wait_for(timeout=LOAD)
    check("a11y-practice")
    assert not found, json.dumps(found, indent=1)
