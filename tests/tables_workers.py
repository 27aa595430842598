"""Helpers for the live tables' tests (tests/test_tables*.py) and benchmarks/tables.py: the
processes that hold one seat each (spawned: importable top-level functions), a clock shared
between processes through a file, and the same game played in one process."""

from __future__ import annotations

import functools
import os
import random
import signal
import time
from pathlib import Path
from typing import Any

from unoparty.bots import make_bot
from unoparty.engine import CallUno, Catch, SpeedPlay
from unoparty.engine.serial import move_from_dict, move_to_dict
from unoparty.game import Game
from unoparty.progress.table_log import NEW_ROUND, SeatRow, TableLog
from unoparty.rules import Rules
from unoparty.session.table import Pace, TableSession, bot_move


class FileClock:
    """A clock that several processes share: the time is the number in `path` (the test
    writes it with :meth:`set`); reading it costs one small file read."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)

    def set(self, t: float) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(repr(float(t)))
        os.replace(tmp, self.path)

    def __call__(self) -> float:
        return float(self.path.read_text())


def holder_for(seat: int, salt: str = "") -> str:
    """A session key (22+ URL-safe characters) for seat `seat`'s tab."""
    return f"tab-key-{salt}-seat-{seat:02d}-0123456789"


def make_running_table(log: TableLog, names: list[str], *, seed: int, level: str = "basic",
                       pace: Pace = Pace(kind="party", window=0, pause_without_learners=False, round_pause=None),
                       learners: set[int] | None = None, now: float = 0.0, salt: str = "") -> str:
    """A running table with `names` seated (learners at `learners`, default every seat, each
    tab's key `holder_for(seat)`; the others bots of `level`). Returns its code."""
    learners = set(range(len(names))) if learners is None else learners
    start = {"format": "unoparty-table", "version": 1, "seats": len(names), "rules": {"rule_set": "party"},
             "seed": seed, "bot_level": level, "pace": pace.to_dict(), "names": None}
    rows = [("learner", n, None) if i in learners else ("bot", n, level) for i, n in enumerate(names)]
    code = log.create(start, rows, host=names[min(learners)] if learners else None, now=now)
    for i in learners:
        log.join(code, names[i], holder_for(i, salt), now=now, grace=pace.grace)

    def finish(t: Any, seats: list[SeatRow]) -> tuple[dict[str, Any], list[SeatRow]]:
        return {**t.start, "names": names}, seats
    log.start(code, now=now, finish=finish)
    return code


def append_prefix(log: TableLog, code: str, entries: list[Any]) -> None:
    """Write a table's first entries in one transaction (a test's setup; not checked)."""
    import json
    with log._transaction() as cur:
        for i, entry in enumerate(entries, 1):
            cur.execute("INSERT INTO live_table_moves (code, seq, seat, entry, at) VALUES (?, ?, ?, ?, ?)",
                        (code, i, None, json.dumps(entry, sort_keys=True), 0.0))


def reference_history(names: list[str], seed: int, level: str = "basic", cap: int = 3000) -> list[Any]:
    """One round played in one process by the turn protocol of `seat_player`: the lowest seat
    the game waits for moves, its bot seeded by `bot_move`. Returns the log (move dicts)."""
    game = Game(names, Rules(), seed=seed, record_undo=False)
    bots = [make_bot(level) for _ in names]
    while not game.phase.is_over and len(game.history) < cap:
        seat = min(game.to_act())
        move = bot_move(bots[seat], game.view_for(seat), seed, len(game.history))
        assert move is not None
        game.apply(move)
    return [m if isinstance(m, str) else move_to_dict(m) for m in game.history]


def seat_player(url: str, code: str, name: str, seat: int, seed: int, level: str, out: Any) -> None:
    """A process holding seat `seat`'s session: whenever the game waits for this seat (the
    lowest seat waited for), its seeded bot moves; else it waits on a follower. Puts
    ``(seat, log, problems)`` on `out` when the round is over."""
    log = TableLog(url)
    session = TableSession.from_state({"code": code, "name": name, "holder": holder_for(seat)}, log=log,
                                      run_bots=False)
    follower = log.follower(code, interval=0.01)
    bot = make_bot(level)
    problems: list[str] = []
    try:
        while True:
            session.refresh()
            v = session.view()
            if v.round_over or len(session.history) > 3000:
                break
            if v.to_act and min(v.to_act) == seat:
                assert v.player is not None
                move = bot_move(bot, v.player, seed, session.seq)
                assert move is not None
                outcome = session.act(move)
                if not outcome.applied or outcome.raced:
                    problems.append(f"{seat}: {outcome}")
            else:
                follower.wait(session.seq, 2.0)
        out.put((seat, [m if isinstance(m, str) else move_to_dict(m) for m in session.history], problems))
    finally:
        follower.close()
        log.close()


def racer(url: str, index: int, tasks: Any, results: Any, barrier: Any) -> None:
    """A racing process: for each batch of tasks ``[(code, name, seat, move dict, known) or
    None, …]`` (None: no move at that table), or ``"stop"``: rebuild each table's session from
    the store, wait at the barrier with the other racers, then send its moves table after
    table (the other racers doing the same at once) and put ``(index, outcomes)`` on `results`."""
    log = TableLog(url)
    try:
        while True:
            batch = tasks.get()
            if batch == "stop":
                return
            sessions = [None if t is None else
                        TableSession.from_state({"code": t[0], "name": t[1], "holder": holder_for(t[2])}, log=log,
                                                run_bots=False) for t in batch]
            barrier.wait()
            outcomes = []
            for t, session in zip(batch, sessions):
                if t is None or session is None:
                    outcomes.append(None)
                    continue
                code, name, seat, move, known = t
                o = session.act_at(move_from_dict(move), known)
                outcomes.append((index, code, seat, o.status, o.raced, o.rule, o.seq))
            results.put((index, outcomes))
    finally:
        log.close()


def replay(log: TableLog, code: str) -> Game:
    """Table `code` rebuilt from its log in this process (the test's own check)."""
    t = log.table(code)
    game = Game(list(t.start["names"]), Rules(), seed=int(t.start["seed"]), record_undo=False)
    for row in log.moves(code):
        if row.entry == NEW_ROUND:
            game.new_round()
        else:
            game.apply(move_from_dict(row.entry))
    return game


@functools.lru_cache(maxsize=8)
def race_moments(n: int, seed: int, players: int = 4) -> list[tuple[int, list[Any], list[tuple[int, Any]]]]:
    """`n` seeded moments where 2–4 seats may act out of turn at once (speed plays, catches,
    UNO calls): ``(deal seed, the log up to that moment, [(seat, move dict), …])``. Between
    moments the seat waited for makes a seeded random move of its turn (cheaper than a bot;
    it often forgets UNO, so catches come up)."""
    out: list[tuple[int, list[Any], list[tuple[int, Any]]]] = []
    names = [f"P{i + 1}" for i in range(players)]
    g_index = 0
    while len(out) < n:
        deal = seed * 1000 + g_index
        g_index += 1
        rng = random.Random(deal)
        game = Game(names, Rules(), seed=deal, record_undo=False)
        while not game.phase.is_over and len(game.history) < 80 and len(out) < n:
            racing: list[tuple[int, Any]] = []
            for p in range(players):
                moves = [m for m in game.legal_moves(p) if isinstance(m, (SpeedPlay, Catch, CallUno))]
                if moves:
                    racing.append((p, move_to_dict(rng.choice(moves))))
            if len(racing) >= 2:
                rng.shuffle(racing)
                out.append((deal, [m if isinstance(m, str) else move_to_dict(m) for m in game.history], racing[:4]))
            seat = min(game.to_act())
            legal = game.legal_moves(seat)
            turn = [m for m in legal if not isinstance(m, (SpeedPlay, Catch, CallUno))] or list(legal)
            game.apply(rng.choice(turn))
    return out


def kernel(url: str, code: str, name: str, clock_path: str, out: Any) -> None:
    """A kernel watching table `code` (as spectator `name`) that ticks in a loop: it runs the
    bots while it holds the lease. Puts ``(name, holds_lease, seq)`` on `out` after each tick
    that changed something."""
    log = TableLog(url)
    clock = FileClock(clock_path)
    session = TableSession.join(log, code, name=name, holder=holder_for(0, name), clock=clock, watch=True)
    last: tuple[bool, int, float] | None = None
    while True:
        now = clock()
        rep = session.tick()
        state = (rep.holds_lease, session.seq, now)
        if state != last:   # after every move of the clock, and whenever something changed
            out.put((name, rep.holds_lease, session.seq, session.view().round_over, now))
            last = state
        time.sleep(0.005)


def learner_seat(url: str, code: str, name: str, holder: str, out: Any) -> None:
    """A learner's kernel: rejoins (or joins) `code` and reports ``(seat, hand, state)``, then
    idles until killed."""
    log = TableLog(url)
    session = TableSession.join(log, code, name=name, holder=holder, run_bots=False)
    v = session.view()
    out.put((session.seat, [str(c) for c in v.player.hand] if v.player else None, session.to_state()))
    signal.pause()
