"""``random`` level: a uniformly random choice among the legal moves (never a deliberate
speed-play mistake: `PlayerView.legal_moves` never lists one, SP-4)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine import Move
from .base import Timing, out_of_turn_moves

if TYPE_CHECKING:
    from ..game import PlayerView

__all__ = ["RandomBot"]


@dataclass
class RandomBot:
    """Chooses uniformly among ``view.legal_moves``.

    Attributes:
        react_chance: probability of taking an out-of-turn chance (speed play, UNO call,
            catch) each time one is offered. Kept low: a table of random catchers that
            always catch makes rounds that rarely end (see `unoparty.playout`).
        timing: think delay and reaction time (seconds).
    """

    react_chance: float = 0.1
    timing: Timing = field(default_factory=lambda: Timing(think_delay=2.0, reaction_time=1.5))
    level: str = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        return rng.choice(view.legal_moves)

    def react(self, view: PlayerView, rng: random.Random) -> Move | None:
        moves = out_of_turn_moves(view)
        if not moves or rng.random() >= self.react_chance:
            return None
        return rng.choice(moves)
