"""Rule tests, family H (house rules, options off by default): Stacking, Seven-O, Jump-In,
Doubles."""

from __future__ import annotations

from tests.helpers_rules import (C, Colour, EventKind, Phase, Rules, events_of, hand, ok, refuse,
                                 table, turn_of)

ABCD = "Ava Ben Cal Dee"
DRAW = ", ".join(f"{c} {n}" for c in ("blue", "green") for n in range(1, 10))


def t4(ava, ben="yellow 1, yellow 2", cal="yellow 3, yellow 4", dee="yellow 5, yellow 6", *,
       rules=Rules(), **kw):
    return table(ABCD, {"Ava": ava, "Ben": ben, "Cal": cal, "Dee": dee}, kw.pop("turn", "Ava"),
                 kw.pop("top", "red 9"), kw.pop("draw", DRAW), rules=rules, **kw)


STACK = Rules(stacking=True)
SEVEN_O = Rules(seven_o=True)
DOUBLES = Rules(doubles=True)


def test_H_1_options_are_off_by_default():
    """H-1…H-4: every house rule is off by default."""
    r = Rules()
    assert (r.stacking, r.seven_o, r.jump_in, r.doubles) == (False, False, False, False)


# ---- H-1 Stacking ----------------------------------------------------------------------------

def test_H_1_draw_two_stacks_and_the_total_passes_on():
    """H-1: facing a Draw Two, a player may play a Draw Two to pass the growing total on; the
    player who accepts draws the total and loses their turn."""
    g = t4("red draw two, red 1", ben="blue draw two, yellow 2", rules=STACK)
    ok(g, "Ava: play red draw two")
    assert g.phase is Phase.CHALLENGE and turn_of(g) == "Ben" and g.pending_draw == 2
    ev = ok(g, "Ben: play blue draw two")
    assert events_of(ev, EventKind.STACKED)[0].count == 4
    assert turn_of(g) == "Cal" and g.pending_draw == 4
    refuse(g, "Cal: challenge", "H-1")
    ok(g, "Cal: accept")
    assert len(g.hands[2]) == 6 and turn_of(g) == "Dee" and g.phase is Phase.TURN


def test_H_1_wild_draw_four_stacks_on_wild_draw_four():
    """H-1: facing a Wild Draw Four, a player may stack a Wild Draw Four; accepting draws the
    total (eight)."""
    g = t4("wild draw four, red 1", ben="wild draw four, yellow 2", rules=STACK)
    ok(g, "Ava: play wild draw four as green")
    ok(g, "Ben: play wild draw four as blue")
    assert g.pending_draw == 8 and turn_of(g) == "Cal" and g.colour is Colour.BLUE
    ok(g, "Cal: accept")
    assert len(g.hands[2]) == 10 and turn_of(g) == "Dee"


def test_H_1_never_mixed():
    """H-1: never mixed: a Wild Draw Four on a Draw Two, or a Draw Two on a Wild Draw Four, is
    refused (H-1); so is any other card."""
    g = t4("red draw two, red 1", ben="wild draw four, red 2", rules=STACK)
    ok(g, "Ava: play red draw two")
    refuse(g, "Ben: play wild draw four as blue", "H-1", "draw two")
    refuse(g, "Ben: play red 2", "H-1")
    g = t4("wild draw four, red 1", ben="red draw two, red 2", rules=STACK)
    ok(g, "Ava: play wild draw four as red")
    refuse(g, "Ben: play red draw two", "H-1", "wild draw four")


def test_H_1_challenge_the_last_wild_draw_four_of_a_stack():
    """H-1: facing a stacked Wild Draw Four, the player may challenge the last one played
    (W-3): an illegal last play makes its player draw; the challenger then plays."""
    g = t4("wild draw four, red 1", ben="wild draw four, blue 2", rules=STACK)
    ok(g, "Ava: play wild draw four as blue")
    ok(g, "Ben: play wild draw four as green")   # Ben held blue 2: illegal
    ev = ok(g, "Cal: challenge")
    ch = events_of(ev, EventKind.CHALLENGED)[0]
    assert ch.target == g.seat("Ben") and ch.flag is False
    assert len(g.hands[1]) > 1 and len(g.hands[2]) == 2
    assert turn_of(g) == "Cal" and g.phase is Phase.TURN


def test_H_1_without_stacking_a_draw_two_cannot_be_answered():
    """H-1 off: a Draw Two is drawn at once (A-1); there is nothing to accept."""
    g = t4("red draw two, red 1", ben="blue draw two, yellow 2")
    ok(g, "Ava: play red draw two")
    assert g.phase is Phase.TURN and turn_of(g) == "Cal"
    refuse(g, "Cal: accept", "W-3")


# ---- H-2 Seven-O -----------------------------------------------------------------------------

def test_H_2_seven_swaps_hands_with_a_chosen_player():
    """H-2: the player of a 7 may swap hands with a chosen player, or not."""
    g = t4("red 7, green 1, green 2", rules=SEVEN_O)
    ev = ok(g, "Ava: play red 7 swapping with Cal")
    assert events_of(ev, EventKind.HANDS_SWAPPED)[0].target == 2
    assert hand(g, "Ava") == ["yellow 3", "yellow 4"] and hand(g, "Cal") == ["green 1", "green 2"]
    assert turn_of(g) == "Ben"
    g = t4("red 7, green 1, green 2", rules=SEVEN_O)
    ok(g, "Ava: play red 7")
    assert hand(g, "Ava") == ["green 1", "green 2"]


def test_H_2_zero_passes_every_hand_in_the_direction_of_play():
    """H-2: a 0 passes every hand to the next player in the direction of play."""
    g = t4("red 0, green 1", rules=SEVEN_O)
    ok(g, "Ava: play red 0")
    assert hand(g, "Ben") == ["green 1"] and hand(g, "Cal") == ["yellow 1", "yellow 2"]
    assert hand(g, "Dee") == ["yellow 3", "yellow 4"] and hand(g, "Ava") == ["yellow 5", "yellow 6"]
    g = t4("red 0, green 1", rules=SEVEN_O, direction=-1)
    ok(g, "Ava: play red 0")
    assert hand(g, "Dee") == ["green 1"] and hand(g, "Ava") == ["yellow 1", "yellow 2"]


def test_H_2_uno_duties_follow_the_hands():
    """H-2 ruling: a player left holding one card by a swap is taken to have called UNO; the
    player who played down to one card and swapped it away cannot be caught."""
    g = t4("red 7, green 1", rules=SEVEN_O)
    ok(g, "Ava: play red 7 swapping with Ben")
    assert hand(g, "Ben") == ["green 1"] and g.uno_called[1]
    refuse(g, "Cal: catch Ben", "U-3", "Ben")
    refuse(g, "Cal: catch Ava", "U-3", "Ava")


def test_H_2_swapping_refused_without_option_or_card_that_qualifies():
    """H-2: `swapping with` without the option, with a card other than a 7, or with oneself is
    refused (H-2); without the option a 0 passes nothing."""
    g = t4("red 7, red 0, green 1")
    refuse(g, "Ava: play red 7 swapping with Ben", "H-2")
    ok(g, "Ava: play red 0")
    assert hand(g, "Ben") == ["yellow 1", "yellow 2"]
    g = t4("red 7, red 3, green 1", rules=SEVEN_O)
    refuse(g, "Ava: play red 3 swapping with Ben", "H-2", "7")
    refuse(g, "Ava: play red 7 swapping with Ava", "H-2")


# ---- H-3 Jump-In -----------------------------------------------------------------------------

def test_H_3_jump_in_option_allows_identical_action_cards_in_party():
    """H-3 / SP-7: with Jump-In, an identical action card jumps in (party too); without it the
    same speed play is a mistake (SP-4)."""
    g = t4("red reverse, red 1", cal="red reverse, yellow 4", rules=Rules(jump_in=True))
    ok(g, "Ava: play red reverse")
    assert turn_of(g) == "Dee"
    ok(g, "Cal: speed play red reverse")
    assert g.direction == 1 and turn_of(g) == "Dee"
    g = t4("red reverse, red 1", cal="red reverse, yellow 4")
    ok(g, "Ava: play red reverse")
    assert g.is_mistake(g.parse_move("Cal: speed play red reverse"))


# ---- H-4 Doubles -----------------------------------------------------------------------------

def test_H_4_two_draw_twos_next_draws_four_loses_one_turn():
    """H-4: two identical Draw Twos together: the next player draws four and loses one turn."""
    g = t4("red draw two, red draw two, red 1", rules=DOUBLES)
    ev = ok(g, "Ava: play red draw two twice")
    assert events_of(ev, EventKind.PLAYED)[0].cards == (C("red draw two"),) * 2
    assert g.discard_pile[-2:] == (C("red draw two"), C("red draw two"))
    assert len(g.hands[1]) == 6 and turn_of(g) == "Cal"
    assert len(events_of(ev, EventKind.SKIPPED)) == 1


def test_H_4_two_skips_pass_over_the_next_two():
    """H-4: two Skips pass over the next two players."""
    g = t4("red skip, red skip, red 1", rules=DOUBLES)
    ok(g, "Ava: play red skip twice")
    assert turn_of(g) == "Dee"


def test_H_4_two_reverses_leave_the_direction():
    """H-4: two Reverses leave the direction as it was."""
    g = t4("red reverse, red reverse, red 1", rules=DOUBLES)
    ok(g, "Ava: play red reverse twice")
    assert g.direction == 1 and turn_of(g) == "Ben"


def test_H_4_two_number_cards():
    """H-4: two identical number cards are played together; the hand loses both."""
    g = t4("red 3, red 3, red 1", rules=DOUBLES)
    ok(g, "Ava: play red 3 twice")
    assert hand(g, "Ava") == ["red 1"] and turn_of(g) == "Ben"


def test_H_4_refused_without_option_wild_or_single_copy():
    """H-4: `twice` without the option, with wild cards (ruling), or with only one copy is
    refused (H-4), naming the card."""
    g = t4("red 3, red 3, red 1")
    refuse(g, "Ava: play red 3 twice", "H-4")
    g = t4("wild, wild, red 3, red 1", rules=DOUBLES)
    err = refuse(g, "Ava: play wild as blue twice", "H-4")
    assert err.is_ruling
    refuse(g, "Ava: play red 3 twice", "H-4", "red 3")
    refuse(g, "Ava: play red 1 twice", "H-4", "red 1")


def test_H_4_doubles_must_still_match():
    """H-4 / order of refusals: a double that does not match is refused T-1 first."""
    g = t4("blue 3, blue 3, red 1", rules=DOUBLES)
    refuse(g, "Ava: play blue 3 twice", "T-1", "blue 3", "red 9")
