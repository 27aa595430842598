"""Fixtures for the browser tests: servers started on free loopback ports, a
screenshot of every test under ``test-artifacts/screenshots/``, and ``answered``: wait
until the page has answered a click (its DOM changed, then stayed still) instead of
sleeping a fixed time.

Waits on a loaded machine (issue 19): a server or a first page is waited for as long as it
is still starting, up to `START_S`: every page's navigation (the ``context`` fixture, and
:func:`patient` for contexts a test makes itself) and every server start. A wait that runs
out on a loaded machine is reported as a slow start, with the load average, in the test's
report (:func:`pytest_runtest_makereport`), not only as Playwright's timeout.

Servers (issue 19: the time of `make test`): a server start and a page's kernel are the slow
part, so every test that needs only the default app shares one ``app_server`` per test worker
(``unoparty app`` with a preheated kernel pool: a page finds its kernel ready), each with a
page, a browser context and a browser key of its own; servers with settings of their own
(a held or a bounded pool, HTTPS, JupyterLab, a served app that the test stops) start once per
setting, and their tests stay on one worker (`GROUPED_SERVERS`).

The skip/fail policy for a missing Chromium lives in ``tests/conftest.py`` (skip with the
reason, or fail when ``UNOPARTY_REQUIRE_BROWSER=1``); so does the launch configuration
pointing Playwright at Debian's ``/usr/bin/chromium``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers_process import ServedApp, free_port, machine_load, slow_start, stop_session, wait_for_http

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
HERE = Path(__file__).resolve().parent
START_S = 600.0
"""Seconds a server or a page's first load may take: Voila sends a page once its notebook
has run in a kernel, which took minutes at load average 11–25 on 2 cores. A bound, not a
sleep: what answers at once goes on at once."""


LOAD = int(START_S * 1000)
"""Milliseconds a browser test waits for what a page's kernel must draw (the app after a
navigation, a page after a click that builds it): the same bound as `START_S`, because a
fixed page timeout (30, 90, 120 s) failed on a fresh clone at load average 20–40 while the
product was fine. A bound, not a sleep."""


def patient(context):
    """`context` (a Playwright browser context) with navigations bounded by `START_S`
    instead of Playwright's 30 s: ``page.goto`` of a Voila page returns once the notebook
    has run, which a loaded machine makes slow."""
    context.set_default_navigation_timeout(START_S * 1000)
    return context


def voila_command(notebook: str, port: int) -> list[str]:
    """Voila as `make app` runs it, with culling so a closed tab's kernel goes away."""
    exe = shutil.which("voila", path=str(Path(sys.executable).parent)) or shutil.which("voila")
    base = [exe] if exe else [sys.executable, "-m", "voila"]
    return base + [notebook, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                   "--strip_sources=True",
                   "--VoilaConfiguration.http_header_envs=Accept-Language",
                   "--MappingKernelManager.cull_idle_timeout=120",
                   "--MappingKernelManager.cull_interval=30"]


class VoilaServer:
    """One Voila process serving `notebook` from `cwd` on a free loopback port."""

    def __init__(self, notebook: str, cwd: Path, env: dict[str, str], log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = log
        self._log = open(log, "w")
        self.proc = subprocess.Popen(voila_command(notebook, self.port), cwd=cwd, env=env,
                                     stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True)

    def wait(self, timeout: float = START_S) -> None:
        wait_for_http(self.url + "voila/static/", self.proc, timeout, f"voila on {self.url}", self.log)

    def stop(self) -> None:
        stop_session(self.proc)  # its own session: voila and its kernels
        self._log.close()


def server_env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["UNOPARTY_PROGRESS"] = str(tmp / "progress.json")
    env["UNOPARTY_DB"] = f"sqlite://{tmp / 'progress.sqlite3'}"
    env["UNOPARTY_TEACHER_CODE"] = "test-code"
    env.setdefault("UNOPARTY_DELAY_SCALE", "0.05")  # party pace: bots think in a blink
    env.setdefault("UNOPARTY_GAME_SEED", "246")  # a deal whose round ends in about 30 moves
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    # the tests' pseudo-language (issue 21), offered beside the app's own: ?lang=qps
    from tests.helpers_pseudo import build
    from unoparty.i18n import EXTRA_LOCALES_ENV
    env[EXTRA_LOCALES_ENV] = str(build(tmp / "locale"))
    return env


def _serve(tmp_path_factory, notebook: str, folder: Path):
    """A plain Voila (:class:`VoilaServer`) on `notebook` in `folder`: a kernel started for each page."""
    tmp = tmp_path_factory.mktemp("voila")
    server = VoilaServer(notebook, folder, server_env(tmp), tmp / "voila.log")
    try:
        server.wait()
        yield server
    finally:
        server.stop()


POOL = 2
"""Kernels each shared test server keeps preheated: a worker's tests open their pages one
after another, and a page's kernel is replaced at once (``--refill-delay 0``), so two keep
the next test's page ready while the one before still runs."""


def serve_app(tmp_path_factory, *args: str, notebook: Path | None = None, name: str = "app"):
    """A generator for a fixture: ``unoparty app`` as `make app` runs it (the app's template,
    the kernel pool of :mod:`unoparty.kernel_pool`, the shutdown beacon), with the tests'
    environment (:func:`server_env`: its own stores, the teacher's code ``test-code``, party
    pace in a blink, a fixed deal), serving `notebook` (default: the app, from
    ``notebooks/``) with ``--pool-size`` `POOL` unless `args` says otherwise; yields the
    :class:`tests.helpers_process.ServedApp`."""
    tmp = tmp_path_factory.mktemp(name)
    notebook = notebook or ROOT / "notebooks" / "Start here.ipynb"
    if "--pool-size" not in args:
        args = ("--pool-size", str(POOL), "--refill-delay", "0", *args)
    server = ServedApp(tmp, "--notebook", str(notebook), *args, env=server_env(tmp), cwd=notebook.parent)
    try:
        server.wait(START_S)
        yield server
    finally:
        server.stop(kill_kernels=True)


@pytest.fixture(scope="session")
def app_server(tmp_path_factory):
    """The app as `make app` serves it (``unoparty app`` on ``notebooks/Start here.ipynb``,
    with a preheated kernel pool), shared by every test of this worker that needs only the
    default app: each test opens its own page (its own kernel, its own browser context, so
    its own browser key) and uses a learner name of its own where it signs in. Kernels of
    closed pages go at once (the page's beacon) or after two idle minutes."""
    yield from serve_app(tmp_path_factory, "--cull-idle", "120", "--cull-interval", "30")


@pytest.fixture(scope="session")
def gallery_server(tmp_path_factory):
    """``tests/browser/gallery.ipynb``: still tables set up for screenshots (``?state=…``),
    served like the app, with preheated kernels (the notebook reads the page's address once a
    page takes its kernel)."""
    yield from serve_app(tmp_path_factory, "--cull-idle", "120", "--cull-interval", "30",
                         notebook=HERE / "gallery.ipynb", name="gallery")


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}}


@pytest.fixture
def context(context):
    """pytest-playwright's context, with patient navigations (:func:`patient`): every page of
    a test, ``page`` and ``context.new_page()`` alike."""
    return patient(context)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A browser test that failed on a timeout gets the machine's load in its report, so a
    slow machine reads as such."""
    outcome = yield
    report = outcome.get_result()
    if report.failed and call.excinfo is not None and "Timeout" in call.excinfo.typename + str(call.excinfo.value):
        report.sections.append(("machine load", f"the wait ran out at {machine_load()}"))


# Counts the page's DOM changes and remembers when the last one happened (a MutationObserver
# installed before the page's own scripts run).
WATCH_CHANGES = """
window.__upChanges = 0;
window.__upLastChange = performance.now();
new MutationObserver(() => {
    window.__upChanges += 1;
    window.__upLastChange = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""
QUIET_MS = 100  # the page has answered when nothing changed for this long after a change


class Answered:
    """``answered(action)`` runs ``action()`` (a click), then waits until the page changed
    and then stayed still for `QUIET_MS` — the kernel's answer has been drawn — instead of
    a fixed sleep. ``answered.still()`` waits for the page to be still; ``answered.change(n)``
    waits for a change after ``answered.count()`` returned ``n``. Each returns False when
    the wait ran out (`timeout` ms) without it, and never raises for that."""

    def __init__(self, page) -> None:
        self.page = page
        page.add_init_script(WATCH_CHANGES)

    def count(self) -> int:
        return self.page.evaluate("window.__upChanges || 0")

    def _wait(self, condition: str, arg, timeout: float) -> bool:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        try:
            self.page.wait_for_function(condition, arg=arg, timeout=timeout, polling=25)
            return True
        except PlaywrightTimeout:
            return False

    def change(self, since: int, timeout: float = 5_000) -> bool:
        return self._wait("n => window.__upChanges > n", since, timeout)

    def still(self, timeout: float = 5_000) -> bool:
        return self._wait("q => performance.now() - window.__upLastChange > q", QUIET_MS, timeout)

    def __call__(self, action, timeout: float = 5_000) -> bool:
        before = self.count()
        action()
        return self._wait("([n, q]) => window.__upChanges > n && performance.now() - window.__upLastChange > q",
                          [before, QUIET_MS], timeout)


@pytest.fixture
def answered(page) -> Answered:
    """See `Answered`; installs the change counter before the test opens a page."""
    return Answered(page)


@pytest.fixture
def shot(page, request):
    """``shot(name)`` saves a screenshot; every test also gets one at its end."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    taken: list[Path] = []

    def take(name: str | None = None) -> Path:
        path = SCREENSHOTS / f"{name or request.node.name}.png"
        page.screenshot(path=str(path))
        taken.append(path)
        return path

    yield take
    take(f"{request.node.name}-end")


GROUPED_SERVERS = ("gallery_server", "bounded_app", "held_app")
"""Servers of their own that several tests share: under ``make test``'s ``--dist loadgroup``
the tests of each run on one worker, so the server starts once, not on both workers
(every other test goes to whichever worker is free; each worker has its own ``app_server``)."""


WIDE = (
    # the app's pages one by one, beyond the journeys make test walks
    "test_app.py::test_landing_page_loads", "test_app.py::test_html_in_a_player_name_shows_as_text",
    "test_app.py::test_tables_look_right", "test_app.py::test_the_app_works_on_a_tablet",
    "test_app.py::test_a_game_against_bots_is_played_by_clicking_until_the_round_ends[chromium-Learning pace]",
    "test_keys.py::", "test_learner_fixes.py::", "test_you_in_pickers.py::", "test_classroom_app.py::",
    "test_practice.py::test_the_speed_play_drill_flips_cards_at_party_pace",
    "test_resume.py::test_without_local_storage_the_key_is_kept_in_a_cookie",
    # every language and width (make test: the pseudo-language and the longest language, test_pseudo_pages.py)
    "test_languages.py::", "test_layout.py::", "test_accessibility.py::",
    # servers of their own: the held and the bounded pool, HTTPS, JupyterLab, a server stopped mid-lesson
    "test_app_server.py::", "test_class_server.py::test_a_shutdown_needs_the_token_or_the_pages_origin",
    "test_class_server.py::test_a_kernel_websocket_needs_an_origin", "test_class_server.py::test_logout_goes_back_to_the_app",
    "test_class_server.py::test_the_app_over_https_with_a_self_signed_certificate",
    "test_jupyterlab.py::", "test_served_app_trust.py::", "test_learner_server.py::",
)
"""Browser tests of the wider matrix, marked ``wide``: ``make test-wide`` runs them (CI does, after
``make test``), so that ``make test`` keeps to its minutes (issues 18, 19, 23: 3 minutes on a quiet
2-core machine; the whole browser run alone took 440 s there). ``make test`` keeps the journeys:
a lesson with a wrong then a right answer, a game to the round's end, practice, a game resumed
after a reload, Back, a new tab and a server restart, two learners at one live table, every page
in the pseudo-language and in the longest language at 390 px, and no request leaving the server.
An entry is ``file::`` (every test of the file) or ``file::test`` (with or without its parameters)."""


def _names(nodeid: str, entry: str) -> bool:
    """Whether `entry` of a list of tests (`WIDE`, `LONGEST_FIRST`) names the test `nodeid`."""
    name = nodeid.split("/")[-1]
    return name.startswith(entry) if entry.endswith(("::", "]")) else name == entry or name.startswith(entry + "[")


def _is_wide(nodeid: str) -> bool:
    return any(_names(nodeid, entry) for entry in WIDE)


LONGEST_FIRST = (
    "test_resume.py::test_a_reload_back_a_new_tab_and_a_restarted_server_each_come_back_to_the_same_game",
    "test_tables.py::test_two_learners_play_one_table_each_sees_only_their_own_hand",
    "test_app.py::test_a_game_against_bots_is_played_by_clicking_until_the_round_ends",
    "test_pseudo_pages.py::test_every_page_in_the_pseudo_language",
    "test_app.py::test_lesson_stepped_to_the_end_with_a_wrong_then_right_answer",
    "test_pseudo_pages.py::test_every_page_of_the_longest_language_fits_a_phone",
)
"""make test's longest browser tests, longest first (33, 25, 21, 18, 17 and 15 s on a quiet
machine): ``--dist loadgroup`` hands tests out in collection order (after the groups of a
server of their own), so the longest go out first and the short ones fill in at the end,
instead of the resume journey starting last on one worker while the other sat idle (10 s of
the browser run, 2 December). An entry is ``file::test``, with or without its parameters."""


def _longest_rank(item) -> int:
    return next((i for i, entry in enumerate(LONGEST_FIRST) if _names(item.nodeid, entry)), len(LONGEST_FIRST))


def pytest_collection_modifyitems(items) -> None:
    items.sort(key=_longest_rank)  # stable: every other test keeps its place
    for item in items:
        if item.get_closest_marker("browser") is not None and _is_wide(item.nodeid):
            item.add_marker(pytest.mark.wide)
        for name in GROUPED_SERVERS:
            if name in getattr(item, "fixturenames", ()):
                item.add_marker(pytest.mark.xdist_group(name))
                break
