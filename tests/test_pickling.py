"""The frozen values pickle and copy to equal values (issue 20): simulate's worker processes
receive rules and send back results, refusals travel inside `IllegalMove`. The compiled
build (mypyc, `make fast`) cannot restore a frozen dataclass the default way, so these
classes say how (`__reduce__`); the same test runs against both builds (`make test-fast`)."""

from __future__ import annotations

import copy
import pickle

import pytest

from unoparty.cards import ALL_CARDS, Card, Kind
from unoparty.engine import Draw, Event, EventKind, Play
from unoparty.errors import IllegalMove
from unoparty.game import Game
from unoparty.rules import Rules
from unoparty.refusal_words import explain


def _refusal():
    g = Game(["Ava", "Ben"], Rules(rule_set="classic"), seed=2)
    with pytest.raises(IllegalMove) as info:
        g.apply(Draw(1 - g.current))
    return info.value


@pytest.mark.parametrize("value", [
    Rules(),
    Rules(rule_set="classic", stacking=True, seven_o=True, jump_in=True, doubles=True, target_score=200),
    Rules(without=(Kind.POINT_TAKEN, Kind.WILD_PILE_UP)),
    Play(0, Card.parse("wild drawn together"), link=(2, 1)),
    Draw(3),
    Event(EventKind.DREW, "T-3", 1, cards=(Card.parse("red 7"),), count=1),
], ids=repr)
def test_a_frozen_value_pickles_and_copies_to_an_equal_value(value) -> None:
    for other in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        assert other == value and type(other) is type(value)


def test_cards_stay_the_canonical_instances() -> None:
    assert all(pickle.loads(pickle.dumps(c)) is c and copy.deepcopy(c) is c for c in ALL_CARDS)


def test_a_refusal_pickles_with_its_rule_and_explanation() -> None:
    error = _refusal()
    again = pickle.loads(pickle.dumps(error.refusal))
    assert again == error.refusal and again.rule == "T-0"
    assert explain(again) == explain(error.refusal)
