"""The app's own session, without widgets: the page shown, who the learner is, the store,
the language, the game form's choices and the open sessions (the game; the lesson and
practice sessions of ``session/lesson.py`` and ``session/practice.py`` plug in the same way).

Who the learner is (issue 18): the browser keeps a session key (``views/session_key.py``);
:meth:`AppSession.use_key` signs the page in as ``store.learner_for_key(key)`` — no name to
type, no PIN —, :meth:`AppSession.sign_in` signs the key in as a typed name (work kept under
the key alone moves to the name), :meth:`AppSession.sign_out` is "Not me".

Every open session is kept after every change (:meth:`AppSession.keep`:
``store.save_session(key, kind, session.to_state())``) and offered again on the next load
(:meth:`AppSession.kept`, :meth:`AppSession.resume`). A kept state that cannot be replayed
never stops the page: it is dropped and :attr:`AppSession.notice` says so (as data; the
page words it).
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Mapping, NamedTuple, Protocol, TypeVar

from .base import Clock, Handle, StateError, check_state

__all__ = ["AppSession", "PAGES", "SessionStore", "Notice"]

PAGES = ("home", "game", "rules", "practice", "lesson", "scenarios", "teacher", "table")
"""The pages the app may come back to (``lessons`` is the landing page's list)."""

RETURNABLE = ("home", "game", "rules", "practice", "lesson", "table")
"""Pages a reload comes back to (a lesson: the one kept, at its step; a live table: the seat
kept, ``kind`` ``"table"``)."""

SAVE_EVERY = 0.5
"""Seconds: at most one store write per kind of session in this time for the changes nobody
clicked (:meth:`AppSession.keep`): a burst of bots' moves at party pace is one write, the last
state. What the learner does is written at once (``keep(..., at_once=True)``), so a kernel
killed outright loses none of it."""

DEFAULT_CHOICES: dict[str, Any] = {"bots": 5, "level": "basic", "rule_set": "party", "stacking": False,
                                   "seven_o": False, "jump_in": False, "doubles": False, "target": 500,
                                   "target_chosen": False, "pace": "learning", "name": ""}
"""The game form's choices before the learner changes one."""


class SessionStore(Protocol):
    """The store's learner-key API (CONTRACTS.md §1)."""

    def learner_for_key(self, key: str) -> str | None: ...
    def sign_in(self, key: str, name: str) -> str: ...
    def sign_out(self, key: str) -> None: ...
    def save_session(self, key: str, kind: str, state: dict[str, Any] | None) -> None: ...
    def load_session(self, key: str, kind: str) -> dict[str, Any] | None: ...


class Notice(NamedTuple):
    """What the page must say: ``what`` ``"dropped"`` (a kept state of `kind` could not be
    replayed and was dropped) or ``"unsaved"`` (the store did not take a change); `detail`
    the reason, for the server's log."""

    what: str
    kind: str
    detail: str


class _Kept(Protocol):
    kind: ClassVar[str]
    version: int

    def to_state(self) -> dict[str, Any]: ...


T = TypeVar("T")


def _api(store: object) -> SessionStore | None:
    """The object answering the learner-key API: `store`, or the store a wrapper
    (``unsaved.KeptStore``) keeps; None when neither has it (an older store)."""
    for candidate in (store, getattr(store, "store", None)):
        if candidate is not None and callable(getattr(candidate, "save_session", None)):
            return candidate  # type: ignore[return-value]  # checked by its methods
    return None


def _new_page_key() -> str:
    from ..access import new_page_key
    return new_page_key()


def _store_errors() -> tuple[type[BaseException], ...]:
    try:
        from ..progress import StoreError
    except ImportError:  # pragma: no cover - the store is part of the package
        return (OSError,)
    return (StoreError, OSError)


class AppSession:
    """The app: page, learner, language, the game form's choices and the open sessions.

    Args:
        store: the progress store (None: nothing is kept). key: the browser's session key
            (None until the browser sent it: :meth:`use_key`). learner: who is learning.
        language: the page's language code.
        clock: time and scheduling (the kernel's running loop in the app): with one, the
            store is written at most once per kind every `save_every` seconds, the last
            state always (:meth:`keep`); without one (a script, a test) every keep writes.
        save_every: that interval, in seconds (default `SAVE_EVERY`).

    Attributes:
        page: the page shown (one of `PAGES`). previous: the page before it (Back).
        choices: the game form's choices (`DEFAULT_CHOICES` keys).
        sessions: kind → the open session (``"game"``, ``"lesson"``, ``"practice"``).
        notice: a :class:`Notice` for the page to word, or None. version: bumped at every change.
        shown: how many pages were shown since this session began.
        records: the progress store the learner's records are in (the one the page
            opened; `store` keeps the sessions, None with a stars-only record).
        progress: the learner's record (``progress.LearnerProgress``, or a stars-only one).
        nameless_practice: the practice record of a learner with no name yet (in memory,
            made when first needed), or None.
        page_key: names this page's own count of wrong tries of the teacher's code (kept
            when the teacher's page is built again in another language).
        groups: the lesson groups the landing page lists (None: all).
        bot_factory: builds the bots of a game (None: ``session.game.make_bots``).
        lesson_from: the navigation button lit while the scenario player is shown
            (``"lessons"``, ``"game"`` for a replay, ``"scenarios"`` for a teacher's file).
        replay_text: the scenario file of the last round replayed, or None.
        writes: how many states were written to the store (deletions not counted).
    """

    kind: ClassVar[str] = "app"

    def __init__(self, store: object | None = None, *, key: str | None = None, learner: str | None = None,
                 language: str = "en", clock: Clock | None = None, save_every: float = SAVE_EVERY) -> None:
        self.store = store
        self.key = key
        self.learner = learner
        self.language = language
        self.page = ""
        self.previous = "home"
        self.choices: dict[str, Any] = dict(DEFAULT_CHOICES)
        self.sessions: dict[str, _Kept] = {}
        self.notice: Notice | None = None
        self.version = 0
        self.shown = 0   # pages shown since the page opened (a key arriving late moves no one on)
        self.on_notice: Callable[[], None] | None = None
        self.records: object | None = store
        self.progress: Any = None
        self.nameless_practice: Any = None
        self.page_key = _new_page_key()
        self.groups: list[str] | None = None
        self.bot_factory: Callable[..., Any] | None = None
        self.lesson_from = "lessons"
        self.replay_text: str | None = None
        self.clock = clock
        self.save_every = save_every
        self.writes = 0
        self._written: dict[str, float] = {}     # kind → when its state was last written
        self._waiting: dict[str, _Kept] = {}     # kind → the session whose state waits to be written
        self._timers: dict[str, Handle] = {}     # kind → the write scheduled for it

    # ------------------------------------------------------------------ keeping

    def to_state(self) -> dict[str, Any]:
        """The page, the page before it, the language and the game form's choices."""
        return {"kind": self.kind, "format": 1, "page": self.page, "previous": self.previous,
                "language": self.language, "choices": dict(self.choices)}

    @classmethod
    def from_state(cls, state: Mapping[str, Any], **context: Any) -> "AppSession":
        """An app session at the kept page and language (`context`: ``store``, ``key``,
        ``learner``).

        Raises:
            StateError: not a kept app state.
        """
        session = cls(context.get("store"), key=context.get("key"), learner=context.get("learner"))
        session.restore(state)
        return session

    def restore(self, state: Mapping[str, Any]) -> None:
        """Take the page, language and choices of a kept app state (unknown values are left
        as they are).

        Raises:
            StateError: not a kept app state.
        """
        data = check_state(state, self.kind)
        page, previous, lang = data.get("page", ""), data.get("previous", "home"), data.get("language")
        if isinstance(page, str) and page in PAGES:
            self.page = page
        if isinstance(previous, str) and previous in PAGES:
            self.previous = previous
        if isinstance(lang, str) and lang:
            self.language = lang
        choices = data.get("choices")
        if isinstance(choices, Mapping):
            for k, v in choices.items():
                if k in DEFAULT_CHOICES and type(v) is type(DEFAULT_CHOICES[k]):
                    self.choices[k] = v
        self.version += 1

    @property
    def keeps(self) -> bool:
        """Sessions are kept: a store with the learner-key API and the browser's key."""
        return self.key is not None and _api(self.store) is not None

    def say(self, notice: Notice) -> None:
        """Set :attr:`notice` (the page words it)."""
        self.notice = notice
        self.version += 1
        if self.on_notice is not None:
            self.on_notice()

    def keep(self, session: _Kept | None = None, *, at_once: bool = False) -> bool:
        """Keep `session` (default: this app's own state) under the browser's key; True if
        the store took it (or will: see below). A store that refuses sets :attr:`notice`
        (``"unsaved"``).

        `at_once`: write now (what the learner did: a click, a lesson step, an answer), and
        drop what was held of that kind (this state is newer). Otherwise, with a
        :attr:`clock`, a kind is written at most once every :attr:`save_every` seconds: a
        keep within that time of the last write is held, and the session's state *at the
        end of the interval* is written then (the last move is never lost unless the kernel
        is killed outright, and a burst of bots' moves is one write). :meth:`flush` writes
        whatever is held at once (the page closing, the kernel shutting down); :meth:`kept`,
        :meth:`sign_in` and :meth:`sign_out` flush first."""
        if _api(self.store) is None or self.key is None:
            return False
        target: _Kept = session if session is not None else self
        kind = target.kind
        clock = self.clock
        if clock is None:
            return self._write(target)
        if at_once:
            self._drop_held(kind)
            return self._write(target)
        if kind in self._timers:           # a write is already due: it takes the newest state
            self._waiting[kind] = target
            return True
        now = clock.time()
        last = self._written.get(kind)
        if last is None or now - last >= self.save_every:
            return self._write(target)
        self._waiting[kind] = target
        self._timers[kind] = clock.call_later(last + self.save_every - now, self._write_held, kind)
        return True

    def _write_held(self, kind: str) -> None:
        self._timers.pop(kind, None)
        target = self._waiting.pop(kind, None)
        if target is not None:
            self._write(target)

    def _write(self, target: _Kept) -> bool:
        api = _api(self.store)
        if api is None or self.key is None:
            return False
        try:
            api.save_session(self.key, target.kind, target.to_state())
        except _store_errors() as exc:
            self.say(Notice("unsaved", target.kind, str(exc)))
            return False
        self.writes += 1
        self._written[target.kind] = self.clock.time() if self.clock is not None else 0.0
        return True

    @property
    def held(self) -> tuple[str, ...]:
        """The kinds whose last state waits to be written (:meth:`keep`)."""
        return tuple(self._waiting)

    def flush(self, kind: str | None = None) -> None:
        """Write at once the state held of `kind` (default: of every kind) — when the page
        closes or the kernel shuts down, before a read or a change of who is learning."""
        for k in [kind] if kind is not None else list(self._waiting):
            timer = self._timers.pop(k, None)
            if timer is not None:
                timer.cancel()
            self._write_held(k)

    def _drop_held(self, kind: str) -> None:
        timer = self._timers.pop(kind, None)
        if timer is not None:
            timer.cancel()
        self._waiting.pop(kind, None)

    def flush_at_exit(self) -> None:
        """Flush this session when the interpreter exits (a kernel shut down: the page
        closed or reloaded), without keeping it alive meanwhile."""
        import atexit
        import weakref

        ref = weakref.ref(self)

        def at_exit() -> None:
            session = ref()
            if session is not None:
                session.flush()

        atexit.register(at_exit)

    def forget(self, kind: str) -> None:
        """Close the open session of `kind` and delete its kept state."""
        self.sessions.pop(kind, None)
        self._drop_held(kind)
        api = _api(self.store)
        if api is not None and self.key is not None:
            try:
                api.save_session(self.key, kind, None)
            except _store_errors() as exc:
                self.say(Notice("unsaved", kind, str(exc)))

    def kept(self, kind: str) -> Mapping[str, Any] | None:
        """The state kept for `kind` under the browser's key (or its learner), or None."""
        api = _api(self.store)
        if api is None or self.key is None:
            return None
        self.flush(kind)   # what this page holds is newer than the store's
        try:
            state = api.load_session(self.key, kind)
        except _store_errors() as exc:
            self.say(Notice("unsaved", kind, str(exc)))
            return None
        return state if state else None

    def resume(self, kind: str, build: Callable[[Mapping[str, Any]], T]) -> T | None:
        """The session of `kind` rebuilt from its kept state by `build` (a ``from_state``),
        or None when nothing is kept. A state `build` refuses (``ValueError``, which
        :class:`StateError` is) — or that breaks it — is dropped from the store, and
        :attr:`notice` says so (``"dropped"``): a bad kept state never stops the page."""
        state = self.kept(kind)
        if state is None:
            return None
        try:
            return build(state)
        except Exception as exc:  # noqa: BLE001 - any broken kept state is dropped, never raised
            self.forget(kind)
            self.say(Notice("dropped", kind, str(exc) if isinstance(exc, ValueError) else type(exc).__name__))
            return None

    def open(self, session: _Kept) -> None:
        """Make `session` the open one of its kind (its earlier one is closed) and keep it."""
        self.sessions[session.kind] = session
        self.keep(session, at_once=True)

    # ------------------------------------------------------------------ who is learning

    def use_key(self, key: str) -> str | None:
        """The browser sent its session key: the learner it is signed in as (None: nobody
        yet), who is now the page's learner."""
        if self.key is not None and self.key != key:
            self.flush()   # held under the key before
        self.key = key
        api = _api(self.store)
        learner = None
        if api is not None:
            try:
                learner = api.learner_for_key(key)
            except _store_errors() as exc:
                self.say(Notice("unsaved", "app", str(exc)))
        if learner:
            self.learner = learner
        self.version += 1
        return learner

    def sign_in(self, name: str) -> str:
        """The learner typed `name` (already checked: PIN, name rule): the browser's key is
        signed in as it from now on; returns the name as the store keeps it."""
        self.flush()   # held under the key: moved to the name with the rest
        api = _api(self.store)
        if api is not None and self.key is not None:
            try:
                name = api.sign_in(self.key, name)
            except _store_errors() as exc:
                self.say(Notice("unsaved", "app", str(exc)))
        self.learner = name
        self.version += 1
        return name

    def sign_out(self) -> None:
        """"Not me": the browser's key signs in as nobody; the open sessions close (they
        stay kept under the learner's name)."""
        self.flush()
        api = _api(self.store)
        if api is not None and self.key is not None:
            try:
                api.sign_out(self.key)
            except _store_errors() as exc:
                self.say(Notice("unsaved", "app", str(exc)))
        self.learner = None
        self.sessions.clear()
        self.version += 1

    # ------------------------------------------------------------------ pages and language

    def show(self, page: str) -> None:
        """Page `page` is shown (one of `PAGES`); kept when it is one a reload comes back to.

        Raises:
            ValueError: an unknown page."""
        if page not in PAGES:
            raise ValueError(f"an app page is one of {', '.join(PAGES)}, not {page!r}")
        if self.page and self.page != page:
            self.previous = self.page
        changed = page != self.page
        self.page = page
        self.shown += 1
        self.version += 1
        if changed and page in RETURNABLE:
            self.keep(at_once=True)

    def set_language(self, lang: str) -> None:
        """The page speaks `lang` from now on (kept)."""
        if lang != self.language:
            self.language = lang
            self.version += 1
            self.keep(at_once=True)

    def choose(self, name: str, value: Any) -> None:
        """The learner changed the game form's `name` to `value` (kept with the page).

        Raises:
            ValueError: not a choice of the form."""
        if name not in DEFAULT_CHOICES:
            raise ValueError(f"the game form has no choice {name!r}")
        self.choices[name] = value


__all__ += ["StateError", "DEFAULT_CHOICES", "RETURNABLE", "SAVE_EVERY"]
