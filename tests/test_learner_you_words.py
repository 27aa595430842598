"""The learner is "you" everywhere, in whole sentences (issue 21; the native reviews'
"Second reading (2026-12-02)", docs/glossary/review-{fr,nb,ro}.md):

- Practice: the board marks the answering seat as the learner's ("Gus (you)"), so the question,
  the choices, the answer and the explanation say "you" to that seat; ``practice show`` (no
  table, no learner's seat) names every player.
- Narration: a card as the subject of a sentence is the card's subject form
  (`the_card_subject`), not the bare name after a fixed "The …" (nb "Kortet gul 3 starter …").
- Refusals, move words: the learner's case is a message of its own, never a pronoun put where
  a name goes (W-3, LK-1).
"""

from __future__ import annotations

import re

import pytest

from unoparty.cards import Card, Colour
from unoparty.engine.events import Event, EventKind
from unoparty.engine.moves import PointAt, Play
from unoparty import i18n
from unoparty.i18n import _, set_language
from unoparty.move_words import move_infinitive, move_past
from unoparty.narrate import narrate
from unoparty.practice.exercises import ExerciseKind, cut_round
from unoparty.practice.mastery import MemoryPracticeStore
from unoparty.practice.text import choice_label, explanation, question

LANGS = ("en", "fr", "ro", "nb", "cs")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def _named(name: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def _own_seat_exercises(seeds=(0, 1)):
    """One exercise per (kind, move type, shown seat is the mover) of a few rounds."""
    seen, out = set(), []
    for seed in seeds:
        for ex in cut_round(seed):
            key = (ex.kind, type(ex.move).__name__, ex.seat is None)
            if key not in seen:
                seen.add(key)
                out.append(ex)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_practice_never_names_the_learners_own_seat_in_the_third_person(lang):
    set_language(lang)
    exercises = _own_seat_exercises()
    assert {ex.kind for ex in exercises} >= {ExerciseKind.CAN_PLAY, ExerciseKind.HOW_MANY, ExerciseKind.WHO_NEXT,
                                             ExerciseKind.COLOUR, ExerciseKind.CATCH}
    for ex in exercises:
        me, name = ex.player, ex.names[ex.player]
        game = ex.game()
        asked, told = question(ex, game, me=me), explanation(ex, game, me=me)
        assert not _named(name, asked), (ex.id, asked)
        assert not _named(name, told), (ex.id, told)
        for choice in ex.choices():
            label = choice_label(ex, choice, me=me)
            if isinstance(choice, int) and not isinstance(choice, bool) and ex.kind is ExerciseKind.WHO_NEXT \
                    and choice == me:
                assert label == name + " " + _("(you)")  # as the board marks the seat
        # the teacher's text (practice show) names the mover: no seat is the reader's
        if ex.seat is None:
            assert _named(name, question(ex, game)), (ex.id, question(ex, game))


def test_practice_questions_say_you_in_whole_messages():
    exercises = {(ex.kind, type(ex.move).__name__): ex for ex in _own_seat_exercises((0, 1, 2))}
    can = exercises[(ExerciseKind.CAN_PLAY, "Play")]
    assert question(can, me=can.player).startswith("Can you play ")
    assert question(can, me=None).startswith(f"Can {can.names[can.player]} play ")
    how = next(ex for (k, _m), ex in exercises.items() if k is ExerciseKind.HOW_MANY and ex.target == ex.player)
    assert question(how, me=how.player).endswith("How many cards do you draw?")
    refused = next(ex for ex in exercises.values() if ex.game().why_illegal(ex.move) is not None)
    assert explanation(refused, me=refused.player).startswith("The app tells you: “")


def test_the_practice_page_marks_the_seat_and_says_you():
    from unoparty.views.practice import PracticePage
    page = PracticePage(store=MemoryPracticeStore(), seed=5)
    ex = next(e for e in cut_round(0) if e.kind is ExerciseKind.CAN_PLAY and e.seat is None)
    page.show(ex)
    name = ex.names[ex.player]
    assert f"{name} {_('(you)')}" in page.table.box.children[0].value or "(you)" in str(page.table.box)
    assert "Can you " in page.question.value and not _named(name, page.question.value)
    page.answer(ex.answer)
    assert not _named(name, page.feedback.html.value), page.feedback.html.value


def test_a_challenge_posed_from_the_wild_draw_four_players_seat_says_you_to_that_seat():
    ex = next(e for seed in range(6) for e in cut_round(seed) if e.seat is not None)
    me, name = ex.player, ex.names[ex.player]
    assert ex.move.player != me
    asked, told = question(ex, me=me), explanation(ex, me=me)
    assert "You played the Wild Draw Four" in asked and not _named(name, asked)
    assert not _named(name, told), told


# ---- narration: the card as the subject ------------------------------------------------------

_SUBJECT_EVENTS = [
    Event(EventKind.FIRST_CARD, rule="S-1", cards=(Card.parse("yellow 3"),)),
    Event(EventKind.FIRST_CARD_IGNORED, rule="S-1", cards=(Card.parse("green reverse"),)),
    Event(EventKind.FIRST_CARD_RETURNED, rule="S-1", cards=(Card.parse("wild draw four"),)),
    Event(EventKind.MINI_PILE_WILD_TURNED, rule="PU-1", cards=(Card.parse("wild"),)),
    Event(EventKind.MINI_PILE_STARTED, rule="PU-1", target=2, cards=(Card.parse("yellow 3"),)),
    Event(EventKind.MINI_PILE_STARTED, rule="PU-1", target=0, cards=(Card.parse("red draw two"),)),
    Event(EventKind.SPEED_PLAY_MISTAKE, rule="SP-4", player=0, cards=(Card.parse("red 7"),)),
    Event(EventKind.SPEED_PLAY_MISTAKE, rule="SP-4", player=1, cards=(Card.parse("red 7"),)),
]


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_as_the_subject_is_named_in_its_subject_form(lang):
    set_language(lang)
    for e in _SUBJECT_EVENTS:
        text = narrate(e, ["You", "Ava", "Ben"], viewer=0)
        subject = i18n.the_card_subject(e.cards[0])
        assert subject.lower() in text.lower(), (lang, text, subject)


def test_norwegian_and_czech_name_the_card_as_a_subject_not_after_kortet_or_in_the_accusative():
    set_language("nb")
    mini = narrate(_SUBJECT_EVENTS[4], ["You", "Ava", "Ben"], viewer=0)
    assert mini.startswith("Den gule 3-eren starter en minibunke foran Ben"), mini
    assert "Kortet gul 3" not in mini
    set_language("cs")
    assert narrate(_SUBJECT_EVENTS[1], ["You", "Ava", "Ben"], 0).startswith("Zelená karta Reverse není")


# ---- refusals and move words: the learner's case of its own ----------------------------------

def test_waiting_for_your_own_answer_to_a_wild_draw_four_is_its_own_sentence():
    from unoparty.engine.refusals import Refusal, RefusalReason
    from unoparty.refusal_words import explain
    r = Refusal("W-3", RefusalReason.ANSWER_WD4_FIRST, player=0, seat=0, card=Card.parse("red 7"))
    set_language("en")
    assert explain(r).startswith("You can't play the red 7 now: you must first accept or challenge")
    set_language("nb")  # "… må først godtas eller utfordres av deg" was the object form put for a subject
    text = explain(r)
    assert "du må først godta eller utfordre" in text and "av deg" not in text


def test_a_link_of_the_asking_seat_says_themselves_or_yourself():
    names = ["Ava", "Ben", "Cal"]
    move = Play(2, Card.parse("wild drawn together"), colour=Colour.RED, link=(0, 2))
    set_language("en")
    assert move_infinitive(move, names).endswith("linking themselves with Ava")
    assert move_infinitive(move, names, 2).endswith("linking yourself with Ava")
    other = Play(2, Card.parse("wild drawn together"), colour=Colour.RED, link=(0, 1))
    assert move_infinitive(other, names).endswith("linking Ava and Ben")
    assert move_infinitive(PointAt(2, 2), names, 2) == "point at yourself"
    assert move_infinitive(Play(2, Card.parse("red 7"), twice=True), names, 2) == "play both of your red 7s together"
    set_language("nb")
    assert "Cal" not in move_infinitive(move, names) and "seg selv" in move_infinitive(move, names)


def test_the_learners_choice_of_colour_in_the_past_is_its_own_message():
    names = ["You", "Ava", "Ben"]
    mine = Play(0, Card.parse("wild"), colour=Colour.RED)
    hers = Play(1, Card.parse("wild"), colour=Colour.RED)
    set_language("ro")
    assert "ai ales" in move_past(mine, names, 0)
    assert "a ales" in move_past(hers, names, 0) and "ai ales" not in move_past(hers, names, 0)
