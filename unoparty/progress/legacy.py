"""Old formats carried over once, in one place: what earlier releases kept elsewhere.

- ``progress.json`` (``UNOPARTY_PROGRESS``, the stars before the store):
  :meth:`LegacyStore.import_progress_json`;
- the Practice page's ``practice.json`` beside it: :meth:`LegacyStore.import_practice_json`;
- the static site's stars from before learners had names (the browser's key
  ``"progress"``): :meth:`LegacyStore.keep_unnamed_progress`, given to the next learner chosen
  (:meth:`LegacyStore.remember_learner`, the one-browser sign-in before session keys:
  :meth:`~unoparty.progress.protocol.Store.sign_in` is the sign-in of every store now).

The schema's own steps are :mod:`unoparty.progress.migrations`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .protocol import Store
from .records import StoreError, normalise_name

__all__ = ["LegacyStore"]


class LegacyStore(Store):
    """A :class:`~unoparty.progress.protocol.Store` that also carries old formats over (every
    backend of this package is one)."""

    # -- the learner of one browser (keeps_last_learner)
    def last_learner(self) -> str | None:
        """The learner chosen last with :meth:`remember_learner`, if they are still in the
        store; else None."""
        name = self._meta("last-learner")
        return name if name and name in self.learners() else None

    def remember_learner(self, name: str) -> str:
        """Remember `name` as the learner of this store's browser (added if new); the stars
        the browser kept before learners had names (:meth:`keep_unnamed_progress`) go to
        them, once. Returns the normalised name.

        Raises:
            StoreError: the name is empty or too long.
        """
        name = self.add_learner(name)
        self._put_meta("last-learner", name)
        raw = self._meta("unnamed-progress")
        if raw is not None:
            self._put_meta("unnamed-progress", None)
            try:
                old = json.loads(raw)
            except ValueError:
                old = {}
            for lesson, n in (old.get("stars") or {}).items():
                self.record_stars(name, lesson, min(3, int(n)))
            if old.get("language") and not self.setting(name, "language"):
                self.set_setting(name, "language", str(old["language"]))
        return name

    def keep_unnamed_progress(self, data: dict[str, Any] | None, source: str) -> int:
        """Keep the stars (and language) of an old nameless progress document — the
        ``{"stars": {lesson: n}, "language": "fr"}`` of the static site before learners had
        names — for the next :meth:`remember_learner`; once per `source`.

        Returns:
            the number of lessons kept (0 when already done, nothing there or a broken one).
        """
        if self._meta("imported:" + source) is not None:
            return 0
        try:
            stars = {str(k): int(v) for k, v in (data or {}).get("stars", {}).items()
                     if isinstance(v, int) and v > 0}
            lang = (data or {}).get("language")
        except (AttributeError, TypeError, ValueError):
            stars, lang = {}, None
        if not self._set_meta("imported:" + source, source):
            return 0
        if not stars and not (isinstance(lang, str) and lang):
            return 0
        self._put_meta("unnamed-progress", json.dumps(
            {"stars": stars, "language": lang if isinstance(lang, str) else None}))
        return len(stars)

    def import_progress_json(self, path: str | os.PathLike[str] | None = None, learner: str | None = None) -> int:
        """Carry the stars of an old ``progress.json`` over, once per store.

        Args:
            path: the old file (default: ``UNOPARTY_PROGRESS`` or ``~/.unoparty/progress.json``).
            learner: whose stars they were (default: the computer's user name).

        Returns:
            the number of lessons carried over (0 when already done, no file, or a broken one).
        """
        if path is None:
            env = os.environ.get("UNOPARTY_PROGRESS")
            path = Path(env) if env else Path.home() / ".unoparty" / "progress.json"
        path = Path(path)
        if not path.is_file() or self._meta("imported:progress.json") is not None:
            return 0
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            stars = {str(k): int(v) for k, v in data.get("stars", {}).items() if isinstance(v, int) and v > 0}
        except (OSError, ValueError, AttributeError):
            stars = {}
        if not self._set_meta("imported:progress.json", str(path)):
            return 0  # another kernel did it at the same moment
        if not stars:
            return 0
        if learner is None:
            try:
                import getpass
                learner = getpass.getuser()
            except Exception:
                learner = "Learner"
        for lesson, n in stars.items():
            self.record_stars(learner, lesson, min(3, n))
        return len(stars)


    def import_practice_json(self, path: str | os.PathLike[str] | None = None, learner: str | None = None) -> int:
        """Carry the answers of the old Practice file ``practice.json`` (beside
        ``progress.json``; ``{"learners": {name: [[rule, right, at], …]}}``) over, once per
        store. The file's one learner ``"me"`` becomes `learner` (default: the computer's
        user name); other names stay theirs.

        Returns:
            the number of answers carried over (0 when already done, no file, or a broken one).
        """
        if path is None:
            env = os.environ.get("UNOPARTY_PROGRESS")
            path = (Path(env) if env else Path.home() / ".unoparty" / "progress.json").with_name("practice.json")
        path = Path(path)
        if not path.is_file() or self._meta("imported:practice.json") is not None:
            return 0
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            people = data.get("learners", {}) if isinstance(data, dict) else {}
            people = people if isinstance(people, dict) else {}
        except (OSError, ValueError):
            people = {}
        if not self._set_meta("imported:practice.json", str(path)):
            return 0  # another kernel did it at the same moment
        if "me" in people and learner is None:
            try:
                import getpass
                learner = getpass.getuser()
            except Exception:
                learner = "Learner"
        n = 0
        for name, rows in people.items():
            try:
                who = normalise_name(learner if name == "me" and learner else name)
            except StoreError:
                continue
            for row in rows if isinstance(rows, list) else []:
                try:
                    rule, right, at = row
                    self.record_practice(who, str(rule), bool(right), at=float(at))
                except (TypeError, ValueError):
                    continue
                n += 1
        return n
