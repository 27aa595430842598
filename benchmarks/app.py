"""How fast the Voila app feels, against the floor of ipywidgets under Voila on this machine.

In one run, in headless Chromium (Debian's /usr/bin/chromium):

1. time until usable — from navigation to the first button answering — for the app
   (``notebooks/Start here.ipynb``) and for a minimal one-button ipywidgets notebook served
   the same way (``benchmarks/floor.ipynb``, the floor);
2. click → updated table in a game against bots (learning pace: the click's move and every
   bot move after it, rendered) against the floor's click round trip.

Prints the medians and the ratios (goal: ≤ 1.5× the floor). Exit status 0 unless the
measurement itself fails: figures are reported, not enforced.

    python benchmarks/app.py [--loads 3] [--clicks 15]
"""

from __future__ import annotations

import argparse
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
GOAL = 1.5


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Voila:
    def __init__(self, notebook: Path, tmp: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        env["UNOPARTY_PROGRESS"] = str(tmp / "progress.json")
        voila = Path(sys.executable).parent / "voila"
        cmd = [str(voila)] if voila.exists() else [sys.executable, "-m", "voila"]
        cmd += [notebook.name, "--no-browser", f"--port={self.port}", "--Voila.ip=127.0.0.1",
                "--strip_sources=True", "--MappingKernelManager.cull_idle_timeout=120",
                "--MappingKernelManager.cull_interval=30"]
        self.log = open(tmp / f"voila-{notebook.stem}.log", "w")
        self.proc = subprocess.Popen(cmd, cwd=notebook.parent, env=env, stdout=self.log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "voila/static/", timeout=2)
                return
            except urllib.error.HTTPError:
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"voila did not start for {notebook}")

    def stop(self) -> None:
        from unoparty.process import stop_session
        stop_session(self.proc, 10)  # its own session: voila and its kernels
        self.log.close()


def time_to_usable(browser, url: str, button: str) -> float:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    t0 = time.perf_counter()
    page.goto(url)
    page.get_by_role("button", name=button, exact=True).first.wait_for(timeout=120_000)
    elapsed = time.perf_counter() - t0
    page.close()
    return elapsed


def floor_clicks(browser, url: str, n: int) -> list[float]:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(url)
    page.get_by_role("button", name="Click me").wait_for(timeout=120_000)
    out = []
    for i in range(1, n + 1):
        button = page.locator(".widget-button").first
        t0 = time.perf_counter()
        button.click()
        page.get_by_role("button", name=f"Clicked {i}", exact=True).wait_for(timeout=30_000)
        out.append(time.perf_counter() - t0)
    page.close()
    return out


def app_clicks(browser, url: str, n: int) -> list[float]:
    """Click → the table redrawn, in a learning-pace game against 5 bots."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(url)
    page.get_by_role("button", name="Play against bots", exact=True).first.click(timeout=120_000)
    page.get_by_role("button", name="Deal the cards").click()
    page.locator(".up-hand .up-cardbtn").first.wait_for(timeout=60_000)
    drawing = page.locator(".up-drawing").first
    out = []
    guard = 0
    while len(out) < n and guard < n * 10:
        guard += 1
        if page.locator(".up-roundover").is_visible():
            again = page.get_by_role("button", name=re.compile("^(Next round|New match)$"))
            again.first.click()
            if page.get_by_role("button", name="Deal the cards").is_visible():
                page.get_by_role("button", name="Deal the cards").click()
            page.wait_for_timeout(800)
            continue
        cont = page.get_by_role("button", name="Continue", exact=True)
        if cont.is_visible():
            cont.click()
            page.wait_for_timeout(300)
            continue
        picker = page.locator(".up-picker")
        if picker.is_visible():
            picker.locator("button:not(:has-text('Cancel'))").first.click()
            page.wait_for_timeout(300)
            continue
        before = drawing.inner_html()
        playable = page.locator(".up-playable .up-cardbtn")
        draw = page.get_by_role("button", name="Draw a card", exact=True)
        target = None
        if page.locator(".up-seat.up-me.up-turn").count() and playable.count():
            target = playable.first
            if "wild" in (target.get_attribute("title") or "") and "pile up" not in (target.get_attribute("title") or ""):
                target = None if playable.count() == 1 else playable.nth(0)
        if target is None and draw.is_visible() and draw.is_enabled():
            target = draw
        if target is None:
            keep = page.get_by_role("button", name="Keep it", exact=True)
            if keep.is_visible() and keep.is_enabled():
                target = keep
        if target is None:
            page.wait_for_timeout(200)
            continue
        t0 = time.perf_counter()
        target.click()
        try:
            page.wait_for_function("(old) => { const el = document.querySelector('.up-drawing');"
                                   " return el !== null && el.innerHTML !== old; }", arg=before, timeout=5_000)
        except Exception:
            continue  # e.g. a wild card opened the colour picker: not a table update
        out.append(time.perf_counter() - t0)
        print(f"  app click {len(out)}: {1000 * out[-1]:.0f} ms", file=sys.stderr, flush=True)
    page.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3, help="cold page loads per notebook")
    parser.add_argument("--clicks", type=int, default=15, help="clicks measured per notebook")
    args = parser.parse_args()
    if not os.access(CHROMIUM, os.X_OK):
        print(f"skipped: {CHROMIUM} is missing (apt-get install chromium)")
        return 0
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        floor = Voila(ROOT / "benchmarks" / "floor.ipynb", tmp)
        app = Voila(ROOT / "notebooks" / "Start here.ipynb", tmp)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                # warm the servers (first import of voila's templates, the kernel specs)
                time_to_usable(browser, floor.url, "Click me")
                time_to_usable(browser, app.url, "Play against bots")
                floor_loads = [time_to_usable(browser, floor.url, "Click me") for _ in range(args.loads)]
                app_loads = [time_to_usable(browser, app.url, "Play against bots") for _ in range(args.loads)]
                floor_rt = floor_clicks(browser, floor.url, args.clicks)
                app_rt = app_clicks(browser, app.url, args.clicks)
                browser.close()
        finally:
            floor.stop()
            app.stop()

    def med(xs):
        return statistics.median(xs) if xs else float("nan")

    load_ratio = med(app_loads) / med(floor_loads)
    click_ratio = med(app_rt) / med(floor_rt)
    print("unoparty app vs a one-button ipywidgets notebook, both under Voila, headless Chromium")
    print(f"  time until usable   app {med(app_loads):6.2f} s   floor {med(floor_loads):6.2f} s   "
          f"ratio {load_ratio:4.2f}x  (goal <= {GOAL}x) {'ok' if load_ratio <= GOAL else 'OVER'}")
    print(f"  click -> table      app {1000 * med(app_rt):6.0f} ms  floor {1000 * med(floor_rt):6.0f} ms  "
          f"ratio {click_ratio:4.2f}x  (goal <= {GOAL}x) {'ok' if click_ratio <= GOAL else 'OVER'}")
    print(f"  samples: loads {len(app_loads)}/{len(floor_loads)}, clicks {len(app_rt)}/{len(floor_rt)}; "
          f"app clicks p90 {1000 * sorted(app_rt)[int(0.9 * (len(app_rt) - 1))]:.0f} ms" if app_rt else "")
    return 0


if __name__ == "__main__":
    sys.exit(main())
