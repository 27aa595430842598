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
from .i18n import _, card_name, colour_name, ngettext, pgettext, said, said_n, said_to, the_card, the_card_object, the_card_subject  # noqa: F401  (card_name, colour_name re-exported)
from .player_names import gender_of
from .rulebook import is_ruling

__all__ = ["narrate", "narrate_all", "narrate_refusal", "card_name", "cards_phrase", "rule_note",
           "seat_label", "is_learner_seat_name"]


def cards_phrase(cards: Iterable[Card]) -> str:
    """``"the red 7"``, ``"the red 7 and the wild"``, ``"the red 7, the blue 2 and the wild"``
    (each card as the object of a sentence, :func:`unoparty.i18n.the_card_object`: every sentence
    that lists cards plays, draws, keeps, shows or adds them)."""
    parts = [the_card_object(c) for c in cards]
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


def is_learner_seat_name(name: str) -> bool:
    """Whether `name` is the name the learner's seat has when the learner gave none: the
    lessons' ``"You"`` or its translation (the game page's default name)."""
    return name in ("You", _("You"))


def seat_label(names: Sequence[str], seat: int, me: int | None) -> str:
    """A player as a button or a picker names them: their name; the learner's own seat
    (`me`) as the translated ``"You"`` when it has no name of its own, else as
    ``"Mia (you)"`` — never the engine's seat name ``"You"`` in another language."""
    name = names[seat] if 0 <= seat < len(names) else "?"
    if me is not None and seat == me:
        return _("You") if is_learner_seat_name(name) else name + " " + _("(you)")
    return name


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

    def gender(self, seat: int | None) -> str | None:
        """The grammatical gender of another player's name (:mod:`unoparty.player_names`),
        for :func:`unoparty.i18n.said`; None when unknown."""
        if seat is None or not 0 <= seat < len(self.names):
            return None
        return gender_of(self.names[seat])

    def others(self, seats: Sequence[int]) -> list[str]:
        """The names of `seats` other than the viewer."""
        return [self.name(s) for s in seats if not self.you(s)]

    def group(self, seats: Sequence[int]) -> str:
        """``"Ben and Cal"`` — the other players of `seats` (sentences in which the viewer is
        one of them are messages of their own: "You and Cal are linked")."""
        return _names_phrase(self.others(seats))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


# One small function per event kind: ``(event, context) -> sentence`` (not capitalised, no
# rule note: `narrate` adds both). :data:`SENTENCES` maps every EventKind to its function.
# A sentence about the viewer is its own message ("You play …"); a sentence about another
# player goes through `said`, with that player's grammatical gender (Czech: "Ava zahrála"), and
# one player acting on another through `said_to`, with both ("Ava chytila hráče Ben"); the
# viewer acting on another player takes the other's gender ("Chytáš hráčku Ava").

def _card(e: Event) -> str:
    """The name of the event's first card (``"red 7"``), ``"card"`` when it has none."""
    return card_name(e.cards[0]) if e.cards else _("card")


def _subject(e: Event) -> str:
    """The event's first card as the subject of the sentence (``"the red 7"``, Czech *červená 7*,
    Norwegian *den røde 7-eren*: :func:`unoparty.i18n.the_card_subject`), ``"a card"`` when it
    has none."""
    return the_card_subject(e.cards[0]) if e.cards else _("a card")


def _p(e: Event, c: _Ctx) -> str:
    return c.name(e.player)


def _round_started(e: Event, c: _Ctx) -> str:
    if e.player is None:
        return ngettext("Each player is dealt {n} card.", "Each player is dealt {n} cards.", e.count).format(n=e.count)
    if c.you(e.player):
        return ngettext("You deal {n} card to each player.", "You deal {n} cards to each player.", e.count).format(n=e.count)
    return said_n(c.gender(e.player), "{player} deals {n} card to each player.",
                  "{player} deals {n} cards to each player.", e.count).format(player=_p(e, c), n=e.count)


def _first_card(e: Event, c: _Ctx) -> str:
    return _("{the_card} is turned up to start the discard pile.").format(the_card=_subject(e))


def _first_card_ignored(e: Event, c: _Ctx) -> str:
    return _("{the_card} is not a number card: its effect is ignored and another card is turned up.").format(
        the_card=_subject(e))


def _first_card_returned(e: Event, c: _Ctx) -> str:
    return _("{the_card} goes back into the deck, which is shuffled, and a new card is turned up.").format(
        the_card=_subject(e))


def _turn_started(e: Event, c: _Ctx) -> str:
    if c.you(e.player):
        return _("It is your turn.")
    return _("It is {player}'s turn.").format(player=_p(e, c))


def _played(e: Event, c: _Ctx) -> str:
    g = c.gender(e.player)
    if len(e.cards) == 2 and e.cards[0] == e.cards[1]:
        if c.you(e.player):
            return _("You play two {card} cards together.").format(card=_card(e))
        return said(g, "{player} plays two {card} cards together.").format(player=_p(e, c), card=_card(e))
    if c.you(e.player):
        return _("You play {cards}.").format(cards=cards_phrase(e.cards))
    return said(g, "{player} plays {cards}.").format(player=_p(e, c), cards=cards_phrase(e.cards))


def _speed_played(e: Event, c: _Ctx) -> str:
    cards = cards_phrase(e.cards[:1])
    if c.you(e.player):
        return _("You speed-play {cards}!").format(cards=cards)
    return said(c.gender(e.player), "{player} speed-plays {cards}!").format(player=_p(e, c), cards=cards)


def _speed_play_mistake(e: Event, c: _Ctx) -> str:
    if c.you(e.player):
        return _("{the_card} you speed-played does not match the top card: a mistake, it goes back to your hand."
                 ).format(the_card=_subject(e))
    return said(c.gender(e.player),
                "{the_card} {player} speed-played does not match the top card: a mistake, it goes back to their hand."
                ).format(player=_p(e, c), the_card=_subject(e))


def _drew(e: Event, c: _Ctx) -> str:
    you, p, g = c.you(e.player), _p(e, c), c.gender(e.player)
    got = len(e.cards)
    asked = e.count or got
    if e.flag and not e.cards:  # seen by another seat: how many, not which (Event.seen_by)
        got = asked = e.count
    if got == 0:
        return (_("You draw no card: there is none left.") if you
                else said(g, "{player} draws no card: there is none left.").format(player=p))
    if e.cards and e.cards_visible_to(c.viewer):   # a draw seen by another seat has no cards left
        text = (_("You draw {cards}.") if you else said(g, "{player} draws {cards}.")).format(
            player=p, cards=cards_phrase(e.cards))
    else:
        text = said_n(g, "{player} draws {n} card.", "{player} draws {n} cards.", got).format(player=p, n=got)
    if got < asked:
        text = text[:-1] + ngettext(" (only {n} was left).", " (only {n} were left).", got).format(n=got)
    return text


def _kept(e: Event, c: _Ctx) -> str:
    you, p, g = c.you(e.player), _p(e, c), c.gender(e.player)
    if e.cards and (you or c.viewer is None):
        return (_("You keep {cards}.") if you else said(g, "{player} keeps {cards}.")).format(
            player=p, cards=cards_phrase(e.cards[:1]))
    return _("You keep the card you drew.") if you else said(g, "{player} keeps the card they drew.").format(player=p)


def _turn_ended_after_draw(e: Event, c: _Ctx) -> str:
    you, p, g = c.you(e.player), _p(e, c), c.gender(e.player)
    if e.cards and (you or c.viewer is None):
        return (_("You cannot play {cards}: your turn ends.") if you
                else said(g, "{player} cannot play {cards}: the turn ends.")).format(
            player=p, cards=cards_phrase(e.cards[:1]))
    return (_("You cannot play the card you drew: your turn ends.") if you
            else said(g, "{player} cannot play the card they drew: the turn ends.").format(player=p))


def _skipped(e: Event, c: _Ctx) -> str:
    if c.you(e.player):
        return _("You lose your turn.")
    return said(c.gender(e.player), "{player} loses their turn.").format(player=_p(e, c))


def _passed_over(e: Event, c: _Ctx) -> str:
    """SP-2: the players between are passed over. With the speed player known, the sentence
    says where play jumps to — past whom — and not that those players lose their turn: a
    speed-played Reverse or Skip (SP-7) may give the next turn to one of them ("Play jumps
    past Ben and Ava to you. … It is Ava's turn.")."""
    if e.player is not None and e.players:
        past_you = any(c.you(s) for s in e.players)
        others = c.group(e.players)
        if c.you(e.player):
            return _("Play jumps past {players} to you.").format(players=others)
        if past_you and others:
            return _("Play jumps past you and {players} to {player}.").format(players=others, player=_p(e, c))
        if past_you:
            return _("Play jumps past you to {player}.").format(player=_p(e, c))
        return _("Play jumps past {players} to {player}.").format(players=others, player=_p(e, c))
    seats = e.players or ((e.player,) if e.player is not None else ())
    if not seats:
        return _("Nobody is passed over.")
    passed = c.others(seats)
    if len(passed) < len(seats):  # the viewer is one of them
        if not passed:
            return _("You are passed over.")
        return _("You and {players} are passed over.").format(players=_names_phrase(passed))
    if len(seats) == 1:
        return said(c.gender(seats[0]), "{players} is passed over.").format(players=c.group(seats))
    return _("{players} are passed over.").format(players=c.group(seats))


def _direction_changed(e: Event, c: _Ctx) -> str:
    return _("Play now goes clockwise.") if e.count >= 0 else _("Play now goes counterclockwise.")


def _colour_chosen(e: Event, c: _Ctx) -> str:
    colour = colour_name(e.colour)
    if c.you(e.player):
        return _("You choose {colour}.").format(colour=colour)
    return said(c.gender(e.player), "{player} chooses {colour}.").format(player=_p(e, c), colour=colour)


def _colour_set(e: Event, c: _Ctx) -> str:
    return _("The colour is now {colour}.").format(colour=colour_name(e.colour))


def _linked(e: Event, c: _Ctx) -> str:
    seats = e.players or tuple(s for s in (e.player, e.target) if s is not None)
    others = c.others(seats)
    if len(others) < len(seats):
        return _("You and {players} are linked: when one of you draws, the other draws the same number.").format(
            players=_names_phrase(others))
    return _("{players} are linked: when one of them draws, the other draws the same number.").format(
        players=c.group(seats))


def _links_ended(e: Event, c: _Ctx) -> str:
    return _("The links end.")


def _stacked(e: Event, c: _Ctx) -> str:
    return ngettext("The total to draw is now {n} card.", "The total to draw is now {n} cards.",
                    e.count).format(n=e.count)


def _challenge_started(e: Event, c: _Ctx) -> str:
    if c.you(e.target):
        return _("You may accept {player}'s wild draw four or challenge it.").format(player=_p(e, c))
    if c.you(e.player):
        return said(c.gender(e.target), "{target} may accept your wild draw four or challenge it.").format(
            target=c.name(e.target))
    return said(c.gender(e.target), "{target} may accept {player}'s wild draw four or challenge it.").format(
        target=c.name(e.target), player=_p(e, c))


def _accepted(e: Event, c: _Ctx) -> str:
    if c.you(e.player):
        return _("You accept and draw.")
    return said(c.gender(e.player), "{player} accepts and draws.").format(player=_p(e, c))


def _challenged(e: Event, c: _Ctx) -> str:
    shown = ""
    if e.cards and e.cards_visible_to(c.viewer):
        shown = (_(" (you show {cards})") if c.you(e.target)
                 else said(c.gender(e.target), " ({target} shows {cards})")).format(
            target=c.name(e.target), cards=cards_phrase(e.cards))
    verdict = (_("the wild draw four was played legally") if e.flag
               else _("the wild draw four was a bluff"))
    if c.you(e.player):
        return said(c.gender(e.target), "You challenge {target}{shown}: {verdict}.").format(
            target=c.name(e.target), shown=shown, verdict=verdict)
    if c.you(e.target):
        return said(c.gender(e.player), "{player} challenges you{shown}: {verdict}.").format(
            player=_p(e, c), shown=shown, verdict=verdict)
    return said_to(c.gender(e.player), c.gender(e.target), "{player} challenges {target}{shown}: {verdict}.").format(
        player=_p(e, c), target=c.name(e.target), shown=shown, verdict=verdict)


def _pointing_started(e: Event, c: _Ctx) -> str:
    if c.you(e.player):
        return _("You play a point taken: 3, 2, 1 — everyone points at another player!")
    return said(c.gender(e.player), "{player} plays a point taken: 3, 2, 1 — everyone points at another player!").format(
        player=_p(e, c))


def _pointed(e: Event, c: _Ctx) -> str:
    you, p, g = c.you(e.player), _p(e, c), c.gender(e.player)
    if e.target is not None and (you or c.viewer is None):
        return (said(c.gender(e.target), "You point at {target}.") if you
                else said_to(g, c.gender(e.target), "{player} points at {target}.")).format(player=p, target=c.name(e.target))
    return _("You have pointed.") if you else said(g, "{player} has pointed.").format(player=p)


def _pair(c: _Ctx, a: int, b: int) -> str:
    """One pointing pair: "you at Cal", "Ava at you", "Ava at Cal" (each its own message: the
    viewer as a subject and as an object take different words)."""
    if c.you(a):
        return _("you at {target}").format(target=c.name(b))
    if c.you(b):
        return _("{player} at you").format(player=c.name(a))
    return _("{player} at {target}").format(player=c.name(a), target=c.name(b))


def _pointing_result(e: Event, c: _Ctx) -> str:
    pairs = [_pair(c, a, b) for a, b in zip(e.players, e.targets)]
    return _("Everyone shows where they point: {pairs}.").format(pairs=_names_phrase(pairs))


def _mini_pile_wild_turned(e: Event, c: _Ctx) -> str:
    return _("{the_card} is turned up: a wild card goes to the bottom of the draw pile.").format(the_card=_subject(e))


def _mini_pile_started(e: Event, c: _Ctx) -> str:
    colour = e.colour if e.colour is not None else (e.cards[0].colour if e.cards else None)
    if c.you(e.target):
        return _("{the_card} starts a mini pile before you: its colour, {colour}, is the colour now; "
                 "each player in turn adds a {colour} card or a wild card.").format(
            the_card=_subject(e), colour=colour_name(colour))
    return _("{the_card} starts a mini pile before {target}: its colour, {colour}, is the colour now; "
             "each player in turn adds a {colour} card or a wild card.").format(
        the_card=_subject(e), target=c.name(e.target), colour=colour_name(colour))


def _mini_pile_not_started(e: Event, c: _Ctx) -> str:
    return _("Only wild cards are left to turn up: no mini pile starts.")


def _mini_pile_added(e: Event, c: _Ctx) -> str:
    cards = cards_phrase(e.cards[:1])
    if c.you(e.player):
        return _("You add {cards} to the mini pile.").format(cards=cards)
    return said(c.gender(e.player), "{player} adds {cards} to the mini pile.").format(player=_p(e, c), cards=cards)


def _mini_pile_taken(e: Event, c: _Ctx) -> str:
    n = len(e.cards) or e.count
    if c.you(e.player):
        return ngettext("You cannot add a card and take the mini pile ({n} card).",
                        "You cannot add a card and take the mini pile ({n} cards).", n).format(n=n)
    return said_n(c.gender(e.player), "{player} cannot add a card and takes the mini pile ({n} card).",
                  "{player} cannot add a card and takes the mini pile ({n} cards).", n).format(player=_p(e, c), n=n)


def _reshuffled(e: Event, c: _Ctx) -> str:
    return ngettext("The discard pile is shuffled into a new draw pile of {n} card.",
                    "The discard pile is shuffled into a new draw pile of {n} cards.", e.count).format(n=e.count)


def _uno_called(e: Event, c: _Ctx) -> str:
    if c.you(e.player):
        return _("You call UNO!")
    return said(c.gender(e.player), "{player} calls UNO!").format(player=_p(e, c))


def _uno_caught(e: Event, c: _Ctx) -> str:
    if c.you(e.target):
        return said(c.gender(e.player), "{player} catches you: you did not call UNO.").format(player=_p(e, c))
    if c.you(e.player):
        return said(c.gender(e.target), "You catch {target}, who did not call UNO.").format(target=c.name(e.target))
    return said_to(c.gender(e.player), c.gender(e.target), "{player} catches {target}, who did not call UNO.").format(
        player=_p(e, c), target=c.name(e.target))


def _hands_swapped(e: Event, c: _Ctx) -> str:
    if c.you(e.player):
        return said(c.gender(e.target), "You swap hands with {target}.").format(target=c.name(e.target))
    if c.you(e.target):
        return said(c.gender(e.player), "{player} swaps hands with you.").format(player=_p(e, c))
    return said_to(c.gender(e.player), c.gender(e.target), "{player} swaps hands with {target}.").format(
        player=_p(e, c), target=c.name(e.target))


def _hands_passed(e: Event, c: _Ctx) -> str:
    return (_("Every hand passes to the next player clockwise.") if e.count >= 0
            else _("Every hand passes to the next player counterclockwise."))


def _round_blocked(e: Event, c: _Ctx) -> str:
    return _("Nobody can play or draw: the round is blocked and the lowest hand wins it.")


def _round_won(e: Event, c: _Ctx) -> str:
    if c.you(e.player):
        return ngettext("You win the round and score {n} point.", "You win the round and score {n} points.",
                        e.count).format(n=e.count)
    return said_n(c.gender(e.player), "{player} wins the round and scores {n} point.",
                  "{player} wins the round and scores {n} points.", e.count).format(player=_p(e, c), n=e.count)


def _match_won(e: Event, c: _Ctx) -> str:
    if c.you(e.player):
        return _("You win the match!")
    return said(c.gender(e.player), "{player} wins the match!").format(player=_p(e, c))


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
