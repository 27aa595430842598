"""Secrets of a class server: the teacher's code and the learners' PINs.

Every try of a secret is compared in constant time (:func:`same_secret`: the SHA-256
digests of both, so neither the content nor the length leaks through timing) and counted
in the progress store (:meth:`unoparty.progress.Store.code_attempt`), under several keys at
once — the page that tries and the whole server (the teacher's code), or the page and the
learner (a PIN) — so that a new page, or a new kernel, starts with the count of the
others. After too many wrong tries a key waits (60 s, then twice as long after each
further wrong try, at most an hour); while it waits no try is compared at all.

Each refused try and each wait is written to the server's log (:func:`server_log`: the
logger ``unoparty.access``, on the standard error the Jupyter server started the kernel
with — the terminal or the log file of ``unoparty app`` — never on the page).

A PIN is 4 to 6 digits (:func:`valid_pin`), kept only as a salted PBKDF2 hash
(:func:`hash_pin`, :func:`pin_matches`) in the learner's settings (key ``"pin"``).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import re
import secrets
import sys
import time
import uuid
from collections.abc import Callable

from .progress import Store

__all__ = ["PAGE_LIMIT", "SERVER_LIMIT", "PIN_KEY", "same_secret", "try_secret", "new_page_key",
           "hash_pin", "pin_matches", "valid_pin", "server_log", "wait_text", "projector_key", "projector_key_ok"]

PAGE_LIMIT = 5      # wrong tries from one page before it waits
SERVER_LIMIT = 10   # wrong tries of one secret (the teacher's code, one learner's PIN) from every page
PIN_KEY = "pin"     # the learner's setting that holds their PIN's hash
_PIN = re.compile(r"[0-9]{4,6}")
_ROUNDS = 60_000
clock = time.time   # seconds since the epoch, for the waits (tests replace it)


class _StderrHandler(logging.Handler):
    """Writes to the server's log: in a kernel, ``sys.stderr`` and descriptor 2 both go to
    the page (ipykernel forwards them), but ``sys.stderr.fileno()`` is ipykernel's copy of
    the descriptor the server started the kernel with; elsewhere it is descriptor 2."""

    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(logging.Formatter("[%(levelname)s %(asctime)s %(name)s] %(message)s"))

    @staticmethod
    def _fd() -> int:
        for stream in (sys.stderr, sys.__stderr__):
            if stream is None:
                continue
            try:
                return stream.fileno()
            except (AttributeError, OSError, ValueError):
                continue
        return -1

    def emit(self, record: logging.LogRecord) -> None:
        fd = self._fd()
        if fd < 0:
            return
        try:
            os.write(fd, (self.format(record) + "\n").encode("utf-8", "replace"))
        except OSError:
            pass


def server_log(name: str = "unoparty.access") -> logging.Logger:
    """The logger `name`, writing to the server's log (set up once per process)."""
    log = logging.getLogger(name)
    if not any(isinstance(h, _StderrHandler) for h in log.handlers):
        log.addHandler(_StderrHandler())
        log.setLevel(logging.INFO)
        log.propagate = False
    return log


def same_secret(given: str, expected: str) -> bool:
    """True if `given` (spaces around it removed) is `expected`, in constant time."""
    a = hashlib.sha256(str(given or "").strip().encode("utf-8")).digest()
    b = hashlib.sha256(str(expected or "").encode("utf-8")).digest()
    return hmac.compare_digest(a, b) and bool(expected)


def projector_key(table: str, code: str | None = None) -> str:
    """The key of table `table`'s teacher's projector view (``?table=CODE&view=projector&key=…``,
    linked from the Teacher page's *Live tables*): 20 hex digits of an HMAC-SHA256 of the table's
    code under the teacher's code `code` (default ``UNOPARTY_TEACHER_CODE``), so only a page
    that was given the teacher's code can make it, and it names one table. ``""`` when no
    teacher's code is set (a server with no teacher: every projector view may act)."""
    secret = (os.environ.get("UNOPARTY_TEACHER_CODE", "") if code is None else code).strip()
    if not secret:
        return ""
    return hmac.new(secret.encode("utf-8"), b"projector:" + str(table).strip().upper().encode("utf-8"),
                    hashlib.sha256).hexdigest()[:20]


def projector_key_ok(table: str, key: str | None, code: str | None = None) -> bool:
    """True if `key` is table `table`'s projector key (:func:`projector_key`, compared in
    constant time), or no teacher's code is set."""
    expected = projector_key(table, code)
    return not expected or hmac.compare_digest(str(key or "").strip().encode("utf-8"), expected.encode("utf-8"))


def new_page_key() -> str:
    """A key for one page's tries (random: a page cannot choose it)."""
    return uuid.uuid4().hex


_waiting: dict[tuple[str, ...], float] = {}
"""The keys of tries this kernel was told to wait for → until when (seconds, :data:`clock`)."""


def try_secret(store: Store, limits: dict[str, int], right: bool | Callable[[], bool], what: str) -> float:
    """Count one try of a secret (:meth:`~unoparty.progress.Store.code_attempt`) and log a
    refused one; `what` names it in the log (``"the teacher's code"``). `right` may be a
    function (a PIN's hash): it is called only when the try will count. Once the store says
    to wait, this kernel refuses the same keys' tries itself until then: no store
    transaction, no log line for each of them.

    Returns:
        0.0 when the try counted (then `right` decides), else the seconds still to wait.

    Raises:
        unoparty.progress.StoreError: the store cannot count the try (then nothing opens).
    """
    mark = tuple(sorted(limits))
    waits_until = _waiting.get(mark, 0.0)
    if clock() < waits_until:
        # told to wait already: refused here, without the store or the log (a page that
        # pipelines 10,000 tries made 10,000 store transactions and log lines: issue 22's trial)
        return waits_until - clock()
    wait = 0.0
    if callable(right):
        wait = store.code_attempt(limits, None, now=clock())   # only how long it waits
        right = wait <= 0 and bool(right())
    if wait <= 0:
        wait = store.code_attempt(limits, right, now=clock())
    log = server_log()
    if wait > 0:
        _waiting[mark] = clock() + wait
        log.warning("a try of %s refused without comparing it: %.0f s still to wait (%s); "
                    "this kernel refuses the next ones unlogged until then", what, wait, ", ".join(limits))
    elif not right:
        log.warning("a wrong try of %s (%s)", what, ", ".join(limits))
    return wait


def wait_text(seconds: float) -> str:
    """ "Too many wrong tries. Try again in N minutes." (minutes rounded up), in the
    current language."""
    from .i18n import ngettext
    minutes = max(1, int(-(-seconds // 60)))
    return ngettext("Too many wrong tries. Try again in {n} minute.",
                    "Too many wrong tries. Try again in {n} minutes.", minutes).format(n=minutes)


def valid_pin(text: str) -> bool:
    """True for 4 to 6 digits (0–9)."""
    return bool(_PIN.fullmatch(str(text or "").strip()))


def hash_pin(pin: str) -> str:
    """``"pbkdf2$ROUNDS$SALT$HASH"`` of a PIN (hex salt and hash).

    Raises:
        ValueError: `pin` is not 4 to 6 digits.
    """
    pin = str(pin or "").strip()
    if not valid_pin(pin):
        raise ValueError("a PIN is 4 to 6 digits")
    salt = secrets.token_hex(16)
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode(), bytes.fromhex(salt), _ROUNDS).hex()
    return f"pbkdf2${_ROUNDS}${salt}${digest}"


def pin_matches(pin: str, stored: str) -> bool:
    """True if `pin` is the PIN whose hash is `stored` (:func:`hash_pin`); False for a
    broken or empty `stored`."""
    try:
        kind, rounds, salt, digest = str(stored or "").split("$")
        if kind != "pbkdf2":
            return False
        mine = hashlib.pbkdf2_hmac("sha256", str(pin or "").strip().encode(), bytes.fromhex(salt), int(rounds))
    except ValueError:
        return False
    return hmac.compare_digest(mine.hex(), digest)
