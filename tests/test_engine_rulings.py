"""Rulings of this app that sit between rules (RULES.md), each tested where it is decided."""

from __future__ import annotations

from tests.helpers_rules import ok, table


def test_R_2_LK_2_winner_linked_to_the_next_player_copies_nothing():
    """R-2 with LK-2: going out on a Draw Two while linked to the next player — the next player
    draws two, and the winner (out of the round) copies nothing and holds no card (ruling)."""
    g = table("Ava Ben Cal", {"Ava": "red draw two", "Ben": "blue 1", "Cal": "green 2"}, "Ava",
              "red 5", "blue 2, blue 3, blue 4, blue 5", links=("Ava", "Ben"))
    ok(g, "Ava: play red draw two")
    assert g.phase.value == "round over"
    assert g.hands[0] == () and len(g.hands[1]) == 3
    assert g.outcome().winner == 0
    # Ben's two drawn cards score: blue 1 + blue 2 + blue 3, and Cal's green 2.
    assert g.outcome().points == 1 + 2 + 3 + 2


def test_R_2_LK_2_partner_of_the_next_player_still_copies():
    """R-2 with LK-2: when the winner is not in the link, the next player's partner copies."""
    g = table("Ava Ben Cal", {"Ava": "red draw two", "Ben": "blue 1", "Cal": "green 2"}, "Ava",
              "red 5", "blue 2, blue 3, blue 4, blue 5", links=("Ben", "Cal"))
    ok(g, "Ava: play red draw two")
    assert len(g.hands[1]) == 3 and len(g.hands[2]) == 3
    assert g.outcome().points == (1 + 2 + 3) + (2 + 4 + 5)


def test_to_act_names_the_seats_the_game_waits_for():
    """T-0 / PT-3 / R-1: the current player; every seat not yet pointed while pointing;
    nobody once the round is over. `Phase.is_over` marks round over and match over."""
    from unoparty.engine import Phase, PointAt
    from unoparty.game import Game
    import random as _random
    assert [p for p in Phase if p.is_over] == [Phase.ROUND_OVER, Phase.MATCH_OVER]
    rng = _random.Random(3)
    seen_pointing = False
    for seed in range(12):
        g = Game(["A", "B", "C", "D"], seed=seed)
        while not g.phase.is_over:
            acts = g.to_act()
            if g.phase is Phase.POINTING:
                seen_pointing = True
                assert acts == g.waiting_for and len(acts) >= 1
                g.apply(PointAt(acts[-1], (acts[-1] + 1) % 4))
                assert g.phase is not Phase.POINTING or acts[-1] not in g.to_act()
                continue
            assert acts == (g.current,)
            g.apply(rng.choice(g.legal_moves(acts[0])))
        assert g.to_act() == () and g.current is None
    assert seen_pointing


# ---- the rulings settled in RULES.md (issue 9, point 5) -------------------------------------

from unoparty.cards import Card  # noqa: E402
from unoparty.engine import EventKind, Phase, RefusalReason  # noqa: E402
from unoparty.rules import Rules  # noqa: E402
from unoparty.refusal_words import explain
from tests.helpers_rules import events_of, hand, kinds, refuse  # noqa: E402

STACK = Rules(stacking=True)


def _stacked_wd4(ben: str) -> "object":
    g = table("Ava Ben Cal", {"Ava": "wild draw four, blue 1", "Ben": ben, "Cal": "red 1, red 2"}, "Ava",
              "red 5", rules=STACK, rest="shuffled", seed=4)
    ok(g, "Ava: play wild draw four as green")   # legal: Ava holds no red card
    ok(g, "Ben: play wild draw four as blue")
    assert g.pending_draw == 8
    return g


def test_H_1_W_3_a_challenge_of_stacked_wild_draw_fours_judges_only_the_last_bluff():
    """H-1 / W-3 ruling: only the last Wild Draw Four is judged; a caught bluff makes its
    player draw the whole total, and the challenger takes their turn."""
    g = _stacked_wd4("wild draw four, green 2, yellow 3")   # Ben held green: a bluff
    before = len(g.hands[1])
    events = ok(g, "Cal: challenge")
    assert events_of(events, EventKind.CHALLENGED)[0].flag is False
    assert len(g.hands[1]) == before + 8 and len(g.hands[2]) == 2
    assert g.phase is Phase.TURN and g.current == 2


def test_H_1_W_3_a_legal_last_wild_draw_four_makes_the_challenger_draw_the_total_plus_two():
    """H-1 / W-3 ruling: the last Wild Draw Four was legal: the challenger draws 8 + 2."""
    g = _stacked_wd4("wild draw four, yellow 3")            # no green: legal
    events = ok(g, "Cal: challenge")
    assert events_of(events, EventKind.CHALLENGED)[0].flag is True
    assert len(g.hands[2]) == 2 + 10
    assert EventKind.SKIPPED in kinds(events) and g.current == 0


def test_H_1_nobody_can_challenge_a_draw_two():
    """H-1 ruling: `challenge` facing a (stacked) Draw Two is refused H-1 — by the next player
    and by anyone else — and the sentence names only what is on the table."""
    g = table("Ava Ben Cal", {"Ava": "red draw two, blue 1", "Ben": "blue draw two, red 1", "Cal": "red 3"}, "Ava",
              "red 5", rules=STACK, rest="shuffled", seed=2)
    ok(g, "Ava: play red draw two")
    for who in ("Ben", "Cal"):
        err = refuse(g, f"{who}: challenge", "H-1", "Draw Two")
        assert "Wild Draw Four" not in explain(err.refusal) and err.reason is RefusalReason.CHALLENGE_DRAW_TWO
    ok(g, "Ben: play blue draw two")
    err = refuse(g, "Ava: challenge", "H-1")
    assert "Wild Draw Four" not in explain(err.refusal)


def test_H_1_a_wrong_card_facing_a_stack_is_refused_H_1_for_anyone():
    """RULES.md "Order of refusals": during `challenge` with stacking on, a card that does not
    stack is refused H-1 (W-3 without stacking), whoever plays it; a stacking card out of turn
    is T-0."""
    g = table("Ava Ben Cal", {"Ava": "red draw two, blue 1", "Ben": "red 1, blue 2", "Cal": "red 7, green draw two"},
              "Ava", "red 5", rules=STACK, rest="shuffled", seed=2)
    ok(g, "Ava: play red draw two")
    refuse(g, "Ben: play red 1", "H-1", "red 1", "Draw Two")
    err = refuse(g, "Cal: play red 7", "H-1", "red 7", "Ben")
    assert err.reason is RefusalReason.STACK_ONLY_OTHER
    refuse(g, "Cal: play green draw two", "T-0")
    g = table("Ava Ben Cal", {"Ava": "wild draw four, blue 1", "Ben": "red 1", "Cal": "red 7"}, "Ava", "red 5",
              rest="shuffled", seed=2)
    ok(g, "Ava: play wild draw four as green")
    refuse(g, "Ben: play red 1", "W-3", "Wild Draw Four")
    refuse(g, "Cal: play red 7", "W-3", "Ben")


def test_T_3_a_draw_during_drawn_is_refused_T_3_by_anyone():
    """RULES.md "Order of refusals": a draw during `drawn` is T-3, by the drawer and by anyone."""
    g = table("Ava Ben Cal", {"Ava": "blue 1", "Ben": "green 2", "Cal": "yellow 3"}, "Ava", "red 5", "red 9")
    ok(g, "Ava: draw")
    assert g.phase is Phase.DRAWN
    refuse(g, "Ava: draw", "T-3")
    refuse(g, "Cal: draw", "T-3", "Ava")


def test_H_4_two_point_takens_start_one_pointing_and_everyone_draws_twice_their_count():
    """H-4 ruling: two Point Takens end the links and start one pointing; each player then
    draws twice their count (PT-4)."""
    g = table("Ava Ben Cal", {"Ava": "red point taken, red point taken, red 1", "Ben": "blue 1", "Cal": "green 1"},
              "Ava", "red 5", rules=Rules(doubles=True), rest="shuffled", seed=1, links=("Ben", "Cal"))
    events = ok(g, "Ava: play red point taken twice")
    assert kinds(events).count(EventKind.POINTING_STARTED) == 1 and g.links == ()
    assert events_of(events, EventKind.LINKS_ENDED)[0].rule == "PT-2"
    ok(g, "Ben: point at Ava")
    ok(g, "Cal: point at Ava")
    ok(g, "Ava: point at Ben")
    assert len(g.hands[0]) == 1 + 2 * 2 and len(g.hands[1]) == 1 + 2 and len(g.hands[2]) == 1


def test_PU_4_a_point_taken_added_to_a_mini_pile_has_no_effect():
    """PU-4 ruling: a Point Taken added to a mini pile ends no link and starts no pointing."""
    g = table("Ava Ben Cal", {"Ava": "wild pile up, blue 1", "Ben": "red point taken, blue 2", "Cal": "green 1"},
              "Ava", "yellow 5", "red 3, green 9", links=("Ava", "Cal"))
    ok(g, "Ava: play wild pile up")
    events = ok(g, "Ben: play red point taken")
    assert kinds(events) == [EventKind.MINI_PILE_ADDED]
    assert g.phase is Phase.MINI_PILE and g.links == (0, 2)


def test_PU_4_a_point_taken_turned_up_for_a_mini_pile_has_no_effect():
    """PU-4 ruling: a Point Taken turned up to start a mini pile starts no pointing."""
    g = table("Ava Ben Cal", {"Ava": "wild pile up, blue 1", "Ben": "red 4", "Cal": "green 1"},
              "Ava", "yellow 5", "red point taken, green 9", links=("Ava", "Cal"))
    events = ok(g, "Ava: play wild pile up")
    assert EventKind.POINTING_STARTED not in kinds(events) and EventKind.LINKS_ENDED not in kinds(events)
    assert g.phase is Phase.MINI_PILE and g.mini_pile == (Card.parse("red point taken"),) and g.links == (0, 2)


def test_LK_2_a_copy_that_would_fall_to_a_player_who_has_gone_out_is_dropped():
    """LK-2 ruling: going out on a Wild Draw Four while linked to the next player: the next
    player draws four (R-2); the copy for the player who went out is dropped."""
    g = table("Ava Ben Cal", {"Ava": "wild draw four", "Ben": "blue 1", "Cal": "green 2"}, "Ava",
              "red 5", "blue 2, blue 3, blue 4, blue 5, blue 6, blue 7, blue 8, blue 9", links=("Ava", "Ben"))
    events = ok(g, "Ava: play wild draw four as red")
    draws = events_of(events, EventKind.DREW)
    assert [(e.player, len(e.cards)) for e in draws] == [(1, 4)]
    assert g.hands[0] == () and g.outcome().winner == 0


SEVEN_O = Rules(seven_o=True)


def test_H_2_a_seven_speed_played_may_swap_hands():
    """H-2 ruling: a 7 played by speed play swaps hands like one played in turn
    (``speed play red 7 swapping with Cal``)."""
    g = table("Ava Ben Cal", {"Ava": "blue 1, blue 2", "Ben": "red 7, green 3, green 4", "Cal": "yellow 1"},
              "Ava", "red 7", rules=SEVEN_O, rest="shuffled", seed=1)
    events = ok(g, "Ben: speed play red 7 swapping with Cal")
    swapped = events_of(events, EventKind.HANDS_SWAPPED)
    assert [(e.player, e.target) for e in swapped] == [(1, 2)]
    assert hand(g, "Ben") == ["yellow 1"] and hand(g, "Cal") == ["green 3", "green 4"]
    assert g.format_move(g.history[-1]) == "Ben: speed play red 7 swapping with Cal"


def test_H_2_a_zero_speed_played_passes_the_hands_on_and_a_seven_jumped_in_swaps():
    """H-2 ruling: a 0 speed-played passes every hand on; in classic with Jump-In a 7 jumped
    in may swap hands."""
    g = table("Ava Ben Cal", {"Ava": "blue 1, blue 2", "Ben": "red 0, green 3", "Cal": "yellow 1, yellow 2"},
              "Ava", "red 0", rules=SEVEN_O, rest="shuffled", seed=1)
    events = ok(g, "Ben: speed play red 0")
    assert len(events_of(events, EventKind.HANDS_PASSED)) == 1
    assert hand(g, "Cal") == ["green 3"] and hand(g, "Ava") == ["yellow 1", "yellow 2"]
    rules = Rules(rule_set="classic", seven_o=True, jump_in=True)
    g = table("Ava Ben Cal", {"Ava": "blue 1, blue 2", "Ben": "red 7, green 3", "Cal": "yellow 1"},
              "Ava", "red 7", rules=rules, rest="shuffled", seed=1)
    events = ok(g, "Ben: speed play red 7 swapping with Ava")
    assert [(e.player, e.target) for e in events_of(events, EventKind.HANDS_SWAPPED)] == [(1, 0)]
    assert hand(g, "Ben") == ["blue 1", "blue 2"]


def test_H_2_a_speed_played_swap_needs_seven_o_and_a_7():
    g = table("Ava Ben Cal", {"Ava": "blue 1", "Ben": "red 7, red 5", "Cal": "yellow 1"}, "Ava", "red 7",
              rest="shuffled", seed=1)
    refuse(g, "Ben: speed play red 7 swapping with Cal", "H-2", "Seven-O")
    g = table("Ava Ben Cal", {"Ava": "blue 1", "Ben": "red 5", "Cal": "yellow 1"}, "Ava", "red 5",
              rules=SEVEN_O, rest="shuffled", seed=1)
    refuse(g, "Ben: speed play red 5 swapping with Cal", "H-2", "red 5")


def test_H_2_a_seven_or_zero_as_last_card_swaps_nothing():
    """H-2 ruling: a 7 or 0 that is the player's last card swaps no hands and passes none:
    the round is over (R-1)."""
    for card, move in (("red 7", "Ava: play red 7 swapping with Ben"), ("red 0", "Ava: play red 0")):
        g = table("Ava Ben Cal", {"Ava": card, "Ben": "blue 1", "Cal": "green 2"}, "Ava", "red 5", rules=SEVEN_O)
        events = ok(g, move)
        assert EventKind.HANDS_SWAPPED not in kinds(events) and EventKind.HANDS_PASSED not in kinds(events)
        assert g.phase is Phase.ROUND_OVER and g.outcome().winner == 0 and g.hands[0] == ()


def test_H_2_H_4_two_sevens_or_zeros_make_one_swap_or_pass():
    """H-2 / H-4 ruling: two 7s or two 0s played together make one swap or one pass."""
    rules = Rules(seven_o=True, doubles=True)
    g = table("Ava Ben Cal", {"Ava": "red 7, red 7, blue 1", "Ben": "blue 2, blue 3", "Cal": "green 2"}, "Ava",
              "red 5", rules=rules)
    events = ok(g, "Ava: play red 7 swapping with Ben twice")
    assert len(events_of(events, EventKind.HANDS_SWAPPED)) == 1 and hand(g, "Ava") == ["blue 2", "blue 3"]
    g = table("Ava Ben Cal", {"Ava": "red 0, red 0, blue 1", "Ben": "blue 2, blue 3", "Cal": "green 2"}, "Ava",
              "red 5", rules=rules)
    events = ok(g, "Ava: play red 0 twice")
    assert len(events_of(events, EventKind.HANDS_PASSED)) == 1 and hand(g, "Ben") == ["blue 1"]


def test_PU_2_only_wild_cards_left_reshuffles_them_with_the_discard_pile():
    """PU-2 ruling: when every card left in the draw pile is wild, the discard pile but its
    top card is shuffled together with them (T-5), and turning goes on; the event carries the
    new draw pile's order."""
    g = table("Ava Ben Cal", {"Ava": "wild pile up, blue 1", "Ben": "green 1", "Cal": "yellow 1"}, "Ava",
              "green 3, blue 4, red 5", "wild, wild draw four")
    total = g.card_count()
    events = ok(g, "Ava: play wild pile up")
    re = events_of(events, EventKind.RESHUFFLED)
    assert len(re) == 1 and re[0].count == 5
    assert sorted(map(str, re[0].cards)) == sorted(["green 3", "blue 4", "red 5", "wild", "wild draw four"])
    assert not re[0].cards_visible_to(0) and re[0].cards_visible_to(None)
    assert g.phase is Phase.MINI_PILE and not g.mini_pile[0].is_wild
    assert g.discard_pile == (Card.parse("wild pile up"),) and g.card_count() == total


def test_T_5_a_given_reshuffle_order_is_used_and_checked():
    """T-5 with explicit chance: `reshuffles` gives the new draw pile (top first); a pile that
    does not hold exactly the cards being shuffled is refused and changes nothing."""
    setup = dict(players=["Ava", "Ben"], hands={"Ava": [Card.parse("blue 1"), Card.parse("blue 2")],
                                                 "Ben": [Card.parse("green 1")]},
                 turn="Ava", discard_pile=[Card.parse("red 3"), Card.parse("red 4"), Card.parse("red 5")],
                 rest="none")
    from unoparty.game import Game
    order = [Card.parse("red 4"), Card.parse("red 3")]
    g = Game.from_setup(**setup, reshuffles=[order])
    events = g.apply(g.parse_move("Ava: draw"))
    assert events_of(events, EventKind.RESHUFFLED)[0].cards == tuple(order)
    assert g.hands[0][-1] == Card.parse("red 4") and g.draw_pile == (Card.parse("red 3"),)
    bad = Game.from_setup(**setup, reshuffles=[[Card.parse("red 4"), Card.parse("red 9")]])
    before = bad.to_json()
    with __import__("pytest").raises(ValueError, match="reshuffle 1 must hold exactly"):
        bad.apply(bad.parse_move("Ava: draw"))
    assert bad.to_json() == before and bad.hands[0] == tuple(setup["hands"]["Ava"])


def test_T_6_a_blocked_round_tie_goes_to_the_first_after_the_player_who_ended_it():
    """T-6 / R-1 ruling: on a tie in a blocked round, the first of the tied players in turn
    order after the player whose move ended the round wins."""
    g = table("Ava Ben Cal", {"Ava": "blue 3", "Ben": "green 3", "Cal": "yellow 1, yellow 2"}, "Ava", "red 5")
    ok(g, "Ava: draw")
    ok(g, "Ben: draw")
    events = ok(g, "Cal: draw")            # Cal's draw ends the round: Ava comes next
    assert EventKind.ROUND_BLOCKED in kinds(events)
    assert g.outcome().blocked and g.outcome().winner == 0


def test_R_4_a_tie_at_the_top_goes_to_the_last_round_winner_else_the_first_seat():
    """R-4 ruling: on a tie at the top, the tied player who won the last round, else the first
    tied player in seating order."""
    rules = Rules(target_score=60)
    g = table("Ava Ben Cal", {"Ava": "red 1", "Ben": "blue 1", "Cal": "green 9"}, "Ava", "red 5", rules=rules,
              scores={"Ava": 50, "Ben": 60})
    ok(g, "Ava: play red 1")
    assert g.scores == (60, 60, 0) and g.phase is Phase.MATCH_OVER and g.outcome().match_winner == 0
    g = table("Ava Ben Cal", {"Ava": "red 1", "Ben": "blue 1", "Cal": "green 9"}, "Ava", "red 5", rules=rules,
              scores={"Ben": 70, "Cal": 70})
    ok(g, "Ava: play red 1")
    assert g.outcome().match_winner == 1
