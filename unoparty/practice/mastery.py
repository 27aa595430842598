"""A learner's practice: answers per rule, mastery, and what to practise next.

Storage sits behind a tiny interface, :class:`PracticeStore` — ``record(learner, rule,
correct)`` and ``history(learner)``. The app keeps each learner's answers in the progress
store, beside their lessons' stars (:class:`unoparty.progress.LearnerPracticeStore`, the
learner's record :class:`unoparty.progress.LearnerProgress`, ``UNOPARTY_DB``); a learner
who has not given a name yet keeps them for the session only (:class:`MemoryPracticeStore`).
The old file ``practice.json`` (:class:`FilePracticeStore`) is still read, and carried over
into the progress store once (:meth:`unoparty.progress.legacy.LegacyStore.import_practice_json`).

- **Mastery** (:func:`mastery`): a rule is *mastered* once its latest
  :data:`MASTERY_STREAK` answers are all right.
- **Spaced review** (:func:`next_rule`): a rule answered wrong comes back after
  ``REVIEW_WITHIN - 1`` other exercises (later if another review came just before: reviews
  take at most every other question); otherwise the :data:`ACTIVE` rules being learnt take
  turns, and a new rule joins them only when one is mastered — so mastery comes one rule
  at a time, never all at once after every rule has had its turn.

>>> store = MemoryPracticeStore()
>>> for ok in (True, True, True):
...     store.record("ana", "A-1", ok)
>>> mastery(store.history("ana"))["A-1"].mastered
True
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, Sequence

__all__ = ["Answer", "RuleMastery", "PracticeStore", "MemoryPracticeStore", "FilePracticeStore", "mastery",
           "next_rule", "carry_over", "MASTERY_STREAK", "REVIEW_WITHIN", "ACTIVE", "practice_path",
           "progress_path", "write_whole"]

MASTERY_STREAK = 3
"""Right answers in a row that make a rule mastered."""

REVIEW_WITHIN = 3
"""A rule answered wrong is asked again within this many exercises."""

ACTIVE = 3
"""Rules learnt at once (tried, not mastered): a new rule joins only when fewer are."""


@dataclass(frozen=True, slots=True, init=False)
class Answer:
    """One answer about a rule — the one answer record of the package, kept by the progress
    store too (:class:`unoparty.progress.Answer`, formerly ``unoparty.store.PracticeAnswer``):
    the rule id (``"SP-4"``), whether it was right, when (``at``, seconds since the epoch;
    0.0 when not known).

    ``correct`` is another name of ``right`` (this module's old field): ``Answer(rule,
    correct=…)`` and ``answer.correct`` still work.
    """

    rule: str
    right: bool
    at: float

    def __init__(self, rule: str, right: bool | None = None, at: float = 0.0, *,
                 correct: bool | None = None) -> None:
        if right is None and correct is None:
            raise TypeError("Answer needs right (or correct)")
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "right", bool(correct if right is None else right))
        object.__setattr__(self, "at", float(at))

    @property
    def correct(self) -> bool:
        """The same as :attr:`right`."""
        return self.right


class PracticeStore(Protocol):
    """Where answers are kept. Implementations must never raise for a learner's answer.
    ``at``: when it was given (seconds since the epoch; default now)."""

    def record(self, learner: str, rule: str, correct: bool, at: float | None = None) -> None: ...

    def history(self, learner: str) -> list[Answer]:
        """Every answer of `learner`, oldest first."""
        ...


class MemoryPracticeStore:
    """Answers kept in memory (tests, a kernel without a home directory)."""

    def __init__(self) -> None:
        self._answers: dict[str, list[Answer]] = {}

    def record(self, learner: str, rule: str, correct: bool, at: float | None = None) -> None:
        self._answers.setdefault(learner, []).append(Answer(rule, bool(correct), time.time() if at is None else at))

    def history(self, learner: str) -> list[Answer]:
        return list(self._answers.get(learner, []))

    def take(self, learner: str) -> list[Answer]:
        """Every answer of `learner`, oldest first, removed from this store."""
        return self._answers.pop(learner, [])


def write_whole(path: Path, text: str) -> None:
    """Write `text` to the file `path` whole or not at all: into a file beside it, then moved
    into place. A path that is not a regular file (a device such as ``/dev/null``, given as
    ``UNOPARTY_PROGRESS`` to keep nothing) is written into, never replaced.

    Raises:
        OSError: the file cannot be written (nothing of it was changed).
    """
    if path.exists() and not path.is_file():
        path.write_text(text, encoding="utf-8")
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def progress_path() -> Path:
    """The lessons' old progress file: ``UNOPARTY_PROGRESS``, else
    ``~/.unoparty/progress.json`` (read by :class:`unoparty.views.progress.Progress`; kept
    here, below the views, since the practice file sits beside it)."""
    env = os.environ.get("UNOPARTY_PROGRESS")
    if env:
        return Path(env)
    return Path.home() / ".unoparty" / "progress.json"


def practice_path() -> Path:
    """The practice file: ``practice.json`` beside the lessons' progress file
    (``UNOPARTY_PROGRESS`` moves both)."""
    return progress_path().with_name("practice.json")


class FilePracticeStore:
    """Answers in a small JSON file, written whole and atomically like the lessons' stars; a
    missing or broken file counts as no answers, never as an error the learner sees."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else practice_path()

    def _read(self) -> dict[str, list[Any]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        learners = data.get("learners", {}) if isinstance(data, dict) else {}
        return learners if isinstance(learners, dict) else {}

    def record(self, learner: str, rule: str, correct: bool, at: float | None = None) -> None:
        data = self._read()
        data.setdefault(learner, []).append([rule, bool(correct), round(time.time() if at is None else at, 1)])
        try:
            write_whole(self.path, json.dumps({"version": 1, "learners": data}))
        except OSError:
            pass

    def history(self, learner: str) -> list[Answer]:
        out = []
        for row in self._read().get(learner, []):
            try:
                rule, correct, at = row
                out.append(Answer(str(rule), bool(correct), float(at)))
            except (TypeError, ValueError):
                continue
        return out


def carry_over(source: MemoryPracticeStore, source_learner: str, target: PracticeStore, learner: str) -> int:
    """Move the answers `source_learner` gave in `source` (a session's, before a name was
    typed) to `learner` in `target`, in order, each with the time it was given. Returns how
    many `target` kept (an answer a store could not keep is not counted)."""
    kept = 0
    for a in source.take(source_learner):
        errors = getattr(target, "errors", 0)
        target.record(learner, a.rule, a.correct, at=a.at)
        kept += getattr(target, "errors", 0) == errors
    return kept


@dataclass(frozen=True, slots=True)
class RuleMastery:
    """A learner's standing on one rule: tries, right answers, the current run of right
    answers (``streak``), and ``mastered`` (``streak >= MASTERY_STREAK``)."""

    rule: str
    tries: int
    right: int
    streak: int

    @property
    def mastered(self) -> bool:
        return self.streak >= MASTERY_STREAK


def mastery(history: Sequence[Answer]) -> dict[str, RuleMastery]:
    """rule id → :class:`RuleMastery`, from a history (oldest first)."""
    tries: dict[str, int] = {}
    right: dict[str, int] = {}
    streak: dict[str, int] = {}
    for a in history:
        tries[a.rule] = tries.get(a.rule, 0) + 1
        right[a.rule] = right.get(a.rule, 0) + int(a.correct)
        streak[a.rule] = streak.get(a.rule, 0) + 1 if a.correct else 0
    return {r: RuleMastery(r, tries[r], right[r], streak[r]) for r in tries}


def _was_review(history: Sequence[Answer]) -> bool:
    """Whether the latest answer was a review: its rule's answer before it was wrong."""
    if not history:
        return False
    last = history[-1]
    before = next((a for a in reversed(history[:-1]) if a.rule == last.rule), None)
    return before is not None and not before.correct


def next_rule(history: Sequence[Answer], rules: Sequence[str]) -> str:
    """The rule to practise next, from `rules` (in teaching order).

    1. A rule whose latest answer was wrong, once ``REVIEW_WITHIN - 1`` other exercises have
       passed since (or at once if there is nothing else to ask) — so it comes back within
       ``REVIEW_WITHIN`` exercises, never twice in a row while others wait — and never
       right after another review while other rules wait, so reviews take at most every
       other question (a rule missed again and again cannot crowd out the rest).
    2. Else, while fewer than :data:`ACTIVE` rules are being learnt (tried, not mastered),
       the first rule never tried; 3. else the rule being learnt that was asked longest ago
       (the rules being learnt take turns, so each is mastered after about ``ACTIVE *
       MASTERY_STREAK`` right answers); 4. else the first rule never tried; 5. else (all
       mastered) the rule answered longest ago.

    Raises:
        ValueError: `rules` is empty.
    """
    if not rules:
        raise ValueError("no rules to practise")
    last_seen: dict[str, int] = {}
    last_ok: dict[str, bool] = {}
    for i, a in enumerate(history):
        last_seen[a.rule] = i
        last_ok[a.rule] = a.correct
    n = len(history)
    wrong = [r for r in rules if r in last_ok and not last_ok[r]]
    due = [r for r in wrong if n - 1 - last_seen[r] >= REVIEW_WITHIN - 1]
    table = mastery(history)
    others = [r for r in rules if r not in wrong]
    held = bool(others) and _was_review(history)  # a review just came: another rule first
    if due and not held:
        return min(due, key=lambda r: last_seen[r])
    fresh = [r for r in rules if r not in table]
    learning = [r for r in rules if r in table and not table[r].mastered and r not in wrong]
    if fresh and len(learning) + len(wrong) < ACTIVE:
        return fresh[0]
    turns = [r for r in learning if r != history[-1].rule]  # never the same rule twice in a row if another can come
    if turns:
        return min(turns, key=lambda r: last_seen[r])
    if fresh:
        return fresh[0]
    if learning:
        return learning[0]
    if wrong and not held:
        return min(wrong, key=lambda r: last_seen[r])
    return min(others or rules, key=lambda r: last_seen[r])
