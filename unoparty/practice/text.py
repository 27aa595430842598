"""The words of an exercise: the question, each choice, and the explanation citing the rule.

Made at the edge, through the translation catalogue (``unoparty.i18n``), like narration.

Who is "you": every function takes `me`, the seat shown as the learner's. The Practice page
draws the table as the answering seat sees it and marks that seat as the learner's ("Gus (you)",
"Your hand"), so it passes ``me=ex.player``: the question, the choices, the answer and the
explanation then say "you" to the learner — each a whole message of its own per question kind
("Can you play the red 7 now?", "How many cards do you draw?", "The app tells you: …") — and
name the other players. With ``me=None`` (the default) no seat is the learner's and every player
is named in the third person ("Can Gus play the red 7 now?"): the text of ``unoparty practice
show``, which a teacher reads without a table.

>>> from unoparty.practice.exercises import exercise
>>> ex = exercise(3)
>>> question(ex).endswith("?") and explanation(ex).rstrip(".").endswith(")") or True
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..cards import Colour
from ..game import Game
from ..rules import Rules
from ..engine.events import Event
from ..engine.moves import PointAt
from ..i18n import _, colour_name, the_card_object
from ..move_words import move_infinitive
from .exercises import Answer, Exercise, ExerciseKind

__all__ = ["question", "choice_label", "explanation", "situation", "rules_line"]

_RULE_SUFFIX = re.compile(r"\s*\([A-Z]{1,2}-\d+[^()]*\)\s*$")


def question(ex: Exercise, game: Game | None = None, me: int | None = None) -> str:
    """The question, naming the players and cards: ``"Can Ben play the red 7 now?"``; `me`, the
    seat shown as the learner's (:attr:`Exercise.player`, or None), is "you": ``"Can you play the
    red 7 now?"``, ``"You played the Wild Draw Four."`` (see the module's note). `game`: the table at the moment (default: rebuilt from the deal, :meth:`Exercise.game`)."""
    names = ex.names
    game = game if game is not None else ex.game()
    who = names[ex.move.player]
    you = me is not None and me == ex.move.player  # the learner makes the move asked about
    said = " ".join(situation(ex, game, me))
    lead = said + " " if said else ""
    do = move_infinitive(ex.move, names, me)
    if ex.kind in (ExerciseKind.CAN_PLAY, ExerciseKind.CATCH):
        return lead + (_("Can you {do} now?").format(do=do) if you
                       else _("Can {name} {do} now?").format(name=who, do=do))
    did = lead + (_("You are about to {do}.").format(do=do) if you
                  else _("{name} is about to {do}.").format(name=who, do=do))
    if ex.change:  # a documented change of the real table (exercises.CHANGES): say it
        changed = (_("This table is changed: the draw pile is empty.") if ex.change.endswith(" 0")
                   else _("This table is changed: one card is left in the draw pile."))
        did = changed + " " + did
    if ex.kind is ExerciseKind.WHO_NEXT:
        return did + " " + _("Who acts next?")
    if ex.kind is ExerciseKind.HOW_MANY:
        if isinstance(ex.move, PointAt):  # the pointing is secret until the last one: say it
            did += " " + _pointing(ex, game, me)
        assert ex.target is not None  # a HOW_MANY question names who draws
        if ex.target == me:
            return did + " " + _("How many cards do you draw?")
        return did + " " + _("How many cards does {name} draw?").format(name=names[ex.target])
    if ex.kind is ExerciseKind.LINKED:
        a, b = game.links[:2]
        if me in (a, b):
            return did + " " + _("Are you and {name} still linked then?").format(name=names[b if a == me else a])
        return did + " " + _("Are {a} and {b} still linked then?").format(a=names[a], b=names[b])
    if ex.kind is ExerciseKind.SCORE:  # the round's end shows every hand: say them
        from ..i18n import card_name
        held = " ".join(_("{name} holds: {cards}.").format(name=names[seat], cards=", ".join(card_name(c) for c in hand))
                        for seat, hand in enumerate(game.hands) if seat != ex.move.player and hand)
        if you:
            return (did + " " + _("It is your last card. The other hands:") + " " + held + " "
                    + _("How many points do you score for the round?"))
        return (did + " " + _("It is their last card. The other hands:") + " " + held + " "
                + _("How many points does {name} score for the round?").format(name=who))
    return did + " " + _("Which colour is current then?")


def situation(ex: Exercise, game: Game | None = None, me: int | None = None) -> list[str]:
    """What decides answers but the table does not draw (the public log says it): who
    played the Point Taken being answered (PT-3), who played the Wild Draw Four being
    answered and the colour it was played on (W-2, W-3), who laid the top card for a speed
    play (SP-5), whether a catch is still open (U-2), the card the player has already
    drawn this turn (T-3), the cards waiting to be drawn (W-3, H-1). Sentences, possibly none;
    the seat `me` (the learner's, or None) is "you" in them: "You played a Point Taken."."""
    from ..engine import Phase
    from ..engine.moves import Catch, SpeedPlay
    from ..i18n import ngettext, said
    from ..player_names import gender_of
    game = game if game is not None else ex.game()
    out: list[str] = []
    if isinstance(ex.move, SpeedPlay):
        top = game.top_player
        out.append(_("The top card was turned up from the draw pile.") if top is None
                   else _("You laid the top card.") if top == me
                   else said(gender_of(ex.names[top]), "{name} laid the top card.").format(name=ex.names[top]))
    if isinstance(ex.move, Catch) and 0 <= ex.move.target < len(ex.names) and \
            len(game.hands[ex.move.target]) == 1 and not game.uno_called[ex.move.target]:
        name = ex.names[ex.move.target]
        still = game.catchable == ex.move.target
        if ex.move.target == me:
            out.append(_("You went down to one card without calling UNO; since then nobody has played a card or "
                         "drawn on their turn.") if still
                       else _("You went down to one card without calling UNO, and play has gone on since."))
        else:
            out.append(said(gender_of(name), "{name} went down to one card without calling UNO; since then nobody has "
                            "played a card or drawn on their turn.").format(name=name) if still
                       else said(gender_of(name), "{name} went down to one card without calling UNO, and play has gone on since.").format(name=name))
    if game.wd4_player is not None:
        before = game.view_for(game.wd4_player).wd4_colour
        if game.wd4_player == me:
            out.append(_("You played the Wild Draw Four when the colour was {colour}.").format(colour=colour_name(before))
                       if before is not None else _("You played the Wild Draw Four."))
        else:
            out.append((said(gender_of(ex.names[game.wd4_player]), "{name} played the Wild Draw Four when the colour was {colour}.").format(
                name=ex.names[game.wd4_player], colour=colour_name(before)) if before is not None
                else said(gender_of(ex.names[game.wd4_player]), "{name} played the Wild Draw Four.").format(name=ex.names[game.wd4_player])))
    if game.phase is Phase.POINTING and game.pointer is not None:
        out.append(_("You played a Point Taken.") if game.pointer == me
                   else said(gender_of(ex.names[game.pointer]), "{name} played a Point Taken.").format(name=ex.names[game.pointer]))
    if game.phase is Phase.DRAWN and game.drawn_card is not None and game.current is not None:
        card = the_card_object(game.drawn_card)
        out.append(_("You have already drawn {card} this turn.").format(card=card) if game.current == me
                   else said(gender_of(ex.names[game.current]), "{name} has already drawn {card} this turn.").format(
                       name=ex.names[game.current], card=card))
    if game.pending_draw:
        out.append(ngettext("{n} card is waiting to be drawn.", "{n} cards are waiting to be drawn.",
                            game.pending_draw).format(n=game.pending_draw))
    return out


def rules_line(rules: Rules) -> str:
    """``"Rules: UNO Party! + Stacking (H-1)"``: the rule set and the house rules on."""
    names = {"stacking": _("Stacking (H-1)"), "seven_o": _("Seven-O (H-2)"), "jump_in": _("Jump-In (H-3)"),
             "doubles": _("Doubles (H-4)")}
    on = [label for key, label in names.items() if getattr(rules, key)]
    return _("Rules: {rules}{options}").format(
        rules=_("UNO Party!") if rules.rule_set == "party" else _("Classic UNO"),
        options=(" + " + ", ".join(on)) if on else "")


def _pointing(ex: Exercise, game: Game, me: int | None = None) -> str:
    """"Then everyone has pointed: Ava at Ben, …" for the last pointing of a Point Taken; the
    seat `me` is "you" in its pairs ("you at Ben", "Ava at you": the narration's messages)."""
    from ..engine.events import EventKind
    events = game.clone().apply(ex.move)
    result = next((e for e in events if e.kind is EventKind.POINTING_RESULT), None)
    if result is None:
        return ""

    def pair(a: int, b: int) -> str:
        if a == me:
            return _("you at {target}").format(target=ex.names[b])
        if b == me:
            return _("{player} at you").format(player=ex.names[a])
        return _("{a} at {b}").format(a=ex.names[a], b=ex.names[b])
    pairs = ", ".join(pair(a, b) for a, b in zip(result.players, result.targets))
    return _("Then everyone has pointed: {pairs}.").format(pairs=pairs)


def choice_label(ex: Exercise, choice: Answer, me: int | None = None) -> str:
    """The words on an answer button; a seat chosen is named as the table names it, the
    learner's seat `me` as ``"Gus (you)"`` (:func:`unoparty.narrate.seat_label`)."""
    if isinstance(choice, bool):
        return _("Yes") if choice else _("No")
    if isinstance(choice, Colour):
        return colour_name(choice)
    if ex.kind is ExerciseKind.WHO_NEXT and isinstance(choice, int):
        from ..narrate import seat_label
        return seat_label(ex.names, choice, me)
    return str(choice)


def explanation(ex: Exercise, game: Game | None = None,
                events: Sequence[Event] | None = None, me: int | None = None) -> str:
    """Why the engine's answer is right, citing the rule: the refusal's words for a move
    refused, the narration of what the move does for a move made, then the rule's plain
    words and its id. `game`: the table at the moment (default: rebuilt, :meth:`Exercise.game`);
    `events`: what the move does there, if already worked out (default: the move is made
    on a copy); `me`: the learner's seat (the seat shown, :attr:`Exercise.player`, or None),
    told "you" — "The app tells you: …" when it made the move, the narration read from that
    seat (other players' drawn cards unnamed, as the table shows them)."""
    from ..narrate import narrate, narrate_refusal
    from ..rulebook import RULES
    game = game if game is not None else ex.game()
    refusal = game.why_illegal(ex.move)
    if refusal is not None:
        text = _RULE_SUFFIX.sub("", narrate_refusal(refusal))
        said = (_("The app tells you: “{text}”").format(text=text) if me == ex.move.player
                else _("The app tells {name}: “{text}”").format(name=ex.names[ex.move.player], text=text))
    else:
        if events is None:
            events = game.clone().apply(ex.move)
        said = " ".join(_RULE_SUFFIX.sub("", t) for t in (narrate(e, game.names, me) for e in events) if t)
    rule = RULES.get(ex.rule)
    plain = ""
    if rule is not None:
        plain = (rule.plain_text or rule.text or "").split(". ")[0].strip().rstrip(".") + "."
        plain = " ".join(plain.split())
    if ex.kind is ExerciseKind.SCORE:  # the sum, card by card
        cards = [c for seat, hand in enumerate(game.hands) if seat != ex.move.player for c in hand]
        said += " " + _("Counted: {sum} = {points}.").format(sum=" + ".join(str(c.points) for c in cards),
                                                            points=sum(c.points for c in cards))
    cite = (_("Rule {id}: {text}").format(id=ex.rule, text=plain) if plain
            else _("Rule {id}.").format(id=ex.rule))
    return " ".join(p for p in (said, cite) if p)
