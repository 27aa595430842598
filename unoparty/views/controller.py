"""What the game page needs of its session (:class:`unoparty.session.game.GameSession`,
issue 18): the session's names under their old home, and the words of what the session
says as data (:func:`chance_words`).

``GameController`` is the game's session under its older name; its ``loop`` argument is the
session's clock (the kernel's asyncio loop by default).
"""

from __future__ import annotations

import asyncio
from typing import Any, Mapping

from ..engine.moves import CallUno, Catch, SpeedPlay
from ..game import Game
from ..i18n import _, card_name, said
from ..player_names import gender_of
from ..session.game import LEARNING, PARTY, GameSession, Player, delay_scale, kernel_loop

__all__ = ["GameController", "delay_scale", "kernel_loop", "chance_words", "LEARNING", "PARTY"]


class GameController(GameSession):
    """A :class:`GameSession` built as the game page built it: ``loop`` is its clock."""

    def __init__(self, game: Game, me: int, bots: Mapping[int, Player], *,
                 loop: asyncio.AbstractEventLoop | None = None, **kw: Any) -> None:
        super().__init__(game, me, bots, clock=loop, **kw)


def chance_words(session: GameSession) -> str:
    """The sentence for what the game waits on from the learner, in the current language:
    their chance (learning pace: speed play, catch, UNO call) or the party clock stopped by
    itself; "" when there is nothing to say."""
    if session.idle:
        return _("Paused: nobody has clicked for a while. Press Resume to play on.")
    if not session.chance:
        return ""
    names = session.game.names
    parts: list[str] = []
    for m in session.chance:
        if isinstance(m, SpeedPlay):
            part = _("speed play your {card}").format(card=card_name(m.card))
        elif isinstance(m, Catch):
            part = said(gender_of(names[m.target]), "catch {name}, who has one card and did not call UNO").format(
                name=names[m.target])
        elif isinstance(m, CallUno):
            part = _("call UNO")
        else:
            continue
        if part not in parts:
            parts.append(part)
    return _("Your chance: you could {what}. Do it now, or press Continue.").format(what=_(" or ").join(parts))
