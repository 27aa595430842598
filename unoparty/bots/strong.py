"""placeholder"""
from __future__ import annotations
from dataclasses import dataclass, field
from .base import Timing
from .basic import BasicBot

__all__ = ["StrongBot", "determinize"]


@dataclass
class StrongBot(BasicBot):
    forget_uno: float = 0.0
    timing: Timing = field(default_factory=lambda: Timing(think_delay=1.0, reaction_time=0.6))
    level: str = "strong"


def determinize(view, rng):
    raise NotImplementedError
