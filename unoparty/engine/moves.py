"""Moves: what a player does (SCENARIO_FORMAT.md "Moves"). Frozen data; players are seat
numbers (0 = first name in seating order, clockwise). Text lives in `unoparty.notation`.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

from ..cards import Card, Colour
from .shared import new_catch, new_one, new_play, new_point, register

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
        # A value `legal_moves` has listed is its shared object (`engine.shared`): the caller's
        # ``Play(0, card)`` is that object, found by `Game.apply` at once (moves are frozen
        # values). Only when every field is the very same object: ``True`` equals ``1`` but a
        # move with ``call_uno=1`` must reach `why_illegal`'s type checks. A linked pair is
        # kept in canonical order (lower seat first). `engine.shared.new_play` does it all (it
        # is made the class's `__new__` below: compiled, no Python runs); this is its signature.
        return new_play(cls, player, card, colour, link, call_uno, swap_with, twice)  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Built again through `__new__` (pickle's default would call it without fields).
        return (Play, (self.player, self.card, self.colour, self.link, self.call_uno, self.swap_with, self.twice))


# The setters of Play's slots, in the order of its fields (see `_fresh_play`).
_PLAY_SLOTS: tuple[Any, ...] = tuple(Play.__dict__[f].__set__ for f in Play.__match_args__)


def _fresh_play(cls: type[Any], player: Any, card: Any, colour: Any, link: Any, call_uno: Any,
                swap_with: Any, twice: Any) -> Any:
    """A new `Play` object, for `engine.shared.new_play` when it holds no shared one. The fields
    are set through their slots' descriptors (`_PLAY_SLOTS`): the dataclass's `__init__` (an
    `object.__setattr__` per field and a `__post_init__`) takes twice the time."""
    self = object.__new__(cls)
    set_player, set_card, set_colour, set_link, set_call, set_swap, set_twice = _PLAY_SLOTS
    set_player(self, player)
    set_card(self, card)
    set_colour(self, colour)
    set_link(self, link)
    set_call(self, call_uno)
    set_swap(self, swap_with)
    set_twice(self, twice)
    return self


def _one_field(cls: type[Any], player: Any) -> Any:
    """A new move ``cls(player)`` of a one-field kind (`Draw`, `Keep`, `Accept`, `Challenge`,
    `CallUno`, `TakeMiniPile`), for `engine.shared.new_one` when it holds none: the caller's
    ``Draw(0)`` is the shared object `legal_moves` listed, found by `Game.apply` at once;
    ``Draw(True)`` is a new one, which `why_illegal` refuses naming the field."""
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
        return new_one(cls, player)  # type: ignore[no-any-return]  # (see `_compiled_new`)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.player,))


@dataclass(frozen=True, slots=True, init=False)
class Keep:
    """Keep the card just drawn and end the turn (T-3)."""

    player: int

    def __new__(cls, player: int) -> "Keep":
        return new_one(cls, player)  # type: ignore[no-any-return]  # (see `_compiled_new`)

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
        return new_one(cls, player)  # type: ignore[no-any-return]  # (see `_compiled_new`)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.player,))


@dataclass(frozen=True, slots=True, init=False)
class Catch:
    """Catch `target`, who holds one card and did not call UNO (U-2)."""

    player: int
    target: int

    def __new__(cls, player: int, target: int) -> "Catch":
        return new_catch(cls, player, target)  # type: ignore[no-any-return]  # (see `_compiled_new`)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.player, self.target))


@dataclass(frozen=True, slots=True, init=False)
class Accept:
    """Answer a Wild Draw Four (W-3) or a stacked draw (H-1) by drawing the cards."""

    player: int

    def __new__(cls, player: int) -> "Accept":
        return new_one(cls, player)  # type: ignore[no-any-return]  # (see `_compiled_new`)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.player,))


@dataclass(frozen=True, slots=True, init=False)
class Challenge:
    """Challenge the Wild Draw Four just played (W-3)."""

    player: int

    def __new__(cls, player: int) -> "Challenge":
        return new_one(cls, player)  # type: ignore[no-any-return]  # (see `_compiled_new`)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.player,))


@dataclass(frozen=True, slots=True, init=False)
class PointAt:
    """Point at another player after a Point Taken (PT-3). Secret until all have pointed."""

    player: int
    target: int

    def __new__(cls, player: int, target: int) -> "PointAt":
        return new_point(cls, player, target)  # type: ignore[no-any-return]  # (see `_compiled_new`)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.player, self.target))


@dataclass(frozen=True, slots=True, init=False)
class TakeMiniPile:
    """Take the whole mini pile into your hand, having no card to add (PU-6)."""

    player: int

    def __new__(cls, player: int) -> "TakeMiniPile":
        return new_one(cls, player)  # type: ignore[no-any-return]  # (see `_compiled_new`)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.player,))


# The setters of the slots, by class (see `_one_field`, `_two_fields`).
_PLAYER_SLOT: dict[type[Any], Any] = {cls: cls.__dict__["player"].__set__
                                      for cls in (Draw, Keep, Accept, Challenge, CallUno, TakeMiniPile)}
_TWO_SLOTS: dict[type[Any], tuple[Any, Any]] = {cls: (cls.__dict__["player"].__set__, cls.__dict__["target"].__set__)
                                                for cls in (Catch, PointAt)}



def _compiled_new(cls: type[Any], new: Any) -> None:
    """Make `new` (`engine.shared`'s, compiled with the engine) the constructor of `cls`, in
    place of the ``__new__`` written in the class — which only calls it, and stays as the
    signature `help`, `inspect.signature` and type checkers read. Compiled, a caller's
    ``Draw(0)`` then runs no Python frame (issue 20: building the move was a fifth of a built
    move's cost); the class itself stays plain Python, so a field of the wrong type still
    reaches `why_illegal`'s sentence."""
    declared = inspect.signature(cls.__dict__["__new__"].__func__)
    setattr(cls, "__signature__", declared.replace(parameters=list(declared.parameters.values())[1:],
                                                   return_annotation=cls.__name__))
    setattr(cls, "__new__", staticmethod(new))


register(Play, _fresh_play, _one_field, _two_fields)
_compiled_new(Play, new_play)
for _cls in (Draw, Keep, Accept, Challenge, CallUno, TakeMiniPile):
    _compiled_new(_cls, new_one)
_compiled_new(Catch, new_catch)
_compiled_new(PointAt, new_point)
del _cls


Move = Play | Draw | Keep | SpeedPlay | CallUno | Catch | Accept | Challenge | PointAt | TakeMiniPile
