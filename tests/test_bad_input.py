"""Bad input through the API (issue 9, point 6): every ill-typed move is refused with a clear
error naming the field — `IllegalMove` with the rule id where a rule applies, else
`TypeError`/`ValueError` — and the game is unchanged (its saved form is the same)."""

from __future__ import annotations

import pytest

from unoparty.cards import ALL_CARDS, Card, Colour, Kind
from unoparty.engine import (Accept, CallUno, Catch, Challenge, Draw, Keep, Play, PointAt, SpeedPlay,
                             TakeMiniPile)
from unoparty.errors import CardError, IllegalMove, SeatError, SetupError
from unoparty.game import Game
from unoparty.rules import Rules
from unoparty.refusal_words import explain

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
    assert info.value.rule == rule and explain(info.value.refusal).endswith(f"({rule})")
    assert g.to_json() == before


def test_a_wild_played_with_a_colour_name_as_text_does_not_spoil_the_game():
    """The issue's example: ``colour="purple"`` used to become the current colour."""
    g = _game()
    with pytest.raises(TypeError):
        g.apply(Play(0, WILD, colour="purple"))
    g.apply(Play(0, WILD, colour=Colour.BLUE))
    assert g.colour is Colour.BLUE
    assert Game.from_json(g.to_json()).colour is Colour.BLUE


# ---- cards: checked before they are interned (issue 19) -----------------------------------------

BAD_CARDS = [
    ((Kind.NUMBER, Colour.RED, True), "number"),       # True == 1: used to turn every red 1 into "red True"
    ((Kind.NUMBER, 0, 5), "colour"),                   # 0 == Colour.RED: used to make red 5's colour the int 0
    ((Kind.NUMBER, Colour.RED, Colour.YELLOW), "number"),  # an IntEnum equal to 1
    ((Kind.NUMBER, Colour.RED, 5.0), "number"),
    ((Kind.NUMBER, Colour.RED, 10), "number"),
    ((Kind.NUMBER, Colour.RED, None), "number"),
    ((0, Colour.RED, 5), "kind"),                      # 0 == Kind.NUMBER
    ((6, None, None), "kind"),                         # 6 == Kind.WILD_DRAW_FOUR
    ((Kind.SKIP, 2, None), "colour"),
    ((Kind.SKIP, Colour.RED, 0), "number"),
    ((Kind.SKIP, None, None), "colour"),
    ((Kind.WILD, Colour.RED, None), "colour"),
    ((Kind.WILD_DRAW_FOUR, None, False), "number"),
    (("red", "7", None), "kind"),
]


def _shared_cards() -> list[tuple[object, ...]]:
    return [(type(c.kind), c.kind, type(c.colour), c.colour, type(c.number), c.number, str(c))
            for c in ALL_CARDS]


@pytest.mark.parametrize("fields, field", BAD_CARDS, ids=[repr(f) for f, _ in BAD_CARDS])
def test_a_card_of_wrong_values_is_refused_naming_the_field_and_the_shared_cards_are_unchanged(fields, field):
    before = _shared_cards()
    with pytest.raises(CardError, match=f"^not a card: {field} ") as info:
        Card(*fields)
    assert info.value.field == field and isinstance(info.value, ValueError)
    with pytest.raises(CardError, match=field):
        Card(**dict(zip(("kind", "colour", "number"), fields)))
    assert _shared_cards() == before
    assert str(C("red 1")) == "red 1" and C("red 5").colour is Colour.RED


def test_after_a_refused_card_a_wild_draw_four_bluff_is_still_judged_and_saves_still_load():
    """The issue's consequences of ``Card(Kind.NUMBER, 0, 5)``: a bluff judged legal, saves
    that no longer load (W-3 [printed]: a Wild Draw Four is a bluff when its player holds a
    card of the current colour)."""
    for fields, _ in BAD_CARDS:
        with pytest.raises(CardError):
            Card(*fields)
    g = Game.from_setup(["Ava", "Ben"], {"Ava": [C("wild draw four"), C("red 5")], "Ben": [C("blue 1")]},
                        "Ava", [C("red 1")], seed=1)
    g.apply(Play(0, C("wild draw four"), colour=Colour.BLUE))
    events = g.apply(Challenge(1))
    challenged = [e for e in events if e.kind.value == "challenged"]
    assert challenged and challenged[0].flag is False  # a bluff: Ava held the red 5
    assert len(g.hands[0]) == 5 and len(g.hands[1]) == 1 and g.current == 1
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


def test_a_good_card_is_still_the_one_shared_instance():
    assert Card(Kind.NUMBER, Colour.RED, 1) is C("red 1")
    assert Card(Kind.WILD) is C("wild") and Card(Kind.SKIP, Colour.BLUE) is C("blue skip")


# ---- seats and setup values (issue 19) ------------------------------------------------------------

@pytest.mark.parametrize("seat", [99, 3, -1, -3, True, 1.0, "Ben", None])
@pytest.mark.parametrize("call", ["legal_moves", "view_for", "name", "events_for"])
def test_a_seat_that_is_not_at_the_table_is_refused_naming_the_seat_and_the_player_count(call, seat):
    g = _game()
    if call == "events_for" and seat is None:
        assert g.events_for(None) == g.events  # None: the whole log
        return
    with pytest.raises(SeatError, match=r"^no seat .* its 3 players sit at seats 0 to 2") as info:
        getattr(g, call)(seat)
    assert info.value.seat == seat and info.value.n_players == 3
    assert isinstance(info.value, ValueError) and not isinstance(info.value, IndexError)


def test_every_seat_at_the_table_still_answers():
    g = _game()
    assert [g.name(p) for p in range(3)] == ["Ava", "Ben", "Cal"]
    assert g.legal_moves(0) and g.view_for(2).player == 2 and g.events_for(1) is not None


def _setup(**kw):
    args = dict(players=["Ava", "Ben"], hands={"Ava": [C("red 7")], "Ben": [C("blue 1")]}, turn="Ava",
                discard_pile=[C("red 5")])
    args.update(kw)
    return Game.from_setup(**args)


@pytest.mark.parametrize("kw, key, words", [
    (dict(colour="red"), "colour", "'red' is text, not a colour"),
    (dict(discard_pile=[C("wild")], colour="blue"), "colour", "'blue' is text, not a colour"),
    (dict(discard_pile=[C("wild")], colour=2), "colour", "is not a colour"),
    (dict(hands={"Ava": ["red 5"], "Ben": [C("blue 1")]}, ), "hands", "'red 5' is text, not a card"),
    (dict(hands={"Ava": "red 5", "Ben": [C("blue 1")]}, ), "hands", "is text, not a list of cards"),
    (dict(discard_pile=["red 5"]), "discard_pile", "'red 5' is text, not a card"),
    (dict(draw_pile=[C("red 1"), "blue 3"]), "draw_pile", "'blue 3' is text, not a card"),
    (dict(draw_pile=[5]), "draw_pile", "5 (int) is not a card"),
    (dict(reshuffles=[["red 1"]]), "reshuffles", "'red 1' is text, not a card"),
])
def test_a_colour_or_card_given_as_text_at_setup_is_refused_as_text(kw, key, words):
    """``Game.from_setup(colour="red")`` used to be accepted, then every call failed with
    ``KeyError: 'red'``; a text card was refused as "the party deck has no red 5"."""
    with pytest.raises(SetupError) as info:
        _setup(**kw)
    assert info.value.key == key and words in info.value.what and "deck has no" not in str(info.value)


def test_a_good_setup_with_a_colour_still_works():
    g = _setup(discard_pile=[C("wild")], colour=Colour.GREEN)
    assert g.colour is Colour.GREEN and g.legal_moves(0)
