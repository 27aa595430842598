"""`why_illegal`: the one checker of moves (DESIGN.md), following RULES.md "Order of refusals".

Each refusal names the first rule that forbids the move and explains it in the second
person, naming the cards, for a learner. Where a ruling of this app (not the printed
rules) decides, the explanation says so and ``Refusal.is_ruling`` is True.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..cards import Card, Kind
from ..i18n import _, card_name, colour_name, symbol_name, the_card
from .moves import (Accept, CallUno, Catch, Challenge, Draw, Keep, Play, PointAt, SpeedPlay,
                    TakeMiniPile)
from .state import Phase, State

__all__ = ["Refusal", "why_illegal", "is_mistake", "matches", "speed_matches", "fits_mini_pile",
           "RULING_NOTE_SENTENCE"]

RULING_NOTE_SENTENCE = "(The printed rules don't say; this app rules it so.)"
_OVER = (Phase.ROUND_OVER, Phase.MATCH_OVER)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a move is not allowed now.

    Attributes:
        rule: the rule id (``"T-1"``).
        explanation: one or two sentences for a learner, ending with ``(rule id)``.
        is_ruling: True when a ruling of this app decided (RULES.md ``[ruling]``).
    """

    rule: str
    explanation: str
    is_ruling: bool = False


def _r(rule: str, text: str, ruling: bool = False) -> Refusal:
    if ruling:
        note = _("(The printed rules don't say; this app rules it so.)")  # RULING_NOTE_SENTENCE
        text = f"{text} {note} ({rule})"
    else:
        text = f"{text} ({rule})"
    return Refusal(rule, text, ruling)


def _the(card: Card) -> str:
    return the_card(card)


def matches(s: State, card: Card) -> bool:
    """T-1/T-2: `card` may be played on the discard pile now (colour, number or symbol; wild
    cards match anything). A current colour of ``None`` (classic first Wild, S-5) matches any."""
    if card.kind >= Kind.WILD:
        return True
    if s.colour is None or card.colour is s.colour:
        return True
    top = s.discard_pile[-1]
    if top.kind is Kind.NUMBER:
        return card.kind is Kind.NUMBER and card.number == top.number
    if top.kind >= Kind.WILD:
        return False
    return card.kind is top.kind


def speed_matches(s: State, card: Card) -> bool:
    """SP-1 / SP-7: `card` is an exact match of the top card (same colour and number; with
    Jump-In also same colour and action). Wild cards never match."""
    if card.kind >= Kind.WILD:
        return False
    top = s.discard_pile[-1]
    if card.colour is not top.colour:
        return False
    if top.kind is Kind.NUMBER:
        return card.kind is Kind.NUMBER and card.number == top.number
    return s.rules.jump_in and card.kind is top.kind


def fits_mini_pile(s: State, card: Card) -> bool:
    """PU-4: a card of the mini pile's colour, or any wild card."""
    return card.kind >= Kind.WILD or card.colour is s.mini_colour


def is_mistake(s: State, move) -> bool:
    """True for a speed play that is not refused but is a mistake with a penalty (SP-4)."""
    return isinstance(move, SpeedPlay) and why_illegal(s, move, None) is None and not speed_matches(s, move.card)


def _phase_words(s: State) -> str:
    return {
        Phase.TURN: _("it is a normal turn"),
        Phase.DRAWN: _("a player has just drawn a card"),
        Phase.CHALLENGE: _("a draw card is waiting for its answer"),
        Phase.POINTING: _("everybody is pointing after a Point Taken"),
        Phase.MINI_PILE: _("a mini pile is open"),
        Phase.ROUND_OVER: _("the round is over"),
        Phase.MATCH_OVER: _("the match is over"),
    }[s.phase]


def why_illegal(s: State, move, names: Sequence[str] | None) -> Refusal | None:
    """Why `move` is not allowed in state `s`, or ``None`` if it may be applied.

    A speed play that does not match is *allowed* (it is a mistake, SP-4): use
    :func:`is_mistake` to tell. Seats out of range are refused here too, so the function
    never raises for a well-typed move.

    Args:
        s: the state.
        move: a Move (seats are ints).
        names: the players' names, used in explanations (``None``: "player N").
    """
    n = s.n

    def name(seat: int) -> str:
        if names is not None and 0 <= seat < len(names):
            return names[seat]
        return _("player {n}").format(n=seat + 1)

    p = move.player
    if not (0 <= p < n):
        return _r("T-0", _("There is no such player at this table (seat {n}).").format(n=p))
    phase = s.phase
    hand = s.hands[p]
    cur = s.current

    # ---- plays -----------------------------------------------------------------------
    if isinstance(move, Play):
        card = move.card
        if card not in hand:
            return _r("T-1", _("You can't play {card}: you don't hold it.").format(card=_the(card)))
        if phase in _OVER:
            return _r("R-1", _("You can't play {card} now: {state}.").format(card=_the(card), state=_phase_words(s)))
        if phase is Phase.POINTING:
            return _r("PT-3", _("You can't play {card} now: first everybody points at another player (Point Taken).")
                      .format(card=_the(card)))
        if phase is Phase.CHALLENGE:
            stack_ok = s.rules.stacking and card.kind is s.pending_kind
            if not stack_ok:
                if s.rules.stacking and p == cur:
                    kind = _("Draw Two") if s.pending_kind is Kind.DRAW_TWO else _("Wild Draw Four")
                    return _r("H-1", _("You can't play {card} now: facing a {kind}, you may only stack another "
                                       "{kind} or accept the {n} cards.").format(card=_the(card), kind=kind, n=s.pending_draw))
                if p == cur or not s.rules.stacking:
                    return _r("W-3", _("You can't play {card} now: {who} must first accept or challenge the Wild Draw Four.")
                              .format(card=_the(card), who=_("you") if p == cur else name(cur)))
            if p != cur:
                return _r("T-0", _("You can't play {card} now: it's not your turn, {who} must answer the draw card.")
                          .format(card=_the(card), who=name(cur)))
        elif p != cur:
            if phase is Phase.MINI_PILE:
                return _r("T-0", _("You can't add {card} now: it's not your turn. The player to add to the mini pile is {who}.")
                          .format(card=_the(card), who=name(cur)))
            return _r("T-0", _("You can't play {card} now: it's not your turn. The player to act is {who}.")
                      .format(card=_the(card), who=name(cur)))
        if phase is Phase.DRAWN and card is not s.drawn_card:
            return _r("T-3", _("After drawing, the only card you may play is the card you drew ({drawn}). Play it or keep it.")
                      .format(drawn=_the(s.drawn_card)))
        if phase is Phase.MINI_PILE:
            if move.colour is not None or move.link is not None:
                return _r("PU-3", _("Cards added to a mini pile take no colour and no choices: just add {card}.")
                          .format(card=_the(card)))
            if not fits_mini_pile(s, card):
                return _r("PU-4", _("You can't add {card} to the mini pile: it needs a {colour} card or a wild card.")
                          .format(card=_the(card), colour=colour_name(s.mini_colour)))
            if move.twice or move.swap_with is not None:
                return _r("PU-4", _("On a mini pile each player adds one card, and no card's effect applies."))
        elif phase is not Phase.CHALLENGE and not matches(s, card):
            top = s.discard_pile[-1]
            if top.kind >= Kind.WILD:
                why = _("it is not {colour}, the colour chosen for the {top}.").format(
                    colour=colour_name(s.colour), top=card_name(top))
            elif top.kind is Kind.NUMBER:
                why = _("it matches neither the colour ({colour}) nor the number ({num}).").format(
                    colour=colour_name(s.colour), num=top.number)
            else:
                why = _("it matches neither the colour ({colour}) nor the symbol ({sym}).").format(
                    colour=colour_name(s.colour), sym=symbol_name(top))
            return _r("T-1", _("You can't play {card} on {top}: {why}").format(
                card=_the(card), top=_the(top), why=why))
        if phase is not Phase.MINI_PILE:
            if card.kind.takes_colour and move.colour is None:
                return _r("W-1", _("Playing {card}, you must name the colour to play next.").format(card=_the(card)))
            if not card.kind.takes_colour and move.colour is not None:
                if card.kind is Kind.WILD_PILE_UP:
                    return _r("PU-1", _("You don't choose a colour for a Wild Pile Up: the mini pile's first card decides it."))
                return _r("W-1", _("Only a Wild, a Wild Draw Four or a Wild Drawn Together lets you name a colour; {card} keeps its own.")
                          .format(card=_the(card)))
            if card.kind is Kind.WILD_DRAWN_TOGETHER:
                if move.link is None:
                    return _r("LK-1", _("Playing {card}, you must choose two players to link.").format(card=_the(card)))
                a, b = move.link
                if not (0 <= a < n and 0 <= b < n):
                    return _r("LK-1", _("Playing {card}, you can only link players at this table.").format(card=_the(card)))
                if a == b:
                    return _r("LK-1", _("Playing {card}, link two different players, not the same one twice.")
                              .format(card=_the(card)))
            elif move.link is not None:
                return _r("LK-1", _("Only a Wild Drawn Together links players, not {card}.").format(card=_the(card)))
        left = len(hand) - (2 if move.twice else 1)
        if move.call_uno and left != 1:
            return _r("U-1", _("You call UNO when a play leaves you with one card; playing {card} leaves you {n}.")
                      .format(card=_the(card), n=left))
        if move.swap_with is not None:
            if not s.rules.seven_o:
                return _r("H-2", _("You can't swap hands with {card}: Seven-O is a house rule, and it is not on in this game.")
                          .format(card=_the(card)))
            if card.kind is not Kind.NUMBER or card.number != 7:
                return _r("H-2", _("Only a 7 lets you swap hands (Seven-O), not {card}.").format(card=_the(card)))
            t = move.swap_with
            if not (0 <= t < n) or t == p:
                return _r("H-2", _("Playing {card}, choose another player at the table to swap hands with.")
                          .format(card=_the(card)))
        if move.twice:
            if not s.rules.doubles:
                return _r("H-4", _("You can't play {card} twice: Doubles is a house rule, and it is not on in this game.")
                          .format(card=_the(card)))
            if card.kind >= Kind.WILD:
                return _r("H-4", _("Wild cards can't be played as doubles, so not {card}.").format(card=_the(card)), ruling=True)
            if phase is Phase.DRAWN:
                return _r("T-3", _("After drawing, you may play only the card you drew ({drawn}), not two cards.")
                          .format(drawn=_the(s.drawn_card)))
            if hand.count(card) < 2:
                return _r("H-4", _("You need two of {card} to play them together.").format(card=_the(card)))
        return None

    # ---- draw, keep ------------------------------------------------------------------------
    if isinstance(move, Draw):
        if phase in _OVER:
            return _r("R-1", _("You can't draw now: {state}.").format(state=_phase_words(s)))
        if phase is Phase.TURN:
            if p != cur:
                return _r("T-0", _("It's not your turn. The player to act is {who}.").format(who=name(cur)))
            return None
        if phase is Phase.DRAWN:
            if p != cur:
                return _r("T-0", _("It's not your turn. The player to act is {who}.").format(who=name(cur)))
            return _r("T-3", _("You have already drawn this turn: play the card you drew or keep it."))
        if phase is Phase.CHALLENGE:
            if s.pending_kind is Kind.DRAW_TWO:
                return _r("W-3", _("A draw card waits for its answer: accept it (draw {n}) or stack another Draw Two.")
                          .format(n=s.pending_draw))
            return _r("W-3", _("A Wild Draw Four waits for its answer: accept it or challenge it."))
        if phase is Phase.POINTING:
            return _r("PT-3", _("Nobody draws until everybody has pointed (Point Taken)."))
        return _r("PU-4", _("While a mini pile is open you can't draw: add a card to it, or take it if nothing fits."))

    if isinstance(move, Keep):
        if phase in _OVER:
            return _r("R-1", _("The round is over."))
        if phase is Phase.DRAWN:
            if p != cur:
                return _r("T-0", _("Only {who}, who just drew, can keep the card.").format(who=name(cur)))
            return None
        return _r("T-3", _("You keep a card only right after drawing a card you could play."))

    # ---- speed play ------------------------------------------------------------------------
    if isinstance(move, SpeedPlay):
        card = move.card
        if card not in hand:
            return _r("SP-4", _("You can't speed play {card}: you don't hold it.").format(card=_the(card)))
        if phase in _OVER:
            return _r("R-1", _("You can't play {card} now: {state}.").format(card=_the(card), state=_phase_words(s)))
        if not s.rules.has_speed_play:
            return _r("SP-7", _("You can't speed play {card}: classic UNO has no speed play unless the Jump-In "
                                "house rule is on.").format(card=_the(card)))
        if phase is Phase.DRAWN and p == cur:
            return _r("T-3", _("You can't speed play {card}: you drew {drawn} this turn; play it or keep it.")
                      .format(card=_the(card), drawn=_the(s.drawn_card)))
        if phase not in (Phase.TURN, Phase.DRAWN):
            return _r("SP-5", _("You can't speed play {card} now: speed play is only possible during normal play, "
                                "not while {state}.").format(card=_the(card), state=_phase_words(s)), ruling=True)
        if s.top_player == p:
            return _r("SP-5", _("You can't speed play {card} onto your own card: one card per turn.")
                      .format(card=_the(card)), ruling=True)
        if move.call_uno and len(hand) != 2:
            return _r("U-1", _("You call UNO when a play leaves you with one card; speed playing {card} leaves you {n}.")
                      .format(card=_the(card), n=len(hand) - 1))
        return None

    # ---- UNO -------------------------------------------------------------------------------
    if isinstance(move, CallUno):
        if phase in _OVER:
            return _r("R-1", _("The round is over."))
        if len(hand) != 1:
            return _r("U-1", _("You call UNO when you hold exactly one card; you hold {n}.").format(n=len(hand)))
        if s.uno_called[p]:
            return _r("U-1", _("You have already called UNO."))
        return None

    if isinstance(move, Catch):
        t = move.target
        if phase in _OVER:
            return _r("R-1", _("The round is over."))
        if not (0 <= t < n):
            return _r("U-3", _("There is no such player to catch."), ruling=True)
        if t == p:
            return _r("U-3", _("You can't catch yourself: call UNO instead."), ruling=True)
        if len(s.hands[t]) != 1:
            return _r("U-3", _("{who} doesn't hold one card, so there is nothing to catch.").format(who=name(t)), ruling=True)
        if s.uno_called[t]:
            return _r("U-3", _("{who} called UNO, so there is nothing to catch.").format(who=name(t)), ruling=True)
        if s.catchable != t:
            return _r("U-2", _("Too late to catch {who}: another player has already played or drawn since.")
                      .format(who=name(t)), ruling=True)
        return None

    # ---- answers to draw cards -------------------------------------------------------------------
    if isinstance(move, Accept):
        if phase in _OVER:
            return _r("R-1", _("The round is over."))
        if phase is not Phase.CHALLENGE:
            return _r("W-3", _("There is no draw card to accept now."))
        if p != cur:
            return _r("T-0", _("Only {who}, the next player, answers the draw card.").format(who=name(cur)))
        return None

    if isinstance(move, Challenge):
        if phase in _OVER:
            return _r("R-1", _("The round is over."))
        if phase is not Phase.CHALLENGE:
            return _r("W-3", _("You can only challenge a Wild Draw Four just played on you."))
        if p != cur:
            return _r("T-0", _("Only {who}, the next player, may challenge the Wild Draw Four.").format(who=name(cur)))
        if s.pending_kind is not Kind.WILD_DRAW_FOUR:
            return _r("H-1", _("A Draw Two can't be challenged: accept it or stack another Draw Two."))
        return None

    # ---- Point Taken -------------------------------------------------------------------------------
    if isinstance(move, PointAt):
        t = move.target
        if phase in _OVER:
            return _r("R-1", _("The round is over."))
        if phase is not Phase.POINTING:
            return _r("PT-3", _("You point at a player only after a Point Taken is played."))
        if p in s.pointing:
            return _r("PT-3", _("You have already pointed."))
        if not (0 <= t < n) or t == p:
            return _r("PT-3", _("Point at another player, never at yourself."))
        return None

    # ---- Wild Pile Up --------------------------------------------------------------------------------
    if isinstance(move, TakeMiniPile):
        if phase in _OVER:
            return _r("R-1", _("The round is over."))
        if phase is not Phase.MINI_PILE:
            return _r("PU-6", _("There is no mini pile to take."))
        if p != cur:
            return _r("T-0", _("It's not your turn. The player to add to the mini pile is {who}.").format(who=name(cur)))
        for card in hand:
            if fits_mini_pile(s, card):
                return _r("PU-5", _("You must add a card when you can: {card} fits the {colour} mini pile.")
                          .format(card=_the(card), colour=colour_name(s.mini_colour)), ruling=True)
        return None

    raise TypeError(f"not a move: {move!r}")
