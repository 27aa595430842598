"""Refusals → sentences a learner reads (the words at the edge; the engine holds only data).

:func:`explain` words a :class:`~unoparty.engine.Refusal` in the second person, naming the
cards and players, and ends it with the rule id: *"You can't play the red 7: you don't hold
it. (T-1)"*. Where a ruling of this app decided (``Refusal.is_ruling``), the one ruling note
of the app is added here — :func:`finish` is the only place that writes it, so a refusal
shown anywhere carries it exactly once.

>>> from unoparty.game import Game
>>> from unoparty.engine import Draw
>>> g = Game(["You", "Ava", "Ben"], seed=1)
>>> explain(g.why_illegal(Draw(1)))
"It's not your turn. The player to act is You. (T-0)"
"""

from __future__ import annotations

from collections.abc import Sequence

from .bidi import isolate
from .cards import Card, Kind
from .engine.refusals import Refusal, RefusalReason as R
from .engine.state import Phase
from .i18n import _, card_name, colour_name, ngettext, the_card

__all__ = ["explain", "finish", "ruling_note", "symbol_name", "phase_words"]


def ruling_note() -> str:
    """The remark that the printed rules do not decide and a ruling of this app does."""
    return _("(The printed rules don't say; this app rules it so.)")


def finish(text: str, rule: str, is_ruling: bool) -> str:
    """`text` with the ruling note (for a ruling) and ``(rule)`` at the end — the one place
    that adds the note."""
    text = text.strip()
    if is_ruling:
        text = f"{text} {ruling_note()}"
    return f"{text} ({rule})" if rule else text


def symbol_name(card: Card) -> str:
    """The number or the symbol of an action card, as a player names it: ``"7"``, ``"Skip"``."""
    kind = card.kind
    if kind is Kind.NUMBER:
        return str(card.number)
    if kind is Kind.SKIP:
        return _("Skip")
    if kind is Kind.REVERSE:
        return _("Reverse")
    if kind is Kind.DRAW_TWO:
        return _("Draw Two")
    if kind is Kind.POINT_TAKEN:
        return _("Point Taken")
    return card_name(card)


def phase_words(phase: Phase | None) -> str:
    """What is going on in `phase`, as a clause (``"the round is over"``)."""
    if phase is None:
        return ""
    return {
        Phase.TURN: _("it is a normal turn"),
        Phase.DRAWN: _("a player has just drawn a card"),
        Phase.CHALLENGE: _("a draw card is waiting for its answer"),
        Phase.POINTING: _("everybody is pointing after a Point Taken"),
        Phase.MINI_PILE: _("a mini pile is open"),
        Phase.ROUND_OVER: _("the round is over"),
        Phase.MATCH_OVER: _("the match is over"),
    }.get(phase, "")


def _kind_words(kind: Kind | None) -> str:
    return _("Draw Two") if kind is Kind.DRAW_TWO else _("Wild Draw Four")


def explain(refusal: Refusal, names: Sequence[str] | None = None) -> str:
    """The sentence for `refusal`: second person, the cards and players named, the ruling
    note when a ruling decided, ending with ``(rule id)``.

    Args:
        refusal: a refusal from ``why_illegal``.
        names: the players' names in seating order (``None``: the names kept in the refusal,
            else "player N").
    """
    if names is None:
        names = refusal.names
    return finish(_sentence(refusal, names), refusal.rule, refusal.is_ruling)


def _sentence(f: Refusal, names: Sequence[str] | None) -> str:  # noqa: C901 (one branch per reason)
    def name(seat: int | None) -> str:
        if seat is not None and names is not None and 0 <= seat < len(names):
            return isolate(names[seat])
        return _("player {n}").format(n=(seat if seat is not None else -1) + 1)

    reason = f.reason
    card = the_card(f.card) if f.card is not None else ""
    other = the_card(f.other) if f.other is not None else ""
    if reason is R.NO_SUCH_SEAT:
        return _("There is no such player at this table (seat {n}).").format(n=f.seat)
    if reason is R.NOT_HELD:
        return _("You can't play {card}: you don't hold it.").format(card=card)
    if reason is R.PLAY_NOT_NOW:
        return _("You can't play {card} now: {state}.").format(card=card, state=phase_words(f.phase))
    if reason is R.PLAY_WHILE_POINTING:
        return _("You can't play {card} now: first everybody points at another player (Point Taken).").format(card=card)
    if reason is R.STACK_ONLY:
        kind = _kind_words(f.kind)
        return ngettext("You can't play {card} now: facing a {kind}, you may only stack another "
                        "{kind} or accept the {n} card.",
                        "You can't play {card} now: facing a {kind}, you may only stack another "
                        "{kind} or accept the {n} cards.", f.count or 0).format(card=card, kind=kind, n=f.count)
    if reason is R.STACK_ONLY_OTHER:
        kind = _kind_words(f.kind)
        return ngettext("You can't play {card} now: {who} faces a {kind} and may only stack another "
                        "{kind} or accept the {n} card.",
                        "You can't play {card} now: {who} faces a {kind} and may only stack another "
                        "{kind} or accept the {n} cards.", f.count or 0).format(
            card=card, kind=kind, n=f.count, who=name(f.seat))
    if reason is R.ANSWER_WD4_FIRST:
        who = _("you") if f.seat == f.player else name(f.seat)
        return _("You can't play {card} now: {who} must first accept or challenge the Wild Draw Four.").format(
            card=card, who=who)
    if reason is R.NOT_YOUR_TURN_ANSWER:
        return _("You can't play {card} now: it's not your turn, {who} must answer the draw card.").format(
            card=card, who=name(f.seat))
    if reason is R.NOT_YOUR_TURN_MINI_PILE:
        return _("You can't add {card} now: it's not your turn. The player to add to the mini pile is {who}.").format(
            card=card, who=name(f.seat))
    if reason is R.NOT_YOUR_TURN_PLAY:
        return _("You can't play {card} now: it's not your turn. The player to act is {who}.").format(
            card=card, who=name(f.seat))
    if reason is R.DRAWN_CARD_ONLY:
        return _("After drawing, the only card you may play is the card you drew ({drawn}). Play it or keep it.").format(
            drawn=other)
    if reason is R.MINI_PILE_NO_CHOICES:
        return _("Cards added to a mini pile take no colour and no choices: just add {card}.").format(card=card)
    if reason is R.MINI_PILE_NEEDS_COLOUR:
        return _("You can't add {card} to the mini pile: it needs a {colour} card or a wild card.").format(
            card=card, colour=colour_name(f.colour))
    if reason is R.MINI_PILE_ONE_CARD:
        return _("On a mini pile each player adds one card, and no card's effect applies.")
    if reason in (R.NO_MATCH_CHOSEN_COLOUR, R.NO_MATCH_NUMBER, R.NO_MATCH_SYMBOL):
        top = f.other
        assert top is not None  # a no-match refusal always names the top card
        if reason is R.NO_MATCH_CHOSEN_COLOUR and top.kind is Kind.WILD_PILE_UP:
            # nobody chooses a colour for a Wild Pile Up (PU-1): the mini pile's colour stays
            # (PU-7), or the colour before it when no mini pile started (PU-2)
            why = _("it is not {colour}, the current colour (nobody chooses one for a Wild Pile Up).").format(
                colour=colour_name(f.colour))
        elif reason is R.NO_MATCH_CHOSEN_COLOUR:
            why = _("it is not {colour}, the colour chosen for the {top}.").format(
                colour=colour_name(f.colour), top=card_name(top))
        elif reason is R.NO_MATCH_NUMBER:
            why = _("it matches neither the colour ({colour}) nor the number ({num}).").format(
                colour=colour_name(f.colour), num=f.count)
        else:
            why = _("it matches neither the colour ({colour}) nor the symbol ({sym}).").format(
                colour=colour_name(f.colour), sym=symbol_name(top))
        return _("You can't play {card} on {top}: {why}").format(card=card, top=other, why=why)
    if reason is R.NAME_A_COLOUR:
        return _("Playing {card}, you must name the colour to play next.").format(card=card)
    if reason is R.NO_COLOUR_FOR_PILE_UP:
        return _("You don't choose a colour for a Wild Pile Up: the mini pile's first card decides it.")
    if reason is R.NO_COLOUR_FOR_CARD:
        return _("Only a Wild, a Wild Draw Four or a Wild Drawn Together lets you name a colour; {card} keeps its own.").format(
            card=card)
    if reason is R.LINK_MISSING:
        return _("Playing {card}, you must choose two players to link.").format(card=card)
    if reason is R.LINK_OFF_TABLE:
        return _("Playing {card}, you can only link players at this table.").format(card=card)
    if reason is R.LINK_SAME_PLAYER:
        return _("Playing {card}, link two different players, not the same one twice.").format(card=card)
    if reason is R.LINK_NOT_WDT:
        return _("Only a Wild Drawn Together links players, not {card}.").format(card=card)
    if reason is R.UNO_CALL_LEAVES:
        return ngettext("You call UNO when a play leaves you with one card; playing {card} leaves you {n} card.",
                        "You call UNO when a play leaves you with one card; playing {card} leaves you {n} cards.",
                        f.count or 0).format(card=card, n=f.count)
    if reason is R.SEVEN_O_OFF:
        return _("You can't swap hands with {card}: Seven-O is a house rule, and it is not on in this game.").format(
            card=card)
    if reason is R.SWAP_NOT_SEVEN:
        return _("Only a 7 lets you swap hands (Seven-O), not {card}.").format(card=card)
    if reason is R.SWAP_TARGET:
        return _("Playing {card}, choose another player at the table to swap hands with.").format(card=card)
    if reason is R.DOUBLES_OFF:
        return _("You can't play {card} twice: Doubles is a house rule, and it is not on in this game.").format(
            card=card)
    if reason is R.DOUBLES_WILD:
        return _("Wild cards can't be played as doubles, so not {card}.").format(card=card)
    if reason is R.DOUBLES_AFTER_DRAW:
        return _("After drawing, you may play only the card you drew ({drawn}), not two cards.").format(drawn=other)
    if reason is R.DOUBLES_NEED_TWO:
        return _("You need two of {card} to play them together.").format(card=card)
    if reason is R.DRAW_NOT_NOW:
        return _("You can't draw now: {state}.").format(state=phase_words(f.phase))
    if reason is R.NOT_YOUR_TURN:
        return _("It's not your turn. The player to act is {who}.").format(who=name(f.seat))
    if reason is R.ALREADY_DREW:
        return _("You have already drawn this turn: play the card you drew or keep it.")
    if reason is R.DRAW_AFTER_OTHERS_DRAW:
        return _("You can't draw now: {who} has just drawn a card and must play it or keep it.").format(
            who=name(f.seat))
    if reason is R.DRAW_FACING_DRAW_TWO:
        return _("A draw card waits for its answer: accept it (draw {n}) or stack another Draw Two.").format(n=f.count)
    if reason is R.DRAW_FACING_WD4:
        return _("A Wild Draw Four waits for its answer: accept it or challenge it.")
    if reason is R.DRAW_WHILE_POINTING:
        return _("Nobody draws until everybody has pointed (Point Taken).")
    if reason is R.DRAW_MINI_PILE:
        return _("While a mini pile is open you can't draw: add a card to it, or take it if nothing fits.")
    if reason is R.ROUND_IS_OVER:
        return _("The round is over.")
    if reason is R.KEEP_NOT_DRAWER:
        return _("Only {who}, who just drew, can keep the card.").format(who=name(f.seat))
    if reason is R.KEEP_NOT_AFTER_DRAW:
        return _("You keep a card only right after drawing a card you could play.")
    if reason is R.SPEED_NOT_HELD:
        return _("You can't speed play {card}: you don't hold it.").format(card=card)
    if reason is R.SPEED_CLASSIC:
        return _("You can't speed play {card}: classic UNO has no speed play unless the Jump-In "
                 "house rule is on.").format(card=card)
    if reason is R.SPEED_AFTER_DRAW:
        return _("You can't speed play {card}: you drew {drawn} this turn; play it or keep it.").format(
            card=card, drawn=other)
    if reason is R.SPEED_NOT_NOW:
        return _("You can't speed play {card} now: speed play is only possible during normal play, "
                 "not while {state}.").format(card=card, state=phase_words(f.phase))
    if reason is R.SPEED_OWN_CARD:
        return _("You can't speed play {card} onto your own card: one card per turn.").format(card=card)
    if reason is R.SPEED_UNO_CALL_LEAVES:
        return ngettext("You call UNO when a play leaves you with one card; speed playing {card} leaves you {n} card.",
                        "You call UNO when a play leaves you with one card; speed playing {card} leaves you {n} cards.",
                        f.count or 0).format(card=card, n=f.count)
    if reason is R.UNO_NOT_ONE_CARD:
        return ngettext("You call UNO when you hold exactly one card; you hold {n} card.",
                        "You call UNO when you hold exactly one card; you hold {n} cards.", f.count or 0).format(n=f.count)
    if reason is R.UNO_ALREADY:
        return _("You have already called UNO.")
    if reason is R.CATCH_NO_SUCH:
        return _("There is no such player to catch.")
    if reason is R.CATCH_SELF:
        return _("You can't catch yourself: call UNO instead.")
    if reason is R.CATCH_NOT_ONE_CARD:
        return _("{who} doesn't hold one card, so there is nothing to catch.").format(who=name(f.seat))
    if reason is R.CATCH_CALLED:
        return _("{who} called UNO, so there is nothing to catch.").format(who=name(f.seat))
    if reason is R.CATCH_TOO_LATE:
        return _("Too late to catch {who}: another player has already played or drawn since.").format(
            who=name(f.seat))
    if reason is R.NOTHING_TO_ACCEPT:
        return _("There is no draw card to accept now.")
    if reason is R.ACCEPT_NOT_YOU:
        return _("Only {who}, the next player, answers the draw card.").format(who=name(f.seat))
    if reason is R.NOTHING_TO_CHALLENGE:
        return _("You can only challenge a Wild Draw Four just played on you.")
    if reason is R.CHALLENGE_NOT_YOU:
        return _("Only {who}, the next player, may challenge the Wild Draw Four.").format(who=name(f.seat))
    if reason is R.CHALLENGE_DRAW_TWO:
        return _("A Draw Two can't be challenged: accept it or stack another Draw Two.")
    if reason is R.POINT_NOT_NOW:
        return _("You point at a player only after a Point Taken is played.")
    if reason is R.POINT_ALREADY:
        return _("You have already pointed.")
    if reason is R.POINT_AT_SELF:
        return _("Point at another player, never at yourself.")
    if reason is R.NO_MINI_PILE:
        return _("There is no mini pile to take.")
    if reason is R.TAKE_NOT_YOU:
        return _("It's not your turn. The player to add to the mini pile is {who}.").format(who=name(f.seat))
    if reason is R.MUST_ADD:
        return _("You must add a card when you can: {card} fits the {colour} mini pile.").format(
            card=card, colour=colour_name(f.colour))
    raise ValueError(f"no words for the refusal reason {reason!r}")
