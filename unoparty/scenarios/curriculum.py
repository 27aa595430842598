"""The curriculum: the lessons in order (``unoparty/curriculum.toml``), and which
rules they teach (``teaches`` in their steps).

The curriculum file lists groups in order, each with a title and its lesson files::

    [[groups]]
    title = "Getting started"
    lessons = ["goal-and-setup.toml", "matching.toml"]

Also read: ``[[group]]``/``[[sections]]``/``[[chapters]]``; ``name`` for ``title``;
``files``/``scenarios`` for ``lessons``; a lesson given as a file name, an id (``.toml``
added) or a table with ``file``/``path``/``id``; or a flat top-level ``lessons`` list.
Paths are relative to the curriculum file; a lesson not found there may be one of the app's
own lessons, by id (``"matching"``), so a class's curriculum can mix both. Without a
curriculum file every ``*.toml`` of the lessons folder is one group.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from functools import lru_cache
from dataclasses import dataclass
from pathlib import Path

from ..errors import ScenarioError
from ..i18n import _, language, tr_text
from ..rulebook import RULES
from .loader import load_scenario
from .values import scenario_error
from .model import Scenario

__all__ = ["LESSONS_DIR", "CURRICULUM_PATH", "LessonRef", "Group", "Curriculum", "load_curriculum",
           "coverage"]

LESSONS_DIR = Path(__file__).resolve().parent.parent / "lessons"
CURRICULUM_PATH = LESSONS_DIR.parent / "curriculum.toml"
"""The package's curriculum. It lives beside the lessons folder, not in it, so that every
``*.toml`` in ``unoparty/lessons/`` is a scenario (``unoparty scenario check lessons/*.toml``)."""

_GROUP_KEYS = ("groups", "group", "sections", "section", "chapters", "chapter")
_LESSON_KEYS = ("lessons", "files", "scenarios", "lesson")


@dataclass(frozen=True)
class LessonRef:
    """One lesson of the curriculum: its file and, once loaded, the scenario or the error."""

    file: Path
    scenario: Scenario | None = None
    error: ScenarioError | None = None

    @property
    def id(self) -> str:
        return self.scenario.id if self.scenario else self.file.stem

    @property
    def title(self) -> str:
        if self.scenario:
            return self.scenario.title
        if self.error is None:
            return ""
        return _("(invalid: {where}: {what})").format(where=self.error.place, what=self.error.problem)


@dataclass(frozen=True)
class Group:
    title: str
    lessons: tuple[LessonRef, ...]
    id: str = ""


@dataclass(frozen=True)
class Curriculum:
    groups: tuple[Group, ...]
    path: Path | None = None

    @property
    def lessons(self) -> tuple[LessonRef, ...]:
        return tuple(lesson for g in self.groups for lesson in g.lessons)


def _load_ref(path: Path) -> LessonRef:
    """The lesson at `path`, loaded once while the file is unchanged: the app reads the
    curriculum each time a lesson opens (to offer the next one), and parsing and checking
    every lesson file took most of that click (issue 18: nothing recomputed at click time).
    The key is the file's change time and size, and the language its errors are worded in."""
    try:
        st = path.stat()
    except OSError:
        return _read_ref(path, None, None, language())
    return _read_ref(path, st.st_mtime_ns, st.st_size, language())


@lru_cache(maxsize=512)
def _read_ref(path: Path, mtime_ns: int | None, size: int | None, lang: str) -> LessonRef:
    try:
        return LessonRef(path, scenario=load_scenario(path))
    except ScenarioError as e:
        return LessonRef(path, error=e)


def _ref_path(entry: object, base: Path) -> Path | None:
    if isinstance(entry, dict):
        for key in ("file", "path", "id", "lesson"):
            if isinstance(entry.get(key), str):
                entry = entry[key]
                break
        else:
            return None
    if not isinstance(entry, str):
        return None
    p = Path(entry)
    if not p.suffix:
        p = p.with_suffix(".toml")
    if p.is_absolute():
        return p
    # a lesson that is not beside the curriculum may be one of the app's own ("matching")
    if not (base / p).exists() and (LESSONS_DIR / p).is_file():
        return LESSONS_DIR / p
    return base / p


def load_curriculum(path: str | Path | None = None) -> Curriculum:
    """The curriculum at `path` (default: the package's, ``unoparty/curriculum.toml``, whose
    lessons are in ``unoparty/lessons/``; another curriculum's lesson files are named
    relative to its own folder), each lesson loaded (an invalid lesson keeps its error).
    A folder instead of a file: every ``*.toml`` in it, by name.

    Raises:
        ScenarioError: the file does not exist, is not valid TOML or names no lessons.
    """
    path = Path(path) if path is not None else CURRICULUM_PATH
    base = LESSONS_DIR if path == CURRICULUM_PATH else path.parent
    if path.is_dir():
        base = path
        files = sorted(p for p in base.glob("*.toml") if p.name != "curriculum.toml")
        return Curriculum((Group("Lessons", tuple(_load_ref(p) for p in files)),), None)
    if not path.exists():
        raise scenario_error(str(path), "file", _("no such file"))
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise scenario_error(str(path), "file", _("cannot read the curriculum: {reason}").format(reason=e)) from None
    groups_doc = next((doc[k] for k in _GROUP_KEYS if isinstance(doc.get(k), list)), None)
    if groups_doc is None:
        lessons = next((doc[k] for k in _LESSON_KEYS if isinstance(doc.get(k), list)), None)
        if lessons is None:
            raise scenario_error(str(path), "file", _("no [[groups]] and no lessons list"))
        groups_doc = [{"title": doc.get("title", "Lessons"), "lessons": lessons}]
    groups = []
    for i, g in enumerate(groups_doc, 1):
        if not isinstance(g, dict):
            continue
        title = g.get("title") or g.get("name") or f"Group {i}"
        entries: list[object] = next((g[k] for k in _LESSON_KEYS if isinstance(g.get(k), list)), [])
        refs = []
        for entry in entries:
            p = _ref_path(entry, base)
            if p is not None:
                refs.append(_load_ref(p))
        groups.append(Group(tr_text(str(title)), tuple(refs), str(g.get("id", ""))))
    return Curriculum(tuple(groups), path)


def coverage(lessons: Iterable[LessonRef | Scenario]) -> dict[str, list[str]]:
    """Every rule id of the rule book (in order) → the ids of the lessons (scenarios) whose
    steps name it in ``teaches``."""
    out: dict[str, list[str]] = {rid: [] for rid in RULES}
    for ref in lessons:
        scenario = ref.scenario if isinstance(ref, LessonRef) else ref
        if scenario is None:
            continue
        for rid in scenario.teaches:
            if rid in out and scenario.id not in out[rid]:
                out[rid].append(scenario.id)
    return out
