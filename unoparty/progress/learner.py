"""This learner's record: one interface for the lesson player and the Practice page alike.

:class:`LearnerProgress` is one learner's (or one browser key's, before a name is given)
stars, tries, answers, Practice answers and language, in a store or, with none, in memory.
:class:`LearnerPracticeStore` is the same record in the form the Practice page's logic takes
(:class:`unoparty.practice.mastery.PracticeStore`: ``record(learner, rule, correct)``,
``history(learner)``).
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from .protocol import Store
from .records import Answer, StoreError, check_key, normalise_name

__all__ = ["LearnerProgress", "LearnerPracticeStore"]


class LearnerProgress:
    """One learner's record in a store, with the interface the lesson player and the
    Practice page use.

    Args:
        store: the store (None: nothing is kept beyond this object).
        learner: whose record it is.
        key: the browser's session key (:meth:`Store.sign_in`). With a key and no learner,
            the record is the key's learner's while the key is signed in as someone, else
            the key's own (it moves to the learner at :meth:`Store.sign_in`).

    With neither a learner nor a key (or no store), stars and answers are kept in this object
    only.

    Raises:
        StoreError: a bad name or key.
    """

    def __init__(self, store: Store | None = None, learner: str | None = None, *, key: str | None = None) -> None:
        self.store = store
        self.learner = normalise_name(learner) if learner else None
        self.key = check_key(key) if key is not None else None
        self._mine: dict[str, int] = {}
        self._answers: list[Answer] = []
        self._language: str | None = None

    @property
    def keeps(self) -> bool:
        """Whether the store keeps this record (a learner's or a key's)."""
        return self.store is not None and (self.learner is not None or self.key is not None)

    def _who(self) -> tuple[Store, str | None, str | None]:
        """(store, learner, key): the learner whose record it is now, or else the key."""
        assert self.store is not None
        if self.learner is not None:
            return self.store, self.learner, None
        assert self.key is not None
        name = self.store.learner_for_key(self.key)
        return (self.store, name, None) if name else (self.store, None, self.key)

    @property
    def name(self) -> str | None:
        """The learner whose record this is now (None: nobody has given a name)."""
        if not self.keeps:
            return self.learner
        return self._who()[1]

    def all(self) -> dict[str, int]:
        """Lesson id → best stars (0–3)."""
        if not self.keeps:
            return dict(self._mine)
        store, name, key = self._who()
        return store.stars(name) if name else store.stars_for_key(key or "")

    def stars(self, lesson_id: str) -> int:
        return self.all().get(lesson_id, 0)

    def record(self, lesson_id: str, stars: int) -> int:
        """Keep the best of the kept and the new stars; returns the best."""
        if not self.keeps:
            self._mine[lesson_id] = max(self._mine.get(lesson_id, 0), int(stars))
            return self._mine[lesson_id]
        store, name, key = self._who()
        return store.record_stars(name, lesson_id, stars) if name else \
            store.record_stars_for_key(key or "", lesson_id, stars)

    def start(self, lesson_id: str) -> None:
        """Count one try of the lesson."""
        if self.keeps:
            store, name, key = self._who()
            if name:
                store.start_lesson(name, lesson_id)
            else:
                store.start_lesson_for_key(key or "", lesson_id)

    def answer(self, lesson_id: str, rules: Iterable[str], right: bool) -> None:
        """Count one answer about `rules` in the lesson (``""``: outside lessons)."""
        if self.keeps:
            store, name, key = self._who()
            if name:
                store.record_answer(name, lesson_id, rules, right=right)
            else:
                store.record_answer_for_key(key or "", lesson_id, rules, right=right)

    def record_practice(self, rule: str, right: bool, *, at: float | None = None) -> None:
        """Keep one answer of the Practice page (:meth:`Store.record_practice`)."""
        if not self.keeps:
            self._answers.append(Answer(str(rule), bool(right), time.time() if at is None else float(at)))
            return
        store, name, key = self._who()
        if name:
            store.record_practice(name, rule, right, at=at)
        else:
            store.record_practice_for_key(key or "", rule, right, at=at)

    def practice(self) -> list[Answer]:
        """Every Practice answer of this record, oldest first."""
        if not self.keeps:
            return list(self._answers)
        store, name, key = self._who()
        return store.practice(name) if name else store.practice_for_key(key or "")

    @property
    def language(self) -> str | None:
        """The language this learner chose (``"fr"``), kept in the store as their setting
        ``language``; None when they chose none (kept in this object only while nobody has
        given a name)."""
        name = self.name
        if not self.keeps or name is None or self.store is None:
            return self._language
        return self.store.setting(name, "language")

    @language.setter
    def language(self, lang: str | None) -> None:
        self._language = lang
        name = self.name
        if self.keeps and name and lang and self.store is not None:
            self.store.set_setting(name, "language", lang)


class LearnerPracticeStore:
    """The learners' Practice answers in the progress store, per learner, beside their stars
    (:class:`LearnerProgress` for each learner named), in the form
    :class:`unoparty.practice.mastery.PracticeStore` of the Practice page's logic. A store
    that cannot be reached loses the answer and reports an empty history (counted in
    :attr:`errors`), never an error the learner sees.

    Args:
        store: the progress store.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.errors = 0

    def record(self, learner: str, rule: str, correct: bool, at: float | None = None) -> None:
        """Keep one answer of `learner` (:meth:`LearnerProgress.record_practice`)."""
        try:
            LearnerProgress(self.store, learner).record_practice(rule, bool(correct), at=at)
        except StoreError:
            self.errors += 1

    def history(self, learner: str) -> list[Answer]:
        """Every answer of `learner`, oldest first ([] when the store cannot be read)."""
        try:
            return LearnerProgress(self.store, learner).practice()
        except StoreError:
            self.errors += 1
            return []
