"""Hints for a learner: the move the ``basic`` bot would make, with a one-sentence reason.

The bot gives its reason as data (`unoparty.bots.reasons.Reason`); :func:`advice` returns it
so, and :func:`hint` words it here, at the edge, in the learner's language
(:func:`reason_words`: one entry of :data:`REASON_WORDS` per `Why`, so every reason has
words by construction).

>>> from unoparty.game import Game
>>> g = Game(["You", "Ava", "Ben"], seed=1)
>>> move, reason = hint(g, 0)
>>> g.why_illegal(move) is None and reason.endswith(".")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..cards import Card
from ..engine import CallUno, Catch, Move, SpeedPlay
from ..i18n import _, card_name, colour_name, ngettext, said, said_n, the_card, the_card_object
from ..player_names import gender_of
from .basic import BasicBot
from .reasons import Reason, Why

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["hint", "advice", "reason_words", "REASON_WORDS"]

_ADVISER = BasicBot(forget_uno=0.0, bluff_rate=0.0)


def advice(game: Game, player: int) -> tuple[Move | None, Reason]:
    """``(move, reason)`` for seat `player` now, from what that seat can see only, the
    reason as data (`Reason`).

    The move is legal. When the game does not wait for `player`, the advice is an
    out-of-turn chance (speed play, UNO call, catch) if there is one, else ``(None, reason)``
    (`Why.ROUND_OVER` or `Why.WAIT`).
    """
    view = game.view_for(player)
    rng = random.Random(0)
    if player in game.to_act():
        return _ADVISER.decide(view, rng)
    out_of_turn = _ADVISER.react(view, rng)
    if out_of_turn is None:
        if view.current is None:
            return None, Reason(Why.ROUND_OVER)
        return None, Reason(Why.WAIT, seat=view.current)
    if type(out_of_turn) is Catch:
        return out_of_turn, Reason(Why.CATCH, seat=out_of_turn.target)
    if type(out_of_turn) is CallUno:
        return out_of_turn, Reason(Why.CALL_UNO_NOW)
    move = out_of_turn
    assert type(move) is SpeedPlay  # the only other out-of-turn move `react` makes
    return move, Reason(Why.SPEED_PLAY, card=move.card)


def hint(game: Game, player: int) -> tuple[Move | None, str]:
    """``(move, reason)`` for seat `player` now (:func:`advice`), the reason worded: one
    sentence through `unoparty.i18n` (:func:`reason_words`), plus "press UNO!" when the
    move leaves the player one card."""
    move, reason = advice(game, player)
    return move, _with_uno(move, reason_words(reason, game.names))


def _with_uno(move: Move | None, reason: str) -> str:
    """The reason, plus "and call UNO" when the move leaves the player one card (U-1, U-2):
    a learner who follows the hint must not be caught."""
    if getattr(move, "call_uno", False):
        uno = _("It leaves you one card: press UNO! before you play it, or you can be caught (U-2).")
        return f"{reason} {uno}" if reason else uno
    return reason


class _Named:
    """What a reason's words read: the reason and the players' names."""

    __slots__ = ("r", "names")

    def __init__(self, r: Reason, names: Sequence[str]) -> None:
        self.r = r
        self.names = names

    def who(self) -> str:
        return self.name(self.r.seat)

    def gender(self) -> str | None:
        """The grammatical gender of the seat the reason names (Czech: *Ava zahrála*)."""
        return gender_of(self.who()) if self.r.seat is not None else None

    def name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None else "?"

    def the(self) -> str:
        return the_card(self._card())

    def obj(self) -> str:
        """The card as the object of the advice ("Play {card}"): :func:`unoparty.i18n.the_card_object`."""
        return the_card_object(self._card())

    def card(self) -> str:
        return card_name(self._card())

    def colour(self) -> str:
        return colour_name(self.r.colour)

    def n(self) -> int:
        return self.r.count if self.r.count is not None else 0

    def _card(self) -> Card:
        if self.r.card is None:
            raise ValueError(f"the reason {self.r.why.value!r} names a card and has none")
        return self.r.card


REASON_WORDS: dict[Why, Callable[[_Named], str]] = {
    Why.CATCH: lambda x: said(x.gender(), "Catch {who}: they hold one card and did not call UNO.").format(who=x.who()),
    Why.POINT_AT_CLOSEST: lambda x: said_n(
        x.gender(),
        "Point at {who}: with {n} card they are closest to going out.",
        "Point at {who}: with {n} cards they are closest to going out.", x.n()).format(who=x.who(), n=x.n()),
    Why.STACK: lambda x: ngettext(
        "Stack {card}: the next player faces {n} card instead of you.",
        "Stack {card}: the next player faces {n} cards instead of you.", x.n()).format(card=x.obj(), n=x.n()),
    Why.CHALLENGE_MANY_CARDS: lambda x: said_n(
        x.gender(),
        "Challenge: {who} still holds {n} card, so they may well have had a card of the colour.",
        "Challenge: {who} still holds {n} cards, so they may well have had a card of the colour.",
        x.n()).format(who=x.who(), n=x.n()),
    Why.ACCEPT_FEW_CARDS: lambda x: said_n(
        x.gender(),
        "Accept: with only {n} card left, {who} probably had no card of the colour; a failed challenge costs six.",
        "Accept: with only {n} cards left, {who} probably had no card of the colour; a failed challenge costs six.",
        x.n()).format(who=x.who(), n=x.n()),
    Why.ACCEPT_NOTHING_TO_STACK: lambda x: ngettext(
        "Accept the {n} card: you have no card to pass it on with.",
        "Accept the {n} cards: you have no card to pass them on with.", x.n()).format(n=x.n()),
    Why.TAKE_MINI_PILE: lambda x: _("Take the mini pile: none of your cards is {colour} or wild.").format(
        colour=x.colour()),
    Why.ADD_ONLY_FIT: lambda x: _("Add {card}: it is the only card you have that fits.").format(card=x.obj()),
    Why.ADD_KEEP_WILDS: lambda x: _("Add {card}: it fits the {colour} mini pile and you keep your wild cards.").format(
        card=x.obj(), colour=x.colour()),
    Why.KEEP_WILD: lambda x: _("Keep {card}: a wild card is worth more later.").format(card=x.obj()),
    Why.CALL_UNO_ONE_CARD: lambda x: _("Call UNO: you hold one card."),
    Why.DRAW_NO_MATCH: lambda x: _("Draw a card: nothing in your hand matches {top}.").format(top=x.the()),
    Why.DRAW_KEEP_WILD: lambda x: _("Draw a card: keep your wild card for when you need it."),
    Why.PLAY_LAST_CARD: lambda x: _("Play {card}: it is your last card.").format(card=x.obj()),
    Why.WD4_ATTACK: lambda x: ngettext(
        "Play the wild draw four: {who} has only {n} card left.",
        "Play the wild draw four: {who} has only {n} cards left.", x.n()).format(who=x.who(), n=x.n()),
    Why.WD4_BAIT: lambda x: _("Play the wild draw four: it is legal, so if {who} challenges they draw six.").format(
        who=x.who()),
    Why.PLAY_DOUBLES: lambda x: _("Play both of your cards {card} together: two cards gone in one turn.").format(
        card=x.card()),
    Why.PLAY_LINK: lambda x: _("Play the wild drawn together as {colour}: link {a} and {b}, who hold the fewest cards.").format(
        colour=x.colour(), a=x.name(x.r.seat), b=x.name(x.r.seat2)),
    Why.PLAY_NAME_COLOUR: lambda x: _("Play {card} and name {colour}: you hold the most {colour} cards.").format(
        card=x.obj(), colour=x.colour()),
    Why.PLAY_PILE_UP: lambda x: _("Play the wild pile up: it is the only card you can play."),
    Why.PLAY_SLOW_THEM: lambda x: _("Play {card}: the next player is close to going out, so slow them down.").format(
        card=x.obj()),
    Why.PLAY_POINT_TAKEN: lambda x: _(
        "Play {card}: another player holds fewer cards than you, so most fingers point at them.").format(card=x.obj()),
    Why.PLAY_DRAWN: lambda x: _("Play {card}: it is the card you just drew and it matches.").format(card=x.obj()),
    Why.PLAY_KEEP_WILD: lambda x: _("Play {card}: it keeps your wild card for later.").format(card=x.obj()),
    Why.PLAY_BEST_COLOUR: lambda x: _("Play {card}: it leaves you holding the most of your best colour.").format(
        card=x.obj()),
    Why.ROUND_OVER: lambda x: _("The round is over."),
    Why.WAIT: lambda x: _("Wait: it is {who}'s turn and you have nothing to do out of turn.").format(who=x.who()),
    Why.CALL_UNO_NOW: lambda x: _("Call UNO now, before someone catches you."),
    Why.SPEED_PLAY: lambda x: _("Speed play the {card}: it is an exact match of the top card.").format(card=x.card()),
}
"""The words of each bot reason: `Why` → a function of the reason (with the players' names)
giving one sentence in the current language. One entry per `Why` (tested)."""


def reason_words(reason: Reason, names: Sequence[str]) -> str:
    """`reason` as one sentence for the learner, in the current language; `names` are the
    players' names in seating order (the seats the reason names are looked up in it).

    Raises:
        ValueError: the reason lacks a card its words name.
    """
    return REASON_WORDS[reason.why](_Named(reason, names))
