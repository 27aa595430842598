"""Sessions: every page's state without widgets (issue 18, docs/ARCHITECTURE.md).

A session holds what a page shows and takes the learner's actions as methods returning data
(events, moves, verdicts — never widgets or worded HTML); ``views/`` only renders it. A
session is kept in the store as its start plus the moves made (:meth:`Session.to_state`)
and replayed from there (:meth:`Session.from_state`): a reload, a new tab or a restarted
server brings the learner back to the same table. A language switch is new widgets on the
same sessions.

Layers: a session imports the game, the bots and the store's records, never ``views`` or
ipywidgets.
"""

from __future__ import annotations

from .base import Clock, Handle, Session, StateError, kernel_clock
from .game import LEARNING, PARTY, GameSession, GameStart, make_bots
from .app import AppSession

__all__ = ["Session", "StateError", "Clock", "Handle", "kernel_clock", "GameSession", "GameStart",
           "make_bots", "LEARNING", "PARTY", "AppSession"]
from .practice import PracticeSession
from .lesson import LessonSession
from .practice import DrillSession
