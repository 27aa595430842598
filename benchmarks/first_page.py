"""The app's first page on the wire: how many widget messages a kernel sends to build it
and how long the kernel takes (issue 13: on a busy server those messages decided how
long a class waited).

A fresh kernel imports the app first (as a preheated kernel has), then builds ``App()``
and displays it; counted: the comm messages of that cell (``comm_open`` = a widget model,
``comm_msg`` = an update), their size, the time ``App()`` took inside the kernel and the
time until the kernel was idle again. Then the same for the first click on "Play against
bots" (the game page). Figures are reported, not enforced.

    python benchmarks/first_page.py [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

IMPORT = "import time as _t\nfrom unoparty.views import App\nimport unoparty.views.app"
BUILD = ("_t0 = _t.perf_counter()\napp = App(lang='en')\n_t1 = _t.perf_counter()\ndisplay(app.box)\n"
         "print(round(_t1 - _t0, 4))")
CLICK = "_t0 = _t.perf_counter()\napp.show_game()\nprint(round(_t.perf_counter() - _t0, 4))"


def run_cell(kc, code: str) -> dict:
    start = time.perf_counter()
    mid = kc.execute(code)
    counts = {"comm_open": 0, "comm_msg": 0}
    size, out = 0, ""
    while True:
        m = kc.get_iopub_msg(timeout=300)
        if m["parent_header"].get("msg_id") != mid:
            continue
        if m["msg_type"] in counts:
            counts[m["msg_type"]] += 1
            size += len(json.dumps(m["content"], default=str))
        elif m["msg_type"] == "stream":
            out += m["content"]["text"]
        elif m["msg_type"] == "error":
            raise RuntimeError(m["content"]["traceback"][-1])
        elif m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            break
    return {**counts, "messages": sum(counts.values()), "kb": round(size / 1e3),
            "kernel_s": float(out.strip().splitlines()[-1]), "until_idle_s": time.perf_counter() - start}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    from jupyter_client.manager import start_new_kernel

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["UNOPARTY_PROGRESS"] = os.path.join(tmp, "progress.json")
        os.environ["UNOPARTY_DB"] = "sqlite://" + os.path.join(tmp, "progress.sqlite3")
        pages: dict[str, list[dict]] = {"first page": [], "game page (first click)": []}
        for _ in range(args.runs):
            km, kc = start_new_kernel(kernel_name="python3")
            try:
                kc.execute_interactive(IMPORT, timeout=300, output_hook=lambda m: None)
                pages["first page"].append(run_cell(kc, BUILD))
                pages["game page (first click)"].append(run_cell(kc, CLICK))
            finally:
                kc.stop_channels()
                km.shutdown_kernel(now=True)
    for name, runs in pages.items():
        print(f"{name}: {runs[0]['messages']} widget messages ({runs[0]['comm_open']} models, "
              f"{runs[0]['comm_msg']} updates, {runs[0]['kb']} kB); built in the kernel in "
              f"{statistics.median(r['kernel_s'] for r in runs):.3f} s, idle again after "
              f"{statistics.median(r['until_idle_s'] for r in runs):.3f} s (median of {len(runs)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
