"""Who is learning, as the landing page asks it, without widgets: the name typed, the PIN
asked for (the teacher's setting ``pins``), the tries of a PIN counted per page and per
learner (:mod:`unoparty.access`). ``views/learner.py`` draws it and words its verdicts
(:class:`SignInVerdict`, data).
"""

from __future__ import annotations

import os
from typing import Literal, NamedTuple

from .. import access
from ..progress import Store, StoreError, normalise_name

__all__ = ["SignInSession", "SignInVerdict", "hub_learner"]


def hub_learner() -> str | None:
    """The learner JupyterHub signed in (``JUPYTERHUB_USER``, normalised as the store keeps
    names), or None outside JupyterHub — and for a hub name the store cannot keep (then the
    learner types one, as on any server)."""
    name = os.environ.get("JUPYTERHUB_USER", "").strip()
    if not name:
        return None
    try:
        return normalise_name(name)
    except StoreError:
        return None


class SignInVerdict(NamedTuple):
    """What became of a name or a PIN typed: `what` ``"taken"`` (`name` is now the
    learner), ``"bad-name"`` (not a name the store keeps), ``"ask-pin"`` (`name` must give
    its PIN; `new`: choose one), ``"bad-pin"`` (not 4 to 6 digits), ``"pins-differ"`` (a
    new PIN typed twice differently), ``"wrong-pin"``, ``"wait"`` (`wait` seconds before
    the next try counts), ``"error"`` (the store refused: `detail`), ``"nothing"`` (no
    PIN is asked for)."""

    what: Literal["taken", "bad-name", "ask-pin", "bad-pin", "pins-differ", "wrong-pin", "wait", "error",
                  "nothing"]
    name: str = ""
    new: bool = False
    wait: float = 0.0
    detail: str = ""


class SignInSession:
    """The landing page's "who is learning".

    Args:
        store: the progress store (None: names are taken as typed, nothing is kept).
        current: who is learning already. fixed: the name is given (JupyterHub's user).
        page_key: names this page's own count of wrong PINs (default: a new one; a notebook
            kernel gives one key to all its pages, so a new cell starts with the old count).

    Attributes:
        current: the learner's name, or None. fixed. waiting: the name whose PIN is asked
            for, or None. new_pin: that PIN is a new one (typed twice). version.
    """

    def __init__(self, store: Store | None = None, *, current: str | None = None, fixed: bool = False,
                 page_key: str | None = None) -> None:
        self.store = store
        self.current = current
        self.fixed = fixed
        self.waiting: str | None = None
        self.new_pin = False
        self._page_limit = "pin:page:" + (page_key or access.new_page_key())
        self.version = 0

    def class_setting(self, key: str) -> bool:
        """The teacher's class setting `key` is on (False without a store or if it fails)."""
        try:
            return self.store is not None and self.store.class_setting(key) == "1"
        except StoreError:
            return False

    def offers_names(self) -> bool:
        """The name field offers the names the store knows: a store of one browser, or the
        teacher's setting ``list-names`` (never a given name's)."""
        if self.store is None or self.fixed:
            return False
        return bool(getattr(self.store, "keeps_last_learner", False)) or self.class_setting("list-names")

    def asks_pins(self) -> bool:
        """The teacher's setting ``pins`` (never for a store of one browser)."""
        return not getattr(self.store, "keeps_last_learner", False) and self.class_setting("pins")

    def names(self) -> list[str]:
        """The names the field offers (none unless :meth:`offers_names`).

        Raises:
            StoreError: the store cannot be read."""
        if self.store is None or not self.offers_names():
            return []
        return self.store.learners()

    def pick(self, text: str) -> SignInVerdict:
        """Take `text` as the learner's name: the name as the class already knows it (the
        same letters in other capitals is the same learner), or the PIN asked for. A given
        name (:attr:`fixed`: JupyterHub's user) is never replaced: ``"nothing"`` — the page
        has no field for it, but a page can still send its hidden field a classmate's name
        (issue 22, deploy/hub_attack_trial.py)."""
        if self.fixed:
            return SignInVerdict("nothing", self.current or "")
        try:
            name = normalise_name(text)
        except StoreError:
            return SignInVerdict("bad-name")
        if self.store is not None:
            try:
                known = [n for n in self.store.learners() if n.casefold() == name.casefold()]
                name = known[0] if known else name
                if self.asks_pins():
                    has_pin = bool(known and self.store.setting(name, access.PIN_KEY))
                    self.waiting, self.new_pin = name, not has_pin
                    self.version += 1
                    return SignInVerdict("ask-pin", name, new=not has_pin)
                self.store.add_learner(name)
            except StoreError as e:
                return SignInVerdict("error", detail=str(e))
        return self._take(name)

    def check_pin(self, pin: str, again: str = "") -> SignInVerdict:
        """The PIN typed for the name waiting: a new one is kept (4 to 6 digits, typed
        twice the same), a known one compared — tries limited per page and per learner
        (:func:`unoparty.access.try_secret`)."""
        name = self.waiting
        if name is None or self.store is None:
            return SignInVerdict("nothing")
        try:
            if self.new_pin:
                if not access.valid_pin(pin):
                    return SignInVerdict("bad-pin", name)
                if str(pin).strip() != str(again).strip():
                    return SignInVerdict("pins-differ", name)
                self.store.set_setting(name, access.PIN_KEY, access.hash_pin(pin))
            else:
                stored = self.store.setting(name, access.PIN_KEY) or ""
                limits = {"pin:" + name.casefold(): access.SERVER_LIMIT, self._page_limit: access.PAGE_LIMIT}
                verdict: list[bool] = []   # the hash is worked out only for a try that counts

                def compare() -> bool:
                    verdict.append(access.pin_matches(pin, stored))
                    return verdict[0]

                wait = access.try_secret(self.store, limits, compare, f"the PIN of {name}")
                if wait > 0:
                    return SignInVerdict("wait", name, wait=wait)
                if not verdict or not verdict[0]:
                    return SignInVerdict("wrong-pin", name)
            self.store.add_learner(name)
        except StoreError as e:
            return SignInVerdict("error", name, detail=str(e))
        return self._take(name)

    def _take(self, name: str) -> SignInVerdict:
        self.waiting = None
        self.current = name
        self.version += 1
        return SignInVerdict("taken", name)

    def signed_in(self, name: str) -> None:
        """The browser is signed in as `name` already (its key): they are learning, and
        their PIN is no longer asked for."""
        if self.waiting is not None and self.waiting.casefold() == name.casefold():
            self.waiting = None
        self.current = name
        self.version += 1

    def forget(self) -> None:
        """Nobody is learning ("Not me"); no PIN is asked for."""
        self.current = None
        self.waiting = None
        self.version += 1
