"""The store service under a real JupyterHub (issue 22): a hub with the dummy
authenticator, ``configurable-http-proxy`` from npm (``make browser-deps``), the service
registered as docs/jupyterhub.md says (:func:`unoparty.hub_store.hub_service`,
:func:`~unoparty.hub_store.hub_roles`, the group ``teachers``), users' tokens made through
the hub's REST API, and those tokens used by the kernel's backend
(``UNOPARTY_DB=hub-service:unoparty-store``). Skipped only where jupyterhub is not
installed (the ``test`` extra installs it)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.helpers_process import free_port, stop_session

pytest.importorskip("jupyterhub")

from unoparty.hub_store import HubServiceStore, StoreRefusal, hub_roles, hub_service  # noqa: E402
from unoparty.progress import SQLStore  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ADMIN = "a3f9c1d27be84c6f9d0e5a1b2c3d4e5f"   # the test's own service token (users, groups, tokens)


def proxy_command() -> str:
    """configurable-http-proxy: ``make browser-deps`` installs it (tests/browser/package.json)."""
    local = ROOT / "tests" / "browser" / "node_modules" / ".bin" / "configurable-http-proxy"
    found = str(local) if local.exists() else shutil.which("configurable-http-proxy")
    if not found:
        pytest.fail("configurable-http-proxy is missing: run `make browser-deps` (npm install --prefix tests/browser)")
    return found


def _api(url: str, method: str = "GET", body: dict | None = None, token: str = ADMIN) -> tuple[int, object]:
    req = urllib.request.Request(url, method=method, data=None if body is None else json.dumps(body).encode(),
                                 headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            raw = resp.read()
            return resp.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


def _wait(predicate, proc: subprocess.Popen, log: Path, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if proc.poll() is not None or time.monotonic() > deadline:
            pytest.fail("the hub did not come up:\n" + log.read_text(errors="replace")[-4000:])
        time.sleep(0.2)


def _up(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=5).close()
        return True
    except OSError:
        return False


def _about(url: str) -> bool:
    """True when `url` answers as the store service (not the hub's 404 page)."""
    try:
        with urllib.request.urlopen(url, timeout=5) as resp:
            return json.loads(resp.read()).get("service") == "unoparty-store"
    except (OSError, ValueError):
        return False


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("hub")
    port, hub_port, api_port, store_port = (free_port() for _ in range(4))
    db = tmp / "class.sqlite3"
    config = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
from unoparty.hub_store import hub_roles, hub_service
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.JupyterHub.db_url = "sqlite:///{tmp / 'hub.sqlite'}"
c.JupyterHub.cookie_secret_file = {str(tmp / 'cookie_secret')!r}
c.ConfigurableHTTPProxy.command = [{proxy_command()!r}]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.pid_file = {str(tmp / 'proxy.pid')!r}
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.JupyterHub.services = [
    hub_service("http://127.0.0.1:{store_port}", "sqlite:///{db}", python={sys.executable!r}),
    {{"name": "unoparty-test", "api_token": {ADMIN!r}}},
]
c.JupyterHub.load_roles = hub_roles() + [
    {{"name": "unoparty-test", "scopes": ["admin:users", "admin:groups", "tokens"], "services": ["unoparty-test"]}},
]
c.JupyterHub.load_groups = {{"teachers": {{"users": ["mme-roux"]}}}}
"""
    (tmp / "jupyterhub_config.py").write_text(config)
    log = tmp / "hub.log"
    bindir = Path(sys.executable).parent
    with open(log, "w") as out:
        proc = subprocess.Popen([str(bindir / "jupyterhub"), "-f", str(tmp / "jupyterhub_config.py")], cwd=tmp,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    api = f"http://127.0.0.1:{hub_port}/hub/api"
    try:
        started = time.monotonic()
        _wait(lambda: _up(api + "/"), proc, log)
        _wait(lambda: _up(f"http://127.0.0.1:{store_port}/services/unoparty-store/"), proc, log)
        # the hub adds the service's route to the proxy once the service is up
        _wait(lambda: _about(f"http://127.0.0.1:{port}/services/unoparty-store/"), proc, log)
        up = time.monotonic() - started
        status, _ = _api(api + "/users", "POST", {"usernames": ["ana", "ben"]})
        assert status == 201, _
        yield {"api": api, "db": db, "log": log, "up": up, "proxy": f"http://127.0.0.1:{port}"}
    finally:
        stop_session(proc, 30)
        # the proxy and the store service have sessions of their own (JupyterHub starts them
        # so): a hub that did not stop them in time left them running (seen after a loaded run)
        from unoparty.process import stop_marked
        stop_marked(str(tmp))


def _token(hub, user: str, scopes: list[str]) -> str:
    status, answer = _api(f"{hub['api']}/users/{user}/tokens", "POST", {"scopes": scopes, "note": "test"})
    assert status == 201, answer
    return answer["token"]  # type: ignore[index]


SERVER_SCOPES = ["users:activity!user", "access:services!service=unoparty-store",
                 "read:services!service=unoparty-store"]


def test_a_learners_token_reaches_only_their_own_record_through_the_hubs_service(hub) -> None:
    ana = HubServiceStore("unoparty-store", token=_token(hub, "ana", SERVER_SCOPES), api_url=hub["api"])
    assert ana.record_stars("ana", "speed-play", 2) == 2
    ana.record_practice("ana", "SP-4", False)
    assert ana.stars("ana") == {"speed-play": 2} and len(ana.practice("ana")) == 1
    assert ana.base_url().startswith("http://127.0.0.1:") and ana.base_url().endswith("/services/unoparty-store/")
    key = "browserKeyOfAnasLaptop01"
    assert ana.sign_in(key, "ana") == "ana" and ana.learner_for_key(key) == "ana"
    ana.save_session(key, "lesson", {"lesson": "speed-play", "step": 2})
    assert ana.load_session(key, "lesson") == {"lesson": "speed-play", "step": 2}
    for call in (lambda: ana.record_stars("ben", "speed-play", 3), lambda: ana.settings("ben"),
                 lambda: ana.sign_in(key, "ben"),
                 ana.learners, lambda: ana.reset_learner("ana")):
        with pytest.raises(StoreRefusal):
            call()
    # the teacher (group teachers, from the hub) reads and changes the class
    teacher = HubServiceStore("unoparty-store", token=_token(hub, "mme-roux", SERVER_SCOPES), api_url=hub["api"])
    teacher.record_stars("ben", "goal", 1)
    assert teacher.learners() == ["ana", "ben"]
    teacher.reset_learner("ben")
    store = SQLStore(f"sqlite:///{hub['db']}")
    assert store.stars("ana") == {"speed-play": 2} and store.stars("ben") == {}
    # the same service through the hub's proxy, as a browser would reach it
    assert HubServiceStore(hub["proxy"] + "/services/unoparty-store/", token=ana.token).stars("ana") == {"speed-play": 2}
    print(f"the hub and its store service up in {hub['up']:.1f} s")


def test_a_token_without_the_services_scope_is_refused(hub) -> None:
    """A token of ana's that may not reach the service: the hub's scopes decide, not the app."""
    token = _token(hub, "ana", ["read:users:name!user"])
    with pytest.raises(StoreRefusal) as refused:
        HubServiceStore("unoparty-store", token=token, api_url=hub["api"]).stars("ana")
    assert "read:services!service=unoparty-store" in str(refused.value)
    bare = _token(hub, "ana", ["read:services!service=unoparty-store"])
    lost = HubServiceStore("unoparty-store", token=bare, api_url=hub["api"])
    with pytest.raises(StoreRefusal) as refused:
        lost.stars("ana")
    assert refused.value.code == "bad-token"
    with pytest.raises(StoreRefusal):
        HubServiceStore("unoparty-store", token="not-a-token", api_url=hub["api"]).stars("ana")
