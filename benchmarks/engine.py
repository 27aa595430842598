"""Engine speed and memory (issue 9, "Measured goals"). Every ratio is measured in one
process with alternating batches (A, B, A, B, …), repeated; min and median are reported —
the machines here are noisy, so only figures from the same run are compared.

Times are this process's CPU time (`time.process_time`), not the wall clock.

1. rlcard: classic UNO, 2 players, rlcard's random policy on both engines (`rlcard_like_move`
   ports it to ours: a random playable card, a Wild Draw Four only when nothing else plays,
   draw only when nothing plays, play a drawn card that plays, accept draw cards, no
   out-of-turn moves). Games per second, unoparty / rlcard, with undo off (as simulations
   run) and on (the default `Game`), each with the moves picked from `legal_moves` and with
   moves built by the caller (``game.apply(Draw(0))``: a fresh object equal to a listed
   move, `built_move`). Goal ≥ 1× (built moves, median of 9 repetitions; issue 20); the
   compiled engine (``PYTHONPATH=build/fast/site``, `make fast`) ≥ 2×, no repetition below
   1.5×. Every repetition is printed after min / median / max.

   rlcard is used the way its own `Env` uses its game: one `UnoGame`, whose ``np_random`` is
   seeded once (`Env.seed`), reset for every game (``init_game``, as `Env.reset` does). An
   older version of this script built a new `UnoGame` for every game: its constructor seeds
   numpy's `RandomState()` from the operating system (about 145 µs of CPU a game, a quarter
   of rlcard's time), which made rlcard look slower than it is (the ratios 0.96–1.21 of
   issue 9 below; issue 20). Don't go back to that.
2. Engine alone: µs per action for `legal_moves(actor)` + `apply(move)` replaying recorded
   games (the policy and dealing left out). Goal ≤ 5 µs (classic 2 players, rlcard's policy).
3. Party, µs per action at 16 players / 2 players (uniformly random play,
   `unoparty.playout.random_move`, and engine alone). Goal ≤ 1.3× (issue 20; 1.5× in issue 9).
4. Memory: bytes per `Game` with undo after 500 moves at 16 players (tracemalloc).

The older table (rounds/s for party 2/6/16 and classic 2/6/10 with uniformly random play)
is ``--table``. Note: uniformly random rounds of unoparty are several times longer than
rlcard's (T-3 always allows drawing; UNO calls, catches and challenges are moves), so the
rlcard comparison uses rlcard's policy on both engines.

Figures of issue 9 (this machine: 2 cores shared with other jobs; CPU time; `--reps 9 --batch 30`;
min / median of the repetitions), before → after issue 9's point 1 (before = commit
55e6be8 run with the script of then). The two rlcard rows were measured against a new
`UnoGame` per game (see 1.: too kind to us); the README has the figures of issue 20:

    unoparty / rlcard games/s, undo off     0.49 / 0.56  →  0.96 / 1.21   (goal ≥ 1)
    unoparty / rlcard games/s, undo on      0.35 / 0.44  →  1.01 / 1.20
    engine alone µs/action, undo off       10.53 / 10.66 →  4.39 / 4.43   (goal ≤ 5)
    engine alone µs/action, undo on        14.22 / 14.40 →  4.58 / 4.61
    party 2p / 16p engine alone µs/action  15.1 / 15.7   →  5.9 / 7.1
    party 16p / 2p, engine alone            1.01 / 1.04  →  1.16 / 1.21   (goal ≤ 1.5)
    party 16p / 2p, random play             0.95 / 1.11  →  1.25 / 1.29   (goal ≤ 1.5)
    bytes per Game, 16p, 500 moves, undo    2,717,112    →  403,796
    the same without undo                   221,468      →  79,636  (events are shared values)
    `unoparty simulate`, bytes kept per move    32.5     →  about 0 (flat; 4 random bots,
                                                            40 and 120 rounds: 2.8 MB, 2.2 MB)

Usage: python benchmarks/engine.py [--reps R] [--batch G] [--simulate] [--table] [--seconds S] [--only rlcard]
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

# The checkout's package, unless one is importable already: with PYTHONPATH=build/fast/site
# the compiled engine is measured, not the sources beside this script (which this line put
# first before, so a "compiled" run from the checkout measured the pure engine).
if importlib.util.find_spec("unoparty") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from unoparty.cards import Kind  # noqa: E402
from unoparty.engine import Accept, Draw, Keep, Phase, Play  # noqa: E402
from unoparty.game import Game  # noqa: E402
from unoparty.playout import random_move  # noqa: E402
from unoparty.rules import Rules  # noqa: E402

WD4 = Kind.WILD_DRAW_FOUR
_TURN, _DRAWN, _ROUND_OVER, _MATCH_OVER = Phase.TURN, Phase.DRAWN, Phase.ROUND_OVER, Phase.MATCH_OVER
# CPU time of this process: other jobs on a shared machine slow the wall clock of both
# sides unevenly; the CPU time they leave us is what the code costs.
CLOCK = time.process_time


def rlcard_like_move(game, rng: random.Random):
    """rlcard's random policy on our engine, for a like-for-like games/s comparison: play a
    random playable card when there is one (a Wild Draw Four only when nothing else plays),
    draw only when nothing plays, play a drawn card that can be played, accept draw cards,
    and make no out-of-turn moves (no speed plays, UNO calls or catches)."""
    phase = game.phase
    if phase is _TURN or phase is _DRAWN:
        moves = game.legal_moves(game.current)
        # plays listed first, then Draw (turn) or Keep (drawn); no UNO call (rlcard has none)
        normal = [m for m in moves if type(m) is Play and m.card.kind is not WD4 and not m.call_uno]
        if normal:
            return rng.choice(normal)
        wd4 = [m for m in moves if type(m) is Play and not m.call_uno]  # Wild Draw Fours only
        if wd4:
            return rng.choice(wd4)
        return next(m for m in moves if type(m) is not Play)
    if phase is _ROUND_OVER or phase is _MATCH_OVER:
        return None
    actor = rng.choice(game.waiting_for) if phase is Phase.POINTING else game.current
    moves = game.legal_moves(actor)
    if phase is Phase.CHALLENGE:
        return next(m for m in moves if type(m) is Accept)
    return rng.choice([m for m in moves if not (type(m) is Play and m.call_uno)])


def built_move(game, rng: random.Random):
    """`rlcard_like_move`, but the move applied is built by the caller, as a learner or an RL
    wrapper writes it (``Play(0, card, colour)``, ``Draw(0)``): a fresh object equal to the
    listed one, not the object `legal_moves` returned."""
    m = rlcard_like_move(game, rng)
    if m is None:
        return None
    t = type(m)
    if t is Play:
        return Play(m.player, m.card, m.colour)  # classic with rlcard's policy: no other field
    return t(m.player)  # Draw, Keep, Accept


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


def record_games(rule_set: str, n: int, games: int, policy, seed0: int = 10_000) -> list:
    """Play `games` rounds with `policy` and keep (seed, moves) to replay."""
    out = []
    rules = Rules(rule_set=rule_set)
    names = [f"P{i}" for i in range(n)]
    for seed in range(seed0, seed0 + games):
        game = Game(names, rules, seed=seed, record_undo=False)
        rng = random.Random(seed)
        moves = []
        while True:
            move = policy(game, rng)
            if move is None:
                break
            game.apply(move)
            moves.append(move)
        out.append((seed, moves))
    return out


def replay_us(rule_set: str, n: int, recorded: list, undo: bool = False) -> float:
    """Engine alone: µs per action for `legal_moves(player)` + `apply(move)` over recorded
    games (dealing and the policy not counted)."""
    rules = Rules(rule_set=rule_set)
    names = [f"P{i}" for i in range(n)]
    total = 0.0
    actions = 0
    clock = CLOCK
    for seed, moves in recorded:
        game = Game(names, rules, seed=seed, record_undo=undo)
        legal, apply = game.legal_moves, game.apply
        t0 = clock()
        for move in moves:
            legal(move.player)
            apply(move)
        total += clock() - t0
        actions += len(moves)
    return total / actions * 1e6


def _games(fn, batch: int) -> float:
    """Games per second of `fn(games)` (which plays that many games)."""
    t0 = CLOCK()
    fn(batch)
    return batch / (CLOCK() - t0)


def _interleaved(runs: dict, games: int, chunk: int) -> dict:
    """One repetition: every run of `runs` (name -> fn(games) -> actions) plays `games`
    games, in chunks of `chunk` games taken in turn (A, B, C, A, B, C, …), so that a burst of
    load on the machine falls on every run alike. Returns name -> (CPU seconds, actions)."""
    spent = {k: [0.0, 0] for k in runs}
    for _ in range(max(1, games // chunk)):
        for k, fn in runs.items():
            t0 = CLOCK()
            actions = fn(chunk)
            spent[k][0] += CLOCK() - t0
            spent[k][1] += actions
    return {k: (v[0], v[1]) for k, v in spent.items()}


def _ours(batch_seed: list, undo: bool, policy=rlcard_like_move, rule_set="classic", n=2):
    def run(games: int) -> int:
        rules = Rules(rule_set=rule_set)
        names = [f"P{i}" for i in range(n)]
        actions = 0
        for _ in range(games):
            seed = batch_seed[0]
            batch_seed[0] += 1
            game = Game(names, rules, seed=seed, record_undo=undo)
            rng = random.Random(seed)
            while True:
                move = policy(game, rng)
                if move is None:
                    break
                game.apply(move)
                actions += 1
        return actions
    return run


def _rlcard(batch_seed: list):
    """rlcard's UNO as its `Env` drives it: one `UnoGame` (`Env.__init__`), its generator
    seeded by `Env.seed`, and ``init_game`` for every game (`Env.reset`). The generator is
    seeded again at the start of each batch (``batch_seed[0] == 0``) so that every
    repetition plays the same games — once per batch, not once per game."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame
    game = UnoGame(num_players=2)
    rng = random.Random(0)

    def run(games: int) -> int:
        actions = 0
        if batch_seed[0] == 0:
            game.np_random = np.random.RandomState(0)  # what rlcard's seeding.np_random(0) makes
            rng.seed(0)
        for _ in range(games):
            batch_seed[0] += 1
            state, _ = game.init_game()
            while not game.is_over():
                state, _ = game.step(rng.choice(state["legal_actions"]))
                actions += 1
        return actions
    return run


def _summary(xs: list[float]) -> str:
    """min / median / max, then every repetition in the order run (a burst of load shows)."""
    each = " ".join(f"{x:.2f}" for x in xs)
    return f"min {min(xs):.2f}  median {statistics.median(xs):.2f}  max {max(xs):.2f}  (each: {each})"


def game_bytes(n: int = 16, moves: int = 500, undo: bool = True) -> tuple[int, int]:
    """tracemalloc bytes held by one party `Game` after `moves` random moves at `n` players
    (new rounds dealt when one ends), and the moves made. Caches are warmed first."""
    names = [f"P{i}" for i in range(n)]

    def play(seed: int) -> tuple[Game, int]:
        game = Game(names, Rules(rule_set="party"), seed=seed, record_undo=undo)
        rng = random.Random(seed)
        done = 0
        while done < moves:
            move = random_move(game, rng)
            if move is None:
                if game.phase is Phase.MATCH_OVER:
                    break
                game.new_round()
                continue
            game.apply(move)
            done += 1
        return game, done

    play(1)  # warm the engine's tables
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    game, done = play(1)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del game
    return after - before, done


def simulate_bytes_per_move(small: int = 20, large: int = 60) -> tuple[float, int, int]:
    """`unoparty simulate` memory: bytes still held (tracemalloc) per move played, comparing
    a run of `small` and one of `large` rounds of four random bots (party). About 0 when the
    run keeps nothing per decision. Returns (bytes per move, bytes after small, after large)."""
    from unoparty.simulate import simulate
    simulate(4, small, ("random",), "party", seed=0)  # warm the engine's tables and imports
    held = []
    for games in (small, large):
        gc.collect()
        tracemalloc.start()
        summary = simulate(4, games, ("random",), "party", seed=0)
        moves = sum(r.moves for r in summary.results)
        gc.collect()
        held.append((tracemalloc.get_traced_memory()[0], moves))
        tracemalloc.stop()
        del summary
    (b1, m1), (b2, m2) = held
    return (b2 - b1) / (m2 - m1), b1, b2


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=9, help="alternating repetitions (default 9)")
    ap.add_argument("--batch", type=int, default=40, help="games per batch of the engine-alone and party figures (default 40)")
    ap.add_argument("--games", type=int, default=200, help="games per batch of the rlcard comparison (default 200)")
    ap.add_argument("--table", action="store_true", help="also print the older rounds/s table")
    ap.add_argument("--seconds", type=float, default=2.0, help="time per configuration of --table")
    ap.add_argument("--simulate", action="store_true", help="also measure `unoparty simulate`'s memory (slow)")
    ap.add_argument("--only", choices=("rlcard", "party"), help="only the rlcard comparison, or only the party 16p/2p")
    args = ap.parse_args()

    import unoparty.engine.legal as _legal
    print(f"engine: {'compiled' if not _legal.__file__.endswith('.py') else 'pure'} ({_legal.__file__})")
    if args.only == "party":
        party(args)
        return
    # 1. rlcard, alternating batches
    try:
        import rlcard  # noqa: F401
        have_rl = True
    except Exception:  # rlcard not installed: the bench extra is optional
        have_rl = False
        print("rlcard is not installed (pip install -e '.[bench]'): no comparison.")
    if have_rl:
        cases = {
            "undo off, moves from legal_moves": (False, rlcard_like_move),
            "undo off, moves built by the caller": (False, built_move),
            "undo on, moves from legal_moves": (True, rlcard_like_move),
            "undo on, moves built by the caller": (True, built_move),
        }
        seeds = {"rl": [0], **{k: [0] for k in cases}}
        runs = {"rl": _rlcard(seeds["rl"]),
                **{k: _ours(seeds[k], undo, policy) for k, (undo, policy) in cases.items()}}
        for fn in runs.values():
            fn(3)  # warm up
        ratios: dict[str, list[float]] = {k: [] for k in cases}
        rl_gps = []
        for _ in range(args.reps):
            for s in seeds.values():
                s[0] = 0  # the same games in every repetition: only the machine varies
            spent = _interleaved(runs, args.games, 10)
            rl_seconds = spent["rl"][0]
            rl_gps.append(args.games / rl_seconds)
            for k in cases:
                ratios[k].append(rl_seconds / spent[k][0])  # games/s ours / games/s rlcard
        print(f"rlcard classic 2p games/s (one UnoGame, reset per game, as its Env): {_summary(rl_gps)}")
        for k, xs in ratios.items():
            goal = "  (goal ≥ 1 pure; compiled ≥ 2, no repetition below 1.5)" \
                if k == "undo off, moves built by the caller" else ""
            print(f"unoparty / rlcard games/s, rlcard's policy, {k}: {_summary(xs)}{goal}")
        if args.only == "rlcard":
            return

    # 2. engine alone
    rec_c2 = record_games("classic", 2, args.batch, rlcard_like_move)
    c2, c2u = [], []
    for _ in range(args.reps):
        c2.append(replay_us("classic", 2, rec_c2))
        c2u.append(replay_us("classic", 2, rec_c2, undo=True))
    print(f"engine alone, classic 2p, rlcard's policy, µs/action, undo off: {_summary(c2)}  (goal ≤ 5)")
    print(f"engine alone, classic 2p, rlcard's policy, µs/action, undo on:  {_summary(c2u)}")

    # 3. party, 16 players against 2
    party(args)

    # 4. memory
    for undo in (True, False):
        size, done = game_bytes(undo=undo)
        print(f"bytes per party Game, 16 players, {done} moves, undo {'on' if undo else 'off'}: {size:,}")

    if args.simulate:
        per_move, b1, b2 = simulate_bytes_per_move()
        print(f"unoparty simulate, 4 random bots: {b1:,} bytes held after 20 rounds, {b2:,} after 60: "
              f"{per_move:.1f} bytes per move kept (goal: flat, about 0)")

    if args.table:
        table(args.seconds)


def party(args: argparse.Namespace) -> None:
    """Party rules, µs per action at 16 players and at 2 (engine alone, then random play with
    the policy included), alternating; the ratio 16p / 2p per repetition (goal ≤ 1.3)."""
    games = max(4, args.batch // 5)
    rec_p2 = record_games("party", 2, games, random_move)
    rec_p16 = record_games("party", 16, games, random_move)
    names2, names16 = [f"P{i}" for i in range(2)], [f"P{i}" for i in range(16)]
    rules = Rules(rule_set="party")

    def replay(names: list[str], seed: int, moves: list) -> float:
        game = Game(names, rules, seed=seed, record_undo=False)
        legal, apply = game.legal_moves, game.apply
        t0 = CLOCK()
        for move in moves:
            legal(move.player)
            apply(move)
        return CLOCK() - t0

    # Game by game, 2 players and 16 in turn (a burst of load falls on both alike).
    p2, p16, ratios = [], [], []
    a2, a16 = sum(len(m) for _, m in rec_p2), sum(len(m) for _, m in rec_p16)
    for _ in range(args.reps):
        t2 = t16 = 0.0
        for (seed2, moves2), (seed16, moves16) in zip(rec_p2, rec_p16):
            t2 += replay(names2, seed2, moves2)
            t16 += replay(names16, seed16, moves16)
        p2.append(t2 / a2 * 1e6)
        p16.append(t16 / a16 * 1e6)
        ratios.append(p16[-1] / p2[-1])
    print(f"engine alone, party 2p, random play, µs/action: {_summary(p2)}")
    print(f"engine alone, party 16p, random play, µs/action: {_summary(p16)}")
    print(f"engine alone, party 16p / 2p: {_summary(ratios)}  (goal ≤ 1.3)")

    s2, s16 = [0], [0]
    runs = {2: _ours(s2, False, random_move, "party", 2), 16: _ours(s16, False, random_move, "party", 16)}
    runs[2](2), runs[16](2)  # warm up
    ratios, us2, us16 = [], [], []
    for _ in range(args.reps):
        s2[0] = s16[0] = 0  # the same games in every repetition
        spent = _interleaved(runs, games, 1)
        us2.append(spent[2][0] / spent[2][1] * 1e6)
        us16.append(spent[16][0] / spent[16][1] * 1e6)
        ratios.append(us16[-1] / us2[-1])
    print(f"random play (policy included), party µs/action 2p: {_summary(us2)}")
    print(f"random play (policy included), party µs/action 16p: {_summary(us16)}")
    print(f"random play (policy included), party µs/action 16p / 2p: {_summary(ratios)}  (goal ≤ 1.3)")


def table(seconds: float) -> None:
    print(f"\n{'configuration':<22} {'rounds':>7} {'rounds/s':>10} {'actions/s':>11} {'µs/action':>9} {'actions/rd':>10}")
    for rule_set, counts in (("party", (2, 6, 16)), ("classic", (2, 6, 10))):
        for n in counts:
            print(row(f"unoparty {rule_set} {n}p", bench_unoparty(rule_set, n, seconds, False)), flush=True)


if __name__ == "__main__":
    main()
