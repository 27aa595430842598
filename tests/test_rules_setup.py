"""Rule tests, family S (setup): players, dealing, the first card (party S-3, classic S-5),
who starts."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.helpers_rules import C, EventKind, Phase, Rules, all_cards, events_of, ok, refuse
from unoparty.cards import Kind, deck
from unoparty.errors import SetupError
from unoparty.game import Game

CLASSIC = Rules(rule_set="classic")
NAMES4 = ["Ava", "Ben", "Cal", "Dee"]


def seed_where(pred, rules=Rules(), players=NAMES4, limit=3000):
    """The first seed whose dealt game satisfies `pred` (the tests search rather than
    hard-code seeds, so they hold whatever the shuffle does)."""
    for seed in range(limit):
        g = Game(players, rules=rules, seed=seed)
        if pred(g):
            return g
    pytest.fail("no seed found")


def first_card_events(g):
    return events_of(g.events, EventKind.FIRST_CARD)


def test_S_1_two_to_sixteen_players_party():
    """S-1: party takes 2–16 players; fewer than 6 is allowed (warn, never refuse)."""
    for n in (2, 3, 5, 6, 16):
        g = Game([f"P{i}" for i in range(n)], seed=1)
        assert g.n_players == n
    for n in (0, 1, 17):
        with pytest.raises(SetupError) as info:
            Game([f"P{i}" for i in range(n)])
        assert info.value.key == "players"


def test_S_1_classic_two_to_ten_players():
    """S-1 (classic): 2–10 players."""
    Game([f"P{i}" for i in range(10)], rules=CLASSIC)
    with pytest.raises(SetupError):
        Game([f"P{i}" for i in range(11)], rules=CLASSIC)
    with pytest.raises(SetupError):
        Game(["Solo"], rules=CLASSIC)


def test_S_2_seven_cards_each_rest_is_the_draw_pile():
    """S-2: seven cards to each player; the rest (less the turned-up cards) is the draw pile;
    every card of the deck is somewhere."""
    for n, rules in ((2, Rules()), (16, Rules()), (10, CLASSIC), (4, CLASSIC)):
        g = Game([f"P{i}" for i in range(n)], rules=rules, seed=5)
        assert [len(h) for h in g.hands].count(7) >= n - 1  # classic Draw Two: first player has 9
        assert all_cards(g) == Counter(deck(rules.rule_set))
        dealt = 7 * n + len(g.discard_pile) + len(g.draw_pile)
        assert dealt + sum(len(h) - 7 for h in g.hands) == len(deck(rules.rule_set))


def test_S_2_deal_is_one_at_a_time_from_the_dealers_left():
    """S-2: cards are dealt one at a time: with the same seed, the first player's cards and
    the second player's alternate in the dealt order (no block dealing). We check it by
    re-dealing the same shuffled deck by hand."""
    import random
    g = Game(NAMES4, seed=7)
    # rebuild the shuffle the game made: the game's RNG is seeded with 7 and shuffles first
    cards = deck("party")
    random.Random(7).shuffle(cards)
    expect = [[] for _ in range(4)]
    for _ in range(7):
        for i in range(4):
            expect[(3 + 1 + i) % 4].append(cards.pop())
    assert [sorted(map(str, h)) for h in g.hands] == [sorted(map(str, h)) for h in expect]


def test_S_3_non_number_first_cards_are_ignored_and_buried():
    """S-3: while the turned card is not a number card its effect is ignored and another card
    is turned onto it; the buried cards stay in the discard pile; the top is a number card
    and sets the colour; nobody drew or was skipped."""
    g = seed_where(lambda g: len(events_of(g.events, EventKind.FIRST_CARD_IGNORED)) >= 2)
    ignored = [e.cards[0] for e in events_of(g.events, EventKind.FIRST_CARD_IGNORED)]
    assert all(not c.is_number for c in ignored)
    assert g.top_card.is_number
    assert list(g.discard_pile) == ignored + [g.top_card]
    assert g.colour is g.top_card.colour
    assert [len(h) for h in g.hands] == [7, 7, 7, 7]
    assert g.current == 0 and g.direction == 1 and g.phase is Phase.TURN
    assert not events_of(g.events, EventKind.SKIPPED) and not events_of(g.events, EventKind.DREW)


def test_S_3_wild_first_card_counts_as_action_card_and_is_buried():
    """S-3 ruling: a wild card turned first counts as an action card: it is buried too and
    nobody chooses a colour, draws or starts a mini pile."""
    g = seed_where(lambda g: any(e.cards[0].is_wild for e in events_of(g.events, EventKind.FIRST_CARD_IGNORED)))
    assert g.top_card.is_number and g.colour is g.top_card.colour
    assert any(c.is_wild for c in g.discard_pile[:-1])
    assert g.mini_pile == () and g.links == () and g.phase is Phase.TURN
    assert [len(h) for h in g.hands] == [7, 7, 7, 7]


def test_S_3_plain_number_first_card():
    """S-3: a number card turned first simply starts the discard pile."""
    g = seed_where(lambda g: len(g.discard_pile) == 1)
    assert g.top_card.is_number and g.colour is g.top_card.colour
    assert len(g.draw_pile) == 224 - 28 - 1


def test_S_4_player_to_dealers_left_starts_clockwise():
    """S-4: the player to the dealer's left starts and play goes clockwise; the dealer moves
    one seat left each round, so the next round starts one seat further on."""
    g = Game(NAMES4, seed=2)
    assert g.current == 0 and g.direction == 1
    assert events_of(g.events, EventKind.ROUND_STARTED)[0].player == 3  # dealer: last seat
    # Play the round out quickly: give the table to a hand-built end and start a new round.
    g2 = Game.from_setup(NAMES4, {"Ava": [C("red 1")], "Ben": [C("red 2")], "Cal": [C("red 3")],
                                  "Dee": [C("red 4")]}, "Ava", [C("red 5")], rest="none")
    ok(g2, "Ava: play red 1")
    assert g2.phase is Phase.ROUND_OVER
    g2.new_round()
    first = g2.current
    dealer = events_of(g2.events, EventKind.ROUND_STARTED)[-1].player
    assert first == (dealer + 1) % 4
    assert g2.direction == 1


def test_S_5_classic_wild_draw_four_first_is_returned_and_reshuffled():
    """S-5 (classic): a Wild Draw Four turned first is returned to the deck, the deck
    reshuffled and a new card turned."""
    g = seed_where(lambda g: events_of(g.events, EventKind.FIRST_CARD_RETURNED), rules=CLASSIC)
    assert g.top_card != C("wild draw four")
    assert len(g.discard_pile) == 1
    assert all_cards(g) == Counter(deck("classic"))


def test_S_5_classic_wild_first_lets_first_player_choose():
    """S-5 (classic): a Wild turned first: the first player chooses the colour — any card
    they hold may be played (the colour is open), and their play sets it."""
    g = seed_where(lambda g: g.top_card == C("wild"), rules=CLASSIC)
    assert g.current == 0 and g.colour is None
    for c in set(g.hands[0]):
        assert g.why_illegal(g.parse_move(f"Ava: play {c}" + (" as red" if c.kind.takes_colour else ""))) is None
    c = next(c for c in g.hands[0] if not c.is_wild) if any(not c.is_wild for c in g.hands[0]) else None
    if c is not None:
        ok(g, f"Ava: play {c}")
        assert g.colour is c.colour


def test_S_5_classic_draw_two_first_player_draws_two_and_is_skipped():
    """S-5 (classic): Draw Two turned first: the first player draws two and is skipped."""
    g = seed_where(lambda g: g.top_card.kind is Kind.DRAW_TWO, rules=CLASSIC)
    assert [len(h) for h in g.hands] == [9, 7, 7, 7]
    assert g.current == 1 and g.direction == 1
    assert events_of(g.events, EventKind.SKIPPED)[0].player == 0


def test_S_5_classic_reverse_first_dealer_plays_counterclockwise():
    """S-5 (classic): Reverse turned first: the dealer plays first and play goes
    counter-clockwise."""
    g = seed_where(lambda g: g.top_card.kind is Kind.REVERSE, rules=CLASSIC)
    assert g.current == 3 and g.direction == -1
    assert [len(h) for h in g.hands] == [7, 7, 7, 7]


def test_S_5_classic_skip_first_player_is_skipped():
    """S-5 (classic): Skip turned first: the first player is skipped."""
    g = seed_where(lambda g: g.top_card.kind is Kind.SKIP, rules=CLASSIC)
    assert g.current == 1 and g.direction == 1
    assert [len(h) for h in g.hands] == [7, 7, 7, 7]


def test_S_5_classic_number_first_card_first_player_starts():
    """S-5 (classic): a number card turned first: the player left of the dealer starts."""
    g = seed_where(lambda g: g.top_card.is_number, rules=CLASSIC)
    assert g.current == 0 and g.direction == 1 and g.colour is g.top_card.colour


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 24, 25, 108, 224])
def test_S_2_the_shuffle_is_random_shuffle_and_leaves_the_generator_as_it_does(size) -> None:
    """S-2, T-5: `engine.setup.shuffle_with`, `random.Random.shuffle` written inline (issue 20):
    the same order for the same seed, and the generator left in the same state (a later
    reshuffle, a saved game's replay, depend on it)."""
    import random

    from unoparty.engine.setup import shuffle_with
    for seed in range(40):
        ours, theirs = list(range(size)), list(range(size))
        mine, reference = random.Random(seed), random.Random(seed)
        shuffle_with(ours, mine.getrandbits)
        reference.shuffle(theirs)
        assert ours == theirs and mine.getstate() == reference.getstate()
