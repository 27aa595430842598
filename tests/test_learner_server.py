"""A learner's Jupyter server (JupyterHub's single-user server with
``deploy/jupyter_server_config.py``) runs the app and nothing else (issue 22): no
JupyterLab, no terminals, no kernels, sessions or files API, and the app's kernel takes no
code over its websocket — while the app's page still opens. Tried with a plain
``jupyter server`` and that config (the hub adds only its login)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

from tests.helpers_process import stop_session
from unoparty.serve import APP_NOTEBOOK

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "learner-server-test"


def _free_port() -> int:
    from tests.helpers_process import free_port  # below the kernels' ephemeral ports
    return free_port()


@pytest.fixture(scope="module")
def learner_server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("learner")
    shutil.copy(APP_NOTEBOOK, tmp / "Start here.ipynb")
    port = _free_port()
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1", UNOPARTY_DB=f"sqlite://{tmp / 'class.sqlite3'}",
               UNOPARTY_PROGRESS=str(tmp / "progress.json"),
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep))
    log = open(tmp / "server.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "jupyter_server", f"--config={ROOT / 'deploy' / 'jupyter_server_config.py'}",
                             f"--ServerApp.root_dir={tmp}", f"--port={port}", "--ip=127.0.0.1", "--no-browser",
                             f"--IdentityProvider.token={TOKEN}", "--allow-root"],
                            cwd=tmp, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        assert proc.poll() is None, (tmp / "server.log").read_text()
        try:
            urllib.request.urlopen(url + f"api/status?token={TOKEN}", timeout=2).close()
            break
        except urllib.error.HTTPError:
            break
        except OSError:
            time.sleep(0.2)
    try:
        yield url, tmp / "server.log"
    finally:
        stop_session(proc)
        log.close()


def _status(url: str, method: str = "GET", body: bytes | None = None) -> int:
    request = urllib.request.Request(url, method=method, data=body,
                                     headers={"Authorization": f"token {TOKEN}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status
    except urllib.error.HTTPError as e:
        return e.code


def test_a_learners_server_offers_no_lab_terminal_kernel_or_file_api(learner_server) -> None:
    url, _log = learner_server
    assert _status(url + "lab") == 404
    assert _status(url + "terminals/1") == 404
    assert _status(url + "api/terminals", "POST", b"{}") in (403, 404)
    assert _status(url + "api/kernels") == 403
    assert _status(url + "api/kernels", "POST", b'{"name": "python3"}') == 403
    assert _status(url + "api/sessions", "POST", json.dumps(
        {"path": "x.ipynb", "type": "notebook", "kernel": {"name": "python3"}}).encode()) == 403
    assert _status(url + "api/contents") == 403
    assert _status(url + "api/contents/x.py", "PUT", b'{"type": "file", "format": "text", "content": "1"}') == 403


def test_the_app_opens_and_its_kernel_takes_no_code(learner_server) -> None:
    import websocket

    url, _log = learner_server
    request = urllib.request.Request(url + "voila/render/Start%20here.ipynb",
                                     headers={"Authorization": f"token {TOKEN}"})
    with urllib.request.urlopen(request, timeout=180) as answer:
        page = answer.read().decode()
    kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', page).group(1)
    ws = websocket.create_connection(url.replace("http://", "ws://") + f"api/kernels/{kernel}/channels?token={TOKEN}",
                                     origin=url.rstrip("/"), timeout=60)
    try:
        def send(msg_type: str, content: dict) -> str:
            msg_id = uuid.uuid4().hex
            ws.send(json.dumps({"channel": "shell", "header": {"msg_id": msg_id, "msg_type": msg_type,
                                "username": "t", "session": "s", "version": "5.3", "date": ""},
                                "parent_header": {}, "metadata": {}, "content": content}))
            return msg_id

        send("execute_request", {"code": "import os; print(os.environ)", "silent": False})
        info = send("kernel_info_request", {})
        # the shell answers in order: if the code had run, its reply would come first
        while True:
            msg = json.loads(ws.recv())
            if msg.get("channel") == "shell":
                break
        assert msg["msg_type"] == "kernel_info_reply" and msg["parent_header"]["msg_id"] == info
    finally:
        ws.close()


@pytest.mark.browser
def test_the_app_works_in_a_browser_on_a_learners_server(context, learner_server) -> None:
    url, log = learner_server
    page = context.new_page()
    refused: list[str] = []
    page.on("response", lambda r: refused.append(r.url) if r.status == 403 else None)
    page.goto(url + f"voila/render/Start%20here.ipynb?token={TOKEN}", timeout=180_000)
    page.get_by_role("button", name="Play against bots", exact=True).first.wait_for(timeout=180_000)
    page.locator(".up-nav").get_by_role("button", name="Rules", exact=True).click()   # the kernel answers
    page.locator(".up-nav .up-nav-active", has_text="Rules").wait_for(timeout=120_000)
    assert refused == [], refused   # the page needs none of the refused APIs
    page.close()
