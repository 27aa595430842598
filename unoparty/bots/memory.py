"""What a player at the table remembers: facts about other hands inferred from the events a
seat has seen (``game.events_for(seat)``: who played, drew, took a mini pile or named a
colour; other players' drawn cards hidden) and the table in its views — never from hidden
state.

- A player who draws on their turn and cannot play the card drawn held no card of the
  current colour (T-3): a *void* in that colour. Cards they get later may be of it, so
  the memory counts, per void colour, how many of their cards may be of it (``fresh``).
  Likewise for the top card's number or symbol (keys ``("n", 7)``, ``("k", Kind.SKIP)``).
- A player who adds a wild card to a mini pile had no card of its colour left (PU-4); one
  who plays a Wild, Wild Drawn Together or Wild Pile Up on their turn had no card matching
  the colour or the top card (sensible players keep wild cards).
- A player who names a colour for a wild card probably holds a card of it (*likes*, a
  hint for the sampling, not a certainty).
- A player who takes a mini pile (PU-6) held no card of its colour, and now holds the
  taken cards, which everybody saw (*known* cards).
- Each play a player made since they last drew is kept as a `Decision`: what the table
  looked like, the card and the colour named. Their hand then was their hand now plus the
  cards they have played since (`TableMemory.left`), so a sampled hand can be checked
  against the decisions it implies (`unoparty.bots.strong` keeps the hands with which a
  ``basic`` player would have played as observed).

`unoparty.bots.strong.determinize_state` deals the unseen cards consistently with these
facts, so the search plays against likely hands rather than arbitrary ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card, Colour, Kind
from ..engine import Event, EventKind as E, Phase

if TYPE_CHECKING:
    from ..game import PlayerView

__all__ = ["TableMemory", "Decision", "card_keys"]

_WILD_MATCH = (Kind.WILD, Kind.WILD_DRAWN_TOGETHER, Kind.WILD_PILE_UP)
_DECISION_PHASES = (Phase.TURN, Phase.DRAWN, Phase.MINI_PILE)


VoidKey = Colour | tuple[str, int]
"""A void key: a colour, ``("n", number)`` or ``("k", kind)``."""


def card_keys(card: Card) -> tuple[VoidKey, ...]:
    """The void keys a card falls under: its colour, and ``("n", number)`` or ``("k", kind)``."""
    if card.colour is None:
        return ()
    if card.number is not None:
        return (card.colour, ("n", card.number))
    return (card.colour, ("k", card.kind))


@dataclass(frozen=True, slots=True)
class Decision:
    """A play seen from the table: `player` played `card` (naming `colour`, or ``None``) in
    `phase` (turn, drawn or mini pile) when the top card was `top_card`, the current colour
    `colour_before`, the mini pile's colour `mini_colour`, the hand sizes `hand_sizes` and the
    direction `direction`. `index`: where `card` is in ``TableMemory.left[player]``."""

    player: int
    phase: Phase
    card: Card
    colour: Colour | None
    top_card: Card
    colour_before: Colour | None
    mini_colour: Colour | None
    hand_sizes: tuple[int, ...]
    direction: int
    index: int


class TableMemory:
    """Facts about the other hands, updated by `observe(view, events)` after every move."""

    def __init__(self) -> None:
        self.prev: PlayerView | None = None
        self.voids: list[dict[VoidKey, int]] = []     # seat -> {key: how many of their cards may fall under it}
        self.known: list[Counter[Card]] = []  # seat -> cards known to be in their hand
        self.likes: list[dict[Colour, int]] = []     # seat -> {colour: cards of it they probably hold}
        self.left: list[list[Card]] = []      # seat -> cards that left their hand since they last drew
        self.decisions: list[list[Decision]] = []  # seat -> their plays since they last drew (`Decision`)

    def reset(self, view: PlayerView) -> None:
        n = len(view.names)
        self.voids = [dict() for _ in range(n)]
        self.known = [Counter() for _ in range(n)]
        self.likes = [dict() for _ in range(n)]
        self.left = [[] for _ in range(n)]
        self.decisions = [[] for _ in range(n)]

    def observe(self, view: PlayerView, events: Sequence[Event] = ()) -> None:
        """Update from the next view of the same seat and the events that seat saw since the
        previous one (``game.events_for(seat, start)``, which hides other players' drawn
        cards): call after every move.

        The events say who played, drew, took a mini pile or named a colour; the previous
        view gives the table as it was when they did (for `Decision`)."""
        prev = self.prev
        self.prev = view
        if prev is None or prev.round_number != view.round_number or len(prev.names) != len(view.names):
            self.reset(view)
            return
        played_by: dict[int, list[Card]] = {}   # seat -> cards that left their hand face up
        decided: dict[int, Card] = {}     # seat -> the card they played or added when the game waited for them
        named: dict[int, Colour] = {}       # seat -> the colour they named for a wild card (W-1)
        drew: Counter[int] = Counter()  # seat -> cards that came into their hand unseen
        took: dict[int, tuple[Card, ...]] = {}        # seat -> the mini pile they took (PU-6), face up
        turn_draw: dict[int, int] = {}   # seat -> 1 when the card they drew on their turn plays, else 0 (T-3)
        mini_colour = prev.mini_pile[0].colour if prev.mini_pile else None
        for e in events:
            k = e.kind
            if k is E.ROUND_STARTED or k is E.HANDS_SWAPPED or k is E.HANDS_PASSED:
                self.reset(view)  # a new deal, or hands moved (H-2)
                return
            if e.player is None:
                continue  # the events read below all name the player they are about
            if k is E.PLAYED or k is E.SPEED_PLAYED or k is E.MINI_PILE_ADDED:
                played_by.setdefault(e.player, []).extend(e.cards)
                if k is not E.SPEED_PLAYED and len(e.cards) == 1 and e.player == prev.current \
                        and prev.phase in _DECISION_PHASES:
                    decided[e.player] = e.cards[0]
                if k is E.MINI_PILE_ADDED and e.cards[0].colour is None and view.hand_sizes[e.player] > 0 \
                        and mini_colour is not None:
                    # A wild card added to a mini pile: (sensible players keep wild cards) no
                    # card of the mini pile's colour was left (PU-4).
                    self.voids[e.player][mini_colour] = 0
            elif k is E.COLOUR_CHOSEN:
                if e.colour is not None:
                    named[e.player] = e.colour
            elif k is E.MINI_PILE_TAKEN:
                took[e.player] = e.cards
            elif k is E.DREW:
                got = len(e.cards) if e.cards else e.count
                if e.rule == "T-3" and e.player == prev.current and prev.phase is Phase.TURN:
                    if view.phase is Phase.DRAWN and view.current == e.player:
                        turn_draw[e.player] = 1
                    elif any(x.kind is E.TURN_ENDED_AFTER_DRAW and x.player == e.player for x in events):
                        turn_draw[e.player] = 0
                    else:
                        got = 0  # the piles ran out: nothing drawn (T-5)
                drew[e.player] += got
        for seat, colour in named.items():
            if view.hand_sizes[seat] >= 2:
                # A colour named for a wild card: players name a colour they hold (W-1).
                likes = self.likes[seat]
                likes[colour] = max(1, likes.get(colour, 0))
        for seat in range(len(view.names)):
            if seat == view.player:
                continue
            voids, known = self.voids[seat], self.known[seat]
            likes = self.likes[seat]
            played = played_by.get(seat, ())
            left = self.left[seat]
            card = decided.get(seat)
            if card is not None and not view.rules.doubles:
                self.decisions[seat].append(Decision(
                    seat, prev.phase, card,
                    named.get(seat) if card.kind.takes_colour and prev.phase is not Phase.MINI_PILE else None,
                    prev.top_card, prev.colour, mini_colour,
                    tuple(prev.hand_sizes), prev.direction, len(left)))
            left.extend(played)
            came_in = drew[seat] + len(took.get(seat, ()))
            if came_in:
                # the hand then is no longer the hand now plus the cards played since
                left.clear()
                self.decisions[seat].clear()
            for card in played:
                if card.colour in likes:
                    likes[card.colour] -= 1
                    if likes[card.colour] <= 0:
                        del likes[card.colour]
                if known[card] > 0:
                    known[card] -= 1
                else:
                    for key in card_keys(card):
                        if key in voids:
                            voids[key] = max(0, voids[key] - 1)
            if seat in took:
                known.update(took[seat])
                taken_colour = took[seat][0].colour
                if taken_colour is not None:
                    voids[taken_colour] = 0
            if drew[seat]:
                for key in voids:
                    voids[key] += drew[seat]
                if seat in turn_draw and drew[seat] == 1 and prev.colour is not None:
                    # Drew on their turn: no card of the colour or of the top card's number or
                    # symbol (T-3) — except the card drawn, when it plays.
                    fresh = turn_draw[seat]
                    voids[prev.colour] = fresh
                    top = prev.top_card
                    if top.colour is not None:
                        voids[card_keys(top)[1]] = fresh
            if card is not None and prev.phase is Phase.TURN and card.kind in _WILD_MATCH \
                    and prev.colour is not None and view.hand_sizes[seat] > 0:
                # A wild card played on a turn while a coloured card would do: sensible players
                # keep wild cards, so no card of the colour or of the top card's number or
                # symbol was left (a hint like `likes`, from what the table saw).
                voids[prev.colour] = 0
                top = prev.top_card
                if top.colour is not None:
                    voids[card_keys(top)[1]] = 0
            size = view.hand_sizes[seat]
            for key in voids:
                voids[key] = min(voids[key], size)
            total = sum(known.values())
            if total > size:
                known.clear()
