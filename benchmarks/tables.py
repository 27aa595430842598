"""Live tables (issue 23): how fast a move reaches every other seat, SQLite and PostgreSQL.

In one run, each seat a plain process (spawned) holding that seat's `TableSession` and a
`Follower` (no browser); every seat is a learner whose moves a seeded bot picks in its own
process (the lowest seat the game waits for moves):

1. **16 seats on one table**: from a move's commit (the committing process, right after
   `TableSession.act` returns) to each other seat's session updated (`refresh` done after its
   follower woke): the median and p95 over every (move, other seat), and the median of the
   slowest seat per move — with the load average beside it;
2. **10 tables × 8 seats (80 processes at once)**: no failure, no lost move (every seat's
   log equals the store's), commits/s over all tables, the slowest update;
3. **an idle follower's CPU**: followers of a table where nothing happens, for a while: CPU
   seconds / wall seconds (% of one core), SQLite (``PRAGMA data_version`` every
   ``--interval`` s) and PostgreSQL (LISTEN/NOTIFY).

PostgreSQL: a throwaway cluster (Debian's /usr/lib/postgresql/*/bin, max_connections 400),
or ``UNOPARTY_TEST_PG``. Clocks: ``time.monotonic`` (CLOCK_MONOTONIC, one clock for every
process on this machine). Its last line reads ``median update: N ms (sqlite), M ms (postgresql)``.

    python benchmarks/tables.py [--moves 120] [--interval 0.05] [--idle 10] [--skip-pg]
"""

from __future__ import annotations

import argparse
import glob
import multiprocessing
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CTX = multiprocessing.get_context("spawn")


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def seat_proc(url: str, code: str, name: str, seat: int, seed: int, interval: float, ready: Any, go: Any,
              out: Any, max_moves: int) -> None:
    """One seat: plays its bot's moves when the game waits for it, else waits on its follower."""
    from unoparty.bots import make_bot
    from unoparty.progress.table_log import TableLog
    from unoparty.session.table import TableSession, bot_move
    from tests.tables_workers import holder_for
    log = TableLog(url)
    session = TableSession.from_state({"code": code, "name": name, "holder": holder_for(seat)}, log=log,
                                      run_bots=False)
    follower = log.follower(code, interval=interval)
    bot = make_bot("basic")
    commits: dict[int, float] = {}
    updates: dict[int, float] = {}
    error = None
    ready.release()
    go.wait()
    cpu0 = _cpu()
    try:
        while True:
            v = session.view()
            if v.round_over or session.seq >= max_moves:
                break
            if v.to_act and min(v.to_act) == seat and v.player is not None:
                o = session.act(bot_move(bot, v.player, seed, session.seq))  # type: ignore[arg-type]
                if not o.applied:
                    error = f"seat {seat}: {o}"
                    break
                commits[o.seq or 0] = time.monotonic()
                continue
            before = session.seq
            if follower.wait(before, 10.0) > before:
                session.refresh()
                t = time.monotonic()
                for q in range(before + 1, session.seq + 1):
                    updates[q] = t
    except Exception as e:  # reported, not hidden
        error = f"seat {seat}: {type(e).__name__}: {e}"
    from unoparty.engine.serial import move_to_dict
    history = [m if isinstance(m, str) else move_to_dict(m) for m in session.history]
    out.put((code, seat, commits, updates, _cpu() - cpu0, history, error))
    follower.close()
    log.close()


def idle_follower(url: str, code: str, interval: float, seconds: float, ready: Any, go: Any, out: Any) -> None:
    """Follow a table where nothing happens for `seconds`; report CPU seconds used."""
    from unoparty.progress.table_log import TableLog
    log = TableLog(url)
    follower = log.follower(code, interval=interval)
    follower.wait(0, 0.01)
    ready.release()
    go.wait()
    cpu0, t0 = _cpu(), time.monotonic()
    last = follower.wait(0, seconds)
    out.put((_cpu() - cpu0, time.monotonic() - t0, last))
    follower.close()


def run_tables(url: str, tables: int, seats: int, moves: int, interval: float, seed: int) -> dict[str, Any]:
    """`tables` tables of `seats` seat processes each, all at once."""
    from unoparty.progress.table_log import TableLog
    from tests.tables_workers import make_running_table
    log = TableLog(url)
    names = [f"P{i + 1}" for i in range(seats)]
    codes = [make_running_table(log, names, seed=seed + k) for k in range(tables)]
    ready, go, out = CTX.Semaphore(0), CTX.Event(), CTX.Queue()
    procs = [CTX.Process(target=seat_proc, args=(url, code, names[i], i, seed + k, interval, ready, go, out, moves))
             for k, code in enumerate(codes) for i in range(seats)]
    for p in procs:
        p.start()
    for _ in procs:
        ready.acquire()
    load_before = os.getloadavg()[0]
    t0 = time.monotonic()
    go.set()
    results = [out.get(timeout=600) for _ in procs]
    wall = time.monotonic() - t0
    load_after = os.getloadavg()[0]
    for p in procs:
        p.join(30)
    errors = [r[6] for r in results if r[6]]
    lats: list[float] = []
    slowest_per_move: list[float] = []
    lost = 0
    n_commits = 0
    for code in codes:
        rs = [r for r in results if r[0] == code]
        stored = [m.entry for m in log.moves(code)]
        lost += sum(1 for r in rs if r[5] != stored[:len(r[5])] or len(r[5]) != len(stored))
        commits = {q: t for r in rs for q, t in r[2].items()}
        n_commits += len(commits)
        for q, t in commits.items():
            others = [r[3][q] - t for r in rs if q in r[3] and q not in r[2]]
            lats += others
            if others:
                slowest_per_move.append(max(others))
    lats.sort()
    return {
        "tables": tables, "seats": seats, "commits": n_commits, "wall": wall, "errors": errors, "lost": lost,
        "median_ms": 1000 * statistics.median(lats) if lats else float("nan"),
        "p95_ms": 1000 * lats[int(0.95 * (len(lats) - 1))] if lats else float("nan"),
        "all_seats_median_ms": 1000 * statistics.median(slowest_per_move) if slowest_per_move else float("nan"),
        "slowest_ms": 1000 * max(lats) if lats else float("nan"),
        "commits_per_s": n_commits / wall if wall else 0.0,
        "cpu_per_seat_s": statistics.mean(r[4] for r in results),
        "load": (load_before, load_after),
    }


def run_idle(url: str, n: int, seconds: float, interval: float) -> float:
    """CPU % of one core that an idle follower costs (mean over `n` followers)."""
    from unoparty.progress.table_log import TableLog
    from tests.tables_workers import make_running_table
    log = TableLog(url)
    code = make_running_table(log, ["P1", "P2"], seed=1)
    ready, go, out = CTX.Semaphore(0), CTX.Event(), CTX.Queue()
    procs = [CTX.Process(target=idle_follower, args=(url, code, interval, seconds, ready, go, out)) for _ in range(n)]
    for p in procs:
        p.start()
    for _ in procs:
        ready.acquire()
    go.set()
    got = [out.get(timeout=seconds + 120) for _ in procs]
    for p in procs:
        p.join(30)
    return 100 * statistics.mean(cpu / wall for cpu, wall, _ in got)


class _Cluster:
    """A throwaway PostgreSQL cluster with room for 80 processes' connections."""

    def __init__(self) -> None:
        def find(name: str) -> str:
            found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}")) or [shutil.which(name) or ""]
            if not found[-1]:
                raise RuntimeError(f"no {name}: install PostgreSQL or set UNOPARTY_TEST_PG")
            return found[-1]
        self.root = tempfile.mkdtemp(prefix="unoparty-bench-pg-")
        self.run_as: list[str] = []
        if os.geteuid() == 0:
            import pwd
            user = pwd.getpwnam("postgres")
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self.run_as = ["runuser", "-u", "postgres", "--"]
        self.pg_ctl, self.data = find("pg_ctl"), os.path.join(self.root, "data")
        from tests.helpers_process import free_port
        port = free_port()
        subprocess.run([*self.run_as, find("initdb"), "-D", self.data, "-U", "postgres", "--auth=trust", "-E", "UTF8",
                        "--no-sync"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        opts = (f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={self.root} "
                "-c fsync=off -c max_connections=400 -c shared_buffers=64MB")
        subprocess.run([*self.run_as, self.pg_ctl, "-D", self.data, "-l", os.path.join(self.root, "log"), "-o", opts,
                        "-w", "-t", "60", "start"], check=True, stdout=subprocess.DEVNULL)
        self.url = f"postgresql://postgres@127.0.0.1:{port}/postgres"

    def stop(self) -> None:
        subprocess.run([*self.run_as, self.pg_ctl, "-D", self.data, "-m", "fast", "-w", "stop"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(self.root, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", type=int, default=120, help="moves per table (at most one round)")
    ap.add_argument("--interval", type=float, default=0.05, help="SQLite followers' check interval (s)")
    ap.add_argument("--idle", type=float, default=10.0, help="seconds the idle followers are measured")
    ap.add_argument("--skip-pg", action="store_true")
    args = ap.parse_args()
    print(f"{os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.2f}", flush=True)
    medians: dict[str, float] = {}
    cluster = None
    backends = ["sqlite"] + ([] if args.skip_pg else ["postgresql"])
    tmp = tempfile.mkdtemp(prefix="unoparty-bench-tables-")
    try:
        for backend in backends:
            if backend == "sqlite":
                url = f"sqlite:///{tmp}/class.sqlite3"
            else:
                url = os.environ.get("UNOPARTY_TEST_PG") or ""
                if not url:
                    cluster = _Cluster()
                    url = cluster.url
            one = run_tables(url, 1, 16, args.moves, args.interval, seed=100)
            print(f"[{backend}] 16 seats, 1 table: {one['commits']} moves, commit → each other seat updated: "
                  f"median {one['median_ms']:.1f} ms, p95 {one['p95_ms']:.1f} ms; every other seat updated: median "
                  f"{one['all_seats_median_ms']:.1f} ms; errors {len(one['errors'])}, lost {one['lost']}; "
                  f"load average {one['load'][0]:.2f} → {one['load'][1]:.2f}", flush=True)
            for e in one["errors"][:3]:
                print("   ", e)
            medians[backend] = one["median_ms"]
            many = run_tables(url, 10, 8, args.moves, args.interval, seed=200)
            print(f"[{backend}] 10 tables × 8 seats (80 processes): {many['commits']} moves in {many['wall']:.1f} s = "
                  f"{many['commits_per_s']:.1f} commits/s; update median {many['median_ms']:.1f} ms, p95 "
                  f"{many['p95_ms']:.1f} ms, slowest {many['slowest_ms']:.0f} ms; errors {len(many['errors'])}, lost "
                  f"{many['lost']}; CPU per seat process {many['cpu_per_seat_s']:.2f} s; load average "
                  f"{many['load'][0]:.2f} → {many['load'][1]:.2f}", flush=True)
            for e in many["errors"][:3]:
                print("   ", e)
            load = os.getloadavg()[0]
            idle = run_idle(url, 4, args.idle, args.interval)
            how = f"PRAGMA data_version every {args.interval * 1000:.0f} ms" if backend == "sqlite" else "LISTEN/NOTIFY"
            print(f"[{backend}] idle follower ({how}): {idle:.3f} % of a core (4 followers, {args.idle:.0f} s; load "
                  f"average {load:.2f})", flush=True)
    finally:
        if cluster is not None:
            cluster.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    parts = [f"{medians[b]:.0f} ms ({b})" for b in backends]
    print("median update: " + ", ".join(parts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
