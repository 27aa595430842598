"""Running scenarios: checking every expectation (``unoparty scenario check``) and stepping
through one for the app's scenario player (:class:`Runner`)::

    runner = load_scenario("speed-play.toml").runner()
    runner.step_forward()                      # a StepResult: moves, events, sentences
    reply = runner.answer("You: speed play red 7")
    reply.right, reply.message, reply.explanation
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..cards import ALL_CARDS, Card, Colour
from ..engine.events import Event
from ..engine.moves import Move, SpeedPlay
from ..engine.refusals import Refusal
from ..errors import IllegalMove, MoveSyntaxError, ScenarioError
from ..i18n import _
from ..narrate import narrate, narrate_refusal
from ..notation import format_move, parse_move
from .loader import load_scenario
from .model import Mistake, Scenario, Step

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "Failure", "StepResult", "AnswerResult", "Runner", "CheckResult", "check_file",
    "check_scenario", "check_step", "check_expect", "refusal_detail", "OK", "FAIL", "INVALID", "EXIT_CODES",
]

OK, FAIL, INVALID = "ok", "fail", "invalid"
EXIT_CODES = {OK: 0, FAIL: 1, INVALID: 2}

_CARD_ORDER = {c: i for i, c in enumerate(ALL_CARDS)}


@dataclass(frozen=True)
class Failure:
    """An expectation that does not hold: ``KEY: expected X, found Y``."""

    step: int
    key: str
    expected: str
    found: str

    @property
    def message(self) -> str:
        return f"{self.key}: expected {self.expected}, found {self.found}"

    def __str__(self) -> str:
        return f"step {self.step}: {self.message}"


# ---------------------------------------------------------------------------------------
# showing values in FAIL lines


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Card) or isinstance(value, Colour):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if value is None:
        return "none"
    return str(value)


def _sorted_cards(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: _CARD_ORDER.get(c, 0))


def _name_of(game: Game, who: int | str | None) -> str:
    if who is None:
        return "nobody"
    if isinstance(who, str):
        return who
    return game.names[who]


def _phase(game: Game) -> str:
    phase = game.phase
    return str(getattr(phase, "value", str(phase)))


# ---------------------------------------------------------------------------------------
# checking


def check_expect(game: Game, step: Step, *, skip: Sequence[str] = ("refused", "reason")) -> Failure | None:
    """The first expectation of `step` (in file order) that does not hold in `game`."""
    n = step.number
    names = game.names
    found: Any  # what the game shows for each key: a name, card, colour, count… like `want`
    for key, want in step.expect.items():
        if key in skip:
            continue
        if key == "turn":
            phase = _phase(game)
            if game.phase.is_over or game.current is None:
                return Failure(n, key, want, f"nobody ({phase})")
            found = names[game.current]
            if found != want:
                return Failure(n, key, want, found)
        elif key == "phase":
            found = _phase(game)
            if found != want:
                return Failure(n, key, want, found)
        elif key in ("waiting_for", "links"):
            seats = game.waiting_for if key == "waiting_for" else game.links
            found = [names[s] for s in seats]
            if Counter(found) != Counter(want):
                return Failure(n, key, _show(list(want)), _show(sorted(found, key=names.index)))
        elif key == "top":
            found = game.top_card
            if found != want:
                return Failure(n, key, _show(want), _show(found))
        elif key == "colour":
            found = game.colour
            if found != want:
                return Failure(n, key, _show(want), _show(found))
        elif key == "direction":
            found = game.direction
            if found != want:
                return Failure(n, key, _dir(want), _dir(found))
        elif key == "hand":
            for who, w in want.items():
                hand = game.hands[names.index(who)]
                if isinstance(w, int):
                    if len(hand) != w:
                        return Failure(n, f"hand.{who}", _cards_count(w), _cards_count(len(hand)))
                elif Counter(hand) != Counter(w):
                    return Failure(n, f"hand.{who}", _show(list(w)), _show(_sorted_cards(hand)))
        elif key in ("draw_pile", "discard_pile"):
            found = len(getattr(game, key))
            if found != want:
                return Failure(n, key, _cards_count(want), _cards_count(found))
        elif key == "mini_pile":
            pile = tuple(game.mini_pile)
            if isinstance(want, int):
                if len(pile) != want:
                    return Failure(n, key, _cards_count(want), _cards_count(len(pile)))
            elif pile != tuple(want):
                return Failure(n, key, _show(list(want)), _show(list(pile)))
        elif key in ("winner", "round_points", "match_winner"):
            outcome = game.outcome()
            if outcome is None:
                return Failure(n, key, _show(want), f"none (the round is not over: {_phase(game)})")
            if key == "round_points":
                found = outcome.points
            elif key == "winner":
                found = _name_of(game, outcome.winner)
            else:
                found = _name_of(game, outcome.match_winner)
            if found != want:
                return Failure(n, key, _show(want), _show(found))
        elif key == "scores":
            for who, w in want.items():
                found = game.scores[names.index(who)]
                if found != w:
                    return Failure(n, f"scores.{who}", str(w), str(found))
    return None


def _dir(d: int) -> str:
    return "clockwise" if d >= 0 else "counterclockwise"


def _cards_count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _bare(e: IllegalMove | Refusal) -> str:
    """A refusal's explanation without its trailing "(RULE)"."""
    text = " ".join(str(getattr(e, "explanation", "") or e).split())
    suffix = f"({e.rule})"
    if text.endswith(suffix):
        text = text[: -len(suffix)].rstrip()
    return text


def refusal_detail(text: str, e: IllegalMove | Refusal) -> str:
    """``'Cal: play green 2' is refused by T-0: It's not your turn.``"""
    return f"{text!r} is refused by {e.rule}: {_bare(e)}"


def _mistake_rule(game: Game, move: Move) -> str | None:
    """The rule the engine cites refusing or penalising `move`, or None if it allows it."""
    refusal = game.why_illegal(move)
    if refusal is not None:
        return refusal.rule
    if isinstance(move, SpeedPlay) and game.is_mistake(move):
        return "SP-4"
    return None


def _snapshot(game: Game) -> str | None:
    """The whole game as text, to see that a refused move changed nothing."""
    try:
        return game.to_json()
    except Exception:
        return None


def check_step(game: Game, step: Step) -> tuple[Failure | None, tuple[Event, ...], IllegalMove | None]:
    """Run one step on `game` as ``check`` does and test its expectations.

    Returns:
        (the first failure or None, the events of the step, the refusal when the step's
        move was refused as expected).
    """
    n = step.number
    if step.is_task:
        for text, move in zip(step.answers, step.answer_moves):
            refusal = game.why_illegal(move)
            if refusal is not None:
                return Failure(n, "answer", f"{text!r} to be allowed", refusal_detail(text, refusal)), (), None
            if isinstance(move, SpeedPlay) and game.is_mistake(move):
                return Failure(n, "answer", f"{text!r} to be allowed", "a speed-play mistake (SP-4)"), (), None
        for i, m in enumerate(step.mistakes, 1):
            if m.rule is None:
                continue
            found = _mistake_rule(game, m.move)
            if found != m.rule:
                found_text = f"{found} (for {m.answer!r})" if found else f"none: the engine allows {m.answer!r}"
                return Failure(n, f"mistakes[{i}].rule", m.rule, found_text), (), None

    events: list[Event] = []
    moves = step.applied_moves
    texts = step.applied_texts
    if step.expects_refusal:
        (move,) = moves
        before = _snapshot(game)
        try:
            events.extend(game.apply(move))
        except ValueError as e:  # a given reshuffle that does not hold the cards shuffled
            return Failure(n, "reshuffles", "exactly the cards being shuffled", str(e)), (), None
        except IllegalMove as e:
            want = step.expect.get("reason")
            if want is not None and e.rule != want:
                return Failure(n, "reason", want, f"{e.rule} ({_bare(e)})"), (), e
            if _snapshot(game) != before:
                return Failure(n, "refused", "the state unchanged", "it changed"), (), e
            return check_expect(game, step), (), e
        return Failure(n, "refused", "true", f"false: {texts[0]!r} is allowed"), tuple(events), None
    for text, move in zip(texts, moves):
        try:
            events.extend(game.apply(move))
        except ValueError as e:  # a given reshuffle that does not hold the cards shuffled
            return Failure(n, "reshuffles", "exactly the cards being shuffled", str(e)), tuple(events), None
        except IllegalMove as e:
            return Failure(n, "refused", "false", f"true: {refusal_detail(text, e)}"), tuple(events), e
    if "refused" in step.expect and step.expect["refused"] is False:
        pass  # the moves were allowed, as expected
    return check_expect(game, step), tuple(events), None


def check_scenario(scenario: Scenario) -> Failure | None:
    """Run every step of `scenario` from its setup; the first failure, or None."""
    game = scenario.new_game()
    for step in scenario.steps:
        try:
            failure, _events, _refusal = check_step(game, step)
        except (MoveSyntaxError, ScenarioError):
            raise
        except Exception as e:  # an engine bug must not become a traceback
            return Failure(step.number, "engine", "no error", f"{type(e).__name__}: {e}")
        if failure is not None:
            return failure
    return None


@dataclass(frozen=True)
class CheckResult:
    """The result of checking one file.

    Attributes:
        file: the path as given.
        status: ``"ok"``, ``"fail"`` or ``"invalid"``.
        line: the line ``check`` prints.
        failure: the failure (status fail) or None.
        error: the ScenarioError (status invalid) or None.
    """

    file: str
    status: str
    line: str
    failure: Failure | None = None
    error: ScenarioError | None = None

    @property
    def exit_code(self) -> int:
        return EXIT_CODES[self.status]


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def check_file(path: str | Path) -> CheckResult:
    """Load and check one scenario file; never raises for a bad file.

    The line is ``ok FILE``, ``FAIL FILE step N: KEY: expected X, found Y`` or
    ``INVALID FILE: WHERE: WHAT``.
    """
    file = str(path)
    try:
        scenario = load_scenario(path)
    except ScenarioError as e:
        where = f"{e.where}: " if e.where else ""
        return CheckResult(file, INVALID, _one_line(f"INVALID {file}: {where}{e.what}"), error=e)
    except Exception as e:  # never a traceback
        return CheckResult(file, INVALID, _one_line(f"INVALID {file}: file: cannot be loaded ({type(e).__name__}: {e})"))
    try:
        failure = check_scenario(scenario)
    except Exception as e:
        failure = Failure(0, "engine", "no error", f"{type(e).__name__}: {e}")
    if failure is None:
        return CheckResult(file, OK, f"ok {file}")
    return CheckResult(file, FAIL, _one_line(f"FAIL {file} step {failure.step}: {failure.message}"), failure=failure)


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


class Runner:
    """Steps through a scenario one step at a time.

    ``position`` is the number of steps done (0 = the table as set up). A task step waits
    for :meth:`answer`; :meth:`step_forward` on a task step makes its first answer (the
    "show me" button). Going back replays from the setup (the game is deterministic).

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
    def step_forward(self) -> StepResult:
        """Do the next step (a task: its first answer) and return what happened.

        Raises:
            IndexError: there is no next step.
        """
        step = self.next_step
        if step is None:
            raise IndexError("the scenario has no more steps")
        return self._run(step, step.applied_moves, step.applied_texts)

    def _run(self, step: Step, moves: Sequence[Move], texts: Sequence[str]) -> StepResult:
        events: list[Event] = []
        refusal: IllegalMove | None = None
        failure: Failure | None = None
        done_texts: list[str] = []
        for text, move in zip(texts, moves):
            try:
                events.extend(self.game.apply(move))
                done_texts.append(text)
            except ValueError as e:  # a given reshuffle that does not hold the cards shuffled
                failure = Failure(step.number, "reshuffles", "exactly the cards being shuffled", str(e))
                break
            except IllegalMove as e:
                refusal = e
                if not step.expects_refusal:
                    failure = Failure(step.number, "refused", "false", f"true: {refusal_detail(text, e)}")
                break
        if failure is None:
            if step.expects_refusal and refusal is None:  # (a reshuffle failure is kept as is)
                failure = Failure(step.number, "refused", "true", f"false: {texts[0]!r} is allowed")
            elif step.expects_refusal and refusal is not None \
                    and step.expect.get("reason") not in (None, refusal.rule):
                failure = Failure(step.number, "reason", step.expect["reason"], f"{refusal.rule} ({_bare(refusal)})")
            else:
                failure = check_expect(self.game, step)
        result = StepResult(step, tuple(done_texts), tuple(events), self.narrate(events), refusal, failure)
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
        other.go_to(n)
        return other.game

    # -- tasks
    def hint(self) -> str | None:
        step = self.next_step
        return step.hint if step is not None else None

    def _learner(self, step: Step) -> str | None:
        players = {m.player for m in step.answer_moves}
        return self.game.names[players.pop()] if len(players) == 1 else None

    def answer(self, move: str | Move) -> AnswerResult:
        """Judge the learner's answer to the current task.

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
            result = self._run(step, (parsed,), (text,))
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
