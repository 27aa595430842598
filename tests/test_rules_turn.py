"""Rule tests, family T (a turn): turn order, matching, the current colour, drawing,
reshuffling the discard pile and the blocked round."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.helpers_rules import (C, Colour, EventKind, Phase, all_cards, cards, events_of, hand,
                                 ok, refuse, table, turn_of)
from unoparty.cards import deck, deck_counts
from unoparty.rules import Rules

ABC = "Ava Ben Cal"


def basic(**kw):
    hands = kw.pop("hands", {"Ava": "red 7, blue 3, green 2, wild", "Ben": "yellow 1, red 1",
                             "Cal": "green 9, blue 9"})
    return table(ABC, hands, kw.pop("turn", "Ava"), kw.pop("discard", "blue 5, red 5"),
                 kw.pop("draw", "green 1, blue 4, yellow 6, red 8"), **kw)


# ---- T-0 -------------------------------------------------------------------------------------

def test_T_0_play_out_of_turn_is_refused_naming_whose_turn():
    """T-0: a play by a player whose turn it is not is refused (T-0), state unchanged."""
    g = basic()
    refuse(g, "Ben: play red 1", "T-0", "Ava")
    refuse(g, "Ben: draw", "T-0", "Ava")


def test_T_0_keep_by_another_player_is_refused():
    """T-0: only the player who drew may keep; another player's keep is refused (T-0)."""
    g = basic(draw="red 2")
    ok(g, "Ava: draw")
    assert g.phase is Phase.DRAWN
    refuse(g, "Ben: keep", "T-0", "Ava")
    refuse(g, "Ben: play red 1", "T-0")
    refuse(g, "Ben: draw", "T-3", "Ava")  # RULES.md "Order of refusals": a draw during `drawn` is T-3, by anyone


def test_T_0_out_of_turn_only_speed_play_uno_point_answer():
    """T-0: out of turn a player may speed play, call UNO or catch; legal_moves lists no play
    or draw for a player whose turn it is not."""
    g = table(ABC, {"Ava": "red 7, blue 1", "Ben": "red 5", "Cal": "red 3, green 2"}, "Ava",
              "blue 5, red 5")
    g.apply_text("Ava: play red 7")  # Ava now has one card and did not call
    moves = g.legal_moves(g.seat("Cal"))
    assert {type(m).__name__ for m in moves} <= {"SpeedPlay", "CallUno", "Catch"}
    assert any(type(m).__name__ == "Catch" for m in moves)


# ---- T-1 -------------------------------------------------------------------------------------

def test_T_1_match_by_colour_number_or_symbol_and_wild_on_anything():
    """T-1: a card matching the colour, or the number, or (action cards) the symbol may be
    played; a wild card matches anything."""
    for card, top in (("red 7", "red 5"), ("blue 5", "red 5"), ("blue skip", "red skip"),
                      ("green reverse", "green 3"), ("red point taken", "yellow point taken"),
                      ("wild", "blue 2")):
        g = table(ABC, {"Ava": [card, "yellow 9"], "Ben": "green 1", "Cal": "green 2"}, "Ava", top,
                  "green 4, green 6")
        move = f"Ava: play {card}" + (" as red" if card == "wild" else "")
        ok(g, move)
        assert g.top_card == C(card)


def test_T_1_no_match_is_refused_naming_both_cards():
    """T-1: a card matching neither colour nor number is refused (T-1); the explanation names
    the card played and the top card; nothing changes."""
    g = basic()
    refuse(g, "Ava: play green 2", "T-1", "green 2", "red 5", "red", "5")
    refuse(g, "Ava: play blue 3", "T-1", "blue 3", "red 5")


def test_T_1_no_match_on_action_card_names_symbol():
    """T-1: on an action card a different symbol of another colour does not match."""
    g = table(ABC, {"Ava": "blue reverse, blue 7", "Ben": "green 1", "Cal": "green 2"}, "Ava",
              "red skip", "green 4")
    refuse(g, "Ava: play blue reverse", "T-1", "blue reverse", "red skip", "skip")
    refuse(g, "Ava: play blue 7", "T-1", "blue 7", "red skip")


def test_T_1_playing_a_card_not_held_is_refused():
    """T-1: playing a card you do not hold is refused (T-1), naming the card."""
    g = basic()
    refuse(g, "Ava: play red 9", "T-1", "red 9")
    refuse(g, "Ava: play wild draw four as red", "T-1", "wild draw four")


# ---- T-2 -------------------------------------------------------------------------------------

def test_T_2_current_colour_is_the_colour_chosen_for_a_wild():
    """T-2: after a Wild the current colour is the colour chosen, not any other; the next
    player must match it (or play a wild)."""
    g = basic()
    ok(g, "Ava: play wild as green")
    assert g.colour is Colour.GREEN and g.top_card == C("wild")
    refuse(g, "Ben: play red 1", "T-1", "red 1", "green")
    refuse(g, "Ben: play yellow 1", "T-1", "yellow 1", "green")


def test_T_2_current_colour_is_the_top_cards_colour():
    """T-2: after a coloured card the current colour is its colour."""
    g = basic()
    ok(g, "Ava: play red 7")
    assert g.colour is Colour.RED
    ok(g, "Ben: play red 1")
    ok(g, "Cal: draw")
    g2 = basic()
    ok(g2, "Ava: play red 7")
    ok(g2, "Ben: play red 1")
    assert g2.colour is Colour.RED


def test_T_2_wild_on_top_at_setup_uses_given_colour():
    """T-2: a table set up with a wild on top uses the colour given for it."""
    g = table(ABC, {"Ava": "yellow 3, blue 3", "Ben": "green 1", "Cal": "green 2"}, "Ava",
              "wild", "green 4", colour="yellow")
    refuse(g, "Ava: play blue 3", "T-1", "blue 3", "yellow")
    ok(g, "Ava: play yellow 3")


# ---- T-3 -------------------------------------------------------------------------------------

def test_T_3_drawn_playable_card_may_be_played_at_once():
    """T-3: a drawn card that can be played may be played at once; the turn then ends."""
    g = basic(draw="red 2, green 1")
    ev = ok(g, "Ava: draw")
    assert g.phase is Phase.DRAWN and g.drawn_card == C("red 2") and turn_of(g) == "Ava"
    assert events_of(ev, EventKind.DREW)[0].cards == (C("red 2"),)
    ok(g, "Ava: play red 2")
    assert g.top_card == C("red 2") and turn_of(g) == "Ben" and g.phase is Phase.TURN


def test_T_3_drawn_playable_card_may_be_kept():
    """T-3: a drawn playable card may be kept; the turn ends."""
    g = basic(draw="red 2")
    ok(g, "Ava: draw")
    ok(g, "Ava: keep")
    assert "red 2" in hand(g, "Ava") and turn_of(g) == "Ben" and g.top_card == C("red 5")


def test_T_3_only_the_drawn_card_may_be_played():
    """T-3: after drawing, the only card you may play is the drawn card: another (even a
    matching one) is refused (T-3), naming the drawn card; drawing again is refused (T-3)."""
    g = basic(draw="red 2")
    ok(g, "Ava: draw")
    refuse(g, "Ava: play red 7", "T-3", "red 2")
    refuse(g, "Ava: play wild as blue", "T-3", "red 2")
    refuse(g, "Ava: draw", "T-3")


def test_T_3_unplayable_drawn_card_is_kept_and_turn_ends_at_once():
    """T-3: a drawn card that cannot be played is kept and the turn ends at once."""
    g = basic(draw="green 1, red 2")
    ev = ok(g, "Ava: draw")
    assert "green 1" in hand(g, "Ava") and turn_of(g) == "Ben" and g.phase is Phase.TURN
    assert events_of(ev, EventKind.TURN_ENDED_AFTER_DRAW)
    refuse(g, "Ava: keep", "T-3")


def test_T_3_may_draw_even_holding_a_playable_card():
    """T-3: "or choose not to": drawing is allowed with a playable card in hand."""
    g = basic(draw="green 1")
    from unoparty.engine import Draw
    assert Draw(0) in g.legal_moves(0)
    ok(g, "Ava: draw")


def test_T_3_keep_without_drawing_is_refused():
    """T-3: `keep` is only possible right after drawing a playable card."""
    g = basic()
    refuse(g, "Ava: keep", "T-3")


def test_T_3_drawn_wild_played_needs_a_colour():
    """T-3 with W-1: a drawn Wild played at once still needs a colour."""
    g = basic(draw="wild")
    ok(g, "Ava: draw")
    refuse(g, "Ava: play wild", "W-1", "wild")
    ok(g, "Ava: play wild as yellow")
    assert g.colour is Colour.YELLOW


# ---- T-4 -------------------------------------------------------------------------------------

def test_T_4_next_player_in_current_direction():
    """T-4: after a play or a draw the next player in the current direction plays."""
    g = basic()
    ok(g, "Ava: play red 7")
    assert turn_of(g) == "Ben"
    ok(g, "Ben: draw")
    assert turn_of(g) == "Cal"
    g = basic(direction=-1)
    ok(g, "Ava: play red 7")
    assert turn_of(g) == "Cal"
    ok(g, "Cal: draw")
    assert turn_of(g) == "Ben"


# ---- T-5 -------------------------------------------------------------------------------------

def test_T_5_reshuffle_keeps_the_top_card_and_conserves_every_card():
    """T-5: drawing from an empty draw pile shuffles the discard pile except its top card into
    a new draw pile: the top card stays alone on the discard pile, no card is added, lost or
    copied (Counter of every place is unchanged)."""
    g = table(ABC, {"Ava": "green 2, green 3", "Ben": "yellow 1", "Cal": "green 9"}, "Ava",
              "blue 1, blue 2, yellow 7, wild, red 5")
    g2 = table(ABC, {"Ava": "green 2, green 3", "Ben": "yellow 1", "Cal": "green 9"}, "Ava",
               "blue 1, blue 2, yellow 7, wild, red 5")
    before = all_cards(g)
    ev = ok(g, "Ava: draw")
    assert events_of(ev, EventKind.RESHUFFLED)[0].count == 4
    assert g.discard_pile == (C("red 5"),)
    assert all_cards(g) == before
    assert C("red 5") not in g.draw_pile and C("red 5") not in g.hands[0]
    assert len(g.draw_pile) == 3 and len(g.hands[0]) == 3
    assert g2.to_json() != g.to_json()


def test_T_5_reshuffle_of_a_full_deck_conserves_all_224_cards():
    """T-5 (a bug of other UNO programs): after a reshuffle of a full deck the Counter of all
    places equals the deck — the top card is not put back into play, nothing is duplicated."""
    counts = Counter(deck_counts("party"))
    hands = {"Ava": cards("blue 1, blue 2"), "Ben": cards("green 3, green 4"), "Cal": cards("yellow 8")}
    for h in hands.values():
        counts.subtract(h)
    counts[C("red 5")] -= 1
    discard = [c for c, k in counts.items() for _ in range(k)] + [C("red 5")]
    g = table(ABC, hands, "Ava", discard, ())
    assert all_cards(g) == Counter(deck("party"))
    ok(g, "Ava: draw")
    assert all_cards(g) == Counter(deck("party"))
    assert g.discard_pile == (C("red 5"),)
    assert Counter(g.draw_pile)[C("red 5")] + Counter(c for h in g.hands for c in h)[C("red 5")] == 3
    # keep playing: draw many cards, counts never change
    for _ in range(30):
        p = g.name(g.current)
        if g.phase is Phase.DRAWN:
            ok(g, f"{p}: keep")
        else:
            ok(g, f"{p}: draw")
        assert all_cards(g) == Counter(deck("party"))


def test_T_5_reshuffle_in_the_middle_of_a_draw_two():
    """T-5: a Draw Two with one card left in the draw pile: that card, then a reshuffle, then
    the second card; the Draw Two stays on top; every card conserved."""
    g = table(ABC, {"Ava": "red draw two, red 1", "Ben": "green 1", "Cal": "green 9"}, "Ava",
              "blue 4, yellow 4, red 4", "blue 7")
    before = all_cards(g)
    ev = ok(g, "Ava: play red draw two")
    kinds = [e.kind for e in ev]
    assert EventKind.RESHUFFLED in kinds
    assert hand(g, "Ben") == sorted(["green 1", "blue 7", next(str(c) for c in g.hands[1] if str(c) in ("blue 4", "yellow 4", "red 4"))])
    assert len(g.hands[1]) == 3 and g.top_card == C("red draw two")
    assert all_cards(g) == before
    assert turn_of(g) == "Cal"


def test_T_5_not_enough_cards_draws_what_there_is():
    """T-5: with not enough cards even after a reshuffle, the player draws what there is."""
    g = table(ABC, {"Ava": "red draw two, red 1", "Ben": "green 1", "Cal": "green 9"}, "Ava",
              "red 4", ())
    ev = ok(g, "Ava: play red draw two")
    drew = events_of(ev, EventKind.DREW)[0]
    assert drew.count == 2 and drew.cards == (C("red 4"),)
    assert hand(g, "Ben") == ["green 1", "red 4"] and turn_of(g) == "Cal"
    assert g.discard_pile == (C("red draw two"),) and g.draw_pile == ()


def test_T_5_drawing_with_empty_draw_pile_and_one_card_discard_pile():
    """T-5 (a crash in other UNO programs): drawing with an empty draw pile and a one-card
    discard pile draws nothing, does not crash, and ends the turn."""
    g = table(ABC, {"Ava": "green 2, green 3", "Ben": "yellow 1, blue 2", "Cal": "green 9"}, "Ava",
              "red 5")
    ev = ok(g, "Ava: draw")
    assert events_of(ev, EventKind.DREW)[0].cards == ()
    assert hand(g, "Ava") == ["green 2", "green 3"]
    assert turn_of(g) == "Ben" and g.phase is Phase.TURN
    assert g.discard_pile == (C("red 5"),) and g.draw_pile == ()


def test_T_5_wild_colour_survives_a_reshuffle_and_the_next_players_draw():
    """T-5 / T-2 (a bug of other UNO programs): a wild's chosen colour survives the next
    player's draw, even one that reshuffles the pile under it (buried colours are
    forgotten, the top card's stays)."""
    g = table(ABC, {"Ava": "wild, red 2", "Ben": "yellow 1, red 3", "Cal": "green 9, red 9"}, "Ava",
              "wild, red 5", ())
    ok(g, "Ava: play wild as blue")
    ev = ok(g, "Ben: draw")
    assert events_of(ev, EventKind.RESHUFFLED)
    assert g.top_card == C("wild") and g.colour is Colour.BLUE
    assert g.phase is Phase.TURN and turn_of(g) == "Cal"
    refuse(g, "Cal: play red 9", "T-1", "red 9", "blue")


def test_T_5_wild_colour_survives_next_players_plain_draw():
    """T-5 / T-2 / T-3: after Wild as blue, the next player draws (unplayable), the colour stays
    blue."""
    g = table(ABC, {"Ava": "wild, red 2", "Ben": "yellow 1, red 3", "Cal": "green 9, blue 9"}, "Ava",
              "red 5", "red 1, green 4")
    ok(g, "Ava: play wild as blue")
    ok(g, "Ben: draw")
    assert g.colour is Colour.BLUE and turn_of(g) == "Cal"
    refuse(g, "Cal: play green 9", "T-1", "blue")
    ok(g, "Cal: play blue 9")


# ---- T-6 -------------------------------------------------------------------------------------

def test_T_6_blocked_round_ends_and_lowest_hand_wins():
    """T-6: once round the whole table with no card played or drawn (nothing to draw) the
    round ends; the lowest hand wins it and scores the others' hands."""
    g = table(ABC, {"Ava": "green 9, green 8", "Ben": "yellow 1, yellow 2", "Cal": "blue skip"}, "Ava",
              "red 5")
    ok(g, "Ava: draw")
    ok(g, "Ben: draw")
    assert g.phase is Phase.TURN
    ev = ok(g, "Cal: draw")
    assert events_of(ev, EventKind.ROUND_BLOCKED)[0].rule == "T-6"
    out = g.outcome()
    assert g.phase is Phase.ROUND_OVER and out.blocked
    assert g.name(out.winner) == "Ben"
    assert out.points == 17 + 20
    assert out.scores == (0, 37, 0)


def test_T_6_a_play_in_between_means_not_blocked():
    """T-6: the round is blocked only if nobody played or drew for a whole round."""
    g = table(ABC, {"Ava": "green 9, green 8", "Ben": "red 1, yellow 2", "Cal": "blue skip, blue 3"}, "Ava",
              "red 5")
    ok(g, "Ava: draw")             # nothing to draw: idle
    ok(g, "Ben: play red 1")       # a play: the count starts again
    ok(g, "Cal: draw")             # reshuffle: Cal draws the red 5 (a draw: starts again)
    assert hand(g, "Cal") == ["blue 3", "blue skip", "red 5"]
    ok(g, "Cal: keep")
    ok(g, "Ava: draw")
    ok(g, "Ben: draw")
    assert g.phase is Phase.TURN and turn_of(g) == "Cal"
    ok(g, "Cal: draw")
    assert g.phase is Phase.ROUND_OVER and g.outcome().blocked


# Every place a card is drawn when the draw pile is empty: the discard pile except its top card
# is shuffled into a new draw pile first (T-5), then the cards are drawn (issue 19).
UNDER = "blue 4, yellow 4, green 4, green 6, yellow 6, blue 6, yellow 8, green 8"  # under the top
RESHUFFLE_FIRST = {
    "T-3 draw": (dict(hands={"Ava": "green 2", "Ben": "yellow 1", "Cal": "green 9"}),
                 ["Ava: draw"], "Ava", 1),
    "A-1 draw two": (dict(hands={"Ava": "red draw two, red 1", "Ben": "green 1", "Cal": "green 9"}),
                     ["Ava: play red draw two"], "Ben", 2),
    "W-3 accept": (dict(hands={"Ava": "wild draw four, green 2", "Ben": "green 1", "Cal": "green 9"}),
                   ["Ava: play wild draw four as blue", "Ben: accept"], "Ben", 4),
    "W-3 challenge, legal play": (dict(hands={"Ava": "wild draw four, green 2", "Ben": "green 1", "Cal": "green 9"}),
                                  ["Ava: play wild draw four as blue", "Ben: challenge"], "Ben", 6),
    "W-3 challenge, bluff": (dict(hands={"Ava": "wild draw four, red 1", "Ben": "green 1", "Cal": "green 9"}),
                             ["Ava: play wild draw four as blue", "Ben: challenge"], "Ava", 4),
    "H-1 stacked accept": (dict(hands={"Ava": "red draw two, red 1", "Ben": "blue draw two, green 1", "Cal": "green 9, green 3"},
                                rules=Rules(stacking=True)),
                           ["Ava: play red draw two", "Ben: play blue draw two", "Cal: accept"], "Cal", 4),
    "PT-4 pointing": (dict(hands={"Ava": "red point taken, red 1", "Ben": "green 1, green 2", "Cal": "green 9, green 3"}),
                      ["Ava: play red point taken", "Ava: point at Ben", "Ben: point at Cal", "Cal: point at Ben"],
                      "Ben", 2),
    "U-2 catch": (dict(hands={"Ava": "red 1, green 2", "Ben": "green 1", "Cal": "green 9, green 3"}),
                  ["Ava: play red 1", "Cal: catch Ava"], "Ava", 2),
    "SP-4 speed-play penalty": (dict(hands={"Ava": "red 1, green 2", "Ben": "green 1, green 3", "Cal": "green 9"}),
                                ["Ava: play red 1", "!Ben: speed play green 3"], "Ben", 1),
    "LK-2 copied draw": (dict(hands={"Ava": "red draw two, red 1", "Ben": "green 1", "Cal": "green 9"},
                              links=("Ava", "Ben")),
                         ["Ava: play red 1", "Ben: draw"], "Ava", 1),
}


@pytest.mark.parametrize("name", RESHUFFLE_FIRST)
def test_T_5_every_draw_from_an_empty_draw_pile_reshuffles_first(name):
    """T-5: whatever makes a player draw (T-3, A-1, W-3, H-1, PT-4, U-2, SP-4, LK-2) from an
    empty draw pile, the discard pile except its top card becomes the new draw pile first,
    then the player draws the whole count; every card conserved."""
    setup, moves, drawer, count = RESHUFFLE_FIRST[name]
    setup = dict(setup)
    g = table(ABC, setup.pop("hands"), "Ava", f"{UNDER}, red 5", (), **setup)
    before = all_cards(g)
    events = []
    for text in moves:
        events += g.apply(g.parse_move(text[1:])) if text.startswith("!") else ok(g, text)
    kinds = [e.kind for e in events]
    assert EventKind.RESHUFFLED in kinds, name
    seat = g.seat(drawer)
    drew = [e for e in events if e.kind is EventKind.DREW and e.player == seat and e.count == count]
    assert drew and len(drew[0].cards) == count, name          # the whole count, not what was left
    assert kinds.index(EventKind.RESHUFFLED) < events.index(drew[0])
    assert all_cards(g) == before
    assert len(g.discard_pile) <= 2  # only what was played since the reshuffle is on it
