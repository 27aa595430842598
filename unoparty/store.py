"""Deprecated: the progress store is :mod:`unoparty.progress` (issue 18). This module hands
out its names so that ``from unoparty.store import X`` keeps working until the next minor
version, each use with a :class:`DeprecationWarning` ("unoparty.store is deprecated; use
unoparty.progress")."""

from __future__ import annotations

import warnings
from typing import Any

from . import progress

__all__ = list(progress.__all__)
_NAMES = frozenset(__all__)

MESSAGE = "unoparty.store is deprecated; use unoparty.progress (unoparty.store goes in the next minor version)"


def __getattr__(name: str) -> Any:
    """A name of :mod:`unoparty.progress`, with a :class:`DeprecationWarning`."""
    if name in _NAMES:
        warnings.warn(MESSAGE, DeprecationWarning, stacklevel=2)
        return getattr(progress, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _NAMES)
