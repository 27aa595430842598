"""Stepping through a scenario, for the app's scenario player (:class:`Runner`)::

    runner = Runner(load_scenario("speed-play.toml"))
    runner.step_forward()                      # a StepResult: moves, events, sentences
    reply = runner.answer("You: speed play red 7")
    reply.right, reply.message, reply.explanation

:func:`run_step` makes one step's moves and tests its expectations; the runner and
``unoparty scenario check`` (:mod:`unoparty.scenarios.check`) both step with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.events import Event
from ..engine.moves import Move, SpeedPlay
from ..engine.refusals import Refusal
from ..errors import IllegalMove, MoveSyntaxError
from ..i18n import _
from ..narrate import narrate, narrate_refusal
from ..notation import format_move, parse_move
from .expect import Failure, check_expect
from .model import Mistake, Scenario, Step

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["StepResult", "AnswerResult", "Runner", "StepRun", "run_step", "refusal_detail"]


def _bare(e: IllegalMove | Refusal) -> str:
    """A refusal's explanation without its trailing "(RULE)"."""
    text = " ".join(str(getattr(e, "explanation", "") or e).split())
    suffix = f"({e.rule})"
    if text.endswith(suffix):
        text = text[: -len(suffix)].rstrip()
    return text


def refusal_detail(text: str, e: IllegalMove | Refusal) -> str:
    """``'Cal: play green 2' is refused by T-0: It's not your turn.``"""
    return _("{move} is refused by {rule}: {explanation}").format(move=repr(text), rule=e.rule, explanation=_bare(e))


def _snapshot(game: Game) -> str | None:
    """The whole game as text, to see that a refused move changed nothing."""
    try:
        return game.to_json()
    except Exception:
        return None


@dataclass(frozen=True)
class StepRun:
    """What making one step's moves did (:func:`run_step`).

    Attributes:
        moves: the moves made, as written (a refused move is not among them).
        events: the events, in order.
        refusal: the IllegalMove when a move was refused, else None.
        failure: the first expectation that does not hold, else None.
    """

    moves: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    refusal: IllegalMove | None = None
    failure: Failure | None = None


def run_step(game: Game, step: Step, moves: Sequence[Move] | None = None,
             texts: Sequence[str] | None = None, *, check: bool = True) -> StepRun:
    """Make `step`'s moves on `game` and test its expectations.

    Args:
        moves, texts: the moves to make and how they are written; default the step's own
            (``do``, or a task's first answer).
        check: test the step's ``expect`` keys; False for a task answered with another of
            its accepted answers (``expect`` describes the first answer's table).

    A step with ``refused = true`` wants its one move refused (with ``reason``'s rule, if
    given) and the game unchanged; any other step wants every move allowed. Then the
    ``expect`` keys are checked (:func:`~unoparty.scenarios.expect.check_expect`).
    """
    if moves is None or texts is None:
        moves, texts = step.applied_moves, step.applied_texts
    n = step.number
    events: list[Event] = []
    done: list[str] = []
    before = _snapshot(game) if step.expects_refusal else None
    for text, move in zip(texts, moves):
        try:
            events.extend(game.apply(move))
            done.append(text)
        except ValueError as e:  # a given reshuffle that does not hold the cards shuffled
            failure = Failure(n, "reshuffles", _("exactly the cards being shuffled"), str(e))
            return StepRun(tuple(done), tuple(events), None, failure)
        except IllegalMove as e:
            if not step.expects_refusal:
                return StepRun(tuple(done), tuple(events), e, Failure(n, "refused", "false", _("true: {detail}").format(detail=refusal_detail(text, e))))
            want = step.expect.get("reason")
            if want is not None and e.rule != want:
                return StepRun(tuple(done), tuple(events), e, Failure(n, "reason", want, f"{e.rule} ({_bare(e)})"))
            if _snapshot(game) != before:
                return StepRun(tuple(done), tuple(events), e, Failure(n, "refused", _("the state unchanged"), _("it changed")))
            return StepRun(tuple(done), tuple(events), e, check_expect(game, step))
    if step.expects_refusal:
        return StepRun(tuple(done), tuple(events), None, Failure(n, "refused", "true", _("false: {move} is allowed").format(move=repr(texts[0]))))
    return StepRun(tuple(done), tuple(events), None, check_expect(game, step) if check else None)


# ---------------------------------------------------------------------------------------
# stepping (the app's scenario player)


@dataclass(frozen=True)
class StepResult:
    """What happened in one step.

    Attributes:
        step: the step.
        moves: the moves made, as text.
        events: the events, in order.
        sentences: the events narrated for the runner's viewer.
        refusal: the IllegalMove when the step's move was refused, else None.
        failure: an expectation that does not hold, else None.
    """

    step: Step
    moves: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    sentences: tuple[str, ...] = ()
    refusal: IllegalMove | None = None
    failure: Failure | None = None

    @property
    def say(self) -> str | None:
        return self.step.say

    @property
    def refusal_text(self) -> str | None:
        return narrate_refusal(self.refusal) if self.refusal is not None else None


@dataclass(frozen=True)
class AnswerResult:
    """The reply to a learner's answer to a task.

    Attributes:
        right: the answer is one of the accepted moves (it has been made).
        move: the answer as a move, or None if it was not a move.
        message: what to say: the feedback (right), a mistake's reply, or the hint.
        explanation: why the move is refused or penalised, or what is wrong with the text.
        rule: the rule id behind the explanation, or None.
        hint: the step's hint, or None.
        result: the step's result when right.
        consequences: for a legal wrong move, what it would do (narrated), not applied.
        mistake: the step's ``mistakes`` entry the answer is, or None; its ``say`` is
            `message` and already tells what `explanation` tells, in the lesson's words.
        needs: for one of the task's accepted answers that the rest of the scenario cannot
            go on from (a later step's move is refused or an ``expect`` fails after it), the
            one move the scenario needs (its first answer); the learner's move is not made
            (`right` is False) and `consequences` says what it would have done.
    """

    right: bool
    move: Move | None = None
    message: str = ""
    explanation: str = ""
    rule: str | None = None
    hint: str | None = None
    result: StepResult | None = None
    consequences: tuple[str, ...] = field(default_factory=tuple)
    mistake: Mistake | None = None
    needs: Move | None = None


class Runner:
    """Steps through a scenario one step at a time.

    ``position`` is the number of steps done (0 = the table as set up). A task step waits
    for :meth:`answer`; :meth:`step_forward` on a task step makes its first answer (the
    "show me" button), or the learner's own answer when they gave another accepted one
    (``chosen``). Going back replays from the setup (the game is deterministic), with the
    learner's own answers: the table and the log always show the moves the learner made.

    Attributes:
        chosen: step index (0-based) → the learner's own answer to that task, when it is an
            accepted answer other than the first; :meth:`answer` fills it.

    Args:
        scenario: the scenario.
        viewer: the name of the seat whose eyes narrate (``"You"`` by default, when there
            is such a player); None narrates as an onlooker who sees every card.
    """

    def __init__(self, scenario: Scenario, viewer: str | None = "You"):
        self.scenario = scenario
        self.viewer = viewer if viewer in scenario.names else None
        self.game = scenario.new_game()
        self.position = 0
        self.results: list[StepResult] = []
        self.chosen: dict[int, Move] = {}

    # -- where we are
    @property
    def steps(self) -> tuple[Step, ...]:
        return self.scenario.steps

    @property
    def done(self) -> bool:
        return self.position >= len(self.steps)

    @property
    def next_step(self) -> Step | None:
        """The step to do next, or None at the end."""
        return None if self.done else self.steps[self.position]

    @property
    def waiting_for_answer(self) -> bool:
        """The next step is a task for the learner."""
        step = self.next_step
        return step is not None and step.is_task

    @property
    def viewer_seat(self) -> int | None:
        return None if self.viewer is None else self.scenario.names.index(self.viewer)

    def narrate(self, events: Iterable[Event]) -> tuple[str, ...]:
        return tuple(narrate(e, self.game.names, self.viewer_seat) for e in events)

    # -- moving
    def step_forward(self, *, check: bool = True) -> StepResult:
        """Do the next step (a task: its first answer) and return what happened (`check`:
        test the step's ``expect`` keys; the app's lesson player leaves that to
        ``scenario check``).

        Raises:
            IndexError: there is no next step.
        """
        step = self.next_step
        if step is None:
            raise IndexError("the scenario has no more steps")
        own = self.chosen.get(self.position) if step.is_task else None
        if own is not None:
            return self._run(step, (own,), (format_move(own, self.game.names),), check=False)
        return self._run(step, step.applied_moves, step.applied_texts, check=check)

    def _run(self, step: Step, moves: Sequence[Move], texts: Sequence[str], *, check: bool = True) -> StepResult:
        run = run_step(self.game, step, moves, texts, check=check)
        result = StepResult(step, run.moves, run.events, self.narrate(run.events), run.refusal, run.failure)
        self.results.append(result)
        self.position += 1
        return result

    def run_to_end(self) -> list[StepResult]:
        """Do every remaining step; the results."""
        out = []
        while not self.done:
            out.append(self.step_forward())
        return out

    def go_to(self, position: int) -> None:
        """Replay from the setup to just after step `position` (0 = the start).

        Raises:
            IndexError: no such position.
        """
        if not 0 <= position <= len(self.steps):
            raise IndexError(f"position {position} is outside 0…{len(self.steps)}")
        self.game = self.scenario.new_game()
        self.position = 0
        self.results = []
        while self.position < position:
            self.step_forward()

    def step_back(self) -> None:
        """Go back one step (replaying from the setup)."""
        if self.position > 0:
            self.go_to(self.position - 1)

    def restart(self) -> None:
        self.go_to(0)

    def state_after(self, n: int) -> Game:
        """A new game as it is after step `n` (0 = as set up); the runner does not move."""
        other = Runner(self.scenario, self.viewer)
        other.chosen = dict(self.chosen)   # the learner's own answers, as this runner replays them
        other.go_to(n)
        return other.game

    # -- tasks
    def hint(self) -> str | None:
        step = self.next_step
        return step.hint if step is not None else None

    def _learner(self, step: Step) -> str | None:
        players = {m.player for m in step.answer_moves}
        return self.game.names[players.pop()] if len(players) == 1 else None

    def answer(self, move: str | Move, *, check: bool = True) -> AnswerResult:
        """Judge the learner's answer to the current task (`check`: test the step's
        ``expect`` keys after a right answer, as :meth:`step_forward`).

        A right answer (one of the accepted moves) is made and the runner moves on. A wrong
        one is not made: the reply says why (the mistake's own reply, the engine's
        refusal, or the hint). Text without ``"Name:"`` is taken as the learner's move.

        Raises:
            ValueError: the next step is not a task.
        """
        step = self.next_step
        if step is None or not step.is_task:
            raise ValueError("the current step is not a task")
        names = self.game.names
        if isinstance(move, str):
            text = move.strip()
            learner = self._learner(step)
            if ":" not in text and learner is not None:
                text = f"{learner}: {text}"
            try:
                parsed = parse_move(text, names)
            except MoveSyntaxError as e:
                return AnswerResult(False, None, message=step.hint or "", explanation=_("That is not a move: {error}").format(error=e),
                                    hint=step.hint)
        else:
            parsed = move
            text = format_move(parsed, names)
        if parsed in step.answer_moves:
            first = step.answer_moves[0]
            index = self.position
            if parsed != first and not self.continues_from(parsed):
                # the rest of the scenario needs the first answer: explained, not made
                return AnswerResult(False, parsed, message=step.hint or "", hint=step.hint,
                                    consequences=self._consequences(parsed), needs=first)
            if parsed == first:
                self.chosen.pop(index, None)
                result = self._run(step, (parsed,), (text,), check=check)
            else:
                self.chosen[index] = parsed
                result = self._run(step, (parsed,), (text,), check=False)
            return AnswerResult(True, parsed, message=step.feedback or step.say or _("Right!"),
                                hint=step.hint, result=result)
        mistake = next((m for m in step.mistakes if m.move == parsed), None)
        refusal = self.game.why_illegal(parsed)
        explanation, rule = "", None
        consequences: tuple[str, ...] = ()
        if refusal is not None:
            explanation = narrate_refusal(refusal)
            rule = refusal.rule
        else:
            consequences = self._consequences(parsed)
            if isinstance(parsed, SpeedPlay) and self.game.is_mistake(parsed):
                rule = "SP-4"
                explanation = _("That speed play does not match the top card: it is a mistake with a penalty card (SP-4).")
        if mistake is not None:
            message = mistake.say
            rule = mistake.rule or rule
        else:
            message = step.hint or _("That is not the move this step is looking for. Try again.")
        return AnswerResult(False, parsed, message=message, explanation=explanation, rule=rule,
                            hint=step.hint, consequences=consequences, mistake=mistake)

    def continues_from(self, move: Move) -> bool:
        """Whether the rest of the scenario holds when the current task is answered with
        `move` (one of its accepted answers): every later step's moves are made as written
        and every later ``expect`` holds. The runner does not move."""
        index = self.position
        other = Runner(self.scenario, self.viewer)
        other.chosen = {**self.chosen, index: move}
        try:
            other.go_to(len(self.steps))
        except Exception:  # noqa: BLE001 — a replay that cannot go on does not continue
            return False
        return all(r.failure is None for r in other.results[index:])

    def _consequences(self, move: Move) -> tuple[str, ...]:
        """What a legal move would do, narrated, without making it."""
        try:
            events = self.game.apply(move)
        except Exception:
            return ()
        try:
            self.game.undo()
        except Exception:  # no undo: rebuild the position
            self.go_to(self.position)
        return self.narrate(events)
