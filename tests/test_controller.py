"""The game page goes through its session (issue 10, 18): the next round is the session's
public method. The session's own logic (rounds, timers, keeping) is tested without widgets
in tests/test_session_game.py."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from unoparty.engine import Phase
from unoparty.engine.moves import Play
from unoparty.views.controller import LEARNING
from unoparty.views.game_app import GameApp

# the same stub bots, progress file and table helpers as the widget tests
from tests.test_views import _progress_file, c, setup_game, stub_bots  # noqa: E402,F401


def _round_over():
    """You go out with your last card: the round is over, the match goes on (R-1, R-4)."""
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7"], "Ava": ["green 1", "green 2"],
                                            "Ben": ["blue 1", "blue 2"]}, "You")
    game.apply(Play(0, c("red 7")))
    assert game.phase is Phase.ROUND_OVER
    return game


def test_next_round_button_goes_through_the_controller():
    app = GameApp(bot_factory=stub_bots)
    app.start_game(_round_over(), 0, stub_bots([1, 2]), pace=LEARNING)
    assert app.round_box.layout.display == ""
    calls = []
    ctl = app.controller
    assert ctl is not None
    new_round = ctl.new_round
    ctl.new_round = lambda: calls.append(1) or new_round()  # type: ignore[method-assign]
    app.next_round_button.click()
    assert calls == [1] and not app.errors.errors
    assert app.round_box.layout.display == "none"
    assert "Round 2" in app.status.value
