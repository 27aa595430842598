"""Rule tests, family A (coloured action cards): Draw Two, Reverse, Reverse with two
players, Skip."""

from __future__ import annotations

from tests.helpers_rules import C, EventKind, Phase, events_of, hand, ok, refuse, table, turn_of

ABCD = "Ava Ben Cal Dee"
HANDS = {"Ava": "red draw two, red reverse, red skip, red 1", "Ben": "green 1, blue 2",
         "Cal": "green 3, red 4", "Dee": "yellow 5, red 6"}


def test_A_1_draw_two_next_player_draws_two_and_is_skipped():
    """A-1: Draw Two: the next player draws two cards and loses their turn."""
    g = table(ABCD, HANDS, "Ava", "red 9", "blue 7, blue 8, blue 9")
    ev = ok(g, "Ava: play red draw two")
    assert hand(g, "Ben") == ["blue 2", "blue 7", "blue 8", "green 1"]
    assert events_of(ev, EventKind.SKIPPED)[0].player == g.seat("Ben")
    assert turn_of(g) == "Cal" and g.phase is Phase.TURN
    assert g.draw_pile == (C("blue 9"),)
    refuse(g, "Ben: play blue 2", "T-0", "Cal")


def test_A_1_draw_two_counterclockwise():
    """A-1 with direction counterclockwise: the player on the right draws and is skipped."""
    g = table(ABCD, HANDS, "Ava", "red 9", "blue 7, blue 8", direction=-1)
    ok(g, "Ava: play red draw two")
    assert len(g.hands[g.seat("Dee")]) == 4 and turn_of(g) == "Cal"


def test_A_1_draw_two_may_be_played_on_draw_two():
    """A-1 / T-1: Draw Two matches Draw Two (symbol); without stacking the second one simply
    makes its next player draw two."""
    g = table(ABCD, {"Ava": "red draw two, red 1", "Ben": "green 1", "Cal": "blue draw two, blue 5",
                     "Dee": "yellow 5"}, "Ava", "red 9", "blue 7, blue 8, green 7, green 8")
    ok(g, "Ava: play red draw two")
    ok(g, "Cal: play blue draw two")
    assert len(g.hands[g.seat("Dee")]) == 3 and turn_of(g) == "Ava"


def test_A_2_reverse_flips_direction():
    """A-2: Reverse flips the direction: with four players the previous player plays next,
    and the direction stays flipped."""
    g = table(ABCD, HANDS, "Ava", "red 9", "blue 7")
    ev = ok(g, "Ava: play red reverse")
    assert g.direction == -1 and turn_of(g) == "Dee"
    assert events_of(ev, EventKind.DIRECTION_CHANGED)[0].count == -1
    ok(g, "Dee: play red 6")
    assert turn_of(g) == "Cal"


def test_A_2_reverse_twice_restores_clockwise():
    """A-2: a second Reverse turns the tracker back."""
    g = table(ABCD, {"Ava": "red reverse, red 1", "Ben": "green 1", "Cal": "green 3",
                     "Dee": "blue reverse, red 6"}, "Ava", "red 9", "blue 7")
    ok(g, "Ava: play red reverse")
    ok(g, "Dee: play blue reverse")
    assert g.direction == 1 and turn_of(g) == "Ava"


def test_A_3_two_players_reverse_acts_as_skip():
    """A-3 (a bug of other UNO programs): with exactly two players Reverse acts as Skip: the
    same player plays again; the direction still flips."""
    g = table("Ava Ben", {"Ava": "red reverse, red 1, blue 4", "Ben": "green 1, red 2"}, "Ava",
              "red 9", "blue 7")
    ev = ok(g, "Ava: play red reverse")
    assert turn_of(g) == "Ava" and g.direction == -1
    assert events_of(ev, EventKind.SKIPPED)[0].player == g.seat("Ben")
    refuse(g, "Ben: play red 2", "T-0", "Ava")
    ok(g, "Ava: play red 1")
    assert turn_of(g) == "Ben"


def test_A_4_skip_next_player_loses_turn():
    """A-4: Skip: the next player loses their turn."""
    g = table(ABCD, HANDS, "Ava", "red 9", "blue 7")
    ev = ok(g, "Ava: play red skip")
    assert turn_of(g) == "Cal"
    assert events_of(ev, EventKind.SKIPPED)[0].player == g.seat("Ben")
    assert hand(g, "Ben") == ["blue 2", "green 1"]  # no draw


def test_A_4_skip_with_two_players_plays_again():
    """A-4: with two players a Skip gives the turn straight back."""
    g = table("Ava Ben", {"Ava": "red skip, red 1", "Ben": "green 1"}, "Ava", "red 9", "blue 7")
    ok(g, "Ava: play red skip")
    assert turn_of(g) == "Ava" and g.direction == 1


def test_A_4_skip_counterclockwise():
    """A-4 counterclockwise: the player on the right is skipped."""
    g = table(ABCD, HANDS, "Ava", "red 9", "blue 7", direction=-1)
    ok(g, "Ava: play red skip")
    assert turn_of(g) == "Cal"
