"""Rule tests, family SP (Speed Play) and H-3 / SP-7 (Jump-In)."""

from __future__ import annotations

from tests.helpers_rules import (C, Colour, EventKind, Phase, Rules, events_of, hand, ok, refuse,
                                 table, turn_of)
from unoparty.refusal_words import explain

FIVE = "Ava Ben Cal Dee Eli"
DRAW = "blue 1, blue 2, blue 3, blue 4, blue 5, blue 6"


def five(ava="red 7, green 1", ben="yellow 1, red 3", cal="red 7, green 2", dee="red 7, yellow 2",
         eli="green 9, blue 9", top="red 5", **kw):
    return table(FIVE, {"Ava": ava, "Ben": ben, "Cal": cal, "Dee": dee, "Eli": eli}, "Ava", top,
                 kw.pop("draw", DRAW), **kw)


def test_SP_1_exact_match_of_a_number_card_out_of_turn():
    """SP-1: when the top card is a number card, a player holding the same number and colour
    may play it at once, even when it is not their turn."""
    g = five()
    ok(g, "Ava: play red 7")
    assert turn_of(g) == "Ben"
    ev = ok(g, "Cal: speed play red 7")
    assert events_of(ev, EventKind.SPEED_PLAYED)[0].rule == "SP-1"
    assert g.top_card == C("red 7") and hand(g, "Cal") == ["green 2"]
    assert g.discard_pile[-2:] == (C("red 7"), C("red 7"))


def test_SP_1_speed_play_on_the_first_turned_card():
    """SP-1: the first card turned up can be speed played by anybody, the player to start too."""
    g = five(top="red 7")
    ok(g, "Dee: speed play red 7")
    assert turn_of(g) == "Eli"


def test_SP_2_play_continues_after_the_jumper_passing_over_players_between():
    """SP-2: play continues with the player after the jumper (current direction); the players
    between are passed over."""
    g = five()
    ok(g, "Ava: play red 7")
    ev = ok(g, "Dee: speed play red 7")
    assert turn_of(g) == "Eli"
    passed = events_of(ev, EventKind.PASSED_OVER)[0]
    assert [g.name(s) for s in passed.players] == ["Ben", "Cal"]
    refuse(g, "Ben: play red 3", "T-0", "Eli")


def test_SP_2_counterclockwise():
    """SP-2: counterclockwise, the player after the jumper is on their right."""
    g = five(direction=-1)
    ok(g, "Ava: play red 7")
    assert turn_of(g) == "Eli"
    ok(g, "Cal: speed play red 7")
    assert turn_of(g) == "Ben"


def test_SP_2_jumper_just_before_the_turn_player_passes_nobody_else():
    """SP-2: a jumper sitting before the turn player plays 'in turn'; play goes on after them,
    so the turn player is passed over."""
    g = five(ava="red 7, green 1", eli="red 7, blue 9")
    ok(g, "Ava: play red 7")
    ev = ok(g, "Eli: speed play red 7")
    assert turn_of(g) == "Ava"
    assert [g.name(s) for s in events_of(ev, EventKind.PASSED_OVER)[0].players] == ["Ben", "Cal", "Dee"]


def test_SP_3_chance_is_gone_once_another_card_is_played():
    """SP-3: the chance lasts only while that card is on top: once another card is played on
    it, a speed play of the old card is judged against the new top and is a mistake (SP-4)."""
    g = five()
    ok(g, "Ava: play red 7")
    ok(g, "Ben: play red 3")
    move = g.parse_move("Cal: speed play red 7")
    assert g.why_illegal(move) is None and g.is_mistake(move)
    ev = g.apply(move)
    assert events_of(ev, EventKind.SPEED_PLAY_MISTAKE)
    assert hand(g, "Cal") == ["blue 1", "green 2", "red 7"]
    assert g.top_card == C("red 3") and turn_of(g) == "Cal"


def test_SP_3_a_later_speed_play_is_judged_against_the_new_top():
    """SP-3: a later speed play matching the new top card is fine."""
    g = five(cal="red 3, green 2")
    ok(g, "Ava: play red 7")
    ok(g, "Ben: play red 3")
    ok(g, "Cal: speed play red 3")
    assert turn_of(g) == "Dee" and g.top_card == C("red 3")


def test_SP_3_a_draw_does_not_end_the_chance():
    """SP-3: the chance ends when another card is *played*; a draw leaves the top card."""
    g = five()
    ok(g, "Ava: play red 7")
    ok(g, "Ben: draw")  # blue 1: not playable, turn ends
    assert turn_of(g) == "Cal"
    ok(g, "Dee: speed play red 7")
    assert turn_of(g) == "Eli"


def test_SP_4_wrong_colour_or_number_is_a_mistake_with_a_penalty():
    """SP-4: a speed play that does not match (wrong number or colour) is a mistake: the card
    goes back to the hand, one penalty card is drawn, the top and the turn stay."""
    for card in ("red 3", "yellow 1"):
        g = five()
        ok(g, "Ava: play red 7")
        move = g.parse_move(f"Ben: speed play {card}")
        assert g.is_mistake(move)
        assert move not in g.legal_moves(g.seat("Ben"))
        ev = g.apply(move)
        mistake = events_of(ev, EventKind.SPEED_PLAY_MISTAKE)[0]
        assert mistake.rule == "SP-4" and mistake.cards == (C(card),)
        drew = events_of(ev, EventKind.DREW)[0]
        assert drew.rule == "SP-4" and drew.cards == (C("blue 1"),)
        assert hand(g, "Ben") == sorted(["yellow 1", "red 3", "blue 1"])
        assert g.top_card == C("red 7") and turn_of(g) == "Ben" and g.phase is Phase.TURN


def test_SP_4_top_card_not_a_number_card_is_a_mistake():
    """SP-4: with the top card an action card (no Jump-In), a speed play of the identical
    action card is a mistake, penalised; so is a wild card (never a speed play)."""
    g = five(ava="red skip, green 1", cal="red skip, wild", top="red 5")
    ok(g, "Ava: play red skip")
    assert turn_of(g) == "Cal"
    move = g.parse_move("Dee: speed play red 7")
    assert g.is_mistake(move)
    g.apply(move)
    assert len(g.hands[g.seat("Dee")]) == 3
    move = g.parse_move("Cal: speed play red skip")
    assert g.is_mistake(move)
    g.apply(move)
    assert hand(g, "Cal") == ["blue 2", "red skip", "wild"]
    g.apply(g.parse_move("Cal: speed play wild"))
    assert len(g.hands[g.seat("Cal")]) == 4 and g.top_card == C("red skip")


def test_SP_4_speed_play_of_a_card_not_held_is_refused_without_penalty():
    """SP-4: speed playing a card you do not hold is an invalid move, refused (SP-4), naming
    the card, with no penalty."""
    g = five()
    ok(g, "Ava: play red 7")
    refuse(g, "Ben: speed play red 7", "SP-4", "red 7")
    refuse(g, "Eli: speed play red 7", "SP-4", "red 7")


def test_SP_5_no_speed_play_onto_your_own_card():
    """SP-5 (ruling): the player who laid the top card may not speed play onto it; refused, not
    penalised, and the explanation says it is a ruling."""
    g = five(ava="red 7, red 7, green 1")
    ok(g, "Ava: play red 7")
    err = refuse(g, "Ava: speed play red 7", "SP-5", "own card")
    assert err.is_ruling and "printed rules don't say" in explain(err.refusal)
    ok(g, "Ben: draw")
    ok(g, "Cal: draw")
    refuse(g, "Ava: speed play red 7", "SP-5")  # still her card on top


def test_SP_5_speed_play_onto_a_speed_played_card_is_allowed():
    """SP-5: a speed play onto a speed-played card is allowed (by another player)."""
    g = five()
    ok(g, "Ava: play red 7")
    ok(g, "Cal: speed play red 7")
    assert turn_of(g) == "Dee"
    ok(g, "Dee: speed play red 7")
    assert turn_of(g) == "Eli"
    refuse(g, "Dee: speed play red 7", "SP-4", "red 7")


def test_SP_5_during_drawn_ends_the_drawing_players_turn():
    """SP-5: a speed play while the turn player has drawn a playable card (phase drawn) is
    allowed and ends the drawing player's turn: they keep the drawn card."""
    g = five(draw="red 1, blue 2")
    ok(g, "Ava: play red 7")
    ok(g, "Ben: draw")
    assert g.phase is Phase.DRAWN and g.drawn_card == C("red 1")
    ok(g, "Dee: speed play red 7")
    assert turn_of(g) == "Eli" and g.phase is Phase.TURN and g.drawn_card is None
    assert hand(g, "Ben") == ["red 1", "red 3", "yellow 1"]


def test_SP_5_the_drawing_player_may_not_speed_play():
    """SP-5 / order of refusals: the player who just drew may not speed play (T-3)."""
    g = five(ben="red 7, yellow 1", draw="red 1")
    ok(g, "Ava: play red 7")
    ok(g, "Ben: draw")
    refuse(g, "Ben: speed play red 7", "T-3", "drew")
    # naming the drawn card in this explanation: see test_rules_disagreements.py


def test_SP_5_no_speed_play_while_a_wild_draw_four_awaits_its_answer():
    """SP-5: not while a Wild Draw Four awaits its answer: refused (SP-5), not penalised."""
    g = five(ava="wild draw four, green 1", cal="wild draw four, green 2")
    ok(g, "Ava: play wild draw four as red")
    err = refuse(g, "Cal: speed play wild draw four", "SP-5")
    assert err.is_ruling
    refuse(g, "Ben: speed play red 3", "SP-5")


def test_SP_5_no_speed_play_during_point_taken_or_mini_pile():
    """SP-5: not during a Point Taken count, nor during a mini pile: refused (SP-5)."""
    g = five(ava="red point taken, green 1", cal="red point taken, green 2")
    ok(g, "Ava: play red point taken")
    assert g.phase is Phase.POINTING
    refuse(g, "Cal: speed play red point taken", "SP-5")
    g = five(ava="wild pile up, green 1", cal="red 7, blue 2", draw="red 4, blue 1")
    ok(g, "Ava: play wild pile up")
    assert g.phase is Phase.MINI_PILE
    refuse(g, "Cal: speed play red 7", "SP-5")


def test_SP_6_simultaneous_speed_plays_in_the_order_received():
    """SP-6 (ruling): simultaneous speed plays are taken in the order the engine receives them:
    the first one counts as the jumper; the second is judged against the new top."""
    g = five()
    ok(g, "Ava: play red 7")
    ok(g, "Dee: speed play red 7")
    ok(g, "Cal: speed play red 7")
    assert turn_of(g) == "Dee"
    g = five()
    ok(g, "Ava: play red 7")
    ok(g, "Cal: speed play red 7")
    ok(g, "Dee: speed play red 7")
    assert turn_of(g) == "Eli"


def test_SP_7_classic_without_jump_in_has_no_speed_play():
    """SP-7: classic UNO without Jump-In has no speed play: refused (SP-7), no penalty."""
    rules = Rules(rule_set="classic")
    g = table("Ava Ben Cal", {"Ava": "red 7, green 1", "Ben": "yellow 1", "Cal": "red 7, blue 2"},
              "Ava", "red 5", "blue 1", rules=rules)
    ok(g, "Ava: play red 7")
    refuse(g, "Cal: speed play red 7", "SP-7")
    refuse(g, "Cal: speed play blue 2", "SP-7")
    refuse(g, "Ben: speed play red 7", "SP-4", "red 7")  # not held comes first


def test_SP_7_H_3_jump_in_identical_action_card_effect_from_jumpers_seat():
    """SP-7 / H-3: with Jump-In (classic), an identical action card may jump in: same colour,
    same action; play goes on as if the jumper had played in turn — a Skip skips the player
    after the jumper."""
    rules = Rules(rule_set="classic", jump_in=True)
    g = table("Ava Ben Cal Dee", {"Ava": "red skip, green 1", "Ben": "yellow 1", "Cal": "yellow 2",
                                  "Dee": "red skip, blue 2"}, "Ava", "red 5", "blue 1", rules=rules)
    ok(g, "Ava: play red skip")
    assert turn_of(g) == "Cal"
    ev = ok(g, "Dee: speed play red skip")
    assert events_of(ev, EventKind.SPEED_PLAYED)[0].rule == "SP-7"
    assert events_of(ev, EventKind.SKIPPED)[0].player == g.seat("Ava")
    assert turn_of(g) == "Ben"


def test_SP_7_jump_in_draw_two_counts_from_the_jumper():
    """SP-7: a jumped-in Draw Two makes the player after the jumper draw two."""
    rules = Rules(jump_in=True)
    g = table("Ava Ben Cal Dee", {"Ava": "red draw two, green 1", "Ben": "yellow 1", "Cal": "yellow 2",
                                  "Dee": "red draw two, blue 2"}, "Ava", "red 5",
              "blue 1, blue 3, blue 4, blue 5, blue 6", rules=rules)
    ok(g, "Ava: play red draw two")
    assert len(g.hands[1]) == 3 and turn_of(g) == "Cal"
    ok(g, "Dee: speed play red draw two")
    assert len(g.hands[0]) == 3 and turn_of(g) == "Ben"


def test_SP_7_jump_in_never_with_a_wild_card():
    """SP-7: never a wild card, even on a wild card: a mistake (SP-4)."""
    rules = Rules(rule_set="classic", jump_in=True)
    g = table("Ava Ben Cal", {"Ava": "wild, green 1", "Ben": "yellow 1", "Cal": "wild, blue 2"},
              "Ava", "red 5", "blue 1", rules=rules)
    ok(g, "Ava: play wild as red")
    move = g.parse_move("Cal: speed play wild")
    assert g.is_mistake(move)
    g.apply(move)
    assert len(g.hands[2]) == 3 and g.top_card == C("wild")


def test_SP_7_jump_in_same_action_other_colour_is_a_mistake():
    """SP-7: identical means same colour too: a blue Skip on a red Skip is a mistake."""
    rules = Rules(jump_in=True)
    g = table("Ava Ben Cal", {"Ava": "red skip, green 1", "Ben": "yellow 1", "Cal": "blue skip, blue 2"},
              "Ava", "red 5", "blue 1", rules=rules)
    ok(g, "Ava: play red skip")
    assert g.is_mistake(g.parse_move("Cal: speed play blue skip"))
