"""Tries of a secret (the teacher's code, a learner's PIN): the waits after wrong tries,
worked out the same way by every backend (:meth:`~unoparty.progress.protocol.Store.code_attempt`)."""

from __future__ import annotations

__all__ = ["ATTEMPT_WAIT", "ATTEMPT_MAX_WAIT", "ATTEMPT_FORGET", "next_attempt"]

ATTEMPT_WAIT = 60.0        # seconds of the first wait after too many wrong tries
ATTEMPT_MAX_WAIT = 3600.0  # the longest wait
ATTEMPT_FORGET = 3600.0    # a key with no wrong try (nor wait) for this long starts from zero


def next_attempt(rows: dict[str, tuple[int, float, float]], limits: dict[str, int], right: bool | None,
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
