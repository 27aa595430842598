"""The small sessions of the app's pages, without ipywidgets (issue 18): the teacher's lock
(session/teacher.py), who is learning with its PIN (session/sign_in.py), the board's
half-built move (session/board.py)."""

from __future__ import annotations

import pytest

from unoparty import access
from unoparty.progress import SQLStore
from unoparty.session.board import BoardSession
from unoparty.session.sign_in import SignInSession
from unoparty.session.teacher import TeacherSession


def test_the_teacher_session_opens_with_the_code_only_and_counts_wrong_tries():
    store = SQLStore("sqlite://")
    session = TeacherSession(store, code=" owl-42 ")
    assert session.unlock("owl").what == "wrong" and not session.is_open
    assert session.unlock("owl-42").what == "right" and session.is_open
    session.lock()
    assert not session.is_open
    for _ in range(access.PAGE_LIMIT - 1):
        session.unlock("nope")
    verdict = session.unlock("nope")
    assert verdict.what in ("wrong", "wait")
    assert session.unlock("owl-42").what == "wait" and session.unlock("owl-42").wait > 0
    assert TeacherSession(store, code="").unlock("anything").what == "no-code"


def test_a_code_sent_by_the_field_is_tried_once_and_the_click_after_it_is_not_a_try():
    """The code field sends its value on Enter or when the focus leaves it: that is the try;
    the "Open the class" click that follows (the field emptied) is none, a later click is."""
    session = TeacherSession(SQLStore("sqlite://"), code="owl-42")
    assert not session.code_sent("")                   # an empty field sends nothing to try
    assert session.code_sent("owl") and session.unlock("owl").what == "wrong"
    assert not session.click_tries("")                 # the click after the focus left the field
    assert session.click_tries("")                     # a click of its own: a try ("type the code")
    assert session.code_sent("owl-42") and session.unlock("owl-42").what == "right"
    assert not session.code_sent("owl-42")             # open: nothing to try
    assert session.click_tries("typed-after") and not session.just_tried


def test_a_teachers_action_waits_for_the_code_again():
    store = SQLStore("sqlite://")
    store.add_learner("Mia")
    store.record_stars("Mia", "l1", 3)
    session = TeacherSession(store, code="owl-42")
    session.ask("delete", "Mia")
    assert session.pending is None              # the class is not open: nothing waits
    session.unlock("owl-42")
    session.ask("delete", "Mia")
    assert session.pending == ("delete", "Mia")
    verdict, done = session.confirm("wrong")
    assert done is None and verdict.what == "wrong" and "Mia" in store.learners()
    verdict, done = session.confirm("owl-42")
    assert done == ("delete", "Mia") and "Mia" not in store.learners() and session.pending is None
    with pytest.raises(ValueError):
        session.ask("burn", "Mia")


def test_a_class_setting_is_written_only_when_it_changes():
    store = SQLStore("sqlite://")
    session = TeacherSession(store, code="owl-42")
    assert not session.set_class("pins", True)    # locked: nothing written
    session.unlock("owl-42")
    assert session.set_class("pins", True) and store.class_setting("pins") == "1"
    assert not session.set_class("pins", True)    # the page setting its checkbox to the store's value
    assert session.set_class("pins", False) and store.class_setting("pins") is None


def test_sign_in_takes_a_name_as_the_class_knows_it():
    store = SQLStore("sqlite://")
    store.add_learner("Zoë")
    session = SignInSession(store)
    assert session.pick("").what == "bad-name" and session.current is None
    verdict = session.pick("zoë")
    assert verdict.what == "taken" and verdict.name == "Zoë" and session.current == "Zoë"
    session.forget()
    assert session.current is None


def test_sign_in_with_pins_asks_for_a_new_pin_then_checks_it():
    store = SQLStore("sqlite://")
    store.set_class_setting("pins", "1")
    session = SignInSession(store)
    verdict = session.pick("Leo")
    assert verdict.what == "ask-pin" and verdict.new and session.waiting == "Leo"
    assert session.check_pin("12").what == "bad-pin"
    assert session.check_pin("1234", "4321").what == "pins-differ"
    assert session.check_pin("1234", "1234").what == "taken" and session.current == "Leo"
    again = SignInSession(store)                  # another page: the PIN is known now
    assert again.pick("Leo").what == "ask-pin" and not again.new_pin
    assert again.check_pin("9999").what == "wrong-pin" and again.current is None
    assert again.check_pin("1234").what == "taken" and again.current == "Leo"
    assert SignInSession(store).check_pin("1234").what == "nothing"   # no name waits


def test_sign_in_offers_names_only_where_the_class_says_so():
    store = SQLStore("sqlite://")
    store.add_learner("Ava")
    assert SignInSession(store).names() == []
    store.set_class_setting("list-names", "1")
    assert SignInSession(store).names() == ["Ava"]
    assert SignInSession(store, current="Ava", fixed=True).names() == []   # the hub's name


def test_the_board_session_keeps_the_half_built_move():
    board = BoardSession()
    assert board.kind == "" and board.pending == [] and not board.uno_armed and not board.free
    board.open("colour", ["a", "b"])
    assert board.kind == "colour" and board.pending == ["a", "b"]
    board.link_first = 2
    board.close()
    assert board.kind == "" and board.link_first is None
    board.arm_uno(True)
    assert board.uno_armed
    with pytest.raises(ValueError):
        board.open("juggle")                      # type: ignore[arg-type]
    assert BoardSession(free=True).free
