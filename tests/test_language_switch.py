"""Switching the language keeps the learner's place (issue 11): the lesson's table and
feedback, the Practice page's question, and every button of the navigation bar are shown
again in the new language. Widgets are driven from Python; no browser."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from unoparty import i18n
from unoparty.cards import Colour
from unoparty.engine.moves import Draw, Play
from unoparty.views.app import App, lesson_catalogue

from tests.test_views import c, stub_bots  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _lesson(app: App, lesson_id: str):
    return app.open_lesson({i.id: i for i in lesson_catalogue()}[lesson_id])


def _to_task(player, *, last: bool = False):
    """Step on to the first task (`last`: the last step, a task), answering the earlier ones
    with the lesson's own answer."""
    while True:
        step = player.steps[player.pos] if player.pos >= 0 else None
        if step is not None and step.is_task and player.pos not in player.answered and \
                (not last or player.pos + 1 == len(player.steps)):
            return step
        if step is not None and step.is_task and player.pos not in player.answered:
            player._answer(step.answer_moves[0])
        player.next_button.click()


def test_a_lesson_keeps_the_learners_own_last_move_after_a_language_switch():
    app = App(bot_factory=stub_bots, lang="en")
    player = _lesson(app, "matching")
    step = _to_task(player, last=True)
    blue = Play(player.me, c("wild"), colour=Colour.BLUE)
    assert blue in step.answer_moves and step.answer_moves[0] != blue  # the lesson's answer: red
    player._answer(blue)
    assert player.game.colour is Colour.BLUE and player.feedback.kind == "good"
    english = player.feedback.text
    app.language.value = "fr"
    again = app.lesson
    assert again is not player and again.pos == player.pos
    assert again.game.colour is Colour.BLUE  # the learner's move, not the lesson's "as red"
    assert again.feedback.kind == "good" and again.feedback.text and again.feedback.text != english
    log = again.log.html.value
    assert "Tu choisis le rouge" not in log and "Tu choisis le bleu" in log
    again.back()
    again.next()  # back on the last step: still the learner's move
    assert again.pos == player.pos and again.game.colour is Colour.BLUE
    assert app.errors.errors == []


def test_a_lesson_keeps_a_wrong_answers_feedback_after_a_language_switch():
    app = App(bot_factory=stub_bots, lang="en")
    player = _lesson(app, "matching")
    step = _to_task(player)
    player._answer(Draw(player.me))
    assert player.feedback.kind == "bad"
    english, rule = player.feedback.text, player.feedback.rule
    app.language.value = "fr"
    again = app.lesson
    assert again.pos == player.pos and again.pos not in again.answered and again.wrong == 1
    assert again.feedback.kind == "bad" and again.feedback.rule == rule
    assert again.feedback.text and again.feedback.text != english
    assert step.task != again.steps[again.pos].task  # the task is French too
    assert app.errors.errors == []


def test_the_practice_page_follows_a_language_switch_with_the_same_question():
    app = App(bot_factory=stub_bots, lang="en")
    app.show_practice()
    page = app.practice
    ex = page.exercise
    english = (page.title.value, page.question.value, page.drill_button.description)
    page.answer(ex.answer)
    said = page.feedback.text
    app.language.value = "cs"
    assert app.page == "practice" and app.practice.exercise is ex
    page = app.practice
    assert page.title.value != english[0] and page.question.value != english[1]
    assert page.drill_button.description != english[2]
    assert page.answered and page.feedback.kind == "good" and page.feedback.text != said
    assert page.rule_label.value.count("1") >= 1  # still question 1
    page.show_drill()
    drill = page.drill
    start, stats = drill.start_button.description, drill.stats.value
    app.language.value = "en"
    assert drill.start_button.description == "Start the flips" != start
    assert "Reaction times" in drill.stats.value and "Reaction times" not in stats
    assert "Speed Play drill" in drill.intro.value
    assert app.errors.errors == []


def test_the_presenter_and_full_screen_buttons_follow_the_language(monkeypatch):
    """A fresh ``?lang=fr`` load: the app is built before the page's request tells the
    language (views/language.py), then switches to it."""
    from unoparty.views import language
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("UNOPARTY_LANG", raising=False)
    monkeypatch.delenv("HTTP_ACCEPT_LANGUAGE", raising=False)
    monkeypatch.setattr(language, "request_environ",
                        lambda: {"QUERY_STRING": "lang=fr", "HTTP_ACCEPT_LANGUAGE": ""})
    app = App(bot_factory=stub_bots)
    assert i18n.language() == "fr"
    assert app.presenter_button.description == i18n._("Presenter") != "Presenter"
    assert app.every_hand_button.description == i18n._("Show every hand") != "Show every hand"
    assert app.keys is not None and app.keys.label == i18n._("Full screen") != "Full screen"
    app.language.value = "en"
    assert (app.presenter_button.description, app.every_hand_button.description, app.keys.label) == \
        ("Presenter", "Show every hand", "Full screen")


def test_after_a_switch_mid_game_the_instruction_on_screen_is_in_the_new_language():
    """A language switch is new widgets on the same game session (issue 18): the same table,
    and the chance the game waits on is worded again — not left in the old language."""
    from tests.test_views import StubBot, setup_game

    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "blue 9", "yellow 1"],
                                            "Ava": ["red 7", "green 4"], "Ben": ["green 2", "green 3"]}, "Ava",
                      rest="none", draw=["green 5", "green 6", "green 7"])

    class PlaysRed7:
        def choose(self, view, rng):
            return Play(1, c("red 7")) if Play(1, c("red 7")) in view.legal_moves else view.legal_moves[0]

    app = App(bot_factory=stub_bots, lang="en", start="game")
    app.game.start_game(game, 0, {1: PlaysRed7(), 2: StubBot()})
    before, session = app.game, app.game.session
    english = before.chance.value
    assert "speed play" in english and before.continue_button.layout.display != "none"
    app.language.value = "fr"
    after = app.game
    assert after is not before and after.session is session and after.game is game
    assert after.chance.value and after.chance.value != english and "speed play" not in after.chance.value
    assert after.continue_button.description == i18n._("Continue") != "Continue"
    assert after.continue_button.layout.display != "none"
    after.continue_button.click()       # the new widgets drive the same session
    assert not session.chance and app.errors.errors == []
    assert before.session is session and session.on_change is not None


def test_a_preheated_kernel_waits_for_the_pages_request_once(monkeypatch) -> None:
    """The page's request reaches a preheated kernel once; the App asks for it twice (its
    language, then ``?table=``). A second wait hung every page of `make app` until the
    browser gave up: the cell never ended, so Voila never sent the page (issue 23's merge)."""
    import unoparty.views.language as language
    calls = []
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(language, "_request_seen", False)
    monkeypatch.setattr(language, "wait_for_request", lambda: calls.append(1))
    monkeypatch.setenv("QUERY_STRING", "lang=fr")
    from unoparty.i18n import set_language
    from unoparty.views import App
    try:
        app = App()
        assert calls == [1]
        assert language.request_environ()["QUERY_STRING"] == "lang=fr" and calls == [1]
        assert app.box is not None
    finally:
        set_language("en")


def test_the_teachers_page_stays_open_and_on_screen_after_a_language_switch(monkeypatch, tmp_path):
    """The teacher who opened the class and then chooses Français stays on the Teacher page
    with the class shown, worded in French — not sent back to Home to type the code again
    (a new-user trial); a locked page stays locked."""
    from unoparty.progress import SQLStore
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    store = SQLStore(f"sqlite://{tmp_path / 'class.sqlite3'}")
    store.record_stars("Mia", "goal", 3)
    app = App(store=store, bot_factory=stub_bots, lang="en")
    app.show_teacher()
    app._teacher.code_field.value = "owl-42"          # Enter in the code field
    assert app._teacher.is_open
    app.language.value = "fr"
    assert app.page == "teacher" and app._teacher.is_open and app._teacher.class_box.layout.display == ""
    assert "Mia" in app._teacher.table.value and app._teacher.refresh_button.description == i18n._("Refresh") != "Refresh"
    assert app.content.children == (app._teacher.box,)
    # a page built locked stays locked in the other language
    other = App(store=store, bot_factory=stub_bots, lang="en")
    other.show_teacher()
    other.language.value = "nb"
    assert other.page == "teacher" and not other._teacher.is_open and other._teacher.lock.layout.display == ""
