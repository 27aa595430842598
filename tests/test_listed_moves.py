"""A move built by the caller (``game.apply(Draw(0))``) that equals one `legal_moves` just listed
is recognised without `why_illegal` (issue 20) — but only when every field is of the listed
move's type: an equal move with ``True`` for a seat, ``0`` for ``False`` or ``0`` for
``Colour.RED`` is still refused by `why_illegal`, naming the field. The moves `legal_moves`
lists are made once and shared, the mini pile's plays and the catches too."""

from __future__ import annotations

import random

import pytest

import unoparty.engine.game_core as game_core
from unoparty.cards import Card, Colour
import dataclasses

import unoparty.engine.legal as _legal
from unoparty.engine import Accept, CallUno, Catch, Challenge, Draw, Keep, Phase, Play, PointAt, SpeedPlay, TakeMiniPile
from unoparty.game import Game
from unoparty.playout import random_move
from unoparty.rules import Rules

C = Card.parse
# The compiled build (`make test-fast`): `GameCore.apply` calls `why_illegal` directly, so a
# patched `game_core.why_illegal` is never called there — what shows the move was known is
# that the history keeps the listed object.
PURE = game_core.__file__.endswith(".py")
WILD, WDT, RED7 = C("wild"), C("wild drawn together"), C("red 7")


def _game() -> Game:
    return Game.from_setup(["Ava", "Ben", "Cal"],
                           {"Ava": [WILD, WDT, RED7, C("red 2")],
                            "Ben": [C("blue 1")], "Cal": [C("green 1"), C("green 2")]},
                           "Ava", [C("red 5")], rules=Rules(seven_o=True), seed=3)


def _fields(move: object) -> tuple[object, ...]:
    return tuple(getattr(move, f) for f in type(move).__match_args__)  # type: ignore[attr-defined]


def test_a_fresh_move_equal_to_a_listed_one_is_applied_without_checking_it_again(monkeypatch) -> None:
    listed_game, built_game = _game(), _game()
    for move in listed_game.legal_moves(0):
        fresh = type(move)(*_fields(move))
        assert fresh == move and fresh is move  # every kind but a speed play: its shared object
    listed = listed_game.legal_moves(0)
    play = next(m for m in listed if type(m) is Play and m.card is RED7 and m.swap_with == 2)
    built_game.legal_moves(0)

    def no_check(*args: object) -> None:
        raise AssertionError("why_illegal was called for a listed move")

    monkeypatch.setattr(game_core, "why_illegal", no_check)
    fresh = Play(0, RED7, swap_with=2)
    assert built_game.apply(fresh) == listed_game.apply(play)
    assert built_game.to_json() == listed_game.to_json()
    assert built_game.history[-1] is play  # the shared object is kept, not the caller's copy
    draw = next(m for m in listed_game.legal_moves(1) if type(m) is Draw)
    built_game.legal_moves(1)
    assert Draw(1) is draw
    assert built_game.apply(Draw(1)) == listed_game.apply(draw)
    assert built_game.history[-1] is draw
    # Not listed (no `legal_moves` since the last move): checked as before.
    if PURE:
        with pytest.raises(AssertionError, match="why_illegal was called"):
            built_game.apply(Draw(2))


def test_a_fresh_speed_play_equal_to_a_listed_one_is_found_without_checking_it_again(monkeypatch) -> None:
    """A speed play is not its shared object when built (four fields): `listed_as` finds the twin."""
    def table() -> Game:
        return Game.from_setup(["Ava", "Ben"], {"Ava": [C("blue 3"), C("blue 4")], "Ben": [C("red 5"), C("green 2")]},
                               "Ava", [C("red 5")], seed=2)
    listed_game, built_game = table(), table()
    speed = next(m for m in listed_game.legal_moves(1) if type(m) is SpeedPlay)
    built_game.legal_moves(1)
    fresh = SpeedPlay(1, C("red 5"))
    assert fresh == speed and fresh is not speed

    def no_check(*args: object) -> None:
        raise AssertionError("why_illegal was called for a listed move")

    monkeypatch.setattr(game_core, "why_illegal", no_check)
    assert built_game.apply(fresh) == listed_game.apply(speed)
    assert built_game.history[-1] is speed


def _shared(kind: type, fields: tuple[int, ...]) -> object:
    """The shared object `legal_moves` lists for ``kind(*fields)``, made as it makes it."""
    if kind is Catch or kind is PointAt:
        index = _legal._CATCHES if kind is Catch else _legal._POINT_INDEX
        if fields not in index:
            index[fields] = _legal._share(kind(*fields))
        return index[fields]
    return _legal._simple(kind, fields[0])


@pytest.mark.parametrize("kind", [Draw, Keep, Accept, Challenge, CallUno, TakeMiniPile, Catch, PointAt])
def test_a_built_move_of_few_fields_is_its_shared_object_once_listed_and_copies_back_equal(kind) -> None:
    import copy
    import pickle
    fields = (1,) if kind not in (Catch, PointAt) else (1, 0)
    first = kind(*fields)  # before any listing made the shared object: maybe a new one
    shared = _shared(kind, fields)
    assert kind(*fields) is shared and kind(*fields) == first
    # ``True`` equals 1 but is not a seat: a new object, refused by `why_illegal` naming the field.
    odd = kind(True, *fields[1:])
    assert odd is not shared and odd == shared and type(odd.player) is bool
    for move in (shared, odd):
        assert pickle.loads(pickle.dumps(move)) == move
        assert copy.copy(move) == move and copy.deepcopy(move) == move
        assert dataclasses.replace(move, player=2) == kind(2, *fields[1:])
    with pytest.raises(TypeError):
        kind()  # the fields are still required


# Equal to a move `legal_moves(0)` lists, but a field is of another type (hash and == agree).
EQUAL_BUT_ILL_TYPED = [
    (Play(0.0, RED7), TypeError, "player"),
    (Play(False, RED7), TypeError, "player"),
    (Play(0, WILD, colour=Colour.RED.value), TypeError, "colour"),
    (Play(0, RED7, call_uno=0), TypeError, "call_uno"),
    (Play(0, RED7, twice=0), TypeError, "twice"),
    (Play(0, RED7, swap_with=1.0), TypeError, "swap_with"),
    (Play(0, RED7, swap_with=True), TypeError, "swap_with"),
    (Play(0, WDT, colour=Colour.RED, link=(True, 2)), TypeError, "link"),
    (Play(0, WDT, colour=Colour.RED, link=(1, 2.0)), TypeError, "link"),
    (Play(0, WDT, colour=Colour.RED, link=[1, 2]), ValueError, "link"),
    (Draw(False), TypeError, "player"),
    (Draw(0.0), TypeError, "player"),
]


@pytest.mark.parametrize("move, error, field", EQUAL_BUT_ILL_TYPED, ids=[repr(m[0])[:70] for m in EQUAL_BUT_ILL_TYPED])
def test_an_equal_move_with_a_field_of_another_type_is_still_refused_naming_the_field(move, error, field) -> None:
    g = _game()
    listed = g.legal_moves(0)
    if not isinstance(getattr(move, "link", None), list):
        assert move in listed  # equal (and of equal hash) to a listed move
    before = g.to_json()
    with pytest.raises(error, match=field):
        g.apply(move)
    assert g.to_json() == before and not g.can_undo


def _play_until_mini_pile_play() -> Game:
    """A party game where the player to act can add a card to the mini pile (PU-4)."""
    for seed in range(300):
        g = Game([f"P{i}" for i in range(4)], Rules(), seed=seed, record_undo=False)
        rng = random.Random(seed)
        for _ in range(400):
            if g.phase is Phase.MINI_PILE and any(type(m) is Play for m in g.legal_moves(g.current)):
                return g
            move = random_move(g, rng)
            if move is None:
                break
            g.apply(move)
    raise AssertionError("no game reached a mini pile")


def test_the_mini_piles_plays_are_made_once_and_shared() -> None:
    g = _play_until_mini_pile_play()
    seat = g.current
    first, again = g.legal_moves(seat), g.legal_moves(seat)
    assert len(first) == len(again) and all(a is b for a, b in zip(first, again))


def test_catches_are_made_once_and_shared() -> None:
    g = Game.from_setup(["Ava", "Ben", "Cal"],
                        {"Ava": [C("red 3"), C("red 4")], "Ben": [C("blue 1"), C("blue 2")],
                         "Cal": [C("green 1"), C("green 2")]},
                        "Ava", [C("red 5")], rules=Rules(rule_set="classic"), seed=1)
    g.apply(Play(0, C("red 3")))  # Ava keeps one card and does not call UNO (U-1): catchable
    catches = [m for m in g.legal_moves(1) if type(m) is Catch]
    again = [m for m in g.legal_moves(1) if type(m) is Catch]
    assert catches == [Catch(1, 0)] and catches[0] is again[0]
    g.apply(Catch(1, 0))  # a fresh equal catch applies (U-2)
    assert len(g.hands[0]) == 3


def test_a_play_built_equal_to_a_listed_one_is_the_listed_object_and_pickles_back_equal() -> None:
    import copy
    import pickle
    g = _game()
    listed = next(m for m in g.legal_moves(0) if type(m) is Play and m.card is WDT and m.link == (1, 2))
    built = Play(0, WDT, colour=listed.colour, link=(2, 1))  # the pair in the other order (LK-1)
    assert built is listed  # found by `Game.apply` at once, no look-up of a twin
    # A value `legal_moves` never makes (a colour named for a number card, W-1): a new object.
    never_listed = Play(0, RED7, colour=Colour.RED)
    assert never_listed is not Play(0, RED7, colour=Colour.RED) and never_listed == Play(0, RED7, colour=Colour.RED)
    for move in (listed, never_listed):
        assert pickle.loads(pickle.dumps(move)) == move
        assert copy.copy(move) == move and copy.deepcopy(move) == move
    with pytest.raises(TypeError):
        Play()  # type: ignore[call-arg]  # player and card are still required
