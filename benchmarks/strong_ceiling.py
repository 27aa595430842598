"""How much of the ``strong`` bot's gap to its goal is information? (issue 3)

Run: ``python benchmarks/strong_ceiling.py`` (``--games N``, ``--seed S``, ``--workers K``,
``--settings JSON`` for the strong bot, e.g. ``'{"playouts": 320}'`` or
``'{"timing": [0.5, 0.3]}'``; ``--json FILE`` keeps the figures). About 4 minutes.

It plays the same rounds (same seeds: same deals, same bot generators) twice, ``strong``
against three ``basic`` bots, 4 players:

- **fair**: the ``strong`` bot as players meet it — it samples the hidden cards from its view.
- **oracle**: the same search given the opponents' *real* hands (the draw pile order is still
  shuffled). This is not a bot anyone plays against: it breaks fairness on purpose, by
  patching the sampler in this process only, to measure the ceiling of the search when
  inference about hidden hands is perfect.

If the oracle's win rate is near the goal (40 %), better sampling alone cannot reach it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import unoparty.bots.strong as strong_module  # noqa: E402
from unoparty.bots import Timing  # noqa: E402
from unoparty.game import Game  # noqa: E402
from unoparty.simulate import run_round, wilson  # noqa: E402

LEVELS = ("strong", "basic", "basic", "basic")
_fair_sampler = strong_module.determinize_state
_view_for = Game.view_for
_current: dict = {}


def _view_for_watched(game, player):
    _current["game"] = game
    return _view_for(game, player)


def _oracle_sampler(view, rng, *_args):
    """The real state of the game whose view is being decided on, draw pile shuffled."""
    s = _current["game"]._state.copy()
    rng.shuffle(s.draw_pile)
    return s


def _setup(mode: str) -> None:
    """Worker initialiser: patch the sampler (oracle) or restore it (fair)."""
    oracle = mode == "oracle"
    Game.view_for = _view_for_watched if oracle else _view_for
    strong_module.determinize_state = _oracle_sampler if oracle else _fair_sampler


def _one(job) -> int | None:
    index, seed, settings = job
    return run_round(index, 4, LEVELS, seed=seed, settings={"strong": settings}).winner_slot


def measure(mode: str, games: int, seed: int, settings: dict, workers: int) -> dict:
    built = dict(settings)
    if "timing" in built:
        built["timing"] = Timing(*built["timing"])
    jobs = [(i, seed, built) for i in range(games)]
    t0 = time.perf_counter()
    if workers == 1:
        _setup(mode)
        winners = [_one(j) for j in jobs]
        _setup("fair")
    else:
        with Pool(workers, initializer=_setup, initargs=(mode,)) as pool:
            winners = pool.map(_one, jobs, chunksize=10)
    wins = sum(1 for w in winners if w == 0)
    lo, hi = wilson(wins, games)
    return {"mode": mode, "rounds": games, "wins": wins, "rate": wins / games, "ci95": [lo, hi],
            "seconds": time.perf_counter() - t0}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--settings", default="{}", help="strong bot settings as JSON")
    ap.add_argument("--json", metavar="FILE", default=None)
    args = ap.parse_args(argv)
    settings = json.loads(args.settings)
    out = {"settings": settings, "seed": args.seed}
    for mode in ("fair", "oracle"):
        r = measure(mode, args.games, args.seed, settings, args.workers)
        out[mode] = r
        lo, hi = r["ci95"]
        print(f"{mode:6s} strong vs 3 basic, {r['rounds']} rounds (seed {args.seed}, settings {settings}): "
              f"{100 * r['rate']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]  ({r['seconds']:.0f} s)", flush=True)
    gap = out["oracle"]["rate"] - out["fair"]["rate"]
    print(f"oracle − fair: {100 * gap:+.1f} points; goal 40%: the oracle "
          f"{'reaches' if out['oracle']['rate'] >= 0.40 else 'does not reach'} it")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
