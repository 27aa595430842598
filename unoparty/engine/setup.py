"""Dealing a round and turning up the first card (RULES.md S-1 … S-5)."""

from __future__ import annotations

import random
from typing import Any, Callable, Final

from ..cards import Card, Kind, deck
from .effects import draw_cards, new_event, start_turn
from .events import Event, EventKind as E
from .state import Phase, State

__all__ = ["HAND_SIZE", "deal_round", "reset_round_state", "shuffle_with"]

HAND_SIZE = 7  # S-2: seven cards each

# length -> (i, i + 1, its bit length), in the order a shuffle visits them
_SHUFFLE_PLANS: Final[dict[int, tuple[tuple[int, int, int], ...]]] = {}


def shuffle_with(x: list[Any], getrandbits: Callable[[int], int]) -> None:
    """`random.Random.shuffle` of `x` in place, drawing on `getrandbits` (a generator's), with
    its `_randbelow` written inline: the same numbers drawn in the same order (same seed,
    same deal), in a third of the time; here rather than in `unoparty.game` so that the
    compiled engine runs the loop (a deal shuffles over a hundred cards). (Fetching the
    generator's outputs in bulk — ``getrandbits(32 * m)`` — was tried: compiled, it cost
    more than the calls it saved.)"""
    size = len(x)
    plan = _SHUFFLE_PLANS.get(size)
    if plan is None:
        plan = _SHUFFLE_PLANS[size] = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))
    for i, n, k in plan:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def reset_round_state(s: State) -> None:
    """Clear everything that lasts only for a round (links end with the round, LK-4)."""
    s.direction = 1
    s.links = ()
    s.winner = None
    s.round_points = 0
    s.blocked = False
    s.idle_turns = 0
    s.mini_pile = []
    s.mini_colour = None
    s.pending_draw = 0
    s.pending_kind = None
    s.wd4_player = None
    s.pointing = {}
    s.pointer = None
    s.catchable = None
    s.uno_called = [False] * s.n
    s.top_player = None
    s.drawn_card = None


def deal_round(s: State, rng: random.Random) -> list[Event]:
    """S-2…S-5: shuffle the whole deck, deal seven cards to each player one at a time starting
    at the dealer's left, turn up the first card, and start the turn of the player to the
    dealer's left, clockwise (S-4). The Direction Tracker and the Link cards are not cards of
    the deck (D-2): they are the state's `direction` and `links`."""
    ev: list[Event] = []
    reset_round_state(s)
    cards = deck(s.rules.rule_set, s.rules.without)
    rng.shuffle(cards)
    # One card at a time from the top (the end of the list), starting at the dealer's left:
    # the i-th player after the dealer gets the dealt cards i, i + n, i + 2n, …
    n = s.n
    dealt = cards[:-HAND_SIZE * n - 1:-1]
    del cards[-HAND_SIZE * n:]
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i in range(n):
        hands[(s.dealer + 1 + i) % n] = dealt[i::n]
    s.hands = hands
    s.draw_pile = cards
    s.discard_pile = []
    ev.append(new_event(E.ROUND_STARTED, "S-2", player=s.dealer, count=HAND_SIZE))
    first = (s.dealer + 1) % s.n
    if s.rules.is_party:
        _first_card_party(s, ev)
        start_turn(s, first, ev)
    else:
        _first_card_classic(s, first, rng, ev)
    return ev


def _first_card_party(s: State, ev: list[Event]) -> None:
    """S-3: turn cards up until a number card is on top; the others' effects are ignored
    (wild cards count as action cards here — ruling) and they stay buried in the discard pile."""
    while True:
        card = s.draw_pile.pop()
        s.discard_pile.append(card)
        ev.append(new_event(E.FIRST_CARD, "S-3", cards=(card,)))
        if card.kind is Kind.NUMBER:
            s.colour = card.colour
            return
        ev.append(new_event(E.FIRST_CARD_IGNORED, "S-3", cards=(card,)))


def _first_card_classic(s: State, first: int, rng: random.Random, ev: list[Event]) -> None:
    """S-5 (classic sheet): a Wild Draw Four is returned and the deck reshuffled; a Wild lets
    the first player choose the colour (any colour matches until a card sets one); Draw Two:
    the first player draws two and is skipped; Reverse: the dealer plays first, counter-
    clockwise; Skip: the first player is skipped."""
    while True:
        card = s.draw_pile.pop()
        if card.kind is Kind.WILD_DRAW_FOUR:
            s.draw_pile.append(card)
            rng.shuffle(s.draw_pile)
            ev.append(new_event(E.FIRST_CARD_RETURNED, "S-5", cards=(card,)))
            continue
        break
    s.discard_pile.append(card)
    s.colour = card.colour
    ev.append(new_event(E.FIRST_CARD, "S-5", cards=(card,)))
    if card.kind is Kind.DRAW_TWO:
        draw_cards(s, first, 2, "S-5", rng, ev)
        ev.append(new_event(E.SKIPPED, "S-5", player=first))
        start_turn(s, s.next_seat(first), ev)
    elif card.kind is Kind.REVERSE:
        s.direction = -1
        ev.append(new_event(E.DIRECTION_CHANGED, "S-5", count=-1))
        start_turn(s, s.dealer, ev)
    elif card.kind is Kind.SKIP:
        ev.append(new_event(E.SKIPPED, "S-5", player=first))
        start_turn(s, s.next_seat(first), ev)
    else:
        start_turn(s, first, ev)
    s.phase = Phase.TURN
