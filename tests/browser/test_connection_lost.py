"""A lost connection says so (issue 19): when the page's kernel dies or the server stops,
the app's Voila template shows one sentence in the learner's language and a Reload button
over the app — not dead clicks or broken widgets. The waits are for conditions, with
deadlines that allow a loaded machine; nothing sleeps a fixed time."""

from __future__ import annotations

import re

import psutil
import pytest

from .conftest import SCREENSHOTS
from .test_app_server import LOAD, AppCommand, until

pytestmark = pytest.mark.browser


def _kernel_processes(server: AppCommand, kernel: str) -> list[psutil.Process]:
    out = []
    for child in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            if f"kernel-{kernel}.json" in " ".join(child.cmdline()):
                out.append(child)
        except psutil.Error:
            continue
    return out


def test_a_dead_kernel_or_a_stopped_server_gets_a_sentence_and_a_reload_button(browser, tmp_path) -> None:
    from unoparty.serve import starting_messages

    french = starting_messages()["fr"]
    server = AppCommand(tmp_path)
    context = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 800})
    try:
        server.wait()
        page = context.new_page()
        page.goto(server.url)
        page.locator(".up-app.up-lang-fr").first.wait_for(timeout=LOAD)
        lost = page.locator("#up-connection-lost")
        assert lost.count() == 0
        # the kernel dies: the server restarts one with no widgets, and the page says so
        kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', page.content()).group(1)
        victims = until(lambda: _kernel_processes(server, kernel), 30, f"kernel {kernel}'s process")
        for proc in victims:
            proc.kill()
        lost.wait_for(timeout=LOAD)
        assert lost.get_by_text(french["lost"]).is_visible()
        reload = lost.get_by_role("button", name=french["reload"])
        assert reload.is_visible()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "connection-lost-kernel-fr.png"))
        # Reload: a new page with its own kernel, and no message
        reload.click()
        page.locator(".up-app.up-lang-fr").first.wait_for(timeout=LOAD)
        assert page.locator("#up-connection-lost").count() == 0
        page.get_by_role("button", name=re.compile("^Jouer")).first.wait_for(timeout=LOAD)
        # the server stops: the page says so too
        server.stop()
        page.locator("#up-connection-lost").wait_for(timeout=LOAD)
        assert page.locator("#up-connection-lost").get_by_text(french["lost"]).is_visible()
        page.screenshot(path=str(SCREENSHOTS / "connection-lost-server-fr.png"))
    finally:
        context.close()
        if server.proc.poll() is None:
            server.stop()
