"""Views keep no state but their widgets and their session (issue 18).

Every page of the app is built and used (a game dealt and played, a lesson, a practice
question and its Speed Play drill, the rules, the teacher's page opened, "Your scenarios",
"Play together"), then every object of ``unoparty.views`` reachable from the app is walked:
each instance attribute must be

- a widget (ipywidgets), or a list/tuple/dict/set of them;
- a session: an object of ``unoparty.session`` (the page's state, widget-free, tested in
  tests/test_session_*.py);
- another view (walked in turn);
- a callback (a function or bound method the page calls: wiring, not state), or None;
- or one of the plain values named in :data:`ALLOWED` below, each with the reason it may
  stay in the view.

A new attribute that is none of these fails the test: put it in the page's session (or, if
it truly is a record of what the widgets show, name it in ALLOWED with its reason).
"""

from __future__ import annotations

import types

import pytest

w = pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from unoparty import i18n
from unoparty.views.app import App

from tests.helpers_sessions import KEY_A, store_with_sessions
from tests.test_views import _progress_file, stub_bots  # noqa: F401

RENDERED = "a record of what the widgets show, made from the session at each render and kept only to send the changes (rebuilt with the widgets)"
CONFIG = "a setting given when the view is built (the same for its whole life), not a state it changes"
SERVICE = "a handle on a service the view reads or hands on (a store, a clock, a table log), holding no page state"

ALLOWED: dict[tuple[str, str], str] = {
    # the language and curriculum the widgets were built in: the one plain value a language
    # switch compares to know whether widgets must be built again
    ("App", "_home_language"): RENDERED,
    ("App", "_home_curriculum"): RENDERED,
    # True only inside App() on the static site, until the browser's key has said which page
    # to open (the landing page is built then, if it is that page); False ever after
    ("App", "_home_later"): "a step of building the view, not a state it changes once built",
    ("App", "_group_heads"): RENDERED + " (each group's heading widget with the lessons it counts)",
    ("TablePage", "language"): RENDERED + " (the language its widgets speak)",
    ("ErrorPanel", "errors"): RENDERED + " (the errors the panel lists)",
    ("Board", "game"): RENDERED + " (the game drawn last: the pickers' seats are drawn on it)",
    ("Board", "me"): RENDERED,
    ("Board", "state"): RENDERED,
    ("Board", "_hand_title"): RENDERED,
    ("TableView", "state"): RENDERED,
    ("TableView", "_pos_classes"): RENDERED,
    ("HandView", "cards"): RENDERED,
    ("HandView", "_marks"): RENDERED,
    ("MessageBox", "text"): RENDERED,
    ("MessageBox", "kind"): RENDERED,
    ("MessageBox", "rule"): RENDERED + " (the rule its button opens)",
    ("LogView", "lines"): RENDERED,
    ("LogView", "_said"): RENDERED,
    ("LogView", "_said_for"): RENDERED,
    ("LogView", "limit"): CONFIG,
    ("LogView", "title"): CONFIG,
    ("GameApp", "_last_top"): RENDERED + " (the top card drawn last: a card laid is highlighted)",
    ("GameApp", "_rendered_version"): RENDERED + " (the session's version drawn last)",
    ("GameApp", "loop"): SERVICE + " (the clock every new game session is given)",
    ("GameApp", "choices"): "the app session's own dict (AppSession.choices), not a copy: see "
                            "test_the_game_form_choices_are_the_app_sessions_own",
    ("RulesPage", "focus"): "the rule id the page shows first: the page's one choice, like the language code",
    ("ScenariosPage", "progress"): SERVICE + " (the record handed to the players it opens)",
    ("SpeedDrillView", "clock"): SERVICE,
    ("TablePage", "_log"): SERVICE,
    ("TablePage", "store"): SERVICE + " (the class store: asks it for PINs and sign-ins when a learner joins)",
    ("TablePage", "_url"): SERVICE,
    ("TablePage", "clock"): SERVICE,
    ("TablePage", "_follower"): SERVICE + " (wakes the page when another kernel commits a move)",
    ("TablePage", "follow"): CONFIG,
    ("TablePage", "fixed"): CONFIG + " (under JupyterHub the hub's user is the learner: no other name)",
    ("TablePage", "_fixed_name"): CONFIG + " (that user's name)",
    ("TablePage", "page_key"): CONFIG + " (the page's key, that names its count of PIN tries)",
    ("TablePage", "_rendered"): RENDERED,
    ("_Follow", "interval"): CONFIG,
    ("_Follow", "_task"): SERVICE + " (the running poll on the kernel's loop)",
    ("LiveTables", "_log"): SERVICE,
    ("LiveTables", "_url"): SERVICE,
    ("LiveTables", "clock"): SERVICE,
    ("CurriculumPicker", "_store"): SERVICE,
}

KNOWN_LEFT: dict[tuple[str, str], str] = {
    # state still kept by a view, to move into its session next (the list only shrinks:
    # an entry no longer found fails the test, so that it is taken off)
}


def _plain(value: object) -> bool:
    return value is None or isinstance(value, (w.Widget, types.FunctionType, types.MethodType,
                                                types.BuiltinFunctionType, types.BuiltinMethodType))


def _is_session(value: object) -> bool:
    return type(value).__module__.startswith("unoparty.session")


def _is_view(value: object) -> bool:
    return type(value).__module__.startswith("unoparty.views") and hasattr(value, "__dict__") \
        and not isinstance(value, w.Widget)


def _fine(value: object) -> bool:
    if _plain(value) or _is_session(value) or _is_view(value):
        return True
    if isinstance(value, dict):
        return all(_fine(v) for v in value.values())
    if isinstance(value, (list, tuple, set, frozenset)):
        return all(_fine(v) for v in value)
    return False


def _breaches(root: object) -> tuple[dict[tuple[str, str], str], set[str]]:
    """(class, attribute) → what it holds, for every attribute not allowed; and the view
    classes walked."""
    found: dict[tuple[str, str], str] = {}
    walked: set[str] = set()
    seen: set[int] = set()
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        cls = type(obj).__name__
        walked.add(cls)
        for name, value in vars(obj).items():
            if (cls, name) in ALLOWED:
                continue       # not walked further: a record of what is shown, a service
            inner = list(value.values()) if isinstance(value, dict) else \
                list(value) if isinstance(value, (list, tuple, set, frozenset)) else [value]
            todo.extend(v for v in inner if _is_view(v))
            if _fine(value):
                continue
            found[(cls, name)] = f"{type(value).__name__}: {value!r:.80}"
    return found, walked


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _every_page_used(monkeypatch) -> App:
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    app = App(store=store_with_sessions(), bot_factory=stub_bots, lang="en")
    assert app.session_key is not None
    app.session_key.send(KEY_A)
    app.learner_picker.pick("Zoë")
    app.show_game()
    app.game.deal(seed=3)
    hand = app.game.board.hand
    for b in hand.buttons[:3]:
        b.click()                       # a few cards tried (a picker may open)
    app.show_practice()
    app.practice.choice_buttons[0].click()
    app.practice.show_drill()
    app.show_rules("SP-3")
    app.show_scenarios()
    app.show_teacher()
    assert app._teacher is not None and app._teacher.unlock("owl-42")
    app.show_table()
    app.open_lesson(app.catalogue()[0])
    app.lesson.next_button.click()
    return app


def test_every_view_keeps_only_widgets_its_session_and_named_plain_values(monkeypatch):
    app = _every_page_used(monkeypatch)
    found, walked = _breaches(app)
    app.set_language("fr")              # new widgets on the same sessions
    app.show_game()
    after, walked_after = _breaches(app)
    found.update(after)
    walked |= walked_after
    assert {"App", "GameApp", "LessonPlayer", "PracticePage", "TeacherPage", "TablePage", "Board",
            "LearnerPicker", "RulesPage", "ScenariosPage", "SpeedDrillView"} <= walked
    unexpected = {k: v for k, v in found.items() if k not in KNOWN_LEFT}
    assert unexpected == {}, "state kept in a view, not in its session:\n" + "\n".join(
        f"  {cls}.{name} = {held}" for (cls, name), held in sorted(unexpected.items()))
    assert set(KNOWN_LEFT) <= set(found), f"moved to a session, take them off KNOWN_LEFT: {set(KNOWN_LEFT) - set(found)}"


def test_the_game_form_choices_are_the_app_sessions_own():
    app = App(bot_factory=stub_bots, lang="en")
    assert app.game.choices is app.session.choices


def test_the_walk_finds_a_plain_value_put_in_a_view():
    class Player:
        pass

    Player.__module__ = "unoparty.views.lesson"
    p = Player()
    p.__dict__.update(box=w.VBox(), on_exit=lambda: None, tries=3, _pending=[1, 2])
    found, _ = _breaches(p)
    assert set(found) == {("Player", "tries"), ("Player", "_pending")}
