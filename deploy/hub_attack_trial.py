"""The JupyterHub recipe tried as an attacker would, with only the README and a hub login
(issue 22): can a learner get into the Teacher page or into a classmate's record?

Starts the hub of ``deploy/jupyterhub_trial.py`` (its start-up, not a copy: the dummy
login, one local server per learner, ``configurable-http-proxy``, the store service),
with a class in its database (Ben, with stars, a practice answer and a PIN; the teacher's
code given to the teachers' servers only, as docs/jupyterhub.md says). Ana and Ben log in
in headless Chromium; then Ana, with her browser's cookies, a token she makes for herself
on the hub, and her page's kernel websocket, tries:

- the hub's REST API (the users, the groups, tokens for Ben or with more rights, her own
  user made admin, Ben's server stopped);
- the store service for Ben's record: without a token, with her own, with her server's
  own token (read here from /proc: white-box, a learner cannot), with forged headers,
  other spellings of Ben's name, a body naming Ben twice;
- Ben's server (``/user/ben/``) with her cookies, her cookie renamed, her token, and
  Ben's kernel's websocket;
- the Teacher page from her own server, and her page's hidden name field set to Ben;
- files and secrets: paths around the app's folder, the class database's URL, Ben's
  server's token, the store service's token, the proxy's token and the teacher's code in
  the environment of every process of her server;
- a hub account named like Ben with an invisible character (``ben`` + U+202E), which the
  dummy login lets anyone make (a school's login with sign-up may too).

Ben's record, PIN and the class's settings are read from the database before and after.
Each attack prints ``held`` or ``GOT THROUGH``; exit status 1 if anything got through.

    python deploy/hub_attack_trial.py --proxy tests/browser/node_modules/.bin/configurable-http-proxy

Loopback only; the hub and every server it started are stopped at the end. The account of
a run: docs/security-trial.md, "Under JupyterHub".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path
from types import SimpleNamespace

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from attack_trial import FAILED, Page, verdict  # noqa: E402  (the page on the wire and the verdicts)
from jupyterhub_trial import log_in, running_hub  # noqa: E402

CODE = "green seven on a wild pile"
PIN = "4821"
LOOKALIKE = "ben\u202e"   # Ben's name and a right-to-left override: shown as "ben"
SECRETS_OF_THE_STORE = ("pbkdf2", CODE)
CODE_FOR_EVERYONE = False   # --code-for-everyone


# ----------------------------------------------------------------------------- the class

def prepare(db: str) -> None:
    from unoparty import access
    from unoparty.progress import SQLStore
    store = SQLStore(db)
    store.add_learner("ben")
    store.record_stars("ben", "classic-basics", 2)
    store.record_practice("ben", "T-1", False)
    store.set_setting("ben", access.PIN_KEY, access.hash_pin(PIN))
    store.set_class_setting("pins", "1")


def snapshot(db: str) -> dict:
    """Ben's record and the class's settings (Ana's own record is hers to change)."""
    from unoparty.progress import SQLStore
    store = SQLStore(db)
    out = {"learners": [n for n in store.learners() if n != "ana"], "stars": store.stars("ben"),
           "lessons": sorted(map(repr, store.lessons("ben"))), "practice": sorted(map(repr, store.practice("ben"))),
           "pin": store.setting("ben", "pin"), "settings": [store.class_setting("pins"),
                                                          store.class_setting("list-names")]}
    store.close() if hasattr(store, "close") else None
    return out


# ----------------------------------------------------------------------------- on the wire

def fetch(url: str, method: str = "GET", body: object = None, headers: dict | None = None,
          raw: bytes | None = None) -> tuple[int, str]:
    """(status, the answer's first 200 kB) of one request; no redirect is followed."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *a, **k):
            return None
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    req = urllib.request.Request(url, method=method, data=data,
                                 headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.build_opener(NoRedirect).open(req, timeout=120) as r:
            return r.status, r.read(200_000).decode(errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read(20_000).decode(errors="replace")
    except OSError as e:
        return 0, str(e)


def environ(pid: str) -> dict[str, str]:
    try:
        raw = Path(f"/proc/{pid}/environ").read_bytes().decode("utf-8", "replace")
    except OSError:
        return {}
    return dict(item.split("=", 1) for item in raw.split("\0") if "=" in item)


def processes(**match: str) -> list[tuple[str, dict[str, str]]]:
    """(pid, environment) of every process whose environment has `match`."""
    out = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            env = environ(proc.name)
            if env and all(env.get(k) == v for k, v in match.items()):
                out.append((proc.name, env))
    return out


def server_token(user: str) -> str:
    """The token the hub gave `user`'s server (white-box: read from /proc)."""
    for _pid, env in processes(JUPYTERHUB_USER=user):
        if env.get("JUPYTERHUB_API_TOKEN"):
            return env["JUPYTERHUB_API_TOKEN"]
    return ""


def run_async(coro):
    """`coro` run to its end on a loop of its own (Playwright's sync API holds this thread's)."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def headers_for(cookies: list[dict], path: str) -> dict[str, str]:
    """What Ana's browser sends to `path` (``/hub/``, ``/user/ana/``): the cookies of that
    path and its XSRF token, as the hub's and the server's pages send them."""
    mine = [c for c in cookies if path.startswith(c.get("path") or "/")]
    xsrf = next((c["value"] for c in mine if c["name"] == "_xsrf"), "")
    return {"Cookie": "; ".join(f"{c['name']}={c['value']}" for c in mine), "X-XSRFToken": xsrf,
            "Referer": path}


# ----------------------------------------------------------------------------- the attacks

def hub_api(hub, ana, ana_headers: dict) -> str:
    """The hub's REST API with Ana's cookies: her own token (returned), nothing more."""
    print("The hub's API with Ana's browser", flush=True)
    api = hub.url + "/hub/api"
    status, body = fetch(api + "/users", headers=ana_headers)
    names = [u.get("name") for u in json.loads(body)] if status == 200 else []
    verdict("GET /hub/api/users (the class's list)", names in ([], ["ana"]), f"HTTP {status}, {names}")
    for path in ("/users/ben", "/users/ben/tokens", "/groups", "/groups/teachers", "/proxy", "/users/teacher"):
        status, body = fetch(api + path, headers=ana_headers)
        verdict(f"GET /hub/api{path}", status in (403, 404), f"HTTP {status}")
    status, body = fetch(api + "/services/unoparty-store", headers=ana_headers)
    verdict("GET /hub/api/services/unoparty-store (where the store is, not its database)",
            "sqlite" not in body and "postgres" not in body and "UNOPARTY_DB" not in body, f"HTTP {status}")
    for what, method, path, payload in (
            ("a token for Ben", "POST", "/users/ben/tokens", {"note": "x"}),
            ("a token of her own with admin rights", "POST", "/users/ana/tokens", {"scopes": ["admin:users"]}),
            ("a token of hers for Ben's server", "POST", "/users/ana/tokens",
             {"scopes": ["access:servers!user=ben"]}),
            ("herself in the group teachers", "POST", "/groups/teachers/users", {"users": ["ana"]}),
            ("herself made admin", "PATCH", "/users/ana", {"admin": True}),
            ("Ben's server stopped", "DELETE", "/users/ben/server", None),
            ("a share of Ben's server", "POST", "/shares/ben/", {"user": "ana"})):
        status, body = fetch(api + path, method, payload, headers=ana_headers)
        # refused for want of rights, not for a mistake of the trial's (its XSRF token)
        verdict(f"{method} /hub/api{path} ({what})", status in (400, 403, 404, 405) and "XSRF" not in body,
                f"HTTP {status} {json.loads(body).get('message', '')[:90] if body.startswith('{') else ''}")
    status, body = fetch(api + "/users/ana/tokens", "POST", {"note": "mine", "expires_in": 3600}, headers=ana_headers)
    token = json.loads(body).get("token", "") if status == 201 else ""
    print(f"  (Ana made a token of her own on the hub: HTTP {status})", flush=True)
    verdict("(the trial) Ana can make a token of her own to attack with", bool(token), f"HTTP {status} {body[:120]}")
    if token:
        status, body = fetch(api + "/users", headers={"Authorization": f"token {token}"})
        names = [u.get("name") for u in json.loads(body)] if status == 200 else []
        verdict("GET /hub/api/users with her token", names in ([], ["ana"]), f"HTTP {status}, {names}")
        status, body = fetch(api + "/users/ben", headers={"Authorization": f"token {token}"})
        verdict("GET /hub/api/users/ben with her token", status in (403, 404), f"HTTP {status}")
    return token


def store_service(hub, token: str, own_server: str, ana_headers: dict) -> None:
    print("The store service, for Ben's record", flush=True)
    api = hub.url + "/services/unoparty-store/api/"

    def ask(method: str, args: dict | None = None, headers: dict | None = None, raw: bytes | None = None,
            query: str = "") -> tuple[int, str]:
        return fetch(api + method + query, "POST", args or {}, headers=headers, raw=raw)

    mine = {"Authorization": f"token {token}"}
    status, _ = ask("stars", {"learner": "ana"}, mine)
    verdict("(the trial) her token reaches her own record, so a refusal below is for Ben's", status == 200,
            f"HTTP {status}")
    status, body = ask("stars", {"learner": "ben"}, ana_headers)
    verdict("Ben's stars with Ana's cookies and no token", status == 403, f"HTTP {status}")
    for who, headers in (("her own token", mine), ("her server's token", {"Authorization": f"token {own_server}"})):
        if not headers["Authorization"].split()[-1]:
            continue
        for method, args in (("stars", {"learner": "ben"}), ("practice", {"learner": "ben"}),
                             ("settings", {"learner": "ben"}), ("lessons", {"learner": "ben"}),
                             ("lessons", {}), ("rules", {}), ("learners", {}),
                             ("record_stars", {"learner": "ben", "lesson": "classic-basics", "stars": 0}),
                             ("set_setting", {"learner": "ben", "key": "pin", "value": ""}),
                             ("add_learner", {"name": "ben"}), ("reset_learner", {"name": "ben"}),
                             ("delete_learner", {"name": "ben"}),
                             ("sign_in", {"key": "k" * 24, "name": "ben"}),
                             ("code_attempt", {"limits": {"teacher": 10}, "right": True}),
                             ("set_class_setting", {"key": "pins", "value": None}),
                             ("meta", {"key": "teacher"}), ("put_meta", {"key": "class:pins", "value": None})):
            status, body = ask(method, args, headers)
            verdict(f"{method}({', '.join(f'{k}={v!r}' for k, v in args.items())}) with {who}",
                    status in (400, 403, 404) and not any(s in body for s in SECRETS_OF_THE_STORE),
                    f"HTTP {status}")
    for spelled in ("Ben", " ben ", "BEN", "ben\u200b", "b\u202een", "ben\u00ad"):
        status, body = ask("stars", {"learner": spelled}, mine)
        verdict(f"Ben's stars asked as {spelled!r}", status in (400, 403), f"HTTP {status}")
    raw = b'{"learner": "ana", "learner": "ben"}'
    status, body = ask("stars", headers=mine, raw=raw)
    verdict("a body naming Ana, then Ben", status in (400, 403), f"HTTP {status}")
    for forged in ({"X-Forwarded-User": "ben"}, {"X-Remote-User": "ben"}, {"Remote-User": "ben"},
                   {"X-JupyterHub-User": "ben"}, {"X-Forwarded-For": "127.0.0.1"}):
        status, body = ask("stars", {"learner": "ben"}, {**mine, **forged})
        verdict(f"Ben's stars with her token and {forged}", status == 403, f"HTTP {status}")
    status, body = ask("stars", {"learner": "ben"}, mine, query="?user=ben&learner=ben")
    verdict("Ben's stars with ?user=ben in the URL", status == 403, f"HTTP {status}")
    status, body = ask("stars", {"learner": "ben"}, {"Authorization": f"token {token} token {own_server}"})
    verdict("Ben's stars with two tokens in one header", status == 403, f"HTTP {status}")
    for path in ("../../../hub/api/users", "..%2f..%2fhub%2fapi%2fusers", "stars/../learners"):
        status, body = fetch(api + path, "POST", {}, headers=mine)
        verdict(f"POST …/api/{path}", status in (400, 403, 404, 405) and '"ben"' not in body, f"HTTP {status}")


def bens_server(hub, ana, ana_cookies: list[dict], token: str, ben_kernel: str) -> None:
    print("Ben's server with Ana's credentials", flush=True)
    base = f"{hub.url}/user/ben/"
    response = ana.request.get(base + "voila/render/Start%20here.ipynb")
    verdict("/user/ben/ in Ana's browser", response.status in (403, 404) or "Play against bots" not in response.text(),
            f"HTTP {response.status} at {response.url[len(hub.url):][:60]}")
    jar = "; ".join(f"{c['name']}={c['value']}" for c in ana_cookies)
    renamed = "; ".join(f"{c['name'].replace('-user-ana', '-user-ben')}={c['value']}" for c in ana_cookies)
    for what, headers in (("every cookie of Ana's", {"Cookie": jar}),
                          ("Ana's cookies renamed to Ben's", {"Cookie": renamed}),
                          ("Ana's token", {"Authorization": f"token {token}"})):
        for path in ("api/status", "api/me", f"api/kernels/{ben_kernel}", "voila/render/Start%20here.ipynb"):
            status, body = fetch(base + path, headers=headers)
            ok = status in (302, 401, 403, 404) and '"ben"' not in body and "Play against bots" not in body
            verdict(f"GET /user/ben/{path.split('/')[0]}/… with {what}", ok, f"HTTP {status}")
        status, body = fetch(base + f"voila/api/shutdown/{ben_kernel}", "POST", {}, headers={**headers,
                             "Origin": hub.url})
        verdict(f"Ben's kernel shut down with {what}", status in (302, 401, 403, 404), f"HTTP {status}")

    async def websocket(headers: dict) -> str:
        from tornado.httpclient import HTTPClientError, HTTPRequest
        from tornado.websocket import websocket_connect
        try:
            ws = await websocket_connect(HTTPRequest(
                f"{hub.url.replace('http', 'ws')}/user/ben/api/kernels/{ben_kernel}/channels",
                headers={"Origin": hub.url, **headers}))
        except HTTPClientError as e:
            return f"refused ({e.code})"
        except Exception as e:  # a refused upgrade
            return f"refused ({type(e).__name__})"
        ws.close()
        return "OPEN"
    for what, headers in (("her cookies", {"Cookie": jar}), ("her cookies renamed", {"Cookie": renamed}),
                          ("her token", {"Authorization": f"token {token}"})):
        answer = run_async(websocket(headers))
        verdict(f"Ben's kernel's websocket with {what}", answer != "OPEN", answer)


def files_and_secrets(hub, ana_headers: dict) -> None:
    """Paths around the app's folder and the hub's: nothing of the hub's folder (its
    configuration, cookie secret, database, log) comes back, nor the class's database.
    Her own server's settings (``api/config``) and counters (``metrics``) are hers."""
    print("Files and secrets from Ana's server", flush=True)
    base = f"{hub.url}/user/ana/"
    marks = ["c.JupyterHub", "sqlite:", "postgresql", "UNOPARTY_DB", "JUPYTERHUB_API_TOKEN", "pbkdf2", "[I ",
             "SQLite format 3", "\"argv\""]
    secret_file = hub.tmp / "jupyterhub_cookie_secret"
    if secret_file.exists():
        marks.append(secret_file.read_bytes().hex()[:32])
        marks.append(secret_file.read_text(errors="replace").strip()[:32])
    for path in ("files/Start%20here.ipynb", "files/../jupyterhub_config.py", "voila/files/../jupyterhub_config.py",
                 "voila/files/..%2fjupyterhub_config.py", "voila/files/%2e%2e/hub.log", "voila/static/../../hub.log",
                 "voila/templates/../../jupyterhub_config.py", "static/..%2f..%2fjupyterhub_config.py",
                 "voila/render/..%2fjupyterhub_config.py", "voila/render/%2e%2e/class.sqlite3",
                 "nbconvert/html/Start%20here.ipynb", "api/contents/..%2fjupyterhub_config.py", "api/config/x",
                 "api/kernelspecs", "kernelspecs/python3/kernel.json", "view/Start%20here.ipynb", "tree", "edit/x",
                 "api/nbconvert", "metrics", "api/events/subscribe"):
        status, body = fetch(base + path, headers=ana_headers)
        verdict(f"GET /user/ana/{path}", not any(m in body for m in marks), f"HTTP {status}")
    for path in ("hub/static/../jupyterhub_config.py", "hub/static/..%2fjupyterhub_config.py",
                 "hub/static/%2e%2e/jupyterhub.sqlite", "hub/api/../../jupyterhub_cookie_secret"):
        status, body = fetch(f"{hub.url}/{path}", headers=ana_headers)
        verdict(f"GET /{path}", not any(m in body for m in marks), f"HTTP {status}")


def environments(hub) -> None:
    """White-box: no process of Ana's server holds the database's URL, another's token or
    the teacher's code."""
    print("What Ana's server's processes hold (read from /proc)", flush=True)
    from urllib.parse import urlsplit
    secrets = {"the class database's URL": hub.db}
    if "://" in hub.db and urlsplit(hub.db).password:
        secrets["the class database's password"] = urlsplit(hub.db).password
    for pid, env in processes(JUPYTERHUB_SERVICE_NAME="unoparty-store"):
        if env.get("JUPYTERHUB_API_TOKEN"):
            secrets["the store service's token"] = env["JUPYTERHUB_API_TOKEN"]
    for pid, env in processes():
        if env.get("CONFIGPROXY_AUTH_TOKEN") and "JUPYTERHUB_USER" not in env:
            secrets["the proxy's token"] = env["CONFIGPROXY_AUTH_TOKEN"]
    secrets["Ben's server's token"] = server_token("ben")
    if not CODE_FOR_EVERYONE:
        secrets["the teacher's code"] = CODE
    mine = processes(JUPYTERHUB_USER="ana")
    kernels = 0
    for pid, env in mine:
        try:
            kernels += b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            pass
    print(f"  ({len(mine)} processes of Ana's server, {kernels} kernel(s); looked for: {', '.join(secrets)})")
    for what, secret in secrets.items():
        if not secret:
            print(f"  ({what}: not found on the machine, not looked for)")
            continue
        holders = [f"{pid} {key}" for pid, env in mine for key, value in env.items() if secret in value]
        verdict(f"{what} in no process of Ana's server", not holders and bool(mine), ", ".join(holders))


async def ana_on_the_wire(hub, ana_headers: dict) -> None:
    """Ana's page as its kernel sees it: the Teacher page, the hidden name field."""
    print("Ana's page on the wire", flush=True)
    server = SimpleNamespace(url=f"{hub.url}/user/ana/", page_url=f"{hub.url}/user/ana/voila/render/Start%20here.ipynb",
                             ws_base=f"{hub.url.replace('http', 'ws')}/user/ana/", origin=hub.url,
                             headers=ana_headers)
    page = await Page(server).open()
    everything = page.text()
    verdict("her page's widgets hold no secret and no classmate", not any(
        s in everything for s in (CODE, "pbkdf2", "ben", "sqlite:")))
    name_field = page.find("ComboboxModel", placeholder="Type your name or pick it")
    if name_field:
        await page.set(name_field[-1], value="ben")
        await page.button("That's me")
        verdict("her page's hidden name field set to Ben, then That's me", "Hello ben!" not in page.html(),
                " ".join(re.sub(r"<[^>]+>", " ", page.html()).split())[-120:])
    await page.button("Teacher")
    verdict("the Teacher page from her server holds no code and no class",
            not any(s in page.text() for s in (CODE, "pbkdf2", "classic-basics")) and "Download as CSV" not in page.html())
    fields = page.find("PasswordModel", placeholder="the teacher’s code")
    opener = page.find("ButtonModel", description="Open the class")
    if fields and opener:
        await page.set(fields[-1], value=CODE)   # even with the right code (seen over a shoulder)
        await page.click(opener[-1])
    for label in ("Refresh", "Reset their records", "Delete the learner", "Reset their PIN"):
        for mid in page.find("ButtonModel", description=label):
            await page.click(mid)
    html = page.html()
    if fields and opener:
        print("  (the teacher's code is set in her server: she typed the right one)")
    said = [" ".join(re.sub(r"<[^>]+>", " ", s["state"].get("value", "")).split())
            for s in page.states.values() if s["model_name"] == "HTMLModel" and "up-msg-bad" in s["state"].get("value", "")
            and "<style" not in s["state"].get("value", "")]
    verdict("the Teacher page with the right code typed: no class", "Download as CSV" not in html and ">ben<" not in html,
            " | ".join(t for t in said if t)[-240:])
    kernel = page.kernel
    execute = page.send("execute_request", {"code": "import os; print(os.environ)", "silent": False})
    info = page.send("kernel_info_request", {})
    await page.until(lambda: any(m.get("msg_type") == "kernel_info_reply" for m in page.replies), 120)
    ran = any(m.get("parent_header", {}).get("msg_id") == execute for m in page.replies)
    verdict("code sent to her own kernel (print the environment)", not ran, f"kernel {kernel[:8]}…, {info[:0]}")
    await page.close()


def lookalike(hub, browser) -> None:
    """A hub account named like Ben with an invisible character: its server's store
    requests must not reach Ben's record."""
    print(f"A hub account named {LOOKALIKE!r}", flush=True)
    from urllib.parse import quote
    page = log_in(browser, hub, LOOKALIKE)
    token = server_token(LOOKALIKE) or server_token(LOOKALIKE.lower())
    if not token:
        print("  (no server started for it: the hub refused the name)")
        verdict(f"the hub account {LOOKALIKE!r} reaches Ben's record", True, "no server")
        return
    status, body = fetch(hub.url + "/services/unoparty-store/api/stars", "POST", {"learner": "ben"},
                         headers={"Authorization": f"token {token}"})
    verdict(f"Ben's stars asked by the hub account {LOOKALIKE!r}", status in (400, 403), f"HTTP {status} {body[:80]}")
    status, body = fetch(hub.url + "/services/unoparty-store/api/record_stars", "POST",
                         {"learner": "ben", "lesson": "classic-basics", "stars": 0},
                         headers={"Authorization": f"token {token}"})
    verdict(f"Ben's stars set to 0 by the hub account {LOOKALIKE!r}", status in (400, 403), f"HTTP {status}")
    if page is not None:
        text = page.inner_text("body")
        verdict(f"the app of {LOOKALIKE!r} says it is not Ben's record", "Hello ben!" not in text,
                quote(page.url[len(hub.url):])[:60])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--proxy", required=True, help="the configurable-http-proxy command")
    ap.add_argument("--timeout", type=int, default=120, help="seconds a server may take to start")
    ap.add_argument("--code-for-everyone", action="store_true",
                    help="give the teacher's code to every server (a school that skipped teachers_only): "
                         "Ana then types the right code on the Teacher page of her own server")
    args = ap.parse_args()
    global CODE_FOR_EVERYONE
    CODE_FOR_EVERYONE = args.code_for_everyone
    with tempfile.TemporaryDirectory(prefix="unoparty-hub-class-") as folder:
        db = f"sqlite:///{Path(folder) / 'class.sqlite3'}"
        prepare(db)
        before = snapshot(db)
        # the teacher's code for the teachers' servers only (docs/jupyterhub.md)
        env = (f'"UNOPARTY_TEACHER_CODE": {CODE!r},' if args.code_for_everyone
               else f'"UNOPARTY_TEACHER_CODE": teachers_only({CODE!r}),')
        with running_hub(args.proxy, db, args.timeout, env, keep_log="hub-attack-trial.log",
                         preamble="from unoparty.hub_store import teachers_only") as hub:
            from playwright.sync_api import sync_playwright
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--disable-gpu"])
                ben = log_in(browser, hub, "ben")
                ana = log_in(browser, hub, "ana")
                if ben is None or ana is None:
                    print(hub.log.read_text(errors="replace")[-4000:])
                    return 1
                ben_kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', ben.content()).group(1)
                cookies = ana.context.cookies()
                to_hub, to_server = headers_for(cookies, "/hub/"), headers_for(cookies, "/user/ana/")
                to_hub["Referer"], to_server["Referer"] = hub.url + "/hub/home", hub.url + "/user/ana/"
                token = hub_api(hub, ana, to_hub)
                store_service(hub, token, server_token("ana"), {**to_hub, **{"Cookie": to_hub["Cookie"]}})
                bens_server(hub, ana, cookies, token, ben_kernel)
                files_and_secrets(hub, to_server)
                environments(hub)
                run_async(ana_on_the_wire(hub, to_server))
                lookalike(hub, browser)
                browser.close()
            after = snapshot(db)
            verdict("Ben's record, PIN and the class's settings are as they were", after == before,
                    "" if after == before else f"{before} → {after}")
            refused = hub.log.read_text(errors="replace").count("unoparty.hub_store] refused")
            print(f"the store service logged {refused} refused requests")
    print("Every attack held." if not FAILED else f"GOT THROUGH: {len(FAILED)}: " + "; ".join(FAILED))
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
