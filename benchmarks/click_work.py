"""The work one click does, in Python (no browser, no Voila): ``Game.apply`` calls and
widget messages sent to the browser, per practice answer, per practice Next question, per
lesson answer (the lesson's first answer to a task), per lesson Next, per lesson Back, and per game click against bots at learning pace.

Widget messages are counted where ipywidgets sends a state update to the front end
(``Widget._send``, one comm message each); widgets made are counted too (each opens a comm).
Figures are means per action (max in brackets); they are reported, not enforced (tests
enforce the parts that matter: tests/test_session_practice.py, tests/test_session_lesson.py,
tests/test_view_model.py).

    python benchmarks/click_work.py [--questions 20] [--games 10] [--clicks 15] [--lessons 8]

Figures, issue #18 (defaults; "before" = commit 0827e3c, the views holding the state;
"after" = the lesson and practice sessions, unoparty/session/; milliseconds are left out:
they follow the machine's load)::

    per action: mean [max]    Game.apply        games set up   expects checked  widget messages    widgets made
                              before → after    before → after before → after   before → after     before → after
    practice answer            1.5 [2] → 0 [0]      0 → 0        0 → 0          13.8 → 13.8        0 → 0
    practice Next            258.9 → 260.6        0.1 → 0.1      0 → 0          37.8 → 37.8       13.9 → 13.9
    lesson answer              1.0 [1] → 1.0 [1]    0 → 0      1.0 [1] → 0       15.6 → 15.6        0 → 0
    lesson Next                1.7 [6] → 0.6 [2]  1.0 → 0      2.6 [6] → 0.1 [1]  5.3 → 5.3          0 → 0
    lesson Back                1.1 [6] → 0 [0]    1.0 → 0      1.9 [6] → 0        8.9 → 8.9        2.7 → 2.7
    game click                 3.8 → 3.8            0 → 0        0 → 0          26.9 → 26.9        4.4 → 4.4

A practice Next poses a new question: it plays the rounds the exercise is cut from (its
Game.apply), then builds the table, the engine's answer and the move's events once (+2).
A lesson Next makes the step's own moves only (0.6: most steps are narration or tasks);
the one expectation left is a refused step's, which the engine's refusal itself checks.
A lesson answer makes the learner's move (1) and no longer checks the step's expectations.
The game click belongs to the `sessions` branch (unchanged here). The widget messages
are the same before and after: they come from the shared widgets (the table, the hand,
the message box), drawn only where something changed.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("UNOPARTY_PROGRESS", os.path.join(tempfile.mkdtemp(prefix="click-work-"), "progress.json"))

LESSONS = ("matching", "skip", "reverse", "draw-two", "wild", "speed-play", "seven-o", "stacking",
           "point-taken", "wild-draw-four")
COUNTED = ("Game.apply", "games set up", "expects checked", "widget messages", "widgets made", "ms")


def pick(app: Any, game: Any, me: int) -> Any:
    """The widget the learner clicks next in a game: the first playable card (no colour to
    pick), else the first enabled action button, else Continue (a chance let go by)."""
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


class Meter:
    """Counts ``Game.apply`` calls, widget messages and widgets made while installed."""

    def __init__(self) -> None:
        import ipywidgets as w

        import unoparty.game as game_mod
        import unoparty.scenarios.runner as runner_mod
        self.counts: Counter[str] = Counter()
        self.per: dict[str, list[dict[str, float]]] = {}
        self._saved = (game_mod.Game.apply, w.Widget._send, w.Widget.__init__)
        apply, send, init = self._saved
        counts = self.counts

        def counted_apply(game: Any, move: Any, *a: Any, **k: Any) -> Any:
            counts["Game.apply"] += 1
            return apply(game, move, *a, **k)

        def counted_send(widget: Any, *a: Any, **k: Any) -> Any:
            counts["widget messages"] += 1
            return send(widget, *a, **k)

        def counted_init(widget: Any, *a: Any, **k: Any) -> Any:
            counts["widgets made"] += 1
            return init(widget, *a, **k)

        setup, check = game_mod.Game.from_setup.__func__, runner_mod.check_expect  # type: ignore[attr-defined]

        def counted_setup(cls: Any, *a: Any, **k: Any) -> Any:
            counts["games set up"] += 1
            return setup(cls, *a, **k)

        def counted_check(*a: Any, **k: Any) -> Any:
            counts["expects checked"] += 1
            return check(*a, **k)

        game_mod.Game.from_setup = classmethod(counted_setup)  # type: ignore[method-assign,assignment]
        runner_mod.check_expect = counted_check  # type: ignore[assignment]
        game_mod.Game.apply = counted_apply  # type: ignore[method-assign]
        w.Widget._send = counted_send  # type: ignore[method-assign]
        w.Widget.__init__ = counted_init  # type: ignore[method-assign]

    def measure(self, what: str, act: Callable[[], Any]) -> None:
        self.counts.clear()
        t = time.perf_counter()
        act()
        row: dict[str, float] = {k: float(self.counts[k]) for k in COUNTED if k != "ms"}
        row["ms"] = (time.perf_counter() - t) * 1000
        self.per.setdefault(what, []).append(row)

    def report(self) -> None:
        print(f"{'per action: mean [max]':24s} " + "  ".join(f"{k:>16s}" for k in COUNTED))
        for what, rows in self.per.items():
            cells = []
            for k in COUNTED:
                values = [r[k] for r in rows]
                cells.append(f"{statistics.fmean(values):8.1f} [{max(values):5.0f}]")
            print(f"{what + f' ({len(rows)})':24s} " + "  ".join(cells))


def practice(meter: Meter, questions: int, seed: int) -> None:
    from unoparty.practice.mastery import MemoryPracticeStore
    from unoparty.views.practice import PracticePage
    page = PracticePage(store=MemoryPracticeStore(), seed=seed)
    for _ in range(questions):
        meter.measure("practice answer", lambda: page.answer(page.exercise.answer))
        meter.measure("practice Next", page.next_button.click)


def _answer(player: Any, move: Any) -> None:
    """Answer the lesson's task with `move` as a click on the table would."""
    player.board.on_move(move)


def lessons(meter: Meter, count: int) -> None:
    from unoparty.scenarios.loader import load_scenario
    from unoparty.views.lesson import LessonPlayer
    folder = Path(__file__).resolve().parents[1] / "unoparty" / "lessons"
    for lesson in LESSONS[:count]:
        player = LessonPlayer(load_scenario(folder / f"{lesson}.toml"))
        steps = player.scenario.steps
        while True:
            pos = player.pos
            if 0 <= pos < len(steps) and steps[pos].is_task and steps[pos].answer_moves \
                    and player.next_button.description and not _done(player, pos):
                meter.measure("lesson answer", lambda: _answer(player, steps[pos].answer_moves[0]))
            if pos + 1 >= len(steps):
                break
            meter.measure("lesson Next", player.next_button.click)
        while not player.back_button.disabled:
            meter.measure("lesson Back", player.back_button.click)


def _done(player: Any, pos: int) -> bool:
    answered = getattr(player, "answered", None)
    if answered is None:  # a player rendering a session
        return pos in player.session.answered
    return pos in answered


def games(meter: Meter, count: int, clicks: int, bots: int, level: str) -> None:
    from unoparty.game import Game
    from unoparty.views.controller import LEARNING
    from unoparty.views.game_app import GameApp, make_bots
    me = 0
    for seed in range(count):
        app = GameApp()
        names = ["You", *("Ava", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus")[:bots]]
        game = Game(names, seed=seed)
        app.start_game(game, me, make_bots(range(1, len(names)), level, seed), pace=LEARNING)
        for _ in range(clicks):
            if game.phase.is_over:
                break
            meter.measure("game click", pick(app, game, me).click)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--questions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--lessons", type=int, default=8)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--clicks", type=int, default=15)
    ap.add_argument("--bots", type=int, default=3)
    ap.add_argument("--level", default="basic")
    args = ap.parse_args(argv)
    meter = Meter()
    practice(meter, args.questions, args.seed)
    lessons(meter, args.lessons)
    games(meter, args.games, args.clicks, args.bots, args.level)
    meter.report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
