"""The Practice session: the exercise on the rule the learner needs next, its table built
once, the verdict worked out once, the answers recorded through the learner's practice
record. Widget-free (``views/practice.py`` renders it).

    >>> from unoparty.practice.mastery import MemoryPracticeStore
    >>> s = PracticeSession(store=MemoryPracticeStore(), seed=5)
    >>> v = s.answer(s.expected)
    >>> v.right, v.recorded, s.answered
    (True, True, True)
    >>> PracticeSession.from_state(s.to_state(), store=MemoryPracticeStore()).exercise == s.exercise
    True

Nothing is worked out again at click time: :meth:`PracticeSession.pose` builds the table
(:meth:`Exercise.game`), the engine's answer (:func:`engine_answer`) and what the move does
(its events, on a copy) once; :meth:`answer` compares and records.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..practice.exercises import Exercise, ExerciseKind, engine_answer, exercise, exercise_by_id
from ..practice.mastery import (MemoryPracticeStore, PracticeStore, RuleMastery, carry_over, mastery,
                                next_rule)

if TYPE_CHECKING:
    from typing import Self

    from ..cards import Card
    from ..engine.events import Event
    from ..game import Game

__all__ = ["PracticeSession", "Verdict", "PRACTICE_RULES", "key_pick", "DrillSession", "DrillVerdict"]

STATE_VERSION = 1
"""The version of :meth:`PracticeSession.to_state`'s dict."""


def _practice_rules() -> tuple[str, ...]:
    from ..practice.coverage import DECIDING
    return tuple(DECIDING)


PRACTICE_RULES: tuple[str, ...] = _practice_rules()
"""The rules practised, in teaching order."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The verdict on one answer.

    Attributes:
        choice: the answer given (one of :meth:`Exercise.choices`).
        right: it is the engine's answer. answer: the engine's answer.
        rule: the rule id that decides it. recorded: it was recorded (False: a second
            answer to the same question, nothing kept).
    """

    choice: Any
    right: bool
    answer: Any
    rule: str
    recorded: bool = True


def key_pick(key: str, labels: Sequence[str]) -> int | None:
    """The place of the answer key `key` picks among the answer buttons labelled `labels`:
    the one labelled with that digit ("How many cards…?": key 1 picks "1", key 0 picks
    "0"); where no answer is labelled by a digit, keys 1–9 pick the answers by their place.
    None: the key picks nothing here (issue 19)."""
    if key in labels:
        return list(labels).index(key)
    if key.isdigit() and key != "0" and not any(label.isdigit() for label in labels) and int(key) <= len(labels):
        return int(key) - 1
    return None


class PracticeSession:
    """One learner's practice: the question shown and the answers given.

    Attributes:
        learner, store: whose answers, and where they are kept (default: in memory).
        rules: the rules practised. seed: the seed the questions are drawn from.
        exercise: the question shown; game: its table (built once, never changed);
            expected: the engine's answer; events: what the question's move does on a copy
            of the table (empty for a move refused).
        count: questions posed so far (the one shown is number `count`).
        choice: the answer given to the question shown, else None; answered: one was given.
        verdict: the verdict on it, else None. version: bumps on every change.
    """

    kind: ClassVar[str] = "practice"

    def __init__(self, *, learner: str = "me", store: PracticeStore | None = None, seed: int | None = None,
                 rules: Sequence[str] = PRACTICE_RULES, pose: bool = True) -> None:
        self.learner = learner
        self.store: PracticeStore = store if store is not None else MemoryPracticeStore()
        self.rules = tuple(rules)
        self.seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
        self._rng = random.Random(self.seed)
        self.draws = 0  # numbers drawn from the seed so far (kept: the same next questions after a reload)
        self.count = 0
        self.version = 0
        self.choice: Any = None
        self.answered = False
        self.verdict: Verdict | None = None
        if pose:
            self.next()

    # ------------------------------------------------------------------ choosing

    def draw(self) -> int:
        """The next number from the session's seed (a question's round, the drill's seed)."""
        self.draws += 1
        return self._rng.randrange(10**6)

    def pick(self) -> Exercise:
        """The next exercise: on the rule the learner needs next; a harder one (two rules
        meet, :attr:`Exercise.hard`) once that rule is mastered."""
        history = self.store.history(self.learner)
        rule = next_rule(history, self.rules)
        known = mastery(history).get(rule)
        return exercise(self.draw(), rule, hard=bool(known and known.mastered))

    def next(self) -> Exercise:
        """Pose the next exercise; returns it."""
        ex = self.pick()
        self.pose(ex)
        return ex

    def pose(self, ex: Exercise, game: Game | None = None) -> None:
        """Pose `ex` (`game`: its table, if already built; else built once here) and work
        out its answer and what its move does, once."""
        game = ex.game() if game is None else game
        self.exercise = ex
        self.game = game
        self.expected: Any = engine_answer(ex, game)
        self.events: tuple[Event, ...] = ()
        if game.why_illegal(ex.move) is None:
            self.events = tuple(game.clone().apply(ex.move))
        self.choices: tuple[Any, ...] = tuple(ex.choices())
        self.count += 1
        self.choice = None
        self.answered = False
        self.verdict = None
        self.version += 1

    # ------------------------------------------------------------------ answering

    def answer(self, choice: Any) -> Verdict:
        """Judge `choice` against the engine's answer and record it (rule: the
        exercise's). A second answer to the same question is judged again but not
        recorded (:attr:`Verdict.recorded` False) and the first stays the answer.

        Raises:
            ValueError: `choice` is not one of the question's choices.
        """
        if choice not in self.choices or (isinstance(choice, bool) != isinstance(self.choices[0], bool)):
            raise ValueError(f"{choice!r} is not an answer to this question (the answers: {self.choices!r})")
        ex = self.exercise
        if self.answered and self.verdict is not None:
            return Verdict(choice, choice == self.expected, self.expected, ex.rule, recorded=False)
        right = choice == self.expected
        self.store.record(self.learner, ex.rule, right)
        self.choice = choice
        self.answered = True
        self.verdict = Verdict(choice, right, self.expected, ex.rule)
        self.version += 1
        return self.verdict

    def answer_place(self, index: int) -> Verdict:
        """Answer with the choice at place `index` (0-based, :attr:`choices` order).

        Raises:
            IndexError: no such place.
        """
        if not 0 <= index < len(self.choices):
            raise IndexError(f"the question has {len(self.choices)} answers, no place {index}")
        return self.answer(self.choices[index])

    def seat_clicked(self, seat: int) -> Verdict | None:
        """A seat clicked on the table: the answer to "who acts next?", else nothing (None)."""
        if self.exercise.kind is ExerciseKind.WHO_NEXT and 0 <= seat < len(self.exercise.names):
            return self.answer(seat)
        return None

    # ------------------------------------------------------------------ the record

    def mastery(self) -> dict[str, RuleMastery]:
        """rule id → the learner's standing on it (rules not tried are missing)."""
        return mastery(self.store.history(self.learner))

    def runs(self) -> dict[str, int]:
        """rule id → the learner's current run of right answers on it (0: none or not tried)."""
        table = self.mastery()
        return {rid: table[rid].streak if rid in table else 0 for rid in self.rules}

    def mastered(self) -> dict[str, bool]:
        """rule id → mastered, for this learner."""
        table = self.mastery()
        return {rid: bool(table.get(rid) and table[rid].mastered) for rid in self.rules}

    def switch_learner(self, learner: str, store: PracticeStore | None = None, *, carry: bool = False) -> int:
        """Keep `learner`'s record from now on (in `store`; None: the one in use) and pose
        the rule they need next (question numbers start again).

        With `carry` (the record so far is this session's, given before a name was typed:
        a :class:`MemoryPracticeStore`), its answers move to `learner` in `store`. Returns
        how many answers moved."""
        old_learner, old_store = self.learner, self.store
        self.learner = learner
        if store is not None:
            self.store = store
        moved = 0
        if carry and self.store is not old_store and isinstance(old_store, MemoryPracticeStore):
            moved = carry_over(old_store, old_learner, self.store, learner)
        self.count = 0
        self.next()
        return moved

    # ------------------------------------------------------------------ kept

    def to_state(self) -> dict[str, Any]:
        """The session as JSON-able data: the seed and the numbers drawn from it, the
        question shown (its id, :attr:`Exercise.id`, its number) and the answer given to it
        (its place among the choices), the rules practised. Answers are recorded in the
        learner's record, not here."""
        return {"version": STATE_VERSION, "seed": self.seed, "draws": self.draws, "count": self.count,
                "rules": list(self.rules), "exercise": self.exercise.id,
                "choice": None if not self.answered else self.choices.index(self.choice)}

    @classmethod
    def from_state(cls, state: Mapping[str, Any], *, learner: str = "me", store: PracticeStore | None = None,
                   **_context: Any) -> Self:
        """The session `state` describes (:meth:`to_state`): the same question, the answer
        given to it shown again (not recorded again), the same questions after it.

        Raises:
            ValueError: a bad state (another version, a missing or wrong value, an unknown
                exercise).
        """
        try:
            if state.get("version") != STATE_VERSION:
                raise ValueError(f"practice state version {state.get('version')!r}, not {STATE_VERSION}")
            seed, draws, count = int(state["seed"]), int(state["draws"]), int(state["count"])
            rules = tuple(str(r) for r in state["rules"])
            ex = exercise_by_id(str(state["exercise"]))
            choice = state.get("choice")
        except (KeyError, TypeError, AttributeError, LookupError) as e:
            raise ValueError(f"not a practice state: {e}") from None
        if draws < 0 or count < 1 or not rules:
            raise ValueError("not a practice state: bad counts or no rules")
        from ..rulebook import RULES
        unknown = [r for r in rules if r not in RULES]
        if unknown:
            raise ValueError(f"not a practice state: unknown rule ids {', '.join(unknown)}")
        session = cls(learner=learner, store=store, seed=seed, rules=rules, pose=False)
        for _ in range(draws):
            session.draw()
        session.pose(ex)
        session.count = count
        if choice is not None:
            if not isinstance(choice, int) or not 0 <= choice < len(session.choices):
                raise ValueError(f"not a practice state: no answer at place {choice!r}")
            session.choice = session.choices[choice]
            session.answered = True
            session.verdict = Verdict(session.choice, session.choice == session.expected, session.expected, ex.rule)
        return session


@dataclass(frozen=True, slots=True)
class DrillVerdict:
    """The verdict on the learner's last jump in the Speed Play drill: `outcome`
    ``"hit"``, ``"late"``, ``"mistake"`` (:class:`~unoparty.practice.drill.Jump`), or
    ``"no-card"`` (nothing turned up yet); `seconds` since the flip; `rule` the rule id."""

    outcome: str
    seconds: float = 0.0
    rule: str = ""


class DrillSession:
    """The Speed Play drill of the Practice page: the seeded flips
    (:class:`~unoparty.practice.drill.SpeedDrill`), the bot to beat, the flips left in the
    run, the verdict on the last jump. The page's timer calls :meth:`tick`.

    Args:
        seed: the flips' seed. clock: seconds (default ``time.monotonic``; tests pass
            their own). level: the bot to beat (``"random"``, ``"basic"``, ``"strong"``).
        flips: flips per run. scale: the bots' reaction times are multiplied by it (the
            app's ``UNOPARTY_DELAY_SCALE``).

    Raises:
        ValueError: an unknown level.
    """

    kind: ClassVar[str] = "drill"

    def __init__(self, *, seed: int = 0, clock: Callable[[], float] | None = None, level: str = "basic",
                 flips: int = 30, scale: float = 1.0) -> None:
        self.seed = seed
        self._clock = clock
        self.scale = scale
        self.flips_per_run = flips
        self.flips_left = 0
        self.said: DrillVerdict | None = None
        self.version = 0
        self.reset(level)

    def reset(self, level: str | None = None) -> None:
        """A new drill from the seed (against `level`'s bot, default the one in use)."""
        from ..practice.drill import BOT_REACTION, SpeedDrill
        level = getattr(self, "level", "basic") if level is None else level
        if level not in BOT_REACTION:
            raise ValueError(f"no bot level {level!r} (the levels: {', '.join(BOT_REACTION)})")
        self.level = level
        kw: dict[str, Any] = {"clock": self._clock} if self._clock is not None else {}
        self.drill = SpeedDrill(seed=self.seed, bot_reaction=BOT_REACTION[level] * self.scale, **kw)
        self.version += 1

    def start(self, level: str | None = None) -> None:
        """A new run: a new drill, `flips` flips to come (the first by :meth:`tick`)."""
        self.reset(level)
        self.flips_left = self.flips_per_run

    def stop(self) -> None:
        self.flips_left = 0
        self.version += 1

    def tick(self) -> bool:
        """Flip the next card if the run has flips left; returns whether it flipped. The
        verdict on the last jump stays (at party pace a flip comes too soon to read it)."""
        if self.flips_left <= 0:
            return False
        self.flips_left -= 1
        self.drill.flip()
        self.version += 1
        return True

    def jump(self, card: Card) -> DrillVerdict:
        """Speed play `card` now, judged by the engine (SP-1, SP-3, SP-4); before the
        first flip: ``"no-card"``.

        Raises:
            ValueError: `card` is not in the learner's hand.
        """
        if self.drill.top is None:
            self.said = DrillVerdict("no-card")
        else:
            j = self.drill.jump(card)
            self.said = DrillVerdict(j.outcome, j.seconds, j.rule)
        self.version += 1
        return self.said
