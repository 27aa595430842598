"""Sessions outlive the page, driven from Python (issue 18): the browser's key signs the
page in, the Play page offers "Resume your game" / "New game", the app comes back to its
page and language, a bad kept game is dropped with a notice. The browser's side is in
tests/browser/test_resume.py."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from unoparty import i18n
from unoparty.engine.moves import CallUno, Catch, SpeedPlay
from unoparty.views.app import App

from tests.helpers_sessions import KEY_A, KEY_B, store_with_sessions
from tests.test_views import _progress_file, stub_bots  # noqa: F401


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _play_a_little(app: App, clicks: int = 3) -> None:
    game = app.game
    session = game.session
    assert session is not None
    for _ in range(clicks):
        if session.chance:
            game.continue_button.click()
            continue
        g = session.game
        if g.phase.is_over or 0 not in g.to_act():
            return
        session.submit(next(m for m in g.legal_moves(0) if not isinstance(m, (Catch, CallUno, SpeedPlay))))


def test_a_new_page_on_the_same_browser_comes_back_to_the_same_game_and_name():
    store = store_with_sessions()
    app = App(store=store, bot_factory=stub_bots, lang="en")
    assert app.session_key is not None
    app.session_key.send(KEY_A)
    app.learner_picker.pick("Zoë")
    assert app.learner == "Zoë"
    app.show_game()
    app.game.settings["bots"].value = 3
    app.game.deal(seed=11)
    _play_a_little(app)
    g = app.game.game
    hands, top = g.hands, g.top_card
    # the page is reloaded: a new kernel builds a new app; the browser sends the same key
    again = App(store=store, bot_factory=stub_bots, lang="en")
    assert again.learner is None and again.page == "home"
    again.session_key.send(KEY_A)
    assert again.learner == "Zoë"                       # no name typed, no PIN
    assert again.page == "game"                         # back on the page the learner was on
    play = again.game
    assert play.resume_box.layout.display != "none" and play.session is None
    assert play.settings["bots"].value == 3             # the form's choices came back too
    play.resume_button.click()
    assert play.session is not None and play.game.hands == hands and play.game.top_card == top
    assert play.game_box.layout.display != "none" and again.errors.errors == []


def test_new_game_puts_the_kept_game_away():
    store = store_with_sessions()
    app = App(store=store, bot_factory=stub_bots, lang="en")
    app.session_key.send(KEY_A)
    app.show_game()
    app.game.deal(seed=5)
    again = App(store=store, bot_factory=stub_bots, lang="en")
    again.session_key.send(KEY_A)
    assert again.page == "game" and again.game.resume_box.layout.display != "none"
    again.game.fresh_button.click()
    assert again.game.resume_box.layout.display == "none"
    third = App(store=store, bot_factory=stub_bots, lang="en")
    third.session_key.send(KEY_A)
    assert third.game.resume_box.layout.display == "none"


def test_the_page_comes_back_in_its_language_and_not_me_signs_out():
    store = store_with_sessions()
    app = App(store=store, bot_factory=stub_bots, lang="en")
    app.session_key.send(KEY_B)
    app.learner_picker.pick("Ana")
    app.show_rules()
    app.language.value = "fr"
    again = App(store=store, bot_factory=stub_bots, lang="en")
    again.session_key.send(KEY_B)
    assert i18n.language() == "fr" and again.page == "rules" and again.learner == "Ana"
    again.show_home()
    assert again.learner_picker.not_me_button.layout.display != "none"
    again.learner_picker.not_me_button.click()
    assert again.learner is None and again.page == "home"
    third = App(store=store, bot_factory=stub_bots, lang="en")
    third.session_key.send(KEY_B)
    assert third.learner is None


def test_a_bad_kept_game_is_dropped_with_a_one_line_notice():
    store = store_with_sessions()
    store.save_session(KEY_A, "game", {"kind": "game", "deal": {"names": ["You", "Ava"], "rules": {}, "seed": 1},
                                       "moves": [{"kind": "play", "player": 1, "card": "red 99"}]})
    store.save_session(KEY_A, "app", {"kind": "app", "page": "game", "language": "en"})
    app = App(store=store, bot_factory=stub_bots, lang="en")
    app.session_key.send(KEY_A)
    assert app.page == "game" and app.game.resume_box.layout.display != "none"
    app.game.resume_button.click()
    assert "could not be opened again" in app.notice.value
    assert app.game.session is None and app.errors.errors == []
    assert store.load_session(KEY_A, "game") is None


def test_a_key_arriving_after_the_learner_moved_on_moves_no_one():
    store = store_with_sessions()
    store.save_session(KEY_A, "app", {"kind": "app", "page": "rules", "language": "en"})
    app = App(store=store, bot_factory=stub_bots, lang="en")
    app.show_practice()
    app.session_key.send(KEY_A)
    assert app.page == "practice"


def test_a_lesson_and_a_practice_question_come_back_where_they_were():
    from unoparty.views.app import lesson_catalogue
    store = store_with_sessions()
    app = App(store=store, bot_factory=stub_bots, lang="en")
    app.session_key.send(KEY_A)
    info = next(i for i in lesson_catalogue() if i.id == "matching")
    player = app.open_lesson(info)
    player.next_button.click()
    player.next_button.click()
    pos = player.pos
    again = App(store=store, bot_factory=stub_bots, lang="en")
    again.session_key.send(KEY_A)
    assert again.page == "lesson" and again.lesson is not None
    assert again.lesson.lesson_id == "matching" and again.lesson.pos == pos
    again.show_practice()
    question = again.practice.exercise.id
    third = App(store=store, bot_factory=stub_bots, lang="en")
    third.session_key.send(KEY_A)
    assert third.page == "practice" and third.practice.exercise.id == question
    assert third.errors.errors == []


def test_a_lesson_after_a_language_switch_is_kept_at_its_step():
    from unoparty.views.app import lesson_catalogue
    store = store_with_sessions()
    app = App(store=store, bot_factory=stub_bots, lang="en")
    app.session_key.send(KEY_A)
    player = app.open_lesson(next(i for i in lesson_catalogue() if i.id == "matching"))
    player.next_button.click()
    pos = player.pos
    app.language.value = "fr"
    assert store.load_session(KEY_A, "lesson")["pos"] == pos


def test_the_session_key_widget_takes_only_keys_of_the_contracts_shape():
    from unoparty.views.session_key import STORAGE_KEY, SessionKey, valid_key
    got = []
    widget = SessionKey(on_key=got.append)
    widget.send("too-short")
    widget.send("has spaces in it, not url-safe!")
    widget.send(KEY_A, "cookie")
    assert got == [KEY_A] and widget.where == "cookie"
    assert valid_key("A" * 22) and valid_key("a_-" * 21 + "x") and not valid_key("A" * 65) and not valid_key(None)
    assert STORAGE_KEY == "unoparty.key" and "localStorage" in widget._esm and "document.cookie" in widget._esm


def test_in_a_kernel_each_click_is_in_the_store_at_once_and_a_new_page_finds_it():
    """Issue 18, saves in a kernel: with the kernel's loop running (where the bots' moves at
    party pace are throttled to one write per ``SAVE_EVERY``), each of the learner's clicks
    is written at once — nothing of it held, so a kernel killed outright right after a click
    loses none of it — and a page built after it (a reload) finds the last move."""
    import asyncio

    from unoparty.session.app import SAVE_EVERY
    from tests.test_views import in_thread

    store = store_with_sessions()
    seen: dict = {"held": [], "same": []}

    async def play() -> None:
        app = App(store=store, bot_factory=stub_bots, lang="en")
        assert app.session.clock is asyncio.get_running_loop()
        app.session.save_every = 60.0        # a throttle that would hold every click of the test
        app.session_key.send(KEY_A)
        app.show_game()
        app.game.deal(seed=11)
        writes = app.session.writes
        for _ in range(6):
            _play_a_little(app, clicks=1)
            seen["held"].append(app.session.held)
            seen["same"].append(store.load_session(KEY_A, "game") == app.game.session.to_state())
        seen["writes"] = app.session.writes - writes
        seen["moves"] = len(app.game.session.to_state()["moves"])

    in_thread(lambda: asyncio.run(play()))
    assert seen["held"] == [()] * 6 and seen["same"] == [True] * 6 and seen["writes"] >= 1
    assert SAVE_EVERY <= 1.0                 # the bots' moves too are written within a second
    again = App(store=store, bot_factory=stub_bots, lang="en")   # no flush: as after a kill
    again.session_key.send(KEY_A)
    again.game.resume_button.click()
    assert len(again.game.session.to_state()["moves"]) == seen["moves"]
