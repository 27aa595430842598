"""The teacher's page without widgets: the lock (the teacher's code, its tries counted per
page and per server), whether the class is open, and the step that asks for the code again
before a learner's records are reset or deleted (issue 18: ``views/teacher.py`` only draws
it). Verdicts are data (:class:`CodeVerdict`); the page words them.
"""

from __future__ import annotations

from typing import Callable, Literal, NamedTuple

from .. import access
from ..progress import Store, StoreError

__all__ = ["TeacherSession", "CodeVerdict", "ACTIONS"]

ACTIONS = ("reset", "delete", "pin")
"""What the teacher may do to a learner's records (each asks for the code again)."""


class CodeVerdict(NamedTuple):
    """A try of the teacher's code: `what` ``"right"``, ``"wrong"``, ``"wait"`` (`wait`
    seconds before the next try counts), ``"no-code"`` (the server sets none) or
    ``"error"`` (the store refused: `detail`)."""

    what: Literal["right", "wrong", "wait", "no-code", "error"]
    wait: float = 0.0
    detail: str = ""


class TeacherSession:
    """The lock and the pending action of one teacher's page (not kept in the store: a
    reload asks for the code again).

    Args:
        store: the progress store, or None (then `opener()` opens it when first needed).
        code: the code to compare with ("" : none set, the page stays locked).
        page_key: names the page's own count of wrong tries (default: a new one; the app
            passes its own so that a page built again in another language keeps the count).
        opener: opens the store when `store` is None (``progress.open_store``).

    Attributes:
        is_open: the code was given. pending: ``(action, learner)`` waiting for the code
            again (an action of `ACTIONS`), or None. limits: the counts of tries
            (:func:`unoparty.access.try_secret`). version: bumped at every change.
        just_tried: the code field's value was just tried (sent on Enter or when the focus
            left the field): the "Open the class" click that follows tries nothing again
            (:meth:`click_tries`).
    """

    def __init__(self, store: Store | None = None, *, code: str = "", page_key: str | None = None,
                 opener: Callable[[], Store] | None = None) -> None:
        self._store = store
        self._opener = opener
        self.code = code.strip()
        self.is_open = False
        self.pending: tuple[str, str] | None = None
        self.limits = {"teacher": access.SERVER_LIMIT,
                       "teacher:page:" + (page_key or access.new_page_key()): access.PAGE_LIMIT}
        self.version = 0
        self.just_tried = False

    def code_sent(self, code: str) -> bool:
        """The code field sent `code` (Enter, or the focus left the field): True if it is to be
        tried now (:meth:`unlock`) — not when it is empty or the class is open."""
        if not code or self.is_open:
            return False
        self.just_tried = True
        return True

    def click_tries(self, field: str) -> bool:
        """"Open the class" was clicked with `field` in the code field: True if that is a try,
        False when the field's value was just tried (the focus left the field for the button,
        the field was emptied): one typed code is one try."""
        tried, self.just_tried = self.just_tried, False
        return not (tried and not field)

    @property
    def store(self) -> Store:
        """The store (opened when first needed).

        Raises:
            StoreError: no store given and none can be opened."""
        if self._store is None:
            if self._opener is None:
                raise StoreError("the teacher's page has no store")
            self._store = self._opener()
        return self._store

    def try_code(self, code: str) -> CodeVerdict:
        """Whether `code` is the teacher's code and this page and server may try it now;
        a wrong try is counted (:func:`unoparty.access.try_secret`)."""
        if not self.code:
            return CodeVerdict("no-code")
        right = access.same_secret(code, self.code)
        try:
            wait = access.try_secret(self.store, self.limits, right, "the teacher's code")
        except StoreError as e:
            return CodeVerdict("error", detail=str(e))
        if wait > 0:
            return CodeVerdict("wait", wait=wait)
        return CodeVerdict("right" if right else "wrong")

    def unlock(self, code: str) -> CodeVerdict:
        """Open the class if `code` is right (see :meth:`try_code`)."""
        verdict = self.try_code(code)
        if verdict.what == "right":
            self.is_open = True
            self.version += 1
        return verdict

    def lock(self) -> None:
        """Close the class (the code is asked for again)."""
        self.is_open = False
        self.pending = None
        self.version += 1

    def ask(self, action: str, learner: str) -> None:
        """`action` (one of `ACTIONS`) on `learner`'s records waits for the code again.

        Raises:
            ValueError: an unknown action."""
        if action not in ACTIONS:
            raise ValueError(f"a teacher's action is one of {', '.join(ACTIONS)}, not {action!r}")
        if self.is_open:
            self.pending = (action, learner)
            self.version += 1

    def cancel(self) -> None:
        """Nothing waits for the code any more."""
        self.pending = None
        self.version += 1

    def confirm(self, code: str) -> tuple[CodeVerdict, tuple[str, str] | None]:
        """The code typed again: if right, do the pending action (reset the learner's
        records, delete them, or reset their PIN) and return it; else the verdict and None
        (the action still waits).

        Raises:
            StoreError: the store refused the action."""
        pending = self.pending
        if pending is None or not self.is_open:
            return CodeVerdict("wrong"), None
        verdict = self.try_code(code)
        if verdict.what != "right":
            return verdict, None
        action, name = pending
        if action == "reset":
            self.store.reset_learner(name)
        elif action == "pin":
            self.store.set_setting(name, access.PIN_KEY, "")
        else:
            self.store.delete_learner(name)
        self.pending = None
        self.version += 1
        return verdict, pending

    def set_class(self, key: str, on: bool) -> bool:
        """The class setting `key` on or off (only while the class is open); True if it
        changed (a checkbox set to what the store already holds writes nothing)."""
        if not self.is_open:
            return False
        if (self.store.class_setting(key) == "1") == on:
            return False
        self.store.set_class_setting(key, "1" if on else None)
        self.version += 1
        return True
