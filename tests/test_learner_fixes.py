"""What a new learner tripped on (issue 14): each fix, checked by clicking widgets from Python."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from unoparty.bots.hints import hint
from unoparty.cards import Card
from unoparty.engine.moves import Catch, Play
from unoparty.game import Game
from unoparty.views.app import App, lesson_catalogue
from unoparty.views.game_app import GameApp
from unoparty.views.rules_page import rules_html
from unoparty.views.table import phase_line, table_state
from unoparty.refusal_words import explain


# the same stub bots, progress file and table helpers as the widget tests
from tests.test_views import StubBot, _progress_file, c, setup_game, stub_bots  # noqa: E402,F401


def test_a_hint_that_leaves_one_card_says_call_uno():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "blue 2"], "Ava": ["green 1"] * 3,
                                            "Ben": ["green 2"] * 3}, "You")
    move, reason = hint(game, 0)
    assert isinstance(move, Play) and move.call_uno
    assert "UNO" in reason and "U-2" in reason


def test_a_hint_that_leaves_more_cards_does_not_mention_uno():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "blue 2", "blue 4"], "Ava": ["green 1"] * 3,
                                            "Ben": ["green 2"] * 3}, "You")
    move, reason = hint(game, 0)
    assert not getattr(move, "call_uno", False) and "UNO" not in reason


def test_the_mini_pile_header_speaks_to_you_in_the_second_person():
    game = setup_game(["Ben", "You", "Ava"], {"Ben": ["wild pile up", "red 1"], "You": ["red 2", "red 4"],
                                            "Ava": ["green 2", "green 4"]}, "Ben",
                      draw=["green 7", "yellow 1", "blue 8"])
    game.apply(Play(0, c("wild pile up")))
    assert game.current == 1
    mine = phase_line(table_state(game, 1))
    assert "adds" not in mine and "add a card or take the pile" in mine
    theirs = phase_line(table_state(game, 2))  # another seat sees the player named
    assert "adds a card or takes the pile" in theirs


def _lesson(app: App, lesson_id: str):
    infos = {i.id: i for i in lesson_catalogue()}
    return app.open_lesson(infos[lesson_id])


def _to_first_task(player):
    while not (player.pos >= 0 and player.steps[player.pos].is_task):
        player.next_button.click()


def test_a_refused_answer_is_named_as_an_attempt_not_as_a_play():
    app = App(bot_factory=stub_bots)
    player = _lesson(app, "speed-play")
    _to_first_task(player)
    hand = player.board.hand
    wrong = next(card for card in hand.cards if card != c("red 7"))
    hand.buttons[hand.cards.index(wrong)].click()
    text = player.feedback.html.value
    assert player.feedback.kind == "bad"
    assert "you tried to" in text and "you played" not in text


def test_answer_the_task_first_goes_away_when_a_picker_opens():
    app = App(bot_factory=stub_bots)
    player = _lesson(app, "wild")
    _to_first_task(player)
    player.next_button.click()
    assert "Answer the task first" in player.feedback.html.value
    hand = player.board.hand
    wild = next(card for card in hand.cards if card.is_wild)
    hand.buttons[hand.cards.index(wild)].click()
    assert player.board.picker.layout.display != "none"
    assert "Answer the task first" not in player.feedback.html.value


def _finish(player):
    while not player.finished:
        step = player.steps[player.pos] if player.pos >= 0 else None
        if step is not None and step.is_task and player.pos not in player.answered:
            player._answer(step.answer_moves[0])
        player.next_button.click()


def test_after_a_lesson_next_lesson_opens_the_following_one_and_stars_update_at_once():
    app = App(bot_factory=stub_bots)
    catalogue = lesson_catalogue()
    first = app.open_lesson(catalogue[0])
    assert first.next_lesson_button.layout.display == "none"
    _finish(first)
    assert 'aria-label="3 of 3 stars"' in first.title.value  # the title agrees with the panel
    assert first.next_lesson_button.layout.display != "none"
    first.next_lesson_button.click()
    assert app.lesson is not first and app.lesson.lesson_id == catalogue[1].id and app.page == "lesson"
    app.show_home()
    assert 'aria-label="3 of 3 stars"' in app.lesson_stars[catalogue[0].id].value


def test_the_last_lesson_offers_no_next_lesson():
    app = App(bot_factory=stub_bots)
    last = app.open_lesson(lesson_catalogue()[-1])
    assert last.on_next_lesson is None


def test_catch_after_finish_says_the_lesson_is_complete():
    app = App(bot_factory=stub_bots)
    player = app.open_lesson(lesson_catalogue()[0])
    _finish(player)
    assert player.board.catch_button.disabled
    player.board.on_move(Catch(player.me, (player.me + 1) % player.game.n_players))
    assert "lesson is complete" in player.feedback.html.value


def test_the_specification_is_not_labelled_exact_wording():
    page = rules_html()
    assert "Exact wording" not in page


@pytest.mark.parametrize("typed", [" Zoe", "Zoe ", "  Zoe  "])
def test_spaces_around_a_name_are_removed_with_a_note_at_the_field(typed):
    app = GameApp(bot_factory=stub_bots)
    app.settings["name"].value = typed
    app.deal(seed=3)
    assert app.game is not None and app.game.names[0] == "Zoe"
    assert "spaces" in app.name_message.value
    app.controller.stop()


@pytest.mark.parametrize("typed", ["Zo:e", "Z" * 41])
def test_a_name_the_game_cannot_take_gets_a_message_at_the_field(typed):
    app = GameApp(bot_factory=stub_bots)
    app.settings["name"].value = typed
    app.deal(seed=3)
    assert app.game is None
    assert "up-field-error" in app.name_message.value and "Traceback" not in app.name_message.value


def test_the_point_taken_ruling_does_not_contrast_two_identical_things():
    from unoparty.scenarios.loader import load_scenario
    info = {i.id: i for i in lesson_catalogue()}["point-taken"]
    text = " ".join(s.say or "" for s in load_scenario(info.path).steps)
    assert "take turns to draw; this app rules that they draw one after another" not in text


def test_click_only_hints_do_not_ask_the_learner_to_say_things():
    from unoparty.scenarios.loader import load_scenario
    for info in lesson_catalogue():
        for step in load_scenario(info.path).steps:
            assert not (step.hint or "").startswith("Say "), (info.id, step.hint)


def test_the_match_target_fits_the_table_and_stays_changeable():
    from unoparty.views.game_app import proposed_target
    app = GameApp(bot_factory=stub_bots)
    app.settings["bots"].value = 15
    assert app.settings["target"].value == proposed_target(16) > 737 * 2
    assert str(proposed_target(16)) in app.target_note.value
    app.settings["target"].value = 600  # the learner's choice is kept
    app.settings["bots"].value = 3
    assert app.settings["target"].value == 600
    app.deal(seed=1)
    assert app.game.rules.target_score == 600
    app.controller.stop()


def test_the_rules_page_has_contents_and_a_search_box():
    from unoparty.rulebook import RULES
    from unoparty.views.rules_page import RulesPage
    page = RulesPage()
    assert 'class="up-rules-contents"' in page.html.value and 'href="#up-family-PT"' in page.html.value
    page.search.value = "point taken"
    shown = [rid for rid in RULES if f'id="up-rule-{rid}"' in page.html.value]
    assert "PT-4" in shown and "T-1" not in shown and len(shown) < len(RULES)
    assert "mention" in page.html.value
    page.search.value = "zzzz no such word"
    assert not any(f'id="up-rule-{rid}"' in page.html.value for rid in RULES)
    assert "0 rules mention" in page.html.value
    page.search.value = ""
    assert all(f'id="up-rule-{rid}"' in page.html.value for rid in RULES)


def _to_task_of(player, last: bool = False):
    while True:
        step = player.steps[player.pos] if player.pos >= 0 else None
        if step is not None and step.is_task and player.pos not in player.answered and \
                (not last or player.pos == len(player.steps) - 1):
            return step
        if step is not None and step.is_task and player.pos not in player.answered:
            player._answer(step.answer_moves[0])
        player.next_button.click()


def test_links_end_last_step_shows_the_learners_own_pointing():
    from unoparty.engine.moves import PointAt
    app = App(bot_factory=stub_bots)
    player = _lesson(app, "links-end")
    _to_task_of(player, last=True)
    ava = player.game.seat("Ava")
    before = len(player.game.hands[ava])
    player._answer(PointAt(player.me, ava))
    assert player.feedback.kind == "good"
    assert len(player.game.hands[ava]) == before + 1  # the table is the learner's, not Ben's
    text = player.feedback.html.value
    assert "as if you had" not in text and "Ava" in text


def test_point_taken_pointing_at_ben_is_right_and_no_task_contradicts_the_secret():
    from unoparty.engine.moves import PointAt
    app = App(bot_factory=stub_bots)
    player = _lesson(app, "point-taken")
    while not (player.pos >= 0 and player.steps[player.pos].is_task and player.pos not in player.answered
               and "point" in player.steps[player.pos].task.lower() and "Point Taken" not in player.steps[player.pos].task):
        step = player.steps[player.pos] if player.pos >= 0 else None
        if step is not None and step.is_task and player.pos not in player.answered:
            player._answer(step.answer_moves[0])
        player.next_button.click()
    assert "fingers" not in player.steps[player.pos].task
    ben, cal = player.game.seat("Ben"), player.game.seat("Cal")
    before = len(player.game.hands[ben]), len(player.game.hands[cal])
    pos = player.pos
    player._answer(PointAt(player.me, ben))
    assert player.feedback.kind == "good"
    # not the last step, but its point holds whatever the learner chooses: the lesson goes on
    # from the learner's own move (issue 19), never "as if you had pointed at Cal"
    text = player.feedback.html.value
    assert "as if you had" not in text and "you at Ben" in text
    assert (len(player.game.hands[ben]), len(player.game.hands[cal])) == (before[0] + 4, before[1])
    # the next step, Back and Next again: the table and the log keep the learner's own move
    player.next_button.click()
    player.back_button.click()
    player.next_button.click()
    assert player.pos == pos + 1
    assert (len(player.game.hands[ben]), len(player.game.hands[cal])) == (before[0] + 4, before[1])
    from unoparty.engine.events import EventKind
    results = [e for r in player.runner.results for e in r.events if e.kind is EventKind.POINTING_RESULT]
    assert results and dict(zip(results[-1].players, results[-1].targets))[player.me] == ben


def test_an_accepted_answer_the_lesson_cannot_go_on_from_is_explained_and_taken_back():
    """Wild Draw Four: the later steps need blue (Ava's challenge keeps blue; Ben's Wild Draw
    Four is fair only without blue). Green is allowed by the rules, so it is explained, not
    counted wrong, not made — and never replaced by blue silently (issue 19)."""
    from unoparty.cards import Card, Colour
    from unoparty.engine.moves import Play
    app = App(bot_factory=stub_bots)
    player = _lesson(app, "wild-draw-four")
    step = _to_task_of(player)
    assert "blue" in step.task  # the task says so before the learner chooses
    pos, wrong = player.pos, player.wrong
    top = player.game.top_card
    player._answer(Play(player.me, Card.parse("wild draw four"), colour=Colour.GREEN))
    text = player.feedback.html.value
    assert player.feedback.kind == "info" and "taken back" in text and "blue" in text
    assert "It would do this" in text
    assert pos not in player.answered and player.wrong == wrong and player.game.top_card == top
    player._answer(Play(player.me, Card.parse("wild draw four"), colour=Colour.BLUE))
    assert player.feedback.kind == "good" and pos in player.answered
    assert player.game.colour is Colour.BLUE


# the bots leave the card turned up at the start to the first player: tests/test_session_game.py


def test_a_refusal_goes_away_once_the_game_has_moved_on():
    app = GameApp(bot_factory=stub_bots)
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "blue 9"], "Ava": ["red 1", "red 2"],
                                            "Ben": ["green 2", "green 3"]}, "Ava")
    app.start_game(game, 0, {1: StubBot(), 2: StubBot()}, pace="party")
    hand = app.board.hand
    hand.buttons[hand.cards.index(c("red 7"))].click()  # not your turn
    assert app.board.message.kind == "bad" and "T-0" in app.board.message.rule
    c_ctl = app.controller
    c_ctl._apply(Play(1, c("red 1")))  # Ava plays; then Ben...
    c_ctl._changed()
    assert app.board.message.kind != "bad"
    c_ctl.stop()


# ------------------------------------------------------------------ keys and presenter's mode

def test_keys_step_a_lesson_and_play_cards_from_the_hand():
    app = App(bot_factory=stub_bots)
    player = _lesson(app, "speed-play")
    assert app.keys is not None
    app.keys.press("ArrowRight")
    assert player.pos == 0
    app.keys.press("ArrowLeft")
    assert player.pos == -1
    while not (player.pos >= 0 and player.steps[player.pos].is_task):
        app.keys.press("ArrowRight")
    app.keys.press("d")  # draw: the wrong answer here
    assert player.feedback.kind == "bad"
    k = player.board.hand.cards.index(c("red 7"))
    app.keys.press(str(k + 1))  # the red 7, by its place in the hand
    assert player.feedback.kind == "good"


def test_keys_answer_on_the_practice_page():
    app = App(bot_factory=stub_bots)
    app.show_practice()
    page = app.practice
    ex = page.exercise
    from unoparty.practice.text import choice_label
    label = choice_label(ex, ex.answer)  # a digit picks the answer of that label, else the place
    app.keys.press(label if label.isdigit() else str(ex.choices().index(ex.answer) + 1))
    assert page.feedback.kind == "good"
    app.press("ArrowRight")
    assert page.exercise is not ex


def test_presenter_mode_enlarges_and_shows_every_hand():
    app = App(bot_factory=stub_bots)
    player = _lesson(app, "speed-play")
    app.presenter_button.value = True
    assert "up-presenter" in app.box._dom_classes
    app.every_hand_button.value = True
    for name in player.game.names:
        assert f"<b><bdi>{name}</bdi></b>" in app.every_hand.value
    before = app.every_hand.value
    seen = {before}
    for _ in range(len(player.steps)):  # the panel follows the table as the lesson goes on
        step = player.steps[player.pos] if player.pos >= 0 else None
        if step is not None and step.is_task and player.pos not in player.answered:
            player._answer(step.answer_moves[0])
        player.next_button.click()
        seen.add(app.every_hand.value)
    assert len(seen) > 1
    app.every_hand_button.value = False
    assert app.every_hand.value == "" and before
    app.presenter_button.value = False
    assert "up-presenter" not in app.box._dom_classes


@pytest.mark.parametrize("lang", ["en", "fr", "cs"])
def test_the_log_marks_a_ruling_in_every_language(lang):
    """An event decided by a ruling (S-3) gets the "ruling of this app" tag in the log in any
    language (it was found by the English word "ruling" in the sentence, so only in English);
    an event of a printed rule gets none."""
    from dataclasses import dataclass

    from unoparty import i18n
    from unoparty.narrate import rule_note
    from unoparty.views import common

    i18n.set_language(lang)
    try:
        @dataclass(frozen=True)
        class Ev:  # the log keys its cache by event: hashable, like the engine's events
            rule: str

        events = [Ev("S-3"), Ev("T-1")]
        said = {id(e): f"Something happens {rule_note(e.rule)}" for e in events}
        log = common.LogView()
        real = common.narrate_event
        common.narrate_event = lambda ev, names, viewer: said[id(ev)]
        try:
            log.render(events, ["Ava", "Ben"], 0)
        finally:
            common.narrate_event = real
        mark = i18n._("ruling of this app")
        items = log.html.value.split("up-log-item")
        s3 = next(i for i in items if ">S-3<" in i)
        t1 = next(i for i in items if ">T-1<" in i)
        assert mark in s3 and "up-mark-ruling" in s3
        assert "up-mark-ruling" not in t1
        assert "(S-3" not in log.html.value  # the id is a tag, not left in the sentence
    finally:
        i18n.set_language("en")


def test_the_rules_page_shows_learners_no_makers_notes_or_source_references():
    """Issue 21: the Rules page is for pupils: the plain rule text, without RULES.md's notes
    to the app's makers ("Keep this as one data table") or its source references ("003")."""
    from unoparty.rulebook import RULES
    page = rules_html()
    assert "Keep this" not in page and "003" not in page and "makers" not in page
    assert "Keep this as one data table" in RULES["D-1"].text or any(
        "Keep this" in r.text for r in RULES.values())  # still in the shipped RULES.md
    assert all(f'id="up-rule-{rid}"' in page for rid in RULES)


# ---------------------------------------------------------------- issue 19: what the lesson table offers

def test_the_stacking_lesson_offers_no_challenge_against_a_draw_two():
    """A Draw Two can't be challenged (H-1 ruling): the lesson's table asks the engine before
    it shows the Challenge! button; against a Wild Draw Four (W-3) it is there."""
    app = App(bot_factory=stub_bots)
    player = _lesson(app, "stacking")
    _to_task_of(player)
    board = player.board
    assert board.state.phase.name == "CHALLENGE"
    assert board.challenge_button.layout.display == "none"
    assert board.accept_button.layout.display == ""
    bluff = _lesson(app, "wild-draw-four-bluff")
    _to_task_of(bluff)
    assert bluff.board.state.phase.name == "CHALLENGE"
    assert bluff.board.challenge_button.layout.display == "" and not bluff.board.challenge_button.disabled


def test_draw_a_card_is_greyed_out_while_everyone_is_pointing():
    """In a lesson as in a game (T-3, PT-3): nobody may draw during the Point Taken count."""
    app = App(bot_factory=stub_bots)
    player = _lesson(app, "point-taken-limit")
    _to_task_of(player)
    board = player.board
    assert board.state.phase.name == "POINTING"
    assert board.draw_button.disabled
    # on a turn the learner may draw, it is live
    matching = _lesson(app, "drawing")
    _to_task_of(matching)
    if matching.board.state.phase.name == "TURN" and matching.board.draw_button.layout.display == "":
        assert not matching.board.draw_button.disabled


# ---------------------------------------------------------------- issue 19: wording that was not so

def test_a_refusal_after_a_wild_pile_up_names_no_chosen_colour():
    """Nobody chooses a colour for a Wild Pile Up (PU-1): the colour is the mini pile's (PU-7)."""
    from unoparty.cards import Colour
    hands = {"You": ["green 3", "red 2"], "Ava": ["blue 1"] * 2, "Ben": ["green 2"] * 2}
    game = Game.from_setup(["You", "Ava", "Ben"], {n: [c(x) for x in h] for n, h in hands.items()}, "You",
                           [c("blue 5"), c("wild pile up")], [], colour=Colour.RED, rest="none")
    refusal = game.why_illegal(Play(0, c("green 3")))
    assert refusal is not None and refusal.rule == "T-1"
    text = explain(refusal)
    assert "chosen" not in text and "nobody chooses" in text and "red" in text


def test_the_classic_scoring_note_does_not_mention_point_taken():
    from unoparty.rules import Rules
    from tests.test_views import click_card, game_app
    for rules, point_taken in ((Rules(rule_set="classic"), False), (Rules(), True)):
        game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7"], "Ava": ["blue 1", "blue 2"],
                                                "Ben": ["green 2", "green 3"]}, "You", rules=rules)
        app = game_app(game)
        click_card(app.board.hand, "red 7")
        html = app.scoring_html()
        assert "(R-3)" in html and ("Point Taken" in html) is point_taken


def test_the_bots_page_gives_the_player_counts_the_lessons_give():
    """S-1: 2–16 players, 6–16 recommended (the lesson says 2–16); classic 2–10."""
    from tests.test_views import game_app
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "red 8"], "Ava": ["blue 1", "blue 2"],
                                            "Ben": ["green 2", "green 3"]}, "You")
    html = str([getattr(ch, "value", "") for ch in _walk(game_app(game).settings_box)])
    assert "6 to 16" not in html and "2 to 16" in html and "2 to 10" in html


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def test_a_speed_played_reverse_does_not_pass_over_the_player_whose_turn_it_is_next():
    """SP-2 with SP-7: after a speed-played Reverse the next turn may go to a player "between";
    the narration says where play jumps (past whom), never "Ava is passed over. It is Ava's turn"."""
    from unoparty.rules import Rules
    from unoparty.engine.moves import SpeedPlay
    from unoparty.narrate import narrate
    game = setup_game(["You", "Ava", "Ben", "Cal"], {"You": ["red reverse", "yellow 9"], "Ava": ["blue 2", "green 3"],
                                                   "Ben": ["green 6", "yellow 1"], "Cal": ["red reverse", "blue 8"]},
                      "Cal", top="red 5", draw=["red 1", "red 2", "yellow 3"], rules=Rules(rule_set="classic", jump_in=True),
                      rest="none")
    game.apply(Play(3, c("red reverse")))
    events = game.apply(SpeedPlay(0, c("red reverse")))
    text = " ".join(narrate(e, game.names, 2) for e in events)
    nxt = game.names[game.to_act()[0]]
    assert nxt == "Ava"
    assert "passed over" not in text and "Play jumps past you and Ava to You." in text, text
    assert "It is Ava's turn" in text


# ---------------------------------------------------------------- issue 19: names with bidirectional controls

RLO, FSI, PDI = "\u202e", "\u2068", "\u2069"


def test_a_learners_name_loses_its_override_and_the_greeting_isolates_it(tmp_path):
    """A right-to-left override in a typed name reversed the greeting: the store keeps the
    name without bidirectional controls, and the greeting shows it as its own text (<bdi>)."""
    from unoparty.progress import SQLStore
    from unoparty.views.learner import LearnerPicker
    store = SQLStore(f"sqlite://{tmp_path / 'class.sqlite3'}")
    picker = LearnerPicker(store, on_pick=lambda name: None)
    assert picker.pick(f"{RLO}Mia\u200f") == "Mia"
    assert store.learners() == ["Mia"]
    greeting = picker.message.value
    assert "<bdi>Mia</bdi>" in greeting and RLO not in greeting


@pytest.mark.parametrize("invisible", ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"])
def test_a_name_with_an_invisible_character_is_the_same_learner(tmp_path, invisible):
    """Issue 22: "Ava" + a zero-width space looked like "Ava" on the Teacher page but was
    another learner, so a pupil could pose as a classmate. The name rule removes the
    invisible characters: it is Ava, and with PINs on, Ava's PIN is asked for."""
    from unoparty import access
    from unoparty.progress import SQLStore, normalise_name
    from unoparty.views.learner import LearnerPicker
    store = SQLStore(f"sqlite://{tmp_path / 'class.sqlite3'}")
    store.add_learner("Ava")
    store.set_setting("Ava", access.PIN_KEY, access.hash_pin("4821"))
    store.record_stars(f"Ava{invisible}", "speed-play", 1)
    store.add_learner(f"{invisible}Ava")
    assert store.learners() == ["Ava"] and store.stars("Ava") == {"speed-play": 1}
    assert normalise_name(f"A{invisible}va") == "Ava"
    store.set_class_setting("pins", "1")
    picker = LearnerPicker(store, on_pick=lambda name: None)
    assert picker.pick(f"Ava{invisible}") is None and picker.session.waiting == "Ava"
    assert not picker.session.new_pin   # Ava's own PIN is asked for, not a new one
    assert store.learners() == ["Ava"]


def test_a_name_is_kept_in_composed_form():
    """An "é" typed as "e" + a combining accent (NFD) is the same learner as "é" (NFC)."""
    from unoparty.progress import normalise_name
    assert normalise_name("Chloe\u0301") == normalise_name("Chlo\u00e9") == "Chlo\u00e9"


def test_every_table_shows_a_name_as_its_own_isolated_text(tmp_path, monkeypatch):
    """The game table, the scores, the teacher's class table, its picker and its buttons: a
    name — even one stored before names lost their controls — never reorders its row."""
    from unoparty.progress import SQLStore
    from unoparty.views.teacher import TeacherPage
    from tests.test_views import click_card, game_app
    # the game: the learner's name typed with an override
    app = GameApp(bot_factory=stub_bots)
    app.settings["name"].value = f"{RLO}Zed"
    assert app._checked_name() == "Zed"
    assert app.settings["name"].value == "Zed" and "spaces" not in app.name_message.value
    game = setup_game(["דנה", "Ava", "Ben"], {"דנה": ["red 7"], "Ava": ["blue 1", "blue 2"],
                                              "Ben": ["green 2", "green 3"]}, "דנה")
    gapp = game_app(game)
    drawing = gapp.board.table.drawing.value
    assert "<bdi>דנה</bdi>" in drawing and "<bdi>Ava</bdi>" in drawing
    click_card(gapp.board.hand, "red 7")
    assert "<bdi>Ava</bdi>" in gapp.scoring_html()
    # the teacher's page, with a name stored raw (as an older store may hold it)
    store = SQLStore(f"sqlite://{tmp_path / 'class.sqlite3'}")
    store.record_stars("Leo", "speed-play", 2)
    with store._transaction() as cur:
        cur.execute("UPDATE learners SET name = ? WHERE name = ?", (f"{RLO}Leo", "Leo"))
        cur.execute("UPDATE lesson_progress SET learner = ? WHERE learner = ?", (f"{RLO}Leo", "Leo"))
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    page = TeacherPage(store)
    assert page.unlock("owl-42")
    table = page.table.value
    assert '<th scope="row"><bdi>Leo</bdi></th>' in table and RLO not in table
    labels = [label for label, _value in page.learner_field.options]
    assert labels == ["Leo"] and page.learner_field.value == f"{RLO}Leo"   # the record itself is kept
    page.reset_button.click()
    assert RLO not in page.confirm_button.description


def test_narration_isolates_a_right_to_left_name():
    from unoparty.engine.events import Event, EventKind
    from unoparty.narrate import narrate
    names = ("You", "דנה", f"{RLO}Ben")
    text = narrate(Event(EventKind.PASSED_OVER, "SP-2", players=(1, 2)), names, viewer=0)
    assert f"{FSI}דנה{PDI}" in text and RLO not in text and "Ben" in text


def test_the_stacking_lessons_title_line_offers_no_challenge_either():
    """Whose move it is, above the table: against a Draw Two no "or challenge" (H-1)."""
    app = App(bot_factory=stub_bots)
    player = _lesson(app, "stacking")
    _to_task_of(player)
    line = phase_line(table_state(player.game, player.me))
    assert "challenge" not in line and "stack" in line
    bluff = _lesson(app, "wild-draw-four-bluff")
    _to_task_of(bluff)
    assert "challenge" in phase_line(table_state(bluff.game, bluff.me))


def test_the_learners_own_move_stays_after_a_language_switch():
    from unoparty.engine.moves import PointAt
    app = App(bot_factory=stub_bots)
    player = _lesson(app, "point-taken")
    while not (player.pos >= 0 and player.steps[player.pos].is_task and player.pos not in player.answered
               and "any other player" in player.steps[player.pos].task):
        step = player.steps[player.pos] if player.pos >= 0 else None
        if step is not None and step.is_task and player.pos not in player.answered:
            player._answer(step.answer_moves[0])
        player.next_button.click()
    ben = player.game.seat("Ben")
    player._answer(PointAt(player.me, ben))
    player.next_button.click()
    hands = [len(h) for h in player.game.hands]
    try:
        app.set_language("fr")
        again = app.lesson
        assert again is not player and again.pos == player.pos
        assert [len(h) for h in again.game.hands] == hands   # Ben's four cards, not Cal's one
    finally:
        app.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_the_status_line_says_you_to_the_learner_who_drew_or_must_answer(lang):
    """Issue 21: the learner's seat (named "Toi" by the game page in French) was the subject of
    a third-person line: "Toi a pioché une carte jouable", "Toi doit accepter la pioche"."""
    from unoparty import i18n
    from unoparty.engine.moves import Draw
    i18n.set_language(lang)
    try:
        me = "Mia"  # the learner's name on the game page ("Toi" when none is typed)
        game = setup_game([me, "Ava", "Ben"], {me: ["blue 2", "green 9"], "Ava": ["green 1"] * 3,
                                               "Ben": ["green 2"] * 3}, me, draw=["red 8"])
        game.apply(Draw(0))
        assert str(game.phase.value) == "drawn"
        mine, theirs = phase_line(table_state(game, 0)), phase_line(table_state(game, 1))
        assert me not in mine and i18n._("You drew a card that can be played: play it or keep it") == mine
        assert me in theirs  # another seat reads the player's name
        game = setup_game(["Ava", me, "Ben"], {"Ava": ["wild draw four", "green 1"], me: ["blue 2", "green 9"],
                                               "Ben": ["green 2"] * 3}, "Ava")
        game.apply(Play(0, c("wild draw four"), colour=c("red 1").colour))
        mine = phase_line(table_state(game, 1))
        assert mine == i18n._("You must accept the draw or challenge") and me not in mine
        assert "Ben" not in phase_line(table_state(game, 2)) and me in phase_line(table_state(game, 2))
    finally:
        i18n.set_language("en")
