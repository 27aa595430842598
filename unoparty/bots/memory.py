"""What a player at the table remembers: facts about other hands inferred from the views a
bot has seen, one after another (never from hidden state).

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
from dataclasses import dataclass

from ..cards import Card, Colour, Kind
from ..engine import Phase

__all__ = ["TableMemory", "Decision", "card_keys"]

_WILD_MATCH = (Kind.WILD, Kind.WILD_DRAWN_TOGETHER, Kind.WILD_PILE_UP)
_DECISION_PHASES = (Phase.TURN, Phase.DRAWN, Phase.MINI_PILE)


def card_keys(card) -> tuple:
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
    """Facts about the other hands, updated by `observe(view)` after every move."""

    def __init__(self) -> None:
        self.prev = None
        self.voids: list[dict] = []     # seat -> {key: how many of their cards may fall under it}
        self.known: list[Counter] = []  # seat -> cards known to be in their hand
        self.likes: list[dict] = []     # seat -> {colour: cards of it they probably hold}
        self.left: list[list] = []      # seat -> cards that left their hand since they last drew
        self.decisions: list[list] = []  # seat -> their plays since they last drew (`Decision`)

    def reset(self, view) -> None:
        n = len(view.names)
        self.voids = [dict() for _ in range(n)]
        self.known = [Counter() for _ in range(n)]
        self.likes = [dict() for _ in range(n)]
        self.left = [[] for _ in range(n)]
        self.decisions = [[] for _ in range(n)]

    def observe(self, view) -> None:
        """Update from the next view of the same seat (call after every move)."""
        prev = self.prev
        self.prev = view
        if prev is None or prev.round_number != view.round_number or len(prev.names) != len(view.names):
            self.reset(view)
            return
        if view.rules.seven_o and len(view.discard_pile) != len(prev.discard_pile) \
                and view.top_card.number in (0, 7):
            self.reset(view)  # hands may have moved (H-2)
            return
        played_by: dict = {}
        grew = len(view.discard_pile) - len(prev.discard_pile)
        if grew > 0 and view.top_player is not None:
            played_by[view.top_player] = list(view.discard_pile[len(prev.discard_pile):])
        if prev.phase is Phase.MINI_PILE and len(view.mini_pile) == len(prev.mini_pile) + 1 \
                and prev.current is not None:
            added = view.mini_pile[-1]
            played_by.setdefault(prev.current, []).append(added)
            if added.colour is None and view.hand_sizes[prev.current] > 0:
                # A wild card added to a mini pile: (sensible players keep wild cards) no card
                # of the mini pile's colour was left (PU-4).
                self.voids[prev.current][view.mini_pile[0].colour] = 0
        if grew > 0 and view.top_player is not None and view.top_card.kind.takes_colour \
                and view.colour is not None and view.hand_sizes[view.top_player] >= 2:
            # A colour named for a wild card: players name a colour they hold (W-1).
            likes = self.likes[view.top_player]
            likes[view.colour] = max(1, likes.get(view.colour, 0))
        wild_on_turn = None
        if grew == 1 and prev.phase is Phase.TURN and prev.current == view.top_player \
                and prev.colour is not None and view.top_card.kind in _WILD_MATCH \
                and view.hand_sizes[view.top_player] > 0:
            wild_on_turn = view.top_player
        for seat in range(len(view.names)):
            if seat == view.player:
                continue
            voids, known = self.voids[seat], self.known[seat]
            change = view.hand_sizes[seat] - prev.hand_sizes[seat]
            likes = self.likes[seat]
            played = played_by.get(seat, ())
            left = self.left[seat]
            if len(played) == 1 and prev.current == seat and prev.phase in _DECISION_PHASES \
                    and not view.rules.doubles:
                card = played[0]
                self.decisions[seat].append(Decision(
                    seat, prev.phase, card,
                    view.colour if card.kind.takes_colour and prev.phase is not Phase.MINI_PILE else None,
                    prev.top_card, prev.colour, prev.mini_pile[0].colour if prev.mini_pile else None,
                    tuple(prev.hand_sizes), prev.direction, len(left)))
            left.extend(played)
            if change + len(played) != 0:
                # cards came in (or left unseen): the hand then is no longer the hand now
                # plus the cards played since
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
            if change > 0:
                took = (prev.phase is Phase.MINI_PILE and prev.current == seat and prev.mini_pile
                        and not view.mini_pile)
                if took:
                    known.update(prev.mini_pile)
                    voids[prev.mini_pile[0].colour] = 0
                else:
                    for key in voids:
                        voids[key] += change
                    turn_draw = (prev.phase is Phase.TURN and prev.current == seat and change == 1
                                 and grew == 0 and prev.colour is not None)
                    if turn_draw:
                        fresh = 1 if view.phase is Phase.DRAWN and view.current == seat else 0
                        voids[prev.colour] = fresh
                        top = prev.top_card
                        if top.colour is not None:
                            voids[card_keys(top)[1]] = fresh
            if wild_on_turn == seat:
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
