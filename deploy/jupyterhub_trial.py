"""Try the JupyterHub recipe on one machine, loopback only: a hub with the dummy
authenticator, local-process single-user servers (one process per learner, all as this
system user: ``SimpleLocalProcessSpawner``), ``configurable-http-proxy`` from npm, and
``deploy/jupyter_server_config.py`` (each server opens the app). Two learners log in in
headless Chromium and must reach the app, and their servers must refuse ``/lab``,
``/terminals`` and the kernels, sessions, files and terminals APIs (403 or 404). The
class's store is the hub's store service (``unoparty.hub_store``, docs/jupyterhub.md): the
learners' servers get ``UNOPARTY_DB=hub-service:unoparty-store`` and no database URL, and
the trial checks that no process of a learner's server (the server, the app's kernel) holds
the class database's URL or password in its environment, and that the app's kernel asked
the service (and was never refused). A trial, not a production setup.

    python deploy/jupyterhub_trial.py --proxy node_modules/.bin/configurable-http-proxy

Needs ``jupyterhub``, ``unoparty[app]`` and ``playwright`` in this Python, and
``npm install configurable-http-proxy``. Prints what happened; exit 0 if both learners
reached the app. Its start-up (:func:`running_hub`, :func:`log_in`) is also that of
``deploy/hub_attack_trial.py``, which tries the same hub as an attacker.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent


def secrets_in_environment(user: str, db: str) -> tuple[int, list[str]]:
    """(kernels seen, leaks): the processes of `user`'s server (``JUPYTERHUB_USER=user`` in
    their environment: the server and its kernels) whose environment holds the class
    database's URL `db` or its password, as ``"pid NAME"``; also any whose ``UNOPARTY_DB``
    is not the store service."""
    from urllib.parse import urlsplit
    secret = [db]
    password = urlsplit(db).password if "://" in db else None
    if password:
        secret.append(password)
    found, kernels = [], 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            env = dict(item.split("=", 1) for item in
                       (proc / "environ").read_bytes().decode("utf-8", "replace").split("\0") if "=" in item)
        except OSError:
            continue
        if env.get("JUPYTERHUB_USER") != user:
            continue
        try:
            kernels += b"ipykernel" in (proc / "cmdline").read_bytes()
        except OSError:
            pass
        for key, value in env.items():
            if any(s in value for s in secret) or (key == "UNOPARTY_DB" and not value.startswith("hub-service:")):
                found.append(f"{proc.name} {key}")
    return kernels, found


@dataclass
class Hub:
    """A running trial hub: `url` (the proxy's, where browsers go), `api` (the hub's REST
    API), `tmp` (its folder), `db` (the class database the store service holds), `log`."""

    url: str
    api: str
    tmp: Path
    db: str
    log: Path
    proc: subprocess.Popen


def hub_config(tmp: Path, proxy: str, db: str, timeout: int, environment: str = "",
               preamble: str = "") -> tuple[str, int, int]:
    """The trial's ``jupyterhub_config.py`` text, the proxy's port and the hub's port.
    `environment`: Python text of more ``c.Spawner.environment`` entries (``"KEY": value,``);
    `preamble`: Python text run before them (the imports they need)."""
    app_dir = tmp / "app"
    app_dir.mkdir(exist_ok=True)
    from unoparty.serve import APP_NOTEBOOK
    shutil.copy(APP_NOTEBOOK, app_dir)
    from unoparty.process import free_ports
    port, hub_port, api_port, store_port = free_ports(4)   # four different ports
    bindir = Path(sys.executable).parent
    # every learner's server runs as this system user: as root (a container, CI) it must be allowed
    allow_root = ', "--allow-root"' if os.geteuid() == 0 else ""
    return f"""
import sys
sys.path.insert(0, {str(HERE.parent)!r})
{preamble}
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.command = [{os.path.abspath(proxy)!r}]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = "class"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(tmp / "home" / "{username}")!r}
c.Spawner.cmd = [{str(bindir / "jupyterhub-singleuser")!r}]
c.Spawner.default_url = "/voila/render/Start%20here.ipynb"
c.Spawner.args = ["--config={HERE / 'jupyter_server_config.py'}", "--ServerApp.root_dir={app_dir}"{allow_root}]
c.Spawner.environment = {{"UNOPARTY_PROGRESS": "{tmp}/progress-{{username}}.json",
                         "UNOPARTY_DB": "hub-service:unoparty-store", {environment}}}
# the class's store: a service of the hub, the only holder of the database's URL (issue 22)
from unoparty.hub_store import hub_roles, hub_service
c.JupyterHub.services = [hub_service("http://127.0.0.1:{store_port}", {db!r}, python={sys.executable!r})]
c.JupyterHub.load_roles = hub_roles()
c.JupyterHub.load_groups = {{"teachers": {{"users": ["teacher"]}}}}
c.Spawner.ip = "127.0.0.1"
c.Spawner.http_timeout = {timeout}
c.Spawner.start_timeout = 180
""", port, hub_port


@contextlib.contextmanager
def running_hub(proxy: str, db: str = "", timeout: int = 120, environment: str = "",
                keep_log: str = "jupyterhub-trial.log", preamble: str = "") -> Iterator[Hub]:
    """The trial's hub, up (its login page answers), in a folder of its own; stopped with
    every process of its session (the proxy, the service, the learners' servers and their
    kernels) when the block ends, its log copied to `keep_log` in the current folder.
    `db`: default an SQLite file in the hub's folder. `environment`, `preamble`: see
    :func:`hub_config`.

    Raises:
        RuntimeError: the hub stopped or did not answer within 90 s (the end of its log said).
    """
    from unoparty.process import stop_session
    with tempfile.TemporaryDirectory(prefix="unoparty-hub-") as folder:
        tmp = Path(folder)
        db = db or f"sqlite:///{tmp / 'class.sqlite3'}"
        config, port, hub_port = hub_config(tmp, proxy, db, timeout, environment, preamble)
        (tmp / "jupyterhub_config.py").write_text(config)
        bindir = Path(sys.executable).parent
        log_path = tmp / "hub.log"
        log = open(log_path, "w")
        env = dict(os.environ, PATH=f"{bindir}{os.pathsep}{os.environ['PATH']}")
        proc = subprocess.Popen([str(bindir / "jupyterhub"), "-f", str(tmp / "jupyterhub_config.py")], cwd=tmp,
                                env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 90
            while True:
                try:
                    urllib.request.urlopen(url + "/hub/login", timeout=2).close()
                    break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError("the hub did not start:\n" + log_path.read_text()[-3000:])
                    time.sleep(0.5)
            yield Hub(url, f"http://127.0.0.1:{hub_port}/hub/api", tmp, db, log_path, proc)
        finally:
            stop_session(proc, 30)
            from unoparty.process import stop_marked
            stop_marked(str(tmp))   # the hub's services have sessions of their own
            log.close()
            shutil.copy(log_path, Path.cwd() / keep_log)


def log_in(browser, hub: Hub, user: str, password: str = "class"):
    """A new browser context, `user` logged in to the hub (the dummy login): its page once
    the app's landing page shows, or None (said) if it did not within 3 minutes."""
    page = browser.new_context().new_page()
    start = time.monotonic()
    page.goto(hub.url + "/hub/login")
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", password)
    page.click("input[type=submit], button[type=submit]")
    try:
        page.get_by_role("button", name="Play against bots", exact=True).first.wait_for(timeout=180_000)
    except Exception as e:
        print(f"{user}: no app ({type(e).__name__}) at {page.url}")
        return None
    print(f"{user}: the app at {page.url} after {time.monotonic() - start:.1f} s")
    return page


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--proxy", required=True, help="the configurable-http-proxy command")
    ap.add_argument("--users", default="ana,ben")
    ap.add_argument("--timeout", type=int, default=120, help="seconds a server may take to start")
    ap.add_argument("--db", default="", help="the class database the store service holds "
                    "(default: an SQLite file in the trial's folder; a postgresql://USER:PASSWORD@… URL "
                    "shows that its password reaches no learner)")
    args = ap.parse_args()
    users = args.users.split(",")
    ok = 0
    with running_hub(args.proxy, args.db, args.timeout) as hub:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--disable-gpu"])
            for user in users:
                page = log_in(browser, hub, user)
                if page is None:
                    continue
                # the learner's server runs the app only (issue 22): signed in as the learner
                base = f"{hub.url}/user/{user}/"
                answers = {what: page.request.fetch(base + what, method=method, max_redirects=0).status
                           for what, method in (("lab", "GET"), ("terminals/1", "GET"), ("api/kernels", "GET"),
                                                ("api/sessions", "GET"), ("api/contents", "GET"),
                                                ("api/terminals", "GET"))}
                print(f"{user}: {answers}")
                kernels, leaks = secrets_in_environment(user, hub.db)
                print(f"{user}: the class database's URL or password in the environment of "
                      f"{leaks or 'no process'} of the learner's server ({kernels} kernel(s) looked at)")
                if all(status in (403, 404) for status in answers.values()) and not leaks and kernels:
                    ok += 1
                page.screenshot(path=str(Path.cwd() / f"jupyterhub-{user}.png"))
            browser.close()
        service_log = hub.log.read_text(errors="replace")
        asked = service_log.count("200 POST /services/unoparty-store/api/")
        refused = service_log.count("unoparty.hub_store] refused")
        print(f"the store service: {asked} requests answered, {refused} refused")
        if not asked or refused:
            ok = 0
        if ok < len(users):
            print(service_log[-4000:])
    return 0 if ok == len(users) else 1


if __name__ == "__main__":
    sys.exit(main())
