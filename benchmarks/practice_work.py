"""The work one Practice answer and one "Next question" do, in Python (no browser, no Voila).

Poses seeded exercises on the Practice page, answers each right (the engine's answer),
then presses Next, and counts per answer and per Next: ``Game.apply`` calls, widget
messages sent (state updates of every widget) and widgets made, and the milliseconds.
Prints the means. Figures are reported, not enforced (tests/test_practice.py enforces that an
answer replays no move).

    python benchmarks/practice_work.py [--questions 30] [--seed 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("UNOPARTY_PROGRESS", os.devnull)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--questions", type=int, default=30)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)

    import ipywidgets as w

    import unoparty.game as game_mod
    from unoparty.practice.mastery import MemoryPracticeStore
    from unoparty.views.practice import PracticePage

    counts: Counter = Counter()
    apply, send, init = game_mod.Game.apply, w.Widget._send, w.Widget.__init__

    def counted_apply(self, move):
        counts["Game.apply"] += 1
        return apply(self, move)

    def counted_send(self, *a, **k):
        counts["widget messages"] += 1
        return send(self, *a, **k)

    def counted_init(self, *a, **k):
        counts["widgets made"] += 1
        return init(self, *a, **k)

    game_mod.Game.apply = counted_apply  # type: ignore[method-assign]
    w.Widget._send = counted_send  # type: ignore[method-assign]
    w.Widget.__init__ = counted_init  # type: ignore[method-assign]
    page = PracticePage(store=MemoryPracticeStore(), seed=args.seed)
    per: dict[str, list] = {"answer": [], "next": []}
    for _ in range(args.questions):
        for what, act in (("answer", lambda: page.answer(page.exercise.answer)), ("next", page.next_button.click)):
            counts.clear()
            t = time.perf_counter()
            act()
            counts["ms"] = round((time.perf_counter() - t) * 1000)
            per[what].append(dict(counts))
    for what, rows in per.items():
        keys = sorted({k for r in rows for k in r})
        print(f"per {what} ({len(rows)}): " + ", ".join(
            f"{k} {statistics.mean(r.get(k, 0) for r in rows):.1f}" for k in keys))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
