"""Every practice question is answered from what the asked seat can see plus the public log
(issue 19): 50 deals of the hidden cards that agree with that seat's view all give the
engine's answer."""

from __future__ import annotations

import random

import pytest

from unoparty.bots.strong import determinize_state
from unoparty.engine import Phase
from unoparty.game import Game
from unoparty.practice.exercises import ExerciseKind, engine_answer, round_exercises
from unoparty.practice.text import question

SAMPLE_SEEDS = (0, 1, 2, 3, 5, 8, 13, 21, 34, 55)
DEALS = 50


def _sample():
    """A few exercises of every kind, rule, move and answer from a few rounds
    (deterministic)."""
    picked = {}
    for seed in SAMPLE_SEEDS:
        for ex in round_exercises(seed):
            picked.setdefault((ex.kind, ex.rule, type(ex.move).__name__, ex.change, str(ex.answer)), ex)
    return list(picked.values())


def _said(game: Game, state, ex, rng) -> None:
    """Make `state` agree with what the table draws and the question says, and no more.

    The table does not draw who laid the top card, nor whether a catch is still open: both
    are dealt at random unless the question says them (a speed play, SP-5; a catch, U-2).
    The question says the drawn card of the player deciding on it (T-3) and, for a count
    after the last pointing, every pointing (PT-3)."""
    from unoparty.engine.moves import Catch, SpeedPlay
    real = game._state
    if not isinstance(ex.move, SpeedPlay):
        state.top_player = rng.choice([None, *range(real.n)])
    if not isinstance(ex.move, Catch):
        state.catchable = rng.choice([None, *(s for s in range(real.n)
                                              if len(real.hands[s]) == 1 and not real.uno_called[s])])
    if real.phase is Phase.DRAWN and real.drawn_card is not None and state.drawn_card != real.drawn_card:
        p = real.current
        card = real.drawn_card
        if card not in state.hands[p]:  # move it into the drawer's hand from where the deal put it
            for place in [*state.hands, state.draw_pile]:
                if place is not state.hands[p] and card in place:
                    place[place.index(card)] = state.hands[p][-1]
                    state.hands[p][-1] = card
                    break
        state.drawn_card = card
    if ex.kind is ExerciseKind.SCORE:  # the round's end shows every hand: the question says them
        state.hands = [h[:] for h in real.hands]
    if real.phase is Phase.POINTING and "everyone has pointed" in question(ex):
        state.pointing = dict(real.pointing)


def hidden_answers(ex, deals: int = DEALS, seed: int = 0) -> set:
    """The engine's answers to `ex` on `deals` tables that agree with the asked seat's view."""
    game = ex.game()
    view = game.view_for(ex.player)
    rng = random.Random(f"hidden-{ex.id}-{seed}")
    answers = set()
    made = ex.kind not in (ExerciseKind.CAN_PLAY, ExerciseKind.CATCH)
    for i in range(deals):
        state = determinize_state(view, rng)
        _said(game, state, ex, rng)
        table = Game.from_state(ex.names, ex.rules, state, seed=i)
        if made and table.why_illegal(ex.move) is not None:
            continue  # the question says the move is made: a table refusing it disagrees with it
        answers.add(engine_answer(ex, table))
    return answers


@pytest.mark.parametrize("ex", _sample(), ids=lambda ex: f"{ex.kind.value}-{ex.rule}-{type(ex.move).__name__}-{ex.id}")
def test_the_answer_follows_from_the_asked_seats_view(ex):
    assert hidden_answers(ex) == {ex.answer}


def _first(test, seeds=range(40)):
    return next(ex for seed in seeds for ex in round_exercises(seed) if test(ex))


def test_a_speed_play_onto_ones_own_card_says_who_laid_it():
    """Who laid the top card decides a speed play (SP-5) and the table does not draw it."""
    from unoparty.engine.moves import SpeedPlay
    from unoparty.practice.text import situation
    ex = _first(lambda ex: isinstance(ex.move, SpeedPlay) and ex.kind is ExerciseKind.CAN_PLAY
                and ex.rule == "SP-5" and ex.game().top_player == ex.move.player)
    assert f"{ex.names[ex.move.player]} laid the top card." in situation(ex)
    assert hidden_answers(ex) == {False}


def test_a_catch_says_whether_play_has_gone_on():
    """Whether the chance to catch is still open decides a catch (U-2) and the table does
    not draw it: the question says it."""
    from unoparty.engine.moves import Catch
    from unoparty.practice.text import situation
    ex = _first(lambda ex: isinstance(ex.move, Catch) and ex.rule == "U-2" and ex.answer is True)
    assert "nobody has played a card" in question(ex)
    assert hidden_answers(ex) == {True}
    game = ex.game()
    game._state.catchable = None  # the same table once play has gone on: too late
    assert engine_answer(ex, game) is False
    assert any("play has gone on since" in s for s in situation(ex, game))


def test_no_question_asks_who_acts_after_a_card_not_yet_drawn():
    from unoparty.engine.moves import Draw
    for seed in SAMPLE_SEEDS:
        for ex in round_exercises(seed):
            if ex.kind is ExerciseKind.WHO_NEXT and isinstance(ex.move, Draw):
                assert ex.game().pending_draw or ex.game().phase is not Phase.TURN, ex.id


def test_a_challenges_outcome_is_shown_from_the_wild_draw_fours_seat():
    from unoparty.engine.moves import Challenge
    ex = _first(lambda ex: isinstance(ex.move, Challenge) and ex.kind is ExerciseKind.HOW_MANY)
    game = ex.game()
    assert ex.player == game.wd4_player != ex.move.player
    assert f"{ex.names[game.wd4_player]} played the Wild Draw Four" in question(ex)
    assert hidden_answers(ex) == {ex.answer}


def test_challenge_questions_ask_only_the_answering_seat_about_a_wild_draw_four():
    """Not "Can Eli challenge the Wild Draw Four now?" on a Draw Two when it is not Eli's
    turn (issue 19): in a challenge, the answering seat is asked to accept, or to challenge
    a Wild Draw Four."""
    from unoparty.cards import Kind
    from unoparty.engine.moves import Accept, Challenge
    seen = 0
    for seed in range(40):
        for ex in round_exercises(seed):
            if ex.kind is ExerciseKind.CAN_PLAY and isinstance(ex.move, (Accept, Challenge)):
                game = ex.game()
                assert ex.move.player == game.current, ex.id
                if isinstance(ex.move, Challenge):
                    assert game.top_card.kind is Kind.WILD_DRAW_FOUR, ex.id
                seen += 1
    assert seen
