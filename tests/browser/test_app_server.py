"""``unoparty app`` as a class would run it (issue 13): the installed command with a
preheated kernel pool serves the landing page, and closing a tab shuts its kernel down at
once (the page's shutdown beacon is accepted) instead of leaving it to the idle cull.

Kernels are counted as the server's child processes (Voila's ``/api/kernels`` is not
served in its app mode); the test polls them with a deadline, no fixed sleep.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request

import psutil
import pytest

from tests.helpers_process import ServedApp

from .conftest import SCREENSHOTS, START_S, patient

pytestmark = pytest.mark.browser

from .conftest import LOAD  # noqa: E402  (ms: bounded by START_S, the machine's load)


class AppCommand(ServedApp):
    """``python -m unoparty app`` on a free loopback port, in its own session
    (:class:`tests.helpers_process.ServedApp`; its store in `tmp`)."""

    def wait(self, timeout: float = START_S, context=None) -> None:
        super().wait(timeout, context)


@pytest.fixture(scope="module")
def pooled_app(app_server):
    """The app with a preheated pool: the shared server (``app_server``); a kernel counts as
    shut down by its page when the server's log says so and never that it culled it."""
    return app_server


def until(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.25)
    raise AssertionError(f"not within {timeout} s: {what}")


def test_closing_a_tab_shuts_its_kernel_down(context, pooled_app) -> None:
    mark = pooled_app.log_mark()
    page = context.new_page()
    page.goto(pooled_app.url)
    page.get_by_role("button", name="Play against bots", exact=True).first.wait_for(timeout=LOAD)
    assert page.get_by_text("UNO Party! — learn to play").is_visible()
    kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', page.content()).group(1)
    assert kernel in pooled_app.kernels()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "app-command-landing.png"))
    page.close(run_before_unload=True)
    until(lambda: kernel not in pooled_app.kernels(), START_S, f"kernel {kernel} of the closed tab shut down")
    log = pooled_app.log_text(mark)
    assert "_xsrf" not in log and f"Kernel shutdown: {kernel}" in log
    assert not re.search(rf"Culling .*{kernel}", log), "the idle cull took the kernel, not the page's beacon"


def test_the_installed_command_serves_the_app_and_takes_a_shutdown_from_its_pages_origin_only(app_server) -> None:
    """The installed command (``python -m unoparty app``) answers with the app's page: the
    notebook was run (a widget view is in the page), and the kernel shutdown that the page
    sends when its tab closes is accepted from the page's own origin only (moved from
    tests/test_deploy.py: one server fewer)."""
    status, _, page = until(lambda: (got := _get(app_server.url, "en"))[0] == 200 and got, START_S, "a page served")
    assert "application/vnd.jupyter.widget-view+json" in page
    kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', page).group(1)  # from the page config
    shutdown = f"{app_server.url}voila/api/shutdown/{kernel}"
    other = urllib.request.Request(shutdown, method="POST", data=b"", headers={"Origin": "http://example.org"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(other, timeout=30)
    assert refused.value.code == 403
    own = urllib.request.Request(shutdown, method="POST", data=b"", headers={"Origin": app_server.url.rstrip("/")})
    with urllib.request.urlopen(own, timeout=30) as r:
        assert r.status == 204
    until(lambda: kernel not in app_server.kernels(), START_S, f"kernel {kernel} shut down")


@pytest.fixture(scope="module")
def held_app(tmp_path_factory):
    """``unoparty app`` serving a notebook that builds the app only once the test lets it
    (a file appears): the page is observed while the server is still starting, with no
    timing involved."""
    import nbformat

    tmp = tmp_path_factory.mktemp("held")
    go = tmp / "go"
    notebook = tmp / "held.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import time\nfrom pathlib import Path\n"
        f"while not Path({str(go)!r}).exists():\n    time.sleep(0.05)\n"
        "from unoparty.views import App\nApp().box")]), notebook)
    server = AppCommand(tmp, "--notebook", str(notebook))
    server.go = go
    try:
        server.wait()
        yield server
    finally:
        server.stop(kill_kernels=True)


def test_a_page_that_waits_for_the_server_says_the_app_is_starting_in_the_learners_language(browser, held_app) -> None:
    from unoparty.serve import starting_messages

    french = starting_messages()["fr"]
    context = patient(browser.new_context(locale="fr-FR"))
    try:
        page = context.new_page()
        page.goto(held_app.url, wait_until="commit")
        starting = page.locator("#loading")
        starting.get_by_text(french["title"]).wait_for(timeout=LOAD)
        assert french["title"].startswith("UNO Party") and "jouer" in french["title"]  # the catalogue's title
        assert starting.get_by_text(french["text"]).is_visible()
        assert starting.get_attribute("role") == "status"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "app-command-starting-fr.png"))
        held_app.go.touch()  # the server may go on
        page.locator(".up-app").first.wait_for(timeout=LOAD)
        page.get_by_role("button", name=re.compile("^Jouer")).first.wait_for(timeout=LOAD)
        assert page.locator("#loading").count() == 0
        assert not page.locator("#up-starting-late").is_visible()  # gone once the app is drawn
    finally:
        context.close()


@pytest.fixture(scope="module")
def bounded_app(tmp_path_factory):
    """``unoparty app`` with a pool of one, at most two kernels and a short connect timeout,
    serving the app notebook plus a cell that writes the kernel's modules and memory to a
    file named by its kernel id once its page has run (the kernel's own report: code requests from outside are
    dropped)."""
    import nbformat

    tmp = tmp_path_factory.mktemp("bounded")
    notebook = tmp / "app.ipynb"
    report = tmp / "kernels"
    report.mkdir()
    nbformat.write(nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("from unoparty.views import App\napp = App()\napp.box"),
        nbformat.v4.new_code_cell(
            "import json, os, sys, psutil\n"
            f"open(os.path.join({str(report)!r}, os.environ.get('VOILA_KERNEL_ID', 'none') + '.json'), 'w').write(json.dumps("
            "{'modules': sorted(k for k, v in sys.modules.items() if v is not None), 'rss': psutil.Process().memory_info().rss}))")]), notebook)
    server = AppCommand(tmp, "--notebook", str(notebook), "--pool-size", "1", "--max-kernels", "2",
                        "--connect-timeout", "10")
    server.report = report
    try:
        server.wait()
        yield server
    finally:
        server.stop(kill_kernels=True)


def _get(url: str, lang: str = "fr") -> tuple[int, dict, str]:
    request = urllib.request.Request(url, headers={"Accept-Language": lang})
    try:
        with urllib.request.urlopen(request, timeout=START_S) as r:
            return r.status, dict(r.headers), r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read().decode()


def test_a_kernel_after_its_first_page_holds_nothing_of_voilas_server_side(bounded_app) -> None:
    """Voila's own wait for the visitor (``voila.utils``) loaded about 700 modules of its
    server side into every kernel: 110–114 MB instead of about 62 (issue 20)."""
    # the module's other tests may have filled the bound (pytest orders them its way): wait for a place
    _, _, page = until(lambda: (got := _get(bounded_app.url))[0] == 200 and got, START_S, "a page served")
    kernel_id = re.search(r'"kernelId": "([0-9a-f-]{36})"', page).group(1)
    report = bounded_app.report / f"{kernel_id}.json"  # written by the notebook's last cell, before the page ends
    until(report.is_file, START_S, "the kernel's report")
    kernel = json.loads(report.read_text())
    assert "unoparty.views.app" in kernel["modules"]
    server_side = [m for m in kernel["modules"]
                   if m.split(".")[0] in ("voila", "jupyter_server", "jupyterlab_server", "nbconvert", "lark")]
    assert server_side == []
    assert "debugpy" not in kernel["modules"]  # the app's kernel spec: no debugger (unoparty.app_kernel)
    print(f"app kernel after its first page: {kernel['rss'] / 1e6:.1f} MB RSS, {len(kernel['modules'])} modules")


def test_fifty_bare_gets_stay_within_the_bound_and_the_rest_read_the_class_is_full(bounded_app, page) -> None:
    """A ``curl`` or a link preview took a pooled kernel and held it ten minutes, and past the
    pool every GET started one more (issue 22): now at most ``--max-kernels``, the visitors
    beyond read that the class is full, in their language, and the kernels no page connected
    to are shut down after ``--connect-timeout``."""
    from unoparty.kernel_pool import KERNEL_MB, full_messages

    french = full_messages()["fr"]
    answers, most, memory = [], 0, 0
    for _ in range(50):
        status, headers, body = _get(bounded_app.url)
        answers.append(status)
        if status == 503:
            assert headers.get("Retry-After") == "60" and french["title"] in body and 'lang="fr"' in body
            full = body
        else:
            assert status == 200 and '"kernelId"' in body
        kernels = list(bounded_app.kernel_processes().values())
        most = max(most, len(kernels))
        try:
            memory = max(memory, sum(p.memory_info().rss for p in kernels))
        except psutil.Error:  # one went away meanwhile
            pass
    assert 1 <= most <= 2, f"{most} kernels for a bound of 2"
    assert memory <= 2 * KERNEL_MB * 10**6
    assert answers.count(200) >= 2 and answers.count(503) >= 1, answers
    page.set_content(full)
    assert page.get_by_role("heading", name=french["title"]).is_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "app-command-class-full-fr.png"))
    # the pages' kernels nobody connected to go; the preheated one stays
    until(lambda: len(bounded_app.kernels()) == 1, START_S, "only the pool's kernel left")
    assert "no page connected within 10 s" in bounded_app.log.read_text()
    # room again once the server has let them go (a page may take a kernel again)
    until(lambda: _get(bounded_app.url)[0] == 200, START_S, "a page served again")


def test_a_page_that_connected_keeps_its_kernel_past_the_connect_timeout(bounded_app, page) -> None:
    """Only kernels no page connected to are shut down: a bare GET made after a real page
    loses its kernel after ``--connect-timeout``; by then the page's own clock has run out
    too, and its kernel is still there."""
    # the previous test's kernels may still fill the bound: load until the page is the app's
    until(lambda: page.goto(bounded_app.url) and page.locator("#up-class-full").count() == 0, START_S,
          "a place for the page")
    page.get_by_role("button", name="Play against bots", exact=True).first.wait_for(timeout=LOAD)
    mine = re.search(r'"kernelId": "([0-9a-f-]{36})"', page.content()).group(1)
    status, _, body = until(lambda: (got := _get(bounded_app.url))[0] == 200 and got, START_S, "a page for the GET")
    bare = re.search(r'"kernelId": "([0-9a-f-]{36})"', body).group(1)
    until(lambda: f"Kernel {bare}: no page connected" in bounded_app.log.read_text(), START_S,
          "the bare GET's kernel shut down")
    assert f"Kernel {mine}: no page connected" not in bounded_app.log.read_text()
    assert mine in bounded_app.kernels()

