"""Nothing lost when the store fails: :class:`KeptStore` keeps, in the kernel's memory, every
change the progress store refused (PostgreSQL stopped, the SQLite file locked) and tries it
again — before the next change, and every few seconds on a timer — in the order they were
made, each once, until the store takes them.

While changes wait, :attr:`KeptStore.pending` is not empty, the page says so in one
sentence (:func:`unsaved_sentence`), the server's log says which learner's changes wait
(the logger ``unoparty.store``), and a small file per kernel
(``<UNOPARTY_UNSAVED_DIR>/<pid>.json``, by default ``unsaved/`` beside ``progress.json``)
tells the teacher's page which learners have unsaved work on this server
(:func:`unsaved_learners`). A change is kept only when the store raised
:class:`~unoparty.progress.StoreError` for it — its transaction was rolled back, so trying it
again never counts it twice; a change the hub's store service *refused* (an error whose
``retry_helps`` is False: :class:`unoparty.progress.hub.StoreRefusal`) is never kept.

>>> from unoparty.progress import open_store
>>> s = KeptStore(open_store("sqlite://"))
>>> s.record_stars("Mia", "goal", 2), s.pending
(2, [])
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .progress import LessonRecord, PracticeAnswer, RuleRecord, Store, StoreError, normalise_name
from .progress.legacy import LegacyStore

__all__ = ["KeptStore", "RETRY_EVERY", "unsaved_dir", "unsaved_learners", "unsaved_sentence"]

RETRY_EVERY = 5.0   # seconds between two tries of the kept changes


def unsaved_dir() -> Path:
    """``UNOPARTY_UNSAVED_DIR``, else ``unsaved/`` beside ``progress.json``
    (``UNOPARTY_PROGRESS``, default ``~/.unoparty/``)."""
    env = os.environ.get("UNOPARTY_UNSAVED_DIR")
    if env:
        return Path(env)
    progress = os.environ.get("UNOPARTY_PROGRESS")
    return (Path(progress).parent if progress else Path.home() / ".unoparty") / "unsaved"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def unsaved_learners(folder: Path | None = None) -> dict[str, int]:
    """Learner → number of their changes that kernels of this server keep unsaved (the
    files of kernels that are gone are ignored). Learners of other servers (other
    JupyterHub users' servers) cannot be seen from here."""
    folder = unsaved_dir() if folder is None else folder
    out: dict[str, int] = {}
    try:
        files = list(folder.glob("*.json"))
    except OSError:
        return out
    for path in files:
        try:
            if not _alive(int(path.stem)):
                continue
            for name, n in json.loads(path.read_text(encoding="utf-8")).items():
                out[str(name)] = out.get(str(name), 0) + int(n)
        except (OSError, ValueError, TypeError, AttributeError):
            continue
    return dict(sorted(out.items(), key=lambda kv: (kv[0].casefold(), kv[0])))


def unsaved_sentence() -> str:
    """The page's one sentence while changes wait, in the current language."""
    from .i18n import _
    return _("Not saved yet: the progress database cannot be reached just now; "
             "the app keeps your answers and saves them as soon as it can.")


class KeptStore(LegacyStore):
    """A store that keeps the changes `store` refuses and tries them again.

    Args:
        store: the progress store that really keeps the records.
        retry_every: seconds between tries on the timer (0: no timer; tests call
            :meth:`retry`).
        on_change: called (no argument) whenever :attr:`pending` changes (the page's note).

    Attributes:
        pending: the kept changes, oldest first, as ``(learner, method, args, kwargs)``.

    Reads go to `store` (stars and practice answers add the kept ones, and are the last
    ones read while the store cannot be read); changes of the
    whole class (reset, delete, settings of the class, tries of a secret), a browser key's
    sign-in, work and kept sessions are not kept:
    their :class:`~unoparty.progress.StoreError` reaches the caller.
    """

    def __init__(self, store: Store, *, retry_every: float = RETRY_EVERY,
                 on_change: Callable[[], None] | None = None) -> None:
        self.store = store
        self.keeps_last_learner = getattr(store, "keeps_last_learner", False)
        self.retry_every = retry_every
        self.on_change = on_change
        self.pending: list[tuple[str, str, tuple[Any, ...], dict[str, Any]]] = []
        self._lock = threading.RLock()
        self._timer: threading.Timer | None = None
        self._marker = unsaved_dir() / f"{os.getpid()}.json"
        self._last_stars: dict[str, dict[str, int]] = {}
        self._last_practice: dict[str, list[PracticeAnswer]] = {}

    # ------------------------------------------------------------------ keeping
    def _do(self, learner: str, method: str, *args: Any, **kwargs: Any) -> Any:
        """Run `method` on the store after the kept changes; keep it if the store refuses.
        Returns the store's answer, or None when kept."""
        with self._lock:
            self._flush()
            if not self.pending:
                try:
                    return getattr(self.store, method)(*args, **kwargs)
                except StoreError as e:
                    if getattr(e, "retry_helps", True) is False:
                        raise  # refused (the hub's store service: not this learner's record): never kept
                    self._log().warning("not saved yet, kept to try again: %s for %s (%s)", method, learner, e)
            self.pending.append((learner, method, args, kwargs))
            self._changed()
            return None

    def _flush(self) -> bool:
        """Try the kept changes in order; True if none is left."""
        with self._lock:
            done = 0
            for learner, method, args, kwargs in self.pending:
                try:
                    getattr(self.store, method)(*args, **kwargs)
                except StoreError as e:
                    if getattr(e, "retry_helps", True) is not False:
                        break
                    # refused for good (the store service's 403): dropped, so the others can land
                    self._log().warning("not saved, refused: %s for %s (%s)", method, learner, e)
                done += 1
            if done:
                del self.pending[:done]
                if not self.pending:
                    self._log().warning("saved now: %d kept change%s", done, "" if done == 1 else "s")
                self._changed()
            return not self.pending

    def retry(self) -> bool:
        """Try the kept changes again now; True if none is left."""
        return self._flush()

    def _changed(self) -> None:
        self._mark()
        if self.pending and self.retry_every > 0 and (self._timer is None or not self._timer.is_alive()):
            self._timer = threading.Timer(self.retry_every, self._tick)
            self._timer.daemon = True
            try:
                self._timer.start()
            except RuntimeError:  # no threads (Python in the browser): tried again at the next change
                self._timer = None
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception:  # the page's note must never stop the keeping
                pass

    def _tick(self) -> None:
        self._timer = None
        self._flush()
        if self.pending:
            self._changed()

    def _mark(self) -> None:
        """This kernel's file of unsaved learners (removed when nothing waits)."""
        counts: dict[str, int] = {}
        for learner, *_rest in self.pending:
            counts[learner] = counts.get(learner, 0) + 1
        try:
            if counts:
                self._marker.parent.mkdir(parents=True, exist_ok=True)
                # whole or not at all: a reader (the teacher's page) never sees it half written
                part = self._marker.with_name(f"{self._marker.stem}.{threading.get_ident()}.part")
                part.write_text(json.dumps(counts), encoding="utf-8")
                os.replace(part, self._marker)
            elif self._marker.exists():
                self._marker.unlink()
        except OSError:
            pass

    @staticmethod
    def _log() -> logging.Logger:
        from .access import server_log
        return server_log("unoparty.store")

    # ------------------------------------------------------------------ the learners' changes
    def add_learner(self, name: str) -> str:
        name = normalise_name(name)
        self._do(name, "add_learner", name)
        return name

    def start_lesson(self, learner: str, lesson: str) -> None:
        learner = normalise_name(learner)
        self._do(learner, "start_lesson", learner, lesson)

    def record_answer(self, learner: str, lesson: str, rules: Iterable[str], *, right: bool) -> None:
        learner = normalise_name(learner)
        self._do(learner, "record_answer", learner, lesson, list(rules), right=right)

    def record_stars(self, learner: str, lesson: str, stars: int) -> int:
        learner = normalise_name(learner)
        best = self._do(learner, "record_stars", learner, lesson, stars)
        if best is not None:
            return int(best)
        return max(max(0, min(3, int(stars))), self.stars(learner).get(str(lesson), 0))

    def record_practice(self, learner: str, rule: str, right: bool, *, at: float | None = None) -> None:
        learner = normalise_name(learner)
        self._do(learner, "record_practice", learner, rule, right, at=time.time() if at is None else at)

    def set_setting(self, learner: str, key: str, value: str) -> None:
        learner = normalise_name(learner)
        self._do(learner, "set_setting", learner, key, value)

    # ------------------------------------------------------------------ reads (with the kept changes)
    def _kept(self, learner: str, method: str) -> list[tuple[Any, ...]]:
        name = normalise_name(learner)
        return [args for who, m, args, _kw in self.pending if who == name and m == method]

    def stars(self, learner: str) -> dict[str, int]:
        """The learner's stars with the kept ones; while the store cannot be read, the
        stars it gave last (a page goes on showing them)."""
        name = normalise_name(learner)
        try:
            out = dict(self.store.stars(name))
            self._last_stars[name] = dict(out)
        except StoreError:
            out = dict(self._last_stars.get(name, {}))
        for _who, lesson, stars in self._kept(learner, "record_stars"):
            if stars > 0:
                out[str(lesson)] = max(out.get(str(lesson), 0), min(3, int(stars)))
        return out

    def practice(self, learner: str) -> list[PracticeAnswer]:
        kept = [PracticeAnswer(str(rule), bool(right), float(kw["at"]))
                for who, m, (_l, rule, right), kw in self.pending
                if m == "record_practice" and who == normalise_name(learner)]
        name = normalise_name(learner)
        try:
            self._last_practice[name] = list(self.store.practice(name))
        except StoreError:
            pass
        return self._last_practice.get(name, []) + kept

    def setting(self, learner: str, key: str, default: str | None = None) -> str | None:
        for _who, _key, value in reversed([a for a in self._kept(learner, "set_setting") if a[1] == key]):
            return str(value)
        return self.settings(learner).get(key, default)

    def learners(self) -> list[str]:
        return self.store.learners()

    def lessons(self, learner: str | None = None) -> list[LessonRecord]:
        return self.store.lessons(learner)

    def rules(self, learner: str | None = None) -> list[RuleRecord]:
        return self.store.rules(learner)

    def settings(self, learner: str) -> dict[str, str]:
        return self.store.settings(learner)

    # ------------------------------------------------------------------ the class's changes: not kept
    def reset_learner(self, name: str) -> None:
        self.store.reset_learner(name)

    def delete_learner(self, name: str) -> None:
        self.store.delete_learner(name)

    def code_attempt(self, limits: dict[str, int], right: bool | None, *, now: float | None = None) -> float:
        return self.store.code_attempt(limits, right, now=now)

    # ------------------------------------------------------------------ keys and sessions: not kept either
    def start_lesson_for_key(self, key: str, lesson: str) -> None:
        self.store.start_lesson_for_key(key, lesson)

    def record_answer_for_key(self, key: str, lesson: str, rules: Iterable[str], *, right: bool) -> None:
        self.store.record_answer_for_key(key, lesson, rules, right=right)

    def record_stars_for_key(self, key: str, lesson: str, stars: int) -> int:
        return self.store.record_stars_for_key(key, lesson, stars)

    def record_practice_for_key(self, key: str, rule: str, right: bool, *, at: float | None = None) -> None:
        self.store.record_practice_for_key(key, rule, right, at=at)

    def stars_for_key(self, key: str) -> dict[str, int]:
        return self.store.stars_for_key(key)

    def practice_for_key(self, key: str) -> list[PracticeAnswer]:
        return self.store.practice_for_key(key)

    def learner_for_key(self, key: str) -> str | None:
        return self.store.learner_for_key(key)

    def sign_in(self, key: str, name: str) -> str:
        return self.store.sign_in(key, name)

    def sign_out(self, key: str) -> None:
        self.store.sign_out(key)

    def save_session(self, key: str, kind: str, state: dict[str, Any] | None) -> None:
        self.store.save_session(key, kind, state)

    def load_session(self, key: str, kind: str) -> dict[str, Any] | None:
        return self.store.load_session(key, kind)

    def _meta(self, key: str) -> str | None:
        return self.store._meta(key)

    def _set_meta(self, key: str, value: str) -> bool:
        return self.store._set_meta(key, value)

    def _put_meta(self, key: str, value: str | None) -> None:
        self.store._put_meta(key, value)

    def __repr__(self) -> str:
        return f"KeptStore({self.store!r}, {len(self.pending)} kept)"
