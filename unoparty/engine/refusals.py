"""`why_illegal`: the one checker of moves (DESIGN.md), following RULES.md "Order of refusals".

A refusal is data: the rule id, a `RefusalReason` and the cards, seats, counts and colour the
reason needs. Nothing here builds a sentence or imports the translation code: the words are
made at the edge, by whoever shows the refusal (`unoparty.refusal_words.explain`: second
person, the cards named, the rule id, and the note that a ruling of this app decided, when
it did). ``str(refusal)`` is for developers: the rule id and the reason.

`why_illegal` is a table (`CHECKERS`): one checker per move kind, so every kind of move has
its reasons by construction.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Protocol, Sequence

from ..cards import ALL_CARDS, COLOURS, Card, Colour, Kind
from .moves import (Accept, CallUno, Catch, Challenge, Draw, Keep, Move, Play, PointAt, SpeedPlay,
                    TakeMiniPile)
from .state import Phase, State

__all__ = ["Refusal", "RefusalReason", "why_illegal", "CHECKERS", "check_move_types", "is_mistake", "matches", "matching", "MATCHING",
           "SPEED_MATCHING", "speed_matches", "wd4_legal",
           "fits_mini_pile"]

_OVER = (Phase.ROUND_OVER, Phase.MATCH_OVER)


class RefusalReason(enum.Enum):
    """Why a move is refused: one value per explanation (`unoparty.refusal_words` words each).

    The data a reason uses is in the `Refusal`'s fields: ``card`` (the card of the move),
    ``other`` (the top card, or the card just drawn), ``seat`` (another player: the one to
    act, the target), ``count``, ``colour``, ``kind`` (a draw card's kind), ``phase``.
    """

    NO_SUCH_SEAT = "no such seat"                  # seat = the seat given (T-0)
    NOT_HELD = "not held"                          # card (T-1)
    PLAY_NOT_NOW = "play not now"                  # card, phase
    PLAY_WHILE_POINTING = "play while pointing"    # card (PT-3)
    STACK_ONLY = "stack only"                      # card, kind, count: the player facing the stack (H-1)
    STACK_ONLY_OTHER = "stack only, other"         # card, kind, count, seat: someone else faces it (H-1)
    ANSWER_WD4_FIRST = "answer wd4 first"          # card, seat: who must answer (W-3)
    NOT_YOUR_TURN_ANSWER = "not your turn, answer" # card, seat (T-0)
    NOT_YOUR_TURN_MINI_PILE = "not your turn, mini pile"  # card, seat (T-0)
    NOT_YOUR_TURN_PLAY = "not your turn, play"     # card, seat (T-0)
    DRAWN_CARD_ONLY = "drawn card only"            # other = the card drawn (T-3)
    MINI_PILE_NO_CHOICES = "mini pile no choices"  # card (PU-3)
    MINI_PILE_NEEDS_COLOUR = "mini pile needs colour"  # card, colour (PU-4)
    MINI_PILE_ONE_CARD = "mini pile one card"      # (PU-4)
    NO_MATCH_CHOSEN_COLOUR = "no match, chosen colour"  # card, other = top, colour (T-1)
    NO_MATCH_NUMBER = "no match, number"           # card, other = top, colour, count = its number (T-1)
    NO_MATCH_SYMBOL = "no match, symbol"           # card, other = top, colour (T-1)
    NAME_A_COLOUR = "name a colour"                # card (W-1)
    NO_COLOUR_FOR_PILE_UP = "no colour for pile up"  # (PU-1)
    NO_COLOUR_FOR_CARD = "no colour for card"      # card (W-1)
    LINK_MISSING = "link missing"                  # card (LK-1)
    LINK_OFF_TABLE = "link off table"              # card (LK-1)
    LINK_SAME_PLAYER = "link same player"          # card (LK-1)
    LINK_NOT_WDT = "link not wild drawn together"  # card (LK-1)
    UNO_CALL_LEAVES = "uno call leaves"            # card, count = cards left (U-1)
    SEVEN_O_OFF = "seven-o off"                    # card (H-2)
    SWAP_NOT_SEVEN = "swap not seven"              # card (H-2)
    SWAP_TARGET = "swap target"                    # card (H-2)
    DOUBLES_OFF = "doubles off"                    # card (H-4)
    DOUBLES_WILD = "doubles wild"                  # card (H-4, ruling)
    DOUBLES_AFTER_DRAW = "doubles after draw"      # other = the card drawn (T-3)
    DOUBLES_NEED_TWO = "doubles need two"          # card (H-4)
    DRAW_NOT_NOW = "draw not now"                  # phase
    NOT_YOUR_TURN = "not your turn"                # seat (T-0)
    ALREADY_DREW = "already drew"                  # (T-3)
    DRAW_AFTER_OTHERS_DRAW = "draw after other's draw"  # seat: who drew (T-3)
    DRAW_FACING_DRAW_TWO = "draw facing draw two"  # count (W-3)
    DRAW_FACING_WD4 = "draw facing wd4"            # (W-3)
    DRAW_WHILE_POINTING = "draw while pointing"    # (PT-3)
    DRAW_MINI_PILE = "draw mini pile"              # (PU-4)
    ROUND_IS_OVER = "round is over"
    KEEP_NOT_DRAWER = "keep not drawer"            # seat (T-0)
    KEEP_NOT_AFTER_DRAW = "keep not after draw"    # (T-3)
    SPEED_NOT_HELD = "speed not held"              # card (SP-4)
    SPEED_CLASSIC = "speed classic"                # card (SP-7)
    SPEED_AFTER_DRAW = "speed after draw"          # card, other = the card drawn (T-3)
    SPEED_NOT_NOW = "speed not now"                # card, phase (SP-5, ruling)
    SPEED_OWN_CARD = "speed own card"              # card (SP-5, ruling)
    SPEED_UNO_CALL_LEAVES = "speed uno call leaves"  # card, count = cards left (U-1)
    UNO_NOT_ONE_CARD = "uno not one card"          # count = cards held (U-1)
    UNO_ALREADY = "uno already"                    # (U-1)
    CATCH_NO_SUCH = "catch no such"                # (U-3, ruling)
    CATCH_SELF = "catch self"                      # (U-3, ruling)
    CATCH_NOT_ONE_CARD = "catch not one card"      # seat (U-3, ruling)
    CATCH_CALLED = "catch called"                  # seat (U-3, ruling)
    CATCH_TOO_LATE = "catch too late"              # seat (U-2, ruling)
    NOTHING_TO_ACCEPT = "nothing to accept"        # (W-3)
    ACCEPT_NOT_YOU = "accept not you"              # seat (T-0)
    NOTHING_TO_CHALLENGE = "nothing to challenge"  # (W-3)
    CHALLENGE_NOT_YOU = "challenge not you"        # seat (T-0)
    CHALLENGE_DRAW_TWO = "challenge draw two"      # (H-1)
    POINT_NOT_NOW = "point not now"                # (PT-3)
    POINT_ALREADY = "point already"                # (PT-3)
    POINT_AT_SELF = "point at self"                # (PT-3)
    NO_MINI_PILE = "no mini pile"                  # (PU-6)
    TAKE_NOT_YOU = "take not you"                  # seat (T-0)
    MUST_ADD = "must add"                          # card (a card that fits), colour (PU-5, ruling)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a move is not allowed now, as data.

    Attributes:
        rule: the rule id (``"T-1"``).
        reason: what is wrong (`RefusalReason`); the fields below carry what it names.
        player: the seat whose move is refused.
        card: the card of the move. other: the top card, or the card just drawn.
        seat: another seat the reason names (the player to act, the target).
        count: a number (cards to draw, cards left, a card's number).
        colour: a colour (the current colour, the mini pile's colour).
        kind: the kind of draw card being answered. phase: the phase, where it matters.
        is_ruling: True when a ruling of this app decided (RULES.md ``[ruling]``).
        names: the players' names, kept for whoever words the refusal (not compared).

    The refusal words nothing itself: `unoparty.refusal_words.explain` makes the sentence a
    learner reads. ``str()`` is a plain sentence for developers: ``"refused by T-1 (not
    held)"``.
    """

    rule: str
    reason: RefusalReason
    player: int | None = None
    card: Card | None = None
    other: Card | None = None
    seat: int | None = None
    count: int | None = None
    colour: Colour | None = None
    kind: Kind | None = None
    phase: Phase | None = None
    is_ruling: bool = False
    names: tuple[str, ...] | None = field(default=None, compare=False, repr=False)

    def __reduce__(self) -> tuple[type["Refusal"], tuple[Any, ...]]:
        # Pickled as a call with the fields: the compiled build (mypyc) cannot restore a
        # frozen dataclass the default way (issue 20).
        return (Refusal, (self.rule, self.reason, self.player, self.card, self.other, self.seat,
                          self.count, self.colour, self.kind, self.phase, self.is_ruling, self.names))

    def __str__(self) -> str:
        ruling = ", a ruling of this app" if self.is_ruling else ""
        return f"refused by {self.rule} ({self.reason.value}{ruling})"


def _card_matches(top: Card, colour: Colour | None, card: Card) -> bool:
    """T-1/T-2 for one card: colour, number or symbol; wild cards match anything; a current
    colour of ``None`` (classic first Wild, S-5) matches any card."""
    if card.kind >= Kind.WILD:
        return True
    if colour is None or card.colour is colour:
        return True
    if top.kind is Kind.NUMBER:
        return card.kind is Kind.NUMBER and card.number == top.number
    if top.kind >= Kind.WILD:
        return False
    return card.kind is top.kind


# T-1/T-2 as a table, made once from `_card_matches`: top card -> current colour -> the
# cards that may be played on it (the hot path of `legal_moves` and `apply`).
MATCHING: dict[Card, dict[Colour | None, frozenset[Card]]] = {
    top: {colour: frozenset(c for c in ALL_CARDS if _card_matches(top, colour, c))
          for colour in (None, *COLOURS)}
    for top in ALL_CARDS
}


def matching(s: State) -> frozenset[Card]:
    """Every card that may be played on the discard pile now (T-1, T-2)."""
    return MATCHING[s.discard_pile[-1]][s.colour]


class TableTop(Protocol):
    """What `matches` reads: a `State`, a `unoparty.game.PlayerView` or a bot's past table."""

    @property
    def colour(self) -> Colour | None: ...

    @property
    def discard_pile(self) -> Sequence[Card]: ...


def matches(s: TableTop, card: Card) -> bool:
    """T-1/T-2: `card` may be played on the discard pile now (colour, number or symbol; wild
    cards match anything). A current colour of ``None`` (classic first Wild, S-5) matches any.

    Reads only ``s.colour`` and ``s.discard_pile[-1]``, so a player's view
    (`unoparty.game.PlayerView`) may be passed for `s`: bots ask this function rather than
    restating the rule."""
    return card in MATCHING[s.discard_pile[-1]][s.colour]


def _card_speed_matches(top: Card, jump_in: bool, card: Card) -> bool:
    """SP-1 / SP-7 for one card: an exact match of `top` (same colour and number; with
    Jump-In also same colour and action). Wild cards never match."""
    if card.kind >= Kind.WILD:
        return False
    if card.colour is not top.colour:
        return False
    if top.kind is Kind.NUMBER:
        return card.kind is Kind.NUMBER and card.number == top.number
    return jump_in and card.kind is top.kind


# SP-1 / SP-7 as a table, made once from `_card_speed_matches`: top card -> Jump-In -> the
# cards that are an exact match.
SPEED_MATCHING: dict[Card, dict[bool, frozenset[Card]]] = {
    top: {jump_in: frozenset(c for c in ALL_CARDS if _card_speed_matches(top, jump_in, c))
          for jump_in in (False, True)}
    for top in ALL_CARDS
}


def speed_matches(s: State, card: Card) -> bool:
    """SP-1 / SP-7: `card` is an exact match of the top card (same colour and number; with
    Jump-In also same colour and action). Wild cards never match."""
    return card in SPEED_MATCHING[s.discard_pile[-1]][s.rules.jump_in]


def wd4_legal(hand: Iterable[Card], colour_before: Colour | None) -> bool:
    """W-2: whether a Wild Draw Four played from `hand` (the cards left after playing it) is
    legal: its player held no card of `colour_before`, the current colour before it. A Wild,
    Wild Drawn Together or Wild Pile Up counts as a card of that colour; another Wild Draw
    Four does not (ruling). A `colour_before` of ``None`` (classic first Wild, S-5): legal."""
    if colour_before is None:
        return True
    return not any(c.colour is colour_before or (c.kind >= Kind.WILD and c.kind is not Kind.WILD_DRAW_FOUR)
                   for c in hand)


def fits_mini_pile(s: State, card: Card) -> bool:
    """PU-4: a card of the mini pile's colour, or any wild card."""
    return card.kind >= Kind.WILD or card.colour is s.mini_colour


def is_mistake(s: State, move: Move) -> bool:
    """True for a speed play that is not refused but is a mistake with a penalty (SP-4)."""
    return isinstance(move, SpeedPlay) and why_illegal(s, move, None) is None and not speed_matches(s, move.card)




R = RefusalReason


def _seat_type(field_name: str, value: object, s: State) -> None:
    if type(value) is not int:
        raise TypeError(f"{field_name} must be a seat: a whole number from 0 to {s.n - 1}, "
                        f"not {value!r} ({type(value).__name__})")


def check_move_types(s: State, move: Any) -> None:
    """Check the types of `move`'s fields (issue 9, bad input): seats are ints (not bool,
    float or text), a card is a `Card`, a colour a `Colour` or None, a link two seats, the
    yes/no fields bools. Seats out of range are not checked here: `why_illegal` refuses them
    with the rule that applies.

    Raises:
        TypeError: not a move, or a field of the wrong type (the message names the field).
        ValueError: a link that is not two seats.
    """
    t = type(move)
    if t not in _MOVE_TYPES:
        raise TypeError(f"not a move: {move!r} ({t.__name__}); a move is Play, Draw, Keep, SpeedPlay, "
                        "CallUno, Catch, Accept, Challenge, PointAt or TakeMiniPile")
    _seat_type("player", move.player, s)
    if t is Play or t is SpeedPlay:
        if type(move.card) is not Card:
            raise TypeError(f"card must be a Card (e.g. Card.parse('red 7')), not {move.card!r} "
                            f"({type(move.card).__name__})")
        if type(move.call_uno) is not bool:
            raise TypeError(f"call_uno must be True or False, not {move.call_uno!r}")
        swap = move.swap_with
        if swap is not None:
            _seat_type("swap_with", swap, s)
        if t is Play:
            colour = move.colour
            if colour is not None and type(colour) is not Colour:
                raise TypeError(f"colour must be a Colour (RED, YELLOW, GREEN, BLUE) or None, not {colour!r} "
                                f"({type(colour).__name__})")
            link = move.link
            if link is not None:
                if not isinstance(link, tuple) or len(link) != 2:
                    raise ValueError(f"link must be None or two seats, not {link!r}")
                _seat_type("link", link[0], s)
                _seat_type("link", link[1], s)
            if type(move.twice) is not bool:
                raise TypeError(f"twice must be True or False, not {move.twice!r}")
    elif t is Catch or t is PointAt:
        _seat_type("target", move.target, s)


def why_illegal(s: State, move: Move, names: Sequence[str] | None = None) -> Refusal | None:
    """Why `move` is not allowed in state `s`, or ``None`` if it may be applied.

    A speed play that does not match is *allowed* (it is a mistake, SP-4): use
    :func:`is_mistake` to tell. Seats out of range are refused here too, so the function
    never raises for a well-typed move. The checks of each kind of move are its entry in
    :data:`CHECKERS`, in the order of RULES.md "Order of refusals".

    Raises:
        TypeError / ValueError: an ill-typed move (:func:`check_move_types`), naming the field.

    Args:
        s: the state.
        move: a Move (seats are ints).
        names: the players' names, kept in the refusal for whoever words it (``None``:
            "player N").

    Returns:
        A `Refusal` (rule id, `RefusalReason` and its data) or ``None``.
    """
    check_move_types(s, move)
    n = s.n
    p = move.player
    nm = tuple(names) if names is not None else None

    def r(rule: str, reason: RefusalReason, ruling: bool = False, **data: Any) -> Refusal:
        return Refusal(rule, reason, player=p, is_ruling=ruling, names=nm, **data)

    if not (0 <= p < n):
        return r("T-0", R.NO_SUCH_SEAT, seat=p)
    return CHECKERS[type(move)](s, move, r)


class _Refuse(Protocol):
    """`why_illegal`'s maker of refusals for the seat whose move is checked."""

    def __call__(self, rule: str, reason: RefusalReason, ruling: bool = False, **data: Any) -> Refusal: ...


# ---- plays -----------------------------------------------------------------------
def _play(s: State, move: Play, r: _Refuse) -> Refusal | None:
    p, n, phase, hand, cur = move.player, s.n, s.phase, s.hands[move.player], s.current
    card = move.card
    if card not in hand:
        return r("T-1", R.NOT_HELD, card=card)
    if phase in _OVER:
        return r("R-1", R.PLAY_NOT_NOW, card=card, phase=phase)
    if phase is Phase.POINTING:
        return r("PT-3", R.PLAY_WHILE_POINTING, card=card)
    if phase is Phase.CHALLENGE:
        stack_ok = s.rules.stacking and card.kind is s.pending_kind
        if not stack_ok:
            # RULES.md "Order of refusals": a play during `challenge` is refused W-3 —
            # H-1 when stacking is on and the card is not one that stacks (for anyone).
            if s.rules.stacking:
                if p == cur:
                    return r("H-1", R.STACK_ONLY, card=card, kind=s.pending_kind, count=s.pending_draw)
                return r("H-1", R.STACK_ONLY_OTHER, card=card, kind=s.pending_kind,
                         count=s.pending_draw, seat=cur)
            return r("W-3", R.ANSWER_WD4_FIRST, card=card, seat=cur)
        if p != cur:
            return r("T-0", R.NOT_YOUR_TURN_ANSWER, card=card, seat=cur)
    elif p != cur:
        if phase is Phase.MINI_PILE:
            return r("T-0", R.NOT_YOUR_TURN_MINI_PILE, card=card, seat=cur)
        return r("T-0", R.NOT_YOUR_TURN_PLAY, card=card, seat=cur)
    if phase is Phase.DRAWN and card is not s.drawn_card:
        return r("T-3", R.DRAWN_CARD_ONLY, card=card, other=s.drawn_card)
    if phase is Phase.MINI_PILE:
        if move.colour is not None or move.link is not None:
            return r("PU-3", R.MINI_PILE_NO_CHOICES, card=card)
        if not fits_mini_pile(s, card):
            return r("PU-4", R.MINI_PILE_NEEDS_COLOUR, card=card, colour=s.mini_colour)
        if move.twice or move.swap_with is not None:
            return r("PU-4", R.MINI_PILE_ONE_CARD, card=card)
    elif phase is not Phase.CHALLENGE and not matches(s, card):
        top = s.discard_pile[-1]
        if top.kind >= Kind.WILD:
            return r("T-1", R.NO_MATCH_CHOSEN_COLOUR, card=card, other=top, colour=s.colour)
        if top.kind is Kind.NUMBER:
            return r("T-1", R.NO_MATCH_NUMBER, card=card, other=top, colour=s.colour, count=top.number)
        return r("T-1", R.NO_MATCH_SYMBOL, card=card, other=top, colour=s.colour)
    if phase is not Phase.MINI_PILE:
        if card.kind.takes_colour and move.colour is None:
            return r("W-1", R.NAME_A_COLOUR, card=card)
        if not card.kind.takes_colour and move.colour is not None:
            if card.kind is Kind.WILD_PILE_UP:
                return r("PU-1", R.NO_COLOUR_FOR_PILE_UP, card=card)
            return r("W-1", R.NO_COLOUR_FOR_CARD, card=card)
        if card.kind is Kind.WILD_DRAWN_TOGETHER:
            if move.link is None:
                return r("LK-1", R.LINK_MISSING, card=card)
            a, b = move.link
            if not (0 <= a < n and 0 <= b < n):
                return r("LK-1", R.LINK_OFF_TABLE, card=card)
            if a == b:
                return r("LK-1", R.LINK_SAME_PLAYER, card=card)
        elif move.link is not None:
            return r("LK-1", R.LINK_NOT_WDT, card=card)
    left = len(hand) - (2 if move.twice else 1)
    if move.call_uno and left != 1:
        return r("U-1", R.UNO_CALL_LEAVES, card=card, count=left)
    if move.swap_with is not None:
        swap = _swap_refusal(s, card, move.swap_with, p)
        if swap is not None:
            return r("H-2", swap, card=card)
    if move.twice:
        if not s.rules.doubles:
            return r("H-4", R.DOUBLES_OFF, card=card)
        if card.kind >= Kind.WILD:
            return r("H-4", R.DOUBLES_WILD, ruling=True, card=card)
        if phase is Phase.DRAWN:
            return r("T-3", R.DOUBLES_AFTER_DRAW, card=card, other=s.drawn_card)
        if hand.count(card) < 2:
            return r("H-4", R.DOUBLES_NEED_TWO, card=card)
    return None


# ---- draw, keep ------------------------------------------------------------------------
def _draw(s: State, move: Draw, r: _Refuse) -> Refusal | None:
    p, phase, cur = move.player, s.phase, s.current
    if phase in _OVER:
        return r("R-1", R.DRAW_NOT_NOW, phase=phase)
    if phase is Phase.TURN:
        if p != cur:
            return r("T-0", R.NOT_YOUR_TURN, seat=cur)
        return None
    if phase is Phase.DRAWN:
        # RULES.md "Order of refusals": a draw during `drawn` is refused T-3, by anyone.
        if p != cur:
            return r("T-3", R.DRAW_AFTER_OTHERS_DRAW, seat=cur)
        return r("T-3", R.ALREADY_DREW)
    if phase is Phase.CHALLENGE:
        if s.pending_kind is Kind.DRAW_TWO:
            return r("W-3", R.DRAW_FACING_DRAW_TWO, count=s.pending_draw)
        return r("W-3", R.DRAW_FACING_WD4)
    if phase is Phase.POINTING:
        return r("PT-3", R.DRAW_WHILE_POINTING)
    return r("PU-4", R.DRAW_MINI_PILE)


def _keep(s: State, move: Keep, r: _Refuse) -> Refusal | None:
    p, phase, cur = move.player, s.phase, s.current
    if phase in _OVER:
        return r("R-1", R.ROUND_IS_OVER)
    if phase is Phase.DRAWN:
        if p != cur:
            return r("T-0", R.KEEP_NOT_DRAWER, seat=cur)
        return None
    return r("T-3", R.KEEP_NOT_AFTER_DRAW)


# ---- speed play ------------------------------------------------------------------------
def _speed_play(s: State, move: SpeedPlay, r: _Refuse) -> Refusal | None:
    p, phase, hand, cur = move.player, s.phase, s.hands[move.player], s.current
    card = move.card
    if card not in hand:
        return r("SP-4", R.SPEED_NOT_HELD, card=card)
    if phase in _OVER:
        return r("R-1", R.PLAY_NOT_NOW, card=card, phase=phase)
    if not s.rules.has_speed_play:
        return r("SP-7", R.SPEED_CLASSIC, card=card)
    if phase is Phase.DRAWN and p == cur:
        return r("T-3", R.SPEED_AFTER_DRAW, card=card, other=s.drawn_card)
    if phase not in (Phase.TURN, Phase.DRAWN):
        return r("SP-5", R.SPEED_NOT_NOW, ruling=True, card=card, phase=phase)
    if s.top_player == p:
        return r("SP-5", R.SPEED_OWN_CARD, ruling=True, card=card)
    if move.call_uno and len(hand) != 2:
        return r("U-1", R.SPEED_UNO_CALL_LEAVES, card=card, count=len(hand) - 1)
    swap_with = getattr(move, "swap_with", None)
    if swap_with is not None:
        swap = _swap_refusal(s, card, swap_with, p)
        if swap is not None:
            return r("H-2", swap, card=card)
    return None


# ---- UNO -------------------------------------------------------------------------------
def _call_uno(s: State, move: CallUno, r: _Refuse) -> Refusal | None:
    p, phase, hand = move.player, s.phase, s.hands[move.player]
    if phase in _OVER:
        return r("R-1", R.ROUND_IS_OVER)
    if len(hand) != 1:
        return r("U-1", R.UNO_NOT_ONE_CARD, count=len(hand))
    if s.uno_called[p]:
        return r("U-1", R.UNO_ALREADY)
    return None



def _catch(s: State, move: Catch, r: _Refuse) -> Refusal | None:
    p, n, phase = move.player, s.n, s.phase
    t = move.target
    if phase in _OVER:
        return r("R-1", R.ROUND_IS_OVER)
    if not (0 <= t < n):
        return r("U-3", R.CATCH_NO_SUCH, ruling=True, seat=t)
    if t == p:
        return r("U-3", R.CATCH_SELF, ruling=True, seat=t)
    if len(s.hands[t]) != 1:
        return r("U-3", R.CATCH_NOT_ONE_CARD, ruling=True, seat=t)
    if s.uno_called[t]:
        return r("U-3", R.CATCH_CALLED, ruling=True, seat=t)
    if s.catchable != t:
        return r("U-2", R.CATCH_TOO_LATE, ruling=True, seat=t)
    return None


# ---- answers to draw cards -------------------------------------------------------------------
def _accept(s: State, move: Accept, r: _Refuse) -> Refusal | None:
    p, phase, cur = move.player, s.phase, s.current
    if phase in _OVER:
        return r("R-1", R.ROUND_IS_OVER)
    if phase is not Phase.CHALLENGE:
        return r("W-3", R.NOTHING_TO_ACCEPT)
    if p != cur:
        return r("T-0", R.ACCEPT_NOT_YOU, seat=cur, kind=s.pending_kind)
    return None



def _challenge(s: State, move: Challenge, r: _Refuse) -> Refusal | None:
    p, phase, cur = move.player, s.phase, s.current
    if phase in _OVER:
        return r("R-1", R.ROUND_IS_OVER)
    if phase is not Phase.CHALLENGE:
        return r("W-3", R.NOTHING_TO_CHALLENGE)
    # W-3 ruling: nobody can challenge a Draw Two — refused H-1, by anyone.
    if s.pending_kind is not Kind.WILD_DRAW_FOUR:
        return r("H-1", R.CHALLENGE_DRAW_TWO, kind=s.pending_kind)
    if p != cur:
        return r("T-0", R.CHALLENGE_NOT_YOU, seat=cur)
    return None


# ---- Point Taken -------------------------------------------------------------------------------
def _point_at(s: State, move: PointAt, r: _Refuse) -> Refusal | None:
    p, n, phase = move.player, s.n, s.phase
    t = move.target
    if phase in _OVER:
        return r("R-1", R.ROUND_IS_OVER)
    if phase is not Phase.POINTING:
        return r("PT-3", R.POINT_NOT_NOW)
    if p in s.pointing:
        return r("PT-3", R.POINT_ALREADY)
    if not (0 <= t < n) or t == p:
        return r("PT-3", R.POINT_AT_SELF, seat=t)
    return None


# ---- Wild Pile Up --------------------------------------------------------------------------------
def _take_mini_pile(s: State, move: TakeMiniPile, r: _Refuse) -> Refusal | None:
    p, phase, hand, cur = move.player, s.phase, s.hands[move.player], s.current
    if phase in _OVER:
        return r("R-1", R.ROUND_IS_OVER)
    if phase is not Phase.MINI_PILE:
        return r("PU-6", R.NO_MINI_PILE)
    if p != cur:
        return r("T-0", R.TAKE_NOT_YOU, seat=cur)
    for card in hand:
        if fits_mini_pile(s, card):
            return r("PU-5", R.MUST_ADD, ruling=True, card=card, colour=s.mini_colour)
    return None


CHECKERS: dict[type, Callable[[State, Any, _Refuse], Refusal | None]] = {
    Play: _play,
    Draw: _draw,
    Keep: _keep,
    SpeedPlay: _speed_play,
    CallUno: _call_uno,
    Catch: _catch,
    Accept: _accept,
    Challenge: _challenge,
    PointAt: _point_at,
    TakeMiniPile: _take_mini_pile,
}
"""`why_illegal` as a table: each kind of move → its checker, which returns the first
refusal that applies or ``None``. Every kind of `Move` has an entry (tested), so every move
kind has its reasons by construction. The values take the move as ``Any``: each checker
takes its own kind (``_play(s, move: Play, r)``), which one callable type cannot say."""

_MOVE_TYPES = frozenset(CHECKERS)


def _swap_refusal(s: State, card: Card, t: int, p: int) -> RefusalReason | None:
    """H-2: a swap needs Seven-O, a 7 and another player at the table."""
    if not s.rules.seven_o:
        return R.SEVEN_O_OFF
    if card.kind is not Kind.NUMBER or card.number != 7:
        return R.SWAP_NOT_SEVEN
    if not (0 <= t < s.n) or t == p:
        return R.SWAP_TARGET
    return None
