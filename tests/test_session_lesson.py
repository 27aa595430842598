"""The lesson session (unoparty/session/lesson.py), without widgets: Next makes one step,
Back restores the kept table, expectations are left to ``scenario check``, the learner's own
accepted move stands (issue 19), the state is kept and brought back (CONTRACTS.md §2,
issue 18)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import unoparty
from unoparty.cards import Card, Colour
from unoparty.engine.events import EventKind
from unoparty.engine.moves import Play, PointAt
from unoparty.practice.exercises import position_key
from unoparty.scenarios.loader import load_scenario
from unoparty.session.lesson import LessonSession, stars_for

LESSONS = Path(unoparty.__file__).parent / "lessons"


class Record:
    """A learner's record of lessons, in memory: best stars, tries, answers."""

    def __init__(self) -> None:
        self.best: dict[str, int] = {}
        self.starts: list[str] = []
        self.answers: list[tuple[str, tuple[str, ...], bool]] = []

    def record(self, lesson_id: str, stars: int) -> int:
        self.best[lesson_id] = max(stars, self.best.get(lesson_id, 0))
        return self.best[lesson_id]

    def stars(self, lesson_id: str) -> int:
        return self.best.get(lesson_id, 0)

    def start(self, lesson_id: str) -> None:
        self.starts.append(lesson_id)

    def answer(self, lesson_id: str, rules, right: bool) -> None:
        self.answers.append((lesson_id, tuple(rules), right))


def _session(lesson: str, record: Record | None = None) -> LessonSession:
    return LessonSession(load_scenario(LESSONS / f"{lesson}.toml"), record=record)


def _to_task(s: LessonSession, when=lambda step: True) -> None:
    """Next (answering each task on the way with the lesson's first answer) until a task
    waits that `when` accepts."""
    while True:
        step = s.waiting_task
        if step is not None:
            if when(step):
                return
            assert s.answer(step.answer_moves[0]).kind == "right"
        s.next()


def _counting(monkeypatch) -> dict[str, int]:
    import unoparty.game as game_mod
    import unoparty.scenarios.runner as runner_mod
    counts = {"apply": 0, "setup": 0, "expect": 0}
    apply, setup, check = game_mod.Game.apply, game_mod.Game.from_setup.__func__, runner_mod.check_expect

    def counted_apply(game, move):
        counts["apply"] += 1
        return apply(game, move)

    def counted_setup(cls, *a, **k):
        counts["setup"] += 1
        return setup(cls, *a, **k)

    def counted_check(*a, **k):
        counts["expect"] += 1
        return check(*a, **k)

    monkeypatch.setattr(game_mod.Game, "apply", counted_apply)
    monkeypatch.setattr(game_mod.Game, "from_setup", classmethod(counted_setup))
    monkeypatch.setattr(runner_mod, "check_expect", counted_check)
    return counts


@pytest.mark.parametrize("lesson", ["matching", "skip", "point-taken", "wild-draw-four"])
def test_next_makes_one_step_and_back_replays_nothing(lesson, monkeypatch):
    s = _session(lesson)
    counts = _counting(monkeypatch)
    while s.pos + 1 < len(s.steps):
        step = s.waiting_task
        if step is not None:
            s.answer(step.answer_moves[0])
        counts.update(apply=0, setup=0, expect=0)
        s.next()
        made = len(s.steps[s.pos].applied_moves) if not s.steps[s.pos].is_task else 0
        assert counts["setup"] == 0 and counts["apply"] <= made, (s.pos, counts)
        if not s.steps[s.pos].expects_refusal:
            assert counts["expect"] == 0  # left to `unoparty scenario check`
    tables = []
    while s.pos > -1:
        tables.append(position_key(s.game))
        counts.update(apply=0, setup=0, expect=0)
        s.back()
        assert counts == {"apply": 0, "setup": 0, "expect": 0}, (s.pos, counts)
    # forward again: the same tables as the first time
    again = []
    while len(again) < len(tables):
        s.next()
        again.append(position_key(s.game))
    assert again == tables[::-1]


def test_a_task_waits_for_its_answer_and_a_wrong_one_is_counted_not_made():
    record = Record()
    s = _session("matching", record)
    assert record.starts == [s.lesson_id] and s.pos == -1
    _to_task(s)
    pos, table = s.pos, position_key(s.game)
    assert s.next() is not None and s.feedback is not None and s.feedback.kind == "first" and s.pos == pos
    fb = s.answer(Play(0, Card.parse("green 8")))
    assert fb.kind == "wrong" and fb.reply is not None and not fb.reply.right
    assert s.wrong == 1 and position_key(s.game) == table and pos not in s.answered and s.stars == 2
    assert record.answers[-1][2] is False
    fb = s.answer(s.steps[pos].answer_moves[0])
    assert fb.kind == "right" and pos in s.answered and record.answers[-1][2] is True
    assert s.answer(s.steps[pos].answer_moves[0]).kind == "nothing"


def test_the_lesson_finishes_with_its_stars():
    record = Record()
    s = _session("matching", record)
    while not s.finished:
        step = s.waiting_task
        if step is not None:
            s.answer(step.answer_moves[0])
        s.next()
    assert s.complete and s.best == 3 == record.stars(s.lesson_id) == stars_for(0)
    assert s.answer(s.steps[0].answer_moves[0] if s.steps[0].is_task else Play(0, Card.parse("red 1"))).kind \
        == "complete"
    s.back()
    assert not s.finished and s.pos == len(s.steps) - 2


def test_the_learners_own_move_stands_on_back_and_next():
    """Point Taken: pointing at Ben is allowed and the lesson goes on from it (issue 19):
    Ben draws, on the next step, after Back and Next again."""
    s = _session("point-taken")
    _to_task(s, lambda step: "point" in step.task.lower() and "Point Taken" not in step.task
             and "fingers" not in step.task)
    ben, cal = s.game.seat("Ben"), s.game.seat("Cal")
    before = len(s.game.hands[ben]), len(s.game.hands[cal])
    pos = s.pos
    fb = s.answer(PointAt(s.me, ben))
    assert fb.kind == "right" and fb.own_events and pos in s.own_answers
    s.next()
    s.back()
    s.next()
    assert s.pos == pos + 1
    assert (len(s.game.hands[ben]), len(s.game.hands[cal])) == (before[0] + 4, before[1])
    results = [e for r in s.runner.results for e in r.events if e.kind is EventKind.POINTING_RESULT]
    assert results and dict(zip(results[-1].players, results[-1].targets))[s.me] == ben


def test_an_accepted_move_the_lesson_cannot_go_on_from_is_taken_back_not_counted():
    s = _session("wild-draw-four")
    _to_task(s, lambda step: "blue" in step.task)
    pos, wrong, table = s.pos, s.wrong, position_key(s.game)
    fb = s.answer(Play(s.me, Card.parse("wild draw four"), colour=Colour.GREEN))
    assert fb.kind == "needs" and fb.reply is not None and fb.reply.needs is not None
    assert pos not in s.answered and s.wrong == wrong and position_key(s.game) == table
    assert s.answer(Play(s.me, Card.parse("wild draw four"), colour=Colour.BLUE)).kind == "right"
    assert s.game.colour is Colour.BLUE


def test_another_accepted_answer_on_the_last_step_stands():
    s = _session("matching")
    _to_task(s, lambda step: s.pos == len(s.steps) - 1)
    fb = s.answer(Play(0, Card.parse("wild"), colour=Colour.GREEN))
    assert fb.kind == "right" and fb.own_events and s.game.colour is Colour.GREEN


def test_the_state_brings_back_the_step_the_answers_and_the_learners_own_move():
    record = Record()
    s = _session("point-taken", record)
    _to_task(s, lambda step: "any other player" in step.task)
    ben = s.game.seat("Ben")
    s.answer(PointAt(s.me, ben))
    s.next()
    wrong_before = len(record.answers)
    state = json.loads(json.dumps(s.to_state()))
    assert state["lesson"] == "point-taken" and state["pos"] == s.pos and state["stars"] == 3
    back = LessonSession.from_state(state, scenario=load_scenario(LESSONS / "point-taken.toml"), record=record)
    assert back.kind == "lesson" and back.pos == s.pos and back.answered == s.answered
    assert back.own_answers == s.own_answers and position_key(back.game) == position_key(s.game)
    assert len(record.answers) == wrong_before and record.starts == ["point-taken"]  # nothing recorded again
    assert back.to_state() == state


def test_retell_keeps_the_step_the_answers_and_the_feedback():
    s = _session("point-taken")
    _to_task(s, lambda step: "any other player" in step.task)
    ben = s.game.seat("Ben")
    s.answer(PointAt(s.me, ben))
    hands = [len(h) for h in s.game.hands]
    pos = s.pos
    s.retell(load_scenario(LESSONS / "point-taken.toml"))
    assert s.pos == pos and [len(h) for h in s.game.hands] == hands
    assert s.feedback is not None and s.feedback.kind == "right" and s.feedback.own_events
    with pytest.raises(ValueError):
        s.retell(load_scenario(LESSONS / "matching.toml"))


@pytest.mark.parametrize("change", [
    {"version": 2}, {"scenario": "matching"}, {"pos": 999}, {"answers": {"0": "You: pass"}},
    {"answers": {"99": "You: draw"}}, {"answers": {"1": "no such move"}}, {"wrong": -1}, {"pos": "x"},
])
def test_a_bad_state_is_a_value_error(change):
    s = _session("point-taken")
    state = {**s.to_state(), **change}
    with pytest.raises(ValueError):
        LessonSession.from_state(state, scenario=load_scenario(LESSONS / "point-taken.toml"))
