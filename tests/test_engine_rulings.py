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
