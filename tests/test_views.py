"""Widget tests without a browser (DESIGN.md "Testing": build views on a seeded game, click
buttons from Python, assert game and widget values).

Bots here are a tiny seeded stand-in (uniform over legal moves) so these tests do not
depend on the bots' strategy; the real bots are exercised by the app and browser tests.
"""

from __future__ import annotations

import asyncio
import html
import random

import pytest

pytest.importorskip("ipywidgets")

from unoparty.cards import ALL_CARDS, Card, Colour
from unoparty.engine.moves import CallUno, Catch, Draw, Play, PointAt, SpeedPlay
from unoparty.game import Game
from unoparty.views import svg
from unoparty.views.app import App, lesson_catalogue
from unoparty.views.board import Board
from unoparty.views.controller import LEARNING, PARTY, GameController
from unoparty.views.game_app import GameApp
from unoparty.views.lesson import LessonPlayer
from unoparty.progress import open_store
from unoparty.views.progress import Progress
from unoparty.views.rules_page import rules_html
from unoparty.views.table import TableView, render_table_html, table_state
from unoparty.refusal_words import explain

EVIL = "<img src=x onerror=alert(1)>"


class StubBot:
    """Uniform over the seat's legal moves; never reacts out of turn."""

    def choose(self, view, rng):
        return rng.choice(view.legal_moves)


def stub_bots(seats, level="basic", seed=0):
    return {s: StubBot() for s in seats}


class PlayingStubBot:
    """Plays a card when it holds a playable one (nine times in ten), else uniform over the
    seat's legal moves: rounds end in a few hundred moves, not thousands."""

    def choose(self, view, rng):
        plays = [m for m in view.legal_moves if isinstance(m, Play)]
        return rng.choice(plays if plays and rng.random() < 0.9 else view.legal_moves)


def playing_stub_bots(seats, level="basic", seed=0):
    return {s: PlayingStubBot() for s in seats}


@pytest.fixture(autouse=True)
def _progress_file(tmp_path, monkeypatch):
    monkeypatch.setenv("UNOPARTY_PROGRESS", str(tmp_path / "progress.json"))
    monkeypatch.setenv("UNOPARTY_DELAY_SCALE", "0.001")


def c(text: str) -> Card:
    return Card.parse(text)


def setup_game(names, hands, turn, top="red 3", draw=(), links=(), **kw) -> Game:
    return Game.from_setup(list(names), {n: [c(x) for x in h] for n, h in hands.items()}, turn,
                           [c("blue 5"), c(top)], [c(x) for x in draw], links=tuple(links), **kw)


def in_thread(fn):
    """Run `fn` in a thread of its own: its asyncio loop must not meet another running loop
    (Playwright's sync API keeps one running in the main thread when browser tests share
    the worker)."""
    import threading
    errors = []

    def run():
        try:
            fn()
        except BaseException as exc:  # re-raised in the test's thread
            errors.append(exc)

    t = threading.Thread(target=run)
    t.start()
    t.join(120)
    assert not t.is_alive(), "timed out"
    if errors:
        raise errors[0]


def click_card(hand, text: str) -> None:
    """Click the card `text` in a HandView (the hand is shown sorted)."""
    hand.buttons[hand.cards.index(c(text))].click()


def game_app(game, me=0, bots=None, pace=LEARNING) -> GameApp:
    app = GameApp(bot_factory=stub_bots)
    app.start_game(game, me, bots if bots is not None else {}, pace=pace)
    return app


def test_make_bots_seeds_the_bots_choices() -> None:
    """`make_bots`'s seed gives each bot its own generator: the same seed gives the same
    choices at the same views, another seed other choices, and the controller passes each
    bot its own generator."""
    from unoparty.views.game_app import make_bots

    game = Game(["You", "Ava", "Ben"], seed=4)
    walk = random.Random(1)
    tables = {"same": make_bots([1, 2], "random", seed=7), "again": make_bots([1, 2], "random", seed=7),
              "other": make_bots([1, 2], "random", seed=8)}
    choices: dict = {k: [] for k in tables}
    while not game.phase.is_over and len(choices["same"]) < 40:
        seat = game.to_act()[0]
        if seat in (1, 2):
            for k, bots in tables.items():
                choices[k].append(bots[seat].choose(game.view_for(seat), bots[seat].rng))
        game.apply(walk.choice(game.legal_moves(seat)))
    assert len(choices["same"]) >= 20
    assert choices["same"] == choices["again"]
    assert choices["same"] != choices["other"]
    bots = make_bots([1, 2], "basic", seed=7)
    ctl = GameController(Game(["You", "Ava", "Ben"], seed=4), 0, bots, seed=0)
    assert all(ctl.bot_rngs[s] is bots[s].rng for s in (1, 2))


# ---------------------------------------------------------------- cards


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_has_a_text_label_and_a_non_colour_cue(card):
    drawing = svg.card_svg(card)
    assert 'role="img"' in drawing and "aria-label=" in drawing and "<title>" in drawing
    label = svg.card_label(card)
    if card.is_wild:
        assert label == str(card)
        assert drawing.count(svg.COLOUR_FILL[Colour.RED]) >= 1  # the four-colour oval
    else:
        assert f"({card.colour.initial} {svg.COLOUR_SHAPE[card.colour]})" in label
        assert svg.COLOUR_FILL[card.colour] in drawing
        assert f">{card.colour.initial}</text>" in drawing  # the colour initial is printed


def test_colour_shapes_are_distinct():
    assert [svg.COLOUR_SHAPE[c] for c in Colour] == ["▲", "●", "■", "◆"]
    shapes = {svg.shape_svg(c, 0, 0, 5) for c in Colour}
    assert len(shapes) == 4


def test_wild_on_the_pile_shows_the_chosen_colour():
    drawing = svg.card_svg(c("wild"), chosen=Colour.BLUE)
    assert "blue chosen" in drawing and svg.COLOUR_FILL[Colour.BLUE] in drawing


def test_direction_tracker_says_which_way():
    assert "counterclockwise" in svg.direction_svg(-1)
    assert "counterclockwise" not in svg.direction_svg(1)


# ---------------------------------------------------------------- the table


@pytest.mark.parametrize("n", range(2, 17))
def test_tables_of_2_to_16_players_render_every_seat(n):
    names = ["You", "Ava", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou",
             "Max", "Nia", "Oli"][:n]
    game = Game(names, seed=n)
    state = table_state(game, 0)
    page = render_table_html(state)
    assert page.count('class="up-seat') == n
    for k in range(n):
        assert f"up-pos-{n}-{k}" in page
    assert 'class="up-seat up-pos' in page
    assert "up-turn" in page  # whose turn is lit
    assert "up-direction" in page  # the direction tracker


def test_links_draw_a_chain_and_mark_both_seats():
    game = setup_game(["You", "Ava", "Ben", "Cal"], {"You": ["red 7"], "Ava": ["red 1", "red 2"],
                                                   "Ben": ["blue 1"], "Cal": ["green 1"]}, "You",
                      links=("Ava", "Cal"))
    page = render_table_html(table_state(game, 0))
    assert page.count("up-tag-link") == 2
    assert "stroke=\"#4a2a88\"" in page  # the chain's links


def test_uno_called_or_not_is_shown():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "red 8"], "Ava": ["blue 1"],
                                            "Ben": ["green 1", "green 2"]}, "You")
    page = render_table_html(table_state(game, 0))
    assert "UNO!" in page  # one card at setup counts as called (SCENARIO_FORMAT)


def test_viewer_sees_only_their_own_hand():
    game = Game(["You", "Ava", "Ben"], seed=3)
    state = table_state(game, 0)
    assert state.hand == game.hands[0]
    page = render_table_html(state)
    for card in game.hands[1]:
        assert svg.card_label(card) not in page


def test_html_injection_in_a_name_is_shown_as_text():
    game = setup_game(["You", EVIL, "Ben"], {"You": ["red 7", "red 8"], EVIL: ["blue 1", "blue 2"],
                                            "Ben": ["green 1", "green 2"]}, EVIL)
    app = game_app(game)
    everything = app.board.table.drawing.value + app.status.value + app.log.html.value
    assert EVIL not in everything
    assert html.escape(EVIL) in app.board.table.drawing.value
    # a refusal naming the player is escaped too
    app.board.hand.buttons[0].click()
    assert EVIL not in app.board.message.html.value
    assert html.escape(EVIL) in app.board.message.html.value


# ---------------------------------------------------------------- the hand and the board


def test_playable_cards_are_raised_and_clicking_one_plays_it():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "blue 9", "green 1"], "Ava": ["blue 1", "blue 2"],
                                            "Ben": ["green 2", "green 3"]}, "You")
    app = game_app(game)
    hand = app.board.hand
    assert hand.cards == [c("red 7"), c("green 1"), c("blue 9")]  # sorted by colour
    marks = [set(box._dom_classes) for box in hand.slots[:3]]
    assert "up-playable" in marks[0] and "up-unplayable" in marks[2]
    hand.buttons[0].click()
    assert game.top_card == c("red 7")
    assert game.history[-1] == Play(0, c("red 7"))
    assert hand.cards == [c("green 1"), c("blue 9")]


def test_clicking_an_unplayable_card_explains_and_changes_nothing():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "blue 9"], "Ava": ["blue 1", "blue 2"],
                                            "Ben": ["green 2", "green 3"]}, "You")
    app = game_app(game)
    before = len(game.history)
    click_card(app.board.hand, "blue 9")
    assert len(game.history) == before
    refusal = game.why_illegal(Play(0, c("blue 9")))
    assert refusal is not None
    assert html.escape(explain(refusal)) in app.board.message.html.value
    assert app.board.message.rule == refusal.rule
    assert app.board.message.rule_button.description.endswith(f"{refusal.rule} ›")


def test_a_wild_asks_for_a_colour():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["wild", "blue 9"], "Ava": ["blue 1", "blue 2"],
                                            "Ben": ["green 2", "green 3"]}, "You")
    app = game_app(game)
    click_card(app.board.hand, "wild")
    assert app.board.picker.layout.display != "none"
    assert game.top_card == c("red 3")  # nothing played yet
    app.board.colour_buttons[Colour.GREEN].click()
    assert game.top_card == c("wild") and game.colour is Colour.GREEN
    assert app.board.picker.layout.display == "none"


def test_wild_drawn_together_asks_for_colour_then_two_players():
    game = setup_game(["You", "Ava", "Ben", "Cal"], {"You": ["wild drawn together", "blue 9"],
                                                   "Ava": ["blue 1", "blue 2"], "Ben": ["green 2", "green 3"],
                                                   "Cal": ["yellow 1", "yellow 2"]}, "You")
    app = game_app(game)
    click_card(app.board.hand, "wild drawn together")
    app.board.colour_buttons[Colour.BLUE].click()
    assert app.board.pick.kind == "link"
    [b for b in app.board.picker_buttons if b.description == "Ava"][0].click()
    [b for b in app.board.picker_buttons if b.description == "Cal"][0].click()
    assert set(game.links) == {1, 3}
    assert game.colour is Colour.BLUE


def test_draw_then_keep_buttons():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["blue 9", "green 1"], "Ava": ["blue 1", "blue 2"],
                                            "Ben": ["green 2", "green 3"]}, "You", draw=["red 9"], rest="none")
    app = game_app(game)
    assert not app.board.draw_button.disabled
    app.board.draw_button.click()
    assert str(game.phase.value) == "drawn"
    assert not app.board.keep_button.disabled and app.board.keep_button.layout.display != "none"
    app.board.keep_button.click()
    assert c("red 9") in game.hands[0]
    assert game.current == 1


def test_uno_button_arms_the_call_with_the_next_to_last_card():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "blue 9"], "Ava": ["blue 1", "blue 2"],
                                            "Ben": ["green 2", "green 3"]}, "You")
    app = game_app(game)
    app.board.uno_button.click()
    assert app.board.uno_armed
    click_card(app.board.hand, "red 7")
    assert game.history[-1] == Play(0, c("red 7"), call_uno=True)
    assert game.uno_called[0]


def test_point_taken_picker_points_at_the_clicked_seat():
    game = setup_game(["You", "Ava", "Ben", "Cal"], {"You": ["red point taken", "red 7", "green 2"],
                                                   "Ava": ["blue 1", "blue 2"], "Ben": ["green 2", "green 3"],
                                                   "Cal": ["yellow 1", "yellow 2"]}, "You")
    app = game_app(game)
    click_card(app.board.hand, "red point taken")
    assert str(game.phase.value) == "pointing"
    assert app.board.pick.kind == "point"
    assert "3 · 2 · 1" in app.chance.value
    seat_button = app.board.table.seat_buttons[2]
    assert seat_button.layout.display != "none" and seat_button.description == "Point at Ben"
    seat_button.click()
    assert PointAt(0, 2) in game.history
    assert 0 not in game.waiting_for


def test_mini_pile_is_on_the_table():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["wild pile up", "red 7", "green 2"],
                                            "Ava": ["yellow 1", "blue 2"], "Ben": ["green 2", "green 3"]},
                      "You", draw=["yellow 6"])
    app = game_app(game)
    click_card(app.board.hand, "wild pile up")
    assert game.mini_pile == (c("yellow 6"),)
    page = app.board.table.drawing.value
    assert "up-mini" in page and "mini pile" in page and "yellow 6" in page
    assert not app.board.take_button.disabled or game.current != 0


# ---------------------------------------------------------------- the controller and a whole round


def test_a_round_against_bots_is_played_by_clicking_until_it_ends():
    app = GameApp(bot_factory=stub_bots)
    app.settings["bots"].value = 3
    app.deal(seed=11)
    game, board = app.game, app.board
    rng = random.Random(4)
    for _step in range(5000):
        if str(game.phase.value) in ("round over", "match over"):
            break
        if app.continue_button.layout.display != "none":
            app.continue_button.click()
            continue
        playable = [i for i, box in enumerate(board.hand.slots[: len(board.hand.cards)])
                    if "up-playable" in box._dom_classes]
        if playable and game.current == 0:
            board.hand.buttons[rng.choice(playable)].click()
            for _pick in range(4):  # colour, then (Wild Drawn Together) two players
                if board.picker.layout.display == "none":
                    break
                (board.picker_buttons or list(board.colour_buttons.values()))[0].click()
        elif not board.draw_button.disabled:
            board.draw_button.click()
        elif board.keep_button.layout.display != "none" and not board.keep_button.disabled:
            board.keep_button.click()
        elif not board.accept_button.disabled and board.accept_button.layout.display != "none":
            board.accept_button.click()
        elif not board.take_button.disabled and board.take_button.layout.display != "none":
            board.take_button.click()
        elif board.picker_buttons:
            board.picker_buttons[0].click()
        elif not board.uno_button.disabled:
            board.uno_button.click()
        else:  # pragma: no cover - a state the learner cannot act in but bots do not move
            pytest.fail(f"stuck: {game.phase} current={game.current} legal={game.legal_moves(0)}")
    assert str(game.phase.value) in ("round over", "match over")
    assert app.round_box.layout.display != "none"
    assert "up-scores" in app.scoring.value
    assert not app.errors.errors
    app.next_round_button.click()
    assert str(game.phase.value) not in ("round over", "match over") or game.round_number == 1


def test_learning_pace_pauses_at_a_speed_play_chance_and_says_so():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "blue 9", "yellow 1"],
                                            "Ava": ["red 7", "green 4"], "Ben": ["green 2", "green 3"]}, "Ava",
                      rest="none", draw=["green 5", "green 6", "green 7"])

    class PlaysRed7:
        def choose(self, view, rng):
            return Play(1, c("red 7")) if Play(1, c("red 7")) in view.legal_moves else view.legal_moves[0]

    app = game_app(game, bots={1: PlaysRed7(), 2: StubBot()})
    assert game.top_card == c("red 7")
    assert "speed play" in app.chance.value
    assert app.continue_button.layout.display != "none"
    click_card(app.board.hand, "red 7")  # the speed play
    assert SpeedPlay(0, c("red 7")) in game.history


def test_take_back_in_learning_pace():
    app = GameApp(bot_factory=stub_bots)
    app.settings["bots"].value = 2
    app.deal(seed=5)
    game = app.game
    while game.current != 0:
        app.continue_button.click()
    n = len(game.history)
    app.board.draw_button.click()
    if app.board.keep_button.layout.display != "none":
        app.board.keep_button.click()
    assert len(game.history) > n
    app.undo_button.click()
    assert len(game.history) == n
    assert game.current == 0


def test_party_pace_bots_act_on_the_loop_after_a_click_and_stop_at_the_end():
    def body():
        loop = asyncio.new_event_loop()
        try:
            game = Game(["You", "Ava", "Ben"], seed=2)
            app = GameApp(bot_factory=playing_stub_bots, loop=loop)
            app.start_game(game, 0, playing_stub_bots([1, 2]), pace=PARTY)
            c_ = app.controller
            assert c_.paused and not c_.started  # nothing moves before a click
            app.start_button.click()
            assert c_.started and not c_.paused

            async def play():
                rng = random.Random(1)
                for _ in range(4000):
                    if c_.is_over():
                        return
                    if game.current == 0 or 0 in game.waiting_for:
                        moves = [m for m in game.legal_moves(0) if not isinstance(m, (Catch, CallUno))]
                        plays = [m for m in moves if isinstance(m, Play)]
                        if moves:
                            app.board.on_move(rng.choice(plays if plays and rng.random() < 0.9 else moves))
                    await asyncio.sleep(0.002)

            loop.run_until_complete(asyncio.wait_for(play(), 60))
            assert c_.is_over()
            assert c_.bot_moves > 0
            assert c_.pending() == 0
            assert not app.errors.errors
        finally:
            loop.close()

    in_thread(body)



# the idle limit, the controller's logic: tests/test_session_game.py


def test_errors_in_callbacks_show_in_the_error_panel():
    game = Game(["You", "Ava"], seed=1)
    app = game_app(game)

    def boom(move):
        raise RuntimeError("kaboom")

    app.controller.submit = boom
    app.board.draw_button.disabled = False
    app.board.draw_button.click()
    assert app.errors.errors and "kaboom" in app.errors.html.value
    assert app.errors.box.layout.display != "none"


# ---------------------------------------------------------------- lessons, progress, rules


# One test per lesson (pytest-xdist spreads them over its workers).
LESSONS = lesson_catalogue()


def test_the_catalogue_has_the_lessons():
    assert len(LESSONS) >= 10


@pytest.mark.parametrize("info", LESSONS, ids=lambda info: info.id)
def test_every_lesson_loads_into_the_player(info):
    app = App(bot_factory=stub_bots, learner="Mia")
    player = app.open_lesson(info)
    while not player.finished:
        step = player.steps[player.pos] if player.pos >= 0 else None
        if step is not None and step.is_task and player.pos not in player.answered:
            player._answer(step.answer_moves[0])
            assert player.pos in player.answered, (info.id, player.pos, player.feedback.text)
        player.next_button.click()
    assert not app.errors.errors, info.id
    assert open_store().stars("Mia")[info.id] == 3


def test_a_lesson_wrong_then_right_with_back_and_stars_kept():
    app = App(bot_factory=stub_bots)
    app.learner_picker.name_field.value = "  Mia "
    app.learner_picker.start_button.click()
    assert app.learner == "Mia" and "Mia" in app.learner_picker.message.value
    app.lesson_buttons["speed-play"].click()
    player = app.lesson
    assert isinstance(player, LessonPlayer)
    while not (player.pos >= 0 and player.steps[player.pos].is_task):
        player.next_button.click()
    task_pos = player.pos
    player.next_button.click()  # a task must be answered first
    assert player.pos == task_pos
    player.board.draw_button.click()  # wrong
    assert player.feedback.kind == "bad"
    assert "Hint" in player.feedback.html.value
    hand = player.board.hand
    hand.buttons[hand.cards.index(c("red 7"))].click()  # right
    assert player.feedback.kind == "good"
    player.back_button.click()
    assert player.pos == task_pos - 1
    player.next_button.click()
    assert player.pos == task_pos and task_pos in player.answered
    while not player.finished:
        player.next_button.click()
    assert open_store().stars("Mia")[player.lesson_id] == 2
    record = open_store().lessons("Mia")[0]
    assert (record.lesson, record.tries, record.mistakes) == (player.lesson_id, 1, 1)
    assert [r.mistakes for r in open_store().rules("Mia")] and sum(r.mistakes for r in open_store().rules("Mia")) == 1
    assert "Lesson complete" in player.stars.value
    again = App(bot_factory=stub_bots, learner="Mia")  # a later visit sees the stars
    assert 'aria-label="2 of 3 stars"' in again.lesson_stars["speed-play"].value


def test_a_ruling_is_noted_in_the_lesson():
    infos = {i.id: i for i in lesson_catalogue()}
    app = App(bot_factory=stub_bots)
    player = app.open_lesson(infos["speed-play-timing"])
    seen = False
    while not player.finished:
        step = player.steps[player.pos] if player.pos >= 0 else None
        if step is not None and step.is_task and player.pos not in player.answered:
            player._answer(step.answer_moves[0])
        if "up-ruling" in player.ruling.value:
            seen = True
        player.next_button.click()
    assert seen


def test_rules_page_lists_every_rule_marked_printed_or_ruling():
    from unoparty.rulebook import RULES
    page = rules_html()
    for rid, rule in RULES.items():
        assert f'id="up-rule-{rid}"' in page
    assert "ruling of this app" in page and "printed rule" in page
    focused = rules_html("SP-5")
    assert "up-focus" in focused and "You asked about rule SP-5" in focused


def test_an_explanation_links_to_its_rule():
    app = App(bot_factory=stub_bots)
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "blue 9"], "Ava": ["blue 1", "blue 2"],
                                            "Ben": ["green 2", "green 3"]}, "You")
    app.game.start_game(game, 0, {})
    app.show_game()
    click_card(app.game.board.hand, "blue 9")
    rule = app.game.board.message.rule
    app.game.board.message.rule_button.click()
    assert app.page == "rules" and app.rules.focus == rule
    app.rules.back_button.click()
    assert app.page == "game"


def test_progress_survives_a_broken_file(tmp_path):
    path = tmp_path / "p.json"
    path.write_text("{not json")
    p = Progress(path)
    assert p.stars("x") == 0
    assert p.record("x", 3) == 3 and Progress(path).stars("x") == 3


def test_views_are_not_imported_by_the_engine():
    import subprocess
    import sys
    code = "import sys, unoparty.game, unoparty.narrate; print('ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_free_board_builds_wrong_moves_for_lessons():
    board = Board(free=True)
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "blue 9"], "Ava": ["blue 1", "blue 2"],
                                            "Ben": ["green 2", "green 3"]}, "Ava")
    moves = []
    board.on_move = moves.append
    board.render(game, 0)
    click_card(board.hand, "blue 9")
    board.draw_button.click()
    assert moves == [SpeedPlay(0, c("blue 9")), Draw(0)]


def test_party_pace_counts_3_2_1_after_a_point_taken():
    def body():
        loop = asyncio.new_event_loop()
        try:
            game = setup_game(["You", "Ava", "Ben"], {"You": ["red point taken", "red 7", "green 2"],
                                                    "Ava": ["blue 1", "blue 2"], "Ben": ["green 2", "green 3"]}, "You")
            app = GameApp(bot_factory=stub_bots, loop=loop)
            app.start_game(game, 0, stub_bots([1, 2]), pace=PARTY)
            app.start_button.click()
            click_card(app.board.hand, "red point taken")
            assert str(game.phase.value) == "pointing"
            assert app.board.countdown == 3
            assert "up-count321" in app.board.table.drawing.value and ">3<" in app.board.table.drawing.value
            seen = set()

            async def watch():
                for _ in range(200):
                    seen.add(app.board.countdown)
                    await asyncio.sleep(0.01)

            loop.run_until_complete(watch())
            assert {3, 2, 1, None} <= seen
            app.board.table.seat_buttons[1].click()  # point at Ava
            assert PointAt(0, 1) in game.history
            app.controller.stop()
        finally:
            loop.close()

    in_thread(body)



def test_seven_o_asks_whom_to_swap_with():
    from unoparty.rules import Rules
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "blue 9", "green 1"], "Ava": ["blue 1"],
                                            "Ben": ["green 2", "green 3"]}, "You", rules=Rules(seven_o=True))
    app = game_app(game)
    click_card(app.board.hand, "red 7")
    labels = [b.description for b in app.board.picker_buttons]
    assert "No swap" in labels and "Ava" in labels
    [b for b in app.board.picker_buttons if b.description == "Ava"][0].click()
    assert game.history[-1] == Play(0, c("red 7"), swap_with=1)
    assert len(game.hands[0]) == 1 and len(game.hands[1]) == 2


def test_catch_button_catches_the_player_who_forgot_uno():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "blue 9", "green 1"], "Ava": ["red 1", "red 2"],
                                            "Ben": ["green 2", "green 3"]}, "Ava")

    class ForgetsUno:
        def choose(self, view, rng):
            return Play(1, c("red 1"))

        def react(self, view, rng):
            return None

    app = game_app(game, bots={1: ForgetsUno(), 2: StubBot()})
    assert "catch Ava" in app.chance.value
    assert not app.board.catch_button.disabled
    app.board.catch_button.click()
    assert Catch(0, 1) in game.history
    assert len(game.hands[1]) == 3


def _click_path(player: LessonPlayer, move) -> None:
    """Answer a task the way a learner would: by clicking on the table."""
    from unoparty.engine.moves import Accept, Challenge, Keep, TakeMiniPile
    board = player.board
    simple = {Draw: board.draw_button, Keep: board.keep_button, Accept: board.accept_button,
              Challenge: board.challenge_button, TakeMiniPile: board.take_button}
    if type(move) in simple:
        simple[type(move)].click()
        return
    if isinstance(move, CallUno):
        board.uno_button.click()
        return
    if isinstance(move, Catch):
        board.catch_button.click()
        if board.picker.layout.display != "none":
            board.table.seat_buttons[move.target].click()
        return
    if isinstance(move, PointAt):
        board.table.seat_buttons[move.target].click()
        return
    # a play or a speed play
    if move.call_uno:
        board.uno_button.click()
        assert board.uno_armed
    hand = board.hand
    hand.buttons[hand.cards.index(move.card)].click()
    if board.picker.layout.display != "none" and getattr(move, "colour", None) is not None and \
            board.pick.kind == "colour":
        board.colour_buttons[move.colour].click()
    if getattr(move, "link", None):
        first, second = move.link
        names = player.game.names
        for seat in (first, second):
            [b for b in board.picker_buttons if b.description.split(" (")[0] == names[seat]][0].click()
    if getattr(move, "swap_with", None) is not None:
        [b for b in board.picker_buttons if b.description == player.game.names[move.swap_with]][0].click()
    elif board.pick.kind == "swap":
        [b for b in board.picker_buttons if b.description == "No swap"][0].click()
    if board.pick.kind == "choice":
        label = "Play both" if move.twice else "Play one"
        [b for b in board.picker_buttons if b.description == label][0].click()


@pytest.mark.parametrize("info", LESSONS, ids=lambda info: info.id)
def test_every_lesson_task_can_be_answered_by_clicking(info):
    app = App(bot_factory=stub_bots)
    player = app.open_lesson(info)
    if player.me is None:
        return  # a lesson nobody plays (a demonstration): nothing to click
    while not player.finished:
        step = player.steps[player.pos] if player.pos >= 0 else None
        if step is not None and step.is_task and player.pos not in player.answered:
            _click_path(player, step.answer_moves[0])
            assert player.pos in player.answered, (info.id, step.number, step.answers[0],
                                                   player.feedback.text)
        player.next_button.click()
    assert not app.errors.errors, info.id


# ---------------------------------------------------------------------------------------
# lessons: honest replies (several accepted answers, others' refusals)


def _plain(value: str) -> str:
    import re
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def _matching_player() -> LessonPlayer:
    from unoparty.scenarios.loader import load_scenario
    import pathlib
    import unoparty
    path = pathlib.Path(unoparty.__file__).parent / "lessons" / "matching.toml"
    return LessonPlayer(load_scenario(path))


def _to_task(player: LessonPlayer, nth: int = 1) -> None:
    seen = 0
    while True:
        step = player.steps[player.pos] if player.pos >= 0 else None
        if step is not None and step.is_task and player.pos not in player.answered:
            seen += 1
            if seen == nth:
                return
            player._answer(step.answer_moves[0])
        player.next_button.click()


def test_another_accepted_answer_on_the_last_step_shows_the_learners_own_move():
    player = _matching_player()
    _to_task(player, 2)  # the Wild: "as red" is the lesson's first answer; it is the last step
    pos = player.pos
    assert pos == len(player.steps) - 1
    player._answer(Play(0, c("wild"), colour=Colour.GREEN))
    assert pos in player.answered and player.feedback.kind == "good"
    text = _plain(player.feedback.html.value)
    assert "that works too" in text and "You choose green" in text
    assert "as if you had" not in text and "(W-1)" not in text
    assert "You:" not in text and "as red" not in text  # words, not move notation
    # the table, the narration and the log agree with the learner's own answer
    assert player.game.colour is Colour.GREEN
    assert "Done" in player.task.value and "up-task-done" in player.task.value
    player.next_button.click()
    assert player.finished


def test_a_right_answer_is_said_once():
    player = _matching_player()
    _to_task(player, 1)
    player._answer(Play(0, c("blue 3")))
    text = _plain(player.feedback.html.value)
    assert text.count("Right!") == 1 and "Yes!" not in text
    assert "Now the colour to match is blue" not in _plain(player.say.value)  # not twice on screen
    assert "that works too" not in text


def test_a_wrong_answer_is_described_in_words():
    player = _matching_player()
    _to_task(player, 1)
    player._answer(Play(0, c("green 8")))
    text = _plain(player.feedback.html.value)
    assert "you tried to play the green 8" in text and "you played" not in text  # nothing was played
    assert "You: play" not in text and "(You" not in text


def test_another_players_refused_move_is_told_to_them():
    player = _matching_player()
    while "Cal tries" not in _plain(player.say.value):
        step = player.steps[player.pos] if player.pos >= 0 else None
        if step is not None and step.is_task and player.pos not in player.answered:
            player._answer(step.answer_moves[0])
        player.next_button.click()
    say = _plain(player.say.value)
    assert "The app tells Cal: “You can't play the blue 7 now" in say


# ---------------------------------------------------------------------------------------
# the game: pickers on take back, New game


def test_take_back_closes_an_open_colour_picker():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["wild draw four", "blue 9", "red 5"],
                                            "Ava": ["blue 1", "blue 2"], "Ben": ["green 2", "green 3"]},
                      "You", draw=["green 5", "green 6", "green 7", "green 8", "green 9"])
    app = game_app(game, bots={1: StubBot(), 2: StubBot()})
    click_card(app.board.hand, "red 5")
    while game.current != 0:
        app.continue_button.click()
    assert c("wild draw four") in game.hands[0]
    click_card(app.board.hand, "wild draw four")
    assert app.board.picker.layout.display != "none"  # the colour picker is open
    app.undo_button.click()                          # back to before the red 5
    assert app.board.picker.layout.display == "none"
    assert app.board.pick.kind == "" and not app.board.picker.children
    assert game.top_card == c("red 3")


def test_a_picker_closes_when_the_game_changes_under_it():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["wild", "blue 9"], "Ava": ["blue 1", "blue 2"],
                                            "Ben": ["green 2", "green 3"]}, "You")
    app = game_app(game)
    click_card(app.board.hand, "wild")
    assert app.board.picker.layout.display != "none"
    app.controller._apply(Draw(0))  # the state changes under the picker
    app.render()
    assert app.board.picker.layout.display == "none"


def test_new_game_mid_game_asks_first():
    app = GameApp(bot_factory=stub_bots)
    app.settings["bots"].value = 2
    app.deal(seed=5)
    app.new_game_button.click()
    assert app.game_box.layout.display != "none"          # still playing
    assert app.confirm_box.layout.display != "none"       # asked
    app.keep_playing_button.click()
    assert app.confirm_box.layout.display == "none" and app.game_box.layout.display != "none"
    app.new_game_button.click()
    app.confirm_new_button.click()
    assert app.settings_box.layout.display != "none" and app.game_box.layout.display == "none"


def test_round_over_has_one_new_game_button_and_the_winner_shows_0_cards():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7"], "Ava": ["blue 1", "blue 2"],
                                            "Ben": ["green 2", "green 3"]}, "You")
    app = game_app(game)
    click_card(app.board.hand, "red 7")
    assert str(game.phase.value) in ("round over", "match over")
    assert app.round_box.layout.display != "none"

    def buttons(widget):
        out = []
        for child in getattr(widget, "children", ()):
            if isinstance(child, w.Button):
                if child.layout.display != "none":
                    out.append(child)
            elif getattr(child.layout, "display", None) != "none":
                out.extend(buttons(child))
        return out

    import ipywidgets as w
    shown = [b for b in buttons(app.game_box) if b.description == "New game"]
    assert len(shown) == 1
    app.new_game_button.click()  # no confirmation needed once the round is over
    assert app.settings_box.layout.display != "none"
    drawing = app.board.table.drawing.value
    assert "no cards" not in drawing and "0 cards" in drawing


def test_classic_draw_pile_shows_an_uno_back():
    from unoparty.rules import Rules
    game = setup_game(["You", "Ava"], {"You": ["red 7", "blue 2"], "Ava": ["blue 1", "blue 2"]}, "You",
                      draw=["green 5"], rules=Rules(rule_set="classic"))
    app = game_app(game)
    pile = app.board.table.drawing.value.split('class="up-pile"')[1]
    assert ">UNO<" in pile and ">party<" not in pile


def test_moves_are_described_in_words_not_notation():
    from unoparty.move_words import move_advice, move_past as move_words
    names = ["You", "Ava"]
    wild = Play(0, c("wild"), colour=Colour.RED)
    assert move_advice(wild, names, 0) == "play the wild and choose red"
    assert move_words(wild, names, 0) == "played the wild and chose red"
    assert move_words(wild, names, 0, perfect=True) == "played the wild and chosen red"
    assert move_words(Draw(0), names, 0, perfect=True) == "drawn a card"
    assert move_advice(Catch(0, 1), names, 0) == "catch Ava"


def test_stars_are_earned_when_the_last_task_is_answered_not_only_at_finish():
    # a learner who answers the last task and then goes Home keeps the lesson's stars
    app = App(bot_factory=stub_bots, learner="Ana")
    info = next(i for i in lesson_catalogue() if i.id == "speed-play")
    player = app.open_lesson(info)
    tasks = [i for i, st in enumerate(player.steps) if st.is_task]
    while player.pos < tasks[-1]:
        step = player.steps[player.pos] if player.pos >= 0 else None
        if step is not None and step.is_task and player.pos not in player.answered:
            player._answer(step.answer_moves[0])
        player.next_button.click()
    assert open_store().stars("Ana").get(info.id, 0) == 0  # the last task is still open
    player._answer(player.steps[player.pos].answer_moves[0])
    assert not player.finished
    app.nav_buttons["home"].click()
    assert open_store().stars("Ana")[info.id] == 3


def test_a_fixed_deal_seed_deals_the_same_table_every_time(monkeypatch):
    from unoparty.views.game_app import GameApp, fixed_deal_seed
    monkeypatch.setenv("UNOPARTY_GAME_SEED", "246")
    assert fixed_deal_seed() == 246
    hands = []
    for _ in range(2):
        app = GameApp(bot_factory=stub_bots)
        app.deal()
        assert app.seed == 246
        hands.append(app.controller.game.hands)
        app.controller.stop()
    assert hands[0] == hands[1]
    monkeypatch.setenv("UNOPARTY_GAME_SEED", "not a number")
    assert fixed_deal_seed() is None
