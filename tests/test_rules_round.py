"""Rule tests, family R (end of a round, scoring, matches)."""

from __future__ import annotations

import pytest

from tests.helpers_rules import (C, EventKind, Phase, Rules, cards, events_of, hand, ok, refuse,
                                 table, turn_of)
from unoparty.cards import hand_points
from unoparty.errors import UnopartyError

ABC = "Ava Ben Cal"
DRAW = "blue 1, blue 2, blue 3, blue 4, blue 5, blue 6"


def last(card: str, *, ben="green 4, yellow 4", cal="green 3, red 4", **kw):
    return table(ABC, {"Ava": card, "Ben": ben, "Cal": cal}, "Ava", kw.pop("top", "red 9"),
                 kw.pop("draw", DRAW), **kw)


def test_R_1_playing_the_last_card_wins_the_round():
    """R-1: the round ends when a player plays their last card; they win the round."""
    g = last("red 2")
    ev = ok(g, "Ava: play red 2")
    won = events_of(ev, EventKind.ROUND_WON)[0]
    assert won.player == 0 and g.phase is Phase.ROUND_OVER and g.current is None
    out = g.outcome()
    assert out.winner == 0 and not out.blocked and out.match_winner is None


def test_R_1_every_move_at_round_over_is_refused():
    """R-1: at `round over` every move is refused citing R-1 (a card not held still T-1)."""
    g = last("red 2", ben="green 4, red 1", cal="red 4")
    ok(g, "Ava: play red 2")
    for text in ("Ben: play red 1", "Ben: draw", "Ben: keep", "Cal: speed play red 4",
                 "Cal: call uno", "Ben: catch Cal", "Ben: accept", "Ben: challenge",
                 "Ben: point at Cal", "Ben: take mini pile"):
        refuse(g, text, "R-1")
    refuse(g, "Ben: play red 9", "T-1", "red 9")


def test_R_1_speed_playing_the_last_card_wins():
    """R-1 with SP-1: speed playing one's last card wins the round."""
    g = table(ABC, {"Ava": "red 7, green 1", "Ben": "yellow 1", "Cal": "red 7"}, "Ava", "red 5", DRAW)
    ok(g, "Ava: play red 7")
    ok(g, "Cal: speed play red 7")
    assert g.phase is Phase.ROUND_OVER and g.outcome().winner == 2


def test_R_2_last_card_draw_two_next_player_draws_and_cards_score():
    """R-2 (a bug of other UNO programs): going out on a Draw Two still makes the next player
    draw two, and those cards score for the winner."""
    g = last("red draw two")
    ev = ok(g, "Ava: play red draw two")
    assert hand(g, "Ben") == ["blue 1", "blue 2", "green 4", "yellow 4"]
    assert events_of(ev, EventKind.DREW)[0].player == 1
    out = g.outcome()
    assert out.points == (4 + 4 + 1 + 2) + (3 + 4) and g.phase is Phase.ROUND_OVER


def test_R_2_last_card_wild_draw_four_no_challenge():
    """R-2: a last Wild Draw Four: the next player draws four first, with no challenge (an
    empty hand makes it legal); the round is over."""
    g = last("wild draw four", ben="green 4, red 1")
    ok(g, "Ava: play wild draw four as blue")
    assert g.phase is Phase.ROUND_OVER
    assert len(g.hands[1]) == 6
    refuse(g, "Ben: challenge", "R-1")
    assert g.outcome().points == (4 + 1 + 1 + 2 + 3 + 4) + (3 + 4)


def test_R_2_last_draw_two_draw_is_copied_by_links():
    """R-2: links apply to the last Draw Two's draw; the copied cards score too."""
    g = last("red draw two", links=("Ben", "Cal"))
    ok(g, "Ava: play red draw two")
    assert hand(g, "Cal") == ["blue 3", "blue 4", "green 3", "red 4"]
    assert g.outcome().points == (4 + 4 + 1 + 2) + (3 + 4 + 3 + 4)


@pytest.mark.parametrize("card,move", [
    ("red skip", "play red skip"), ("red reverse", "play red reverse"),
    ("red point taken", "play red point taken"), ("wild", "play wild as blue"),
    ("wild pile up", "play wild pile up"),
    ("wild drawn together", "play wild drawn together as blue linking Ben and Cal"),
])
def test_R_2_any_other_last_card_ends_the_round_with_no_effect(card, move):
    """R-2: any other last card ends the round at once, with no effect: no skip, no direction
    change, no pointing, no mini pile, no links; nobody draws."""
    g = last(card)
    ev = ok(g, f"Ava: {move}")
    assert g.phase is Phase.ROUND_OVER and g.outcome().winner == 0
    assert not events_of(ev, EventKind.DREW)
    for kind in (EventKind.SKIPPED, EventKind.POINTING_STARTED, EventKind.MINI_PILE_STARTED,
                 EventKind.LINKED, EventKind.DIRECTION_CHANGED, EventKind.TURN_STARTED):
        assert not events_of(ev, kind), kind
    assert g.mini_pile == () and g.links == () and len(g.draw_pile) == 6
    assert g.outcome().points == (4 + 4) + (3 + 4)


def test_R_3_card_points_and_the_worked_example():
    """R-3: number cards at face value; Draw Two, Point Taken, Reverse, Skip 20; the four wild
    cards 50. Worked example: 2, 4, 7, 9, four 20-point cards and four 50-point cards = 302."""
    assert [C(f"red {n}").points for n in range(10)] == list(range(10))
    for a in ("draw two", "point taken", "reverse", "skip"):
        assert C(f"blue {a}").points == 20
    for w in ("wild", "wild draw four", "wild drawn together", "wild pile up"):
        assert C(w).points == 50
    example = cards("red 2, blue 4, green 7, yellow 9, red draw two, blue point taken, green reverse, "
                    "yellow skip, wild, wild draw four, wild drawn together, wild pile up")
    assert hand_points(example) == 302


def test_R_3_the_winner_scores_only_the_other_hands():
    """R-3 (a bug of other UNO programs): the winner scores the cards left in the *other*
    hands — in a blocked round (T-6) the winner's own cards are not counted."""
    g = table(ABC, {"Ava": "blue 9, blue 8", "Ben": "yellow 1, wild", "Cal": "green 2"}, "Ava", "red 5")
    for who in ("Ava", "Ben", "Cal"):
        ok(g, f"{who}: draw")
    out = g.outcome()
    assert out.blocked and out.winner == 2
    assert out.points == 17 + 51 and out.scores == (0, 0, 68)
    g = last("red 2", ben="wild, red skip", cal="green 0")
    ok(g, "Ava: play red 2")
    assert g.outcome().points == 70 and g.scores == (70, 0, 0)


def test_R_4_running_totals_and_match_end_at_target_score():
    """R-4: scores are running totals; the match ends when a player reaches the target score
    (a setting), and the highest total wins; no new round after it."""
    rules = Rules(target_score=100)
    g = last("red 2", ben="wild, red skip", cal="green 0", rules=rules, scores={"Ava": 29, "Ben": 60})
    ok(g, "Ava: play red 2")
    assert g.scores == (99, 60, 0) and g.phase is Phase.ROUND_OVER
    assert g.outcome().match_winner is None
    g.new_round()
    assert g.scores == (99, 60, 0) and g.phase is Phase.TURN and g.round_number == 2

    g = last("red 2", ben="wild, red skip", cal="green 0", rules=rules, scores={"Ava": 30, "Ben": 60})
    ev = ok(g, "Ava: play red 2")
    assert g.scores == (100, 60, 0) and g.phase is Phase.MATCH_OVER
    assert events_of(ev, EventKind.MATCH_WON)[0].player == 0
    assert g.outcome().match_winner == 0
    with pytest.raises(UnopartyError):
        g.new_round()
    refuse(g, "Ben: draw", "R-1")


def test_R_4_default_target_is_500():
    """R-4: the default target score is 500."""
    assert Rules().target_score == 500
    g = last("red 2", ben="wild, red skip", cal="green 0", scores={"Ava": 429})
    ok(g, "Ava: play red 2")
    assert g.phase is Phase.ROUND_OVER
    g = last("red 2", ben="wild, red skip", cal="green 0", scores={"Ava": 430})
    ok(g, "Ava: play red 2")
    assert g.phase is Phase.MATCH_OVER


def test_R_4_new_round_only_when_round_over():
    """R-4: a new round is dealt only after a round is over."""
    g = last("red 2, red 3")
    with pytest.raises(UnopartyError):
        g.new_round()
