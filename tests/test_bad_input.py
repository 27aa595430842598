"""Bad input through the API (issue 9, point 6): every ill-typed move is refused with a clear
error naming the field — `IllegalMove` with the rule id where a rule applies, else
`TypeError`/`ValueError` — and the game is unchanged (its saved form is the same)."""

from __future__ import annotations

import pytest

from unoparty.cards import Card, Colour
from unoparty.engine import (Accept, CallUno, Catch, Challenge, Draw, Keep, Play, PointAt, SpeedPlay,
                             TakeMiniPile)
from unoparty.errors import IllegalMove
from unoparty.game import Game
from unoparty.rules import Rules

C = Card.parse


def _game() -> Game:
    return Game.from_setup(["Ava", "Ben", "Cal"],
                           {"Ava": [C("wild"), C("wild drawn together"), C("red 7"), C("red 2")],
                            "Ben": [C("blue 1")], "Cal": [C("green 1"), C("green 2")]},
                           "Ava", [C("red 5")], rules=Rules(seven_o=True), seed=3)


WILD, WDT, RED7 = C("wild"), C("wild drawn together"), C("red 7")

TYPE_ERRORS = [
    (Play(0, WILD, colour="purple"), TypeError, "colour"),
    (Play(0, WILD, colour="red"), TypeError, "colour"),
    (Play(0, WILD, colour=7), TypeError, "colour"),
    (Play(0, WILD, colour=Colour.RED.value), TypeError, "colour"),
    (Play(0, "red 7"), TypeError, "card"),
    (SpeedPlay(1, "blue 1"), TypeError, "card"),
    (Play(0.0, RED7), TypeError, "player"),
    (Play(True, RED7), TypeError, "player"),
    (Draw("Ava"), TypeError, "player"),
    (Draw(0.5), TypeError, "player"),
    (Draw(None), TypeError, "player"),
    (Play(0, WDT, colour=Colour.RED, link=(1.5, 2)), TypeError, "link"),
    (Play(0, WDT, colour=Colour.RED, link=("Ben", "Cal")), TypeError, "link"),
    (Play(0, WDT, colour=Colour.RED, link=(True, 2)), TypeError, "link"),
    (Play(0, WDT, colour=Colour.RED, link=[1, 2]), ValueError, "link"),
    (Play(0, RED7, swap_with=1.0), TypeError, "swap_with"),
    (Play(0, RED7, swap_with="Ben"), TypeError, "swap_with"),
    (Play(0, RED7, call_uno="yes"), TypeError, "call_uno"),
    (Play(0, RED7, twice=1), TypeError, "twice"),
    (Catch(0, 1.0), TypeError, "target"),
    (PointAt(0, "Ben"), TypeError, "target"),
    ((0, RED7), TypeError, "not a move"),
    ("Ava: play red 7", TypeError, "not a move"),
    (None, TypeError, "not a move"),
    (object(), TypeError, "not a move"),
]


def _id(move: object) -> str:
    return type(move).__name__ if type(move) is object else repr(move)[:60]


@pytest.mark.parametrize("move, error, field", TYPE_ERRORS, ids=[_id(m[0]) for m in TYPE_ERRORS])
def test_an_ill_typed_move_is_refused_naming_the_field_and_changes_nothing(move, error, field):
    g = _game()
    before = g.to_json()
    with pytest.raises(error, match=field):
        g.apply(move)
    with pytest.raises(error, match=field):
        g.why_illegal(move)
    assert g.to_json() == before and g.events == _game().events and not g.can_undo


RULE_ERRORS = [
    (Play(5, RED7), "T-0"),
    (Play(-1, RED7), "T-0"),
    (Draw(3), "T-0"),
    (Keep(7), "T-0"),
    (Accept(-2), "T-0"),
    (Challenge(99), "T-0"),
    (CallUno(3), "T-0"),
    (TakeMiniPile(4), "T-0"),
    (Catch(0, 9), "U-3"),
    (PointAt(0, -1), "PT-3"),
    (Play(0, RED7, swap_with=9), "H-2"),
    (Play(0, RED7, swap_with=0), "H-2"),
    (Play(0, WDT, colour=Colour.RED, link=(0, 9)), "LK-1"),
    (Play(0, WDT, colour=Colour.RED, link=(-1, 2)), "LK-1"),
    (Play(0, C("blue 9")), "T-1"),
]


@pytest.mark.parametrize("move, rule", RULE_ERRORS, ids=[repr(m[0])[:60] for m in RULE_ERRORS])
def test_a_well_typed_move_off_the_table_is_an_illegal_move_with_its_rule(move, rule):
    g = _game()
    before = g.to_json()
    with pytest.raises(IllegalMove) as info:
        g.apply(move)
    assert info.value.rule == rule and info.value.explanation.endswith(f"({rule})")
    assert g.to_json() == before


def test_a_wild_played_with_a_colour_name_as_text_does_not_spoil_the_game():
    """The issue's example: ``colour="purple"`` used to become the current colour."""
    g = _game()
    with pytest.raises(TypeError):
        g.apply(Play(0, WILD, colour="purple"))
    g.apply(Play(0, WILD, colour=Colour.BLUE))
    assert g.colour is Colour.BLUE
    assert Game.from_json(g.to_json()).colour is Colour.BLUE
