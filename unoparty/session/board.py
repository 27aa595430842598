"""What one learner's board holds besides its widgets (issue 18): the move being put
together through the pickers — the candidate moves waiting for a pick, which picker is open,
the first seat of a link, UNO armed for the next play —, the count 3-2-1 shown after a Point
Taken, and the move kinds a lesson's task shows. ``views/board.py`` draws it; no widgets
here, so it is tested without ipywidgets.
"""

from __future__ import annotations

from typing import Any, Literal

__all__ = ["BoardSession", "PICKERS"]

PICKERS = ("", "colour", "catch", "link", "swap", "point", "choice")
"""The pickers the board opens ("": none)."""

Picker = Literal["", "colour", "catch", "link", "swap", "point", "choice"]


class BoardSession:
    """The board's half-built move and what it shows besides the game.

    Args:
        free: a lesson's board — every card and button may be tried, the lesson's runner
            judges (a game's board offers only the legal moves).

    Attributes:
        free. pending: the candidate moves waiting for a pick (engine moves). kind: the
        picker open (one of `PICKERS`). link_first: a link's first seat picked, or None.
        uno_armed: UNO is called with the next card played. countdown: the count 3-2-1
        shown (None: none). countdown_of: the pointing moment the count belongs to (the
        game session's ``version_pointing()``), None when no count runs. shown_moves: the
        move kinds a lesson's task needs (their buttons shown). version: bumped at every
        change.
    """

    def __init__(self, *, free: bool = False) -> None:
        self.free = free
        self.pending: list[Any] = []
        self.kind: Picker = ""
        self.link_first: int | None = None
        self.uno_armed = False
        self.countdown: int | None = None
        self.countdown_of: int | None = None
        self.shown_moves: set[type] = set()
        self.version = 0

    def open(self, kind: Picker, pending: list[Any] | None = None) -> None:
        """Picker `kind` is open, with `pending` its candidate moves (None: those kept).

        Raises:
            ValueError: not a picker of `PICKERS`."""
        if kind not in PICKERS:
            raise ValueError(f"a board's picker is one of {PICKERS}, not {kind!r}")
        self.kind = kind
        if pending is not None:
            self.pending = list(pending)
        self.version += 1

    def close(self) -> None:
        """No picker is open; the link's first seat is forgotten (the candidates stay until
        the next pick replaces them)."""
        self.kind = ""
        self.link_first = None
        self.version += 1

    def arm_uno(self, armed: bool) -> None:
        """UNO is called (or no longer) with the next card played."""
        self.uno_armed = armed
        self.version += 1
