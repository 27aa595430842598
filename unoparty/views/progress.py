"""Stars per lesson and the learner's language, kept between visits in a small local JSON file.

The file is ``~/.unoparty/progress.json``; the environment variable
``UNOPARTY_PROGRESS`` names another file (tests use a temporary one). A missing or broken
file counts as no progress, never as an error the learner sees. In the browser (the static
site, Pyodide) the stars go to the browser's storage instead
(:mod:`unoparty.progress.browser`). Storage is a backend with ``load() -> dict`` and
``save(dict)``: :class:`JsonFile` or :class:`~unoparty.progress.browser.BrowserStorage`.

>>> import tempfile, os
>>> p = Progress(os.path.join(tempfile.mkdtemp(), "p.json"))
>>> p.record("speed-play", 2), p.record("speed-play", 1), p.stars("speed-play")
(2, 2, 2)
"""

from __future__ import annotations

from typing import Any

import json
import os
import sys
from pathlib import Path

from ..practice.mastery import progress_path, write_whole  # the path rule lives below the views

__all__ = ["Progress", "JsonFile", "Unkept", "progress_path", "stars_for"]


def stars_for(wrong_answers: int) -> int:
    """3 stars with no wrong answer, 2 with one, 1 with more."""
    return 3 if wrong_answers == 0 else 2 if wrong_answers == 1 else 1


class JsonFile:
    """A backend: one JSON document in a file (written atomically; unreadable = {})."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)

    def load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def save(self, data: dict[str, Any]) -> None:
        try:
            write_whole(self.path, json.dumps(data, indent=1, sort_keys=True))
        except OSError:
            pass


class Unkept:
    """A backend that keeps nothing beyond the page: a replay of the learner's own round is
    stepped like a lesson, but it is not a lesson of the class, so its stars and tries go in
    no record (the teacher's page would show it as a lesson)."""

    def __init__(self) -> None:
        self.data: dict[str, Any] = {}

    def load(self) -> dict[str, Any]:
        return dict(self.data)

    def save(self, data: dict[str, Any]) -> None:
        self.data = dict(data)


class Progress:
    """The best stars per lesson id (0–3), kept by `backend` (``load``/``save`` of a dict):
    the JSON file at `path` by default, the browser's storage under Pyodide."""

    def __init__(self, path: str | os.PathLike[str] | None = None, backend: Any = None) -> None:
        self.path = Path(path) if path is not None else progress_path()
        if backend is None:
            if sys.platform == "emscripten" and path is None:
                from ..progress.browser import BrowserStorage

                backend = BrowserStorage()
            else:
                backend = JsonFile(self.path)
        self.backend = backend

    def _file(self) -> dict[str, Any]:
        data = self.backend.load()
        return data if isinstance(data, dict) else {}

    def _read(self) -> dict[str, Any]:
        stars = self._file().get("stars", {})
        if not isinstance(stars, dict):
            return {}
        return {str(k): int(v) for k, v in stars.items() if isinstance(v, int)}

    def _write(self, **fields: Any) -> None:
        self.backend.save({"version": 1, **self._file(), **fields})

    @property
    def language(self) -> str | None:
        """The language the learner chose (``"fr"``), kept with their progress; None when
        they never chose one."""
        lang = self._file().get("language")
        return lang if isinstance(lang, str) and lang else None

    @language.setter
    def language(self, lang: str | None) -> None:
        self._write(language=lang)

    def stars(self, lesson_id: str) -> int:
        return int(self._read().get(lesson_id, 0))

    def all(self) -> dict[str, int]:
        return self._read()

    def record(self, lesson_id: str, stars: int) -> int:
        """Keep the best of the stored and the new stars; returns the best."""
        data = self._read()
        best = max(data.get(lesson_id, 0), int(stars))
        data[lesson_id] = best
        self._write(stars=data)
        return int(best)
