"""Hints for a learner: the move the ``basic`` bot would make, with a one-sentence reason.

>>> from unoparty.game import Game
>>> g = Game(["You", "Ava", "Ben"], seed=1)
>>> move, reason = hint(g, 0)
>>> g.why_illegal(move) is None and reason.endswith(".")
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..engine import CallUno, Catch, Move, SpeedPlay
from ..i18n import _, card_name
from .basic import BasicBot

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["hint"]

_ADVISER = BasicBot(forget_uno=0.0, bluff_rate=0.0)


def hint(game: Game, player: int) -> tuple[Move | None, str]:
    """``(move, reason)`` for seat `player` now, from what that seat can see only.

    The move is legal. When the game does not wait for `player`, the hint is an out-of-turn
    chance (speed play, UNO call, catch) if there is one, else ``(None, reason)``.
    The reason is one sentence through `unoparty.i18n._`.
    """
    view = game.view_for(player)
    rng = random.Random(0)
    if player in game.to_act():
        move, reason = _ADVISER.decide(view, rng)
        return move, _with_uno(move, reason)
    out_of_turn = _ADVISER.react(view, rng)
    if out_of_turn is None:
        if view.current is None:
            return None, _("The round is over.")
        return None, _("Wait: it is {who}'s turn and you have nothing to do out of turn.").format(
            who=view.names[view.current])
    if type(out_of_turn) is Catch:
        return out_of_turn, _("Catch {who}: they hold one card and did not call UNO.").format(
            who=view.names[out_of_turn.target])
    if type(out_of_turn) is CallUno:
        return out_of_turn, _("Call UNO now, before someone catches you.")
    move = out_of_turn
    assert type(move) is SpeedPlay  # the only other out-of-turn move `react` makes
    return move, _with_uno(move, _("Speed play the {card}: it is an exact match of the top card.").format(
        card=card_name(move.card)))


def _with_uno(move: Move, reason: str) -> str:
    """The reason, plus "and call UNO" when the move leaves the player one card (U-1, U-2):
    a learner who follows the hint must not be caught."""
    if getattr(move, "call_uno", False):
        uno = _("It leaves you one card: press UNO! before you play it, or you can be caught (U-2).")
        return f"{reason} {uno}" if reason else uno
    return reason
