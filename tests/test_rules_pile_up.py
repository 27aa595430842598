"""Rule tests, family PU (Wild Pile Up and the mini pile)."""

from __future__ import annotations

from tests.helpers_rules import (C, Colour, EventKind, Phase, all_cards, events_of, hand, ok,
                                 refuse, table, turn_of)

ABC = "Ava Ben Cal"


def pile(ava="wild pile up, green 1, red 2", ben="red 3, blue 4", cal="red 6, wild, yellow 2",
         draw="red 8, blue 9, green 9", top="blue 5", **kw):
    return table(ABC, {"Ava": ava, "Ben": ben, "Cal": cal}, kw.pop("turn", "Ava"), top, draw, **kw)


def test_PU_1_playable_on_anything_no_colour_chosen():
    """PU-1: Wild Pile Up is a wild card playable on any card; its player does not choose a
    colour: naming one is refused (PU-1)."""
    for top in ("blue 5", "green skip", "yellow point taken"):
        g = pile(top=top)
        err = refuse(g, "Ava: play wild pile up as red", "PU-1", "wild pile up")
        ev = ok(g, "Ava: play wild pile up")
        assert not events_of(ev, EventKind.COLOUR_CHOSEN)
        assert g.top_card == C("wild pile up")


def test_PU_2_top_card_of_draw_pile_starts_the_mini_pile():
    """PU-2/PU-3: its player turns up the top card of the draw pile; it starts the mini pile
    before the next player."""
    g = pile()
    ev = ok(g, "Ava: play wild pile up")
    started = events_of(ev, EventKind.MINI_PILE_STARTED)[0]
    assert started.cards == (C("red 8"),) and started.target == g.seat("Ben")
    assert g.mini_pile == (C("red 8"),) and g.draw_pile == (C("blue 9"), C("green 9"))
    assert g.phase is Phase.MINI_PILE and turn_of(g) == "Ben"


def test_PU_2_wild_cards_turned_go_to_the_bottom_of_the_draw_pile():
    """PU-2 ruling: while the turned card is wild another is turned; the wild cards turned go
    to the bottom of the draw pile (in the order turned); every card conserved."""
    g = pile(draw="wild draw four, wild, green 7, blue 9, green 9")
    before = all_cards(g)
    ev = ok(g, "Ava: play wild pile up")
    turned = [e.cards[0] for e in events_of(ev, EventKind.MINI_PILE_WILD_TURNED)]
    assert turned == [C("wild draw four"), C("wild")]
    assert g.mini_pile == (C("green 7"),) and g.colour is Colour.GREEN
    assert g.draw_pile[:2] == (C("blue 9"), C("green 9"))
    assert set(g.draw_pile[2:]) == {C("wild draw four"), C("wild")}
    assert all_cards(g) == before


def test_PU_2_only_wild_cards_left_no_mini_pile():
    """PU-2 ruling: if only wild cards remain even after a reshuffle, no mini pile starts, the
    current colour stays as it was and play passes to the next player."""
    g = pile(top="wild", colour="blue", draw="wild draw four, wild")
    ev = ok(g, "Ava: play wild pile up")
    assert events_of(ev, EventKind.MINI_PILE_NOT_STARTED)
    # T-5 first: the wild under the Wild Pile Up is shuffled in with the draw pile's wild cards
    assert [e.kind for e in ev].index(EventKind.RESHUFFLED) < [e.kind for e in ev].index(EventKind.MINI_PILE_NOT_STARTED)
    assert sorted(map(str, g.draw_pile)) == ["wild", "wild", "wild draw four"]
    assert g.phase is Phase.TURN and turn_of(g) == "Ben" and g.mini_pile == ()
    assert g.colour is Colour.BLUE and g.top_card == C("wild pile up")
    ok(g, "Ben: play blue 4")


def test_PU_2_reshuffle_when_only_wild_cards_are_in_the_draw_pile():
    """PU-2 / T-5: with only wild cards in the draw pile but number cards in the discard pile,
    the discard pile is reshuffled and a non-wild card is found."""
    g = pile(top="yellow 7, blue 5", draw="wild")
    before = all_cards(g)
    ok(g, "Ava: play wild pile up")
    assert g.phase is Phase.MINI_PILE
    assert g.mini_pile[0] in (C("yellow 7"), C("blue 5"))
    assert g.discard_pile == (C("wild pile up"),)
    assert all_cards(g) == before


def test_PU_3_mini_pile_colour_is_the_current_colour_wild_added_without_colour():
    """PU-3: the mini pile's colour is the current colour while it is open; wild cards added
    take no colour: naming one is refused (PU-3)."""
    g = pile(cal="wild, yellow 2")
    ok(g, "Ava: play wild pile up")
    assert g.colour is Colour.RED and g.mini_colour is Colour.RED
    ok(g, "Ben: play red 3")
    refuse(g, "Cal: play wild as yellow", "PU-3", "wild")
    ok(g, "Cal: play wild")
    assert g.mini_pile == (C("red 8"), C("red 3"), C("wild")) and g.colour is Colour.RED


def test_PU_4_each_player_in_turn_adds_mini_colour_or_wild():
    """PU-4: starting with the next player, each player in turn order adds one card of the mini
    pile's colour or any wild card; another card is refused (PU-4), naming card and colour;
    a draw is refused (PU-4); another player's add is refused (T-0)."""
    g = pile()
    ok(g, "Ava: play wild pile up")
    refuse(g, "Ben: play blue 4", "PU-4", "blue 4", "red")
    refuse(g, "Ben: draw", "PU-4")
    refuse(g, "Cal: play red 6", "T-0", "Ben")
    ok(g, "Ben: play red 3")
    assert turn_of(g) == "Cal"
    ok(g, "Cal: play red 6")
    assert turn_of(g) == "Ava"


def test_PU_4_no_card_effect_applies_on_the_mini_pile():
    """PU-4: no card's effect applies on the mini pile: a Skip skips nobody, a Draw Two makes
    nobody draw, a Reverse does not turn the direction; wild cards don't change the colour."""
    g = pile(ben="red skip, blue 4", cal="red draw two, yellow 2", ava="wild pile up, red reverse, red 2")
    ok(g, "Ava: play wild pile up")
    ok(g, "Ben: play red skip")
    assert turn_of(g) == "Cal"
    ok(g, "Cal: play red draw two")
    assert turn_of(g) == "Ava" and len(g.hands[0]) == 2
    ok(g, "Ava: play red reverse")
    assert g.direction == 1 and turn_of(g) == "Ben"
    assert not events_of(g.events, EventKind.SKIPPED) and not events_of(g.events, EventKind.DREW)


def test_PU_5_must_add_if_able_and_card_player_adds_too():
    """PU-5 ruling: a player who can add must — `take mini pile` with a fitting card is refused
    (PU-5), naming the card; the card's player also adds when the pile comes round."""
    g = pile(cal="wild, yellow 2")
    ok(g, "Ava: play wild pile up")
    err = refuse(g, "Ben: take mini pile", "PU-5", "red 3", "red")
    assert err.is_ruling
    ok(g, "Ben: play red 3")
    refuse(g, "Cal: take mini pile", "PU-5", "wild")
    ok(g, "Cal: play wild")
    assert turn_of(g) == "Ava" and g.phase is Phase.MINI_PILE
    refuse(g, "Ava: take mini pile", "PU-5", "red 2")
    ok(g, "Ava: play red 2")
    assert turn_of(g) == "Ben"


def test_PU_6_first_player_who_cannot_add_takes_the_mini_pile():
    """PU-6: the first player who cannot add takes every card of the mini pile into their
    hand; `take mini pile` with no mini pile is refused (PU-6)."""
    g = pile()
    refuse(g, "Ava: take mini pile", "PU-6")
    ok(g, "Ava: play wild pile up")
    ok(g, "Ben: play red 3")
    ok(g, "Cal: play red 6")
    ok(g, "Ava: play red 2")
    ev = ok(g, "Ben: take mini pile")
    taken = events_of(ev, EventKind.MINI_PILE_TAKEN)[0]
    assert taken.cards == (C("red 8"), C("red 3"), C("red 6"), C("red 2"))
    assert hand(g, "Ben") == sorted(["blue 4", "red 8", "red 3", "red 6", "red 2"])
    assert g.mini_pile == ()


def test_PU_6_taking_the_mini_pile_is_not_a_draw_links_do_not_copy():
    """PU-6 / LK-2 ruling: taking the mini pile is not a draw: a linked partner draws nothing."""
    g = pile(ben="blue 4, green 4", links=("Ben", "Cal"))
    ok(g, "Ava: play wild pile up")
    ev = ok(g, "Ben: take mini pile")
    assert not events_of(ev, EventKind.DREW)
    assert hand(g, "Cal") == ["red 6", "wild", "yellow 2"]
    assert hand(g, "Ben") == ["blue 4", "green 4", "red 8"]


def test_PU_7_play_continues_after_the_taker_in_the_mini_pile_colour():
    """PU-7: play continues with the player after the taker; the current colour becomes the
    mini pile's colour."""
    g = pile(ben="blue 4, green 4")
    ok(g, "Ava: play wild pile up")
    ev = ok(g, "Ben: take mini pile")
    assert events_of(ev, EventKind.COLOUR_SET)[0].colour is Colour.RED
    assert g.phase is Phase.TURN and turn_of(g) == "Cal" and g.colour is Colour.RED
    assert g.top_card == C("wild pile up")
    refuse(g, "Cal: play yellow 2", "T-1", "yellow 2", "red")
    ok(g, "Cal: play red 6")


def test_PU_8_adding_the_last_card_wins_the_round_mini_pile_not_scored():
    """PU-8 ruling: a player who adds their last card to the mini pile wins the round at once;
    the mini pile is not scored."""
    g = pile(ben="red 3", cal="red 6, wild, yellow 2")
    ok(g, "Ava: play wild pile up")
    ok(g, "Ben: play red 3")
    out = g.outcome()
    assert g.phase is Phase.ROUND_OVER and g.name(out.winner) == "Ben"
    assert out.points == (1 + 2) + (6 + 50 + 2)
    refuse(g, "Cal: play red 6", "R-1")


def test_PU_8_uno_applies_to_the_card_before_the_last():
    """PU-8 / U-1: adding the next-to-last card to the mini pile without calling UNO can be
    caught; calling while adding is fine."""
    g = pile(ben="red 3, red 4, blue 4")
    ok(g, "Ava: play wild pile up")
    ok(g, "Ben: play red 3")
    g2 = pile(ben="red 3, red 4")
    ok(g2, "Ava: play wild pile up")
    ok(g2, "Ben: play red 3")
    assert g2.catchable == g2.seat("Ben")
    ok(g2, "Ava: catch Ben")
    assert len(g2.hands[1]) == 3
    g3 = pile(ben="red 3, red 4")
    ok(g3, "Ava: play wild pile up")
    ok(g3, "Ben: play red 3 and call uno")
    refuse(g3, "Ava: catch Ben", "U-3", "Ben")


def test_PU_2_empty_draw_pile_and_only_wild_cards_under_the_top_reshuffles_first():
    """PU-2 / T-5 (issue 19): with an empty draw pile and only wild cards in the discard pile
    under the Wild Pile Up, the discard pile except its top card is still shuffled into a new
    draw pile first (T-5); only wild cards are left, so no mini pile starts (PU-2 ruling)."""
    g = pile(top="wild draw four, wild", colour="blue", draw="")
    before = all_cards(g)
    ev = ok(g, "Ava: play wild pile up")
    kinds = [e.kind for e in ev]
    assert EventKind.RESHUFFLED in kinds
    assert kinds.index(EventKind.RESHUFFLED) < kinds.index(EventKind.MINI_PILE_NOT_STARTED)
    reshuffled = events_of(ev, EventKind.RESHUFFLED)[0]
    assert reshuffled.rule == "T-5" and reshuffled.count == 2
    assert sorted(map(str, g.draw_pile)) == ["wild", "wild draw four"]
    assert g.discard_pile == (C("wild pile up"),) and g.mini_pile == ()
    assert g.phase is Phase.TURN and turn_of(g) == "Ben" and g.colour is Colour.BLUE
    assert all_cards(g) == before
    ok(g, "Ben: draw")  # the reshuffled wild cards can be drawn: the draw pile is not empty
    assert len(g.draw_pile) == 1

