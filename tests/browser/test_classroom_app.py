"""The classroom pages in the Voila app: a learner types their name; a scenario uploaded on
"Your scenarios" — an invalid one shows its error (file, step, key), a valid one with
``learner = "Mia"`` is played to the end; the teacher's page then shows Mia's try."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

from .conftest import LOAD  # noqa: E402  (ms: bounded by START_S, the machine's load)
SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "classroom" / "mia.toml"


def _upload(page, name: str, text: str) -> None:
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name=re.compile(r"Upload a \.toml file")).click()
    chooser.value.set_files(files=[{"name": name, "mimeType": "application/toml", "buffer": text.encode()}])


def test_an_uploaded_scenario_shows_its_error_or_is_played_to_the_end(page, app_server, shot):
    from playwright.sync_api import expect
    page.goto(app_server.url)
    name = page.locator(".up-learner-name input")
    name.wait_for(timeout=LOAD)
    name.fill("Mia")
    page.get_by_role("button", name="That's me").click()
    expect(page.get_by_text("Hello Mia!")).to_be_visible(timeout=LOAD)
    page.get_by_role("button", name="Your scenarios", exact=True).click()
    page.locator(".up-scenarios").wait_for(timeout=LOAD)

    text = SCENARIO.read_text(encoding="utf-8")
    _upload(page, "broken.toml", text.replace('answer = "Mia: play red 5"', 'answer = "Mia: play red 9"'))
    error = page.locator(".up-scenario-error")
    expect(error).to_contain_text("broken.toml", timeout=LOAD)
    expect(error).to_contain_text("step 2")
    shot("scenario-upload-error")

    _upload(page, "mia.toml", text)
    expect(page.get_by_text("Mia matches the colour")).to_be_visible(timeout=LOAD)
    step = page.locator(".up-side .up-stepno")
    page.get_by_role("button", name="Next ›").click()
    expect(step).to_have_text("Step 1 of 3", timeout=LOAD)
    page.get_by_role("button", name="Next ›").click()
    expect(page.locator(".up-task")).to_be_visible(timeout=LOAD)
    shot("scenario-mia-task")
    page.get_by_role("button", name=re.compile(r"^blue 9 \(B ◆\)")).first.click()   # wrong
    expect(page.locator(".up-msg-bad")).to_be_visible(timeout=LOAD)
    page.get_by_role("button", name=re.compile(r"^red 5 \(R ▲\)")).first.click()
    expect(page.locator(".up-msg-good")).to_be_visible(timeout=LOAD)
    page.get_by_role("button", name="Finish ✓").or_(page.get_by_role("button", name="Next ›")).click()
    expect(step).to_have_text("Step 3 of 3", timeout=LOAD)
    page.get_by_role("button", name="Finish ✓").click()
    expect(page.get_by_text("Lesson complete!")).to_be_visible(timeout=LOAD)
    shot("scenario-mia-complete")

    # the teacher's page sees Mia's try
    page.get_by_role("button", name="Teacher", exact=True).click()
    page.locator(".up-teacher input[type=password]").fill("test-code")
    page.get_by_role("button", name="Open the class").click()
    table = page.locator("table.up-class")
    expect(table).to_contain_text("Mia", timeout=LOAD)
    expect(table).to_contain_text("T-1 ×1")
    expect(page.get_by_text("Download as CSV")).to_be_visible()
    shot("teacher-class-view")
