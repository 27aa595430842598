"""Step 1: the schema of the release of commit 0827e3c, the last before numbered steps.

A store with no step recorded is that release's (or a new one): its tables are created where
missing (``IF NOT EXISTS``: an older store lacks the Practice answers or the tries of a
secret), checked, and the store is marked 1.

Tables: ``learners``; ``lesson_progress`` (stars, tries, mistakes per learner and lesson);
``rule_progress`` (tries, mistakes per learner, lesson — ``""`` outside lessons — and rule
id); ``settings`` (per learner: ``language``, ``pin``); ``meta`` (the store's own keys and the
class's settings, ``class:…``); ``practice_answers`` (the Practice page's answers numbered 1,
2, … per learner); ``code_attempts`` (wrong tries of a secret per key, unoparty.access).
"""

from __future__ import annotations

from typing import Any

from ..dialect import Cursor, Dialect
from ..records import StoreError

NUMBER = 1

TABLES = ("learners", "lesson_progress", "rule_progress", "settings", "meta", "practice_answers",
          "code_attempts")


def up(cur: Cursor, dialect: Dialect) -> None:
    real = dialect.real
    for sql in (
        "CREATE TABLE IF NOT EXISTS learners (name TEXT PRIMARY KEY)",
        """CREATE TABLE IF NOT EXISTS lesson_progress (
            learner TEXT NOT NULL, lesson TEXT NOT NULL,
            stars INTEGER NOT NULL DEFAULT 0, tries INTEGER NOT NULL DEFAULT 0,
            mistakes INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (learner, lesson))""",
        """CREATE TABLE IF NOT EXISTS rule_progress (
            learner TEXT NOT NULL, lesson TEXT NOT NULL, rule TEXT NOT NULL,
            tries INTEGER NOT NULL DEFAULT 0, mistakes INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (learner, lesson, rule))""",
        """CREATE TABLE IF NOT EXISTS settings (
            learner TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (learner, key))""",
        "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        f"""CREATE TABLE IF NOT EXISTS practice_answers (
            learner TEXT NOT NULL, n INTEGER NOT NULL, rule TEXT NOT NULL,
            right_answer INTEGER NOT NULL, answered_at {real} NOT NULL, PRIMARY KEY (learner, n))""",
        f"""CREATE TABLE IF NOT EXISTS code_attempts (
            key TEXT PRIMARY KEY, failures INTEGER NOT NULL, last_at {real} NOT NULL,
            locked_until {real} NOT NULL)""",
    ):
        cur.execute(sql)
    missing = [t for t in TABLES if not dialect.has_table(cur, t)]
    if missing:
        raise StoreError(f"the store lacks the tables {', '.join(missing)} of its first schema")


def up_document(data: dict[str, Any]) -> None:
    """The document of that release: ``{"learners": {name: {"lessons", "rules", "settings",
    "practice"}}, "meta": {…}, "attempts": {key: [failures, last, until]}}`` (its ``"version":
    1`` is dropped: ``"schema_version"`` says it now)."""
    for key in ("learners", "meta"):
        if not isinstance(data.get(key), dict):
            data[key] = {}
    data.pop("version", None)
