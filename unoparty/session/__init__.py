"""The sessions: each page's state, widget-free (CONTRACTS.md §2)."""

from .practice import PracticeSession
from .lesson import LessonSession
from .practice import DrillSession
