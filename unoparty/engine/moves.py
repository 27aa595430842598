"""Moves: what a player does (SCENARIO_FORMAT.md "Moves"). Frozen data; players are seat
numbers (0 = first name in seating order, clockwise). Text lives in `unoparty.notation`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card, Colour

__all__ = [
    "Move", "Play", "Draw", "Keep", "SpeedPlay", "CallUno", "Catch",
    "Accept", "Challenge", "PointAt", "TakeMiniPile",
]


@dataclass(frozen=True, slots=True, init=False)
class Play:
    """Play a card from hand (T-1), or add it to the mini pile (PU-4).

    Attributes:
        player: seat of the player.
        card: the card played.
        colour: the colour named for a Wild, Wild Draw Four or Wild Drawn Together (W-1);
            ``None`` for every other card and for wild cards added to a mini pile (PU-3).
        link: Wild Drawn Together only: the two seats to link (LK-1).
        call_uno: call UNO while playing the next-to-last card (U-1).
        swap_with: Seven-O only: the seat to swap hands with after a 7 (H-2).
        twice: Doubles only: play two identical cards together (H-4).
    """

    player: int
    card: Card
    colour: Colour | None = None
    link: tuple[int, int] | None = None
    call_uno: bool = False
    swap_with: int | None = None
    twice: bool = False

    def __init__(self, player: int, card: Card, colour: Colour | None = None,
                 link: tuple[int, int] | None = None, call_uno: bool = False,
                 swap_with: int | None = None, twice: bool = False) -> None:
        # Written out rather than the dataclass's `__init__` (an `object.__setattr__` per field
        # and a `__post_init__`): a caller builds a move on every turn, and this takes half
        # the time. The fields are set through their slots' descriptors (`_PLAY_SLOTS`).
        # A linked pair has no order: keep it canonical (lower seat first) so equal moves
        # compare equal. An ill-typed link is left as given: `why_illegal` refuses it naming the field.
        if link is not None and type(link) is tuple and len(link) == 2 and type(link[0]) is int \
                and type(link[1]) is int and link[0] > link[1]:
            link = (link[1], link[0])
        set_player, set_card, set_colour, set_link, set_call, set_swap, set_twice = _PLAY_SLOTS
        set_player(self, player)
        set_card(self, card)
        set_colour(self, colour)
        set_link(self, link)
        set_call(self, call_uno)
        set_swap(self, swap_with)
        set_twice(self, twice)


# The setters of Play's slots, in the order of its fields (see `Play.__init__`).
_PLAY_SLOTS: tuple[Any, ...] = tuple(Play.__dict__[f].__set__ for f in Play.__match_args__)


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card on your turn (T-3)."""

    player: int


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep the card just drawn and end the turn (T-3)."""

    player: int


@dataclass(frozen=True, slots=True)
class SpeedPlay:
    """Play an exact match of the top card, even out of turn (SP-1, SP-7).

    Attributes:
        player: seat of the player. card: the card speed-played.
        call_uno: call UNO while playing the next-to-last card (U-1).
        swap_with: Seven-O only: the seat to swap hands with after a 7 (H-2 ruling).
    """

    player: int
    card: Card
    call_uno: bool = False
    swap_with: int | None = None


@dataclass(frozen=True, slots=True)
class CallUno:
    """Call "UNO" while holding one card (U-1)."""

    player: int


@dataclass(frozen=True, slots=True)
class Catch:
    """Catch `target`, who holds one card and did not call UNO (U-2)."""

    player: int
    target: int


@dataclass(frozen=True, slots=True)
class Accept:
    """Answer a Wild Draw Four (W-3) or a stacked draw (H-1) by drawing the cards."""

    player: int


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge the Wild Draw Four just played (W-3)."""

    player: int


@dataclass(frozen=True, slots=True)
class PointAt:
    """Point at another player after a Point Taken (PT-3). Secret until all have pointed."""

    player: int
    target: int


@dataclass(frozen=True, slots=True)
class TakeMiniPile:
    """Take the whole mini pile into your hand, having no card to add (PU-6)."""

    player: int


Move = Play | Draw | Keep | SpeedPlay | CallUno | Catch | Accept | Challenge | PointAt | TakeMiniPile
