"""Checking scenario files for ``unoparty scenario check`` (SCENARIO_FORMAT.md, "Checking"):
load a file, run every step from its setup, and say ``ok``, ``FAIL`` or ``INVALID`` in one
line with an exit code. Never raises for a bad file and never prints a traceback.

Stepping itself is :func:`unoparty.scenarios.runner.run_step`, the same as the app's
scenario player; this module adds what only a check needs: a task's answers must be allowed
and its mistakes refused with their rule, and the result as a line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.events import Event
from ..engine.moves import Move, SpeedPlay
from ..errors import IllegalMove, MoveSyntaxError, ScenarioError
from ..i18n import _, pgettext
from .expect import Failure
from .loader import load_scenario
from .model import Scenario, Step
from .runner import refusal_detail, run_step
from .values import scenario_error

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["OK", "FAIL", "INVALID", "EXIT_CODES", "CheckResult", "check_file", "check_scenario",
           "check_step", "mistake_rule", "invalid_line"]

OK, FAIL, INVALID = "ok", "fail", "invalid"
EXIT_CODES = {OK: 0, FAIL: 1, INVALID: 2}


def mistake_rule(game: Game, move: Move) -> str | None:
    """The rule the engine cites refusing or penalising `move`, or None if it allows it."""
    refusal = game.why_illegal(move)
    if refusal is not None:
        return refusal.rule
    if isinstance(move, SpeedPlay) and game.is_mistake(move):
        return "SP-4"
    return None


def _check_task(game: Game, step: Step) -> Failure | None:
    """Every accepted answer is allowed; every mistake with a ``rule`` is refused (or
    penalised) citing that rule."""
    n = step.number
    for text, move in zip(step.answers, step.answer_moves):
        refusal = game.why_illegal(move)
        if refusal is not None:
            return Failure(n, "answer", _("{move} to be allowed").format(move=repr(text)), refusal_detail(text, refusal))
        if isinstance(move, SpeedPlay) and game.is_mistake(move):
            return Failure(n, "answer", _("{move} to be allowed").format(move=repr(text)), _("a speed-play mistake (SP-4)"))
    for i, m in enumerate(step.mistakes, 1):
        if m.rule is None:
            continue
        found = mistake_rule(game, m.move)
        if found != m.rule:
            found_text = (_("{rule} (for {move})").format(rule=found, move=repr(m.answer)) if found
                          else _("none: the engine allows {move}").format(move=repr(m.answer)))
            return Failure(n, f"mistakes[{i}].rule", m.rule, found_text)
    return None


def check_step(game: Game, step: Step) -> tuple[Failure | None, tuple[Event, ...], IllegalMove | None]:
    """Run one step on `game` as ``check`` does and test its expectations.

    Returns:
        (the first failure or None, the events of the step, the refusal when the step's
        move was refused).
    """
    if step.is_task:
        failure = _check_task(game, step)
        if failure is not None:
            return failure, (), None
    run = run_step(game, step)
    return run.failure, run.events, run.refusal


def check_scenario(scenario: Scenario) -> Failure | None:
    """Run every step of `scenario` from its setup; the first failure, or None."""
    game = scenario.new_game()
    for step in scenario.steps:
        try:
            failure, _events, _refusal = check_step(game, step)
        except (MoveSyntaxError, ScenarioError):
            raise
        except Exception as e:  # an engine bug must not become a traceback
            return Failure(step.number, "engine", _("no error"), f"{type(e).__name__}: {e}")
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
    ``INVALID FILE: WHERE: WHAT`` in English (``--lang en``: the form scripts read), each a
    whole sentence of the catalogue in the other languages.
    """
    file = str(path)
    try:
        scenario = load_scenario(path)
    except ScenarioError as e:
        return CheckResult(file, INVALID, invalid_line(e), error=e)
    except Exception as e:  # never a traceback
        error = scenario_error(file, "file", _("cannot be loaded ({detail})").format(detail=f"{type(e).__name__}: {e}"))
        return CheckResult(file, INVALID, invalid_line(error), error=error)
    try:
        failure = check_scenario(scenario)
    except Exception as e:
        failure = Failure(0, "engine", _("no error"), f"{type(e).__name__}: {e}")
    if failure is None:
        return CheckResult(file, OK, pgettext("scenario check verdict", "ok {file}").format(file=file))
    line = pgettext("scenario check verdict", "FAIL {file} step {step}: {failure}").format(
        file=file, step=failure.step, failure=failure.message)
    return CheckResult(file, FAIL, _one_line(line), failure=failure)


def invalid_line(error: ScenarioError) -> str:
    """``INVALID FILE: WHERE: WHAT`` (English) for an invalid file, in the current language."""
    return _one_line(pgettext("scenario check verdict", "INVALID {error}").format(error=error.message))

