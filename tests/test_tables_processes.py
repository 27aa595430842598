"""Live tables across processes (issue 23): each seat driven from its own process (forked
from a fork server, tests.helpers_forks; not threads) through the store, on SQLite and PostgreSQL — the same game as in one process;
races for one moment settled by commit order; the bot-lease holder killed with SIGKILL; a
learner's kernel killed and restarted. The processes wait on followers or on a clock the test
moves (tests.tables_workers.FileClock); the test waits for conditions, never a fixed time."""

from __future__ import annotations

import os
import queue
import signal
from collections import defaultdict

import pytest

from unoparty.progress.table_log import TableLog
from unoparty.session.table import Pace, TableSession
from tests.helpers_tables import pg_url, url  # noqa: F401 — fixtures
from tests import tables_workers as w
from tests.helpers_forks import context

CTX = context()
WAIT = float(os.environ.get("UNOPARTY_TEST_WAIT", "120"))  # s: the most a condition may take on a loaded machine (not a pace of the test)


def _stop(procs):
    for p in procs:
        if p.is_alive():
            p.kill()
        p.join(10)


def test_one_process_per_seat_plays_the_same_game_as_one_process(url):
    names = ["P1", "P2", "P3"]
    seed = 23
    log = TableLog(url)
    code = w.make_running_table(log, names, seed=seed)
    out = CTX.Queue()
    procs = [CTX.Process(target=w.seat_player, args=(url, code, n, i, seed, "basic", out)) for i, n in enumerate(names)]
    for p in procs:
        p.start()
    try:
        results = [out.get(timeout=WAIT) for _ in procs]
    finally:
        _stop(procs)
    reference = w.reference_history(names, seed)
    assert len(reference) > 10
    for seat, history, problems in results:
        assert problems == []
        assert history == reference, f"seat {seat}'s game differs from the game played in one process"
    assert [m.entry for m in log.moves(code)] == reference


def _run_races(url: str, moments: int, seed: int, batch: int = 20) -> None:
    """`moments` seeded moments, `batch` tables at a time: 4 racing processes (2–4 of them
    with a move at each table) send their moves for one moment each table, all at once."""
    log = TableLog(url)
    tasks = [CTX.Queue() for _ in range(4)]
    results = CTX.Queue()
    barrier = CTX.Barrier(4)
    procs = [CTX.Process(target=w.racer, args=(url, i, tasks[i], results, barrier)) for i in range(4)]
    for p in procs:
        p.start()
    try:
        found = w.race_moments(moments, seed)   # while the racers start
        losers = refused_after = 0
        for b in range(0, len(found), batch):
            part = found[b:b + batch]
            codes = []
            for deal, prefix, racing in part:
                code = w.make_running_table(log, ["P1", "P2", "P3", "P4"], seed=deal)
                w.append_prefix(log, code, prefix)
                codes.append(code)
            for i in range(4):
                tasks[i].put([(code, f"P{racing[i][0] + 1}", racing[i][0], racing[i][1], len(prefix))
                              if i < len(racing) else None for code, (_, prefix, racing) in zip(codes, part)])
            by_racer = dict(results.get(timeout=WAIT) for _ in range(4))
            for k, (code, (deal, prefix, racing)) in enumerate(zip(codes, part)):
                known = len(prefix)
                outs = [by_racer[i][k] for i in range(4) if by_racer[i][k] is not None]
                assert len(outs) == len(racing)
                first = [o for o in outs if not o[4]]
                assert len(first) == 1 and first[0][3] == "applied" and first[0][6] == known + 1, outs  # one winner
                for o in outs:
                    if o[4]:   # the losers are told: raced, then applied or refused with the rule
                        losers += 1
                        assert o[3] in ("applied", "refused")
                        if o[3] == "refused":
                            assert o[5], f"a loser refused without a rule: {o}"
                            refused_after += 1
                rows = log.moves(code)
                applied = sorted(o[6] for o in outs if o[3] == "applied")
                assert [r.seq for r in rows] == list(range(1, len(rows) + 1))
                assert applied == list(range(known + 1, len(rows) + 1))
                game = w.replay(log, code)
                assert game.card_count() == 224   # every card accounted for
        assert losers >= len(found) and refused_after > 0
        for t in tasks:
            t.put("stop")
    finally:
        _stop(procs)


def test_races_for_one_moment_exactly_one_winner_losers_told(url):
    _run_races(url, 200, seed=5)


@pytest.mark.soak
def test_races_soak(url):
    _run_races(url, 3000, seed=11)


def _wait_for(q, cond, what):
    seen = []
    try:
        while True:
            item = q.get(timeout=WAIT)
            seen.append(item)
            if cond(item):
                return item
    except queue.Empty:
        raise AssertionError(f"waited {WAIT} s for {what}; saw {seen[-5:]}") from None


def test_the_bot_lease_holder_killed_mid_round_another_takes_it_and_the_round_finishes(url, tmp_path):
    clock = w.FileClock(tmp_path / "clock")
    t = 1000.0
    clock.set(t)
    log = TableLog(url)
    pace = Pace(kind="party", window=0, lease=10.0, heartbeat=1.0, pause_without_learners=False, round_pause=None)
    code = w.make_running_table(log, ["B1", "B2", "B3"], seed=4, learners=set(), pace=pace, now=t)
    out, out_b = CTX.Queue(), CTX.Queue()  # one each: A dies by SIGKILL, perhaps holding its queue's lock
    a = CTX.Process(target=w.kernel, args=(url, code, "KernelA", str(clock.path), out))
    a.start()
    procs = [a]
    try:
        _wait_for(out, lambda x: x[0] == "KernelA" and x[1], "kernel A to take the lease")
        b = CTX.Process(target=w.kernel, args=(url, code, "KernelB", str(clock.path), out_b))
        b.start()
        procs.append(b)
        _wait_for(out_b, lambda x: x[0] == "KernelB", "kernel B to tick")
        while log.last_seq(code) < 6:   # A plays the bots as the clock moves
            t += 2.0
            clock.set(t)
            _wait_for(out, lambda x, t=t: x[0] == "KernelA" and x[4] >= t, "kernel A to tick at the new time")
        os.kill(a.pid, signal.SIGKILL)
        a.join(10)
        killed_at = log.last_seq(code)
        holder, expires = log.lease(code)
        assert holder == w.holder_for(0, "KernelA")
        took_at = None
        while True:
            t += 1.0
            clock.set(t)
            item = _wait_for(out_b, lambda x, t=t: x[0] == "KernelB" and x[4] >= t, "kernel B to tick at the new time")
            if item[1] and took_at is None:
                took_at = item[4]
            if item[3]:
                break
            assert t < 2000, "the round did not finish"
        assert log.lease(code)[0] == w.holder_for(0, "KernelB")
        assert took_at is not None and took_at > expires   # B took over only after A's lease ran out
        final = TableSession.join(log, code, name="Onlooker", watch=True, run_bots=False)
        assert final.view().round_over and final._game.card_count() == 224
        assert final.seq > killed_at
    finally:
        _stop(procs)


def test_a_learners_kernel_killed_and_restarted_gets_its_seat_and_hand_back(url):
    log = TableLog(url)
    code = w.make_running_table(log, ["Ava", "Ben", "Cy"], seed=9, learners={0, 1})
    out = CTX.Queue()
    first = CTX.Process(target=w.learner_seat, args=(url, code, "Ben", w.holder_for(1), out))
    first.start()
    try:
        seat, hand, state = out.get(timeout=WAIT)
        os.kill(first.pid, signal.SIGKILL)
        first.join(10)
        out2 = CTX.Queue()   # its own: the killed process may have died holding the first queue's lock
        second = CTX.Process(target=w.learner_seat, args=(url, state["code"], state["name"], state["holder"], out2))
        second.start()
        seat2, hand2, state2 = out2.get(timeout=WAIT)
        assert (seat2, hand2) == (seat, hand) == (1, hand) and hand
        assert state2["holder"] == state["holder"]
    finally:
        _stop([first] + ([second] if "second" in locals() else []))
