"""Bot strength and simulation speed (issue 3). Run: ``python benchmarks/bots.py``
(``--quick`` for a smoke run; ``--json FILE`` to keep the figures; ``--strict``: exit 1
when a goal is missed). About 3 minutes with 2 workers.

Goals:
- ``basic`` against three ``random`` bots, 4 players, 2,000 rounds: ``basic`` wins ≥ 45 %.
- ``strong`` against three ``basic`` bots, 4 players, ≥ 1,000 rounds: ``strong`` wins ≥ 40 %
  (with its 95 % Wilson interval and the median milliseconds per decision).
- 6- and 16-player rounds of ``basic`` bots all end: mean length and rounds per second.

``benchmarks/strong_ceiling.py`` measures how much of the ``strong`` bot's gap to its goal is
information: the same rounds played by the same search given the opponents' real hands.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from unoparty.simulate import simulate  # noqa: E402


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", metavar="FILE", default=None)
    ap.add_argument("--only", choices=["basic", "strong", "tables"], default=None)
    ap.add_argument("--strict", action="store_true", help="exit 1 when a goal is missed")
    args = ap.parse_args(argv)
    q = args.quick
    figures: dict = {"python": platform.python_version(), "cpus": os.cpu_count(), "seed": args.seed,
                     "workers": args.workers}
    ok = True

    if args.only in (None, "basic"):
        n = 200 if q else 2000
        s = simulate(players=4, games=n, bots=["basic", "random"], seed=args.seed, workers=args.workers)
        d = s.to_dict()
        w = d["win_rates"][0]
        lo, hi = w["ci95"]
        passed = w["rate"] >= 0.45
        ok &= passed
        figures["basic_vs_3_random"] = {"rounds": n, "rate": w["rate"], "ci95": [lo, hi], "goal": 0.45,
                                        "passed": passed, "seconds": d["seconds"], "capped": d["capped_rounds"]}
        print(f"basic vs 3 random, 4 players, {n} rounds (seed {args.seed}): basic wins {pct(w['rate'])} "
              f"[{pct(lo)}, {pct(hi)}]  goal ≥ 45%: {'PASS' if passed else 'FAIL'}  ({d['seconds']:.0f} s)", flush=True)

    if args.only in (None, "strong"):
        n = 100 if q else 1000
        s = simulate(players=4, games=n, bots=["strong", "basic"], seed=args.seed, workers=args.workers)
        d = s.to_dict()
        w = d["win_rates"][0]
        lo, hi = w["ci95"]
        ms = d["ms_per_decision"]["strong"]
        passed = w["rate"] >= 0.40
        ok &= passed
        figures["strong_vs_3_basic"] = {"rounds": n, "rate": w["rate"], "ci95": [lo, hi], "goal": 0.40,
                                        "passed": passed, "ms_per_decision": ms, "seconds": d["seconds"]}
        print(f"strong vs 3 basic, 4 players, {n} rounds (seed {args.seed}): strong wins {pct(w['rate'])} "
              f"[{pct(lo)}, {pct(hi)}]  goal ≥ 40%: {'PASS' if passed else 'FAIL'}; "
              f"median {ms['median']:.1f} ms per decision (p95 {ms['p95']:.1f}, max {ms['max']:.0f}, "
              f"{ms['decisions']} decisions)  ({d['seconds']:.0f} s)", flush=True)

    if args.only in (None, "tables"):
        for players, n in ((6, 100 if q else 1000), (16, 40 if q else 300)):
            t0 = time.perf_counter()
            s = simulate(players=players, games=n, bots=["basic"], seed=args.seed, workers=args.workers)
            dt = time.perf_counter() - t0
            d = s.to_dict()
            passed = d["capped_rounds"] == 0
            ok &= passed
            figures[f"basic_{players}_players"] = {
                "rounds": n, "capped": d["capped_rounds"], "turns": d["turns_per_round"],
                "moves": d["moves_per_round"], "rounds_per_second": n / dt, "workers": args.workers}
            t = d["turns_per_round"]
            print(f"{players} basic bots, {n} rounds (seed {args.seed}): all ended: {'PASS' if passed else 'FAIL'}; "
                  f"turns per round mean {t['mean']:.1f}, median {t['median']:.0f}, max {t['max']}; "
                  f"moves per round mean {d['moves_per_round']['mean']:.1f}; {n / dt:.1f} rounds/s "
                  f"with {args.workers} worker(s)", flush=True)

    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f, indent=2)
    print("all goals met" if ok else "some goals missed (see FAIL above)")
    return 0 if ok or not args.strict else 1


if __name__ == "__main__":
    sys.exit(main())
