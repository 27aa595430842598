"""Random-play simulations (issues 2 and 9): play-biased random rounds (`tests.random_rounds`:
a legal card is played when one is held, mostly) for 2, 3, 6, 10 and 16 players, both rule
sets (classic up to 10), without and with every house rule. After every move every card is
in exactly one place and the phase is consistent (`tests.engine_invariants`); every round
ends; and each run asserts that it reached every phase, card kind, move kind, house-rule
effect and event it should — playing on past `MIN_ROUNDS` until it has (a failure names
what is missing, or prints the seed).

The long uniformly random rounds (2k–10k moves each, 2,016 of them) are soak runs:
``make soak`` (`tests/test_soak.py`).
"""

from __future__ import annotations

import random

import pytest

from unoparty.engine import Phase
from unoparty.game import Game
from unoparty.playout import play_random_round
from unoparty.rules import Rules

from tests.engine_invariants import check_invariants
from tests.random_rounds import BIASES, CONFIGS, HOUSE, Reached, expected, missing, play_biased_round

MIN_ROUNDS = 20        # rounds per run, at least: 9 configurations × 2 × 20 = 360 rounds (coverage needs 2–31)
MAX_ROUNDS = 300       # the run fails if its coverage is still incomplete after this many
CAP = 20_000           # moves; a play-biased round lasts a few hundred


@pytest.mark.parametrize("house", HOUSE)
@pytest.mark.parametrize("rule_set,n", CONFIGS)
def test_random_rounds_end_keep_every_card_and_reach_every_rule(rule_set: str, n: int, house: str) -> None:
    rules = Rules(rule_set=rule_set, **HOUSE[house])
    want = expected(rules)
    reached = Reached()

    def check(g) -> None:
        check_invariants(g)  # every card by name, after every move

    rounds = 0
    while rounds < MIN_ROUNDS or missing(reached, want):
        assert rounds < MAX_ROUNDS, f"not reached in {MAX_ROUNDS} rounds: {missing(reached, want)}"
        seed = 10_000 * n + 1000 * (house == "house") + rounds
        game = Game([f"P{k}" for k in range(n)], rules, seed=seed, record_undo=False)
        check_invariants(game)
        try:
            moves = play_biased_round(game, random.Random(seed), BIASES[rounds % len(BIASES)], reached,
                                      check, cap=CAP)
        except RuntimeError as exc:
            pytest.fail(f"{rule_set}, {house}, {n} players, seed {seed}: {exc}")
        except AssertionError as exc:
            pytest.fail(f"{rule_set}, {house}, {n} players, seed {seed}, after {len(game.history)} moves "
                        f"(last: {game.history[-1]!r}): {exc}")
        assert game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
        assert game.outcome() is not None
        assert moves == len(game.history)
        rounds += 1
    assert not missing(reached, want)


def test_a_match_runs_to_its_target_score() -> None:
    """R-4: rounds are dealt until a total reaches the target; the highest total wins."""
    for seed in range(5):
        game = Game(["A", "B", "C"], Rules(rule_set="classic", target_score=150), seed=seed, record_undo=False)
        rng = random.Random(seed)
        rounds = 0
        while True:
            play_random_round(game, rng, cap=60_000, check=lambda g, m: check_invariants(g, full_cards=False))
            rounds += 1
            out = game.outcome()
            assert out.scores == game.scores
            if out.match_winner is not None:
                break
            game.new_round()
            check_invariants(game)
        assert max(game.scores) >= 150
        assert game.scores[out.match_winner] == max(game.scores)
        assert game.phase.value == "match over"
        assert game.round_number == rounds
