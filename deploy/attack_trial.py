"""The class server tried as an attacker would, with only the README (issue 22).

Starts ``unoparty app`` as the README's Deployment section tells a school to (a teacher's
code, learners' PINs on, a bound on kernels; on 127.0.0.1 here), with SQLite or PostgreSQL,
puts a class in it (Ana, with a PIN and a lesson's stars), then plays the attacker: a
learner's page only, on the wire (what a browser page sends its kernel, but anything at all:
widget messages to hidden widgets, pipelined, comm messages, execute requests), plus plain
HTTP. Each attack prints what was tried and whether the server held; the store is compared
before and after (Ana's record must be as she left it). The account of a run is in
docs/security-trial.md.

    python deploy/attack_trial.py                  # SQLite
    python deploy/attack_trial.py --postgresql     # a throwaway PostgreSQL 15 cluster

Loopback only; every server it starts is stopped. Exit status 1 if any attack got through.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = "green seven on a wild pile"
PIN = "4821"
FAILED: list[str] = []
PINS = 10_000   # PINs tried for Ana (--pins)


def free_port() -> int:
    from unoparty.process import free_ports
    return free_ports(1)[0]


def verdict(what: str, held: bool, detail: str = "") -> None:
    print(f"  [{'held' if held else 'GOT THROUGH'}] {what}" + (f": {detail}" if detail else ""), flush=True)
    if not held:
        FAILED.append(what)


# ----------------------------------------------------------------------------- the server

def postgres(tmp: Path) -> tuple[str, callable]:
    import pwd
    bindir = "/usr/lib/postgresql/15/bin"
    root = Path(tempfile.mkdtemp(prefix="unoparty-attack-pg-"))   # its own: the postgres user must reach it
    run_as: list[str] = []
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(root, user.pw_uid, user.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    subprocess.run([*run_as, f"{bindir}/initdb", "-D", str(root / "data"), "-U", "postgres", "--auth=trust",
                    "--no-sync"], check=True, stdout=subprocess.DEVNULL)
    opts = f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={root} -c fsync=off"
    subprocess.run([*run_as, f"{bindir}/pg_ctl", "-D", str(root / "data"), "-l", str(root / "log"), "-o", opts,
                    "-w", "start"], check=True, stdout=subprocess.DEVNULL)

    def stop() -> None:
        subprocess.run([*run_as, f"{bindir}/pg_ctl", "-D", str(root / "data"), "-m", "immediate", "stop"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return f"postgresql://postgres@127.0.0.1:{port}/postgres", stop


class Server:
    """``unoparty app`` as a school starts it (the README's Deployment section)."""

    def __init__(self, tmp: Path, db: str, pool: int = 3, max_kernels: int = 8) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.origin = self.url.rstrip("/")
        # where a page opens, its kernels' websockets and what every request sends (a
        # JupyterHub learner's server has its own: deploy/hub_attack_trial.py)
        self.page_url, self.ws_base, self.headers = self.url, f"ws://127.0.0.1:{self.port}/", {}
        self.log = tmp / "server.log"
        env = dict(os.environ, UNOPARTY_DB=db, UNOPARTY_TEACHER_CODE=CODE, JUPYTER_PLATFORM_DIRS="1",
                   UNOPARTY_UNSAVED_DIR=str(tmp / "unsaved"))
        env.pop("UNOPARTY_PROGRESS", None)
        self._out = open(self.log, "w")
        self.proc = subprocess.Popen([sys.executable, "-m", "unoparty", "app", "--ip", "127.0.0.1", "--port",
                                      str(self.port), "--pool-size", str(pool), "--max-kernels", str(max_kernels),
                                      "--connect-timeout", "60"],
                                     cwd=tmp, env=env, stdout=self._out, stderr=subprocess.STDOUT,
                                     start_new_session=True)

    def wait(self, timeout: float = 600) -> None:
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped; see {self.log}")
            try:
                urllib.request.urlopen(self.url + "voila/static/voila.js", timeout=5)
                if "filled with" in self.log.read_text(errors="replace") or time.monotonic() - start > 240:
                    return
            except Exception:
                pass
            time.sleep(1)
        raise RuntimeError("the server did not start")

    def logged(self, pattern: str) -> int:
        return len(re.findall(pattern, self.log.read_text(errors="replace")))

    def stop(self) -> None:
        from unoparty.process import stop_session
        stop_session(self.proc, 30)  # its own session: the server and its kernels
        self._out.close()


# ----------------------------------------------------------------------------- a page on the wire

def message(session: str, msg_type: str, content: dict, channel: str = "shell", version: str = "2.1.0") -> dict:
    return {"header": {"msg_id": uuid.uuid4().hex, "username": "x", "session": session, "msg_type": msg_type,
                       "version": "5.3", "date": datetime.datetime.now(datetime.timezone.utc).isoformat()},
            "parent_header": {}, "metadata": {"version": version}, "content": content, "channel": channel,
            "buffers": []}


class Page:
    """One learner's page as its kernel sees it: the widgets' states, clicks and updates
    sent like a browser's (or not like one)."""

    def __init__(self, server: Server, query: str = "") -> None:
        self.server, self.query = server, query
        self.states: dict[str, dict] = {}
        self.idle: set[str] = set()
        self.replies: list[dict] = []
        self.session = uuid.uuid4().hex
        self.kernel = ""
        self.ws = None

    async def open(self) -> "Page":
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest
        from tornado.websocket import websocket_connect
        client = AsyncHTTPClient(force_instance=True)
        page = (await client.fetch(self.server.page_url + self.query, request_timeout=300,
                                   headers={"Accept-Language": "en", **self.server.headers})).body.decode()
        self.kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', page).group(1)
        self.ws = await websocket_connect(HTTPRequest(
            f"{self.server.ws_base}api/kernels/{self.kernel}/channels?session_id={self.session}",
            headers={"Origin": self.server.origin, **self.server.headers}), max_message_size=256 * 2**20)
        self._reader = asyncio.ensure_future(self._read())
        control = uuid.uuid4().hex
        self.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                  version="1.0.0")
        ask = self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        await self.until(lambda: self.states, 300)
        await self.wait_idle(ask)
        return self

    def send(self, msg_type: str, content: dict, channel: str = "shell", version: str = "2.1.0") -> str:
        m = message(self.session, msg_type, content, channel, version)
        self.ws.write_message(json.dumps(m))
        return m["header"]["msg_id"]

    async def _read(self) -> None:
        try:
            await self._read_all()
        except Exception as e:  # the trial goes on; what broke is said
            print(f"  (the page's reader stopped: {type(e).__name__}: {e})", flush=True)

    async def _read_all(self) -> None:
        while True:
            raw = await self.ws.read_message()
            if raw is None:
                return
            if isinstance(raw, bytes):
                continue
            m = json.loads(raw)
            t, c = m.get("msg_type"), m.get("content", {})
            if os.environ.get("TRIAL_DEBUG"):
                print("   <", t, str(c)[:160], flush=True)
            self.replies.append(m)
            if t == "status" and c.get("execution_state") == "idle":
                self.idle.add(m.get("parent_header", {}).get("msg_id"))
            elif t == "comm_open" and c.get("target_name") == "jupyter.widget":
                self.states[c["comm_id"]] = {"model_name": c["data"]["state"].get("_model_name"),
                                             "state": dict(c["data"]["state"])}
            elif t == "comm_msg":
                data = c.get("data", {})
                if data.get("method") == "update_states":
                    for mid, s in data["states"].items():
                        self.states[mid] = {"model_name": s.get("model_name"), "state": dict(s["state"])}
                elif data.get("method") in ("update", "echo_update") and c.get("comm_id") in self.states:
                    self.states[c["comm_id"]]["state"].update(data.get("state", {}))

    async def until(self, pred, timeout: float = 120) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if pred():
                return True
            await asyncio.sleep(0.05)
        return False

    async def wait_idle(self, msg_id: str, timeout: float = 300) -> bool:
        return await self.until(lambda: msg_id in self.idle, timeout)

    def find(self, model: str | None = None, **match) -> list[str]:
        out = []
        for mid, s in self.states.items():
            if model and s["model_name"] != model:
                continue
            if all((v(s["state"].get(k)) if callable(v) else s["state"].get(k) == v) for k, v in match.items()):
                out.append(mid)
        return out

    def one(self, model: str | None = None, **match) -> str:
        found = self.find(model, **match)
        if not found:
            raise LookupError(f"no widget {model} {match}")
        return found[-1]

    def click_now(self, mid: str) -> str:
        return self.send("comm_msg", {"comm_id": mid, "data": {"method": "custom", "content": {"event": "click"}}})

    async def click(self, mid: str) -> None:
        await self.wait_idle(self.click_now(mid))

    def set_now(self, mid: str, **state) -> str:
        return self.send("comm_msg", {"comm_id": mid, "data": {"method": "update", "state": state, "buffer_paths": []}})

    async def set(self, mid: str, **state) -> None:
        await self.wait_idle(self.set_now(mid, **state))

    async def button(self, description: str) -> None:
        await self.click(self.one("ButtonModel", description=description))

    def text(self) -> str:
        """Every HTML widget's text, every widget's string state."""
        return "\n".join(str(v) for s in self.states.values() for v in s["state"].values() if isinstance(v, str))

    def html(self) -> str:
        return "\n".join(s["state"].get("value", "") for s in self.states.values() if s["model_name"] == "HTMLModel")

    async def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest
        client = AsyncHTTPClient(force_instance=True)
        await client.fetch(HTTPRequest(f"{self.server.url}voila/api/shutdown/{self.kernel}", method="POST", body=b"",
                                       headers={"Origin": self.server.origin, **self.server.headers}),
                           raise_error=False)

    async def sign_in(self, name: str, pin: str | None = None, again: bool = False) -> None:
        await self.set(self.one("ComboboxModel", placeholder="Type your name or pick it"), value=name)
        await self.button("That's me")
        if pin is not None:
            await self.set(self.one("PasswordModel", placeholder="4 to 6 digits"), value=pin)
            if again:
                await self.set(self.one("PasswordModel", placeholder="the same PIN"), value=pin)
            await self.button("Keep my PIN" if again else "Open my record")


# ----------------------------------------------------------------------------- the attacks

def http(server: Server, path: str, method: str = "GET", headers: dict | None = None) -> tuple[int, str]:
    req = urllib.request.Request(server.url + path.lstrip("/"), method=method, headers=headers or {},
                                 data=b"" if method == "POST" else None)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.read(200_000).decode(errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read(2000).decode(errors="replace")


def snapshot(db: str) -> dict:
    from unoparty.progress import SQLStore
    store = SQLStore(db)
    out = {"learners": store.learners(), "lessons": sorted(map(repr, store.lessons())),
           "rules": sorted(map(repr, store.rules())), "practice": sorted(map(repr, store.practice("Ana"))),
           "pin": store.setting("Ana", "pin"), "settings": [store.class_setting("pins"), store.class_setting("list-names")]}
    store.close() if hasattr(store, "close") else None
    return out


def prepare(db: str) -> None:
    from unoparty import access
    from unoparty.progress import SQLStore
    store = SQLStore(db)
    store.add_learner("Ana")
    store.set_setting("Ana", access.PIN_KEY, access.hash_pin(PIN))
    store.record_stars("Ana", "classic-basics", 2)
    store.record_answer("Ana", "classic-basics", ["T-1"], right=False)
    store.set_class_setting("pins", "1")


async def attacks(server: Server, db: str) -> None:
    print("HTTP, without a page", flush=True)
    for path in ("api/kernels", "api/sessions", "api/contents", "api/terminals", "api/kernelspecs", "api/config/x",
                 "lab", "tree", "terminals/1", "voila/render/Start%20here.ipynb", "voila/files/progress.sqlite3",
                 "voila/files/server.log", "files/server.log", "voila/api/shutdown/x", "voila/static/../server.log",
                 "voila/templates/../../server.log", "voila/static/%2e%2e/%2e%2e/server.log",
                 "voila/files/..%2fserver.log", "static/../server.log", "notebooks/x", "logout"):
        status, body = http(server, path)
        leaked = CODE in body or "pbkdf2" in body or "Ana" in body or "postgres@" in body or "[INFO" in body
        verdict(f"GET /{path}", not leaked and (status >= 400 or path in ("logout",)), f"HTTP {status}")
    status, _body = http(server, "api/kernels", "POST", {"Origin": server.origin})
    verdict("POST /api/kernels (start a kernel of one's own)", status >= 400, f"HTTP {status}")

    print("The teacher's code from a learner's page", flush=True)
    page = await Page(server).open()
    everything = page.text()
    verdict("the page's widgets name no one and hold no secret",
            CODE not in everything and "Ana" not in everything and "pbkdf2" not in everything)
    before = snapshot(db)
    await page.button("Teacher")
    teacher_widgets = page.text()
    verdict("the teacher's page holds no code and no class before the code", CODE not in teacher_widgets
            and "Ana" not in teacher_widgets)
    # every button of the locked page clicked, hidden or not, and its checkboxes ticked
    for label in ("Refresh", "Reset their records", "Delete the learner", "Reset their PIN", "Cancel", "End"):
        for mid in page.find("ButtonModel", description=label):
            await page.click(mid)
    for mid in page.find("ButtonModel", description=lambda d: isinstance(d, str) and d.startswith("Yes,")):
        await page.click(mid)
    for mid in page.find("CheckboxModel"):
        await page.set(mid, value=True)
        await page.set(mid, value=False)
    for mid in page.find("DropdownModel"):
        await page.set(mid, index=0)
    verdict("clicks on the locked teacher page's hidden buttons change nothing", snapshot(db) == before)
    field = page.one("PasswordModel", placeholder="the teacher’s code")
    opener = page.one("ButtonModel", description="Open the class")
    compared_before = server.logged(r"a wrong try of the teacher's code")
    start = time.monotonic()
    last = ""
    for k in range(1000):
        page.set_now(field, value=f"guess {k}")
        last = page.click_now(opener)
    page.set_now(field, value=CODE)
    last = page.click_now(opener)
    await page.wait_idle(last, 600)
    took = time.monotonic() - start
    compared = server.logged(r"a wrong try of the teacher's code") - compared_before
    opened = "Download as CSV" in page.html() or "Ana" in page.html()
    verdict("1,000 pipelined wrong codes, then the right one, from one page", not opened,
            f"{took:.1f} s; {compared} compared, the rest refused unread; the right code then refused")
    await page.close()
    tries = []
    for n in range(3):
        other = await Page(server).open()
        await other.button("Teacher")
        f = other.one("PasswordModel", placeholder="the teacher’s code")
        o = other.one("ButtonModel", description="Open the class")
        for k in range(20):
            other.set_now(f, value=f"page {n} guess {k}")
            last = other.click_now(o)
        await other.wait_idle(last, 600)
        tries.append(server.logged(r"a wrong try of the teacher's code") - compared_before)
        await other.close()
    verdict("new pages (new kernels) do not start the count again", tries[-1] <= 10,
            f"wrong codes compared after 1, 2, 3 more pages: {tries}")
    page = await Page(server).open()
    await page.button("Teacher")
    await page.set(page.one("PasswordModel", placeholder="the teacher’s code"), value=CODE)
    await page.button("Open the class")
    verdict("the right code is refused while the server waits (the teacher waits too)",
            "Too many wrong tries" in page.html())
    await page.close()

    print("A classmate's record", flush=True)
    page = await Page(server).open()
    for typed in ("Ana", "ana", " ANA ", "Ana\u200b", "A\u202ena"):
        await page.sign_in(typed)
        html = page.html()
        verdict(f"typing {typed!r} asks for a PIN or makes another learner",
                "Hello Ana!" not in html, re.sub(r"<[^>]+>", "", html.split("up-learner")[-1])[:0])
    await page.sign_in("Ana")
    pin_field = page.one("PasswordModel", placeholder="4 to 6 digits")
    pin_button = page.one("ButtonModel", description="Open my record")
    start = time.monotonic()
    compared_before = server.logged(r"a wrong try of the PIN of Ana")
    for k in range(PINS):
        page.set_now(pin_field, value=f"{k:04d}")
        last = page.click_now(pin_button)
    await page.wait_idle(last, 900)
    compared = server.logged(r"a wrong try of the PIN of Ana") - compared_before
    verdict(f"{PINS:,} pipelined PINs for Ana" + (" (every 4-digit PIN)" if PINS >= 10_000 else ""), "Hello Ana!" not in page.html() and compared <= 10,
            f"{time.monotonic() - start:.1f} s, {compared} compared")
    await page.close()
    after = snapshot(db)
    verdict("Ana's record, PIN and the class's settings are as they were", after == before,
            "" if after == before else f"{before} → {after}")


def _table_code(page: Page) -> str:
    found = re.findall(r"up-table-code[^>]*>([A-Z0-9]{6})<", page.html())
    return found[-1] if found else ""


def _my_seat(page: Page) -> bool:
    """The page holds a seat (its seat list marks one "(you)")."""
    return "(you)" in page.html()


async def tables(server: Server, db: str) -> None:
    print("Live tables", flush=True)
    ana = await Page(server).open()
    ana_key = base64.urlsafe_b64encode(os.urandom(16)).decode().rstrip("=")   # her browser's session key
    await ana.set(next(mid for mid, st in ana.states.items() if "key" in st["state"] and "where" in st["state"]),
                  key=ana_key, where="local")
    await ana.sign_in("Ana", PIN)
    await ana.button("Play together")
    await ana.button("Open a table")
    code = _table_code(ana)
    await ana.button("Fill the empty seats with bots")
    await ana.button("Start the table")
    print(f"  Ana hosts table {code}", flush=True)
    thief = await Page(server).open()
    await thief.sign_in("Zed", "1234", again=True)
    await thief.button("Play together")
    name = thief.one("TextModel", placeholder="Your name")
    await thief.set(name, value="Ana")
    await thief.set(thief.one("TextModel", placeholder="K7M2QX"), value=code)
    await thief.button("Join")
    verdict("joining Ana's table as 'Ana' while her tab is open", not _my_seat(thief),
            "refused: her seat is open in another tab" if "another tab" in thief.html() else "")
    projector = await Page(server, f"?table={code}&view=projector").open()
    for mid in projector.find("ButtonModel", description="Save the moment as a scenario"):
        await projector.click(mid)
    data = re.findall(r"base64,([A-Za-z0-9+/=]+)", projector.html())
    scenario = base64.b64decode(data[0]).decode() if data else ""
    verdict("a learner's projector view of a running table gives nobody's hand",
            "Every hand" not in projector.html() and "hand" not in scenario,
            f"Save the moment gave a scenario of {len(scenario)} characters, every hand in it" if scenario else "")
    for mid in projector.find("ButtonModel", description="Pause the table"):
        await projector.click(mid)
    verdict("a learner's projector view cannot pause the class's table",
            not projector.find("ButtonModel", description="Resume the table"))
    verdict("Ana's session key (her seat's holder) reaches no other page",
            ana_key not in thief.text() and ana_key not in projector.text())
    await projector.close()
    await ana.close()
    # Ana's tab is gone: her seat waits for her (the grace time, 60 s), then a bot covers it
    print("  Ana's tab closed; the grace time passes", flush=True)
    await asyncio.sleep(75)
    await thief.set(name, value="Ana")
    await thief.button("Join")
    verdict("taking Ana's seat (and her hand) once her tab has gone, by typing her name at the table",
            not _my_seat(thief), "the page is seated as Ana" if _my_seat(thief) else "")
    await thief.close()


XSS = "<img src=x onerror=window.__x=1>"   # a name is at most 40 characters


async def xss(server: Server) -> None:
    """A name made to run script in the teacher's browser: a learner's record, and a table."""
    print("Script in a name, aimed at the teacher's page", flush=True)
    page = await Page(server).open()
    await page.sign_in(XSS, "1234", again=True)
    await page.button("Practice")
    for mid in page.find("ButtonModel", description=lambda d: isinstance(d, str) and d[:2] in ("1 ", "2 ", "A ", "B ")):
        await page.click(mid)
        break
    await page.button("Play together")
    await page.set(page.one("TextModel", placeholder="Your name"), value=XSS)
    await page.button("Open a table")
    code = _table_code(page)
    from playwright.async_api import async_playwright
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path="/usr/bin/chromium", args=["--disable-gpu"])
        tab = await browser.new_page()
        dialogs: list[str] = []
        tab.on("dialog", lambda d: (dialogs.append(d.message), asyncio.ensure_future(d.dismiss())))
        await tab.goto(server.url, timeout=300_000)
        await tab.get_by_role("button", name="Teacher").click(timeout=300_000)
        await tab.get_by_placeholder("the teacher’s code").fill(CODE)
        await tab.get_by_role("button", name="Open the class").click()
        await tab.get_by_text("Download as CSV").wait_for(timeout=120_000)
        await tab.get_by_text("Live tables").wait_for(timeout=60_000)
        await tab.wait_for_timeout(2000)
        ran = await tab.evaluate("() => window.__x === 1")
        shown = await tab.evaluate("() => document.body.innerText.includes('<img src=x')")
        await tab.screenshot(path=str(server.log.parent / "teacher.png"), full_page=True)
        await browser.close()
    verdict("a learner's and a table's name with script in it, on the teacher's page", not ran and not dialogs,
            f"shown as text: {shown}; table {code}")
    await page.close()


async def big(server: Server) -> None:
    print("Huge messages", flush=True)
    page = await Page(server).open()
    mid = page.one("ComboboxModel", placeholder="Type your name or pick it")
    await page.set(mid, value="x" * (60 * 2**20))
    await page.button("That's me")
    alive = "1 to" in page.html()
    verdict("a 60 MB name", alive, "the page says a name is 1 to 40 characters" if alive else "no answer")
    page.ws.write_message(json.dumps(message(page.session, "comm_msg", {"comm_id": mid, "data": {
        "method": "update", "state": {"value": "y" * (70 * 2**20)}, "buffer_paths": []}})))
    # the server drops the connection (tornado: 1009, then the socket; the close frame may not arrive)
    closed = await page.until(lambda: page._reader.done(), 120)
    other = await Page(server).open()
    verdict("a 70 MB message closes that page's connection, and the server goes on", closed and bool(other.states))
    async def five_widgets() -> float:
        """Five widgets of 20 MB asked for; the kernel's growth in MB. (Freed memory stays in
        the kernel's RSS, so only a second batch tells kept widgets from freed messages.)"""
        before = kernel_rss(other.kernel)
        for _ in range(5):
            other.send("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget", "data": {
                "state": {"_model_name": "TextModel", "_model_module": "@jupyter-widgets/controls",
                          "_model_module_version": "2.0.0", "_view_name": "TextView",
                          "_view_module": "@jupyter-widgets/controls", "_view_module_version": "2.0.0",
                          "value": "z" * (20 * 2**20)}, "buffer_paths": []}})
        await other.wait_idle(other.send("comm_info_request", {}), 300)
        return kernel_rss(other.kernel) - before

    first, second, third = await five_widgets(), await five_widgets(), await five_widgets()
    verdict("widgets the page asks its kernel to make (3 × 5 × 20 MB) are not kept", max(second, third) < 50,
            f"the kernel grew by {first:.0f}, then {second:.0f}, then {third:.0f} MB")
    code_id = uuid.uuid4().hex
    marker = Path(tempfile.gettempdir()) / f"unoparty-pwned-{code_id}"
    other.send("execute_request", {"code": f"open({str(marker)!r}, 'w').write('x')", "silent": False,
                                   "store_history": False, "user_expressions": {}, "allow_stdin": False})
    other.send("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "unoparty-nothing", "data": {}})
    await asyncio.sleep(5)
    verdict("an execute request from the page runs nothing", not marker.exists())
    await other.close()
    await page.close()


def kernel_rss(kernel: str) -> float:
    """MB resident of the kernel process with this id (0 if not found)."""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = open(f"/proc/{pid}/cmdline", "rb").read().decode(errors="replace")
            if f"kernel-{kernel}.json" in cmd:
                for line in open(f"/proc/{pid}/status"):
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) / 1000
        except OSError:
            continue
    return 0.0


async def origins(server: Server) -> None:
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect
    page = await Page(server).open()
    for headers, what in (({}, "no Origin"), ({"Origin": "http://evil.example"}, "another site's Origin")):
        try:
            ws = await websocket_connect(HTTPRequest(
                f"ws://127.0.0.1:{server.port}/api/kernels/{page.kernel}/channels?session_id=x", headers=headers))
            ws.close()
            refused = False
        except Exception:
            refused = True
        verdict(f"a kernel websocket with {what}", refused)
    for headers, what in (({}, "no Origin"), ({"Origin": "http://evil.example"}, "another site's Origin")):
        status, _ = http(server, f"voila/api/shutdown/{page.kernel}", "POST", headers)
        verdict(f"a shutdown with {what}", status == 403, f"HTTP {status}")
    await page.close()


async def main_async(server: Server, db: str, which: set[str]) -> None:
    # "attacks" last but one: the teacher's code is then locked for a while
    for name, step in (("origins", origins), ("xss", xss), ("tables", tables), ("attacks", attacks), ("big", big)):
        if name not in which:
            continue
        try:
            await (step(server, db) if name in ("tables", "attacks") else step(server))
        except Exception as e:   # the trial goes on; a step that could not run is no pass
            verdict(f"the step {name!r} ran to its end", False, f"{type(e).__name__}: {e}")


def main() -> int:
    global PINS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgresql", action="store_true", help="a throwaway PostgreSQL 15 cluster, not SQLite")
    parser.add_argument("--only", default="origins,xss,tables,attacks,big")
    parser.add_argument("--pins", type=int, default=PINS, help="PINs tried for Ana, pipelined (10,000: every 4-digit one)")
    args = parser.parse_args()
    PINS = args.pins
    tmp = Path(tempfile.mkdtemp(prefix="unoparty-attack-"))
    stop_db = None
    if args.postgresql:
        db, stop_db = postgres(tmp)
    else:
        db = "sqlite:///" + str(tmp / "class.sqlite3")
    prepare(db)
    server = Server(tmp, db)
    try:
        server.wait()
        print(f"unoparty app on {server.url} ({'PostgreSQL' if args.postgresql else 'SQLite'}), load "
              f"{os.getloadavg()[0]:.1f}", flush=True)
        asyncio.run(main_async(server, db, set(args.only.split(","))))
    finally:
        server.stop()
        if stop_db:
            stop_db()
        print(f"server log: {server.log}")
    print("Every attack held." if not FAILED else f"{len(FAILED)} got through: {FAILED}")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
