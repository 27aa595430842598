"""Uploads are safe, through the served app (issue 19): a 20 MB file reaches the kernel
(Voila's websocket accepts it: serve.WEBSOCKET_MAX_MESSAGE) and gets one sentence — the page
stays connected; the same file chosen twice opens twice. Conditions waited for, no sleeps."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import SCREENSHOTS
from .test_app_server import LOAD, AppCommand

pytestmark = pytest.mark.browser

MIA = Path(__file__).resolve().parents[1] / "scenarios" / "classroom" / "mia.toml"


def _choose(page, path: Path) -> None:
    with page.expect_file_chooser(timeout=LOAD) as chooser:
        page.locator(".widget-upload").first.click()
    chooser.value.set_files(str(path))


def test_a_big_upload_gets_a_sentence_and_the_same_file_opens_twice(browser, tmp_path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"a = 1\n" * (20 * 1024 * 1024 // 6))
    server = AppCommand(tmp_path)
    context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 800})
    try:
        server.wait()
        page = context.new_page()
        page.goto(server.url)
        page.get_by_role("button", name="Your scenarios", exact=True).first.click(timeout=LOAD)
        _choose(page, big)
        error = page.locator(".up-scenario-error")
        error.get_by_text("big.toml is too big for a scenario", exact=False).wait_for(timeout=LOAD)
        assert page.locator("#up-connection-lost").count() == 0   # the page is still connected
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "upload-too-big.png"))
        for _ in range(2):   # the same file, twice: it opens each time
            _choose(page, MIA)
            page.locator(".up-lesson-title", has_text="Mia matches the colour").first.wait_for(timeout=LOAD)
            page.locator(".up-nav button", has_text="Your scenarios").first.click()
            page.locator(".up-scenarios").first.wait_for(timeout=LOAD)
            assert page.locator(".up-lesson-title").count() == 0
        assert page.locator("#up-connection-lost").count() == 0
    finally:
        context.close()
        server.stop()
