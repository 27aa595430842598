"""Rule tests, family W (wild cards): Wild, Wild Draw Four and its challenge."""

from __future__ import annotations

from tests.helpers_rules import (C, Colour, EventKind, Phase, events_of, hand, ok, refuse, table,
                                 turn_of)
from unoparty.refusal_words import explain

ABCD = "Ava Ben Cal Dee"
DRAW = "blue 1, blue 2, blue 3, blue 4, blue 5, blue 6, blue 7, blue 8, green 1, green 2"


def wd4(ava: str, ben: str = "green 4, yellow 4", *, top="red 9", colour=None, **kw):
    return table(ABCD, {"Ava": ava, "Ben": ben, "Cal": "green 3, red 4", "Dee": "yellow 5, red 6"},
                 "Ava", top, kw.pop("draw", DRAW), colour=colour, **kw)


# ---- W-1 -------------------------------------------------------------------------------------

def test_W_1_wild_on_any_card_chooses_colour():
    """W-1: a Wild is playable on any card; its player chooses the current colour."""
    for top in ("red 9", "blue skip", "yellow point taken"):
        g = wd4("wild, green 2", top=top)
        ev = ok(g, "Ava: play wild as green")
        assert g.colour is Colour.GREEN and g.top_card == C("wild") and turn_of(g) == "Ben"
        assert events_of(ev, EventKind.COLOUR_CHOSEN)[0].colour is Colour.GREEN


def test_W_1_wild_without_colour_is_refused():
    """W-1: a Wild (or Wild Draw Four, Wild Drawn Together) played without naming a colour is
    refused, naming the card."""
    g = wd4("wild, wild draw four, wild drawn together, green 2")
    refuse(g, "Ava: play wild", "W-1", "wild")
    refuse(g, "Ava: play wild draw four", "W-1", "wild draw four")
    refuse(g, "Ava: play wild drawn together linking Ben and Cal", "W-1", "wild drawn together")


def test_W_1_colour_for_a_coloured_card_is_refused():
    """W-1: naming a colour for a card that takes none is refused, naming the card."""
    g = wd4("red 2, green 2")
    from unoparty.engine import Play
    move = Play(0, C("red 2"), colour=Colour.BLUE)
    why = g.why_illegal(move)
    assert why.rule == "W-1" and "red 2" in explain(why)
    before = g.to_json()
    import pytest
    from unoparty.errors import IllegalMove
    with pytest.raises(IllegalMove):
        g.apply(move)
    assert g.to_json() == before and g.hands[0] == (C("red 2"), C("green 2"))


def test_W_1_wild_may_be_played_on_a_wild():
    """W-1: a Wild on a Wild; the new colour replaces the old."""
    g = wd4("wild, green 2", top="wild", colour="yellow")
    ok(g, "Ava: play wild as red")
    assert g.colour is Colour.RED


# ---- W-2 -------------------------------------------------------------------------------------

def challenge_result(ava: str, colour_words: str = "blue", **kw) -> bool:
    """Ava plays a Wild Draw Four on red 9, Ben challenges; return whether it was legal."""
    g = wd4(ava, **kw)
    ok(g, f"Ava: play wild draw four as {colour_words}")
    ev = ok(g, "Ben: challenge")
    return events_of(ev, EventKind.CHALLENGED)[0].flag


def test_W_2_wild_draw_four_is_playable_as_a_bluff():
    """W-2: the engine lets a player play a Wild Draw Four while holding the current colour —
    a bluff, checked only by a challenge."""
    g = wd4("wild draw four, red 2")
    assert g.why_illegal(g.parse_move("Ava: play wild draw four as blue")) is None
    ok(g, "Ava: play wild draw four as blue")
    assert g.phase is Phase.CHALLENGE and turn_of(g) == "Ben"


def test_W_2_legal_only_without_a_card_of_the_current_colour():
    """W-2: legal only if its player holds no card of the current colour (the colour before
    it was played); a card of the same number but another colour does not count."""
    assert challenge_result("wild draw four, green 2") is True
    assert challenge_result("wild draw four, green 9, blue 9") is True  # 9s, but not red
    assert challenge_result("wild draw four, red 2") is False
    assert challenge_result("wild draw four, red skip") is False


def test_W_2_wild_cards_in_hand_count_as_the_current_colour():
    """W-2: a Wild, Wild Drawn Together or Wild Pile Up in hand counts as a card of the current
    colour: the Wild Draw Four is then illegal."""
    assert challenge_result("wild draw four, wild, green 2") is False
    assert challenge_result("wild draw four, wild drawn together, green 2") is False
    assert challenge_result("wild draw four, wild pile up, green 2") is False


def test_W_2_another_wild_draw_four_does_not_count():
    """W-2 ruling: another Wild Draw Four in hand does not count as the current colour."""
    assert challenge_result("wild draw four, wild draw four, green 2") is True


def test_W_2_colour_before_is_the_chosen_colour_of_a_wild_on_top():
    """W-2: the current colour before the play is what counts — after a Wild as green, holding
    green is illegal and holding red (the wild's underlying top) is not."""
    assert challenge_result("wild draw four, green 2", top="wild", colour="green") is False
    assert challenge_result("wild draw four, red 2", top="wild", colour="green") is True


def test_W_2_wild_draw_four_may_follow_a_wild_draw_four():
    """W-2 / T-1 (a bug of other UNO programs): a Wild Draw Four may be played on a Wild Draw
    Four; and it is legal when its player holds none of the colour chosen for the first."""
    g = table(ABCD, {"Ava": "wild draw four, green 2", "Ben": "green 4, yellow 4",
                     "Cal": "wild draw four, red 4", "Dee": "yellow 5, red 6"}, "Ava", "red 9", DRAW)
    ok(g, "Ava: play wild draw four as blue")
    ok(g, "Ben: accept")
    assert turn_of(g) == "Cal" and g.top_card == C("wild draw four")
    ok(g, "Cal: play wild draw four as green")
    assert g.phase is Phase.CHALLENGE and turn_of(g) == "Dee" and g.colour is Colour.GREEN
    ev = ok(g, "Dee: challenge")
    assert events_of(ev, EventKind.CHALLENGED)[0].flag is True   # Cal held no blue
    assert len(g.hands[g.seat("Dee")]) == 8


# ---- W-3 -------------------------------------------------------------------------------------

def test_W_3_accept_draws_four_and_loses_turn_colour_stands():
    """W-3: the next player accepts: draws four, loses their turn; the chosen colour stands."""
    g = wd4("wild draw four, green 2")
    ok(g, "Ava: play wild draw four as blue")
    assert g.pending_draw == 4
    ev = ok(g, "Ben: accept")
    assert hand(g, "Ben") == sorted(["green 4", "yellow 4", "blue 1", "blue 2", "blue 3", "blue 4"])
    assert turn_of(g) == "Cal" and g.colour is Colour.BLUE and g.phase is Phase.TURN
    assert events_of(ev, EventKind.SKIPPED)[0].player == g.seat("Ben")


def test_W_3_challenge_of_a_legal_play_challenger_draws_six():
    """W-3: a challenge of a legal play: the challenger draws six and loses their turn; the
    challenged player's hand is shown to the challenger only; the colour stands."""
    g = wd4("wild draw four, green 2")
    ok(g, "Ava: play wild draw four as blue")
    ev = ok(g, "Ben: challenge")
    shown = events_of(ev, EventKind.CHALLENGED)[0]
    assert shown.flag is True and shown.cards == (C("green 2"),)
    assert shown.player == g.seat("Ben") and shown.target == g.seat("Ava")
    assert shown.cards_visible_to(g.seat("Ben")) and not shown.cards_visible_to(g.seat("Cal"))
    assert len(g.hands[g.seat("Ben")]) == 8 and len(g.hands[g.seat("Ava")]) == 1
    assert turn_of(g) == "Cal" and g.colour is Colour.BLUE


def test_W_3_challenge_of_an_illegal_play_player_draws_four_challenger_plays():
    """W-3: a challenge of an illegal play: the Wild Draw Four's player draws four instead, and
    (ruling) the challenger then takes their turn normally; the colour stands."""
    g = wd4("wild draw four, red 2, green 2")
    ok(g, "Ava: play wild draw four as blue")
    ev = ok(g, "Ben: challenge")
    assert events_of(ev, EventKind.CHALLENGED)[0].flag is False
    assert hand(g, "Ava") == sorted(["red 2", "green 2", "blue 1", "blue 2", "blue 3", "blue 4"])
    assert hand(g, "Ben") == ["green 4", "yellow 4"]
    assert turn_of(g) == "Ben" and g.phase is Phase.TURN and g.colour is Colour.BLUE
    refuse(g, "Ben: play green 4", "T-1", "green 4", "blue")
    ok(g, "Ben: draw")
    assert g.drawn_card == C("blue 5")


def test_W_3_only_the_next_player_answers():
    """W-3: only the next player may accept or challenge; anyone else is refused (T-0); an
    accept or challenge with no Wild Draw Four is refused (W-3)."""
    g = wd4("wild draw four, green 2")
    refuse(g, "Ben: accept", "W-3")
    refuse(g, "Ben: challenge", "W-3", "wild draw four")
    ok(g, "Ava: play wild draw four as blue")
    refuse(g, "Cal: accept", "T-0", "Ben")
    refuse(g, "Cal: challenge", "T-0", "Ben")
    refuse(g, "Ava: challenge", "T-0", "Ben")


def test_W_3_no_play_or_draw_while_the_answer_is_awaited():
    """W-3: a play or a draw during the challenge phase is refused (W-3); a speed play is
    refused (SP-5)."""
    g = wd4("wild draw four, green 2", ben="green 4, blue 4")
    ok(g, "Ava: play wild draw four as blue")
    refuse(g, "Ben: play blue 4", "W-3", "wild draw four")
    refuse(g, "Ben: draw", "W-3", "wild draw four")
    refuse(g, "Cal: play green 3", "W-3")
    refuse(g, "Cal: draw", "W-3")
    refuse(g, "Ben: keep", "T-3")


def test_W_2_legality_is_judged_when_the_card_is_played():
    """W-2: legality depends on the hand when the Wild Draw Four was played: cards drawn
    afterwards (a caught UNO before the answer) do not make it illegal."""
    g = table("Ava Ben Cal", {"Ava": "wild draw four, yellow 1", "Ben": "green 4", "Cal": "green 3"},
              "Ava", "red 9", "red 1, red 2, blue 1, blue 2, blue 3, blue 4, blue 5, blue 6")
    ok(g, "Ava: play wild draw four as green")
    ok(g, "Cal: catch Ava")
    assert hand(g, "Ava") == ["red 1", "red 2", "yellow 1"]
    ev = ok(g, "Ben: challenge")
    assert events_of(ev, EventKind.CHALLENGED)[0].flag is True
    assert len(g.hands[1]) == 7 and turn_of(g) == "Cal"
