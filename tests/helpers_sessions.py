"""For the session tests: a small in-memory stand-in for the store's learner-key API
(CONTRACTS.md §1) — keys signed in as names, sessions kept per learner (or per key while it
is signed in as nobody) and moved to the name at ``sign_in`` —, so the sessions are tested
without a database; and a real store for the widget tests (:func:`store_with_sessions`)."""

from __future__ import annotations

import copy
import json
import re

KEY = re.compile(r"^[A-Za-z0-9_-]{22,64}$")


class StoreError(Exception):
    pass


class FakeSessionStore:
    def __init__(self) -> None:
        self.signed: dict[str, str | None] = {}
        self.kept: dict[tuple[str, str], dict] = {}
        self.saves = 0

    def _check(self, key: str) -> None:
        if not isinstance(key, str) or not KEY.match(key):
            raise StoreError(f"not a session key: {key!r}")

    def _owner(self, key: str) -> str:
        name = self.signed.get(key)
        return f"name:{name}" if name else f"key:{key}"

    def learner_for_key(self, key: str) -> str | None:
        self._check(key)
        return self.signed.get(key)

    def sign_in(self, key: str, name: str) -> str:
        self._check(key)
        before = self._owner(key)
        self.signed[key] = name
        after = self._owner(key)
        for (owner, kind) in list(self.kept):
            if owner == before and before != after:
                self.kept[(after, kind)] = self.kept.pop((owner, kind))
        return name

    def sign_out(self, key: str) -> None:
        self._check(key)
        self.signed[key] = None

    def save_session(self, key: str, kind: str, state: dict | None) -> None:
        self._check(key)
        self.saves += 1
        if state is None:
            self.kept.pop((self._owner(key), kind), None)
            return
        if len(json.dumps(state)) > 1_000_000:
            raise StoreError("a kept session is at most 1 MB")
        self.kept[(self._owner(key), kind)] = copy.deepcopy(state)

    def load_session(self, key: str, kind: str) -> dict | None:
        self._check(key)
        state = self.kept.get((self._owner(key), kind))
        return copy.deepcopy(state) if state is not None else None


KEY_A = "A" * 21 + "a"
KEY_B = "B" * 21 + "b"


def store_with_sessions(url: str = "sqlite://"):
    """A real SQL store (in memory by default), with the store's learner-key API."""
    from unoparty.progress import SQLStore

    return SQLStore(url)
