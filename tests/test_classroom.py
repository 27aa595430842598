"""Teaching a class: the scenario player for a named learner and for a show, the learner's
name on the landing page, the teacher's page and the teacher's own scenarios."""

from __future__ import annotations

from pathlib import Path

from unoparty.cards import Card
from unoparty.scenarios import load_scenario
from unoparty.store import SQLStore, open_store
from unoparty.views.lesson import LessonPlayer
from unoparty.views.progress import Progress

HERE = Path(__file__).resolve().parent / "scenarios" / "classroom"


def _click(hand, text: str) -> None:
    hand.buttons[hand.cards.index(Card.parse(text))].click()


def _play_through(player: LessonPlayer, seat_name: str) -> None:
    player.next_button.click()                       # step 1: narration only
    assert player.board.actions.layout.display == "none"
    player.next_button.click()                       # step 2: the task
    assert player.board.hand.box.layout.display == ""
    assert player.game.names[player.board.me] == seat_name
    assert (player.me is None) == ("Mia to answer" in player.task.value)
    assert player.board.draw_button.layout.display == "" and player.board.keep_button.layout.display == "none"
    assert player.board.accept_button.layout.display == "none"
    player.next_button.click()                       # must answer first
    assert player.pos == 1 and "Answer the task first" in player.feedback.text
    _click(player.board.hand, "blue 9")              # wrong
    assert player.feedback.kind == "bad"
    _click(player.board.hand, "red 5")               # right
    assert player.feedback.kind == "good" and 1 in player.answered
    player.next_button.click()
    player.next_button.click()                       # finish
    assert player.finished and not player.errors.errors


def test_a_scenario_with_learner_key_is_played_from_that_seat(tmp_path) -> None:
    scenario = load_scenario(HERE / "mia.toml")
    assert scenario.learner == "Mia"
    player = LessonPlayer(scenario, progress=Progress(tmp_path / "p.json"))
    assert player.me == 0
    _play_through(player, "Mia")


def test_a_scenario_without_you_is_a_show_answered_for_the_task_player(tmp_path) -> None:
    scenario = load_scenario(HERE / "show.toml")
    assert scenario.learner is None
    player = LessonPlayer(scenario, progress=Progress(tmp_path / "p.json"))
    assert player.me is None
    assert player.board.hand.box.layout.display == "none"   # the table as set up: no hand
    _play_through(player, "Mia")


def test_learner_must_name_a_player(tmp_path) -> None:
    import pytest

    from unoparty.errors import ScenarioError
    text = (HERE / "mia.toml").read_text().replace('learner = "Mia"', 'learner = "Zed"')
    (tmp_path / "zed.toml").write_text(text)
    with pytest.raises(ScenarioError, match="not a player"):
        load_scenario(tmp_path / "zed.toml")


def test_a_lesson_records_tries_and_mistakes_per_rule(tmp_path) -> None:
    from unoparty.store import LearnerProgress
    store = SQLStore(f"sqlite://{tmp_path / 'p.sqlite3'}")
    player = LessonPlayer(load_scenario(HERE / "mia.toml"), progress=LearnerProgress(store, "Mia"))
    _play_through(player, "Mia")
    [lesson] = store.lessons("Mia")
    assert (lesson.lesson, lesson.stars, lesson.tries, lesson.mistakes) == ("mia-plays", 2, 1, 1)
    rules = {(r.rule, r.tries, r.mistakes) for r in store.rules("Mia")}
    assert rules == {("T-1", 2, 1)}


def test_the_landing_page_asks_for_a_name_and_keeps_the_language(monkeypatch) -> None:
    from unoparty.i18n import language, set_language
    from unoparty.views.app import App
    app = App()
    picker = app.learner_picker
    assert app.learner is None and picker.box in app.home.children
    picker.name_field.value = "   "
    picker.start_button.click()
    assert app.learner is None and "up-msg-bad" in picker.message.value
    picker.name_field.value = "Leo"
    picker.start_button.click()
    assert app.learner == "Leo" and open_store().learners() == ["Leo"]
    try:
        app.set_language("fr")
        assert open_store().setting("Leo", "language") == "fr"
        set_language("en")
        other = App()
        assert "Leo" in other.learner_picker.name_field.options
        other.learner_picker.pick("Leo")
        assert language() == "fr"
    finally:
        set_language("en")
