"""The work one click does in the game at learning pace, in Python (no browser, no Voila).

Deals seeded games (the learner and 3 basic bots, UNO Party! rules) in the game app's
widgets, clicks the learner's first playable card (else "Draw a card") and counts, per
click: moves applied, ``Game.view_for`` calls (for the learner's seat, the one shown, and
for the bots' seats), legal-move computations, narrated sentences, and the milliseconds
the click takes. Prints the means. Figures are reported, not enforced (a test enforces
the one ``view_for`` per shown seat: tests/test_view_model.py).

    python benchmarks/click_work.py [--games 20] [--clicks 15] [--bots 3]
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


def pick(app, game, me):
    """The widget the learner clicks next: the first playable card (no colour to pick), else
    the first enabled action button, else Continue (a chance let go by)."""
    from unoparty.engine.moves import Play, SpeedPlay
    legal = game.legal_moves(me)
    if app.continue_button.layout.display != "none":
        return app.continue_button
    playable = {m.card for m in legal if isinstance(m, (Play, SpeedPlay)) and getattr(m, "colour", None) is None
                and getattr(m, "link", None) is None and not m.call_uno}
    hand = app.board.hand
    k = next((i for i, card in enumerate(hand.cards) if card in playable), None)
    if k is not None:
        return hand.buttons[k]
    board = app.board
    if board.picker_buttons:  # Point Taken: point at someone
        return board.picker_buttons[0]
    for b in (board.draw_button, board.keep_button, board.accept_button, board.take_button):
        if not b.disabled and b.layout.display != "none":
            return b
    raise RuntimeError(f"nothing to click at {game.phase}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--clicks", type=int, default=15)
    ap.add_argument("--bots", type=int, default=3)
    ap.add_argument("--level", default="basic")
    args = ap.parse_args(argv)

    import unoparty.game as game_mod
    import unoparty.narrate as narrate_mod
    from unoparty.engine import Phase
    from unoparty.game import Game
    from unoparty.views.controller import LEARNING
    from unoparty.views.game_app import GameApp, make_bots

    counts: Counter = Counter()
    view_for, legal, narrate = game_mod.Game.view_for, game_mod._legal_moves, narrate_mod.narrate
    me = 0

    def counted_view_for(self, player):
        counts["view_for (shown seat)" if player == me else "view_for (bot seats)"] += 1
        return view_for(self, player)

    def counted_legal(state, player):
        counts["legal-move computations"] += 1
        return legal(state, player)

    def counted_narrate(*a, **k):
        counts["narrations"] += 1
        return narrate(*a, **k)

    game_mod.Game.view_for = counted_view_for  # type: ignore[method-assign]
    game_mod._legal_moves = counted_legal  # type: ignore[assignment]
    narrate_mod.narrate = counted_narrate  # type: ignore[assignment]
    per_click: dict[str, list[float]] = {}
    for seed in range(args.games):
        app = GameApp()
        names = ["You", *("Ava", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus")[:args.bots]]
        game = Game(names, seed=seed)
        app.start_game(game, me, make_bots(range(1, len(names)), args.level, seed), pace=LEARNING)
        for _ in range(args.clicks):
            if game.phase.is_over:
                break
            button = pick(app, game, me)
            moves_before = len(game.history)
            counts.clear()
            t0 = time.perf_counter()
            button.click()
            ms = (time.perf_counter() - t0) * 1000
            counts["moves applied"] = len(game.history) - moves_before
            for key in ("moves applied", "view_for (shown seat)", "view_for (bot seats)",
                        "legal-move computations", "narrations"):
                per_click.setdefault(key, []).append(counts[key])
            per_click.setdefault("ms per click", []).append(ms)
    game_mod.Game.view_for, game_mod._legal_moves, narrate_mod.narrate = view_for, legal, narrate  # type: ignore[method-assign,assignment]
    n = len(per_click.get("ms per click", []))
    print(f"{n} clicks, {args.bots} {args.level} bots, learning pace (per click: mean, max)")
    for key, values in per_click.items():
        print(f"  {key:26s} {statistics.fmean(values):8.2f}   max {max(values):.4g}")
    print(f"  {'ms per click, median':26s} {statistics.median(per_click['ms per click']):8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
