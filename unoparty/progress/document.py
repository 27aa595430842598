"""The progress store in one JSON-able document (:class:`DictStore`), loaded and saved whole
by a ``load()`` / ``save(dict)`` pair: the static site's browser storage
(:mod:`unoparty.progress.browser`), tests.

The document: ``{"learners": {name: {"lessons": {lesson: {"stars", "tries", "mistakes"}},
"rules": {"LESSON\\tRULE": {"tries", "mistakes"}}, "settings": {…}, "practice": [[rule,
right, at], …], "sessions": {kind: {"state": JSON text, "at": seconds}}}}, "keys": {key:
{"learner": name or None, …the same parts as a learner's}}, "meta": {…}, "attempts": {key:
[failures, last, until]}, "migrations": [1, 2, …], "schema_version": N}``.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from .attempts import next_attempt
from .legacy import LegacyStore
from .migrations import migrate_document
from .records import (Answer, LessonRecord, RuleRecord, check_key, check_kind, normalise_name, session_state,
                      session_text)

__all__ = ["DictStore"]


def _new_record() -> dict[str, Any]:
    return {"lessons": {}, "rules": {}, "settings": {}, "practice": [], "sessions": {}}


def _doc_lesson(rec: dict[str, Any], lesson: str) -> dict[str, int]:
    row: dict[str, int] = rec.setdefault("lessons", {}).setdefault(lesson, {"stars": 0, "tries": 0, "mistakes": 0})
    return row


def _doc_answer(rec: dict[str, Any], lesson: str, rules: Iterable[str], right: bool) -> None:
    if not right and lesson:
        _doc_lesson(rec, lesson)["mistakes"] += 1
    table = rec.setdefault("rules", {})
    for rule in dict.fromkeys(str(r) for r in rules if r):
        row = table.setdefault(f"{lesson or ''}\t{rule}", {"tries": 0, "mistakes": 0})
        row["tries"] += 1
        row["mistakes"] += 0 if right else 1


def _doc_practice(rec: dict[str, Any], rule: str, right: bool, when: float) -> None:
    rec.setdefault("practice", []).append([rule, bool(right), when])
    if rule:
        _doc_answer(rec, "", [rule], right)


def _doc_answers(rows: object) -> list[Answer]:
    out = []
    for row in rows if isinstance(rows, list) else []:
        try:
            rule, ok, at = row
            out.append(Answer(str(rule), bool(ok), float(at)))
        except (TypeError, ValueError):
            continue  # a broken row in the browser's storage: skipped, never an error
    return out


class DictStore(LegacyStore):
    """The store in one JSON-able dict, loaded and saved whole by two functions (the static
    site's browser storage; tests). Not for many processes at once. A document saved by an
    older release is brought up to date when read (:mod:`unoparty.progress.migrations`) and
    saved so.

    Args:
        load: returns the saved dict (``{}`` or None when nothing is saved yet).
        save: saves the dict (called after every change).
        keeps_last_learner: the store belongs to one browser (:attr:`Store.keeps_last_learner`).

    Raises:
        StoreError: (from any method) the saved document was written by a newer release.

    >>> saved = {}
    >>> s = DictStore(lambda: saved.get("db"), lambda d: saved.__setitem__("db", d))
    >>> s.record_stars("Ana", "goal", 3), sorted(saved["db"]["learners"])
    (3, ['Ana'])
    """

    def __init__(self, load: Callable[[], dict[str, Any] | None] | None = None,
                 save: Callable[[dict[str, Any]], None] | None = None, *, keeps_last_learner: bool = False) -> None:
        self.keeps_last_learner = keeps_last_learner
        self._load: Callable[[], dict[str, Any] | None] = load or (lambda: None)
        self._save: Callable[[dict[str, Any]], None] = save or (lambda d: None)
        self._lock = threading.RLock()

    def _read(self) -> dict[str, Any]:
        with self._lock:
            data = self._load() or {}
            data = json.loads(json.dumps(data)) if data else {}
            newer = migrate_document(data)
            if newer is not None:
                data = newer
                if any(newer.get(k) for k in ("learners", "meta", "keys", "attempts")):
                    self._save(json.loads(json.dumps(data)))  # brought up to date once, not at every read
            return data

    def schema_version(self) -> int:
        """The highest schema step applied to the document (once read: the latest)."""
        return int(self._read().get("schema_version", 0))

    @contextmanager
    def _change(self) -> Iterator[dict[str, Any]]:
        with self._lock:
            data = self._read()
            yield data
            self._save(data)

    @staticmethod
    def _learner(data: dict[str, Any], name: str) -> dict[str, Any]:
        rec: dict[str, Any] = data["learners"].setdefault(name, _new_record())
        return rec

    @staticmethod
    def _key(data: dict[str, Any], key: str) -> dict[str, Any]:
        rec: dict[str, Any] = data.setdefault("keys", {}).setdefault(key, {**_new_record(), "learner": None})
        return rec

    def learners(self) -> list[str]:
        return sorted(self._read()["learners"], key=lambda s: (s.casefold(), s))

    def add_learner(self, name: str) -> str:
        name = normalise_name(name)
        with self._change() as data:
            self._learner(data, name)
        return name

    def reset_learner(self, name: str) -> None:
        name = normalise_name(name)
        with self._change() as data:
            if name in data["learners"]:
                for part, empty in (("lessons", {}), ("rules", {}), ("practice", []), ("sessions", {})):
                    data["learners"][name][part] = empty

    def delete_learner(self, name: str) -> None:
        name = normalise_name(name)
        with self._change() as data:
            data["learners"].pop(name, None)
            for rec in data.get("keys", {}).values():
                if rec.get("learner") == name:
                    rec["learner"] = None

    def start_lesson(self, learner: str, lesson: str) -> None:
        learner = normalise_name(learner)
        with self._change() as data:
            _doc_lesson(self._learner(data, learner), str(lesson))["tries"] += 1

    def record_answer(self, learner: str, lesson: str, rules: Iterable[str], *, right: bool) -> None:
        learner = normalise_name(learner)
        with self._change() as data:
            _doc_answer(self._learner(data, learner), str(lesson or ""), rules, right)

    def record_stars(self, learner: str, lesson: str, stars: int) -> int:
        learner = normalise_name(learner)
        with self._change() as data:
            row = _doc_lesson(self._learner(data, learner), str(lesson))
            row["stars"] = max(row["stars"], max(0, min(3, int(stars))))
            return row["stars"]

    def lessons(self, learner: str | None = None) -> list[LessonRecord]:
        data = self._read()["learners"]
        who = [normalise_name(learner)] if learner is not None else list(data)
        out = [LessonRecord(n, lesson, r["stars"], r["tries"], r["mistakes"])
               for n in who for lesson, r in data.get(n, {}).get("lessons", {}).items()]
        return sorted(out, key=lambda r: (r.learner.casefold(), r.learner, r.lesson))

    def rules(self, learner: str | None = None) -> list[RuleRecord]:
        data = self._read()["learners"]
        who = [normalise_name(learner)] if learner is not None else list(data)
        out = []
        for n in who:
            for key, r in data.get(n, {}).get("rules", {}).items():
                lesson, _tab, rule = key.partition("\t")
                out.append(RuleRecord(n, lesson, rule, r["tries"], r["mistakes"]))
        return sorted(out, key=lambda r: (r.learner.casefold(), r.learner, r.lesson, r.rule))

    def record_practice(self, learner: str, rule: str, right: bool, *, at: float | None = None) -> None:
        learner = normalise_name(learner)
        when = round(float(time.time() if at is None else at), 3)
        with self._change() as data:
            _doc_practice(self._learner(data, learner), str(rule), right, when)

    def practice(self, learner: str) -> list[Answer]:
        return _doc_answers(self._read()["learners"].get(normalise_name(learner), {}).get("practice", []))

    # -- the work of a key signed in as nobody
    def start_lesson_for_key(self, key: str, lesson: str) -> None:
        key = check_key(key)
        with self._change() as data:
            _doc_lesson(self._key(data, key), str(lesson))["tries"] += 1

    def record_answer_for_key(self, key: str, lesson: str, rules: Iterable[str], *, right: bool) -> None:
        key = check_key(key)
        with self._change() as data:
            _doc_answer(self._key(data, key), str(lesson or ""), rules, right)

    def record_stars_for_key(self, key: str, lesson: str, stars: int) -> int:
        key = check_key(key)
        with self._change() as data:
            row = _doc_lesson(self._key(data, key), str(lesson))
            row["stars"] = max(row["stars"], max(0, min(3, int(stars))))
            return row["stars"]

    def record_practice_for_key(self, key: str, rule: str, right: bool, *, at: float | None = None) -> None:
        key = check_key(key)
        when = round(float(time.time() if at is None else at), 3)
        with self._change() as data:
            _doc_practice(self._key(data, key), str(rule), right, when)

    def stars_for_key(self, key: str) -> dict[str, int]:
        rec = self._read().get("keys", {}).get(check_key(key), {})
        return {lesson: int(r["stars"]) for lesson, r in sorted(rec.get("lessons", {}).items()) if r.get("stars")}

    def practice_for_key(self, key: str) -> list[Answer]:
        return _doc_answers(self._read().get("keys", {}).get(check_key(key), {}).get("practice", []))

    # -- learner keys and kept sessions
    def learner_for_key(self, key: str) -> str | None:
        name = self._read().get("keys", {}).get(check_key(key), {}).get("learner")
        return str(name) if name else None

    def sign_in(self, key: str, name: str) -> str:
        key, name = check_key(key), normalise_name(name)
        with self._change() as data:
            me = self._learner(data, name)
            mine = self._key(data, key)
            for lesson, row in mine.get("lessons", {}).items():
                to = _doc_lesson(me, lesson)
                to["stars"] = max(to["stars"], int(row.get("stars", 0)))
                to["tries"] += int(row.get("tries", 0))
                to["mistakes"] += int(row.get("mistakes", 0))
            for rule_key, row in mine.get("rules", {}).items():
                to = me.setdefault("rules", {}).setdefault(rule_key, {"tries": 0, "mistakes": 0})
                to["tries"] += int(row.get("tries", 0))
                to["mistakes"] += int(row.get("mistakes", 0))
            me.setdefault("practice", []).extend(mine.get("practice", []))
            sessions = me.setdefault("sessions", {})
            for kind, kept in mine.get("sessions", {}).items():
                if kind not in sessions or float(kept.get("at", 0)) >= float(sessions[kind].get("at", 0)):
                    sessions[kind] = kept
            data["keys"][key] = {"learner": name, "signed_in_at": time.time()}
        return name

    def sign_out(self, key: str) -> None:
        key = check_key(key)
        with self._change() as data:
            data.setdefault("keys", {}).pop(key, None)

    def save_session(self, key: str, kind: str, state: dict[str, Any] | None) -> None:
        key, kind = check_key(key), check_kind(kind)
        text = None if state is None else session_text(state)
        with self._change() as data:
            learner = data.get("keys", {}).get(key, {}).get("learner")
            rec = self._learner(data, learner) if learner else self._key(data, key)
            sessions = rec.setdefault("sessions", {})
            if text is None:
                sessions.pop(kind, None)
            else:
                sessions[kind] = {"state": text, "at": time.time()}

    def load_session(self, key: str, kind: str) -> dict[str, Any] | None:
        key, kind = check_key(key), check_kind(kind)
        data = self._read()
        learner = data.get("keys", {}).get(key, {}).get("learner")
        rec = data["learners"].get(learner, {}) if learner else data.get("keys", {}).get(key, {})
        kept = rec.get("sessions", {}).get(kind)
        return session_state(str(kept.get("state", ""))) if isinstance(kept, dict) else None

    def settings(self, learner: str) -> dict[str, str]:
        return dict(self._read()["learners"].get(normalise_name(learner), {}).get("settings", {}))

    def set_setting(self, learner: str, key: str, value: str) -> None:
        learner = normalise_name(learner)
        with self._change() as data:
            self._learner(data, learner).setdefault("settings", {})[str(key)] = str(value)

    def code_attempt(self, limits: dict[str, int], right: bool | None, *, now: float | None = None) -> float:
        now = time.time() if now is None else float(now)
        with self._change() as data:
            table = data.setdefault("attempts", {})
            rows = {k: (int(table[k][0]), float(table[k][1]), float(table[k][2])) for k in limits if k in table}
            wait, changes = next_attempt(rows, limits, right, now)
            for key, row in changes.items():
                if row is None:
                    table.pop(key, None)
                else:
                    table[key] = list(row)
            return wait

    def _meta(self, key: str) -> str | None:
        value = self._read()["meta"].get(key)
        return None if value is None else str(value)

    def _set_meta(self, key: str, value: str) -> bool:
        with self._change() as data:
            if key in data["meta"]:
                return False
            data["meta"][key] = value
            return True

    def _put_meta(self, key: str, value: str | None) -> None:
        with self._change() as data:
            if value is None:
                data["meta"].pop(key, None)
            else:
                data["meta"][key] = value
