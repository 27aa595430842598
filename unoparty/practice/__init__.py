"""Practice cut from real games: exercises, mastery per rule and spaced review.

- :mod:`unoparty.practice.exercises` — exercises from seeded bot rounds, answered by the engine.
- :mod:`unoparty.practice.coverage` — distinct positions per rule id, and the rules no
  exercise can pose (with the reason).
- :mod:`unoparty.practice.mastery` — a learner's answers per rule, mastery (three right in a
  row) and what to practise next (a rule answered wrong comes back soon).

Nothing here imports ipywidgets; the page is :mod:`unoparty.views.practice`.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .exercises import Exercise, ExerciseKind, engine_answer, exercise, exercise_by_id, is_right, round_exercises

__all__ = ["Exercise", "ExerciseKind", "engine_answer", "exercise", "exercise_by_id", "is_right",
           "round_exercises"]


def __getattr__(name: str) -> Any:
    """The exercises' names, imported when first asked for (so that ``practice.mastery`` —
    the answer record the progress store keeps — comes without the engine)."""
    if name in __all__:
        from . import exercises
        return getattr(exercises, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
