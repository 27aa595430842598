"""Rule tests for the `classic` rule set (108 cards, D-3, S-1, S-5, SP-7) and whole-game
invariants for both rule sets: every card is conserved after every move of seeded random
games (reshuffles included)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.helpers_rules import C, Colour, EventKind, Phase, Rules, all_cards, events_of, ok, refuse, table, turn_of
from unoparty.cards import deck
from unoparty.errors import SetupError
from unoparty.game import Game

CLASSIC = Rules(rule_set="classic")


def test_D_3_classic_table_has_no_party_cards():
    """D-3: the classic deck has no Point Taken, Wild Drawn Together, Wild Pile Up; a classic
    table holding one cannot be set up; at most two of a coloured 1–9 card, one 0."""
    for card in ("red point taken", "wild pile up", "wild drawn together"):
        with pytest.raises(SetupError):
            table("Ava Ben", {"Ava": card, "Ben": "red 1"}, "Ava", "red 5", rules=CLASSIC)
    with pytest.raises(SetupError):
        table("Ava Ben", {"Ava": "red 7, red 7", "Ben": "red 7"}, "Ava", "red 5", rules=CLASSIC)
    with pytest.raises(SetupError):
        table("Ava Ben", {"Ava": "red 0", "Ben": "red 0"}, "Ava", "red 5", rules=CLASSIC)


def test_A_3_classic_two_players_reverse_acts_as_skip():
    """A-3 (classic, 003): with two players Reverse acts as Skip."""
    g = table("Ava Ben", {"Ava": "red reverse, red 1", "Ben": "green 1"}, "Ava", "red 5", "blue 1",
              rules=CLASSIC)
    ok(g, "Ava: play red reverse")
    assert turn_of(g) == "Ava" and g.direction == -1


def test_W_3_classic_wild_draw_four_challenge():
    """W-3 in classic: an illegal Wild Draw Four challenged: its player draws four; the
    challenger then plays."""
    g = table("Ava Ben Cal", {"Ava": "wild draw four, red 1", "Ben": "green 1", "Cal": "green 2"},
              "Ava", "red 5", "blue 1, blue 2, blue 3, blue 4, blue 5, blue 6", rules=CLASSIC)
    ok(g, "Ava: play wild draw four as blue")
    ok(g, "Ben: challenge")
    assert len(g.hands[0]) == 5 and turn_of(g) == "Ben" and g.colour is Colour.BLUE


def test_SP_7_classic_speed_play_refused_even_for_an_exact_number_match():
    """SP-7: classic without Jump-In: an exact number match out of turn is refused (SP-7),
    state unchanged, no penalty; with Jump-In it is allowed (SP-1 event)."""
    g = table("Ava Ben Cal", {"Ava": "red 7, green 1", "Ben": "yellow 1", "Cal": "red 7, blue 2"},
              "Ava", "red 5", "blue 1", rules=CLASSIC)
    ok(g, "Ava: play red 7")
    refuse(g, "Cal: speed play red 7", "SP-7")
    g = table("Ava Ben Cal", {"Ava": "red 7, green 1", "Ben": "yellow 1", "Cal": "red 7, blue 2"},
              "Ava", "red 5", "blue 1", rules=Rules(rule_set="classic", jump_in=True))
    ok(g, "Ava: play red 7")
    ok(g, "Cal: speed play red 7")
    assert turn_of(g) == "Ava"


def random_game(rules: Rules, n: int, seed: int, max_moves: int = 1500):
    """Play a seeded random game (random legal moves of random players), checking after every
    move that every card of the deck is in exactly one place."""
    g = Game([f"P{i}" for i in range(n)], rules=rules, seed=seed)
    rng = random.Random(seed)
    full = Counter(deck(rules.rule_set))
    reshuffles = 0
    for _ in range(max_moves):
        if g.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            break
        moves = g.all_legal_moves()
        assert moves, "no legal move for anybody"
        # prefer the acting player's moves (speed plays and catches sometimes)
        cur = [m for m in moves if m.player == g.current]
        move = rng.choice(cur if cur and rng.random() < 0.9 else moves)
        ev = g.apply(move)
        reshuffles += len(events_of(ev, EventKind.RESHUFFLED))
        assert all_cards(g) == full
        top = g.top_card
        if not top.is_wild and g.phase is not Phase.MINI_PILE:
            assert g.colour is top.colour or events_of(g.events, EventKind.COLOUR_SET)
    return g, reshuffles


@pytest.mark.parametrize("rule_set,n", [("party", 2), ("party", 5), ("party", 12), ("classic", 2),
                                        ("classic", 4), ("classic", 10)])
def test_T_5_cards_conserved_through_random_games(rule_set, n):
    """T-5 / D-1 / D-3: in seeded random games every card of the deck (224 / 108) is in
    exactly one place after every move, across reshuffles; the top card is never copied."""
    total_reshuffles = 0
    for seed in range(6):
        g, r = random_game(Rules(rule_set=rule_set), n, seed)
        total_reshuffles += r
    assert total_reshuffles > 0  # the games did reshuffle


def test_T_5_random_games_with_house_rules_conserve_cards():
    """T-5 with all house rules on: cards conserved after every move."""
    rules = Rules(stacking=True, seven_o=True, jump_in=True, doubles=True)
    for seed in range(4):
        random_game(rules, 4, seed)
    for seed in range(4):
        random_game(Rules(rule_set="classic", stacking=True, seven_o=True, jump_in=True, doubles=True), 3, seed)
