"""A class server that keeps out who does not belong (issue 22): the teacher's code is tried
a limited number of times per page and per server, counted in the store; it never reaches a
page; reset and delete ask for it again; the CSV export is what the page shows."""

from __future__ import annotations

import base64
import csv
import io
import re

import ipywidgets as w
import pytest

from tests.pg import postgres_cluster
from unoparty import access
from unoparty.progress import DictStore, SQLStore


@pytest.fixture(scope="module")
def pg():
    """A PostgreSQL cluster of this module's own, that a test may stop and start."""
    yield from postgres_cluster()


@pytest.fixture
def clock(monkeypatch):
    """The clock of the waits: ``clock.now`` seconds, moved by the test."""
    class Clock:
        now = 1_000_000.0

        def __call__(self) -> float:
            return self.now

    c = Clock()
    monkeypatch.setattr(access, "clock", c)
    return c


def _class(tmp_path) -> SQLStore:
    store = SQLStore(f"sqlite://{tmp_path / 'class.sqlite3'}")
    store.record_stars("Mia", "goal", 3)
    return store


def _guess(page, code: str) -> bool:
    """One try typed into the page's widgets, as a page's messages would send it."""
    page.code_field.value = code
    page.open_button.click()
    return page.is_open


def test_enter_in_the_code_field_opens_the_class_and_the_click_after_it_tries_nothing_again(
        tmp_path, monkeypatch, clock) -> None:
    """Enter in the code field sends its value (``continuous_update`` off) and opens the class,
    as "Open the class" does; typing a code and then clicking the button sends the value
    (the focus leaves the field) and then clicks: one try, not two (access.PAGE_LIMIT)."""
    from unoparty.views.teacher import TeacherPage
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    page = TeacherPage(_class(tmp_path))
    assert page.code_field.continuous_update is False
    for n in range(access.PAGE_LIMIT - 1):    # typed, then the button clicked: one try each
        page.code_field.value = f"guess-{n}"
        assert not page.is_open and "not the teacher" in page.message.value
        page.open_button.click()
        assert not page.is_open
    page.code_field.value = "owl-42"          # Enter: the last try this page has left
    assert page.is_open and "Mia" in page.table.value
    page.open_button.click()                  # a click after it changes nothing
    assert page.is_open


def test_wrong_codes_are_limited_per_page_and_per_server_across_pages(tmp_path, monkeypatch, clock, capfd) -> None:
    from unoparty.views.teacher import TeacherPage
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    store = _class(tmp_path)
    first, second = TeacherPage(store), TeacherPage(SQLStore(store.url))  # two kernels, one store
    # one page: five wrong tries, then even the right code is not compared
    assert not any(_guess(first, f"guess-{n}") for n in range(access.PAGE_LIMIT))
    assert not _guess(first, "owl-42") and "Try again in 1 minute" in first.message.value
    # another page may try, until the server's count is used up too
    assert not any(_guess(second, f"other-{n}") for n in range(access.SERVER_LIMIT - access.PAGE_LIMIT))
    assert not _guess(second, "owl-42") and "Too many wrong tries" in second.message.value
    assert not _guess(TeacherPage(SQLStore(store.url)), "owl-42")  # a new kernel: the count is in the store
    log = capfd.readouterr().err
    assert log.count("a wrong try of the teacher's code") == access.SERVER_LIMIT
    assert "refused without comparing it" in log and "owl-42" not in log
    # the wait grows with every wrong try after it
    clock.now += 61
    assert not _guess(second, "wrong again")
    assert not _guess(second, "owl-42") and "Try again in 2 minutes" in second.message.value
    clock.now += 121
    assert _guess(second, "owl-42") and "Mia" in second.table.value
    assert first.is_open is False and first.class_box.layout.display == "none"


def test_a_thousand_pipelined_guesses_never_find_the_code(tmp_path, monkeypatch, clock) -> None:
    from unoparty.views.teacher import TeacherPage
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "0417")   # among the guesses
    page = TeacherPage(_class(tmp_path))
    assert [code for code in (f"{n:04d}" for n in range(1000)) if _guess(page, code)] == []
    assert "Too many wrong tries" in page.message.value


@pytest.mark.comms  # every widget's state, as the page would be sent it
def test_the_code_never_reaches_a_page(tmp_path, monkeypatch, clock) -> None:
    from unoparty.views.app import App
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "secret-owl-42")
    app = App(store=_class(tmp_path))
    app.nav_buttons["teacher"].click()
    page = app._teacher
    page.code_field.value = "secret-owl-42"
    page.open_button.click()
    assert page.is_open
    page.learner_field.value = "Mia"
    page.reset_button.click()
    page.confirm_code.value = "secret-owl-42"
    page.confirm_button.click()
    assert "reset" in page.message.value
    states = [widget.get_state() for widget in list(w.widgets.widget._instances.values())]
    assert states and not [s for s in states if "secret-owl-42" in repr(s)]


def test_hidden_buttons_do_nothing_on_a_locked_page(tmp_path, monkeypatch) -> None:
    from unoparty.views.teacher import TeacherPage
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    store = _class(tmp_path)
    page = TeacherPage(store)
    page.refresh_button.click()
    page.learner_field.options = ("Mia",)  # a forged page sets the hidden dropdown ...
    page.learner_field.value = "Mia"
    page.delete_button.click()          # ... and clicks the hidden buttons
    page.confirm_button.click()
    page.list_names.value = True
    assert store.learners() == ["Mia"] and store.class_setting("list-names") is None
    assert "Mia" not in page.table.value and page.confirm_button.layout.display == "none"


def _dict_store() -> DictStore:
    saved: dict = {}
    return DictStore(lambda: saved.get("db"), lambda d: saved.__setitem__("db", d))


@pytest.mark.parametrize("kind", ["sqlite", "dict", "postgresql"])
def test_code_attempts_wait_and_forget(tmp_path, kind, request) -> None:
    from unoparty.progress import ATTEMPT_FORGET
    if kind == "postgresql":
        store = SQLStore(request.getfixturevalue("pg").url)
        with store._transaction() as cur:
            cur.execute("DELETE FROM code_attempts")
    else:
        store = SQLStore(f"sqlite://{tmp_path / 'a.sqlite3'}") if kind == "sqlite" else _dict_store()
    keys = {"server": 3, "page:1": 2}
    t = 5_000.0
    assert store.code_attempt(keys, False, now=t) == 0
    assert store.code_attempt(keys, False, now=t) == 0       # page:1's second failure: it waits 60 s
    assert store.code_attempt(keys, True, now=t + 1) == pytest.approx(59)
    assert store.code_attempt({"server": 3, "page:2": 2}, False, now=t + 2) == 0  # the server's third
    assert store.code_attempt({"server": 3, "page:3": 2}, True, now=t + 3) == pytest.approx(59)
    assert store.code_attempt({"server": 3, "page:3": 2}, True, now=t + 70) == 0  # right: counts cleared
    assert store.code_attempt({"server": 3}, False, now=t + 71) == 0
    assert store.code_attempt({"server": 3}, False, now=t + 71 + ATTEMPT_FORGET + 1) == 0  # forgotten


def test_csv_is_the_page_with_practice_a_bom_and_no_formulas(tmp_path, monkeypatch) -> None:
    from unoparty.views.teacher import TeacherPage, class_csv
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    store = SQLStore(f"sqlite://{tmp_path / 'c.sqlite3'}")
    store.record_stars("Chloé", "goal", 2)
    for rule in ("SP-4", "T-1", "W-2", "D-1", "U-3"):
        store.record_answer("Chloé", "goal", [rule], right=False)
    store.record_practice("=HYPERLINK(\"x\")", "SP-4", False)
    store.record_practice("=HYPERLINK(\"x\")", "SP-4", True)
    store.add_learner("@Bob")
    store.add_learner("-2+3")
    text = class_csv(store, machine=True)  # the file for scripts: its column names
    assert text.startswith("\ufeff")
    rows = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    by = {(r["learner"], r["lesson"]): r for r in rows}
    assert by[("'=HYPERLINK(\"x\")", "practice")]["tries"] == "2"
    assert by[("'=HYPERLINK(\"x\")", "practice")]["mistakes"] == "1"
    assert by[("'=HYPERLINK(\"x\")", "practice")]["rules_wrong"] == "SP-4×1"
    assert ("'@Bob", "") in by and ("'-2+3", "") in by
    assert not [c for r in rows for c in r.values() if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert by[("Chloé", "goal")]["rules_wrong"].count("×") == 5
    page = TeacherPage(store)
    assert page.unlock("owl-42")
    assert "and 2 more rules (all in the CSV)" in page.table.value
    assert "2 answers · 1 wrong" in page.table.value
    data = re.search(r'base64,([^"]+)"', page.download.value).group(1)
    assert base64.b64decode(data).decode("utf-8") == class_csv(store)


# ---------------------------------------------------------------- a learner's record


def test_the_first_page_lists_the_class_only_with_the_teachers_setting(tmp_path) -> None:
    from unoparty.views.app import App
    store = _class(tmp_path)
    picker = App(lang="en", store=store).learner_picker
    assert picker.name_field.options == ()
    store.set_class_setting("list-names", "1")
    picker.refresh()
    assert picker.name_field.options == ("Mia",)


def test_a_pin_guards_a_learners_record(tmp_path, monkeypatch, clock) -> None:
    from unoparty.views.app import App
    from unoparty.views.teacher import TeacherPage
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    store = _class(tmp_path)
    teacher = TeacherPage(store)
    assert teacher.unlock("owl-42")
    teacher.use_pins.value = True                      # the teacher's setting
    assert store.class_setting("pins") == "1"
    picker = App(lang="en", store=store).learner_picker
    assert picker.pick("Leo") is None and picker.pin_box.layout.display == "" and "Choose a PIN" in picker.message.value
    assert picker.check_pin("12", "12") is None and "4 to 6 digits" in picker.message.value
    assert picker.check_pin("4321", "4312") is None and "not the same" in picker.message.value
    assert picker.pick("Leo") is None
    assert picker.check_pin("4321", "4321") == "Leo" and picker.current == "Leo"
    assert "4321" not in repr(store.settings("Leo"))   # only its hash is kept
    # a classmate's page: typing "leo" asks for Leo's PIN, and the tries are limited
    other = App(lang="en", store=store)
    assert other.learner_picker.pick("leo") is None and other.learner is None
    assert "Type your PIN, Leo" in other.learner_picker.message.value
    guesses = [other.learner_picker.check_pin(f"{n:04d}") for n in range(1000)]   # 4321 is not among them
    assert guesses.count(None) == 1000 and "Too many wrong tries" in other.learner_picker.message.value
    third = App(lang="en", store=store).learner_picker      # a page of its own: Leo's count goes on
    third.pick("Leo")
    assert [third.check_pin(f"9{n:03d}") for n in range(access.SERVER_LIMIT - access.PAGE_LIMIT)] == [None] * 5
    fourth = App(lang="en", store=store).learner_picker
    fourth.pick("Leo")
    assert fourth.check_pin("4321") is None and "Too many wrong tries" in fourth.message.value
    assert other.learner is None
    clock.now += 3600
    fourth.pick("Leo")
    assert fourth.check_pin("4321") == "Leo"
    # the teacher resets Leo's PIN: Leo chooses a new one
    teacher.refresh()
    teacher.learner_field.value = "Leo"
    teacher.pin_button.click()
    teacher.confirm_code.value = "owl-42"
    teacher.confirm_button.click()
    picker = App(lang="en", store=store).learner_picker
    assert picker.pick("Leo") is None and "Choose a PIN" in picker.message.value


def test_under_jupyterhub_the_hubs_name_is_the_learners(tmp_path, monkeypatch) -> None:
    from unoparty.views.app import App
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    app = App(lang="en", store=_class(tmp_path))
    assert app.learner == "ana" and app.learner_picker.fixed
    assert app.learner_picker.box.children[0].layout.display == "none"   # nothing to type
    assert "Hello <bdi>ana</bdi>" in app.learner_picker.message.value


def test_under_jupyterhub_a_page_cannot_change_the_hubs_name_through_the_hidden_field(tmp_path, monkeypatch) -> None:
    """Issue 22: the name row is hidden under the hub, but a page can still send its field a
    classmate's name and click *That's me*; with a store the server holds itself (no store
    service), that made the page Ben's."""
    from unoparty.views.app import App
    store = _class(tmp_path)
    store.record_stars("ben", "speed-play", 2)
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    app = App(lang="en", store=store)
    app.learner_picker.name_field.value = "ben"
    app.learner_picker.start_button.click()
    assert app.learner == "ana" and app.learner_picker.current == "ana"
    assert "Hello <bdi>ana</bdi>" in app.learner_picker.message.value


def test_switching_language_does_not_give_a_page_new_tries(tmp_path, monkeypatch, clock) -> None:
    from unoparty.views.app import App
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    app = App(lang="en", store=_class(tmp_path))
    for lang in ("fr", "ro", "nb", "cs", "en"):
        app.nav_buttons["teacher"].click()
        _guess(app._teacher, f"guess-{lang}")
        app.set_language(lang)                        # the teacher's page is built again
    app.nav_buttons["teacher"].click()
    assert not _guess(app._teacher, "owl-42") and "Too many wrong tries" in app._teacher.message.value


def _running_table(url: str):
    """Ava and Ben at a started table of three (a bot in the third seat); (Ava's page, code)."""
    from unoparty.progress.table_log import TableLog
    from unoparty.views.table_page import TablePage
    ava = TablePage(log=TableLog(url), name="Ava", key="a" * 22, follow=False)
    ava.seats.value = 3
    session = ava.open_table()
    ben = TablePage(log=TableLog(url), name="Ben", key="b" * 22, follow=False)
    assert ben.join(session.code) is not None
    ava.start_button.click()
    return ava, session.code


def test_a_learners_projector_view_neither_saves_every_hand_nor_pauses(tmp_path, monkeypatch) -> None:
    """Trial of issue 22: any learner who knows a table's code opened ``?table=CODE&view=projector``
    and pressed *Save the moment*: the scenario it gave held every hand of the round under way
    (and wrote a file into the teacher's scenario folder); *Pause* stopped the class's table.
    Both are the teacher's now: the Teacher page's link carries the table's projector key."""
    from unoparty.i18n import set_language
    from unoparty.progress.table_log import TableLog
    from unoparty.views import svg
    from unoparty.views.table_page import LiveTables, ProjectorView
    set_language("en")
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "green seven")
    url = f"sqlite:///{tmp_path}/class.sqlite3"
    ava, code = _running_table(url)
    folder = tmp_path / "scenarios"
    learners = ProjectorView(code, log=TableLog(url), follow=False, folder=folder)
    assert learners.save_button.layout.display == "none" and learners.pause_button.layout.display == "none"
    learners.save_button.click()      # a page can click a hidden button
    learners.pause_button.click()
    assert learners.saved.value == "" and not folder.exists()
    assert not learners.session.paused and not ava.session.paused
    hands = [svg.card_label(c) for c in ava.session.game.hands[1]]
    assert not any(f'aria-label="{label}"' in learners.table.drawing.value for label in hands)
    # a wrong key, or another table's, is no key
    assert not ProjectorView(code, log=TableLog(url), follow=False, key="0" * 20).teachers
    assert not ProjectorView(code, log=TableLog(url), follow=False, key=access.projector_key("ZZZZZZ")).teachers
    # the teacher's link (the Teacher page's Live tables) opens the view that may act
    live = LiveTables(log=TableLog(url))
    live.refresh()
    key = re.search(rf"\?table={code}&amp;view=projector&amp;lang=en&amp;key=([0-9a-f]{{20}})", live.html.value).group(1)
    teachers = ProjectorView(code, log=TableLog(url), follow=False, folder=folder, key=key)
    assert teachers.save_button.layout.display == "" and teachers.save_moment() is not None
    teachers.pause_button.click()
    assert teachers.session.paused


def test_the_projector_key_comes_from_the_request(tmp_path, monkeypatch) -> None:
    """``?table=CODE&view=projector&key=K`` reaches the projector view with its key."""
    from unoparty.views.app import App
    seen = {}
    monkeypatch.setattr(App, "show_table", lambda self, code=None, *, projector=False, key=None:
                        seen.update(code=code, projector=projector, key=key))
    App.show_table_of_request(object.__new__(App), "table=K7M2QX&view=projector&key=abc")
    assert seen == {"code": "K7M2QX", "projector": True, "key": "abc"}
    assert access.projector_key("K7M2QX", "") == "" and access.projector_key_ok("K7M2QX", None, "")
    assert access.projector_key("k7m2qx", "c") == access.projector_key("K7M2QX", "c") != access.projector_key("K7M2QX", "d")


def test_the_served_apps_kernel_makes_no_widget_a_page_asks_for(tmp_path, monkeypatch) -> None:
    """Trial of issue 22: a page's ``comm_open`` to ``jupyter.widget`` made a widget in its kernel,
    kept for the kernel's life (5 of 20 MB: +100 MB). In the served app's kernel the target is
    gone; the widgets' control comm stays; JupyterLab (no UNOPARTY_APP_KERNEL) keeps both."""
    import comm
    from comm.base_comm import CommManager

    import ipywidgets
    from unoparty.views.app import App
    for served in (False, True):
        manager = CommManager()
        monkeypatch.setattr(comm, "get_comm_manager", lambda: manager)
        ipywidgets.register_comm_target()
        if served:
            monkeypatch.setenv("UNOPARTY_APP_KERNEL", "1")
        App(store=SQLStore(f"sqlite://{tmp_path / 'class.sqlite3'}"))
        assert ("jupyter.widget" in manager.targets) is not served
        assert "jupyter.widget.control" in manager.targets


def test_a_page_told_to_wait_costs_the_store_and_the_log_nothing_more(tmp_path, monkeypatch, clock, capfd) -> None:
    """Trial of issue 22: 10,000 PINs pipelined from one page were each a store transaction
    and a line of the server's log (11,045 lines, 2 MB, while nothing was compared). Once told
    to wait, the kernel refuses the same page's tries itself until the wait is over."""
    from unoparty.views.teacher import TeacherPage
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    store = _class(tmp_path)
    page = TeacherPage(store)
    calls = []
    attempt = store.code_attempt
    monkeypatch.setattr(store, "code_attempt", lambda *a, **k: calls.append(1) or attempt(*a, **k))
    assert not any(_guess(page, f"guess-{n}") for n in range(access.PAGE_LIMIT))
    capfd.readouterr()
    calls.clear()
    assert not any(_guess(page, f"more-{n}") for n in range(1000))
    assert not _guess(page, "owl-42") and "Try again in 1 minute" in page.message.value
    assert len(calls) <= 2 and capfd.readouterr().err.count("refused without comparing") <= 1
    clock.now += 61   # the wait is over: the store decides again
    assert _guess(page, "owl-42")
