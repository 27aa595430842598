"""The Speed Play drill: cards flip; jump in when one is the very same as a card you hold.

Each flip turns up a new top card (number cards only: SP-1 needs a number card). A jump —
a speed play of one of your cards — is judged by the engine on a two-seat table: an exact
match is played (your reaction time is kept); a card that does not match is a mistake and
costs what it costs in the game, one penalty card (SP-4). If you wait longer than the bot's
reaction time on a flip you could have matched, the bot jumps first and the chance is gone
(SP-3). The clock is passed in, so tests replace it.

>>> clock = iter([0.0, 0.4]).__next__
>>> d = SpeedDrill(seed=1, clock=clock, hand_size=5, match_rate=1.0)
>>> top = d.flip()
>>> d.jump(d.matching_card()).outcome
'hit'
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable

from ..cards import Card, Colour, Kind

__all__ = ["SpeedDrill", "Jump", "BOT_REACTION"]

BOT_REACTION = {"random": 1.6, "basic": 0.9, "strong": 0.6}
"""Seconds a bot of each level takes to jump in (the bots' reaction times)."""

_COLOURS = (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE)


def _number(colour: Colour, n: int) -> Card:
    return Card.parse(f"{colour.name.lower()} {n}")


@dataclass(frozen=True, slots=True)
class Jump:
    """One jump: ``outcome`` is ``"hit"`` (played in time), ``"late"`` (a bot was faster),
    ``"mistake"`` (no match: a penalty card, SP-4); ``seconds`` since the flip; ``rule``."""

    card: Card
    outcome: str
    seconds: float
    rule: str


@dataclass
class SpeedDrill:
    """A drill of seeded flips against a bot's reaction time.

    Attributes:
        hand: your cards. top: the card turned up last (``None`` before the first flip).
        reactions: seconds of every jump in time (kept for the session). jumps: every jump.
        missed: flips you could have matched but a bot took.
    """

    seed: int = 0
    clock: Callable[[], float] = time.monotonic
    bot_reaction: float = BOT_REACTION["basic"]
    hand_size: int = 5
    match_rate: float = 0.35
    hand: list[Card] = field(default_factory=list)
    top: Card | None = None
    reactions: list[float] = field(default_factory=list)
    jumps: list[Jump] = field(default_factory=list)
    missed: int = 0

    def __post_init__(self) -> None:
        self.rng = random.Random(f"speed-drill-{self.seed}")
        if not self.hand:
            self.hand = [self._random_card() for _ in range(self.hand_size)]
        self._flipped_at = 0.0
        self._taken = False  # the chance on this flip is gone (played, or a bot was faster)

    def _random_card(self) -> Card:
        return _number(self.rng.choice(_COLOURS), self.rng.randrange(10))

    def flip(self) -> Card:
        """Turn up the next card; returns it. A chance left unused on the previous flip
        counts as missed."""
        if self.top is not None and not self._taken and self.matching_card() is not None:
            self.missed += 1
        if self.hand and self.rng.random() < self.match_rate:
            self.top = self.rng.choice(self.hand)
        else:
            self.top = self._random_card()
        self._flipped_at = self.clock()
        self._taken = False
        return self.top

    def matching_card(self) -> Card | None:
        """A card of yours that is the very same as the top card, or None."""
        if self.top is None or self._taken:
            return None
        return self.top if self.top in self.hand else None

    def jump(self, card: Card) -> Jump:
        """Speed play `card` now, judged by the engine (SP-1, SP-4).

        Raises:
            ValueError: `card` is not in your hand, or nothing has been turned up yet.
        """
        if self.top is None:
            raise ValueError("no card has been turned up yet")
        if card not in self.hand:
            raise ValueError(f"you hold no {card}")
        seconds = max(0.0, self.clock() - self._flipped_at)
        rule, ok = _judge(self.top, card, self.hand)
        if not ok:
            outcome = "mistake"
            self.hand.append(self._random_card())  # the penalty card (SP-4)
        elif self._taken or seconds >= self.bot_reaction:
            outcome, rule = "late", "SP-3"
            self._taken = True
        else:
            outcome = "hit"
            self.hand.remove(card)
            self.reactions.append(seconds)
            self._taken = True
        j = Jump(card, outcome, seconds, rule)
        self.jumps.append(j)
        return j

    @property
    def best(self) -> float | None:
        return min(self.reactions) if self.reactions else None

    @property
    def average(self) -> float | None:
        return sum(self.reactions) / len(self.reactions) if self.reactions else None


def _judge(top: Card, card: Card, hand: Iterable[Card]) -> tuple[str, bool]:
    """(rule, allowed) for a speed play of `card` on `top`, asked of the engine on a table
    where a bot is to play: SP-1 for an exact match, SP-4 for a mistake."""
    from ..engine.moves import SpeedPlay
    from ..game import Game
    rest = [c for c in hand if c != card][:3] or [_number(Colour.BLUE, 0)]
    bottom = _number(Colour.GREEN if top.colour is not Colour.GREEN else Colour.RED, 5)
    game = Game.from_setup(["You", "Bot"], {"You": [card, *rest], "Bot": [bottom, _number(Colour.YELLOW, 1)]},
                           "Bot", [bottom, top], rest="shuffled", seed=0)
    move = SpeedPlay(0, card)
    refusal = game.why_illegal(move)
    if refusal is not None:
        return refusal.rule, False
    if game.is_mistake(move):
        return "SP-4", False
    return "SP-1", True


assert int(Kind.NUMBER) == 0  # the drill turns up number cards only (SP-1)
