"""The progress store in SQL: an SQLite file or a PostgreSQL database (through psycopg 3),
one short transaction per change (SQLite: WAL journal, a busy timeout and ``BEGIN
IMMEDIATE``; PostgreSQL: counters updated in place, advisory locks where a value is read then
written), so 30 kernels writing at once lose nothing. What differs between the two is one
:class:`~unoparty.progress.dialect.Dialect`; the schema is brought up to date on opening
(:mod:`unoparty.progress.migrations`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import sqlite3
except ImportError:  # Python in the browser (Pyodide) ships without it: the store is a DictStore there
    sqlite3 = None  # type: ignore[assignment]

from .attempts import ATTEMPT_FORGET, next_attempt
from .dialect import Cursor, dialect_for, use_wal
from .legacy import LegacyStore
from .migrations import migrate_sql
from .records import (Answer, LessonRecord, RuleRecord, StoreError, check_key, check_kind, normalise_name,
                      session_state, session_text)

__all__ = ["SQLStore"]


@dataclass(frozen=True)
class _Owner:
    """Whose work a row is: a learner's (tables ``lesson_progress``, …, column ``learner``)
    or a key's signed in as nobody (``key_lessons``, …, column ``key``)."""

    id: str
    col: str
    lessons: str
    rules: str
    practice: str
    sessions: str


def _learner_owner(name: str) -> _Owner:
    return _Owner(name, "learner", "lesson_progress", "rule_progress", "practice_answers", "learner_sessions")


def _key_owner(key: str) -> _Owner:
    return _Owner(key, "key", "key_lessons", "key_rules", "key_practice", "key_sessions")


_PRACTICE_LOCK = 8675310   # PostgreSQL: one owner's answers numbered one at a time
_ATTEMPT_LOCK = 8675311    # PostgreSQL: one try of a secret at a time
_KEY_LOCK = 8675312        # PostgreSQL: one change of a key's sign-in at a time


class SQLStore(LegacyStore):
    """The store in SQLite (a file) or PostgreSQL. One short transaction per change; the
    schema is brought up to date on opening (:mod:`unoparty.progress.migrations`).

    Args:
        url: ``sqlite:///PATH``, a path, ``sqlite://`` (in memory) or ``postgresql://…``.
        timeout: seconds to wait for a lock (SQLite) or a connection.

    Raises:
        StoreError: psycopg is missing, the database cannot be opened, or it was written by
            a newer release (its schema has a step this code does not know).
    """

    def __init__(self, url: str, *, timeout: float = 30.0) -> None:
        self.url = url
        self.timeout = timeout
        self._lock = threading.RLock()
        self._memory: sqlite3.Connection | None = None
        self.dialect = dialect_for(url)
        self.kind = self.dialect.name
        if self.kind == "postgresql":
            try:
                import psycopg  # noqa: F401
            except ImportError as e:
                raise StoreError('a PostgreSQL store needs psycopg 3: pip install "psycopg[binary]"') from e
        else:
            if sqlite3 is None:
                raise StoreError("this Python has no sqlite3: set UNOPARTY_DB to a PostgreSQL database")
            path = url[len("sqlite://"):] if url.startswith("sqlite://") else url
            if path.startswith("/~"):
                path = path[1:]
            self.path = path
            if self.path in ("", ":memory:"):
                self.path = ":memory:"
                self._memory = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
            else:
                Path(self.path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        where = f"the progress database {self.path if self.kind == 'sqlite' else _hide_password(url)}"
        self._version = migrate_sql(self._transaction, self.dialect, where)

    def schema_version(self) -> int:
        """The highest schema step applied (:func:`unoparty.progress.migrations.latest` once open)."""
        return self._version

    # -- connections
    def _connect_sqlite(self) -> sqlite3.Connection:
        if self._memory is not None:
            return self._memory
        con = sqlite3.connect(str(Path(self.path).expanduser()), timeout=self.timeout, isolation_level=None,
                              check_same_thread=False)
        con.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
        use_wal(con)
        return con

    @contextmanager
    def _transaction(self) -> Iterator[Cursor]:
        """A cursor inside one transaction: committed at the end, rolled back on error."""
        with self._lock:
            if self.kind == "sqlite":
                try:
                    con = self._connect_sqlite()
                except sqlite3.Error as e:
                    raise StoreError(f"cannot open the progress database {self.path}: {e}") from e
                try:
                    cur = con.cursor()
                    cur.execute("BEGIN IMMEDIATE")
                    try:
                        yield Cursor(cur, self.dialect)
                    except BaseException:
                        cur.execute("ROLLBACK")
                        raise
                    cur.execute("COMMIT")
                except sqlite3.Error as e:
                    raise StoreError(f"the progress database {self.path} refused a change: {e}") from e
                finally:
                    if con is not self._memory:
                        con.close()
            else:
                import psycopg
                try:
                    with psycopg.connect(self.url, connect_timeout=int(self.timeout)) as pcon:
                        with pcon.transaction():
                            with pcon.cursor() as pcur:
                                yield Cursor(pcur, self.dialect)
                except psycopg.Error as e:
                    raise StoreError(f"the progress database refused a change: {e}") from e

    def _query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._transaction() as cur:
            cur.execute(sql, args)
            return cur.fetchall()

    # -- learners
    def learners(self) -> list[str]:
        return sorted((r[0] for r in self._query("SELECT name FROM learners")), key=lambda s: (s.casefold(), s))

    def add_learner(self, name: str) -> str:
        name = normalise_name(name)
        with self._transaction() as cur:
            _add(cur, name)
        return name

    def reset_learner(self, name: str) -> None:
        name = normalise_name(name)
        with self._transaction() as cur:
            for table in ("lesson_progress", "rule_progress", "practice_answers", "learner_sessions"):
                cur.execute(f"DELETE FROM {table} WHERE learner = ?", (name,))

    def delete_learner(self, name: str) -> None:
        name = normalise_name(name)
        with self._transaction() as cur:
            for table in ("lesson_progress", "rule_progress", "settings", "practice_answers", "learner_sessions",
                          "learner_keys"):
                cur.execute(f"DELETE FROM {table} WHERE learner = ?", (name,))
            cur.execute("DELETE FROM learners WHERE name = ?", (name,))

    # -- progress (a learner's, or a key's signed in as nobody: the same steps on other tables)
    @staticmethod
    def _start(cur: Cursor, o: _Owner, lesson: str) -> None:
        cur.execute(f"INSERT INTO {o.lessons} ({o.col}, lesson, tries) VALUES (?, ?, 1) "
                    f"ON CONFLICT ({o.col}, lesson) DO UPDATE SET tries = {o.lessons}.tries + 1", (o.id, lesson))

    @staticmethod
    def _answer(cur: Cursor, o: _Owner, lesson: str, rules: list[str], right: bool) -> None:
        wrong = 0 if right else 1
        if wrong and lesson:
            cur.execute(f"INSERT INTO {o.lessons} ({o.col}, lesson, mistakes) VALUES (?, ?, 1) "
                        f"ON CONFLICT ({o.col}, lesson) DO UPDATE SET mistakes = {o.lessons}.mistakes + 1",
                        (o.id, lesson))
        for rule in rules:
            cur.execute(f"INSERT INTO {o.rules} ({o.col}, lesson, rule, tries, mistakes) VALUES (?, ?, ?, 1, ?) "
                        f"ON CONFLICT ({o.col}, lesson, rule) DO UPDATE SET tries = {o.rules}.tries + 1, "
                        f"mistakes = {o.rules}.mistakes + excluded.mistakes", (o.id, lesson, rule, wrong))

    @staticmethod
    def _stars(cur: Cursor, o: _Owner, lesson: str, stars: int) -> int:
        cur.execute(f"INSERT INTO {o.lessons} ({o.col}, lesson, stars) VALUES (?, ?, ?) "
                    f"ON CONFLICT ({o.col}, lesson) DO UPDATE SET stars = "
                    f"CASE WHEN excluded.stars > {o.lessons}.stars THEN excluded.stars ELSE {o.lessons}.stars END",
                    (o.id, lesson, stars))
        cur.execute(f"SELECT stars FROM {o.lessons} WHERE {o.col} = ? AND lesson = ?", (o.id, lesson))
        return int(cur.fetchall()[0][0])

    def _practice(self, cur: Cursor, o: _Owner, rule: str, right: bool, when: float) -> None:
        self.dialect.lock(cur, _PRACTICE_LOCK, o.id)
        cur.execute(f"INSERT INTO {o.practice} ({o.col}, n, rule, right_answer, answered_at) "
                    f"SELECT ?, COALESCE(MAX(n), 0) + 1, ?, ?, ? FROM {o.practice} WHERE {o.col} = ?",
                    (o.id, rule, 1 if right else 0, when, o.id))
        if rule:
            self._answer(cur, o, "", [rule], right)

    def start_lesson(self, learner: str, lesson: str) -> None:
        learner = normalise_name(learner)
        with self._transaction() as cur:
            _add(cur, learner)
            self._start(cur, _learner_owner(learner), str(lesson))

    def record_answer(self, learner: str, lesson: str, rules: Iterable[str], *, right: bool) -> None:
        learner = normalise_name(learner)
        wanted = list(dict.fromkeys(str(r) for r in rules if r))
        with self._transaction() as cur:
            _add(cur, learner)
            self._answer(cur, _learner_owner(learner), str(lesson or ""), wanted, right)

    def record_stars(self, learner: str, lesson: str, stars: int) -> int:
        learner = normalise_name(learner)
        with self._transaction() as cur:
            _add(cur, learner)
            return self._stars(cur, _learner_owner(learner), str(lesson), max(0, min(3, int(stars))))

    def lessons(self, learner: str | None = None) -> list[LessonRecord]:
        sql = "SELECT learner, lesson, stars, tries, mistakes FROM lesson_progress"
        rows = self._query(sql + " WHERE learner = ?", (normalise_name(learner),)) if learner is not None \
            else self._query(sql)
        return sorted((LessonRecord(*r) for r in rows), key=lambda r: (r.learner.casefold(), r.learner, r.lesson))

    def rules(self, learner: str | None = None) -> list[RuleRecord]:
        sql = "SELECT learner, lesson, rule, tries, mistakes FROM rule_progress"
        rows = self._query(sql + " WHERE learner = ?", (normalise_name(learner),)) if learner is not None \
            else self._query(sql)
        return sorted((RuleRecord(*r) for r in rows), key=lambda r: (r.learner.casefold(), r.learner, r.lesson, r.rule))

    # -- practice
    def record_practice(self, learner: str, rule: str, right: bool, *, at: float | None = None) -> None:
        learner = normalise_name(learner)
        when = float(time.time() if at is None else at)
        with self._transaction() as cur:
            _add(cur, learner)
            self._practice(cur, _learner_owner(learner), str(rule), bool(right), when)

    def practice(self, learner: str) -> list[Answer]:
        return self._answers(_learner_owner(normalise_name(learner)))

    def _answers(self, o: _Owner) -> list[Answer]:
        rows = self._query(f"SELECT rule, right_answer, answered_at FROM {o.practice} WHERE {o.col} = ? ORDER BY n",
                           (o.id,))
        return [Answer(str(rule), bool(ok), float(at)) for rule, ok, at in rows]

    # -- the work of a key signed in as nobody
    def start_lesson_for_key(self, key: str, lesson: str) -> None:
        owner = _key_owner(check_key(key))
        with self._transaction() as cur:
            self._start(cur, owner, str(lesson))

    def record_answer_for_key(self, key: str, lesson: str, rules: Iterable[str], *, right: bool) -> None:
        owner = _key_owner(check_key(key))
        wanted = list(dict.fromkeys(str(r) for r in rules if r))
        with self._transaction() as cur:
            self._answer(cur, owner, str(lesson or ""), wanted, right)

    def record_stars_for_key(self, key: str, lesson: str, stars: int) -> int:
        owner = _key_owner(check_key(key))
        with self._transaction() as cur:
            return self._stars(cur, owner, str(lesson), max(0, min(3, int(stars))))

    def record_practice_for_key(self, key: str, rule: str, right: bool, *, at: float | None = None) -> None:
        owner = _key_owner(check_key(key))
        when = float(time.time() if at is None else at)
        with self._transaction() as cur:
            self._practice(cur, owner, str(rule), bool(right), when)

    def stars_for_key(self, key: str) -> dict[str, int]:
        rows = self._query("SELECT lesson, stars FROM key_lessons WHERE key = ? AND stars > 0", (check_key(key),))
        return {str(lesson): int(n) for lesson, n in sorted(rows)}

    def practice_for_key(self, key: str) -> list[Answer]:
        return self._answers(_key_owner(check_key(key)))

    # -- learner keys and kept sessions
    @staticmethod
    def _signed_in(cur: Cursor, key: str) -> str | None:
        cur.execute("SELECT learner FROM learner_keys WHERE key = ?", (key,))
        rows = cur.fetchall()
        return str(rows[0][0]) if rows else None

    def learner_for_key(self, key: str) -> str | None:
        key = check_key(key)
        with self._transaction() as cur:
            return self._signed_in(cur, key)

    def sign_in(self, key: str, name: str) -> str:
        key, name = check_key(key), normalise_name(name)
        with self._transaction() as cur:
            self.dialect.lock(cur, _KEY_LOCK, key)
            self.dialect.lock(cur, _PRACTICE_LOCK, name)
            _add(cur, name)
            cur.execute(self.dialect.upsert("learner_keys", ("key",), ("learner", "signed_in_at")),
                        (key, name, time.time()))
            # the key's work moves to the name: the higher stars win, tries and mistakes add up
            cur.execute("INSERT INTO lesson_progress (learner, lesson, stars, tries, mistakes) "
                        "SELECT ?, lesson, stars, tries, mistakes FROM key_lessons WHERE key = ? "
                        "ON CONFLICT (learner, lesson) DO UPDATE SET "
                        "stars = CASE WHEN excluded.stars > lesson_progress.stars THEN excluded.stars "
                        "ELSE lesson_progress.stars END, tries = lesson_progress.tries + excluded.tries, "
                        "mistakes = lesson_progress.mistakes + excluded.mistakes", (name, key))
            cur.execute("INSERT INTO rule_progress (learner, lesson, rule, tries, mistakes) "
                        "SELECT ?, lesson, rule, tries, mistakes FROM key_rules WHERE key = ? "
                        "ON CONFLICT (learner, lesson, rule) DO UPDATE SET "
                        "tries = rule_progress.tries + excluded.tries, "
                        "mistakes = rule_progress.mistakes + excluded.mistakes", (name, key))
            cur.execute("SELECT COALESCE(MAX(n), 0) FROM practice_answers WHERE learner = ?", (name,))
            base = int(cur.fetchall()[0][0])
            cur.execute("INSERT INTO practice_answers (learner, n, rule, right_answer, answered_at) "
                        "SELECT ?, n + ?, rule, right_answer, answered_at FROM key_practice WHERE key = ?",
                        (name, base, key))
            # the key's sessions too, where they are newer than the learner's
            cur.execute("INSERT INTO learner_sessions (learner, kind, state, saved_at) "
                        "SELECT ?, kind, state, saved_at FROM key_sessions WHERE key = ? "
                        "ON CONFLICT (learner, kind) DO UPDATE SET state = excluded.state, "
                        "saved_at = excluded.saved_at WHERE excluded.saved_at >= learner_sessions.saved_at",
                        (name, key))
            for table in ("key_lessons", "key_rules", "key_practice", "key_sessions"):
                cur.execute(f"DELETE FROM {table} WHERE key = ?", (key,))
        return name

    def sign_out(self, key: str) -> None:
        key = check_key(key)
        with self._transaction() as cur:
            cur.execute("DELETE FROM learner_keys WHERE key = ?", (key,))

    def save_session(self, key: str, kind: str, state: dict[str, Any] | None) -> None:
        key, kind = check_key(key), check_kind(kind)
        text = None if state is None else session_text(state)
        with self._transaction() as cur:
            learner = self._signed_in(cur, key)
            o = _learner_owner(learner) if learner is not None else _key_owner(key)
            if text is None:
                cur.execute(f"DELETE FROM {o.sessions} WHERE {o.col} = ? AND kind = ?", (o.id, kind))
            else:
                cur.execute(self.dialect.upsert(o.sessions, (o.col, "kind"), ("state", "saved_at")),
                            (o.id, kind, text, time.time()))

    def load_session(self, key: str, kind: str) -> dict[str, Any] | None:
        key, kind = check_key(key), check_kind(kind)
        with self._transaction() as cur:
            learner = self._signed_in(cur, key)
            o = _learner_owner(learner) if learner is not None else _key_owner(key)
            cur.execute(f"SELECT state FROM {o.sessions} WHERE {o.col} = ? AND kind = ?", (o.id, kind))
            rows = cur.fetchall()
        return session_state(str(rows[0][0])) if rows else None

    # -- settings
    def settings(self, learner: str) -> dict[str, str]:
        return dict(self._query("SELECT key, value FROM settings WHERE learner = ?", (normalise_name(learner),)))

    def set_setting(self, learner: str, key: str, value: str) -> None:
        learner = normalise_name(learner)
        with self._transaction() as cur:
            _add(cur, learner)
            cur.execute(self.dialect.upsert("settings", ("learner", "key"), ("value",)),
                        (learner, str(key), str(value)))

    def _meta(self, key: str) -> str | None:
        rows = self._query("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    def _set_meta(self, key: str, value: str) -> bool:
        with self._transaction() as cur:
            cur.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", (key, value))
            return cur.rowcount == 1

    def _put_meta(self, key: str, value: str | None) -> None:
        with self._transaction() as cur:
            if value is None:
                cur.execute("DELETE FROM meta WHERE key = ?", (key,))
            else:
                cur.execute(self.dialect.upsert("meta", ("key",), ("value",)), (key, value))

    def code_attempt(self, limits: dict[str, int], right: bool | None, *, now: float | None = None) -> float:
        now = time.time() if now is None else float(now)
        with self._transaction() as cur:
            self.dialect.lock(cur, _ATTEMPT_LOCK)   # one try at a time: the count is read, then written
            keys = list(limits)
            marks = ", ".join("?" for _ in keys)
            cur.execute(f"SELECT key, failures, last_at, locked_until FROM code_attempts WHERE key IN ({marks})",
                        tuple(keys))
            rows = {k: (int(f), float(at), float(until)) for k, f, at, until in cur.fetchall()}
            wait, changes = next_attempt(rows, limits, right, now)
            for key, row in changes.items():
                if row is None:
                    cur.execute("DELETE FROM code_attempts WHERE key = ?", (key,))
                else:
                    cur.execute(self.dialect.upsert("code_attempts", ("key",), ("failures", "last_at", "locked_until")),
                                (key, *row))
            # the keys of pages long gone
            cur.execute("DELETE FROM code_attempts WHERE last_at < ? AND locked_until < ?",
                        (now - 2 * ATTEMPT_FORGET, now))
            return wait

    def __repr__(self) -> str:
        return f"SQLStore({self.kind}: {self.path if self.kind == 'sqlite' else _hide_password(self.url)})"


def _add(cur: Cursor, name: str) -> None:
    cur.execute("INSERT INTO learners (name) VALUES (?) ON CONFLICT (name) DO NOTHING", (name,))


def _hide_password(url: str) -> str:
    from urllib.parse import urlsplit, urlunsplit
    parts = urlsplit(url)
    if parts.password:
        netloc = parts.netloc.replace(":" + parts.password + "@", ":***@")
        return urlunsplit(parts._replace(netloc=netloc))
    return url
