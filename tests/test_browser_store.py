"""The static site's progress store: under Pyodide (``sys.platform == "emscripten"``) and
with ``UNOPARTY_DB`` unset, :func:`unoparty.progress.open_store` keeps learners and stars in
the browser's storage (a :class:`DictStore` under the key ``"store"``), remembers the
browser's last learner, and hands the site's old nameless stars (key ``"progress"``) to the
first learner chosen. The browser's storage is replaced by a fake kept in a dict."""

from __future__ import annotations

import json
import sys

import pytest

from unoparty.progress import browser as browser_storage
from unoparty.progress import opening, sql
from unoparty.progress import DictStore, SQLStore, StoreError, open_store


class FakeBrowser:
    """What IndexedDB would hold, one JSON text per key, and the BrowserStorage class that
    reads and writes it (a reload: a new FakeBrowser.Storage over the same texts)."""

    def __init__(self, **docs: dict) -> None:
        self.texts = {k: json.dumps(v) for k, v in docs.items()}
        self.saves: list[str] = []
        browser = self

        class Storage:
            def __init__(self, key: str = "progress") -> None:
                self.key = key

            def load(self) -> dict:
                return json.loads(browser.texts.get(self.key, "{}"))

            def save(self, data: dict) -> None:
                browser.saves.append(self.key)
                browser.texts[self.key] = json.dumps(data)

        self.Storage = Storage

    def doc(self, key: str) -> dict:
        return json.loads(self.texts.get(key, "{}"))


@pytest.fixture
def browser(monkeypatch):
    """Python in the browser: emscripten, no UNOPARTY_DB, a fake browser storage, and no
    store left open from before (each test is a fresh page)."""
    fake = FakeBrowser()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.delenv("UNOPARTY_DB", raising=False)
    monkeypatch.setattr(browser_storage, "BrowserStorage", fake.Storage)
    monkeypatch.setattr(opening, "_OPEN", {})
    monkeypatch.setattr(browser_storage, "_opened", None)
    return fake


def reload(monkeypatch) -> None:
    """A reload of the page: a new Python, nothing open, the browser's storage kept."""
    monkeypatch.setattr(opening, "_OPEN", {})
    monkeypatch.setattr(browser_storage, "_opened", None)


def test_in_the_browser_the_store_lives_in_the_browser_storage(browser, monkeypatch) -> None:
    s = open_store()
    assert isinstance(s, DictStore) and s.keeps_last_learner
    assert open_store() is s                                   # once per page
    s.record_stars("Mia", "speed-play", 3)
    assert "store" in browser.saves and "progress" not in browser.saves
    assert browser.doc("store")["learners"]["Mia"]["lessons"]["speed-play"]["stars"] == 3
    reload(monkeypatch)
    again = open_store()
    assert again is not s and again.stars("Mia") == {"speed-play": 3}


def test_the_last_learner_is_remembered_across_reloads(browser, monkeypatch) -> None:
    s = open_store()
    assert s.last_learner() is None
    assert s.remember_learner("  Ana ") == "Ana"
    s.remember_learner("Leo")
    reload(monkeypatch)
    assert open_store().last_learner() == "Leo"
    open_store().delete_learner("Leo")                         # forgotten: nobody is picked
    assert open_store().last_learner() is None


def test_the_old_nameless_stars_go_to_the_first_learner_once(browser, monkeypatch) -> None:
    browser.texts["progress"] = json.dumps({"version": 1, "stars": {"speed-play": 2, "uno": 3, "bad": "x"},
                                            "language": "fr"})
    s = open_store()
    assert s.learners() == []                                  # nobody named yet
    s.remember_learner("Mia")
    assert s.stars("Mia") == {"speed-play": 2, "uno": 3}
    assert s.setting("Mia", "language") == "fr"
    s.remember_learner("Leo")                                  # only the first learner gets them
    assert s.stars("Leo") == {}
    reload(monkeypatch)                                        # and never again after a reload
    s = open_store()
    s.remember_learner("Zoe")
    assert s.stars("Zoe") == {} and s.stars("Mia") == {"speed-play": 2, "uno": 3}
    assert json.loads(browser.texts["progress"])["stars"]["uno"] == 3  # the old key is left as it was


def test_a_broken_old_progress_counts_as_none(browser) -> None:
    browser.texts["progress"] = json.dumps({"stars": "broken"})
    s = open_store()
    assert s.remember_learner("Mia") == "Mia" and s.stars("Mia") == {}


@pytest.mark.parametrize("why", ["UNOPARTY_DB", "linux", "url"])
def test_the_browser_store_only_in_the_browser_without_a_database(why, browser, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("UNOPARTY_PROGRESS", str(tmp_path / "none.json"))
    url = f"sqlite://{tmp_path / 'p.sqlite3'}"
    if why == "UNOPARTY_DB":
        monkeypatch.setenv("UNOPARTY_DB", url)
        s = open_store()
    elif why == "linux":
        monkeypatch.setattr(sys, "platform", "linux")
        monkeypatch.setenv("UNOPARTY_DB", url)
        s = open_store()
    else:
        s = open_store(url)
    assert isinstance(s, SQLStore) and not s.keeps_last_learner
    assert browser.saves == []


def test_without_sqlite3_an_sqlite_store_is_a_clear_error(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(sql, "sqlite3", None)
    with pytest.raises(StoreError, match="sqlite3"):
        SQLStore(f"sqlite://{tmp_path / 'p.sqlite3'}")


def test_the_site_app_picks_the_last_learner_and_a_server_app_does_not(browser, monkeypatch, tmp_path) -> None:
    from unoparty.views.app import App

    app = App(lang="en")
    assert app.learner is None
    app.learner_picker.pick("Mia")
    app.progress.record("speed-play", 3)
    reload(monkeypatch)
    app = App(lang="en")                                       # the site after a reload
    assert app.learner == "Mia" and app.learner_picker.name_field.value == "Mia"
    assert app.progress.stars("speed-play") == 3

    monkeypatch.setattr(sys, "platform", "linux")              # a server: nobody picked for them
    shared = SQLStore(f"sqlite://{tmp_path / 'p.sqlite3'}")
    App(lang="en", store=shared).learner_picker.pick("Mia")
    app = App(lang="en", store=shared)
    assert app.learner is None and app.learner_picker.name_field.value == ""
    assert app.learner_picker.name_field.options == ()          # a class's names: not shown to everyone (issue 22)


def test_the_site_keeps_its_session_key_in_the_browser_storage(browser, monkeypatch) -> None:
    """Issue 18 on the static site: the key is made once, kept under "session", and is
    the same after a reload; a broken one is replaced."""
    key = browser_storage.browser_session_key()
    assert len(key) == 22 and browser.doc("session") == {"key": key}
    reload(monkeypatch)
    assert browser_storage.browser_session_key() == key
    browser.texts["session"] = json.dumps({"key": "short"})
    fresh = browser_storage.browser_session_key()
    assert fresh != key and browser.doc("session") == {"key": fresh}


def test_the_site_app_comes_back_to_the_game_and_the_lesson_step_after_a_reload(browser, monkeypatch) -> None:
    from tests.test_views import stub_bots
    from unoparty.views.app import App, lesson_catalogue

    app = App(lang="en", bot_factory=stub_bots)
    assert app.session_key is None and app.session.key == browser_storage.browser_session_key()
    app.learner_picker.pick("Mia")
    app.show_game()
    app.game.deal(seed=11)
    hands, top = app.game.game.hands, app.game.game.top_card
    # under a running event loop (a worker that drove Playwright before) the app holds its
    # writes up to SAVE_EVERY and the loop's timer writes them: written now, as they would be
    app.session.flush()
    reload(monkeypatch)
    again = App(lang="en", bot_factory=stub_bots)               # the site after a reload
    assert again.learner == "Mia" and again.page == "game"
    again.game.resume_button.click()
    assert again.game.game.hands == hands and again.game.game.top_card == top
    player = again.open_lesson(next(i for i in lesson_catalogue() if i.id == "matching"))
    player.next_button.click()
    player.next_button.click()
    again.session.flush()
    reload(monkeypatch)
    third = App(lang="en", bot_factory=stub_bots)
    assert third.page == "lesson" and third.lesson.lesson_id == "matching" and third.lesson.pos == player.pos
    assert third.learner == "Mia" and third.errors.errors == []


def test_the_site_app_builds_the_landing_page_only_when_it_is_shown(browser, monkeypatch) -> None:
    # issue 20: a reload mid-game opened the game page over a landing page built for nothing
    # (its 170 widgets sent to the page first); the landing page is built when first shown
    from tests.test_views import stub_bots
    from unoparty.views.app import App

    first = App(lang="en", bot_factory=stub_bots)              # a first visit: the landing page
    assert first.page == "home" and first.content.children == (first.home,)
    assert len(first.lesson_buttons) >= 10
    first.learner_picker.pick("Mia")
    first.progress.record("speed-play", 3)
    first.show_game()
    first.session.flush()
    reload(monkeypatch)
    again = App(lang="en", bot_factory=stub_bots)              # back on the game page
    assert again.page == "game" and again.learner == "Mia"
    assert again.lesson_buttons == {} and again.home.children == ()   # no landing page built
    again.nav_buttons["home"].click()                          # Home: built now, with the stars
    assert again.page == "home" and again.content.children == (again.home,)
    assert len(again.lesson_buttons) == len(first.lesson_buttons)
    assert 'aria-label="3 of 3 stars"' in again.lesson_stars["speed-play"].value
    assert again.learner_picker.current == "Mia" and again.errors.errors == []
    again.nav_buttons["game"].click()
    again.nav_buttons["home"].click()                          # and again: the same page, not rebuilt
    assert again.content.children == (again.home,) and again.errors.errors == []


def test_the_practice_record_is_kept_per_learner_in_the_browser_storage(browser, monkeypatch) -> None:
    from unoparty.views.app import App

    app = App(lang="en")
    app.learner_picker.pick("Mia")
    page = app.practice
    ex = page.exercise
    page.answer(ex.answer)
    assert browser.doc("store")["learners"]["Mia"]["practice"][0][:2] == [ex.rule, True]
    app.learner_picker.pick("Leo")                             # another learner in this browser
    assert page.learner == "Leo" and page.store.history("Leo") == []
    app.learner_picker.pick("Mia")
    reload(monkeypatch)
    again = App(lang="en")                                     # the site after a reload: Mia's record
    assert again.learner == "Mia"
    assert [(a.rule, a.correct) for a in again.practice.store.history("Mia")] == [(ex.rule, True)]


LEFT_OUT_OF_THE_SITE = ("sqlite3", "_sqlite3", "ssl", "_ssl", "lzma", "_lzma", "matplotlib")

# the browser's storage, in memory (progress.browser.BrowserStorage): the scripts below are
# `str.format` templates, hence the doubled braces
FAKE_BROWSER_STORAGE = """
from unoparty.progress import browser
class Storage:
    texts = {{}}
    def __init__(self, key="progress"): self.key = key
    def load(self): return json.loads(self.texts.get(self.key, "{{}}"))
    def save(self, data): self.texts[self.key] = json.dumps(data)
browser.BrowserStorage = Storage
"""

SITE_APP = """
import json, sys
for name in {left_out!r}:
    sys.modules[name] = None             # `import name` raises ImportError, as in the site's Pyodide
sys.platform = "emscripten"
""" + FAKE_BROWSER_STORAGE + """from unoparty.views import App           # the site's notebook: App(), then app.box
app = App(lang="en")
app.learner_picker.pick("Mia")
app.progress.record("speed-play", 3)
print(json.loads(Storage.texts["store"])["learners"]["Mia"]["lessons"]["speed-play"]["stars"])
"""


def test_the_site_app_starts_without_the_modules_the_site_leaves_out(tmp_path) -> None:
    # deploy/build_site.py leaves sqlite3, ssl and matplotlib out of the site's Pyodide: an
    # import of one of them at the top of a module the app needs stopped the static site
    # (a traceback instead of the app) while every test on a server passed.
    import os
    import subprocess

    env = {k: v for k, v in os.environ.items() if k not in ("UNOPARTY_DB", "UNOPARTY_PROGRESS")}
    env["HOME"] = str(tmp_path)
    run = subprocess.run([sys.executable, "-c", SITE_APP.format(left_out=LEFT_OUT_OF_THE_SITE)],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.split() == ["3"]


SNAPSHOT_APP = """
import json, sys
sys.path.insert(0, {deploy!r})
import build_site
for name in {left_out!r} + tuple(build_site.SNAPSHOT_MISSING):
    sys.modules[name] = None
sys.platform = "emscripten"
for name in build_site.SNAPSHOT_IMPORTS:
    if name.startswith("unoparty"):
        __import__(name)
before = set(sys.modules)
""" + FAKE_BROWSER_STORAGE + """from unoparty.views import App
app = App(lang="en")                     # a first visit: the landing page
app.learner_picker.pick("Mia")
app.show_game()
app.session.flush()
from unoparty.progress import opening
opening._OPEN.clear()
browser._opened = None
App(lang="en")                           # a reload: back on the game page
print(json.dumps(sorted(m for m in set(sys.modules) - before if m.split(".")[0] == "unoparty")))
"""


def test_the_site_snapshot_holds_every_module_the_site_app_imports(tmp_path) -> None:
    # deploy/build_site.py's SNAPSHOT_IMPORTS: a module of the app imported after the restore
    # is looked for along sys.path and compiled from its source on every visit (issue 20:
    # 0.4 s of the app's cell for 13 of them)
    import os
    import subprocess
    from pathlib import Path

    deploy = str(Path(__file__).resolve().parents[1] / "deploy")
    env = {k: v for k, v in os.environ.items() if k not in ("UNOPARTY_DB", "UNOPARTY_PROGRESS")}
    env["HOME"] = str(tmp_path)
    run = subprocess.run([sys.executable, "-c", SNAPSHOT_APP.format(deploy=deploy, left_out=LEFT_OUT_OF_THE_SITE)],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert json.loads(run.stdout.splitlines()[-1]) == []
