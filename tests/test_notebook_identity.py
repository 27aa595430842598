"""The notebook's entry points follow the app's identity model (issues 22 and 23):
``unoparty.table()`` and ``App(learner=…)`` (``lesson_app``, ``play_app``…) give a seat or a
record to a name only as the app's pages do — under JupyterHub to the hub's user alone, with
the teacher's setting *PINs* on only after that learner's PIN (an argument ``pin=`` or the
PIN box), wrong PINs limited as in the app — and a seat another browser holds is never
handed to a notebook caller who only typed the name. Time is an injected clock."""

from __future__ import annotations

import pytest

import unoparty
from unoparty import access
from unoparty.progress import open_store
from unoparty.progress.table_log import TableLog
from unoparty.session.table import Pace, TableSession
from unoparty.views import table_page
from unoparty.views.table_page import TablePage, notebook_table
from tests.helpers_tables import KEY_A, KEY_B, Clock

PARTY = Pace(kind="party", window=0, round_pause=None, grace=60.0, heartbeat=3.0)


@pytest.fixture
def url(tmp_path, monkeypatch):
    """A class store of the test's own (``UNOPARTY_DB``), English, a fresh kernel key and
    fresh waits; no JupyterHub unless the test says so."""
    from unoparty.i18n import set_language
    set_language("en")
    url = f"sqlite:///{tmp_path}/class.sqlite3"
    monkeypatch.setenv("UNOPARTY_DB", url)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.setattr(table_page, "_KERNEL_KEY", [])       # this test's kernel
    monkeypatch.setattr(access, "_waiting", {})
    now = [1_000_000.0]
    monkeypatch.setattr(access, "clock", lambda: now[0])
    return url


def _class(url: str, *, pins: bool = True):
    """The class store: PINs on, Ava (PIN 1234) and Ben (PIN 4321) signed in on their own browsers."""
    store = open_store(url)
    store.set_class_setting("pins", "1" if pins else "0")
    for name, pin, key in (("Ava", "1234", KEY_A), ("Ben", "4321", KEY_B)):
        store.add_learner(name)
        store.set_setting(name, access.PIN_KEY, access.hash_pin(pin))
        store.sign_in(key, name)
    return store


def _table(url: str, clock=None, store=None):
    """Ava's page (her browser) opens a table of three; (her page, the code)."""
    ava = TablePage(log=TableLog(url), name="Ava", key=KEY_A, follow=False, store=store,
                    **({"clock": clock} if clock else {}))
    ava.seats.value, ava.pace.value = 3, "party"
    assert ava.open_table() is not None
    return ava, ava.session.code


def _kinds(url: str, code: str) -> list[tuple[str, str | None]]:
    return [(s.kind, s.name) for s in TableLog(url).seats(code)]


def test_with_pins_on_a_notebook_name_needs_its_pin(url):
    store = _class(url)
    ava, code = _table(url, store=store)
    box = unoparty.table(code, name="Ben")                   # a notebook typed Ben's name
    page = box.page
    assert page.session is None and page.picker.box.layout.display == ""
    assert "Type your PIN, Ben" in page.picker.message.value
    assert "up-pin-field" in page.picker.pin_field._dom_classes   # in the column of "Your name"
    wrong = unoparty.table(code, name="Ben", pin="9999").page
    assert wrong.session is None and "That is not the PIN of Ben" in wrong.picker.message.value
    assert _kinds(url, code) == [("learner", "Ava"), ("empty", None), ("empty", None)]   # unharmed
    right = unoparty.table(code, name="ben", pin="4321").page   # the store's capitals
    assert right.session is not None and right.session.seat == 1 and right.session.name == "Ben"
    assert store.learner_for_key(table_page.kernel_key()) == "Ben"   # this kernel is Ben's now
    again = unoparty.table(code, name="Ben").page            # signed in: no PIN the next time
    assert again.session is not None and again.session.seat == 1 and again.picker is None
    assert right.session is None or right.session.code == code   # the old cell let go of the seat
    # Ava's name: her seat is live on her browser, and her PIN is asked first all the same
    her = unoparty.table(code, name="Ava").page
    assert her.session is None and "Type your PIN, Ava" in her.picker.message.value
    for p in (ava, page, wrong, right, again, her):
        p.close()


def test_a_covered_seat_is_never_handed_to_a_typed_name(url):
    clock = Clock()
    store = _class(url)
    ava = TablePage(log=TableLog(url), name="Ava", key=KEY_A, follow=False, clock=clock, store=store)
    ava.seats.value, ava.pace.value = 3, "party"
    ava.open_table()
    code = ava.session.code
    ben = TableSession.join(TableLog(url), code, name="Ben", holder=KEY_B + ".t1", clock=clock, store=store)
    ava.start_button.click()
    clock.t += 120                                           # Ben's tab went silent: a bot covers his seat
    ava.session.tick()
    assert ava.session.view().seats[1].covered
    nb = notebook_table(code, name="Ben", key="n" * 22, store=store, clock=clock, follow=False)
    assert nb.session is None and "Type your PIN, Ben" in nb.picker.message.value
    assert ava.session.view().seats[1].covered and ben.seat == 1   # still Ben's, still covered
    # with the PIN the notebook is Ben's browser: his seat and hand come back
    nb = notebook_table(code, name="Ben", pin="4321", key="n" * 22, store=store, clock=clock, follow=False)
    assert nb.session is not None and nb.session.seat == 1 and nb.session.view().player is not None
    ava.close()
    nb.close()


def test_with_pins_off_a_seat_live_elsewhere_is_not_handed_over(url):
    store = _class(url, pins=False)
    ava, code = _table(url, store=store)
    page = unoparty.table(code, name="Ava").page             # Ava plays on her browser
    assert page.session is None and "on another screen" in page.message.value
    assert _kinds(url, code)[0] == ("learner", "Ava") and ava.session.seat == 0
    ava.close()
    page.close()


def test_wrong_pins_are_limited_per_kernel_across_cells(url):
    store = _class(url)
    ava, code = _table(url, store=store)
    for n in range(access.PAGE_LIMIT):                       # each call a new cell, one kernel
        assert unoparty.table(code, name="Ben", pin=f"{1000 + n}").page.session is None
    last = unoparty.table(code, name="Ben", pin="4321").page   # even the right one waits now
    assert last.session is None and "Too many wrong tries" in last.picker.message.value
    assert store.learner_for_key(table_page.kernel_key()) is None
    ava.close()


def test_a_pin_is_a_string(url):
    _class(url)
    with pytest.raises(TypeError, match='"0123"'):
        unoparty.table("K7M2QX", name="Ben", pin=4321)
    from unoparty.views import App
    with pytest.raises(TypeError, match='"0123"'):
        App(lang="en", learner="Ben", pin=4321)


def test_under_jupyterhub_the_notebook_is_the_hubs_user(url, monkeypatch):
    store = _class(url)                                      # PINs on: the hub's user needs none
    ava, code = _table(url, store=store)
    monkeypatch.setenv("JUPYTERHUB_USER", "cy")
    page = unoparty.table(code).page                         # no name to type
    assert page.session is not None and page.session.name == "cy" and page.session.seat == 1
    assert page.name_field.disabled and page.picker is None
    other = unoparty.table(code, name="Ben", pin="4321").page   # another name: refused, even with its PIN
    assert other.session is None
    assert "On this server you are cy" in other.message.value
    assert _kinds(url, code) == [("learner", "Ava"), ("learner", "cy"), ("empty", None)]
    page.close()
    other.name_field.value = "Ben"                           # a page can send a disabled field's value
    assert other.join(code) is not None and other.session.name == "cy"
    for p in (ava, page, other):
        p.close()


def test_the_apps_table_page_under_jupyterhub_takes_no_other_name(url, monkeypatch):
    from unoparty.views import App
    _class(url, pins=False)
    monkeypatch.setenv("JUPYTERHUB_USER", "cy")
    app = App(lang="en")
    app.use_key("k" * 22)
    app.show_table()
    page = app._table_page
    assert page.name_field.disabled and page.name_field.value == "cy"
    page.name_field.value = "Ava"
    page.seats.value = 2
    assert page.open_table() is not None and page.session.name == "cy"
    page.close()


def test_app_learner_needs_the_pin_too(url, monkeypatch):
    from unoparty.views import App, lesson_app, play_app
    store = _class(url)
    app = play_app(lang="en", learner="Ben")                 # a notebook: play_app(learner="Ben")
    assert app.learner is None and app.page == "home"        # the PIN box is on the landing page
    assert "Type your PIN, Ben" in app.learner_picker.message.value
    assert app.learner_picker.pin_box.layout.display == ""
    assert lesson_app(lang="en", learner="Ben", pin="0000").learner is None
    assert lesson_app(lang="en", learner="Ben", pin="4321").learner == "Ben"
    # the browser's key arrives signed in as Ben: no PIN asked any more
    app.use_key(KEY_B)
    assert app.learner == "Ben" and app.learner_picker.pin_box.layout.display == "none"
    # a learner new to the class chooses their PIN
    new = App(lang="en", learner="Zoe")
    assert new.learner is None and "Choose a PIN" in new.learner_picker.message.value
    assert App(lang="en", learner="Zoe", pin="2468").learner == "Zoe" and store.setting("Zoe", access.PIN_KEY)
    # PINs off: the name is enough (the teacher's choice)
    store.set_class_setting("pins", "0")
    assert App(lang="en", learner="Ben").learner == "Ben"
    # under JupyterHub only the hub's user
    monkeypatch.setenv("JUPYTERHUB_USER", "cy")
    hub = App(lang="en", learner="Ben")
    assert hub.learner == "cy" and "On this server you are cy" in hub.learner_picker.message.value
