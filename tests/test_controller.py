"""The game controller owns a game's session (issue 10): the next round and the bots'
timers are its public methods, and the game page calls only those."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("ipywidgets")

from unoparty.engine import EventKind, Phase
from unoparty.engine.moves import Play
from unoparty.errors import UnopartyError
from unoparty.views.controller import LEARNING, PARTY, GameController
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


def test_new_round_deals_logs_and_lets_the_bots_act_at_learning_pace():
    game = _round_over()
    changes = []
    ctl = GameController(game, 0, stub_bots([1, 2]), pace=LEARNING, on_change=lambda: changes.append(1))
    version = ctl.version
    events = ctl.new_round()
    assert game.round_number == 2 and not game.phase.is_over
    assert events and events[0].kind is EventKind.ROUND_STARTED
    assert ctl.version > version and changes == [1]
    start = ctl.events.index(events[0])
    assert ctl.events[start:start + len(events)] == list(events)  # the deal is logged
    # the bots have moved until the learner must or may act
    assert 0 in game.to_act() or ctl.chance


def test_new_round_before_the_round_is_over_changes_nothing():
    game = setup_game(["You", "Ava"], {"You": ["red 7", "red 8"], "Ava": ["green 1"]}, "You")
    ctl = GameController(game, 0, stub_bots([1]), pace=LEARNING)
    version, logged = ctl.version, list(ctl.events)
    with pytest.raises(UnopartyError):
        ctl.new_round()
    assert ctl.version == version and ctl.events == logged and game.round_number == 1


def test_new_round_at_party_pace_starts_the_clock_again():
    """The round's end stops the clock; the click on Next round starts it (the bots of the
    new round act without a press on Resume)."""
    loop = asyncio.new_event_loop()
    try:
        game = _round_over()
        ctl = GameController(game, 0, stub_bots([1, 2]), pace=PARTY, loop=loop)
        ctl.start()
        assert not ctl._handles and ctl.paused  # the round is over: nothing to schedule
        ctl.new_round()
        assert ctl._handles and not ctl.paused  # the bots' moves and the idle watchdog
        ctl.stop()
        assert not ctl._handles
    finally:
        loop.close()


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
