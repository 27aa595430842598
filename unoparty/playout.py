"""Uniformly random legal play, for simulations, tests and benchmarks.

Who acts: the player whose move the game waits for (the current player; during pointing,
someone who has not pointed yet) chooses uniformly among *their* legal moves — which
include their own speed plays, UNO calls and catches. Out-of-turn moves of the other
players (speed plays, calls, catches) come in between with probability `out_of_turn` per
step, by a random such player, again uniformly among that player's legal moves. Choosing
uniformly among every player's moves at once would let nine catchers out-vote one
player at a ten-seat table, and random rounds would rarely end.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine.moves import Move
    from .game import Game

__all__ = ["random_move", "play_random_round"]


def random_move(game: Game, rng: random.Random, out_of_turn: float = 0.1) -> Move | None:
    """A uniformly random legal move of a random acting player (see module doc), or ``None``
    when the round is over."""
    actors = game.to_act()
    if not actors:
        return None
    actor = actors[0] if len(actors) == 1 else rng.choice(actors)
    if out_of_turn and rng.random() < out_of_turn:
        p = rng.randrange(game.n_players - 1)  # a seat other than actor's, as rng.choice(others) draws it
        if p >= actor:
            p += 1
        moves = game.legal_moves(p)
        if moves:
            return rng.choice(moves)
    return rng.choice(game.legal_moves(actor))


def play_random_round(game: Game, rng: random.Random, cap: int = 20_000,
                      check: Callable[[Game, Move], object] | None = None) -> int:
    """Play random moves until the round is over; returns the number of moves.

    Args:
        check: optional callable ``check(game, move)`` run after every move (invariants).

    Raises:
        RuntimeError: the round did not end within `cap` moves.
    """
    steps = 0
    while True:
        move = random_move(game, rng)
        if move is None:
            return steps
        game.apply(move)
        steps += 1
        if check is not None:
            check(game, move)
        if steps >= cap:
            raise RuntimeError(f"the round did not end within {cap} moves")
