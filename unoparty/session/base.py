"""The session protocol (CONTRACTS.md §2) and the clock a session schedules on.

Every session has ``kind`` (``"game"``, ``"lesson"``, ``"practice"``, ``"app"``,
``"table"``), ``version`` (bumped at every change the page must show), ``to_state()`` (a
JSON-able dict: its start and the moves or answers made) and ``from_state(state, **context)``
(replays it; raises :class:`StateError`, a ``ValueError``, on a bad state).

Time is injected: a session that schedules (a party-pace game) takes a :class:`Clock` —
the kernel's asyncio loop in the app (:func:`kernel_clock`), a hand-driven fake in tests.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable, ClassVar, Mapping, Protocol, TypeVar, runtime_checkable

__all__ = ["Session", "StateError", "Clock", "Handle", "kernel_clock", "check_state"]

S = TypeVar("S", bound="Session")


class StateError(ValueError):
    """A kept state that cannot be replayed (not a dict, another kind, a move that no
    longer applies). The app drops it with a one-line notice."""


@runtime_checkable
class Session(Protocol):
    """What every page's session offers (CONTRACTS.md §2)."""

    kind: ClassVar[str]
    version: int

    def to_state(self) -> dict[str, Any]:
        """A JSON-able dict: the session's start and the moves/answers made."""
        ...


class Handle(Protocol):
    """A scheduled call: ``cancel()`` stops it (``asyncio.TimerHandle`` is one)."""

    def cancel(self) -> None: ...


class Clock(Protocol):
    """Time and scheduling: ``time()`` in seconds, ``call_later(delay, fn, *args)``
    (``asyncio.AbstractEventLoop`` is one; tests pass a fake they advance by hand)."""

    def time(self) -> float: ...

    def call_later(self, delay: float, callback: Callable[..., object], *args: Any) -> Handle: ...


def kernel_clock() -> asyncio.AbstractEventLoop:
    """The event loop the app's timers run on: the kernel's running loop (Voila, JupyterLab),
    else the current thread's loop (a script)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.get_event_loop_policy().get_event_loop()


def check_state(state: object, kind: str, formats: tuple[int, ...] = (1,)) -> Mapping[str, Any]:
    """`state` as a mapping of `kind` in one of `formats`.

    Raises:
        StateError: not a dict, another kind, an unknown format.
    """
    if not isinstance(state, Mapping):
        raise StateError(f"a kept {kind} is a dict, not {type(state).__name__}")
    if state.get("kind", kind) != kind:
        raise StateError(f"a kept {state.get('kind')!r} is not a {kind}")
    if state.get("format", formats[0]) not in formats:
        raise StateError(f"a kept {kind} of format {state.get('format')!r} (this version reads {formats})")
    return state
