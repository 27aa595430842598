"""Events → sentences a learner reads (DESIGN.md "Explainable").

One plain English sentence per event, through the translation catalogue
(:func:`unoparty.i18n._`), ending with the rule id behind it: *"Ben draws 2 cards. (A-1)"*.
Cards a viewer may not see are not named (:meth:`Event.cards_visible_to`): another
player's draw is *"Ben draws 2 cards."*, your own *"You draw the red 7 and the wild."*
When the viewer is the player, the sentence says *You*. Each event kind has its own small
function, found in the table :data:`SENTENCES`.

>>> from unoparty.cards import Card
>>> from unoparty.engine.events import Event, EventKind
>>> names = ["You", "Ava", "Ben"]
>>> e = Event(EventKind.DREW, rule="A-1", player=2, cards=(Card.parse("red 7"), Card.parse("wild")), count=2)
>>> narrate(e, names, viewer=0)
'Ben draws 2 cards. (A-1)'
>>> narrate(e, names, viewer=2)
'You draw the red 7 and the wild. (A-1)'
>>> narrate(Event(EventKind.PLAYED, rule="T-1", player=1, cards=(Card.parse("blue skip"),)), names)
'Ava plays the blue skip. (T-1)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .cards import Card
from .engine.events import Event, EventKind
from .engine.refusals import Refusal
from .bidi import isolate
from .i18n import _, card_name, colour_name, ngettext  # noqa: F401  (card_name, colour_name re-exported)
from .rulebook import is_ruling

__all__ = ["narrate", "narrate_all", "narrate_refusal", "card_name", "cards_phrase", "rule_note"]


def cards_phrase(cards: Iterable[Card]) -> str:
    """``"the red 7"``, ``"the red 7 and the wild"``, ``"the red 7, the blue 2 and the wild"``."""
    parts = [_("the {card}").format(card=card_name(c)) for c in cards]
    if not parts:
        return _("no card")
    if len(parts) == 1:
        return parts[0]
    return _("{some} and {last}").format(some=", ".join(parts[:-1]), last=parts[-1])


def _names_phrase(items: Sequence[str]) -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return _("{some} and {last}").format(some=", ".join(items[:-1]), last=items[-1])


def rule_note(rule: str) -> str:
    """``"(A-1)"``; for a ruling of this app ``"(T-6, a ruling of this app)"``; ``""`` for no rule."""
    if not rule:
        return ""
    if is_ruling(rule):
        return _("({rule}, a ruling of this app)").format(rule=rule)
    return "(" + rule + ")"


class _Ctx:
    def __init__(self, names: Sequence[str], viewer: int | None):
        self.names = names
        self.viewer = viewer

    def you(self, seat: int | None) -> bool:
        return seat is not None and self.viewer is not None and seat == self.viewer

    def name(self, seat: int | None) -> str:
        """A player's name, ``"you"`` for the viewer (object position)."""
        if seat is None:
            return _("nobody")
        if self.you(seat):
            return _("you")
        if 0 <= seat < len(self.names):
            return isolate(self.names[seat])  # a right-to-left name never reorders the sentence
        return _("seat {seat}").format(seat=seat)

    def subject(self, seat: int | None) -> str:
        """A player's name, ``"You"`` for the viewer (subject position)."""
        if self.you(seat):
            return _("You")
        return self.name(seat)

    def group(self, seats: Sequence[int]) -> str:
        """``"Ben and Cal"``, ``"you and Cal"`` (the viewer first, as the pronoun ``"you"`` —
        never the player name ``"You"`` — capitalised by the caller at a sentence's start)."""
        seats = list(seats)
        if self.viewer in seats:
            seats.remove(self.viewer)
            return _names_phrase([_("you")] + [self.name(s) for s in seats])
        return _names_phrase([self.name(s) for s in seats])


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


# One small function per event kind: ``(event, context) -> sentence`` (not capitalised, no
# rule note: `narrate` adds both). :data:`SENTENCES` maps every EventKind to its function.

def _actor(e: Event, c: _Ctx) -> tuple[bool, str]:
    """Whether the event's player is the viewer, and the player as a subject (``"You"``)."""
    return c.you(e.player), c.subject(e.player)


def _say(e: Event, c: _Ctx, yours: str, theirs: str, **values: object) -> str:
    """`yours` when the event's player is the viewer, else `theirs`; either filled in with
    the player (``{player}``) and `values`."""
    you, p = _actor(e, c)
    return (yours if you else theirs).format(player=p, **values)


def _card(e: Event) -> str:
    """The name of the event's first card (``"red 7"``), ``"card"`` when it has none."""
    return card_name(e.cards[0]) if e.cards else _("card")


def _round_started(e: Event, c: _Ctx) -> str:
    you, p = _actor(e, c)
    if e.player is None:
        return ngettext("Each player is dealt {n} card.", "Each player is dealt {n} cards.", e.count).format(n=e.count)
    if you:
        return ngettext("You deal {n} card to each player.", "You deal {n} cards to each player.", e.count).format(n=e.count)
    return ngettext("{player} deals {n} card to each player.", "{player} deals {n} cards to each player.",
                    e.count).format(player=p, n=e.count)


def _first_card(e: Event, c: _Ctx) -> str:
    return _("The {card} is turned up to start the discard pile.").format(card=_card(e))


def _first_card_ignored(e: Event, c: _Ctx) -> str:
    return _("The {card} is not a number card: its effect is ignored and another card is turned up.").format(
        card=_card(e))


def _first_card_returned(e: Event, c: _Ctx) -> str:
    return _("The {card} goes back into the deck, which is shuffled, and a new card is turned up.").format(
        card=_card(e))


def _turn_started(e: Event, c: _Ctx) -> str:
    return _say(e, c, _("It is your turn."), _("It is {player}'s turn."))


def _played(e: Event, c: _Ctx) -> str:
    you, p = _actor(e, c)
    if len(e.cards) == 2 and e.cards[0] == e.cards[1]:
        return (_("You play two {card} cards together.") if you
                else _("{player} plays two {card} cards together.")).format(player=p, card=_card(e))
    return (_("You play {cards}.") if you else _("{player} plays {cards}.")).format(
        player=p, cards=cards_phrase(e.cards))


def _speed_played(e: Event, c: _Ctx) -> str:
    return _say(e, c, _("You speed-play {cards}!"),
                _("{player} speed-plays {cards}!"), cards=cards_phrase(e.cards[:1]))


def _speed_play_mistake(e: Event, c: _Ctx) -> str:
    return _say(e, c, _("Your {card} does not match the top card: a mistake, it goes back to your hand."),
                _("{player}'s {card} does not match the top card: a mistake, it goes back to their hand."),
                card=_card(e))


def _drew(e: Event, c: _Ctx) -> str:
    you, p = _actor(e, c)
    got = len(e.cards)
    asked = e.count or got
    if got == 0:
        return (_("You draw no card: there is none left.") if you
                else _("{player} draws no card: there is none left.")).format(player=p)
    if e.cards_visible_to(c.viewer):
        text = (_("You draw {cards}.") if you else _("{player} draws {cards}.")).format(
            player=p, cards=cards_phrase(e.cards))
    else:
        text = (ngettext("{player} draws {n} card.", "{player} draws {n} cards.", got)).format(player=p, n=got)
    if got < asked:
        text = text[:-1] + ngettext(" (only {n} was left).", " (only {n} were left).", got).format(n=got)
    return text


def _kept(e: Event, c: _Ctx) -> str:
    you, p = _actor(e, c)
    if e.cards and (you or c.viewer is None):
        return (_("You keep {cards}.") if you else _("{player} keeps {cards}.")).format(
            player=p, cards=cards_phrase(e.cards[:1]))
    return _("You keep the card you drew.") if you else _("{player} keeps the card they drew.").format(player=p)


def _turn_ended_after_draw(e: Event, c: _Ctx) -> str:
    you, p = _actor(e, c)
    if e.cards and (you or c.viewer is None):
        return (_("You cannot play {cards}: your turn ends.") if you
                else _("{player} cannot play {cards}: the turn ends.")).format(
            player=p, cards=cards_phrase(e.cards[:1]))
    return (_("You cannot play the card you drew: your turn ends.") if you
            else _("{player} cannot play the card they drew: the turn ends.").format(player=p))


def _skipped(e: Event, c: _Ctx) -> str:
    return _say(e, c, _("You lose your turn."), _("{player} loses their turn."))


def _passed_over(e: Event, c: _Ctx) -> str:
    """SP-2: the players between are passed over. With the speed player known, the sentence
    says where play jumps to — past whom — and not that those players lose their turn: a
    speed-played Reverse or Skip (SP-7) may give the next turn to one of them ("Play jumps
    past Ben and Ava to you. … It is Ava's turn.")."""
    if e.player is not None and e.players:
        you, _p = _actor(e, c)
        if you:
            return _("Play jumps past {players} to you.").format(players=c.group(e.players))
        return _("Play jumps past {players} to {player}.").format(players=c.group(e.players), player=c.name(e.player))
    seats = e.players or ((e.player,) if e.player is not None else ())
    if not seats:
        return _("Nobody is passed over.")
    if len(seats) == 1 and not c.you(seats[0]):
        return _("{players} is passed over.").format(players=c.group(seats))
    return _("{players} are passed over.").format(players=c.group(seats))


def _direction_changed(e: Event, c: _Ctx) -> str:
    return _("Play now goes clockwise.") if e.count >= 0 else _("Play now goes counterclockwise.")


def _colour_chosen(e: Event, c: _Ctx) -> str:
    return _say(e, c, _("You choose {colour}."),
                _("{player} chooses {colour}."), colour=colour_name(e.colour))


def _colour_set(e: Event, c: _Ctx) -> str:
    return _("The colour is now {colour}.").format(colour=colour_name(e.colour))


def _linked(e: Event, c: _Ctx) -> str:
    seats = e.players or tuple(s for s in (e.player, e.target) if s is not None)
    return _("{players} are linked: when one of them draws, the other draws the same number.").format(
        players=c.group(seats))


def _links_ended(e: Event, c: _Ctx) -> str:
    return _("The links end.")


def _stacked(e: Event, c: _Ctx) -> str:
    return ngettext("The total to draw is now {n} card.", "The total to draw is now {n} cards.",
                    e.count).format(n=e.count)


def _challenge_started(e: Event, c: _Ctx) -> str:
    you, p = _actor(e, c)
    if c.you(e.target):
        return _("You may accept {player}'s wild draw four or challenge it.").format(player=c.name(e.player))
    if you:
        return _("{target} may accept your wild draw four or challenge it.").format(target=c.subject(e.target))
    return _("{target} may accept {player}'s wild draw four or challenge it.").format(
        target=c.subject(e.target), player=p)


def _accepted(e: Event, c: _Ctx) -> str:
    return _say(e, c, _("You accept and draw."), _("{player} accepts and draws."))


def _challenged(e: Event, c: _Ctx) -> str:
    you, p = _actor(e, c)
    shown = ""
    if e.cards and e.cards_visible_to(c.viewer):
        shown = (_(" (you show {cards})") if c.you(e.target) else _(" ({target} shows {cards})")).format(
            target=c.subject(e.target), cards=cards_phrase(e.cards))
    verdict = (_("the wild draw four was played legally") if e.flag
               else _("the wild draw four was a bluff"))
    return (_("You challenge {target}{shown}: {verdict}.") if you
            else _("{player} challenges {target}{shown}: {verdict}.")).format(
        player=p, target=c.name(e.target), shown=shown, verdict=verdict)


def _pointing_started(e: Event, c: _Ctx) -> str:
    return _say(e, c, _("You play a point taken: 3, 2, 1 — everyone points at another player!"),
                _("{player} plays a point taken: 3, 2, 1 — everyone points at another player!"))


def _pointed(e: Event, c: _Ctx) -> str:
    you, p = _actor(e, c)
    if e.target is not None and (you or c.viewer is None):
        return (_("You point at {target}.") if you else _("{player} points at {target}.")).format(
            player=p, target=c.name(e.target))
    return _("You have pointed.") if you else _("{player} has pointed.").format(player=p)


def _pointing_result(e: Event, c: _Ctx) -> str:
    pairs = [_("{player} at {target}").format(player=c.name(a), target=c.name(b))
             for a, b in zip(e.players, e.targets)]
    return _("Everyone shows where they point: {pairs}.").format(pairs=_names_phrase(pairs))


def _mini_pile_wild_turned(e: Event, c: _Ctx) -> str:
    return _("The {card} is turned up: a wild card goes to the bottom of the draw pile.").format(card=_card(e))


def _mini_pile_started(e: Event, c: _Ctx) -> str:
    colour = e.colour if e.colour is not None else (e.cards[0].colour if e.cards else None)
    return _("The {card} starts a mini pile before {target}: its colour, {colour}, is the colour now; "
             "each player in turn adds a {colour} card or a wild card.").format(
        card=_card(e), target=c.name(e.target), colour=colour_name(colour))


def _mini_pile_not_started(e: Event, c: _Ctx) -> str:
    return _("Only wild cards are left to turn up: no mini pile starts.")


def _mini_pile_added(e: Event, c: _Ctx) -> str:
    return _say(e, c, _("You add {cards} to the mini pile."),
                _("{player} adds {cards} to the mini pile."), cards=cards_phrase(e.cards[:1]))


def _mini_pile_taken(e: Event, c: _Ctx) -> str:
    you, p = _actor(e, c)
    n = len(e.cards) or e.count
    return (ngettext("You cannot add a card and take the mini pile ({n} card).",
                     "You cannot add a card and take the mini pile ({n} cards).", n) if you
            else ngettext("{player} cannot add a card and takes the mini pile ({n} card).",
                          "{player} cannot add a card and takes the mini pile ({n} cards).", n)
            ).format(player=p, n=n)


def _reshuffled(e: Event, c: _Ctx) -> str:
    return ngettext("The discard pile is shuffled into a new draw pile of {n} card.",
                    "The discard pile is shuffled into a new draw pile of {n} cards.", e.count).format(n=e.count)


def _uno_called(e: Event, c: _Ctx) -> str:
    return _say(e, c, _("You call UNO!"), _("{player} calls UNO!"))


def _uno_caught(e: Event, c: _Ctx) -> str:
    you, p = _actor(e, c)
    if c.you(e.target):
        return _("{player} catches you: you did not call UNO.").format(player=p)
    return (_("You catch {target}, who did not call UNO.") if you
            else _("{player} catches {target}, who did not call UNO.")).format(player=p, target=c.name(e.target))


def _hands_swapped(e: Event, c: _Ctx) -> str:
    return _say(e, c, _("You swap hands with {target}."),
                _("{player} swaps hands with {target}."), target=c.name(e.target))


def _hands_passed(e: Event, c: _Ctx) -> str:
    return (_("Every hand passes to the next player clockwise.") if e.count >= 0
            else _("Every hand passes to the next player counterclockwise."))


def _round_blocked(e: Event, c: _Ctx) -> str:
    return _("Nobody can play or draw: the round is blocked and the lowest hand wins it.")


def _round_won(e: Event, c: _Ctx) -> str:
    you, p = _actor(e, c)
    return (ngettext("You win the round and score {n} point.", "You win the round and score {n} points.", e.count)
            if you else ngettext("{player} wins the round and scores {n} point.",
                                 "{player} wins the round and scores {n} points.", e.count)
            ).format(player=p, n=e.count)


def _match_won(e: Event, c: _Ctx) -> str:
    return _say(e, c, _("You win the match!"), _("{player} wins the match!"))


SENTENCES: dict[EventKind, Callable[[Event, _Ctx], str]] = {
    EventKind.ROUND_STARTED: _round_started,
    EventKind.FIRST_CARD: _first_card,
    EventKind.FIRST_CARD_IGNORED: _first_card_ignored,
    EventKind.FIRST_CARD_RETURNED: _first_card_returned,
    EventKind.TURN_STARTED: _turn_started,
    EventKind.PLAYED: _played,
    EventKind.SPEED_PLAYED: _speed_played,
    EventKind.SPEED_PLAY_MISTAKE: _speed_play_mistake,
    EventKind.DREW: _drew,
    EventKind.KEPT: _kept,
    EventKind.TURN_ENDED_AFTER_DRAW: _turn_ended_after_draw,
    EventKind.SKIPPED: _skipped,
    EventKind.PASSED_OVER: _passed_over,
    EventKind.DIRECTION_CHANGED: _direction_changed,
    EventKind.COLOUR_CHOSEN: _colour_chosen,
    EventKind.COLOUR_SET: _colour_set,
    EventKind.LINKED: _linked,
    EventKind.LINKS_ENDED: _links_ended,
    EventKind.STACKED: _stacked,
    EventKind.CHALLENGE_STARTED: _challenge_started,
    EventKind.ACCEPTED: _accepted,
    EventKind.CHALLENGED: _challenged,
    EventKind.POINTING_STARTED: _pointing_started,
    EventKind.POINTED: _pointed,
    EventKind.POINTING_RESULT: _pointing_result,
    EventKind.MINI_PILE_WILD_TURNED: _mini_pile_wild_turned,
    EventKind.MINI_PILE_STARTED: _mini_pile_started,
    EventKind.MINI_PILE_NOT_STARTED: _mini_pile_not_started,
    EventKind.MINI_PILE_ADDED: _mini_pile_added,
    EventKind.MINI_PILE_TAKEN: _mini_pile_taken,
    EventKind.RESHUFFLED: _reshuffled,
    EventKind.UNO_CALLED: _uno_called,
    EventKind.UNO_CAUGHT: _uno_caught,
    EventKind.HANDS_SWAPPED: _hands_swapped,
    EventKind.HANDS_PASSED: _hands_passed,
    EventKind.ROUND_BLOCKED: _round_blocked,
    EventKind.ROUND_WON: _round_won,
    EventKind.MATCH_WON: _match_won,
}
"""Event kind → the function that words it (every :class:`EventKind` has one; a test checks)."""


def _sentence(e: Event, c: _Ctx) -> str:
    say = SENTENCES.get(e.kind)
    if say is None:  # an event kind newer than this table
        return _("Something happens: {what}.").format(what=e.kind.value)
    return say(e, c)


def narrate(event: Event, names: Sequence[str], viewer: int | None = None) -> str:
    """One sentence for `event`, as `viewer` (a seat, or None for an onlooker who sees all)
    may know it, ending with the rule id when the event has one.

    Args:
        event: what happened.
        names: the players' names in seating order.
        viewer: the seat reading the sentence; ``None`` sees every card.
    """
    text = _cap(_sentence(event, _Ctx(names, viewer)))
    note = rule_note(event.rule)
    return f"{text} {note}" if note else text


def narrate_all(events: Iterable[Event], names: Sequence[str], viewer: int | None = None) -> list[str]:
    """:func:`narrate` for each event, in order."""
    return [narrate(e, names, viewer) for e in events]


def narrate_refusal(refusal: object) -> str:
    """The sentence for a refused move (a ``Refusal``, an ``IllegalMove`` or any object with
    ``rule``, ``explanation`` and ``is_ruling``): its explanation, ending with the rule id, and
    for a ruling of this app the one ruling note (added by `unoparty.refusal_words.finish`
    when the explanation lacks it, never twice)."""
    from .refusal_words import explain, finish, ruling_note
    found = getattr(refusal, "refusal", refusal)  # an IllegalMove carries the engine's Refusal
    if isinstance(found, Refusal):
        return explain(found)
    rule = getattr(refusal, "rule", "") or ""
    text = (getattr(refusal, "explanation", "") or str(refusal)).strip()
    if rule and text.endswith(f"({rule})"):
        return text  # already worded by refusal_words: rule id and ruling note in place
    ruling = getattr(refusal, "is_ruling", None)
    if ruling is None:
        ruling = is_ruling(rule)
    return finish(text, "" if rule in text else rule, bool(ruling) and ruling_note() not in text)
