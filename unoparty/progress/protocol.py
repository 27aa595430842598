"""The :class:`Store` protocol: what every backend of the progress store offers.

Nothing here knows how or where records are kept (files, databases, the browser): a backend
is a subclass — :class:`~unoparty.progress.sql.SQLStore` (SQLite, PostgreSQL),
:class:`~unoparty.progress.document.DictStore` (one JSON-able document: the browser's) — and
a third one (an HTTP store service for JupyterHub's learners) would be one more.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any

from .records import Answer, LessonRecord, RuleRecord

__all__ = ["Store"]


class Store(ABC):
    """What every backend offers (SQL, the document store; an HTTP store service could be
    a third): learners and their records, the class's settings, the tries of a secret,
    learner keys and kept sessions. Names are normalised (:func:`normalise_name`);
    recording for a learner not seen before adds them. Every change is one transaction.
    Every method may raise :class:`StoreError` (the store cannot be reached or refused the
    change: nothing was changed).

    Attributes:
        keeps_last_learner: True when the store belongs to one device (the static site's
            browser): the app then picks the learner chosen last on its own. False (a
            class's shared database): nobody is picked for the learner.
    """

    keeps_last_learner: bool = False

    # -- learners
    @abstractmethod
    def learners(self) -> list[str]:
        """Every learner's name, sorted case-insensitively."""
        ...

    @abstractmethod
    def add_learner(self, name: str) -> str:
        """Add a learner (nothing happens if they exist); returns the normalised name."""
        ...

    @abstractmethod
    def reset_learner(self, name: str) -> None:
        """Forget a learner's stars, tries, mistakes and practice record; keep the name and
        settings."""
        ...

    @abstractmethod
    def delete_learner(self, name: str) -> None:
        """Forget a learner altogether."""
        ...

    # -- progress
    @abstractmethod
    def start_lesson(self, learner: str, lesson: str) -> None:
        """Count one try of `lesson`."""
        ...

    @abstractmethod
    def record_answer(self, learner: str, lesson: str, rules: Iterable[str], *, right: bool) -> None:
        """Count one answer (right or wrong) for each rule id in `rules`; a wrong answer also
        counts as a mistake in the lesson. `lesson` ``""``: an answer outside lessons."""
        ...

    @abstractmethod
    def record_stars(self, learner: str, lesson: str, stars: int) -> int:
        """Keep the best of the stored and the new stars (0–3); returns the best."""
        ...

    @abstractmethod
    def lessons(self, learner: str | None = None) -> list[LessonRecord]:
        """The lesson records (of one learner, or everyone's), sorted by learner then lesson."""
        ...

    @abstractmethod
    def rules(self, learner: str | None = None) -> list[RuleRecord]:
        """The per-rule records, sorted by learner, lesson, rule."""
        ...

    def stars(self, learner: str) -> dict[str, int]:
        """Lesson id → best stars, for one learner."""
        return {r.lesson: r.stars for r in self.lessons(learner) if r.stars}

    # -- practice (the Practice page's answers, in order)
    @abstractmethod
    def record_practice(self, learner: str, rule: str, right: bool, *, at: float | None = None) -> None:
        """Keep one answer of the Practice page: appended to the learner's practice record
        (:meth:`practice`) and counted in their per-rule tries and mistakes outside lessons
        (:meth:`rules`, lesson ``""``), in one change. `at`: seconds since the epoch
        (default: now).

        Raises:
            StoreError: the name is empty or too long, or the database refused the change.
        """
        ...

    @abstractmethod
    def practice(self, learner: str) -> list[Answer]:
        """The learner's practice record: every answer given on the Practice page, oldest
        first (empty for a learner never seen)."""
        ...

    # -- the work of a browser's key signed in as nobody (moves to the learner at sign_in)
    @abstractmethod
    def start_lesson_for_key(self, key: str, lesson: str) -> None:
        """:meth:`start_lesson` for a key signed in as nobody (kept until :meth:`sign_in`).

        Raises:
            StoreError: a bad key (:func:`~unoparty.progress.records.check_key`).
        """
        ...

    @abstractmethod
    def record_answer_for_key(self, key: str, lesson: str, rules: Iterable[str], *, right: bool) -> None:
        """:meth:`record_answer` for a key signed in as nobody."""
        ...

    @abstractmethod
    def record_stars_for_key(self, key: str, lesson: str, stars: int) -> int:
        """:meth:`record_stars` for a key signed in as nobody; returns the best (0–3)."""
        ...

    @abstractmethod
    def record_practice_for_key(self, key: str, rule: str, right: bool, *, at: float | None = None) -> None:
        """:meth:`record_practice` for a key signed in as nobody."""
        ...

    @abstractmethod
    def stars_for_key(self, key: str) -> dict[str, int]:
        """Lesson id → best stars kept under a key signed in as nobody."""
        ...

    @abstractmethod
    def practice_for_key(self, key: str) -> list[Answer]:
        """The Practice answers kept under a key signed in as nobody, oldest first."""
        ...

    # -- learner keys and kept sessions (CONTRACTS.md §1)
    @abstractmethod
    def learner_for_key(self, key: str) -> str | None:
        """The learner the browser's session key `key` is signed in as, or None (nobody).

        Raises:
            StoreError: `key` is not 22–64 characters of ``A–Z a–z 0–9 _ -``.
        """
        ...

    @abstractmethod
    def sign_in(self, key: str, name: str) -> str:
        """Sign `key` in as the learner `name` (added if new), in one change. The work kept
        under the key while it was signed in as nobody moves to the learner: stars (the
        higher of the two per lesson wins), tries and mistakes (added), Practice answers
        (after the learner's own), and kept sessions (each kind: the newer of the key's and
        the learner's). Returns the normalised name.

        Raises:
            StoreError: a bad key or name (nothing changed).
        """
        ...

    @abstractmethod
    def sign_out(self, key: str) -> None:
        """"Not me": `key` is signed in as nobody (the learner's record stays theirs)."""
        ...

    @abstractmethod
    def save_session(self, key: str, kind: str, state: dict[str, Any] | None) -> None:
        """Keep the state of the session of `kind` (``"app"``, ``"game"``, ``"lesson"``,
        ``"practice"``, ``"table"``) open in the browser of `key`: the learner's when the key
        is signed in (another browser signed in as them sees it), else the key's. `state`
        None deletes it.

        Raises:
            StoreError: a bad key or kind, a state that is not a JSON-able dict or is above
                1 MB of JSON (nothing changed).
        """
        ...

    @abstractmethod
    def load_session(self, key: str, kind: str) -> dict[str, Any] | None:
        """The state kept by :meth:`save_session` for `key` (its learner's, when signed
        in) and `kind`, or None.

        Raises:
            StoreError: a bad key or kind.
        """
        ...

    # -- settings
    @abstractmethod
    def settings(self, learner: str) -> dict[str, str]:
        """The learner's settings (``"language"``, ``"pin"``: its hash), key → value."""
        ...

    @abstractmethod
    def set_setting(self, learner: str, key: str, value: str) -> None:
        """Set one of the learner's settings (added if new)."""
        ...

    def setting(self, learner: str, key: str, default: str | None = None) -> str | None:
        """One of the learner's settings, or `default`."""
        return self.settings(learner).get(key, default)

    # -- the store's own keys (the class's settings, what was carried over once, …)
    @abstractmethod
    def _meta(self, key: str) -> str | None:
        """The value of the store's own key `key`, or None."""
        ...

    @abstractmethod
    def _set_meta(self, key: str, value: str) -> bool:
        """Set `key` if unset; True if this call set it."""
        ...

    @abstractmethod
    def _put_meta(self, key: str, value: str | None) -> None:
        """Set `key` to `value` (None: remove it)."""
        ...

    # -- the class's settings (the teacher's page: unoparty.views.teacher)
    def class_setting(self, key: str, default: str | None = None) -> str | None:
        """A setting of the whole class (``"list-names"``, ``"pins"``), or `default`."""
        value = self._meta("class:" + str(key))
        return default if value is None else value

    def set_class_setting(self, key: str, value: str | None) -> None:
        """Set a setting of the whole class (None: back to its default)."""
        self._put_meta("class:" + str(key), value)

    # -- tries of a secret (the teacher's code, a learner's PIN: unoparty.access)
    @abstractmethod
    def code_attempt(self, limits: dict[str, int], right: bool | None, *, now: float | None = None) -> float:
        """Count one try of a secret under every key of `limits` (key → failures allowed
        before a wait: ``{"teacher": 10, "teacher:page:…": 5}``), in one change, so that
        pages in other kernels share the count.

        While any key waits, the try does not count (neither a right nor a wrong one).
        Otherwise a right try clears the keys, and a wrong one counts: from a key's
        `limit`-th failure on, it waits 60 s, then twice as long after each further failure
        (at most an hour); a key with no failure for an hour starts again from zero.

        `right` None: count nothing, only say how long the keys still wait (a try whose
        comparison costs time — a PIN's hash — is compared only when it will count).

        Returns:
            0.0 when the try counted (then `right` decides), else the seconds still to wait.
        """
        ...

    def schema_version(self) -> int:
        """The highest schema step applied (:mod:`unoparty.progress.migrations`); 0 for a
        backend without steps."""
        return 0
