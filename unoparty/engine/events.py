"""Events: everything that happens in a game, as frozen data with the rule id behind it.

Events are the single source for narration (`unoparty.narrate`), the game log, animation
and replays. Players are seat numbers. Cards drawn are in the event: a view that must not
show them (another player's draw) hides them when narrating (`Event.cards_visible_to`).
"""

from __future__ import annotations

import dataclasses

import enum
from dataclasses import dataclass
from typing import Any

from ..cards import Card, Colour

__all__ = ["EventKind", "Event"]


class EventKind(enum.Enum):
    ROUND_STARTED = "round started"        # players dealt `count` cards each; player = dealer (S-2)
    FIRST_CARD = "first card"              # cards[0] turned up to start the discard pile (S-3, S-5)
    FIRST_CARD_IGNORED = "first card ignored"  # its effect ignored, another card turned (S-3)
    FIRST_CARD_RETURNED = "first card returned"  # classic: a Wild Draw Four returned, deck reshuffled (S-5)
    TURN_STARTED = "turn started"          # player's turn begins
    PLAYED = "played"                      # player played cards[0] (twice: cards has two) (T-1)
    SPEED_PLAYED = "speed played"          # player speed-played cards[0] (SP-1, SP-7)
    SPEED_PLAY_MISTAKE = "speed play mistake"  # cards[0] did not match: back to hand (SP-4)
    DREW = "drew"                          # player drew cards (count asked, len(cards) drawn); rule = why
    KEPT = "kept"                          # player kept the drawn card (T-3)
    TURN_ENDED_AFTER_DRAW = "turn ended after draw"  # drawn card not playable (T-3)
    SKIPPED = "skipped"                    # player loses their turn (A-1, A-3, A-4, W-3, H-1)
    PASSED_OVER = "passed over"            # players between passed over by a speed play (SP-2)
    DIRECTION_CHANGED = "direction changed"  # count = +1 clockwise / -1 counterclockwise
    COLOUR_CHOSEN = "colour chosen"        # colour named for a wild card (W-1)
    COLOUR_SET = "colour set"              # the current colour becomes `colour` (PU-7, S-5)
    LINKED = "linked"                      # players linked (LK-1, LK-3)
    LINKS_ENDED = "links ended"            # (LK-4, PT-2)
    STACKED = "stacked"                    # count = the growing total to draw (H-1)
    CHALLENGE_STARTED = "challenge started"  # target must accept or challenge player's Wild Draw Four (W-3)
    ACCEPTED = "accepted"                  # player accepted the draw (W-3, H-1)
    CHALLENGED = "challenged"              # player challenged target; flag = the play was legal; cards = target's hand shown
    POINTING_STARTED = "pointing started"  # player played Point Taken: count 3-2-1 (PT-3)
    POINTED = "pointed"                    # player has pointed (target secret until the end)
    POINTING_RESULT = "pointing result"    # players/targets revealed: players[i] pointed at targets[i] (PT-4)
    MINI_PILE_WILD_TURNED = "mini pile wild turned"  # a wild card turned goes to the bottom of the draw pile (PU-2)
    MINI_PILE_STARTED = "mini pile started"  # cards[0] starts the mini pile before target, colour (PU-3)
    MINI_PILE_NOT_STARTED = "mini pile not started"  # only wild cards left (PU-2)
    MINI_PILE_ADDED = "mini pile added"    # player added cards[0] (PU-4)
    MINI_PILE_TAKEN = "mini pile taken"    # player took cards (PU-6)
    RESHUFFLED = "reshuffled"              # count cards shuffled into a new draw pile (T-5); cards = that pile, top first
    UNO_CALLED = "uno called"              # (U-1)
    UNO_CAUGHT = "uno caught"              # player caught target (U-2)
    HANDS_SWAPPED = "hands swapped"        # player and target swapped hands (H-2)
    HANDS_PASSED = "hands passed"          # every hand passed on, count = direction (H-2)
    ROUND_BLOCKED = "round blocked"        # nobody can play or draw (T-6)
    ROUND_WON = "round won"                # player won, count = points scored
    MATCH_WON = "match won"                # player has the highest total


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One thing that happened.

    Attributes:
        kind: what happened.
        rule: the rule id behind it (``"A-1"``), or ``""``.
        player: the seat it happened to or that did it, or ``None``.
        target: a second seat (the player caught, pointed at, challenged), or ``None``.
        cards: the cards involved, in order.
        colour: a colour involved, or ``None``.
        count: a number (cards asked for, points, direction, stack total).
        players: several seats (linked pair, pointing order).
        targets: seats matching ``players`` (pointing results).
        flag: a yes/no result (challenge: the Wild Draw Four was legal; a draw seen by
            another seat: the cards are hidden, `count` is how many, :meth:`seen_by`).
    """

    kind: EventKind
    rule: str = ""
    player: int | None = None
    target: int | None = None
    cards: tuple[Card, ...] = ()
    colour: Colour | None = None
    count: int = 0
    players: tuple[int, ...] = ()
    targets: tuple[int, ...] = ()
    flag: bool = False

    def __init__(self, kind: EventKind, rule: str = "", player: int | None = None, target: int | None = None,
                 cards: tuple[Card, ...] = (), colour: Colour | None = None, count: int = 0,
                 players: tuple[int, ...] = (), targets: tuple[int, ...] = (), flag: bool = False) -> None:
        # Written out rather than the dataclass's `__init__` (an `object.__setattr__` per
        # field): the fields are set through their slots' descriptors, in half the time. (The
        # engine makes its own events with `engine.effects.new_event`, compiled.)
        (set_kind, set_rule, set_player, set_target, set_cards, set_colour, set_count,
         set_players, set_targets, set_flag) = EVENT_SLOTS
        set_kind(self, kind)
        set_rule(self, rule)
        set_player(self, player)
        set_target(self, target)
        set_cards(self, cards)
        set_colour(self, colour)
        set_count(self, count)
        set_players(self, players)
        set_targets(self, targets)
        set_flag(self, flag)

    def cards_visible_to(self, viewer: int | None) -> bool:
        """Whether `viewer` (a seat; ``None`` = an onlooker seeing everything) may see `cards`.

        Drawn cards are seen by the drawer only — also the card drawn that does not play,
        when the turn ends (T-3); a hand shown in a challenge by the challenger (W-3);
        everything else is public.
        """
        if viewer is None:
            return True
        if self.kind is EventKind.DREW or self.kind is EventKind.HANDS_SWAPPED \
                or self.kind is EventKind.TURN_ENDED_AFTER_DRAW:
            return viewer == self.player
        if self.kind is EventKind.CHALLENGED:
            return viewer in (self.player, self.target)
        if self.kind is EventKind.RESHUFFLED:
            return False  # the new draw pile's order is secret from every player
        return True

    def seen_by(self, viewer: int | None) -> Event:
        """This event as `viewer` may see it (:meth:`cards_visible_to`): itself, or a copy
        without the cards. A draw seen by another seat keeps how many cards were drawn
        (``count`` = the number drawn, ``flag`` = True: "the cards are hidden"), so a log
        can say "Ben draws 2 cards" — not "Ben draws no card".
        """
        if not self.cards or self.cards_visible_to(viewer):
            return self
        if self.kind is EventKind.DREW:
            return dataclasses.replace(self, cards=(), count=len(self.cards), flag=True)
        return dataclasses.replace(self, cards=())


EVENT_SLOTS: tuple[Any, ...] = tuple(Event.__dict__[f].__set__ for f in Event.__match_args__)
"""The setters of Event's slots, in the order of its fields (`Event.__init__`, `engine.effects.new_event`)."""
