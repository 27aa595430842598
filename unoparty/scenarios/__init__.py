"""Scenario files (SCENARIO_FORMAT.md, format 1): loading, validating, checking and
stepping through them.

Public API:

- :func:`load_scenario` (path) → :class:`Scenario` (frozen: id, title, lesson, rules, setup,
  steps); ``Scenario.new_game()`` → a :class:`~unoparty.game.Game` as set up.
- :class:`Runner` (scenario, viewer): ``step_forward()``, ``answer(move_text)``, ``go_to(n)``,
  ``state_after(n)``.
- :func:`check_file` (path) → :class:`CheckResult` (status ``ok``/``fail``/``invalid``,
  the line ``unoparty scenario check`` prints, the exit code).
- :func:`walkthrough` (scenario) → the text ``unoparty scenario show`` prints.

The modules import one way (a test keeps it so): ``values`` and ``model`` (the data) ←
``expect`` (each ``expect`` key read and checked) ← ``loader`` (files) and ``runner``
(stepping, for the app) ← ``check`` (files checked, for the command), ``show``
(walk-throughs) and ``curriculum`` (lesson lists).
"""

from .check import EXIT_CODES, FAIL, INVALID, OK, CheckResult, check_file, check_scenario, check_step
from .expect import EXPECT_KEYS, PHASES, Failure, check_expect
from .loader import load_scenario, loads_scenario
from .model import Mistake, Scenario, Setup, Step
from .runner import AnswerResult, Runner, StepResult, run_step
from .show import walkthrough

__all__ = [
    "load_scenario", "loads_scenario", "Scenario", "Setup", "Step", "Mistake", "EXPECT_KEYS",
    "PHASES", "Runner", "StepResult", "AnswerResult", "Failure", "CheckResult", "check_file",
    "check_scenario", "check_step", "check_expect", "run_step", "walkthrough", "OK", "FAIL",
    "INVALID", "EXIT_CODES",
]
