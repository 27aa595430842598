"""The Practice session (unoparty/session/practice.py), without widgets: the exercise and
its table built once, the verdict worked out once, answers recorded through the practice
record, the state kept and brought back (CONTRACTS.md §2, issue 18)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from unoparty.practice.exercises import ExerciseKind, engine_answer, round_exercises
from unoparty.practice.mastery import MemoryPracticeStore
from unoparty.session.practice import PracticeSession, key_pick


@pytest.fixture()
def session() -> PracticeSession:
    return PracticeSession(store=MemoryPracticeStore(), seed=5)


def _count_apply(monkeypatch) -> list:
    import unoparty.game as game_mod
    applied: list = []
    real = game_mod.Game.apply
    monkeypatch.setattr(game_mod.Game, "apply", lambda self, move: applied.append(move) or real(self, move))
    return applied


def test_the_session_imports_no_widgets():
    code = "import sys, unoparty.session.practice, unoparty.session.lesson; print('ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_an_answer_replays_nothing_and_is_the_engines_verdict(session, monkeypatch):
    """One answer rebuilt the table three times (303 Game.apply): now none at all — the
    table, the engine's answer and the move's events are made when the question is posed."""
    applied = _count_apply(monkeypatch)
    for _ in range(8):
        ex, game = session.exercise, session.game
        assert session.expected == engine_answer(ex, ex.game()) == ex.answer
        applied.clear()
        verdict = session.answer(session.expected)
        assert applied == [] and session.game is game  # nothing replayed, the same table
        assert verdict.right and verdict.recorded and verdict.rule == ex.rule
        session.next()


def test_answers_are_recorded_once_through_the_practice_record(session):
    ex = session.exercise
    wrong = next(c for c in session.choices if c != session.expected)
    first = session.answer(wrong)
    assert not first.right and first.answer == session.expected and session.answered
    again = session.answer(session.expected)  # a second answer: judged, not recorded
    assert again.right and not again.recorded and session.choice == wrong
    history = session.store.history("me")
    assert [(a.rule, a.correct) for a in history] == [(ex.rule, False)]
    assert session.runs()[ex.rule] == 0 and not session.mastered()[ex.rule]


def test_a_choice_that_is_not_an_answer_is_refused_and_changes_nothing(session):
    version = session.version
    with pytest.raises(ValueError, match="is not an answer"):
        session.answer("purple")
    if session.exercise.kind is not ExerciseKind.CAN_PLAY:
        with pytest.raises(ValueError):
            session.answer(True)
    with pytest.raises(IndexError):
        session.answer_place(len(session.choices))
    assert not session.answered and session.version == version and session.store.history("me") == []


def test_who_acts_next_is_answered_by_a_seat_and_other_questions_ignore_seats(session):
    ex = next(e for s in range(3, 40) for e in round_exercises(s) if e.kind is ExerciseKind.WHO_NEXT)
    other = next(e for e in round_exercises(3) if e.kind is not ExerciseKind.WHO_NEXT)
    session.pose(other)
    assert session.seat_clicked(0) is None and not session.answered
    session.pose(ex)
    verdict = session.seat_clicked(ex.answer)
    assert verdict is not None and verdict.right


def test_three_right_in_a_row_master_the_rule():
    session = PracticeSession(store=MemoryPracticeStore(), seed=5, rules=("A-4", "T-1"))
    first = session.exercise.rule
    for _ in range(6):
        session.answer(session.expected)
        session.next()
    assert session.mastered()[first] and session.mastery()[first].streak >= 3


def test_keys_pick_the_answer_labelled_with_the_digit_else_by_place():
    assert key_pick("1", ["0", "1", "2"]) == 1 and key_pick("0", ["0", "1"]) == 0
    assert key_pick("2", ["Red", "Yellow", "Green"]) == 1
    assert key_pick("0", ["Red", "Yellow"]) is None and key_pick("9", ["Red", "Yellow"]) is None
    assert key_pick("7", ["0", "1", "2"]) is None  # labelled by digits: no place picking
    assert key_pick("ArrowRight", ["Yes", "No"]) is None


def test_answers_given_before_a_name_move_to_the_learner():
    session = PracticeSession(seed=5)
    session.answer(session.expected)
    target = MemoryPracticeStore()
    moved = session.switch_learner("Zoé", target, carry=True)
    assert moved == 1 and len(target.history("Zoé")) == 1 and session.count == 1


def test_the_state_is_json_and_brings_back_the_same_question_and_the_next_ones(session):
    session.answer(session.expected)
    session.next()
    wrong = next(c for c in session.choices if c != session.expected)
    session.answer(wrong)
    state = json.loads(json.dumps(session.to_state()))
    store = session.store
    recorded = len(store.history("me"))
    back = PracticeSession.from_state(state, store=store)
    assert back.kind == "practice" == PracticeSession.kind
    assert back.exercise == session.exercise and back.count == session.count == 2
    assert back.answered and back.choice == wrong and back.verdict is not None and not back.verdict.right
    assert len(store.history("me")) == recorded  # brought back, not recorded again
    assert back.to_state() == state
    session.next()
    back.next()
    assert back.exercise == session.exercise  # the same questions go on


def test_a_question_not_answered_yet_comes_back_unanswered(session):
    back = PracticeSession.from_state(session.to_state(), store=MemoryPracticeStore())
    assert back.exercise == session.exercise and not back.answered and back.verdict is None


@pytest.mark.parametrize("change", [
    {"version": 99}, {"exercise": "nonsense"}, {"exercise": "5-9999"}, {"choice": 42}, {"draws": -1},
    {"rules": []}, {"seed": "x"}, {"rules": ["Z-99"]},
])
def test_a_bad_state_is_a_value_error(session, change):
    state = {**session.to_state(), **change}
    with pytest.raises(ValueError):
        PracticeSession.from_state(state)


def test_a_state_that_is_not_a_mapping_is_a_value_error():
    with pytest.raises(ValueError):
        PracticeSession.from_state(None)  # type: ignore[arg-type]


def test_a_state_missing_a_key_is_a_value_error(session):
    state = session.to_state()
    del state["exercise"]
    with pytest.raises(ValueError):
        PracticeSession.from_state(state)


def test_the_drill_session_flips_a_run_and_keeps_the_last_verdict():
    from unoparty.session.practice import DrillSession
    times = iter([float(t) for t in range(100)])
    drill = DrillSession(seed=1, clock=lambda: next(times), flips=3, scale=100.0)
    assert drill.jump(drill.drill.hand[0]).outcome == "no-card" and drill.said is not None
    drill.start("strong")
    assert drill.level == "strong" and drill.flips_left == 3
    assert [drill.tick() for _ in range(4)] == [True, True, True, False]
    drill.drill.match_rate = 1.0
    drill.flips_left = 1
    drill.tick()
    card = drill.drill.matching_card()
    assert card is not None
    verdict = drill.jump(card)
    assert verdict.outcome == "hit" and verdict.rule and drill.said == verdict
    with pytest.raises(ValueError, match="no bot level"):
        drill.reset("expert")
    assert drill.level == "strong"
