"""``unoparty app`` as a class server (issue 22), tried against the real served app: no page
loads anything from another host; a kernel shutdown without the XSRF token or an Origin
header, and a kernel websocket without an Origin header, are refused; ``/logout`` works; a
wrong teacher's code is written to the server's log, not to the page.
"""

from __future__ import annotations

import re
import ssl
import subprocess
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.helpers_process import ServedApp

from .conftest import SCREENSHOTS, START_S, server_env

pytestmark = pytest.mark.browser

from .conftest import LOAD  # noqa: E402  (ms: bounded by START_S, the machine's load)
CODE = "test-code"  # the teacher's code of the tests' servers (conftest.server_env)


class ClassServer(ServedApp):
    """``python -m unoparty app`` with a teacher's code and a store of its own (the tests'
    environment, :func:`.conftest.server_env`, with `CODE`)."""

    def __init__(self, tmp: Path, *args: str, scheme: str = "http") -> None:
        env = dict(server_env(tmp), UNOPARTY_TEACHER_CODE=CODE)
        super().__init__(tmp, *args, env=env, scheme=scheme)

    def wait(self, timeout: float = START_S, context=None) -> None:
        if self.url.startswith("https:") and context is None:
            context = ssl._create_unverified_context()  # its own certificate: checked by the test
        super().wait(timeout, context)


@pytest.fixture(scope="module")
def class_server(app_server):
    """The served app with the teacher's code: the shared server (``app_server``, whose code
    is `CODE`); each test reads only what the server logged since it began."""
    return app_server


def _status(request: urllib.request.Request) -> int:
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as e:
        return e.code


def test_no_page_loads_anything_from_another_host(context, class_server) -> None:
    mark = class_server.log_mark()
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    page = context.new_page()
    page.goto(class_server.url)
    page.get_by_role("button", name="Play against bots", exact=True).first.wait_for(timeout=LOAD)
    page.locator(".up-lessonbtn").first.click()                                   # a lesson
    page.get_by_role("button", name="Next ›").first.wait_for(timeout=LOAD)
    page.locator(".up-nav").get_by_role("button", name="Play against bots", exact=True).click()   # a game
    page.locator(".up-nav").get_by_role("button", name="Teacher", exact=True).click()            # the teacher's page
    page.get_by_placeholder("the teacher’s code", exact=True).fill("not the code")
    page.get_by_role("button", name="Open the class").click()
    page.get_by_text("That is not the teacher’s code.").wait_for(timeout=LOAD)
    page.get_by_placeholder("the teacher’s code", exact=True).fill(CODE)
    page.get_by_placeholder("the teacher’s code", exact=True).press("Enter")   # Enter opens it too
    page.get_by_role("button", name="Refresh").wait_for(timeout=LOAD)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "class-server-teacher.png"))
    mine = urlsplit(class_server.url).netloc
    outside = [u for u in requests if not u.startswith(("data:", "blob:")) and urlsplit(u).netloc != mine]
    assert len(requests) > 10 and outside == []
    # the wrong code is in the server's log, never the code itself
    log = class_server.log_text(mark)
    assert "a wrong try of the teacher's code" in log and CODE not in log
    assert CODE not in page.content() and "wrong try" not in page.content()   # the log is the server's, not the page's
    page.close()


def test_a_shutdown_needs_the_token_or_the_pages_origin(class_server) -> None:
    kernel = "0" * 8 + "-0000-4000-8000-" + "0" * 12   # a well-formed id: the check comes first
    url = class_server.url + f"voila/api/shutdown/{kernel}"
    bare = urllib.request.Request(url, method="POST", data=b"")
    assert _status(bare) == 403
    foreign = urllib.request.Request(url, method="POST", data=b"", headers={"Origin": "http://evil.example"})
    assert _status(foreign) == 403
    own = urllib.request.Request(url, method="POST", data=b"", headers={"Origin": class_server.url.rstrip("/")})
    assert _status(own) != 403   # the beacon's request goes through (no such kernel here)


def test_a_kernel_websocket_needs_an_origin(class_server) -> None:
    import websocket

    with urllib.request.urlopen(class_server.url, timeout=120) as answer:   # a page: its kernel
        kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', answer.read().decode()).group(1)
    ws_url = class_server.url.replace("http://", "ws://") + f"api/kernels/{kernel}/channels"
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        websocket.create_connection(ws_url, suppress_origin=True, timeout=30)
    assert refused.value.status_code == 403
    own = websocket.create_connection(ws_url, origin=class_server.url.rstrip("/"), timeout=30)
    own.close()  # the page's own origin opens it


def test_logout_goes_back_to_the_app(class_server) -> None:
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        opener.open(class_server.url + "logout", timeout=30)
        status, where = 200, ""
    except urllib.error.HTTPError as e:
        status, where = e.code, e.headers.get("Location", "")
    assert (status, where) == (302, "/")


@pytest.fixture(scope="module")
def https_server(tmp_path_factory):
    """The app over HTTPS with a self-signed certificate made by ``openssl``, as the README's
    Deployment section says."""
    tmp = tmp_path_factory.mktemp("https")
    cert, key = tmp / "cert.pem", tmp / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
    server = ClassServer(tmp, "--certfile", str(cert), "--keyfile", str(key), scheme="https")
    server.cert = cert
    try:
        server.wait()
        yield server
    finally:
        server.stop(kill_kernels=True)


def test_the_app_over_https_with_a_self_signed_certificate(browser, https_server) -> None:
    trusted = ssl.create_default_context(cafile=str(https_server.cert))
    answer = urllib.request.Request(https_server.url + "logout")
    try:
        urllib.request.urlopen(answer, context=trusted, timeout=30).close()   # the certificate checks out
    except urllib.error.HTTPError as e:
        assert e.code < 500
    with pytest.raises((urllib.error.URLError, ConnectionError, OSError)):
        urllib.request.urlopen(https_server.plain, timeout=30)   # no plain HTTP on that port
    context = browser.new_context(ignore_https_errors=True)
    try:
        page = context.new_page()
        page.goto(https_server.url)
        page.get_by_role("button", name="Play against bots", exact=True).first.wait_for(timeout=LOAD)
        page.locator(".up-nav").get_by_role("button", name="Rules", exact=True).click()   # the kernel answers (wss)
        page.locator(".up-nav .up-nav-active", has_text="Rules").wait_for(timeout=LOAD)
    finally:
        context.close()
