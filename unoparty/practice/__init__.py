"""Practice cut from real games: exercises, mastery per rule and spaced review.

- :mod:`unoparty.practice.exercises` — exercises from seeded bot rounds, answered by the engine.
- :mod:`unoparty.practice.coverage` — distinct positions per rule id, and the rules no
  exercise can pose (with the reason).
- :mod:`unoparty.practice.mastery` — a learner's answers per rule, mastery (three right in a
  row) and what to practise next (a rule answered wrong comes back soon).

Nothing here imports ipywidgets; the page is :mod:`unoparty.views.practice`.
"""

from .exercises import Exercise, ExerciseKind, engine_answer, exercise, exercise_by_id, is_right, round_exercises

__all__ = ["Exercise", "ExerciseKind", "engine_answer", "exercise", "exercise_by_id", "is_right",
           "round_exercises"]
