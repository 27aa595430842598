"""Rule tests, family LK (Wild Drawn Together and links)."""

from __future__ import annotations

from tests.helpers_rules import (C, Colour, EventKind, Phase, Rules, events_of, hand, ok, refuse,
                                 table, turn_of)

ABCD = "Ava Ben Cal Dee"
DRAW = ", ".join(f"{c} {n}" for c in ("blue", "green") for n in range(1, 10))


def linked(ava="wild drawn together, red 2, green 1", ben="yellow 1, yellow 2, yellow 3",
           cal="yellow 4, yellow 5", dee="yellow 6, yellow 7", links=("Ben", "Dee"), **kw):
    return table(ABCD, {"Ava": ava, "Ben": ben, "Cal": cal, "Dee": dee}, kw.pop("turn", "Ava"),
                 kw.pop("top", "red 5"), kw.pop("draw", DRAW), links=links, **kw)


def drew(ev):
    return [(e.player, e.cards, e.rule) for e in events_of(ev, EventKind.DREW)]


def test_LK_1_wild_drawn_together_links_two_players_and_chooses_colour():
    """LK-1: Wild Drawn Together: its player chooses the colour and two players, who are
    linked."""
    g = linked(links=())
    ev = ok(g, "Ava: play wild drawn together as green linking Ben and Cal")
    assert g.links == (g.seat("Ben"), g.seat("Cal")) and g.colour is Colour.GREEN
    assert events_of(ev, EventKind.LINKED)[0].rule == "LK-1"
    assert turn_of(g) == "Ben"


def test_LK_1_the_cards_player_may_link_themselves():
    """LK-1 ruling: any two different players, the card's player included."""
    g = linked(links=())
    ok(g, "Ava: play wild drawn together as green linking Ava and Dee")
    assert set(g.links) == {g.seat("Ava"), g.seat("Dee")}


def test_LK_1_missing_or_bad_pair_is_refused():
    """LK-1: a Wild Drawn Together without a pair, or linking a player with themselves, is
    refused (LK-1); a pair named with another card is refused (LK-1)."""
    g = linked(links=())
    refuse(g, "Ava: play wild drawn together as green", "LK-1", "wild drawn together")
    refuse(g, "Ava: play wild drawn together as green linking Ben and Ben", "LK-1", "two different players")
    from unoparty.engine import Play
    move = Play(0, C("red 2"), link=(1, 2))
    why = g.why_illegal(move)
    assert why is not None and why.rule == "LK-1"


def test_LK_2_turn_draw_is_copied_right_after():
    """LK-2: a linked player's turn draw: the partner draws the same number right after."""
    g = linked(turn="Ben")
    ev = ok(g, "Ben: draw")
    assert drew(ev) == [(1, (C("blue 1"),), "T-3"), (3, (C("blue 2"),), "LK-2")]
    copy = events_of(ev, EventKind.DREW)[1]
    assert copy.target == g.seat("Ben")
    assert turn_of(g) == "Cal"


def test_LK_2_draw_two_copied_after_all_cards_drawn():
    """LK-2: Draw Two on a linked player: they draw two, then the partner draws two (the
    partner draws once that player has drawn all their cards)."""
    g = linked(ava="red draw two, red 2")
    ev = ok(g, "Ava: play red draw two")
    assert drew(ev) == [(1, (C("blue 1"), C("blue 2")), "A-1"), (3, (C("blue 3"), C("blue 4")), "LK-2")]
    assert turn_of(g) == "Cal"  # only Ben is skipped


def test_LK_2_copy_is_not_copied_back():
    """LK-2 ruling: the copy is not copied back: when the partner's copied draw happens, the
    first player does not draw again; and a draw of the partner is copied to the first."""
    g = linked(turn="Dee")
    ev = ok(g, "Dee: draw")
    assert [p for p, _, _ in drew(ev)] == [3, 1]
    assert len(g.hands[1]) == 4 and len(g.hands[3]) == 3


def test_LK_2_wild_draw_four_accept_and_challenges_are_copied():
    """LK-2: a Wild Draw Four accepted, a challenge lost by the challenger (six) and a
    challenge lost by the Wild Draw Four's player (four) are all copied."""
    g = linked(ava="wild draw four, green 1")
    ok(g, "Ava: play wild draw four as blue")
    ev = ok(g, "Ben: accept")
    assert [(p, len(c)) for p, c, _ in drew(ev)] == [(1, 4), (3, 4)]

    g = linked(ava="wild draw four, green 1")
    ok(g, "Ava: play wild draw four as blue")
    ev = ok(g, "Ben: challenge")
    assert [(p, len(c)) for p, c, _ in drew(ev)] == [(1, 6), (3, 6)]

    g = linked(ava="wild draw four, red 1", links=("Ava", "Cal"))
    ok(g, "Ava: play wild draw four as blue")
    ev = ok(g, "Ben: challenge")
    assert [(p, len(c)) for p, c, _ in drew(ev)] == [(0, 4), (2, 4)]


def test_LK_2_penalties_are_copied_uno_catch_and_speed_play_mistake():
    """LK-2: penalty draws are copied: a caught UNO (two) and a speed-play mistake (one)."""
    g = linked(ben="red 3, yellow 2", turn="Ben", top="red 5")
    ok(g, "Ben: play red 3")
    ev = ok(g, "Cal: catch Ben")
    assert [(p, len(c), r) for p, c, r in drew(ev)] == [(1, 2, "U-2"), (3, 2, "LK-2")]
    g = linked(ben="yellow 1, yellow 2", top="red 5")
    ev = g.apply(g.parse_move("Ben: speed play yellow 1"))
    assert [(p, len(c), r) for p, c, r in drew(ev)] == [(1, 1, "SP-4"), (3, 1, "LK-2")]


def test_LK_3_new_wild_drawn_together_moves_the_links():
    """LK-3: a new Wild Drawn Together moves the links to the new pair."""
    g = linked()
    ev = ok(g, "Ava: play wild drawn together as blue linking Ava and Cal")
    assert events_of(ev, EventKind.LINKED)[0].rule == "LK-3"
    assert g.links == (0, 2)
    ok(g, "Ben: draw")
    assert len(g.hands[3]) == 2  # Dee no longer linked


def test_LK_4_links_end_with_point_taken_and_at_rounds_end():
    """LK-4: links end when a Point Taken is played (PT-2) and at the round's end."""
    g = linked(ava="red point taken, green 1")
    ok(g, "Ava: play red point taken")
    assert g.links == ()
    g = linked(ava="red 2")
    ev = ok(g, "Ava: play red 2")
    assert g.phase is Phase.ROUND_OVER
    assert events_of(ev, EventKind.LINKS_ENDED)[0].rule == "LK-4" and g.links == ()
    g.new_round()
    assert g.links == ()
