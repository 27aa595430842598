"""Through the served app (issue 19), on one server (a start is the slow part):

- **Uploads are safe**: a 20 MB file reaches the kernel (Voila's websocket accepts it:
  ``serve.WEBSOCKET_MAX_MESSAGE``) and gets one sentence, the page still connected; the
  same file chosen twice opens twice.
- **A lost connection says so**: when the page's kernel dies or the server stops, the app's
  Voila template shows one sentence in the learner's language and a Reload button over the
  app — not dead clicks or broken widgets.

The waits are for conditions, with deadlines that allow a loaded machine; nothing sleeps a
fixed time."""

from __future__ import annotations

import re
from pathlib import Path

import psutil
import pytest

from .conftest import SCREENSHOTS
from .test_app_server import LOAD, AppCommand, until

pytestmark = pytest.mark.browser

MIA = Path(__file__).resolve().parents[1] / "scenarios" / "classroom" / "mia.toml"


def _choose(page, path: Path) -> None:
    with page.expect_file_chooser(timeout=LOAD) as chooser:
        page.locator(".widget-upload").first.click()
    chooser.value.set_files(str(path))


def _kernel_processes(server: AppCommand, kernel: str) -> list[psutil.Process]:
    out = []
    for child in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            if f"kernel-{kernel}.json" in " ".join(child.cmdline()):
                out.append(child)
        except psutil.Error:
            continue
    return out


def test_uploads_and_a_lost_connection_through_the_served_app(browser, tmp_path) -> None:
    from unoparty.serve import starting_messages

    french = starting_messages()["fr"]
    big = tmp_path / "big.toml"
    big.write_bytes(b"a = 1\n" * (20 * 1024 * 1024 // 6))
    server = AppCommand(tmp_path)
    context = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 800})
    try:
        server.wait()
        page = context.new_page()
        page.goto(server.url)
        page.locator(".up-app.up-lang-fr").first.wait_for(timeout=LOAD)
        lost = page.locator("#up-connection-lost")
        assert lost.count() == 0
        # ---- uploads: a 20 MB file gets its sentence, the same file opens twice
        scenarios = page.locator(".up-nav button", has_text="Vos scénarios").first
        scenarios.click(timeout=LOAD)
        _choose(page, big)
        page.locator(".up-scenario-error", has_text="big.toml").wait_for(timeout=LOAD)
        assert "trop gros" in page.locator(".up-scenario-error").inner_text()
        assert lost.count() == 0   # the page is still connected
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "upload-too-big-fr.png"))
        for _ in range(2):
            _choose(page, MIA)
            page.locator(".up-lesson-title", has_text="Mia").first.wait_for(timeout=LOAD)
            scenarios.click()
            page.locator(".up-scenarios").first.wait_for(timeout=LOAD)
            assert page.locator(".up-lesson-title").count() == 0
        # ---- the kernel dies: the server starts one with no widgets, and the page says so
        kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', page.content()).group(1)
        for proc in until(lambda: _kernel_processes(server, kernel), 30, f"kernel {kernel}'s process"):
            proc.kill()
        lost.wait_for(timeout=LOAD)
        assert lost.get_by_text(french["lost"]).is_visible()
        reload = lost.get_by_role("button", name=french["reload"])
        assert reload.is_visible()
        page.screenshot(path=str(SCREENSHOTS / "connection-lost-kernel-fr.png"))
        # Reload: a new page with its own kernel, and no message
        reload.click()
        page.locator(".up-app.up-lang-fr").first.wait_for(timeout=LOAD)
        page.get_by_role("button", name=re.compile("^Jouer")).first.wait_for(timeout=LOAD)
        assert page.locator("#up-connection-lost").count() == 0
        # ---- the server stops: the page says so too
        server.stop()
        page.locator("#up-connection-lost").wait_for(timeout=LOAD)
        assert page.locator("#up-connection-lost").get_by_text(french["lost"]).is_visible()
        page.screenshot(path=str(SCREENSHOTS / "connection-lost-server-fr.png"))
    finally:
        context.close()
        if server.proc.poll() is None:
            server.stop()
