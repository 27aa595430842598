"""Why a bot makes its move, as data: a `Why` and the cards, colour, seats and count it
names. The bots word nothing; the hint words a reason in the learner's language
(:func:`unoparty.bots.hints.reason_words`, one entry per `Why`).

>>> reason = Reason(Why.PLAY_LAST_CARD, card=Card.parse("red 7"))
>>> reason.why.value, str(reason.card)
('play last card', 'red 7')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards import Card, Colour

__all__ = ["Why", "Reason"]


class Why(enum.Enum):
    """Why a move is the one to make; the comment says which fields of `Reason` it uses
    (``card``, ``colour``, ``seat``, ``seat2``, ``count``)."""

    CATCH = "catch"                              # seat: who did not call UNO (U-2)
    POINT_AT_CLOSEST = "point at closest"        # seat, count = their cards (PT-3)
    STACK = "stack"                              # card, count = cards the next player faces (H-1)
    CHALLENGE_MANY_CARDS = "challenge, many cards"  # seat: who played the Wild Draw Four, count (W-3)
    ACCEPT_FEW_CARDS = "accept, few cards"       # seat, count (W-3)
    ACCEPT_NOTHING_TO_STACK = "accept, nothing to stack"  # count = cards to draw (W-3)
    TAKE_MINI_PILE = "take mini pile"            # colour: the mini pile's (PU-5)
    ADD_ONLY_FIT = "add only fit"                # card (PU-4)
    ADD_KEEP_WILDS = "add keep wilds"            # card, colour (PU-4)
    KEEP_WILD = "keep wild"                      # card: the wild card drawn (T-3)
    CALL_UNO_ONE_CARD = "call uno, one card"     # (U-1)
    DRAW_NO_MATCH = "draw, no match"             # card: the top card (T-3)
    DRAW_KEEP_WILD = "draw, keep wild"           # (T-3)
    PLAY_LAST_CARD = "play last card"            # card
    WD4_ATTACK = "wild draw four, attack"        # seat: the next player, count: their cards (W-2)
    WD4_BAIT = "wild draw four, bait"            # seat: the next player (W-3)
    PLAY_DOUBLES = "play doubles"                # card (H-4)
    PLAY_LINK = "play link"                      # colour, seat and seat2: the linked players (LK-1)
    PLAY_NAME_COLOUR = "play, name colour"       # card, colour (W-1)
    PLAY_PILE_UP = "play pile up"                # (PU-1)
    PLAY_SLOW_THEM = "play, slow them"           # card (a Draw Two, Skip or Reverse)
    PLAY_POINT_TAKEN = "play point taken"        # card (PT-1)
    PLAY_DRAWN = "play drawn"                    # card (T-3)
    PLAY_KEEP_WILD = "play, keep wild"           # card
    PLAY_BEST_COLOUR = "play, best colour"       # card
    ROUND_OVER = "round over"
    WAIT = "wait"                                # seat: the player to act (T-0)
    CALL_UNO_NOW = "call uno now"                # (U-1)
    SPEED_PLAY = "speed play"                    # card (SP-1)


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a bot chose its move (`BasicBot.decide`), as data.

    Attributes:
        why: which reason (`Why`); the fields below carry what it names.
        card: a card (the one played, drawn or matched). colour: a colour.
        seat: a seat the reason names; seat2: a second one (the other linked player).
        count: a number of cards.
    """

    why: Why
    card: Card | None = None
    colour: Colour | None = None
    seat: int | None = None
    seat2: int | None = None
    count: int | None = None
