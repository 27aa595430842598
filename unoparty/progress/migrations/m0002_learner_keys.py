"""Step 2: learner keys and kept sessions (the sessions API, CONTRACTS.md §1).

- ``learner_keys``: the browser's session key → the learner it is signed in as (a key
  signed in as nobody has no row);
- ``learner_sessions`` / ``key_sessions``: a kept session's state (JSON text) per learner or
  per key (signed in as nobody), and kind (``"app"``, ``"game"``, …);
- ``key_lessons``, ``key_rules``, ``key_practice``: the stars, tries, mistakes and Practice
  answers of a key signed in as nobody, as ``lesson_progress``, ``rule_progress`` and
  ``practice_answers`` keep a learner's; they move to the learner at ``sign_in``.

The document store gets ``"keys"``: key → ``{"learner": name or None, "lessons", "rules",
"practice", "sessions"}``, and each learner a ``"sessions"`` dict.
"""

from __future__ import annotations

from typing import Any

from ..dialect import Cursor, Dialect

NUMBER = 2


def up(cur: Cursor, dialect: Dialect) -> None:
    real = dialect.real
    for sql in (
        f"""CREATE TABLE learner_keys (
            key TEXT PRIMARY KEY, learner TEXT NOT NULL, signed_in_at {real} NOT NULL)""",
        f"""CREATE TABLE learner_sessions (
            learner TEXT NOT NULL, kind TEXT NOT NULL, state TEXT NOT NULL, saved_at {real} NOT NULL,
            PRIMARY KEY (learner, kind))""",
        f"""CREATE TABLE key_sessions (
            key TEXT NOT NULL, kind TEXT NOT NULL, state TEXT NOT NULL, saved_at {real} NOT NULL,
            PRIMARY KEY (key, kind))""",
        """CREATE TABLE key_lessons (
            key TEXT NOT NULL, lesson TEXT NOT NULL,
            stars INTEGER NOT NULL DEFAULT 0, tries INTEGER NOT NULL DEFAULT 0,
            mistakes INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (key, lesson))""",
        """CREATE TABLE key_rules (
            key TEXT NOT NULL, lesson TEXT NOT NULL, rule TEXT NOT NULL,
            tries INTEGER NOT NULL DEFAULT 0, mistakes INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (key, lesson, rule))""",
        f"""CREATE TABLE key_practice (
            key TEXT NOT NULL, n INTEGER NOT NULL, rule TEXT NOT NULL,
            right_answer INTEGER NOT NULL, answered_at {real} NOT NULL, PRIMARY KEY (key, n))""",
        "CREATE INDEX learner_keys_by_learner ON learner_keys (learner)",
    ):
        cur.execute(sql)


def up_document(data: dict[str, Any]) -> None:
    if not isinstance(data.get("keys"), dict):
        data["keys"] = {}
    for record in data.get("learners", {}).values():
        if isinstance(record, dict) and not isinstance(record.get("sessions"), dict):
            record["sessions"] = {}
