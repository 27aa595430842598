"""Random-play simulations (issue 2): uniformly random legal play (`unoparty.playout`) for
2, 3, 6, 10 and 16 players, both rule sets (classic up to 10), 2,016 rounds per run. After
every move every card is in exactly one place, the phase is consistent, and every round
ends within a generous cap (a failure prints its seed)."""

from __future__ import annotations

import random

import pytest

from unoparty.game import Game
from unoparty.playout import play_random_round
from unoparty.rules import Rules

from tests.engine_invariants import check_invariants

CONFIGS = [("party", n) for n in (2, 3, 6, 10, 16)] + [("classic", n) for n in (2, 3, 6, 10)]
GAMES_PER_CONFIG = 224          # 9 × 224 = 2,016 rounds
CHUNKS = 4                      # spread over pytest-xdist workers
CAP = 60_000                    # moves; random rounds are long (drawing is always legal)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("rule_set,n", CONFIGS)
def test_random_rounds_end_and_keep_every_card(rule_set: str, n: int, chunk: int) -> None:
    per = GAMES_PER_CONFIG // CHUNKS
    for i in range(per):
        seed = 1000 * n + chunk * per + i
        game = Game([f"P{k}" for k in range(n)], Rules(rule_set=rule_set), seed=seed, record_undo=False)
        check_invariants(game)

        def check(g, move):
            # The full multiset check costs ~20 µs: the card count and the phase are checked
            # after every move, every card by name after every 7th move and at the round's end.
            check_invariants(g, full_cards=len(g.history) % 7 == 0)

        try:
            moves = play_random_round(game, random.Random(seed), cap=CAP, check=check)
        except RuntimeError as exc:
            pytest.fail(f"{rule_set}, {n} players, seed {seed}: {exc}")
        except AssertionError as exc:
            pytest.fail(f"{rule_set}, {n} players, seed {seed}, after {len(game.history)} moves "
                        f"(last: {game.history[-1]!r}): {exc}")
        check_invariants(game)
        assert game.outcome() is not None
        assert moves == len(game.history)


def test_a_match_runs_to_its_target_score() -> None:
    """R-4: rounds are dealt until a total reaches the target; the highest total wins."""
    for seed in range(5):
        game = Game(["A", "B", "C"], Rules(rule_set="classic", target_score=150), seed=seed, record_undo=False)
        rng = random.Random(seed)
        rounds = 0
        while True:
            play_random_round(game, rng, cap=CAP, check=lambda g, m: check_invariants(g, full_cards=False))
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
