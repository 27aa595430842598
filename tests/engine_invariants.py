"""Invariants every game state must satisfy, checked after every move in simulations and
property tests (cards conserved, a consistent phase)."""

from __future__ import annotations

from collections import Counter

from unoparty.cards import Kind, deck_counts
from unoparty.engine import Phase


def all_cards(game) -> Counter:
    c = Counter(game.draw_pile)
    c.update(game.discard_pile)
    c.update(game.mini_pile)
    for hand in game.hands:
        c.update(hand)
    return c


def check_invariants(game, full_cards: bool = True) -> None:
    """Raise AssertionError naming what is wrong."""
    s = game._state  # white-box: tests may look at everything
    total = 224 if game.rules.rule_set == "party" else 108
    assert s.card_count() == total, f"{s.card_count()} cards in play, expected {total}"
    if full_cards:
        counts = all_cards(game)
        expected = deck_counts(game.rules.rule_set)
        assert counts == Counter(expected), f"cards differ from the deck: {counts - Counter(expected)} extra, {Counter(expected) - counts} missing"
    assert s.discard_pile, "the discard pile is never empty"
    n = s.n
    phase = s.phase
    assert isinstance(phase, Phase)
    assert 0 <= s.current < n
    assert s.direction in (1, -1)
    assert s.links == () or (len(s.links) == 2 and s.links[0] != s.links[1])
    if phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        assert s.winner is not None
        assert s.blocked or not s.hands[s.winner], "a winner who went out holds no card"
        assert s.links == (), "links end with the round (LK-4)"
        if phase is Phase.MATCH_OVER:
            assert max(s.scores) >= game.rules.target_score
            assert s.scores[s.match_winner] == max(s.scores)
        return
    assert all(s.hands), "nobody holds zero cards while the round goes on"
    assert s.colour is not None or (game.rules.rule_set == "classic" and s.discard_pile[-1].kind is Kind.WILD)
    if phase is Phase.DRAWN:
        assert s.drawn_card is not None and s.drawn_card in s.hands[s.current]
    else:
        assert s.drawn_card is None
    if phase is Phase.CHALLENGE:
        assert s.pending_draw > 0 and s.pending_kind in (Kind.DRAW_TWO, Kind.WILD_DRAW_FOUR)
    else:
        assert s.pending_draw == 0
    if phase is Phase.POINTING:
        assert s.pointer is not None and len(s.pointing) < n
        assert all(t != p for p, t in s.pointing.items())
    if phase is Phase.MINI_PILE:
        assert s.mini_pile and s.mini_colour is not None and s.colour is s.mini_colour
        assert not s.mini_pile[0].is_wild
    else:
        assert not s.mini_pile, "the mini pile exists only while it is open"
    for p, hand in enumerate(s.hands):
        if s.uno_called[p]:
            assert len(hand) == 1, "a call stands only while holding one card"
    if s.catchable is not None:
        t = s.catchable
        assert 0 <= t < n
