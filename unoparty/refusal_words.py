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

from collections.abc import Callable, Sequence

from .bidi import isolate
from .cards import Card, Kind
from .engine.refusals import Refusal, RefusalReason as R
from .engine.state import Phase
from .i18n import _, card_name, colour_name, ngettext, said, the_card, the_card_object
from .player_names import gender_of

__all__ = ["explain", "told", "finish", "ruling_note", "symbol_name", "phase_words"]


class _Names:
    """``name(seat)``: a player's name for a sentence (isolated for right-to-left text), or
    "player 3" where the names are not known; ``name.gender(seat)``: that player's grammatical
    gender (:func:`unoparty.player_names.gender_of`; None where unknown)."""

    def __init__(self, names: Sequence[str] | None) -> None:
        self.names = names

    def _raw(self, seat: int | None) -> str | None:
        if seat is not None and self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return None

    def __call__(self, seat: int | None) -> str:
        raw = self._raw(seat)
        if raw is not None:
            return isolate(raw)
        return _("player {n}").format(n=(seat if seat is not None else -1) + 1)

    def gender(self, seat: int | None) -> str | None:
        return gender_of(self._raw(seat))



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


# One function per refusal reason: ``(refusal, card, other, name) -> sentence`` — `card` and
# `other` are the refusal's cards in the form "the card in a sentence", `name(seat)` a player's
# name. :data:`WORDS` maps every `RefusalReason` to its function (a test checks).

def _no_such_seat(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("There is no such player at this table (seat {n}).").format(n=f.seat)


def _not_held(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't play {card}: you don't hold it.").format(card=card)


def _play_not_now(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't play {card} now: {state}.").format(card=card, state=phase_words(f.phase))


def _play_while_pointing(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't play {card} now: first everybody points at another player (Point Taken).").format(card=card)


def _stack_only(f: Refusal, card: str, other: str, name: _Names) -> str:
    kind = _kind_words(f.kind)
    return ngettext("You can't play {card} now: facing a {kind}, you may only stack another "
                    "{kind} or accept the {n} card.",
                    "You can't play {card} now: facing a {kind}, you may only stack another "
                    "{kind} or accept the {n} cards.", f.count or 0).format(card=card, kind=kind, n=f.count)


def _stack_only_other(f: Refusal, card: str, other: str, name: _Names) -> str:
    kind = _kind_words(f.kind)
    return ngettext("You can't play {card} now: {who} faces a {kind} and may only stack another "
                    "{kind} or accept the {n} card.",
                    "You can't play {card} now: {who} faces a {kind} and may only stack another "
                    "{kind} or accept the {n} cards.", f.count or 0).format(
        card=card, kind=kind, n=f.count, who=name(f.seat))


def _answer_wd4_first(f: Refusal, card: str, other: str, name: _Names) -> str:
    """W-3: a Wild Draw Four waits for its answer. The learner's own answer is a sentence of its
    own ("you" is a subject here, not the object form a pronoun put in {who} would take)."""
    if f.seat == f.player:
        return _("You can't play {card} now: you must first accept or challenge the Wild Draw Four.").format(card=card)
    return _("You can't play {card} now: {who} must first accept or challenge the Wild Draw Four.").format(
        card=card, who=name(f.seat))


def _not_your_turn_answer(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't play {card} now: it's not your turn, {who} must answer the draw card.").format(
        card=card, who=name(f.seat))


def _not_your_turn_mini_pile(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't add {card} now: it's not your turn. The player to add to the mini pile is {who}.").format(
        card=card, who=name(f.seat))


def _not_your_turn_play(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't play {card} now: it's not your turn. The player to act is {who}.").format(
        card=card, who=name(f.seat))


def _drawn_card_only(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("After drawing, the only card you may play is the card you drew ({drawn}). Play it or keep it.").format(
        drawn=other)


def _mini_pile_no_choices(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("Cards added to a mini pile take no colour and no choices: just add {card}.").format(card=card)


def _mini_pile_needs_colour(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't add {card} to the mini pile: it needs a {colour} card or a wild card.").format(
        card=card, colour=colour_name(f.colour))


def _mini_pile_one_card(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("On a mini pile each player adds one card, and no card's effect applies.")


def _no_match_chosen_colour(f: Refusal, card: str, other: str, name: _Names) -> str:
    top = f.other
    assert top is not None  # a no-match refusal always names the top card
    if f.reason is R.NO_MATCH_CHOSEN_COLOUR and top.kind is Kind.WILD_PILE_UP:
        # nobody chooses a colour for a Wild Pile Up (PU-1): the mini pile's colour stays
        # (PU-7), or the colour before it when no mini pile started (PU-2)
        why = _("it is not {colour}, the current colour (nobody chooses one for a Wild Pile Up).").format(
            colour=colour_name(f.colour))
    elif f.reason is R.NO_MATCH_CHOSEN_COLOUR:
        why = _("it is not {colour}, the colour chosen for the {top}.").format(
            colour=colour_name(f.colour), top=card_name(top))
    elif f.reason is R.NO_MATCH_NUMBER:
        why = _("it matches neither the colour ({colour}) nor the number ({num}).").format(
            colour=colour_name(f.colour), num=f.count)
    else:
        why = _("it matches neither the colour ({colour}) nor the symbol ({sym}).").format(
            colour=colour_name(f.colour), sym=symbol_name(top))
    return _("You can't play {card} on {top}: {why}").format(card=card, top=other, why=why)


def _name_a_colour(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("Playing {card}, you must name the colour to play next.").format(card=card)


def _no_colour_for_pile_up(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You don't choose a colour for a Wild Pile Up: the mini pile's first card decides it.")


def _no_colour_for_card(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("Only a Wild, a Wild Draw Four or a Wild Drawn Together lets you name a colour; {card} keeps its own.").format(
        card=card)


def _link_missing(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("Playing {card}, you must choose two players to link.").format(card=card)


def _link_off_table(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("Playing {card}, you can only link players at this table.").format(card=card)


def _link_same_player(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("Playing {card}, link two different players, not the same one twice.").format(card=card)


def _link_not_wdt(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("Only a Wild Drawn Together links players, not {card}.").format(card=card)


def _uno_call_leaves(f: Refusal, card: str, other: str, name: _Names) -> str:
    return ngettext("You call UNO when a play leaves you with one card; playing {card} leaves you {n} card.",
                    "You call UNO when a play leaves you with one card; playing {card} leaves you {n} cards.",
                    f.count or 0).format(card=card, n=f.count)


def _seven_o_off(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't swap hands with {card}: Seven-O is a house rule, and it is not on in this game.").format(
        card=card)


def _swap_not_seven(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("Only a 7 lets you swap hands (Seven-O), not {card}.").format(card=card)


def _swap_target(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("Playing {card}, choose another player at the table to swap hands with.").format(card=card)


def _doubles_off(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't play {card} twice: Doubles is a house rule, and it is not on in this game.").format(
        card=card)


def _doubles_wild(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("Wild cards can't be played as doubles, so not {card}.").format(card=card)


def _doubles_after_draw(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("After drawing, you may play only the card you drew ({drawn}), not two cards.").format(drawn=other)


def _doubles_need_two(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You need two of {card} to play them together.").format(card=card)


def _draw_not_now(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't draw now: {state}.").format(state=phase_words(f.phase))


def _not_your_turn(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("It's not your turn. The player to act is {who}.").format(who=name(f.seat))


def _already_drew(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You have already drawn this turn: play the card you drew or keep it.")


def _draw_after_others_draw(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't draw now: {who} has just drawn a card and must play it or keep it.").format(
        who=name(f.seat))


def _draw_facing_draw_two(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("A draw card waits for its answer: accept it (draw {n}) or stack another Draw Two.").format(n=f.count)


def _draw_facing_wd4(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("A Wild Draw Four waits for its answer: accept it or challenge it.")


def _draw_while_pointing(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("Nobody draws until everybody has pointed (Point Taken).")


def _draw_mini_pile(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("While a mini pile is open you can't draw: add a card to it, or take it if nothing fits.")


def _round_is_over(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("The round is over.")


def _keep_not_drawer(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("Only {who}, who just drew, can keep the card.").format(who=name(f.seat))


def _keep_not_after_draw(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You keep a card only right after drawing a card you could play.")


def _speed_not_held(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't speed play {card}: you don't hold it.").format(card=card)


def _speed_classic(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't speed play {card}: classic UNO has no speed play unless the Jump-In "
             "house rule is on.").format(card=card)


def _speed_after_draw(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't speed play {card}: you drew {drawn} this turn; play it or keep it.").format(
        card=card, drawn=other)


def _speed_not_now(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't speed play {card} now: speed play is only possible during normal play, "
             "not while {state}.").format(card=card, state=phase_words(f.phase))


def _speed_own_card(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't speed play {card} onto your own card: one card per turn.").format(card=card)


def _speed_uno_call_leaves(f: Refusal, card: str, other: str, name: _Names) -> str:
    return ngettext("You call UNO when a play leaves you with one card; speed playing {card} leaves you {n} card.",
                    "You call UNO when a play leaves you with one card; speed playing {card} leaves you {n} cards.",
                    f.count or 0).format(card=card, n=f.count)


def _uno_not_one_card(f: Refusal, card: str, other: str, name: _Names) -> str:
    return ngettext("You call UNO when you hold exactly one card; you hold {n} card.",
                    "You call UNO when you hold exactly one card; you hold {n} cards.", f.count or 0).format(n=f.count)


def _uno_already(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You have already called UNO.")


def _catch_no_such(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("There is no such player to catch.")


def _catch_self(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can't catch yourself: call UNO instead.")


def _catch_not_one_card(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("{who} doesn't hold one card, so there is nothing to catch.").format(who=name(f.seat))


def _catch_called(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("{who} called UNO, so there is nothing to catch.").format(who=name(f.seat))


def _catch_too_late(f: Refusal, card: str, other: str, name: _Names) -> str:
    # said of the player caught: Czech "Hráčku Ava už chytit nejde" / "Hráče Ben …"
    return said(name.gender(f.seat), "Too late to catch {who}: another player has already played or drawn since.").format(
        who=name(f.seat))


def _nothing_to_accept(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("There is no draw card to accept now.")


def _accept_not_you(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("Only {who}, the next player, answers the draw card.").format(who=name(f.seat))


def _nothing_to_challenge(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You can only challenge a Wild Draw Four just played on you.")


def _challenge_not_you(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("Only {who}, the next player, may challenge the Wild Draw Four.").format(who=name(f.seat))


def _challenge_draw_two(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("A Draw Two can't be challenged: accept it or stack another Draw Two.")


def _point_not_now(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You point at a player only after a Point Taken is played.")


def _point_already(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You have already pointed.")


def _point_at_self(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("Point at another player, never at yourself.")


def _no_mini_pile(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("There is no mini pile to take.")


def _take_not_you(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("It's not your turn. The player to add to the mini pile is {who}.").format(who=name(f.seat))


def _must_add(f: Refusal, card: str, other: str, name: _Names) -> str:
    return _("You must add a card when you can: {card} fits the {colour} mini pile.").format(
        card=card, colour=colour_name(f.colour))


WORDS: dict[R, Callable[[Refusal, str, str, _Names], str]] = {
    R.NO_SUCH_SEAT: _no_such_seat,
    R.NOT_HELD: _not_held,
    R.PLAY_NOT_NOW: _play_not_now,
    R.PLAY_WHILE_POINTING: _play_while_pointing,
    R.STACK_ONLY: _stack_only,
    R.STACK_ONLY_OTHER: _stack_only_other,
    R.ANSWER_WD4_FIRST: _answer_wd4_first,
    R.NOT_YOUR_TURN_ANSWER: _not_your_turn_answer,
    R.NOT_YOUR_TURN_MINI_PILE: _not_your_turn_mini_pile,
    R.NOT_YOUR_TURN_PLAY: _not_your_turn_play,
    R.DRAWN_CARD_ONLY: _drawn_card_only,
    R.MINI_PILE_NO_CHOICES: _mini_pile_no_choices,
    R.MINI_PILE_NEEDS_COLOUR: _mini_pile_needs_colour,
    R.MINI_PILE_ONE_CARD: _mini_pile_one_card,
    R.NO_MATCH_CHOSEN_COLOUR: _no_match_chosen_colour,
    R.NO_MATCH_NUMBER: _no_match_chosen_colour,
    R.NO_MATCH_SYMBOL: _no_match_chosen_colour,
    R.NAME_A_COLOUR: _name_a_colour,
    R.NO_COLOUR_FOR_PILE_UP: _no_colour_for_pile_up,
    R.NO_COLOUR_FOR_CARD: _no_colour_for_card,
    R.LINK_MISSING: _link_missing,
    R.LINK_OFF_TABLE: _link_off_table,
    R.LINK_SAME_PLAYER: _link_same_player,
    R.LINK_NOT_WDT: _link_not_wdt,
    R.UNO_CALL_LEAVES: _uno_call_leaves,
    R.SEVEN_O_OFF: _seven_o_off,
    R.SWAP_NOT_SEVEN: _swap_not_seven,
    R.SWAP_TARGET: _swap_target,
    R.DOUBLES_OFF: _doubles_off,
    R.DOUBLES_WILD: _doubles_wild,
    R.DOUBLES_AFTER_DRAW: _doubles_after_draw,
    R.DOUBLES_NEED_TWO: _doubles_need_two,
    R.DRAW_NOT_NOW: _draw_not_now,
    R.NOT_YOUR_TURN: _not_your_turn,
    R.ALREADY_DREW: _already_drew,
    R.DRAW_AFTER_OTHERS_DRAW: _draw_after_others_draw,
    R.DRAW_FACING_DRAW_TWO: _draw_facing_draw_two,
    R.DRAW_FACING_WD4: _draw_facing_wd4,
    R.DRAW_WHILE_POINTING: _draw_while_pointing,
    R.DRAW_MINI_PILE: _draw_mini_pile,
    R.ROUND_IS_OVER: _round_is_over,
    R.KEEP_NOT_DRAWER: _keep_not_drawer,
    R.KEEP_NOT_AFTER_DRAW: _keep_not_after_draw,
    R.SPEED_NOT_HELD: _speed_not_held,
    R.SPEED_CLASSIC: _speed_classic,
    R.SPEED_AFTER_DRAW: _speed_after_draw,
    R.SPEED_NOT_NOW: _speed_not_now,
    R.SPEED_OWN_CARD: _speed_own_card,
    R.SPEED_UNO_CALL_LEAVES: _speed_uno_call_leaves,
    R.UNO_NOT_ONE_CARD: _uno_not_one_card,
    R.UNO_ALREADY: _uno_already,
    R.CATCH_NO_SUCH: _catch_no_such,
    R.CATCH_SELF: _catch_self,
    R.CATCH_NOT_ONE_CARD: _catch_not_one_card,
    R.CATCH_CALLED: _catch_called,
    R.CATCH_TOO_LATE: _catch_too_late,
    R.NOTHING_TO_ACCEPT: _nothing_to_accept,
    R.ACCEPT_NOT_YOU: _accept_not_you,
    R.NOTHING_TO_CHALLENGE: _nothing_to_challenge,
    R.CHALLENGE_NOT_YOU: _challenge_not_you,
    R.CHALLENGE_DRAW_TWO: _challenge_draw_two,
    R.POINT_NOT_NOW: _point_not_now,
    R.POINT_ALREADY: _point_already,
    R.POINT_AT_SELF: _point_at_self,
    R.NO_MINI_PILE: _no_mini_pile,
    R.TAKE_NOT_YOU: _take_not_you,
    R.MUST_ADD: _must_add,
}
"""Refusal reason → the function that words it: every `RefusalReason` has one."""


def _sentence(f: Refusal, names: Sequence[str] | None) -> str:
    name = _Names(names)
    words = WORDS.get(f.reason)
    if words is None:
        raise ValueError(f"no words for the refusal reason {f.reason!r}")
    card = the_card(f.card) if f.card is not None else ""
    other = the_card(f.other) if f.other is not None else ""
    return words(f, card, other, name)


# Another player's refused move that names the learner's seat (`me`): said to the learner, who
# is "you" in it, with the refused player named ("Ava can't catch you: you called UNO.") —
# never the learner's seat name inside a sentence meant for the other player.

def _about_you_stack(f: Refusal, card: str, player: str) -> str:
    return ngettext("{player} can't play {card} now: you face a {kind} and may only stack another {kind} "
                    "or accept the {n} card.",
                    "{player} can't play {card} now: you face a {kind} and may only stack another {kind} "
                    "or accept the {n} cards.", f.count or 0).format(
        player=player, card=card, kind=_kind_words(f.kind), n=f.count)


ABOUT_YOU: dict[R, Callable[[Refusal, str, str], str]] = {
    R.STACK_ONLY_OTHER: _about_you_stack,
    R.ANSWER_WD4_FIRST: lambda f, card, player: _(
        "{player} can't play {card} now: you must first accept or challenge the Wild Draw Four.").format(
        player=player, card=card),
    R.NOT_YOUR_TURN_ANSWER: lambda f, card, player: _(
        "{player} can't play {card} now: it is your turn to answer the draw card.").format(player=player, card=card),
    R.NOT_YOUR_TURN_MINI_PILE: lambda f, card, player: _(
        "{player} can't add {card} now: it is your turn to add to the mini pile.").format(player=player, card=card),
    R.NOT_YOUR_TURN_PLAY: lambda f, card, player: _(
        "{player} can't play {card} now: it is your turn.").format(player=player, card=card),
    R.NOT_YOUR_TURN: lambda f, card, player: _("It is not {player}'s turn: it is yours.").format(player=player),
    R.DRAW_AFTER_OTHERS_DRAW: lambda f, card, player: _(
        "{player} can't draw now: you have just drawn a card and must play it or keep it.").format(player=player),
    R.KEEP_NOT_DRAWER: lambda f, card, player: _(
        "{player} can't keep the card: you drew it, so only you can keep it.").format(player=player),
    R.CATCH_NOT_ONE_CARD: lambda f, card, player: _(
        "{player} can't catch you: you don't hold one card.").format(player=player),
    R.CATCH_CALLED: lambda f, card, player: _("{player} can't catch you: you called UNO.").format(player=player),
    R.CATCH_TOO_LATE: lambda f, card, player: _(
        "Too late for {player} to catch you: another player has played or drawn since.").format(player=player),
    R.ACCEPT_NOT_YOU: lambda f, card, player: _(
        "{player} can't answer the draw card: you are the next player, so you answer it.").format(player=player),
    R.CHALLENGE_NOT_YOU: lambda f, card, player: _(
        "{player} can't challenge the Wild Draw Four: you are the next player, so only you may.").format(player=player),
    R.TAKE_NOT_YOU: lambda f, card, player: _(
        "{player} can't take the mini pile: it is your turn to add to it.").format(player=player),
}
"""The reasons whose `seat` may be the learner's while another player's move is refused →
the sentence said to the learner about that move."""


def told(refusal: object, names: Sequence[str] | None = None, me: int | None = None) -> str:
    """The sentence the learner (seat `me`) reads for `refusal`, ending with the rule id:
    their own refused move in the second person (:func:`explain`); another player's refused
    move that names the learner (``seat == me``) said to the learner about it ("Ava can't
    catch you: you called UNO."); any other player's refused move as what the app tells that
    player ("The app tells Ava: “…”").

    Args:
        refusal: a refusal from ``why_illegal`` (or an ``IllegalMove``, which carries one).
        names: the players' names in seating order (``None``: the names kept in the refusal).
        me: the learner's seat, or None (a show for the class: every player's refusal is what
            the app tells that player).
    """
    if not isinstance(refusal, Refusal):  # an IllegalMove: its refusal, or its own words
        inner = getattr(refusal, "refusal", None)
        if not isinstance(inner, Refusal):
            return str(getattr(refusal, "explanation", "") or refusal)
        refusal = inner
    if names is None:
        names = refusal.names
    player = refusal.player
    if player is None or player == me:
        return explain(refusal, names)
    who = isolate(names[player]) if names is not None and 0 <= player < len(names) else "?"
    about = ABOUT_YOU.get(refusal.reason)
    if about is not None and me is not None and refusal.seat == me:
        card = the_card_object(refusal.card) if refusal.card is not None else ""  # "{player} can't play {card}"
        return finish(about(refusal, card, who), refusal.rule, refusal.is_ruling)
    return _("The app tells {name}: “{text}”").format(name=who, text=explain(refusal, names))
