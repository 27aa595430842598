"""Bots: players that see only what a player at the table sees (DESIGN.md).

>>> from unoparty.game import Game
>>> import random
>>> g = Game(["Ava", "Ben", "Cy"], seed=3)
>>> bot = make_bot("basic")
>>> move = bot.choose(g.view_for(g.current), random.Random(0))
>>> g.why_illegal(move) is None
True

Levels (`LEVELS`): ``random``, ``basic``, ``strong``. `make_bot(level)` builds one;
`hint(game, player)` suggests a move with a one-sentence reason for a learner; the bots give
their reasons as data (`advice`, `Reason`) and the hint words them (`reason_words`).
"""

from __future__ import annotations

from typing import Any

from .base import Bot, Timing, unseen_cards
from .basic import BasicBot
from .random_bot import RandomBot
from .strong import StrongBot, determinize
from .hints import advice, hint, reason_words
from .reasons import Reason, Why

__all__ = ["Bot", "Timing", "RandomBot", "BasicBot", "StrongBot", "LEVELS", "make_bot", "hint",
           "advice", "reason_words", "Reason", "Why", "determinize", "unseen_cards"]

LEVELS = ("random", "basic", "strong")
"""The bot levels, weakest first."""


def make_bot(level: str, **settings: Any) -> Bot:
    """A bot of `level` (``"random"``, ``"basic"``, ``"strong"``) with optional settings
    (e.g. ``forget_uno=0.2``, ``timing=Timing(1.0, 0.5)``, ``playouts=60``).

    Raises:
        ValueError: an unknown level or setting.
    """
    classes: dict[str, type[Bot]] = {"random": RandomBot, "basic": BasicBot, "strong": StrongBot}
    if level not in classes:
        raise ValueError(f"unknown bot {level!r}: use one of {', '.join(LEVELS)}")
    try:
        return classes[level](**settings)
    except TypeError as e:
        raise ValueError(f"bad setting for a {level} bot: {e}") from None
