"""The move syntax of SCENARIO_FORMAT.md: parse_move / format_move (unoparty.notation)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unoparty.cards import ALL_CARDS, Card, Colour
from unoparty.engine.moves import (
    Accept, CallUno, Catch, Challenge, Draw, Keep, Play, PointAt, SpeedPlay, TakeMiniPile,
)
from unoparty.errors import MoveSyntaxError
from unoparty.notation import format_move, parse_move

NAMES = ["You", "Ava", "Ben", "Cal", "Mary Ann", "Ben and Jerry"]
YOU, AVA, BEN, CAL, MARY, BJ = range(6)
C = Card.parse


@pytest.mark.parametrize("text, move", [
    ("Ava: play wild drawn together as red linking Ben and Cal",
     Play(AVA, C("wild drawn together"), colour=Colour.RED, link=(BEN, CAL))),
    ("Ava: play wild drawn together as red linking Ben and Cal and call uno",
     Play(AVA, C("wild drawn together"), colour=Colour.RED, link=(BEN, CAL), call_uno=True)),
    ("You: speed play red 7 and call uno", SpeedPlay(YOU, C("red 7"), call_uno=True)),
    ("You: speed play red 7", SpeedPlay(YOU, C("red 7"))),
    ("Ava: draw", Draw(AVA)),
    ("Ava: keep", Keep(AVA)),
    ("Ava: call uno", CallUno(AVA)),
    ("Ava: catch Ben", Catch(AVA, BEN)),
    ("Ava: accept", Accept(AVA)),
    ("Ava: challenge", Challenge(AVA)),
    ("Ava: point at Ben", PointAt(AVA, BEN)),
    ("Ava: take mini pile", TakeMiniPile(AVA)),
    ("Ava: play red 7 swapping with Ben", Play(AVA, C("red 7"), swap_with=BEN)),
    ("Ava: play blue skip twice", Play(AVA, C("blue skip"), twice=True)),
    ("Ava: play wild pile up", Play(AVA, C("wild pile up"))),
    ("Ava: play wild", Play(AVA, C("wild"))),
    ("Ava: play wild as blue", Play(AVA, C("wild"), colour=Colour.BLUE)),
    ("Ava: play wild draw four as green and call uno",
     Play(AVA, C("wild draw four"), colour=Colour.GREEN, call_uno=True)),
    ("Ava: play red 7", Play(AVA, C("red 7"))),
    ("Ava: play yellow point taken", Play(AVA, C("yellow point taken"))),
    ("Ava: play green draw two and call uno", Play(AVA, C("green draw two"), call_uno=True)),
    ("Ava: play red 7 swapping with Ben twice and call uno",
     Play(AVA, C("red 7"), swap_with=BEN, twice=True, call_uno=True)),
])
def test_the_format_examples_parse(text, move):
    assert parse_move(text, NAMES) == move
    assert format_move(move, NAMES) == text


def test_parsing_is_syntactic_only():
    """A colour for a card that takes none parses; the engine refuses it (W-1)."""
    assert parse_move("Ava: play red 7 as blue", NAMES) == Play(AVA, C("red 7"), colour=Colour.BLUE)
    # a speed play of a wild card, a catch of oneself: well-formed, for the engine to judge
    assert parse_move("Ava: speed play wild", NAMES) == SpeedPlay(AVA, C("wild"))
    assert parse_move("Ava: catch Ava", NAMES) == Catch(AVA, AVA)


def test_card_words_and_keywords_are_case_insensitive():
    assert parse_move("Ava: Play Wild Draw Four AS Green AND CALL UNO", NAMES) == Play(
        AVA, C("wild draw four"), colour=Colour.GREEN, call_uno=True)
    assert parse_move("Ava: DRAW", NAMES) == Draw(AVA)
    assert parse_move("Ava: Take Mini Pile", NAMES) == TakeMiniPile(AVA)
    assert parse_move("Ava:   play   red   7  ", NAMES) == Play(AVA, C("red 7"))


def test_names_are_case_sensitive():
    with pytest.raises(MoveSyntaxError, match="unknown player 'ava'"):
        parse_move("ava: draw", NAMES)
    with pytest.raises(MoveSyntaxError, match="unknown player 'ben'"):
        parse_move("Ava: catch ben", NAMES)


def test_names_with_spaces_and_with_and():
    assert parse_move("Mary Ann: point at Ben and Jerry", NAMES) == PointAt(MARY, BJ)
    assert parse_move("Ben and Jerry: play red 7 swapping with Mary Ann", NAMES) == Play(
        BJ, C("red 7"), swap_with=MARY)
    # "Ben and Jerry and Cal": the longest first name wins
    assert parse_move("Ava: play wild drawn together as red linking Ben and Jerry and Cal", NAMES).link == (CAL, BJ)
    assert parse_move("Ava: play wild drawn together as red linking Ben and Ben and Jerry", NAMES).link == (BEN, BJ)


def test_a_name_that_is_a_keyword():
    names = ["twice", "and", "draw", "uno"]
    move = Play(1, C("red 7"), swap_with=0, twice=True, call_uno=True)
    assert format_move(move, names) == "and: play red 7 swapping with twice twice and call uno"
    assert parse_move(format_move(move, names), names) == move
    assert parse_move("draw: draw", names) == Draw(2)
    assert parse_move("uno: play wild as red linking and and uno", names).link == (1, 3)


def test_the_link_pair_has_no_order():
    a = parse_move("Ava: play wild drawn together as red linking Ben and Cal", NAMES)
    b = parse_move("Ava: play wild drawn together as red linking Cal and Ben", NAMES)
    assert a == b


@pytest.mark.parametrize("text, message", [
    ("Zed: draw", "unknown player 'Zed'"),
    ("Ava: play purple 7", "unknown card 'purple 7'"),
    ("Ava: play", "'play' needs a card, e.g. 'play red 7'"),
    ("Ava: speed play", "'speed play' needs a card, e.g. 'speed play red 7'"),
    ("Ava: play red 7 swapping with Zed", "unknown player 'Zed'"),
    ("Ava: play wild as purple", "unknown colour 'purple' (use red, yellow, green or blue)"),
    ("Ava: play wild drawn together as red linking Ben", "'linking' needs two players, e.g. 'linking Ben and Cal'"),
    ("Ava: play wild drawn together as red linking Ben and Zed", "unknown player 'Zed'"),
    ("Ava: play wild drawn together as red linking Zed and Ben", "unknown player 'Zed'"),
    ("Ava: catch", "'catch' needs a player, e.g. 'catch Ben'"),
    ("Ava: point at", "'point at' needs a player, e.g. 'point at Ben'"),
    ("Ava: catch Zed", "unknown player 'Zed'"),
    ("Ava draw", "'Ava draw' is not a move: write '<player>: <action>', e.g. 'Ava: play red 7'"),
    ("Ava:", "'Ava' makes no move: write an action after ':', e.g. 'draw'"),
    (": draw", "': draw' names no player before ':'"),
    ("Ava: dance", "unknown action 'dance' (moves: play, speed play, draw, keep, call uno, catch, accept, "
                   "challenge, point at, take mini pile)"),
    ("Ava: draw two", "unknown action 'draw'"),
    ("Ava: play red 7\nBen: draw", "a move is one line"),
])
def test_syntax_errors_say_what_is_wrong(text, message):
    with pytest.raises(MoveSyntaxError) as info:
        parse_move(text, NAMES)
    assert str(info.value).startswith(message)


def test_a_speed_play_takes_no_colour():
    with pytest.raises(MoveSyntaxError, match="'speed play' takes a card"):
        parse_move("Ava: speed play red 7 as blue", NAMES)


def test_format_rejects_a_seat_without_player():
    with pytest.raises(MoveSyntaxError, match="no player at seat 9"):
        format_move(Draw(9), NAMES)


# --- round trip, property-tested -----------------------------------------------------------

_TOKEN = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Zs", "Zl", "Zp"), blacklist_characters=":"),
    min_size=1, max_size=12,
)
# names with spaces, " and " inside, keywords as names, non-ASCII letters
_TRICKY = ["Mary Ann", "Ben and Jerry", "Dr. Who", "Zoë", "Ana-Maria Ionescu", "twice", "and", "uno",
           "Ørjan", "Jean-Luc  Picard", "x" * 40]


@st.composite
def tables(draw):
    tricky = draw(st.lists(st.sampled_from(_TRICKY), unique=True, max_size=5))
    simple = draw(st.lists(_TOKEN, unique=True, max_size=8))
    names = list(dict.fromkeys(tricky + simple))
    if len(names) < 2:
        names += [n for n in ("P1", "P2") if n not in names][: 2 - len(names)]
    return draw(st.permutations(names))


@st.composite
def moves(draw, n: int):
    seat = st.integers(0, n - 1)
    card = st.sampled_from(ALL_CARDS)
    kind = draw(st.sampled_from(["play", "speed", "simple", "catch", "point"]))
    p = draw(seat)
    if kind == "play":
        return Play(p, draw(card), colour=draw(st.none() | st.sampled_from(list(Colour))),
                    link=draw(st.none() | st.tuples(seat, seat)), call_uno=draw(st.booleans()),
                    swap_with=draw(st.none() | seat), twice=draw(st.booleans()))
    if kind == "speed":
        return SpeedPlay(p, draw(card), call_uno=draw(st.booleans()))
    if kind == "catch":
        return Catch(p, draw(seat))
    if kind == "point":
        return PointAt(p, draw(seat))
    return draw(st.sampled_from([Draw, Keep, CallUno, Accept, Challenge, TakeMiniPile]))(p)


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_format_then_parse_round_trips(data):
    names = data.draw(tables())
    move = data.draw(moves(len(names)))
    text = format_move(move, names)
    assert "\n" not in text
    assert parse_move(text, names) == move


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_parse_then_format_is_canonical(data):
    """Any spelling (case, blanks) of a move formats to one text, which parses back to it."""
    names = data.draw(tables())
    move = data.draw(moves(len(names)))
    text = format_move(move, names)
    who, action = text.split(":", 1)
    noisy = who + ":  " + data.draw(st.sampled_from([str.upper, str.lower, str.title, lambda s: s]))(action)
    if noisy != text and any(n in action for n in names):
        return  # changing the case of a name inside the action changes the name
    assert format_move(parse_move(noisy, names), names) == text


def test_every_card_in_a_play_round_trips():
    for card in ALL_CARDS:
        move = Play(YOU, card)
        assert parse_move(format_move(move, NAMES), NAMES) == move
        assert format_move(move, NAMES) == f"You: play {card}"
