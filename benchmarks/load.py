"""A class at once: N learners open the app together, against one Voila server
(``unoparty app`` with a preheated pool) and against the static site (``make site``).

How the learners are simulated (light clients, so that the load generator does not starve
a 2-core server that runs on the same machine):

- **A few real browser pages** (``--browsers``, default 2; headless Chromium): navigation
  until the app's "Play against bots" button shows.
- **Every other learner is a protocol-level client** (asyncio + tornado, one process): it
  does what the page does on the wire — GET the page (Voila renders it with a kernel from
  the pool), open the kernel's websocket (``/api/kernels/<id>/channels``), ask the widget
  manager for the widgets' state (``jupyter.widget.control`` → ``request_states``), then
  click the "Play against bots" button (the ``custom``/``click`` comm message a click
  sends) and wait for the kernel's answer (its widget updates, then its idle status).
  *Usable* = that first click's answer received; for a browser page = the button shown.
- Closing: each client sends the kernel shutdown that the page sends when its tab closes
  (``POST /voila/api/shutdown/<id>``, from the page's origin), browser pages close with
  their ``beforeunload``; the benchmark then counts the kernels left (polled, 60 s at most).
- Memory: resident set (RSS) and unique set (USS) of every kernel process (mean and
  largest) and of the server, while all learners are connected (psutil, else ``/proc``).
- **Scenarios of issue 20** (each against its yardstick in the same run, with the load
  average): ``--group 5`` opens five browser tabs together on a fresh server with ``make
  app``'s default pool, then times single warm visits; ``--burst 30 --later 10 --after 75``
  sends a burst of 30 learners (who keep their tabs open), then 10 more 75 s later, while the
  pool refills; then, as their yardstick besides a warm single visit, the same 10 together
  again on a full pool with no refill under way.
- **Static site**: the server's part is only sending files; Python then runs on each
  learner's own computer. One real browser visit records the files a first visit fetches
  and its time until usable; then N clients fetch that whole set at once from
  ``python -m http.server`` (time until the last byte, per learner).

Loopback only; every server it starts is stopped. Figures are reported, not enforced.

    python benchmarks/load.py [--sizes 5,10,20,30] [--pool 30] [--browsers 2] [--no-site]
    python benchmarks/load.py --group 5 --pool 5 --no-site          # five friends at once
    python benchmarks/load.py --sizes "" --pool 3 --visits 3 --no-probe   # the site's second visit beside Voila's
    python benchmarks/load.py --sizes "" --pool 3 --visits 3 --no-probe --site-plain   # and without its snapshot
    python benchmarks/load.py --burst 30 --later 10 --pool 30 --no-site   # a class, then latecomers
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

try:
    import psutil
except ImportError:  # memory from /proc, kernels from the process table
    psutil = None

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run"]
BUTTON = "Play against bots"
TIMEOUT = 600.0  # s: a learner not usable by then counts as a failure (a first visit of the site took over 180 s at load 35-45)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ----------------------------------------------------------------------------- Voila

def _proc_children(pid: int) -> list[int]:
    """Every descendant of `pid` (from /proc, when psutil is missing)."""
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                kids.setdefault(ppid, []).append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    out, todo = [], [pid]
    while todo:
        for child in kids.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def _cmdline(pid: int) -> str:
    if psutil is not None:
        try:
            return " ".join(psutil.Process(pid).cmdline())
        except psutil.Error:
            return ""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def rss_uss(pid: int) -> tuple[int, int] | None:
    """Resident and unique set sizes of `pid`, in bytes (psutil, else /proc/<pid>/smaps_rollup),
    or None when it is gone."""
    if psutil is not None:
        try:
            info = psutil.Process(pid).memory_full_info()
            return info.rss, info.uss
        except psutil.Error:
            return None
    try:
        fields = {}
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 2 and parts[1].isdigit():
                    fields[parts[0].rstrip(":")] = int(parts[1]) * 1024
        return fields["Rss"], fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)
    except (OSError, KeyError):
        return None


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.1f} / {five:.1f} / {fifteen:.1f}"


class AppServer:
    def __init__(self, tmp: Path, pool: int, refill_delay: float | None = None, *extra: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = tmp / "voila.log"
        env = dict(os.environ, UNOPARTY_PROGRESS=str(tmp / "progress.json"), JUPYTER_PLATFORM_DIRS="1")
        self._log = open(self.log, "w")
        delay = [] if refill_delay is None else ["--refill-delay", str(refill_delay)]
        self.proc = subprocess.Popen([sys.executable, "-m", "unoparty", "app", "--port", str(self.port),
                                      "--pool-size", str(pool), *delay, *extra], cwd=tmp, env=env, stdout=self._log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        self.pool = pool

    def _cpu_seconds(self, pids: list[int]) -> float:
        total = 0.0
        tick = os.sysconf("SC_CLK_TCK")
        for pid in pids:
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / tick
            except (OSError, ValueError, IndexError):
                pass
        return total

    def wait_pool(self, timeout: float = 900) -> float:
        """Seconds until the pool is full again: `pool` kernels running, none of them busy
        (a preheated kernel runs the app notebook when it starts)."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited; see {self.log}")
            kernels = self.kernels()
            if len(kernels) == self.pool and "filled with" in self.log.read_text(errors="replace"):
                before = self._cpu_seconds(kernels)
                time.sleep(1.0)
                if self._cpu_seconds(kernels) - before < 0.1 * max(1, self.pool // 10):
                    return time.monotonic() - start
            time.sleep(0.5)
        raise RuntimeError(f"the pool did not fill within {timeout} s")

    def kernel_ids(self) -> set[str]:
        ids = set()
        for k in self.kernels():
            m = re.search(r"kernel-([0-9a-f-]{36})\.json", _cmdline(k))
            if m:
                ids.add(m.group(1))
        return ids

    def kernels(self) -> list[int]:
        """Process ids of the server's kernels."""
        if psutil is not None:
            try:
                children = [c.pid for c in psutil.Process(self.proc.pid).children(recursive=True)]
            except psutil.Error:
                children = []
        else:
            children = _proc_children(self.proc.pid)
        return [pid for pid in children if "ipykernel" in _cmdline(pid) or "unoparty.app_kernel" in _cmdline(pid)]

    def memory(self) -> dict:
        """RSS and USS per kernel (mean and largest) and of the server, in MB (10^6 bytes)."""
        rss, uss = [], []
        for k in self.kernels():
            got = rss_uss(k)
            if got:
                rss.append(got[0])
                uss.append(got[1])
        server = rss_uss(self.proc.pid) or (0, 0)
        mb = 1e6
        return {"kernels": len(rss), "kernel_rss_mb": round(statistics.mean(rss) / mb, 1) if rss else 0,
                "kernel_uss_mb": round(statistics.mean(uss) / mb, 1) if uss else 0,
                "kernel_rss_max_mb": round(max(rss) / mb, 1) if rss else 0,
                "kernel_uss_max_mb": round(max(uss) / mb, 1) if uss else 0,
                "all_kernels_rss_mb": round(sum(rss) / mb), "server_rss_mb": round(server[0] / mb),
                "server_uss_mb": round(server[1] / mb),
                "server_and_kernels_rss_mb": round((sum(rss) + server[0]) / mb), "load_average": load_average()}

    def stop(self) -> None:
        from unoparty.process import stop_session
        stop_session(self.proc, 30)  # its own session: the server and its kernels
        self._log.close()


def _msg(session: str, msg_type: str, content: dict, metadata: dict | None = None) -> dict:
    return {"header": {"msg_id": uuid.uuid4().hex, "username": "learner", "session": session,
                       "msg_type": msg_type, "version": "5.3",
                       "date": datetime.datetime.now(datetime.timezone.utc).isoformat()},
            "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell", "buffers": []}


async def protocol_learner(url: str, reported: list, hold: asyncio.Event) -> dict:
    """One learner on the wire; returns {"usable": seconds or None, "kernel": id, "error": ...}.
    Once usable (or failed) it appends its result to `reported` and keeps its tab open until
    `hold` is set (the whole class is in: memory is measured then)."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    start = time.monotonic()
    result: dict = {"usable": None, "kernel": None, "error": None}
    client = AsyncHTTPClient(force_instance=True)
    ws = None
    try:
        page = (await client.fetch(url, request_timeout=TIMEOUT)).body.decode()
        kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', page).group(1)
        result["kernel"] = kernel
        result["page_s"] = time.monotonic() - start
        session = uuid.uuid4().hex
        ws = await websocket_connect(HTTPRequest(
            f"ws://{url.split('//')[1]}api/kernels/{kernel}/channels?session_id={session}",
            headers={"Origin": url.rstrip("/")}), max_message_size=256 * 2**20)

        async def until(pred, deadline: float):
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("no answer from the kernel")
                raw = await asyncio.wait_for(ws.read_message(), left)
                if raw is None:
                    raise ConnectionError("the kernel's websocket closed")
                if isinstance(raw, bytes):
                    continue
                m = json.loads(raw)
                if pred(m):
                    return m

        deadline = start + TIMEOUT
        control = uuid.uuid4().hex
        ws.write_message(json.dumps(_msg(session, "comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                                                "data": {}}, {"version": "1.0.0"})))
        ask = _msg(session, "comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        ws.write_message(json.dumps(ask))
        states = await until(lambda m: m.get("msg_type") == "comm_msg"
                             and m["content"].get("data", {}).get("method") == "update_states", deadline)
        result["states_s"] = time.monotonic() - start
        button = next(mid for mid, s in states["content"]["data"]["states"].items()
                      if s.get("model_name") == "ButtonModel" and s["state"].get("description") == BUTTON)
        click = _msg(session, "comm_msg", {"comm_id": button, "data": {"method": "custom", "content": {"event": "click"}}})
        ws.write_message(json.dumps(click))
        click_id = click["header"]["msg_id"]
        updates = 0

        def answered(m) -> bool:
            nonlocal updates
            if m.get("parent_header", {}).get("msg_id") != click_id:
                return False
            if m.get("msg_type") in ("comm_msg", "comm_open"):
                updates += 1
            return m.get("msg_type") == "status" and m["content"].get("execution_state") == "idle"

        await until(answered, deadline)
        if not updates:
            raise RuntimeError("the click changed nothing")
        result["usable"] = time.monotonic() - start
    except Exception as e:  # a failed learner is a figure, not a crash
        result["error"] = f"{type(e).__name__}: {e}"
    finally:
        reported.append(result)
        try:
            await asyncio.wait_for(hold.wait(), TIMEOUT)
        except asyncio.TimeoutError:
            pass
        if ws is not None:
            ws.close()
        if result["kernel"]:
            try:
                await client.fetch(HTTPRequest(f"{url}voila/api/shutdown/{result['kernel']}", method="POST", body=b"",
                                               headers={"Origin": url.rstrip("/")}), raise_error=False)
            except Exception:
                pass
        client.close()
    return result


def browser_learners(url: str, n: int, results: list, ready, measure=None) -> None:
    """`n` real pages in one headless Chromium, opened together (`measure()`, if given, is
    called once the pages exist: the CPU clock starts there)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pages = [browser.new_context().new_page() for _ in range(n)]
        if measure:
            measure()
        ready()
        start = time.monotonic()
        for page in pages:
            page.goto(url, wait_until="commit", timeout=TIMEOUT * 1000)
        for page in pages:
            try:
                left = max(1.0, TIMEOUT - (time.monotonic() - start))
                page.get_by_role("button", name=BUTTON, exact=True).first.wait_for(timeout=left * 1000)
                found = re.search(r'"kernelId": "([0-9a-f-]{36})"', page.content())
                results.append({"usable": time.monotonic() - start, "error": None, "browser": True,
                                "kernel": found.group(1) if found else None})
            except Exception as e:
                results.append({"usable": None, "error": f"browser: {type(e).__name__}", "browser": True})
        for page in pages:
            page.close(run_before_unload=True)
        time.sleep(1)  # let the beacons go out before the browser dies (not a measurement)
        browser.close()


def _click_answered(page) -> None:
    """The app is live: "Play against bots" answered with the game's form."""
    page.get_by_role("button", name=BUTTON, exact=True).first.click()
    page.get_by_role("button", name="Deal the cards").wait_for(timeout=TIMEOUT * 1000)


def voila_single_visits(url: str, visits: int, answered: list[float] | None = None) -> list[float]:
    """`visits` browser visits one after another (each a new browser context, so nothing is
    cached), each with a preheated kernel from the pool: seconds until the app is usable
    (on screen: Voila shows it live); `answered` gets the seconds until a click is answered."""
    from playwright.sync_api import sync_playwright

    times = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(visits):
            context = browser.new_context()
            page = context.new_page()
            start = time.monotonic()
            page.goto(url, wait_until="commit")
            page.get_by_role("button", name=BUTTON, exact=True).first.wait_for(timeout=TIMEOUT * 1000)
            times.append(time.monotonic() - start)
            if answered is not None:
                _click_answered(page)
                answered.append(time.monotonic() - start)
            page.close(run_before_unload=True)
            context.close()
        browser.close()
    return times


def voila_wave(server: AppServer, n: int, browsers: int) -> dict:
    import threading

    results: list[dict] = []
    memory: dict = {}
    b = min(browsers, n)
    go = threading.Event()
    thread = threading.Thread(target=browser_learners, args=(server.url, b, results, go.set)) if b else None
    if thread:
        thread.start()
        go.wait(120)

    async def protocol() -> list[dict]:
        reported: list[dict] = []
        hold = asyncio.Event()
        tasks = [asyncio.ensure_future(protocol_learner(server.url, reported, hold)) for _ in range(n - b)]
        while len(reported) < n - b:
            await asyncio.sleep(0.2)
        memory.update(await asyncio.to_thread(server.memory))  # everyone connected
        hold.set()
        return list(await asyncio.gather(*tasks))

    results += asyncio.run(protocol()) if n - b else []
    if thread:
        thread.join()
    if not memory:
        memory.update(server.memory())
    # the learners' kernels still running once every tab is gone (polled, 60 s at most)
    used = {r["kernel"] for r in results if r.get("kernel")}
    deadline = time.monotonic() + 60
    while True:
        left = len(used & server.kernel_ids())
        if left == 0 or time.monotonic() > deadline:
            break
        time.sleep(1)
    times = sorted(r["usable"] for r in results if r["usable"] is not None)
    phases = {k: round(statistics.median(r[k] for r in results if k in r), 1)
              for k in ("page_s", "states_s") if any(k in r for r in results)}
    errors = [r["error"] for r in results if r["error"]]
    return {"learners": n, "browsers": b, "failures": len(errors), "errors": sorted(set(errors))[:3],
            "median_s": round(statistics.median(times), 1) if times else None,
            "max_s": round(times[-1], 1) if times else None,
            "first_s": round(times[0], 1) if times else None, "median_phases": phases, **memory,
            "kernels_known": len(used), "kernels_left_after_close": left}


def _tree_cpu(pid: int) -> dict[int, float]:
    """CPU seconds used so far by `pid` and each of its running descendants, by process id
    (with the CPU of their own children that have exited and been waited for)."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for q in [pid, *_proc_children(pid)]:
        try:
            with open(f"/proc/{q}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            out[q] = sum(int(x) for x in fields[11:15]) / tick
        except (OSError, ValueError, IndexError):
            pass
    return out


def _cpu_spent(before: dict[int, float], after: dict[int, float], pids: set[int] | None = None) -> float:
    """CPU seconds spent between two `_tree_cpu` readings by the processes alive at the end
    (only `pids` if given); a process that ended meanwhile is not counted."""
    return sum(t - before.get(q, 0.0) for q, t in after.items() if pids is None or q in pids)


def protocol_wave(url: str, n: int) -> list[dict]:
    """`n` protocol-level learners at once; each closes its tab once all are usable."""
    async def run() -> list[dict]:
        reported: list[dict] = []
        hold = asyncio.Event()
        tasks = [asyncio.ensure_future(protocol_learner(url, reported, hold)) for _ in range(n)]
        while len(reported) < n:
            await asyncio.sleep(0.1)
        hold.set()
        return list(await asyncio.gather(*tasks))
    return asyncio.run(run())


def voila_group(server: AppServer, n: int, browsers: bool) -> dict:
    """`n` learners opening the app together (friends starting at the same moment): real
    browser tabs (one Chromium on this machine: their JavaScript shares its cores with the
    server) or protocol clients (what the server does for them). Seconds until each is
    usable, and the CPU seconds the server and its kernels spent against everything else
    the benchmark ran (the browser)."""
    results: list[dict] = []
    before = _tree_cpu(os.getpid())
    if browsers:
        browser_learners(server.url, n, results, lambda: None, measure=lambda: before.update(_tree_cpu(os.getpid())))
    else:
        results = protocol_wave(server.url, n)
    after = _tree_cpu(os.getpid())
    ours = set(_tree_cpu(server.proc.pid))
    server_cpu = _cpu_spent(before, after, ours)
    other_cpu = _cpu_spent(before, after) - server_cpu
    times = sorted(r["usable"] for r in results if r["usable"] is not None)
    return {"learners": n, "clients": "browser tabs" if browsers else "protocol", "failures": n - len(times),
            "usable_s": [round(t, 1) for t in times], "max_s": round(times[-1], 1) if times else None,
            # where the slowest waited: its page (the server), the widgets' state, the click (its kernel)
            "page_s": sorted(round(r["page_s"], 1) for r in results if r.get("page_s") is not None),
            "states_s": sorted(round(r["states_s"], 1) for r in results if r.get("states_s") is not None),
            "server_and_kernels_cpu_s": round(server_cpu, 1), "browser_cpu_s": round(max(0.0, other_cpu), 1),
            "load_average": load_average()}


def voila_burst_then_arrivals(server: AppServer, burst: int, later: int, after: float, browsers: int,
                              every: float = 0.0) -> dict:
    """A class of `burst` learners arriving at once (protocol clients that keep their tabs
    open), then `later` more arriving `after` seconds later (together, or one every `every`
    seconds), while the pool refills; the latecomers include `browsers` real pages. Seconds
    until usable for each group."""
    import threading

    out: dict = {}

    async def run() -> None:
        reported: list[dict] = []
        hold = asyncio.Event()
        start = time.monotonic()
        first = [asyncio.ensure_future(protocol_learner(server.url, reported, hold)) for _ in range(burst)]
        await asyncio.sleep(max(0.0, after - (time.monotonic() - start)))
        out["kernels_beyond_the_burst_at_arrival"] = len(server.kernels()) - burst
        out["load_average_at_arrival"] = load_average()
        b = min(browsers, later)
        page_results: list[dict] = []
        thread = threading.Thread(target=browser_learners, args=(server.url, b, page_results, lambda: None)) if b else None
        late_reported: list[dict] = []
        late_hold = asyncio.Event()
        if thread:
            thread.start()
        async def latecomer(k: int) -> dict:
            await asyncio.sleep(k * every)
            return await protocol_learner(server.url, late_reported, late_hold)
        late = [asyncio.ensure_future(latecomer(k)) for k in range(later - b)]
        while len(late_reported) < later - b or (thread and thread.is_alive()):
            await asyncio.sleep(0.2)
        out["memory_all_in"] = await asyncio.to_thread(server.memory)
        hold.set()
        late_hold.set()
        burst_results = await asyncio.gather(*first)
        late_results = list(await asyncio.gather(*late)) + page_results
        for name, rs in (("burst", burst_results), ("later", late_results)):
            times = sorted(r["usable"] for r in rs if r["usable"] is not None)
            out[name] = {"learners": len(rs), "failures": len(rs) - len(times),
                         "median_s": round(statistics.median(times), 1) if times else None,
                         "max_s": round(times[-1], 1) if times else None,
                         "errors": sorted({r["error"] for r in rs if r["error"]})[:3]}
        out["load_average_at_end"] = load_average()

    asyncio.run(run())
    return out


# ----------------------------------------------------------------------------- static site

def site_wave(url: str, files: list[str], n: int) -> dict:
    def learner(_i) -> float | None:
        start = time.monotonic()
        try:
            for f in files:
                with urllib.request.urlopen(url + f, timeout=TIMEOUT) as r:
                    r.read()
            return time.monotonic() - start
        except OSError:
            return None

    with ThreadPoolExecutor(n) as pool:
        times = list(pool.map(learner, range(n)))
    ok = sorted(t for t in times if t is not None)
    return {"learners": n, "failures": n - len(ok), "download_median_s": round(statistics.median(ok), 1) if ok else None,
            "download_max_s": round(ok[-1], 1) if ok else None}


PROBE = """<!doctype html><meta charset="utf-8"><title>probe</title>
<script src="static/pyodide/pyodide.js"></script>
<script>
window.probe = (async () => {
  const t = {}; let s = performance.now();
  const step = async (name, f) => {
    if (t.error) { return; }
    s = performance.now();
    try { await f(); t[name] = performance.now() - s; } catch (e) { t.error = name + ": " + String(e && e.message || e).slice(-600); }
  };
  let py;
  await step("pyodide_boot_ms", async () => { py = await loadPyodide({indexURL: "static/pyodide/"}); });
  await step("load_packages_ms", () => py.loadPackage(%(packages)s));
  await step("import_ipykernel_shim_and_ipython_ms", () => py.runPythonAsync("import IPython, ipykernel, pyodide_kernel"));
  await step("import_ipywidgets_ms", () => py.runPythonAsync("import ipywidgets"));
  await step("import_unoparty_views_ms", () => py.runPythonAsync("import unoparty.views.app"));
  await step("load_store_ms", () => py.runPythonAsync(
      "from unoparty.progress import browser\\nstored = await browser.load_store_from_browser()"));
  await step("build_first_page_ms", async () => {
    const err = await py.runPythonAsync(
        "import traceback, comm\\nfrom comm.base_comm import BaseComm\\n" +
        "class _Quiet(BaseComm):\\n    def publish_msg(self, *a, **k): pass\\n" +
        "import ipywidgets.comm\\nipywidgets.comm.create_comm = lambda *a, **k: _Quiet(*a, **k)\\n" +  // the widget messages' sending is not timed
        "_err = ''\\ntry:\\n    from unoparty.views import App\\n    app = App()\\n" +
        "except BaseException:\\n    _err = traceback.format_exc()\\n_err");
    if (err) { throw new Error(err); }
  });
  return t;
})();
</script>"""


def site_visits(url: str) -> dict:
    """A first visit (empty cache) and a second visit (a new tab of the same browser: its
    cache) of the static site: seconds until usable, the files of the first visit, and for
    the second visit a timeline of where its time goes (the page's and the Python worker's
    own performance timelines, relative to the navigation's start)."""
    from playwright.sync_api import sync_playwright

    seen: list[str] = []
    out: dict = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context()
        context.on("request", lambda r: seen.append(r.url))
        for visit in ("first", "second"):
            page = context.new_page()
            workers: list = []
            page.on("worker", lambda wk: workers.append((time.monotonic(), wk)))
            start = time.monotonic()
            page.goto(url)
            # the landing page on screen: painted from the saved widget state (the site's first
            # paint, deploy/build_site.py) or already live
            page.locator("#up-painted .up-lessonbtn, #rendered_cells .up-lessonbtn").first.wait_for(
                timeout=TIMEOUT * 1000)
            out[f"{visit}_visit_on_screen_s"] = round(time.monotonic() - start, 2)
            page.get_by_role("button", name=BUTTON, exact=True).first.wait_for(timeout=TIMEOUT * 1000)
            usable = time.monotonic() - start
            out[f"{visit}_visit_s"] = round(usable, 2)
            _click_answered(page)
            out[f"{visit}_visit_answered_s"] = round(time.monotonic() - start, 2)
            if visit == "second":
                out["second_visit_timeline"] = _timeline(page, workers, start, usable)
            page.close()
        browser.close()
    files = []
    for u in seen:
        if u.startswith(url) and "/api/" not in u and u[len(url):] not in files:
            files.append(u[len(url):])
    out["files"] = files
    return out


def _timeline(page, workers, start: float, usable: float) -> dict:
    """Milestones (ms since the navigation started) of a visit of the static site."""
    nav = page.evaluate("""() => { const n = performance.getEntriesByType('navigation')[0];
        return {origin: performance.timeOrigin, dom_content_loaded: n.domContentLoadedEventEnd, load: n.loadEventEnd,
                scripts_end: Math.max(0, ...performance.getEntriesByType('resource')
                    .filter(e => e.initiatorType === 'script').map(e => e.responseEnd))}; }""")
    t: dict = {"usable_ms": round(usable * 1000), "page_dom_content_loaded_ms": round(nav["dom_content_loaded"]),
               "page_load_ms": round(nav["load"]), "page_scripts_loaded_ms": round(nav["scripts_end"])}
    for when, worker in workers:
        try:
            w = worker.evaluate("""() => ({origin: performance.timeOrigin,
                entries: performance.getEntriesByType('resource').map(e => ({name: e.name, start: e.startTime, end: e.responseEnd}))})""")
        except Exception:
            continue
        entries = w["entries"]
        if not any("pyodide" in e["name"] for e in entries):
            continue
        shift = w["origin"] - nav["origin"]  # the worker's clock against the page's

        def at(ms: float) -> int:
            return round(ms + shift)
        t["python_worker_started_ms"] = at(0)
        for key, pattern in (("pyodide_wasm", "pyodide.asm.wasm"), ("python_stdlib", "python_stdlib.zip"),
                             ("pyodide_lock", "pyodide-lock.json")):
            hit = [e for e in entries if pattern in e["name"]]
            if hit:
                t[f"{key}_fetched_ms"] = at(hit[0]["end"])
        # how Python started (deploy/site_start.js: from the memory snapshot or the plain way)
        try:
            start_info = worker.evaluate("() => self.unopartyStart || null")
        except Exception:
            start_info = None
        if start_info:
            done = start_info.pop("at", None)
            t["python_start"] = {**start_info, **({"done_ms": round(done - nav["origin"])} if done else {})}
        wheels = [e for e in entries if e["name"].split("?")[0].endswith(".whl")]
        if wheels:
            t["wheels"] = len(wheels)
            t["wheels_first_request_ms"] = at(min(e["start"] for e in wheels))
            t["wheels_all_fetched_ms"] = at(max(e["end"] for e in wheels))
    return t


def site_probe(url: str, packages: list[str]) -> list[dict]:
    """Python in the browser, step by step, outside Voici (the probe page loads Pyodide
    from the site, its packages, imports and builds the app's first page): milliseconds
    per step, twice in one browser (the second run from its cache)."""
    from playwright.sync_api import sync_playwright

    runs = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context()
        for _ in range(2):
            page = context.new_page()
            page.goto(url + "unoparty-probe.html")
            runs.append({k: round(v) if isinstance(v, (int, float)) else v
                         for k, v in page.evaluate("window.probe").items()})
            page.close()
        browser.close()
    return runs


SNAPSHOT_MANIFEST = "static/pyodide/unoparty-snapshot.json"   # deploy/build_site.py's memory snapshot


def link_tree(site: Path, root: Path, without: str | None) -> None:
    """`root` mirrors `site` with symbolic links, except the file `without` (a path in `site`)."""
    root.mkdir()
    inside = without.split("/", 1) if without else None
    for entry in site.iterdir():
        if inside and entry.name == inside[0]:
            if len(inside) == 2 and entry.is_dir():
                link_tree(entry, root / entry.name, inside[1])
            continue
        (root / entry.name).symlink_to(entry)


def serve_site(site: Path, tmp: Path, plain: bool = False) -> tuple[subprocess.Popen, str]:
    """``python -m http.server`` on a folder holding the site (linked) and the probe page;
    `plain`: without the memory snapshot's manifest (Python then starts the plain way)."""
    root = tmp / ("site-plain" if plain else "site")
    link_tree(site, root, SNAPSHOT_MANIFEST if plain else None)
    settings = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"]
    packages = settings["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]["packages"]
    (root / "unoparty-probe.html").write_text(PROBE % {"packages": json.dumps(packages)})
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                             "--directory", str(root)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    return proc, f"http://127.0.0.1:{port}/"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="5,10,20,30")
    ap.add_argument("--pool", type=int, default=None, help="preheated kernels (default: the largest size)")
    ap.add_argument("--browsers", type=int, default=2)
    ap.add_argument("--refill-delay", type=float, default=None, help="unoparty app --refill-delay (default: its own)")
    ap.add_argument("--group", type=int, default=0, help="instead of the waves: N browser tabs opened together on "
                    "the fresh server, then the single visits (the yardstick)")
    ap.add_argument("--burst", type=int, default=0, help="instead of the waves: a class of N at once, then --later "
                    "more --after seconds later")
    ap.add_argument("--later", type=int, default=10)
    ap.add_argument("--after", type=float, default=75.0)
    ap.add_argument("--later-every", type=float, default=0.0, help="seconds between the latecomers (0: together)")
    ap.add_argument("--app-args", default="", help="more arguments for unoparty app (e.g. '--max-kernels 40')")
    ap.add_argument("--no-site", action="store_true")
    ap.add_argument("--no-voila", action="store_true")
    ap.add_argument("--visits", type=int, default=3, help="single visits with a preheated kernel (the yardstick)")
    ap.add_argument("--no-probe", action="store_true", help="skip the step-by-step Python-in-the-browser probe")
    ap.add_argument("--site-plain", action="store_true", help="also the site's visits with Python started the plain "
                    "way (its memory snapshot's manifest left out), in the same run")
    ap.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]   # --sizes "": no waves
    pool = args.pool if args.pool is not None else max(sizes)
    report: dict = {"cpus": os.cpu_count(), "voila": [], "site": [], "load_average_at_start": load_average()}
    if not args.no_voila:
        with tempfile.TemporaryDirectory(prefix="unoparty-load-") as tmp:
            server = AppServer(Path(tmp), pool, args.refill_delay, *args.app_args.split())
            try:
                report["pool"] = pool
                report["pool_fill_s"] = round(server.wait_pool(), 1)
                report["idle_memory"] = server.memory()
                print(f"voila: pool of {pool} filled in {report['pool_fill_s']} s; idle {report['idle_memory']}",
                      flush=True)
                if args.group or args.burst:
                    if args.group:
                        report["group"] = voila_group(server, args.group, args.browsers > 0)
                        print("voila: opened together", json.dumps(report["group"]), flush=True)
                    else:
                        report["burst"] = voila_burst_then_arrivals(server, args.burst, args.later, args.after,
                                                                    args.browsers, args.later_every)
                        print("voila: a class, then latecomers", json.dumps(report["burst"]), flush=True)
                    server.wait_pool()
                    report["memory_after"] = server.memory()
                    if args.browsers:
                        visits = voila_single_visits(server.url, max(1, min(args.visits, pool)))
                    else:  # the same clients as the scenario's, one after another
                        visits = []
                        for _ in range(max(1, min(args.visits, pool))):
                            server.wait_pool()
                            visits += [r["usable"] for r in protocol_wave(server.url, 1) if r["usable"]]
                    report["voila_preheated_visit_s"] = round(statistics.median(visits), 2)
                    report["voila_preheated_visits_s"] = [round(v, 2) for v in visits]
                    report["load_average_at_visits"] = load_average()
                    slowest = (report.get("group", {}).get("max_s")
                               or report.get("burst", {}).get("later", {}).get("max_s"))
                    if slowest:
                        report["slowest_vs_warm_visit"] = round(slowest / report["voila_preheated_visit_s"], 2)
                    print("voila: warm single visits", report["voila_preheated_visits_s"],
                          "slowest of the scenario / warm visit:", report.get("slowest_vs_warm_visit"), flush=True)
                    if args.burst and not args.later_every:
                        # the same latecomers, together, on a full pool with no refill under way: what
                        # the refill costs them, apart from what n pages at once cost on these cores
                        server.wait_pool()
                        wave = protocol_wave(server.url, args.later)
                        times = sorted(r["usable"] for r in wave if r["usable"] is not None)
                        report["later_on_a_full_pool"] = {"max_s": round(times[-1], 2) if times else None,
                                                          "median_s": round(statistics.median(times), 2) if times else None,
                                                          "failures": len(wave) - len(times),
                                                          "load_average": load_average()}
                        later_max = report.get("burst", {}).get("later", {}).get("max_s")
                        if times and later_max:
                            report["later_during_refill_vs_full_pool"] = round(later_max / times[-1], 2)
                        print("voila: the latecomers again, on a full pool", json.dumps(report["later_on_a_full_pool"]),
                              "during the refill / on a full pool:", report.get("later_during_refill_vs_full_pool"),
                              flush=True)
                    sizes = []
                elif args.visits:
                    answered: list[float] = []
                    visits = voila_single_visits(server.url, min(args.visits, pool), answered)
                    report["voila_preheated_visit_s"] = round(statistics.median(visits), 2)
                    report["voila_preheated_visits_s"] = [round(v, 2) for v in visits]
                    report["voila_preheated_answered_s"] = round(statistics.median(answered), 2)
                    report["load_average_at_visits"] = load_average()
                    print("voila: one visitor with a preheated kernel", report["voila_preheated_visits_s"], flush=True)
                for n in sizes:
                    server.wait_pool()
                    wave = voila_wave(server, n, args.browsers)
                    report["voila"].append(wave)
                    print("voila", json.dumps(wave), flush=True)
            finally:
                server.stop()
    if not args.no_site:
        site = ROOT / "site"
        if not (site / "index.html").is_file():
            print("static site: not built (make site): skipped")
        else:
            tmp = Path(tempfile.mkdtemp(prefix="unoparty-site-"))
            proc, url = serve_site(site, tmp)
            try:
                time.sleep(1)  # the server binds (not a measurement)
                visits = site_visits(url)
                files = visits.pop("files")
                size = sum((site / f.split("?")[0]).stat().st_size for f in files
                           if (site / f.split("?")[0]).is_file())
                report["site_visits"] = {**visits, "files": len(files), "download_mb": round(size / 1e6, 1)}
                if "voila_preheated_visit_s" in report:
                    report["site_visits"]["second_visit_vs_preheated_voila_visit"] = round(
                        visits["second_visit_s"] / report["voila_preheated_visit_s"], 1)
                    # issue 20's goals: on screen within 2x a preheated Voila visit, live within 3x
                    report["site_visits"]["second_visit_on_screen_vs_preheated_voila_visit"] = round(
                        visits["second_visit_on_screen_s"] / report["voila_preheated_visit_s"], 2)
                    report["site_visits"]["second_visit_answered_vs_preheated_voila_answered"] = round(
                        visits["second_visit_answered_s"] / report["voila_preheated_answered_s"], 2)
                report["site_visits"]["load_average"] = load_average()
                print("site visits", json.dumps(report["site_visits"]), flush=True)
                if args.site_plain and (site / SNAPSHOT_MANIFEST).is_file():
                    # the same visits with Python started the plain way (no snapshot), in this run
                    plain_proc, plain_url = serve_site(site, tmp, plain=True)
                    try:
                        time.sleep(1)  # the server binds (not a measurement)
                        plain = site_visits(plain_url)
                        plain.pop("files")
                    finally:
                        from unoparty.process import stop_session
                        stop_session(plain_proc, 10)
                    plain["load_average"] = load_average()
                    if "voila_preheated_answered_s" in report:
                        plain["second_visit_answered_vs_preheated_voila_answered"] = round(
                            plain["second_visit_answered_s"] / report["voila_preheated_answered_s"], 2)
                    report["site_visits_plain_start"] = plain
                    print("site visits, Python started the plain way", json.dumps(plain), flush=True)
                if not args.no_probe:
                    settings = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
                    packages = settings["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"][
                        "loadPyodideOptions"]["packages"]
                    report["site_probe"] = site_probe(url, packages)
                    print("site probe (ms; first run, then from the cache)", json.dumps(report["site_probe"]), flush=True)
                for n in sizes:
                    wave = site_wave(url, files, n)
                    report["site"].append(wave)
                    print("site", json.dumps(wave), flush=True)
            finally:
                from unoparty.process import stop_session
                stop_session(proc, 10)
                import shutil
                shutil.rmtree(tmp, ignore_errors=True)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
