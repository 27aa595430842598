"""The lesson session: a scenario stepped through with Back / Next / Restart, the
learner's answers, the feedback as data and the stars. Widget-free (``views/lesson.py``
renders it).

    >>> from unoparty.scenarios.loader import load_scenario
    >>> from unoparty.session.lesson import LessonSession
    >>> s = LessonSession(load_scenario("unoparty/lessons/matching.toml"))   # doctest: +SKIP
    >>> s.next(); s.answer(s.steps[s.pos].answer_moves[0]).kind               # doctest: +SKIP
    'right'

Nothing is replayed at click time: the session keeps the table after each step it has
shown (a snapshot per step): Back restores one, Next makes one step's moves. The steps'
``expect`` keys are checked by ``unoparty scenario check``, not in the learner's click.

The learner's own accepted answer stands (issue 19): when a task is answered with an
accepted move other than the lesson's first, the lesson goes on from it — on every later
step, on Back and Next, and after a language switch (:meth:`LessonSession.retell`). If
the rest of the lesson needs the lesson's move, the answer is said to be allowed, taken
back and not counted wrong (feedback ``"needs"``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from ..errors import MoveSyntaxError
from ..notation import format_move, parse_move
from ..scenarios.runner import AnswerResult, Runner, StepResult

if TYPE_CHECKING:
    from typing import Self

    from ..engine.events import Event
    from ..engine.moves import Move
    from ..errors import IllegalMove
    from ..game import Game
    from ..scenarios.model import Scenario, Step

__all__ = ["LessonSession", "Feedback", "LessonRecord", "stars_for", "FEEDBACK_KINDS"]

STATE_VERSION = 1
"""The version of :meth:`LessonSession.to_state`'s dict."""

FEEDBACK_KINDS = ("right", "wrong", "needs", "hint", "first", "no-task", "complete", "nothing")
"""What a :class:`Feedback` may say: an answer right, wrong, or allowed but taken back
(``"needs"``); the step's hint; and the notes: answer the task first, no task here, the
lesson is complete, nothing to answer here."""


def stars_for(wrong_answers: int) -> int:
    """3 stars with no wrong answer, 2 with one, 1 with more."""
    return 3 if wrong_answers == 0 else 2 if wrong_answers == 1 else 1


class LessonRecord(Protocol):
    """The learner's record of lessons (:class:`unoparty.store.LearnerProgress`, or the
    stars-only :class:`unoparty.views.progress.Progress`): best stars per lesson id. A
    record may also have ``start(lesson_id)`` and ``answer(lesson_id, rules, right)``
    (tries and answers per rule); the session calls them when it has them."""

    def record(self, lesson_id: str, stars: int) -> int:
        """Keep `stars` if better than the best so far; returns the best."""
        ...

    def stars(self, lesson_id: str) -> int:
        """The best stars so far (0: none)."""
        ...


class _Unkept:
    """A record that keeps nothing (a session made without one)."""

    def __init__(self) -> None:
        self._best: dict[str, int] = {}

    def record(self, lesson_id: str, stars: int) -> int:
        self._best[lesson_id] = max(stars, self._best.get(lesson_id, 0))
        return self._best[lesson_id]

    def stars(self, lesson_id: str) -> int:
        return self._best.get(lesson_id, 0)


@dataclass(frozen=True)
class Feedback:
    """What the lesson says back, as data (the words are made in ``views/``).

    Attributes:
        kind: one of :data:`FEEDBACK_KINDS`.
        move: the learner's move (``"right"``, ``"wrong"``, ``"needs"``), else None.
        reply: the runner's judgement of it (``"wrong"``, ``"needs"``; ``"right"``: with
            the step's result), else None.
        own_events: for ``"right"``: the events of the learner's own accepted move when it
            is not the lesson's first answer ("that works too"), else empty.
    """

    kind: str
    move: Move | None = None
    reply: AnswerResult | None = None
    own_events: tuple[Event, ...] = ()


class LessonSession:
    """One scenario stepped through.

    Attributes:
        scenario, lesson_id: the scenario and the id its stars are kept under.
        me: the learner's seat; None: a show for the class (each task answered for the
            player its first answer names).
        runner: the :class:`Runner` (its ``chosen``: the learner's own accepted answers).
        pos: the step shown (0-based), -1 before the first.
        answered: the tasks answered right (step indexes). own_answers: step index → the
            learner's own accepted move, where it is not the lesson's first answer.
        wrong: wrong answers so far. finished: the lesson reached its end. best: the best
            stars kept for it (after :meth:`finish`).
        feedback: what the lesson says now, or None.
        result: what the step shown did (None before its moves). events: the last 12
            events so far; new: how many of them the step shown made.
        step_rules: the rule ids the step shown is about (its ``teaches``, its events',
            a refusal's). refusal, refused_move: a refused move of the step shown.
        version: bumps on every change the page must show.
    """

    kind: ClassVar[str] = "lesson"

    def __init__(self, scenario: Scenario, *, lesson_id: str | None = None, record: LessonRecord | None = None,
                 start: bool = True) -> None:
        self.scenario = scenario
        self.lesson_id: str = lesson_id or getattr(scenario, "lesson", None) or scenario.id
        self.record: LessonRecord = record if record is not None else _Unkept()
        names = tuple(scenario.names)
        learner = getattr(scenario, "learner", "You" if "You" in names else None)
        self.me: int | None = names.index(learner) if learner in names else None
        self.runner = Runner(scenario, learner if self.me is not None else None)
        self.version = 0
        self.best = 0
        self.feedback: Feedback | None = None
        self.restart(start=start)

    # ------------------------------------------------------------------ where we are

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.scenario.steps

    @property
    def game(self) -> Game:
        """The game as the step shown leaves it (a task not answered yet: before its move)."""
        return self.runner.game

    @property
    def own_answers(self) -> dict[int, Move]:
        return self.runner.chosen

    @property
    def step(self) -> Step | None:
        """The step shown, None before the first."""
        return self.steps[self.pos] if 0 <= self.pos < len(self.steps) else None

    @property
    def waiting_task(self) -> Step | None:
        """The step shown when it is a task not answered yet, else None."""
        step = self.step
        return step if step is not None and step.is_task and self.pos not in self.answered else None

    @property
    def seat(self) -> int | None:
        """The seat whose hand is shown: the learner's; in a show for the class, the player
        who answers the task waiting; else nobody."""
        if self.me is not None:
            return self.me
        step = self.waiting_task
        if step is not None and step.answer_moves:
            return step.answer_moves[0].player
        return None

    @property
    def complete(self) -> bool:
        """Every task is answered."""
        return all(i in self.answered for i, st in enumerate(self.steps) if st.is_task)

    @property
    def stars(self) -> int:
        """The stars the answers so far earn (:func:`stars_for`)."""
        return stars_for(self.wrong)

    # ------------------------------------------------------------------ stepping

    def restart(self, *, start: bool = True) -> None:
        """Back to the table as set up: no answers, no wrong answers (`start`: a new try,
        told to the record)."""
        if start:
            self._tell("start", self.lesson_id)
        self.wrong = 0
        self.answered: set[int] = set()
        self.runner.chosen = {}
        self.finished = False
        self._snapshots: dict[int, tuple[Game, tuple[StepResult, ...]]] = {}
        self.runner.go_to(0)
        self._keep()
        self._go(-1)

    def next(self) -> Feedback | None:
        """Go to the next step (one step's moves made), or finish at the end. A task not
        answered yet stays: the feedback says to answer it first (returned)."""
        if self.waiting_task is not None:
            return self._say(Feedback("first"))
        if self.pos + 1 >= len(self.steps):
            self.finish()
            return None
        self._go(self.pos + 1)
        return None

    def back(self) -> None:
        """Go back one step (the table as it was kept: nothing replayed)."""
        self.finished = False
        if self.pos > -1:
            self._go(self.pos - 1)
        else:
            self.version += 1

    def go(self, pos: int) -> None:
        """Show step `pos` (0-based; -1: the table as set up); steps between are made with
        the lesson's first answers (or the learner's own ones).

        Raises:
            IndexError: no such step.
        """
        if not -1 <= pos < len(self.steps):
            raise IndexError(f"step {pos} is outside -1…{len(self.steps) - 1}")
        self._go(pos)

    def finish(self) -> int:
        """The lesson complete: its stars kept (the best so far returned, :attr:`best`)."""
        self.finished = True
        self.best = self.record.record(self.lesson_id, self.stars)
        self.version += 1
        return self.best

    def hint(self) -> Feedback:
        """The step's hint (``"hint"``), or ``"no-task"`` where there is no task."""
        step = self.step
        return self._say(Feedback("hint" if step is not None and step.is_task else "no-task"))

    def clear_feedback(self) -> None:
        """Say nothing (the learner opened a picker: an older note would be in the way)."""
        if self.feedback is not None:
            self.feedback = None
            self.version += 1

    # ------------------------------------------------------------------ answering

    def answer(self, move: Move | str) -> Feedback:
        """The learner's answer `move` to the task shown (a move, or its text).

        ``"right"``: made, the lesson goes on from it; ``"wrong"``: not made, counted
        (:attr:`wrong`), the reply says why; ``"needs"``: an accepted move the rest of the
        lesson cannot go on from, not made, not counted; ``"complete"`` / ``"nothing"``:
        no task is waiting.
        """
        step = self.step
        if self.finished:
            return self._say(Feedback("complete"))
        if step is None or not step.is_task or self.pos in self.answered:
            return self._say(Feedback("nothing"))
        reply = self.runner.answer(move, check=False)
        if reply.needs is not None:
            return self._say(Feedback("needs", reply.move, reply))
        if reply.right:
            self._tell("answer", self.lesson_id, list(step.teaches), True)
            self.answered.add(self.pos)
            self._forget_after(self.pos)
            self._keep()
            own: tuple[Event, ...] = ()
            if self.pos in self.own_answers and reply.result is not None:
                own = tuple(reply.result.events)
            self._set_result(reply.result)
            if self.complete:
                # every task answered: the stars are earned now, even if the learner leaves
                # before pressing Finish (best kept, so Finish records nothing new)
                self.best = self.record.record(self.lesson_id, self.stars)
            return self._say(Feedback("right", reply.move, reply, own))
        self.wrong += 1
        self._tell("answer", self.lesson_id, [reply.rule] if reply.rule else list(step.teaches), False)
        return self._say(Feedback("wrong", reply.move, reply))

    def reword(self) -> Feedback | None:
        """The feedback shown, judged again (in the current language, after a switch);
        nothing is made or counted."""
        fb = self.feedback
        if fb is not None and fb.kind in ("wrong", "needs") and fb.move is not None and self.waiting_task is not None:
            reply = self.runner.answer(fb.move, check=False)
            if not reply.right or reply.needs is not None:
                fb = Feedback(fb.kind, fb.move, reply)
        elif fb is not None and fb.kind == "right" and fb.own_events:
            fb = Feedback("right", fb.move, fb.reply, tuple(self.result.events) if self.result else fb.own_events)
        self.feedback = fb
        return fb

    def retell(self, scenario: Scenario) -> None:
        """Go on with `scenario` — the same lesson loaded again in another language: the
        same step, the same answers (the learner's own moves too), wrong answers, feedback,
        lesson complete or not. The kept tables are made again (their narration was in the
        old language).

        Raises:
            ValueError: `scenario` is not the same lesson (another id or other steps).
        """
        if scenario.id != self.scenario.id or len(scenario.steps) != len(self.steps):
            raise ValueError(f"scenario {scenario.id!r} is not the lesson {self.scenario.id!r} in another language")
        chosen = dict(self.runner.chosen)
        feedback, finished = self.feedback, self.finished
        self.scenario = scenario
        self.runner = Runner(scenario, self.runner.viewer)
        self.runner.chosen = chosen
        self._snapshots = {}
        self.runner.go_to(0)
        self._keep()
        self._go(self.pos)
        self.finished = finished
        self.feedback = feedback
        self.reword()

    # ------------------------------------------------------------------ kept

    def to_state(self) -> dict[str, Any]:
        """The session as JSON-able data: the lesson (its id and scenario id), the step
        shown, the accepted answers (step index → the move as written, the learner's own
        where they made another accepted move), wrong answers, stars, finished."""
        names = self.game.names
        answers = {str(i): format_move(self.own_answers.get(i) or self.steps[i].answer_moves[0], names)
                   for i in sorted(self.answered)}
        return {"version": STATE_VERSION, "lesson": self.lesson_id, "scenario": self.scenario.id, "pos": self.pos,
                "answers": answers, "wrong": self.wrong, "stars": self.stars, "finished": self.finished}

    @classmethod
    def from_state(cls, state: Mapping[str, Any], *, scenario: Scenario, record: LessonRecord | None = None,
                   **_context: Any) -> Self:
        """The session `state` describes (:meth:`to_state`) on `scenario` (the lesson it
        names, loaded by the caller): the answers made again (not recorded again), the same
        step shown.

        Raises:
            ValueError: a bad state (another version or lesson, a step out of range, an
                answer that is not an accepted answer of its task).
        """
        try:
            if state.get("version") != STATE_VERSION:
                raise ValueError(f"lesson state version {state.get('version')!r}, not {STATE_VERSION}")
            if state["scenario"] != scenario.id:
                raise ValueError(f"the state is of scenario {state['scenario']!r}, not {scenario.id!r}")
            pos, wrong, finished = int(state["pos"]), int(state["wrong"]), bool(state["finished"])
            answers = {int(k): str(v) for k, v in dict(state["answers"]).items()}
            lesson_id = str(state["lesson"])
        except (KeyError, TypeError, AttributeError) as e:
            raise ValueError(f"not a lesson state: {e}") from None
        session = cls(scenario, lesson_id=lesson_id, record=record, start=False)
        n = len(session.steps)
        if not -1 <= pos < n or wrong < 0:
            raise ValueError(f"not a lesson state: step {pos} of {n}, {wrong} wrong answers")
        for i in sorted(answers):
            if not 0 <= i < n or not session.steps[i].is_task:
                raise ValueError(f"not a lesson state: step {i + 1} is not a task")
            session._go(i)
            try:
                reply = session.runner.answer(parse_move(answers[i], session.game.names), check=False)
            except MoveSyntaxError as e:
                raise ValueError(f"not a lesson state: step {i + 1}: {e}") from None
            if not reply.right:
                raise ValueError(f"not a lesson state: {answers[i]!r} is not an accepted answer of step {i + 1}")
            session.answered.add(i)
            session._forget_after(i)
            session._keep()
        session.wrong = wrong
        session._go(pos)
        if finished:
            session.finished = True
            session.best = session.record.stars(lesson_id)
        return session

    # ------------------------------------------------------------------ inside

    def _tell(self, what: str, *args: Any) -> None:
        """Tell the record about a try or an answer; a stars-only record has nothing to keep."""
        told = getattr(self.record, what, None)
        if told is not None:
            told(*args)

    def _say(self, feedback: Feedback) -> Feedback:
        self.feedback = feedback
        self.version += 1
        return feedback

    def _keep(self) -> None:
        """Keep the runner's table as it stands (the snapshot of its position)."""
        r = self.runner
        self._snapshots[r.position] = (r.game.clone(record_undo=True), tuple(r.results))

    def _forget_after(self, index: int) -> None:
        """Forget the tables kept after task `index` (answered again: they change)."""
        for k in [k for k in self._snapshots if k > index]:
            del self._snapshots[k]

    def _reach(self, position: int) -> None:
        """Bring the runner to `position` steps done: a kept table, else the nearest one
        before it and the steps after it (each kept)."""
        r = self.runner
        if r.position == position:
            return
        if position in self._snapshots or r.position > position:
            base = max(k for k in self._snapshots if k <= position)
            game, results = self._snapshots[base]
            r.game, r.results, r.position = game.clone(record_undo=True), list(results), base
        while r.position < position:
            r.step_forward(check=False)
            self._keep()

    def _go(self, pos: int) -> None:
        self.pos = pos
        self.feedback = None
        if pos < 0:
            self._reach(0)
        else:
            waiting = self.steps[pos].is_task and pos not in self.answered
            # the runner replays the learner's own answers (``chosen``), never the lesson's
            self._reach(pos if waiting else pos + 1)
        r = self.runner
        result = r.results[-1] if r.results and pos >= 0 and r.position == pos + 1 else None
        self._set_result(result)
        self.version += 1

    def _set_result(self, result: StepResult | None) -> None:
        self.result = result
        all_events = [e for r in self.runner.results for e in r.events]
        made = list(result.events) if result is not None else []
        self.events: list[Event] = all_events[-12:]
        self.new = min(len(made), len(self.events))
        rules = list(self.steps[self.pos].teaches) if self.pos >= 0 else []
        rules += [e.rule for e in made if getattr(e, "rule", "")]
        self.refusal: IllegalMove | None = None
        self.refused_move: Move | None = None
        if result is not None and result.refusal is not None:
            self.refusal = result.refusal
            moves = result.step.applied_moves
            if len(result.moves) < len(moves):
                self.refused_move = moves[len(result.moves)]
            rules.append(result.refusal.rule)
        self.step_rules: list[str] = rules

    def answered_moves(self) -> Sequence[tuple[int, Move]]:
        """The accepted answers so far: (step index, move), in step order."""
        return [(i, self.own_answers.get(i) or self.steps[i].answer_moves[0]) for i in sorted(self.answered)]
