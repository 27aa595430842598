"""Rule tests, family U (calling UNO and catching)."""

from __future__ import annotations

from tests.helpers_rules import (C, EventKind, Phase, events_of, hand, ok, refuse, table, turn_of)

FIVE = "Ava Ben Cal Dee Eli"
DRAW = ", ".join(f"{c} {n}" for c in ("blue", "green") for n in range(1, 10))


def five(ava="red 7, yellow 1", ben="red 3, yellow 2, yellow 3", cal="red 7, green 2, green 3",
         dee="yellow 5, yellow 6", eli="green 9, blue 9", **kw):
    return table(FIVE, {"Ava": ava, "Ben": ben, "Cal": cal, "Dee": dee, "Eli": eli},
                 kw.pop("turn", "Ava"), kw.pop("top", "red 5"), kw.pop("draw", DRAW), **kw)


def test_U_1_call_while_playing_the_next_to_last_card():
    """U-1: a player may call UNO as they play their next-to-last card."""
    g = five()
    ev = ok(g, "Ava: play red 7 and call uno")
    assert events_of(ev, EventKind.UNO_CALLED) and g.uno_called[0]
    refuse(g, "Ben: catch Ava", "U-3", "Ava")


def test_U_1_call_any_time_while_holding_one_card_even_out_of_turn():
    """U-1: a player may call UNO any time while holding one card (out of turn too); calling
    again is refused (U-1)."""
    g = five()
    ok(g, "Ava: play red 7")
    assert not g.uno_called[0] and g.catchable == 0
    ok(g, "Ben: play red 3")
    ok(g, "Ava: call uno")
    assert g.uno_called[0]
    refuse(g, "Ava: call uno", "U-1")


def test_U_1_call_when_not_holding_one_card_is_refused():
    """U-1: calling UNO while not holding one card is refused (U-1); `and call uno` on a play
    that does not leave one card is refused (U-1), naming how many cards it leaves."""
    g = five()
    refuse(g, "Ava: call uno", "U-1", "2")
    refuse(g, "Cal: play red 7 and call uno", "T-0")  # not held / not turn come first
    g = five(ava="red 7, yellow 1, yellow 4")
    refuse(g, "Ava: play red 7 and call uno", "U-1", "2")


def test_U_1_call_with_a_speed_play():
    """U-1: `and call uno` on a speed play leaving one card."""
    g = five(cal="red 7, green 2")
    ok(g, "Ava: play red 7 and call uno")
    ok(g, "Cal: speed play red 7 and call uno")
    assert g.uno_called[2]
    g = five(cal="red 7, green 2, green 3")
    ok(g, "Ava: play red 7 and call uno")
    refuse(g, "Cal: speed play red 7 and call uno", "U-1", "2")


def test_U_2_catch_before_the_next_player_acts():
    """U-2: another player may catch a player who holds one card and has not called; the
    caught player draws two cards."""
    g = five()
    ok(g, "Ava: play red 7")
    ev = ok(g, "Dee: catch Ava")
    assert events_of(ev, EventKind.UNO_CAUGHT)[0].target == 0
    assert hand(g, "Ava") == ["blue 1", "blue 2", "yellow 1"]
    assert turn_of(g) == "Ben"
    refuse(g, "Eli: catch Ava", "U-3", "Ava")   # no longer one card


def test_U_2_chance_ends_at_the_next_play():
    """U-2 ruling: the chance ends at the next play from hand by another player: a catch then
    is refused (U-2), no penalty to anyone."""
    g = five()
    ok(g, "Ava: play red 7")
    ok(g, "Ben: play red 3")
    err = refuse(g, "Dee: catch Ava", "U-2", "Ava")
    assert err.is_ruling


def test_U_2_chance_ends_at_a_speed_play():
    """U-2 ruling: a speed play by another player ends the chance."""
    g = five()
    ok(g, "Ava: play red 7")
    ok(g, "Cal: speed play red 7")
    refuse(g, "Dee: catch Ava", "U-2", "Ava")


def test_U_2_chance_ends_at_a_turn_draw_and_keep():
    """U-2 ruling: a turn draw by another player ends the chance (so does the keep after it)."""
    g = five()
    ok(g, "Ava: play red 7")
    ok(g, "Ben: draw")
    refuse(g, "Dee: catch Ava", "U-2", "Ava")
    g = five(draw="red 1")
    ok(g, "Ava: play red 7")
    ok(g, "Ben: draw")
    assert g.phase is Phase.DRAWN
    ok(g, "Ben: keep")
    refuse(g, "Dee: catch Ava", "U-2", "Ava")


def test_U_2_chance_ends_at_a_play_onto_a_mini_pile():
    """U-2 ruling: a play onto a mini pile by another player ends the chance."""
    g = five(ava="wild pile up, red 1, red 2", ben="red 3, yellow 2", draw="red 8, blue 1")
    ok(g, "Ava: play wild pile up")
    ok(g, "Ben: play red 3")         # Ben now holds one card, did not call
    assert g.catchable == 1
    ok(g, "Cal: play red 7")         # onto the mini pile
    refuse(g, "Dee: catch Ben", "U-2", "Ben")


def test_U_2_penalty_and_copied_draws_do_not_end_the_chance():
    """U-2 ruling: penalty draws (a speed-play mistake) and copied draws (links) do not end the
    chance to catch."""
    g = five(links=("Dee", "Eli"))
    ok(g, "Ava: play red 7")
    ev = g.apply(g.parse_move("Dee: speed play yellow 5"))   # a mistake: Dee and Eli draw
    assert [e.player for e in events_of(ev, EventKind.DREW)] == [3, 4]
    ok(g, "Eli: catch Ava")
    assert len(g.hands[0]) == 3


def test_U_2_next_player_may_catch_before_their_turn():
    """U-2: the next player may still catch before starting their turn."""
    g = five()
    ok(g, "Ava: play red 7")
    ok(g, "Ben: catch Ava")
    assert turn_of(g) == "Ben" and len(g.hands[0]) == 3


def test_U_3_catch_refused_called_not_one_card_or_oneself():
    """U-3 ruling: catching a player who called, who does not hold one card, or oneself is
    refused (U-3) with no penalty."""
    g = five()
    refuse(g, "Ben: catch Ava", "U-3", "Ava")              # two cards
    ok(g, "Ava: play red 7")
    refuse(g, "Ava: catch Ava", "U-3", "yourself")         # oneself
    ok(g, "Ava: call uno")
    err = refuse(g, "Ben: catch Ava", "U-3", "Ava")        # called
    assert err.is_ruling


def test_U_3_comes_before_U_2_when_both_apply():
    """Order of refusals: a catch that is too late (U-2) of a player who has called meanwhile
    is refused citing U-3 first."""
    g = five()
    ok(g, "Ava: play red 7")
    ok(g, "Ben: play red 3")
    ok(g, "Ava: call uno")
    refuse(g, "Dee: catch Ava", "U-3", "Ava")


def test_U_2_answers_and_pointing_do_not_end_the_chance():
    """U-2 ruling: only a play, a turn draw or a keep by another player ends the chance: an
    accepted Wild Draw Four (its draws are not a turn draw) or pointing after a Point Taken
    does not."""
    g = five(ava="wild draw four, yellow 1")
    ok(g, "Ava: play wild draw four as green")
    ok(g, "Ben: accept")
    assert turn_of(g) == "Cal"
    ok(g, "Dee: catch Ava")
    assert len(g.hands[0]) == 3
    g = five(ava="red point taken, yellow 1")
    ok(g, "Ava: play red point taken")
    for who, at in (("Ava", "Ben"), ("Ben", "Cal"), ("Cal", "Ben"), ("Dee", "Ben"), ("Eli", "Ben")):
        ok(g, f"{who}: point at {at}")
    assert g.phase is Phase.TURN and turn_of(g) == "Ben"
    ok(g, "Eli: catch Ava")
    assert len(g.hands[0]) == 3


def test_U_2_catch_during_a_challenge():
    """U-2 / T-0: a catch may be made out of turn, e.g. while the Wild Draw Four played as the
    next-to-last card waits for its answer."""
    g = five(ava="wild draw four, yellow 1")
    ok(g, "Ava: play wild draw four as green")
    assert g.phase is Phase.CHALLENGE
    ok(g, "Cal: catch Ava")
    assert len(g.hands[0]) == 3 and g.phase is Phase.CHALLENGE and turn_of(g) == "Ben"
