"""Moves in words (unoparty.move_words): the three forms, pinned as strings.

The strings were the outputs of the three copies this module replaced (views/common.py's
move_words and move_advice, practice/text.py's move_words); one difference on purpose: a
seat outside the table is "?" in every form (the practice copy raised IndexError).
"""

from __future__ import annotations

import random

import pytest

from unoparty import i18n
from unoparty.cards import Card, Colour
from unoparty.engine.moves import (Accept, CallUno, Catch, Challenge, Draw, Keep, Play, PointAt, SpeedPlay,
                                   TakeMiniPile)
from unoparty.game import Game
from unoparty.move_words import move_advice, move_infinitive, move_past
from unoparty.rules import Rules

C = Card.parse
NAMES = ["You", "Ava", "Ben", "Cal"]

CASES = [
    # move, move_past(me=0), move_past(me=0, perfect=True), move_advice(me=0), move_infinitive
    (Play(1, C('red 7')),
     'played the red 7', 'played the red 7',
     'play the red 7', 'play the red 7'),
    (Play(0, C('wild'), colour=Colour.RED),
     'played the wild and chose red', 'played the wild and chosen red',
     'play the wild and choose red', 'play the wild and choose red'),
    (Play(1, C('red 7'), twice=True),
     'played two cards, both red 7', 'played two cards, both red 7',
     'play two cards, both red 7', 'play both of their red 7s together'),
    (Play(2, C('wild drawn together'), colour=Colour.BLUE, link=(0, 3)),
     'played the wild drawn together and chose blue, linking yourself with Cal', 'played the wild drawn together and chosen blue, linking yourself with Cal',
     'play the wild drawn together and choose blue, linking yourself with Cal', 'play the wild drawn together and choose blue, linking You and Cal'),
    (Play(0, C('green 7'), swap_with=2, call_uno=True),
     'played the green 7, swapping hands with Ben, calling UNO', 'played the green 7, swapping hands with Ben, calling UNO',
     'play the green 7, swapping hands with Ben, calling UNO', 'play the green 7'),
    (Play(1, C('blue skip'), call_uno=True),
     'played the blue skip, calling UNO', 'played the blue skip, calling UNO',
     'play the blue skip, calling UNO', 'play the blue skip'),
    (Play(1, C('wild drawn together'), colour=Colour.GREEN, link=(1, 9)),
     'played the wild drawn together and chose green, linking themselves with ?',
     'played the wild drawn together and chosen green, linking themselves with ?',
     'play the wild drawn together and choose green, linking Ava and ?',
     'play the wild drawn together and choose green, linking themselves with ?'),  # the mover: never "Ava … Ava" (LK-1)
    (SpeedPlay(3, C('yellow 2')),
     'speed-played the yellow 2', 'speed-played the yellow 2',
     'speed-play the yellow 2', 'speed-play the yellow 2'),
    (SpeedPlay(0, C('red 7'), swap_with=1, call_uno=True),
     'speed-played the red 7, swapping hands with Ava, calling UNO', 'speed-played the red 7, swapping hands with Ava, calling UNO',
     'speed-play the red 7, swapping hands with Ava', 'speed-play the red 7'),
    (Draw(0),
     'drew a card', 'drawn a card',
     'draw a card', 'draw a card'),
    (Keep(0),
     'kept the card you drew', 'kept the card you drew',
     'keep the card you drew', 'keep the card they drew'),
    (CallUno(2),
     'called UNO', 'called UNO',
     'call UNO', 'call UNO'),
    (Catch(0, 1),
     'caught Ava', 'caught Ava',
     'catch Ava', 'catch Ava'),
    (Catch(1, 0),
     'caught yourself', 'caught yourself',
     'catch yourself', 'catch You'),
    (Accept(1),
     'accepted the draw', 'accepted the draw',
     'accept the draw', 'accept the draw'),
    (Challenge(1),
     'challenged the Wild Draw Four', 'challenged the Wild Draw Four',
     'challenge the Wild Draw Four', 'challenge the Wild Draw Four'),
    (PointAt(1, 2),
     'pointed at Ben', 'pointed at Ben',
     'point at Ben', 'point at Ben'),
    (PointAt(2, 2),
     'pointed at Ben', 'pointed at Ben',
     'point at Ben', 'point at themselves'),
    (PointAt(1, 0),
     'pointed at yourself', 'pointed at yourself',
     'point at yourself', 'point at You'),
    (TakeMiniPile(3),
     'took the mini pile', 'taken the mini pile',
     'take the mini pile', 'take the mini pile'),
    ('not a move',
     'made a move', 'made a move',
     'make a move', 'make that move'),
]


@pytest.mark.parametrize("move, past, perfect, advice, infinitive", CASES)
def test_each_form_words_the_move(move, past, perfect, advice, infinitive):
    assert move_past(move, NAMES, 0) == past
    assert move_past(move, NAMES, 0, perfect=True) == perfect
    assert move_advice(move, NAMES, 0) == advice
    assert move_infinitive(move, NAMES) == infinitive


def test_yourself_only_for_the_seat_me():
    catch = Catch(1, 0)
    assert move_past(catch, NAMES) == "caught You"
    assert move_past(catch, NAMES, 2) == "caught You"
    assert move_past(Catch(0, 2), NAMES, 2) == "caught yourself"
    assert move_advice(Catch(0, 2), NAMES, 2) == "catch yourself"   # said to the learner at seat 2
    assert move_advice(Catch(0, 2), NAMES, 1) == "catch Ben"


def test_advice_names_the_learner_yourself_never_by_the_seat_name():
    """A lesson's "you tried to …" (move_advice) for a move on the learner's own seat: "point at
    yourself", in every language — never the engine's seat name "You" (issue 21: "du prøvde
    å peke på You")."""
    assert move_advice(PointAt(0, 0), NAMES, 0) == "point at yourself"
    assert move_advice(Catch(0, 0), NAMES, 0) == "catch yourself"
    i18n.set_language("nb")
    try:
        said = move_advice(PointAt(0, 0), NAMES, 0), move_advice(Catch(2, 0), NAMES, 0)
    finally:
        i18n.set_language("en")
    assert said == ("peke på deg selv", "fange deg selv")


def test_a_seat_outside_the_table_is_a_question_mark():
    for seat in (-1, 4, None):
        assert move_past(Catch(0, seat), NAMES) == "caught ?"  # type: ignore[arg-type]
        assert move_advice(PointAt(0, seat), NAMES) == "point at ?"  # type: ignore[arg-type]
        assert move_infinitive(Catch(0, seat), NAMES) == "catch ?"  # type: ignore[arg-type]


def test_the_words_come_from_the_catalogue():
    wild = Play(0, C("wild"), colour=Colour.RED)
    i18n.set_language("fr")
    try:
        said = (move_past(wild, NAMES, 0), move_advice(wild, NAMES, 0), move_infinitive(Keep(1), NAMES))
    finally:
        i18n.set_language("en")
    assert said[0] != "played the wild and chose red" and said[1] != "play the wild and choose red"
    assert said[2] != "keep the card they drew"
    assert all("{" not in s for s in said)


def test_every_legal_move_of_played_rounds_has_words_in_each_form():
    for rules in (Rules(), Rules(rule_set="classic", stacking=True, seven_o=True, jump_in=True, doubles=True)):
        game = Game(NAMES, rules=rules, seed=3)
        rng = random.Random(3)
        for _ in range(120):
            moves = list(game.all_legal_moves())
            if not moves:
                break
            for m in moves:
                for text in (move_past(m, NAMES, 0), move_past(m, NAMES, 0, perfect=True),
                             move_advice(m, NAMES, 0), move_infinitive(m, NAMES)):
                    assert text and "?" not in text and "{" not in text
                    assert text not in ("made a move", "make a move", "make that move")
            game.apply(rng.choice(moves))

