"""Deprecated: the progress store is :mod:`unoparty.progress` (issue 18). This module
re-exports its names so that ``from unoparty.store import X`` keeps working until the next
minor version, with a :class:`DeprecationWarning`."""

from __future__ import annotations

import warnings

from .progress import *  # noqa: F401,F403
from .progress import __all__ as __all__  # noqa: F401
from .progress.attempts import ATTEMPT_FORGET, ATTEMPT_MAX_WAIT, ATTEMPT_WAIT  # noqa: F401

warnings.warn("unoparty.store is deprecated; use unoparty.progress (unoparty.store goes in the next minor version)",
              DeprecationWarning, stacklevel=2)
