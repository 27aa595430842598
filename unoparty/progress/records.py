"""The store's records and its name rule: what every backend keeps and hands back.

- :class:`LessonRecord`, :class:`RuleRecord`: one learner's tries, mistakes (and stars) per
  lesson and per rule id;
- :class:`Answer`: one answer about a rule (the Practice page's, in order) — the one answer
  record of the package, defined beside the practice logic that reads it
  (:class:`unoparty.practice.mastery.Answer`: ``right``, and ``correct`` its old name);
- :func:`normalise_name`: the rule every learner's name goes through (:data:`MAX_NAME`);
- :func:`check_key`, :func:`check_kind`, :func:`session_text`: a browser's session key, a kept
  session's kind and its state, checked (the sessions API, CONTRACTS.md §1);
- :class:`StoreError`: what every backend raises.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from ..practice.mastery import Answer

__all__ = ["StoreError", "LessonRecord", "RuleRecord", "Answer", "PracticeAnswer", "normalise_name", "hub_learner_name", "MAX_NAME",
           "SESSION_KINDS", "MAX_SESSION_BYTES", "check_key", "check_kind", "session_text"]

MAX_NAME = 40                       # characters in a learner's name
SESSION_KINDS = ("app", "game", "lesson", "practice", "table")
MAX_SESSION_BYTES = 1_000_000       # a kept session's state, as UTF-8 JSON
_KEY = re.compile(r"[A-Za-z0-9_-]{22,64}")


class StoreError(Exception):
    """The store cannot do what was asked: a bad URL, name, key or state, an unreachable
    database, a store written by a newer release."""


@dataclass(frozen=True)
class LessonRecord:
    """One learner's record for one lesson: best stars (0–3), tries (times started),
    mistakes (wrong answers, all tries together)."""

    learner: str
    lesson: str
    stars: int
    tries: int
    mistakes: int


@dataclass(frozen=True)
class RuleRecord:
    """One learner's answers about one rule id in one lesson (``lesson`` is ``""`` for
    answers outside a lesson, e.g. practice): tries (answers), mistakes (wrong ones)."""

    learner: str
    lesson: str
    rule: str
    tries: int
    mistakes: int


PracticeAnswer = Answer
"""The old name of :class:`Answer` (``unoparty.store.PracticeAnswer``)."""


def normalise_name(name: str) -> str:
    """A learner's name as the store keeps it: in Unicode's composed form (NFC: an "é"
    typed as "e" and a combining accent is the same "é"), without bidirectional control
    characters (:data:`unoparty.bidi.BIDI_CONTROLS`: an override would reverse the text
    around the name) or invisible ones (:data:`unoparty.bidi.INVISIBLE`: a zero-width
    space, joiner, word joiner, byte-order mark, soft hyphen…), its outer and doubled
    spaces removed.

    So two names that look the same are the same learner: "Ava" and "Ava" + U+200B are one
    record, never two rows shown alike on the Teacher page (issue 22). A teacher reads the
    names, so that is what they expect — and what keeps a pupil from posing as a classmate:
    typing the look-alike reaches the classmate's record, which asks for their PIN (the
    teacher's setting ``pins``). Refusing such a name instead would leave a child who pasted
    their name with a sentence about characters they cannot see. The price: scripts that
    join letters with U+200C/U+200D (Persian, some Indic ones, emoji sequences) lose them,
    which changes how a name is drawn, not which learner it is.

    Raises:
        StoreError: the name is empty or longer than :data:`MAX_NAME` characters (after
        the removals).
    """
    import unicodedata

    from ..bidi import without_invisible
    text = " ".join(without_invisible(unicodedata.normalize("NFC", str(name or ""))).split())
    if not text:
        raise StoreError("a learner's name cannot be empty")
    if len(text) > MAX_NAME:
        raise StoreError(f"a learner's name has at most {MAX_NAME} characters")
    return text


def hub_learner_name(user: str) -> str | None:
    """The learner's name of the JupyterHub user `user`: `user` itself when the store
    keeps it as it is (:func:`normalise_name` changes nothing), else None — the hub's
    user is not a learner of the store. A hub name with an invisible or direction
    character (``"ben"`` + U+202E, which the hub keeps as a user of its own) would
    otherwise be normalised to a classmate's name and reach their record (issue 22)."""
    try:
        return user if normalise_name(user) == user else None
    except StoreError:
        return None


def check_key(key: object) -> str:
    """A browser's session key, checked: 22 to 64 characters of ``A–Z a–z 0–9 _ -``.

    Raises:
        StoreError: anything else.
    """
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise StoreError("a session key is 22 to 64 characters among A-Z, a-z, 0-9, '_' and '-'")
    return key


def check_kind(kind: object) -> str:
    """A kept session's kind, checked (one of :data:`SESSION_KINDS`).

    Raises:
        StoreError: anything else.
    """
    if kind not in SESSION_KINDS:
        raise StoreError(f"a kept session's kind is one of {', '.join(SESSION_KINDS)}, not {kind!r}")
    return str(kind)


def session_text(state: object) -> str:
    """A session's state as the JSON text the store keeps.

    Raises:
        StoreError: the state is not a dict, is not JSON-serialisable, or is above
            :data:`MAX_SESSION_BYTES` (1 MB) as UTF-8 JSON.
    """
    if not isinstance(state, dict):
        raise StoreError(f"a session's state is a dict, not {type(state).__name__}")
    try:
        text = json.dumps(state, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as e:
        raise StoreError(f"a session's state must be JSON: {e}") from e
    if len(text.encode("utf-8")) > MAX_SESSION_BYTES:
        raise StoreError(f"a session's state is at most {MAX_SESSION_BYTES} bytes of JSON")
    return text


def session_state(text: str) -> dict[str, Any] | None:
    """The state kept as `text` (:func:`session_text`); None if it is broken."""
    try:
        state = json.loads(text)
    except ValueError:
        return None
    return state if isinstance(state, dict) else None
