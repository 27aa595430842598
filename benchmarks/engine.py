"""Engine speed: rounds and actions per second with uniformly random legal play
(`unoparty.playout`), and µs per action, for party 2/6/16 and classic 2/6/10 players.

With the ``bench`` extra installed (rlcard), the same run also plays rlcard's classic UNO
(`rlcard.games.uno.game.UnoGame`, uniformly random legal actions) and prints the ratio.
Figures are only comparable within one run (machines here are noisy).

Note on the comparison: the two programs' random games differ in length. rlcard lists
"draw" only when nothing can be played, plays a drawn card automatically, and never calls
or catches UNO; unoparty always allows drawing (T-3: "or choose not to") and includes UNO
calls, catches and challenges, so its uniformly random rounds are several times longer.
The table therefore shows games/s (the issue's measure) and actions/s (work per step).

Usage: python benchmarks/engine.py [--seconds S] [--undo]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from unoparty.cards import Kind  # noqa: E402
from unoparty.engine import Accept, Draw, Keep, Phase, Play  # noqa: E402
from unoparty.game import Game  # noqa: E402
from unoparty.playout import random_move  # noqa: E402
from unoparty.rules import Rules  # noqa: E402

WD4 = Kind.WILD_DRAW_FOUR


def rlcard_like_move(game, rng: random.Random):
    """rlcard's random policy on our engine, for a like-for-like games/s comparison: play a
    random playable card when there is one (a Wild Draw Four only when nothing else plays),
    draw only when nothing plays, play a drawn card that can be played, accept draw cards,
    and make no out-of-turn moves (no speed plays, UNO calls or catches)."""
    phase = game.phase
    if phase is Phase.ROUND_OVER or phase is Phase.MATCH_OVER:
        return None
    actor = rng.choice(game.waiting_for) if phase is Phase.POINTING else game.current
    moves = game.legal_moves(actor)
    if phase is Phase.TURN or phase is Phase.DRAWN:
        normal = [m for m in moves if type(m) is Play and not m.call_uno and m.card.kind is not WD4]
        if normal:
            return rng.choice(normal)
        plays = [m for m in moves if type(m) is Play and not m.call_uno]
        if plays:
            return rng.choice(plays)
        want = Draw if phase is Phase.TURN else Keep
        return next(m for m in moves if type(m) is want)
    if phase is Phase.CHALLENGE:
        return next(m for m in moves if type(m) is Accept)
    return rng.choice([m for m in moves if not (type(m) is Play and m.call_uno)])


def bench_unoparty(rule_set: str, n: int, seconds: float, undo: bool, policy=random_move) -> dict:
    rules = Rules(rule_set=rule_set)
    names = [f"P{i}" for i in range(n)]
    games = actions = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds or games < 3:
        game = Game(names, rules, seed=seed, record_undo=undo)
        rng = random.Random(seed)
        while True:
            move = policy(game, rng)
            if move is None:
                break
            game.apply(move)
            actions += 1
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return {"games": games, "actions": actions, "seconds": elapsed}


def bench_rlcard(n: int, seconds: float) -> dict | None:
    try:
        from rlcard.games.uno.game import UnoGame
    except Exception:  # rlcard not installed: the bench extra is optional
        return None
    games = actions = 0
    rng = random.Random(0)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        game = UnoGame(num_players=n)
        game.np_random.seed(games)
        state, _ = game.init_game()
        while not game.is_over():
            state, _ = game.step(rng.choice(state["legal_actions"]))
            actions += 1
        games += 1
    return {"games": games, "actions": actions, "seconds": time.perf_counter() - start}


def row(label: str, r: dict) -> str:
    gps = r["games"] / r["seconds"]
    aps = r["actions"] / r["seconds"]
    return (f"{label:<22} {r['games']:>7} {gps:>10.1f} {aps:>11.0f} {1e6 / aps:>9.1f} "
            f"{r['actions'] / r['games']:>10.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=4.0, help="time per configuration (default 4)")
    ap.add_argument("--undo", action="store_true", help="keep undo snapshots (the default Game); simulations turn them off")
    args = ap.parse_args()
    print(f"{'configuration':<22} {'rounds':>7} {'rounds/s':>10} {'actions/s':>11} {'µs/action':>9} {'actions/rd':>10}")
    results = {}
    for rule_set, counts in (("party", (2, 6, 16)), ("classic", (2, 6, 10))):
        for n in counts:
            r = bench_unoparty(rule_set, n, args.seconds, args.undo)
            results[(rule_set, n)] = r
            print(row(f"unoparty {rule_set} {n}p", r), flush=True)
    us = {k: v["seconds"] / v["actions"] * 1e6 for k, v in results.items()}
    print(f"\nµs/action, party 16 players vs 2 players: {us[('party', 16)] / us[('party', 2)]:.2f}× (goal ≤ 1.5×)")
    print(f"µs/action, classic 10 players vs 2 players: {us[('classic', 10)] / us[('classic', 2)]:.2f}×")
    rl = bench_rlcard(2, args.seconds)
    if rl is None:
        print("\nrlcard is not installed (pip install -e '.[bench]'): no comparison.")
        return
    print(row("rlcard classic 2p", rl))
    ours = results[("classic", 2)]
    g_ratio = (ours["games"] / ours["seconds"]) / (rl["games"] / rl["seconds"])
    a_ratio = (ours["actions"] / ours["seconds"]) / (rl["actions"] / rl["seconds"])
    print(f"\nclassic 2 players, unoparty / rlcard: {g_ratio:.2f}× games/s (goal ≥ 3×), {a_ratio:.2f}× actions/s")
    like = bench_unoparty("classic", 2, args.seconds, args.undo, policy=rlcard_like_move)
    print(row("unoparty rlcard-like 2p", like))
    g_ratio = (like["games"] / like["seconds"]) / (rl["games"] / rl["seconds"])
    a_ratio = (like["actions"] / like["seconds"]) / (rl["actions"] / rl["seconds"])
    print(f"classic 2 players, rlcard's policy on both: {g_ratio:.2f}× games/s, {a_ratio:.2f}× actions/s")


if __name__ == "__main__":
    main()
