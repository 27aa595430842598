"""The `Bot` protocol, timing settings and helpers shared by every level.

A bot sees only what a player at the table sees: it gets ``game.view_for(seat)`` (a frozen
`unoparty.game.PlayerView`) and its own seeded `random.Random`, never the game. It answers
two questions:

- ``choose(view, rng) -> Move``: the game waits for this seat (its turn, its answer to a
  Wild Draw Four, its card for a mini pile, or its pointing after a Point Taken).
- ``react(view, rng) -> Move | None``: a chance to act out of turn — a speed play (SP-1),
  calling UNO (U-1) or catching a player who did not (U-2). ``None``: nothing to do.

A bot may also have ``observe(view, events) -> None``: `unoparty.simulate` then shows it
this seat's view and the events this seat saw (``game.events_for(seat, start)``, other
players' drawn cards hidden) after every move, as a player watching the table would see
them; the ``strong`` level remembers what they reveal (`unoparty.bots.memory`).

A bot may carry its own generator ``rng`` (`unoparty.views.game_app.make_bots` seeds one
per seat); the app's controller then passes it to ``choose`` and ``react``.

The engine has no clock (DESIGN.md): `Timing` gives each level a think delay and a reaction
time in seconds, which the app's controller uses to schedule moves and which
`unoparty.simulate` uses, with seeded noise, to settle races.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..cards import COLOURS, Card, Colour, deck_counts
from ..engine import CallUno, Catch, Move, SpeedPlay

if TYPE_CHECKING:
    from ..game import PlayerView

__all__ = ["Bot", "Timing", "unseen_cards", "out_of_turn_moves", "colour_counts", "best_colour",
           "fewest_cards_order", "next_seat"]


@dataclass(frozen=True, slots=True)
class Timing:
    """How fast a bot acts in real time (seconds). The engine never reads these.

    Attributes:
        think_delay: from the moment the game waits for the bot to its move (s).
        reaction_time: from a chance to act out of turn (speed play, catch, UNO call) to the
            move (s).
    """

    think_delay: float
    reaction_time: float

    def __post_init__(self) -> None:
        for name in ("think_delay", "reaction_time"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not v >= 0:
                raise ValueError(f"{name} must be a number of seconds ≥ 0, not {v!r}")


@runtime_checkable
class Bot(Protocol):
    """What every bot level provides (see the module doc)."""

    level: str
    timing: Timing

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move for a moment the game waits for this seat. Always a legal move."""
        ...

    def react(self, view: PlayerView, rng: random.Random) -> Move | None:
        """An out-of-turn move (speed play, UNO call, catch) or ``None``."""
        ...


# ---- helpers reading only a PlayerView ---------------------------------------------------------

def out_of_turn_moves(view: PlayerView) -> list[Move]:
    """The viewer's legal speed plays, UNO calls and catches (never a speed-play mistake)."""
    return [m for m in view.legal_moves if type(m) in (SpeedPlay, CallUno, Catch)]


def unseen_cards(view: PlayerView) -> list[Card]:
    """Cards the viewer has not seen face up and does not hold: the deck minus own hand,
    discard pile and mini pile — they are in the other hands and the draw pile. Sorted
    canonically (so the result depends on the view only)."""
    left = Counter(deck_counts(view.rules.rule_set, view.rules.without))
    left.subtract(view.hand)
    left.subtract(view.discard_pile)
    left.subtract(view.mini_pile)
    out: list[Card] = []
    for card in sorted(left, key=_card_key):
        out += [card] * max(0, left[card])
    return out


def _card_key(card: Card) -> tuple[int, int, int]:
    return (card.kind, -1 if card.colour is None else int(card.colour), -1 if card.number is None else card.number)


def colour_counts(hand: Iterable[Card], exclude: Card | None = None) -> list[int]:
    """Coloured cards per colour in `hand` (one copy of `exclude` left out), as points-weighted
    counts: each card counts 10 plus its points / 10, so ties go to the colour worth more."""
    counts = [0] * 4
    skipped = False
    for c in hand:
        if exclude is not None and not skipped and c == exclude:
            skipped = True
            continue
        if c.colour is not None:
            counts[c.colour] += 10 + c.points // 10
    return counts


def best_colour(hand: Iterable[Card], exclude: Card | None = None, avoid: Colour | None = None) -> Colour:
    """The colour the hand holds most of (W-1); ties: more points, then the colour order."""
    counts = colour_counts(hand, exclude)
    order = sorted(COLOURS, key=lambda c: (-counts[c], c is avoid, int(c)))
    return order[0]


def next_seat(view: PlayerView, seat: int, steps: int = 1) -> int:
    return (seat + steps * view.direction) % len(view.names)


def fewest_cards_order(view: PlayerView, exclude: tuple[int, ...] = ()) -> list[int]:
    """Seats other than `exclude`, fewest cards first; ties: nearest after the viewer in turn
    order (they play sooner)."""
    n = len(view.names)
    order = [next_seat(view, view.player, i) for i in range(1, n + 1)]
    rank = {seat: i for i, seat in enumerate(order)}
    seats = [s for s in range(n) if s not in exclude]
    return sorted(seats, key=lambda s: (view.hand_sizes[s], rank[s]))
