"""Moves: what a player does (SCENARIO_FORMAT.md "Moves"). Frozen data; players are seat
numbers (0 = first name in seating order, clockwise). Text lives in `unoparty.notation`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card, Colour
from .shared import (CATCH_INDEX, POINT_INDEX,
                     shared_one as _shared_one, shared_play as _shared_play, shared_two as _shared_two)

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

    def __new__(cls, player: int, card: Card, colour: Colour | None = None,
                link: tuple[int, int] | None = None, call_uno: bool = False,
                swap_with: int | None = None, twice: bool = False) -> "Play":
        # A linked pair has no order: keep it canonical (lower seat first) so equal moves
        # compare equal. An ill-typed link is left as given: `why_illegal` refuses it naming the field.
        if link is not None and type(link) is tuple and len(link) == 2 and type(link[0]) is int \
                and type(link[1]) is int and link[0] > link[1]:
            link = (link[1], link[0])
        # A value `legal_moves` has listed is its shared object (`engine.shared`): the caller's
        # ``Play(0, card)`` is that object, found by `Game.apply` at once (moves are frozen
        # values). Only when every field is the very same object: ``True`` equals ``1`` but a
        # move with ``call_uno=1`` must reach `why_illegal`'s type checks.
        if cls is Play:
            c = _shared_play(player, card, colour, link, call_uno, swap_with, twice)
            if c is not None:
                return c  # type: ignore[no-any-return]
        self = object.__new__(cls)
        # The fields are set through their slots' descriptors (`_PLAY_SLOTS`): the dataclass's
        # `__init__` (an `object.__setattr__` per field and a `__post_init__`) takes twice the time.
        set_player, set_card, set_colour, set_link, set_call, set_swap, set_twice = _PLAY_SLOTS
        set_player(self, player)
        set_card(self, card)
        set_colour(self, colour)
        set_link(self, link)
        set_call(self, call_uno)
        set_swap(self, swap_with)
        set_twice(self, twice)
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Built again through `__new__` (pickle's default would call it without fields).
        return (Play, (self.player, self.card, self.colour, self.link, self.call_uno, self.swap_with, self.twice))


# The setters of Play's slots, in the order of its fields (see `Play.__new__`).
_PLAY_SLOTS: tuple[Any, ...] = tuple(Play.__dict__[f].__set__ for f in Play.__match_args__)


def _one_field(cls: type[Any], player: Any) -> Any:
    """A new move ``cls(player)`` of a one-field kind (`Draw`, `Keep`, `Accept`, `Challenge`,
    `CallUno`, `TakeMiniPile`), for their `__new__` when `engine.shared` holds none: the
    caller's ``Draw(0)`` is the shared object `legal_moves` listed, found by `Game.apply` at
    once; ``Draw(True)`` is a new one, which `why_illegal` refuses naming the field. Written
    as `__new__` rather than the dataclass's `__init__` (an `object.__setattr__`, a frozen check)."""
    self = object.__new__(cls)
    _PLAYER_SLOT[cls](self, player)
    return self


def _two_fields(cls: type[Any], player: Any, target: Any) -> Any:
    """`_one_field` for `Catch` and `PointAt` (player, target)."""
    self = object.__new__(cls)
    set_player, set_target = _TWO_SLOTS[cls]
    set_player(self, player)
    set_target(self, target)
    return self


@dataclass(frozen=True, slots=True, init=False)
class Draw:
    """Draw one card on your turn (T-3)."""

    player: int

    def __new__(cls, player: int) -> "Draw":
        move = _shared_one(cls, player)
        return move if move is not None else _one_field(cls, player)  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.player,))


@dataclass(frozen=True, slots=True, init=False)
class Keep:
    """Keep the card just drawn and end the turn (T-3)."""

    player: int

    def __new__(cls, player: int) -> "Keep":
        move = _shared_one(cls, player)
        return move if move is not None else _one_field(cls, player)  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.player,))


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


@dataclass(frozen=True, slots=True, init=False)
class CallUno:
    """Call "UNO" while holding one card (U-1)."""

    player: int

    def __new__(cls, player: int) -> "CallUno":
        move = _shared_one(cls, player)
        return move if move is not None else _one_field(cls, player)  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.player,))


@dataclass(frozen=True, slots=True, init=False)
class Catch:
    """Catch `target`, who holds one card and did not call UNO (U-2)."""

    player: int
    target: int

    def __new__(cls, player: int, target: int) -> "Catch":
        move = _shared_two(CATCH_INDEX, player, target)
        return move if move is not None else _two_fields(cls, player, target)  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.player, self.target))


@dataclass(frozen=True, slots=True, init=False)
class Accept:
    """Answer a Wild Draw Four (W-3) or a stacked draw (H-1) by drawing the cards."""

    player: int

    def __new__(cls, player: int) -> "Accept":
        move = _shared_one(cls, player)
        return move if move is not None else _one_field(cls, player)  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.player,))


@dataclass(frozen=True, slots=True, init=False)
class Challenge:
    """Challenge the Wild Draw Four just played (W-3)."""

    player: int

    def __new__(cls, player: int) -> "Challenge":
        move = _shared_one(cls, player)
        return move if move is not None else _one_field(cls, player)  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.player,))


@dataclass(frozen=True, slots=True, init=False)
class PointAt:
    """Point at another player after a Point Taken (PT-3). Secret until all have pointed."""

    player: int
    target: int

    def __new__(cls, player: int, target: int) -> "PointAt":
        move = _shared_two(POINT_INDEX, player, target)
        return move if move is not None else _two_fields(cls, player, target)  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.player, self.target))


@dataclass(frozen=True, slots=True, init=False)
class TakeMiniPile:
    """Take the whole mini pile into your hand, having no card to add (PU-6)."""

    player: int

    def __new__(cls, player: int) -> "TakeMiniPile":
        move = _shared_one(cls, player)
        return move if move is not None else _one_field(cls, player)  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.player,))


# The setters of the slots, by class (see `_one_field`, `_two_fields`).
_PLAYER_SLOT: dict[type[Any], Any] = {cls: cls.__dict__["player"].__set__
                                      for cls in (Draw, Keep, Accept, Challenge, CallUno, TakeMiniPile)}
_TWO_SLOTS: dict[type[Any], tuple[Any, Any]] = {cls: (cls.__dict__["player"].__set__, cls.__dict__["target"].__set__)
                                                for cls in (Catch, PointAt)}


Move = Play | Draw | Keep | SpeedPlay | CallUno | Catch | Accept | Challenge | PointAt | TakeMiniPile
