"""Each learner's progress in one small store: learners, stars, tries and mistakes per
lesson and per rule id, the Practice page's answers, and settings per learner.

The store is chosen by a URL, the environment variable ``UNOPARTY_DB``:

- unset: an SQLite file, ``~/.unoparty/progress.sqlite3``;
- ``sqlite:///ABSOLUTE/PATH`` (``sqlite:///~/…`` for the home folder) or a plain file
  path: that SQLite file (``sqlite://`` alone or
  ``:memory:``: a database that lives as long as the store);
- ``postgresql://USER@HOST:PORT/DB`` (or ``postgres://``): a PostgreSQL database, through
  psycopg 3 (``pip install "psycopg[binary]"``) — for learners of one class spread over
  several machines (JupyterHub): the teacher's page sees them all;
- ``hub-service:unoparty-store`` (or ``hub-service:URL``): under JupyterHub, the class's
  store behind the hub's store service (:mod:`unoparty.hub_store`): the learner's server
  holds no database password, only its hub token.

In the browser (the static site, ``sys.platform == "emscripten"``) with ``UNOPARTY_DB``
unset, the store is a :class:`DictStore` in the browser's own storage (key ``"store"`` of
:class:`~unoparty.views.browser_storage.BrowserStorage`); it belongs to one browser, so it
remembers the last learner chosen there (:meth:`Store.remember_learner`), and the stars the
site kept before learners had names (key ``"progress"``) go, once, to the first learner
chosen in that browser.

Every change is one transaction (SQLite: WAL journal, a busy timeout and ``BEGIN
IMMEDIATE``; PostgreSQL: a transaction with counters updated in place), so 30 kernels
writing at once lose nothing. The backend is pluggable: :class:`DictStore` keeps the same
records in one JSON-able dict handed to a ``load()`` / ``save(dict)`` pair (the static
site's browser storage).

>>> s = open_store("sqlite://")
>>> s.add_learner("  Mia ")
'Mia'
>>> s.start_lesson("Mia", "speed-play")
>>> s.record_answer("Mia", "speed-play", ["SP-4"], right=False)
>>> s.record_stars("Mia", "speed-play", 2), s.stars("Mia")
(2, {'speed-play': 2})
>>> [(r.lesson, r.stars, r.tries, r.mistakes) for r in s.lessons()]
[('speed-play', 2, 1, 1)]
>>> [(r.rule, r.tries, r.mistakes) for r in s.rules()]
[('SP-4', 1, 1)]

Errors: :class:`StoreError` (a bad URL, a name that is empty or too long, a database that
cannot be reached). The old ``progress.json`` (``UNOPARTY_PROGRESS``) and the Practice
page's old ``practice.json`` beside it are carried over once into a new store
(:meth:`Store.import_progress_json`, :meth:`Store.import_practice_json`).

The Practice page's answers are each learner's *practice record* (:meth:`Store.record_practice`,
:meth:`Store.practice`), in the same store as their stars, whichever the backend.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import sqlite3
except ImportError:  # Python in the browser (Pyodide) ships without it: the store is a DictStore there
    sqlite3 = None  # type: ignore[assignment]

from .progress.dialect import Cursor, dialect_for
from .progress.migrations import migrate_document, migrate_sql
from .progress.records import (MAX_NAME, LessonRecord, PracticeAnswer, RuleRecord, StoreError, check_key,
                               SESSION_KINDS, check_kind, normalise_name, session_state,
                               session_text)

__all__ = ["Store", "SQLStore", "DictStore", "StoreError", "LessonRecord", "RuleRecord", "PracticeAnswer",
           "SESSION_KINDS",
           "LearnerProgress",
           "open_store", "open_browser_store", "default_url", "normalise_name", "in_browser", "MAX_NAME"]

_SCHEMA_VERSION = 1     # the document store's "version" before numbered steps (0827e3c)


class Store:
    """What every backend offers. Names are normalised (:func:`normalise_name`); recording
    for a learner not seen before adds them.

    Attributes:
        keeps_last_learner: True when the store belongs to one browser or device (the
            static site's): the app then picks the learner chosen last
            (:meth:`last_learner`) on its own. False (a class's shared database): nobody is
            picked for the learner.
    """

    keeps_last_learner = False

    # -- learners
    def learners(self) -> list[str]:
        """Every learner's name, sorted case-insensitively."""
        raise NotImplementedError

    def add_learner(self, name: str) -> str:
        """Add a learner (nothing happens if they exist); returns the normalised name."""
        raise NotImplementedError

    def reset_learner(self, name: str) -> None:
        """Forget a learner's stars, tries, mistakes and practice record; keep the name and
        settings."""
        raise NotImplementedError

    def delete_learner(self, name: str) -> None:
        """Forget a learner altogether."""
        raise NotImplementedError

    # -- progress
    def start_lesson(self, learner: str, lesson: str) -> None:
        """Count one try of `lesson`."""
        raise NotImplementedError

    def record_answer(self, learner: str, lesson: str, rules: Iterable[str], *, right: bool) -> None:
        """Count one answer (right or wrong) for each rule id in `rules`; a wrong answer also
        counts as a mistake in the lesson. `lesson` ``""``: an answer outside lessons."""
        raise NotImplementedError

    def record_stars(self, learner: str, lesson: str, stars: int) -> int:
        """Keep the best of the stored and the new stars (0–3); returns the best."""
        raise NotImplementedError

    def lessons(self, learner: str | None = None) -> list[LessonRecord]:
        """The lesson records (of one learner, or everyone's), sorted by learner then lesson."""
        raise NotImplementedError

    def rules(self, learner: str | None = None) -> list[RuleRecord]:
        """The per-rule records, sorted by learner, lesson, rule."""
        raise NotImplementedError

    def stars(self, learner: str) -> dict[str, int]:
        """Lesson id → best stars, for one learner."""
        return {r.lesson: r.stars for r in self.lessons(learner) if r.stars}

    # -- practice (the Practice page's answers, in order)
    def record_practice(self, learner: str, rule: str, right: bool, *, at: float | None = None) -> None:
        """Keep one answer of the Practice page: appended to the learner's practice record
        (:meth:`practice`) and counted in their per-rule tries and mistakes outside lessons
        (:meth:`rules`, lesson ``""``), in one change. `at`: seconds since the epoch
        (default: now).

        Raises:
            StoreError: the name is empty or too long, or the database refused the change.
        """
        raise NotImplementedError

    def practice(self, learner: str) -> list[PracticeAnswer]:
        """The learner's practice record: every answer given on the Practice page, oldest
        first (empty for a learner never seen)."""
        raise NotImplementedError

    # -- the work of a browser's key signed in as nobody (moves to the learner at sign_in)
    def start_lesson_for_key(self, key: str, lesson: str) -> None:
        """:meth:`start_lesson` for a key signed in as nobody (kept until :meth:`sign_in`).

        Raises:
            StoreError: a bad key (:func:`~unoparty.progress.records.check_key`).
        """
        raise NotImplementedError

    def record_answer_for_key(self, key: str, lesson: str, rules: Iterable[str], *, right: bool) -> None:
        """:meth:`record_answer` for a key signed in as nobody."""
        raise NotImplementedError

    def record_stars_for_key(self, key: str, lesson: str, stars: int) -> int:
        """:meth:`record_stars` for a key signed in as nobody; returns the best (0–3)."""
        raise NotImplementedError

    def record_practice_for_key(self, key: str, rule: str, right: bool, *, at: float | None = None) -> None:
        """:meth:`record_practice` for a key signed in as nobody."""
        raise NotImplementedError

    def stars_for_key(self, key: str) -> dict[str, int]:
        """Lesson id → best stars kept under a key signed in as nobody."""
        raise NotImplementedError

    def practice_for_key(self, key: str) -> list[PracticeAnswer]:
        """The Practice answers kept under a key signed in as nobody, oldest first."""
        raise NotImplementedError

    # -- learner keys and kept sessions (CONTRACTS.md §1)
    def learner_for_key(self, key: str) -> str | None:
        """The learner the browser's session key `key` is signed in as, or None (nobody).

        Raises:
            StoreError: `key` is not 22–64 characters of ``A–Z a–z 0–9 _ -``.
        """
        raise NotImplementedError

    def sign_in(self, key: str, name: str) -> str:
        """Sign `key` in as the learner `name` (added if new), in one change. The work kept
        under the key while it was signed in as nobody moves to the learner: stars (the
        higher of the two per lesson wins), tries and mistakes (added), Practice answers
        (after the learner's own), and kept sessions (each kind: the newer of the key's and
        the learner's). Returns the normalised name.

        Raises:
            StoreError: a bad key or name (nothing changed).
        """
        raise NotImplementedError

    def sign_out(self, key: str) -> None:
        """"Not me": `key` is signed in as nobody (the learner's record stays theirs)."""
        raise NotImplementedError

    def save_session(self, key: str, kind: str, state: dict[str, Any] | None) -> None:
        """Keep the state of the session of `kind` (``"app"``, ``"game"``, ``"lesson"``,
        ``"practice"``, ``"table"``) open in the browser of `key`: the learner's when the key
        is signed in (another browser signed in as them sees it), else the key's. `state`
        None deletes it.

        Raises:
            StoreError: a bad key or kind, a state that is not a JSON-able dict or is above
                1 MB of JSON (nothing changed).
        """
        raise NotImplementedError

    def load_session(self, key: str, kind: str) -> dict[str, Any] | None:
        """The state kept by :meth:`save_session` for `key` (its learner's, when signed
        in) and `kind`, or None.

        Raises:
            StoreError: a bad key or kind.
        """
        raise NotImplementedError

    # -- settings
    def settings(self, learner: str) -> dict[str, str]:
        raise NotImplementedError

    def set_setting(self, learner: str, key: str, value: str) -> None:
        raise NotImplementedError

    def setting(self, learner: str, key: str, default: str | None = None) -> str | None:
        return self.settings(learner).get(key, default)

    # -- the class's settings (every learner's, set on the Teacher page)
    def class_setting(self, key: str) -> str | None:
        """A setting of the whole class (``"curriculum"``: views/curricula.py), or None."""
        return self._meta("class:" + key)

    def set_class_setting(self, key: str, value: str | None) -> None:
        """Set a setting of the whole class (None: back to the server's default)."""
        self._put_meta("class:" + key, value)

    # -- the store itself
    def _meta(self, key: str) -> str | None:
        raise NotImplementedError

    def _set_meta(self, key: str, value: str) -> bool:
        """Set `key` if unset; True if this call set it."""
        raise NotImplementedError

    def _put_meta(self, key: str, value: str | None) -> None:
        """Set `key` to `value` (None: remove it)."""
        raise NotImplementedError

    # -- the class's settings (the teacher's page: unoparty.views.teacher)
    def class_setting(self, key: str, default: str | None = None) -> str | None:
        """A setting of the whole class (``"list-names"``, ``"pins"``), or `default`."""
        value = self._meta("class:" + str(key))
        return default if value is None else value

    def set_class_setting(self, key: str, value: str | None) -> None:
        """Set a setting of the whole class (None: back to its default)."""
        self._put_meta("class:" + str(key), value)

    # -- tries of a secret (the teacher's code, a learner's PIN: unoparty.access)
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
        raise NotImplementedError

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

    def keep_unnamed_progress(self, data: dict | None, source: str) -> int:
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

    def import_progress_json(self, path: str | os.PathLike | None = None, learner: str | None = None) -> int:
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


    def import_practice_json(self, path: str | os.PathLike | None = None, learner: str | None = None) -> int:
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


ATTEMPT_WAIT = 60.0        # seconds of the first wait after too many wrong tries
ATTEMPT_MAX_WAIT = 3600.0  # the longest wait
ATTEMPT_FORGET = 3600.0    # a key with no wrong try (nor wait) for this long starts from zero


def _next_attempt(rows: dict[str, tuple[int, float, float]], limits: dict[str, int], right: bool | None,
                  now: float) -> tuple[float, dict[str, tuple[int, float, float] | None]]:
    """What :meth:`Store.code_attempt` does to the rows (key → ``(failures, last wrong try,
    waits until)``): ``(wait, changes)``, a change None removing the row."""
    wait = max((until - now for _f, _at, until in rows.values()), default=0.0)
    if wait > 0 or right is None:
        return max(wait, 0.0), {}
    if right:
        return 0.0, {key: None for key in limits if key in rows}
    changes: dict[str, tuple[int, float, float] | None] = {}
    for key, limit in limits.items():
        failures, last, until = rows.get(key, (0, 0.0, 0.0))
        if now - max(last, until) > ATTEMPT_FORGET:
            failures = 0
        failures += 1
        until = 0.0
        if failures >= max(1, int(limit)):
            until = now + min(ATTEMPT_MAX_WAIT, ATTEMPT_WAIT * 2 ** (failures - max(1, int(limit))))
        changes[key] = (failures, now, until)
    return 0.0, changes


# --------------------------------------------------------------------------------- SQL


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


class SQLStore(Store):
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
        for attempt in range(50):  # switching to WAL needs a moment alone with the file
            try:
                con.execute("PRAGMA journal_mode = WAL")
                break
            except sqlite3.OperationalError:
                time.sleep(0.05 * (attempt + 1))
        con.execute("PRAGMA synchronous = NORMAL")
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

    def practice(self, learner: str) -> list[PracticeAnswer]:
        return self._answers(_learner_owner(normalise_name(learner)))

    def _answers(self, o: _Owner) -> list[PracticeAnswer]:
        rows = self._query(f"SELECT rule, right_answer, answered_at FROM {o.practice} WHERE {o.col} = ? ORDER BY n",
                           (o.id,))
        return [PracticeAnswer(str(rule), bool(ok), float(at)) for rule, ok, at in rows]

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

    def practice_for_key(self, key: str) -> list[PracticeAnswer]:
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
            wait, changes = _next_attempt(rows, limits, right, now)
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


# --------------------------------------------------------------------------------- a dict


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


def _doc_answers(rows: object) -> list[PracticeAnswer]:
    out = []
    for row in rows if isinstance(rows, list) else []:
        try:
            rule, ok, at = row
            out.append(PracticeAnswer(str(rule), bool(ok), float(at)))
        except (TypeError, ValueError):
            continue  # a broken row in the browser's storage: skipped, never an error
    return out


class DictStore(Store):
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

    def practice(self, learner: str) -> list[PracticeAnswer]:
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

    def practice_for_key(self, key: str) -> list[PracticeAnswer]:
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
            wait, changes = _next_attempt(rows, limits, right, now)
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


# --------------------------------------------------------------------------------- opening


def default_url() -> str:
    """``UNOPARTY_DB``, else the SQLite file ``~/.unoparty/progress.sqlite3``."""
    return os.environ.get("UNOPARTY_DB") or "sqlite:///" + str(Path.home() / ".unoparty" / "progress.sqlite3")


_OPEN: dict[str, Store] = {}


BROWSER_KEY = "store"          # the store's key in the browser's storage (static site)
OLD_BROWSER_KEY = "progress"   # the static site's stars before learners had names


def in_browser() -> bool:
    """True when Python runs in the browser (Pyodide, the static site)."""
    return sys.platform == "emscripten"


def open_store(url: str | None = None, *, migrate: bool = True) -> Store:
    """The store at `url` (default :func:`default_url`), opened once per process.

    A new store carries the old ``progress.json`` over (once, when `migrate`). In the
    browser (``sys.platform == "emscripten"``) with neither `url` nor ``UNOPARTY_DB``: a
    :class:`DictStore` in the browser's storage (:func:`open_browser_store`).

    Raises:
        StoreError: an unknown URL scheme, psycopg missing, a database that cannot be opened.
    """
    if url is None and not os.environ.get("UNOPARTY_DB") and in_browser():
        return open_browser_store(migrate=migrate)
    url = url or default_url()
    if url in _OPEN and url not in ("sqlite://", ":memory:"):
        return _OPEN[url]
    if url.startswith("hub-service:"):
        # the class's store behind the hub's store service (issue 22): nothing to carry over
        # here. Loaded by name: unoparty.hub_store builds on this module (no import circle).
        import importlib
        _OPEN[url] = importlib.import_module("unoparty.hub_store").HubServiceStore.from_url(url)
        return _OPEN[url]
    scheme = url.split("://", 1)[0] if "://" in url else ""
    if scheme not in ("", "sqlite", "postgresql", "postgres"):
        raise StoreError(f"UNOPARTY_DB: unknown kind of database {scheme!r} "
                         "(use sqlite:///PATH or postgresql://USER@HOST/DB)")
    store = SQLStore(url)
    if migrate and url not in ("sqlite://", ":memory:"):
        try:
            store.import_progress_json()
            store.import_practice_json()
        except StoreError:
            pass
    if url not in ("sqlite://", ":memory:"):
        _OPEN[url] = store
    return store


def open_browser_store(*, migrate: bool = True) -> DictStore:
    """The static site's store: a :class:`DictStore` kept by
    :class:`~unoparty.views.browser_storage.BrowserStorage` under :data:`BROWSER_KEY`, that
    remembers the browser's last learner; opened once per process. When `migrate`, the
    site's old stars (key :data:`OLD_BROWSER_KEY`) are kept, once, for the first learner
    chosen (:meth:`Store.keep_unnamed_progress`). The page must have loaded both keys first
    (``await browser_storage.load_store_from_browser()``)."""
    key = "browser:" + BROWSER_KEY
    if key in _OPEN:
        return _OPEN[key]  # type: ignore[return-value]
    from .views import browser_storage

    backend = browser_storage.BrowserStorage(BROWSER_KEY)
    store = DictStore(backend.load, backend.save, keeps_last_learner=True)
    if migrate:
        try:
            old = browser_storage.BrowserStorage(OLD_BROWSER_KEY).load()
        except Exception:  # the browser's storage is never an error the learner sees
            old = {}
        store.keep_unnamed_progress(old if isinstance(old, dict) else {}, "browser:" + OLD_BROWSER_KEY)
    _OPEN[key] = store
    return store


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
        self._answers: list[PracticeAnswer] = []
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
            self._answers.append(PracticeAnswer(str(rule), bool(right), time.time() if at is None else float(at)))
            return
        store, name, key = self._who()
        if name:
            store.record_practice(name, rule, right, at=at)
        else:
            store.record_practice_for_key(key or "", rule, right, at=at)

    def practice(self) -> list[PracticeAnswer]:
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
