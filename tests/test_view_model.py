"""One model of the table per update (issue 10): a click in the game at learning pace asks
the game for at most one view of each seat shown (``Game.view_for``); the bots' seats get
one view per decision of a bot. Checked by clicking the game app's widgets from Python."""

from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("ipywidgets")

from unoparty.cards import Colour
from unoparty.engine import Phase
from unoparty.engine.moves import Play, SpeedPlay
from unoparty.game import Game
from unoparty.rules import Rules
from unoparty.views.controller import LEARNING
from unoparty.views.game_app import GameApp, make_bots

# the same stub bots and progress file as the widget tests
from tests.test_views import _progress_file, playing_stub_bots  # noqa: E402,F401


def _next_widget(app: GameApp, game: Game):
    """What the learner clicks next: Next round, a picker's first choice, Continue at a
    chance, a playable card, else the first action button that is on."""
    board = app.board
    if game.phase is Phase.ROUND_OVER:
        return app.next_round_button
    if board.pick_kind == "colour":
        return board.colour_buttons[Colour.RED]
    if board.picker_buttons:
        return board.picker_buttons[0]
    if app.continue_button.layout.display != "none":
        return app.continue_button
    playable = {m.card for m in board.state.legal_moves if isinstance(m, (Play, SpeedPlay))}
    hand = board.hand
    for k, card in enumerate(hand.cards):
        if card in playable:
            return hand.buttons[k]
    for b in (board.draw_button, board.keep_button, board.accept_button, board.take_button):
        if not b.disabled and b.layout.display != "none":
            return b
    raise AssertionError(f"nothing to click at {game.phase}")


def _count_view_for(monkeypatch) -> Counter:
    calls: Counter = Counter()
    view_for = Game.view_for

    def counted(self, player):
        calls[player] += 1
        return view_for(self, player)

    monkeypatch.setattr(Game, "view_for", counted)
    return calls


def _play_clicks(app: GameApp, game: Game, calls: Counter, clicks: int) -> list[tuple[Counter, int]]:
    """Click `clicks` times (or to the match's end); per click, the view_for calls by seat
    and the bots' moves applied."""
    seen = []
    for _ in range(clicks):
        if game.phase is Phase.MATCH_OVER:
            break
        widget = _next_widget(app, game)
        before = len(game.history)
        calls.clear()
        widget.click()
        moves = [m for m in game.history[before:] if not isinstance(m, str)]
        seen.append((Counter(calls), sum(1 for m in moves if m.player != app.me)))
    return seen


@pytest.mark.parametrize("rule_set", ["party", "classic"])
def test_a_click_at_learning_pace_makes_one_view_per_seat_shown(monkeypatch, rule_set):
    """The page (table, hand, buttons, status line, pickers) draws from one ``view_for`` of
    the learner's seat per click; the bots ask for one view per move they make (stub bots:
    they never move out of turn)."""
    app = GameApp(bot_factory=playing_stub_bots)
    game = Game(["You", "Ava", "Ben", "Cal"], rules=Rules(rule_set=rule_set), seed=11)
    app.start_game(game, 0, playing_stub_bots(range(1, 4)), pace=LEARNING)
    calls = _count_view_for(monkeypatch)
    seen = _play_clicks(app, game, calls, 120)
    assert len(seen) == 120  # a real stretch of play, not one click
    assert game.round_number > 1  # Next round is one of the clicks
    shown = {app.me}
    for per_seat, bot_moves in seen:
        assert sum(per_seat[s] for s in shown) <= len(shown)
        assert sum(k for s, k in per_seat.items() if s not in shown) <= bot_moves
    assert any(bot_moves for _seat, bot_moves in seen)  # the bots did move between clicks


def test_bots_that_react_are_shown_their_view_only_when_they_could_move_out_of_turn(monkeypatch):
    """The app's real bots (they speed play, call UNO and catch): still one view of the
    learner's seat per click, and a bot's view only for a decision it has to make."""
    app = GameApp()
    game = Game(["You", "Ava", "Ben", "Cal"], seed=5)
    app.start_game(game, 0, make_bots(range(1, 4), "basic", 5), pace=LEARNING)
    calls = _count_view_for(monkeypatch)
    seen = _play_clicks(app, game, calls, 60)
    assert len(seen) == 60
    for per_seat, _bot_moves in seen:
        assert per_seat[app.me] <= 1
    # 3 bots asked for a reaction at every step would take more than 3 views per bot move
    bot_views = sum(k for per_seat, _m in seen for s, k in per_seat.items() if s != app.me)
    bot_moves = sum(m for _c, m in seen)
    assert bot_moves and bot_views <= 2 * bot_moves


def test_the_page_reads_the_model_it_drew():
    """The board keeps the model it drew; the status line and the hand agree with it."""
    app = GameApp(bot_factory=playing_stub_bots)
    game = Game(["You", "Ava", "Ben"], seed=3)
    app.start_game(game, 0, playing_stub_bots(range(1, 3)), pace=LEARNING)
    state = app.board.state
    assert state is not None and state.view.player == 0
    assert state.phase is game.phase and isinstance(state.phase, Phase)
    assert sorted(map(str, app.board.hand.cards)) == sorted(map(str, game.hands[0]))
    assert state.legal_moves == game.legal_moves(0)
