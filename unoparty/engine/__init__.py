"""The rules engine: state, moves, events, legal moves, `why_illegal` and one function per
card effect. No randomness of its own (an `rng` is passed in), no I/O, no widgets."""

from .events import Event, EventKind
from .moves import (Accept, CallUno, Catch, Challenge, Draw, Keep, Move, Play, PointAt, SpeedPlay,
                    TakeMiniPile)
from .refusals import (Refusal, RefusalReason, fits_mini_pile, is_mistake, matches, speed_matches, wd4_legal,
                       why_illegal)
from .state import Phase, State

__all__ = [
    "Event", "EventKind", "Accept", "CallUno", "Catch", "Challenge", "Draw", "Keep", "Move", "Play",
    "PointAt", "SpeedPlay", "TakeMiniPile", "Refusal", "RefusalReason", "why_illegal", "is_mistake", "matches",
    "speed_matches", "wd4_legal", "fits_mini_pile", "Phase", "State",
]
