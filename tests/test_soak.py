"""Soak runs (``make soak``; marked ``soak``, so neither ``make test`` nor a bare ``pytest``
runs them — select them with ``-m soak``).

Uniformly random legal play (`unoparty.playout`) for 2, 3, 6, 10 and 16 players, both rule
sets (classic up to 10): 2,016 rounds with the default rules and 504 with every house rule.
Drawing is always legal, so these rounds last 2k–10k moves and reach odd corners (draw
piles run dry again and again, hands of 60 cards). After every move every card is in
exactly one place and the phase is consistent; every round ends within a generous cap (a
failure prints its seed). Then thousands of play-biased rounds (`tests.random_rounds`) with
every invariant after every move, each run asserting its coverage as `test_simulation.py`
does.
"""

from __future__ import annotations

import random

import pytest

from unoparty.game import Game
from unoparty.playout import play_random_round
from unoparty.rules import Rules

from tests.engine_invariants import check_invariants
from tests.random_rounds import BIASES, CONFIGS, HOUSE, Reached, expected, missing, play_biased_round

pytestmark = pytest.mark.soak

CHUNKS = 4                      # spread over pytest-xdist workers
GAMES = {"plain": 224, "house": 56}   # per configuration: 9 × 224 = 2,016 and 9 × 56 = 504 rounds
CAP = 60_000                    # moves; random rounds are long (drawing is always legal)
BIASED_ROUNDS = 200             # per configuration and house-rule choice: 3,600 rounds


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("house", HOUSE)
@pytest.mark.parametrize("rule_set,n", CONFIGS)
def test_uniformly_random_rounds_end_and_keep_every_card(rule_set: str, n: int, house: str, chunk: int) -> None:
    per = GAMES[house] // CHUNKS
    rules = Rules(rule_set=rule_set, **HOUSE[house])
    for i in range(per):
        seed = 1000 * n + chunk * per + i + (500 if house == "house" else 0)
        game = Game([f"P{k}" for k in range(n)], rules, seed=seed, record_undo=False)
        check_invariants(game)

        def check(g, move):
            # The full multiset check costs ~20 µs: the card count and the phase are checked
            # after every move, every card by name after every 7th move and at the round's end.
            check_invariants(g, full_cards=len(g.history) % 7 == 0)

        try:
            moves = play_random_round(game, random.Random(seed), cap=CAP, check=check)
        except RuntimeError as exc:
            pytest.fail(f"{rule_set}, {house}, {n} players, seed {seed}: {exc}")
        except AssertionError as exc:
            pytest.fail(f"{rule_set}, {house}, {n} players, seed {seed}, after {len(game.history)} moves "
                        f"(last: {game.history[-1]!r}): {exc}")
        check_invariants(game)
        assert game.outcome() is not None
        assert moves == len(game.history)


@pytest.mark.parametrize("house", HOUSE)
@pytest.mark.parametrize("rule_set,n", CONFIGS)
def test_many_play_biased_rounds(rule_set: str, n: int, house: str) -> None:
    rules = Rules(rule_set=rule_set, **HOUSE[house])
    reached = Reached()
    for r in range(BIASED_ROUNDS):
        seed = 1_000_000 + 10_000 * n + 5000 * (house == "house") + r
        game = Game([f"P{k}" for k in range(n)], rules, seed=seed, record_undo=False)
        try:
            play_biased_round(game, random.Random(seed), BIASES[r % len(BIASES)], reached, check_invariants,
                              cap=CAP)
        except (RuntimeError, AssertionError) as exc:
            pytest.fail(f"{rule_set}, {house}, {n} players, seed {seed}, after {len(game.history)} moves: {exc}")
        assert game.outcome() is not None
    assert not missing(reached, expected(rules))
