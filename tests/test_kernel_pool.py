"""The app server's kernels without a server (issue 20, 22): a preheated kernel's wait for
its visitor (our own, not Voila's), the default bound on kernels, and the "class is full"
page in every language. The server itself is tried in tests/browser/test_app_server.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

import pytest

from unoparty import kernel_pool
from unoparty.views.language import request_info_url, wait_for_request


def _request_info_server(payload: dict):
    """A websocket server on a free port that sends `payload` to the first client, like
    Voila's ``/voila/query/<kernel id>`` once a page takes the kernel."""
    from websockets.sync.server import serve

    seen = []

    def handler(socket):
        seen.append(socket.request.path)
        socket.send(json.dumps(payload))

    server = serve(handler, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.socket.getsockname()[1], seen


def test_a_preheated_kernel_gets_its_visitors_request_without_voila(monkeypatch) -> None:
    server, port, seen = _request_info_server({"QUERY_STRING": "lang=fr", "HTTP_ACCEPT_LANGUAGE": "ro"})
    # recorded, so that what the wait puts into os.environ is taken out again afterwards
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "")
    monkeypatch.setenv("VOILA_KERNEL_ID", "0f0e")
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    try:
        info = wait_for_request()
    finally:
        server.shutdown()
    assert info == {"QUERY_STRING": "lang=fr", "HTTP_ACCEPT_LANGUAGE": "ro"}
    assert os.environ["QUERY_STRING"] == "lang=fr"
    assert seen == ["/voila/query/0f0e"]


def test_the_wait_gives_up_quietly_when_the_server_is_unreachable() -> None:
    import socket
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert wait_for_request(f"ws://127.0.0.1:{port}/voila/query/x", open_timeout=2) == {}
    assert wait_for_request(url=None) == {} or request_info_url() is not None


def test_waiting_for_the_request_imports_nothing_of_voila() -> None:
    """Voila's own wait (``voila.utils``) loaded ~700 modules of its server side into every
    kernel: 110–114 MB a kernel instead of about 62 (issue 20)."""
    code = ("import sys\nfrom unoparty.views.language import wait_for_request\n"
            "wait_for_request('ws://127.0.0.1:9/voila/query/x', open_timeout=0.5)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('voila', 'jupyter_server', 'jupyterlab_server')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_default_bound_follows_the_memory_and_never_starves_the_pool() -> None:
    assert kernel_pool.default_max_kernels(5, available=8 * 10**9) == 60
    assert kernel_pool.default_max_kernels(30, available=2 * 10**9) == 31  # the pool and one visitor
    assert kernel_pool.default_max_kernels(5, available=None) == 10
    assert 1 <= kernel_pool.default_start_at_once(2) <= 2 and kernel_pool.default_start_at_once(1) == 1


def test_the_class_is_full_page_speaks_every_language_of_the_app() -> None:
    from unoparty.i18n import available_languages

    messages = kernel_pool.full_messages()
    assert set(messages) == set(available_languages()) and len(messages) == 5
    english = messages["en"]
    for code, words in messages.items():
        if code != "en":
            assert words["title"] != english["title"] and words["text"] != english["text"], code
    page = kernel_pool.full_page("fr", messages)
    assert 'lang="fr"' in page and messages["fr"]["title"] in page and 'http-equiv="refresh" content="60"' in page
    assert "minute" in english["text"]
    assert kernel_pool.full_page("xx", messages).count(english["title"]) == 2  # title and heading


@pytest.mark.parametrize("argv, message", [
    (["--pool-size", "5", "--max-kernels", "3"], "at least the pool size"),
    (["--connect-timeout", "-1"], "connect_timeout must be 0 or more"),
])
def test_bounds_that_cannot_work_are_refused_in_one_sentence(argv, message, capsys) -> None:
    from unoparty.cli import main

    assert main(["app", "--print", *argv]) == 2
    assert message in capsys.readouterr().err


def test_the_command_line_carries_the_bounds(capsys) -> None:
    from unoparty.cli import main

    assert main(["app", "--print", "--pool-size", "5", "--max-kernels", "12", "--connect-timeout", "5"]) == 0
    out = capsys.readouterr().out
    for part in ("--BoundedKernels.max_kernels=12", "--BoundedKernels.connect_timeout=5",
                 "--VoilaKernelManager.fill_delay=5"):
        assert part in out


def test_the_apps_kernel_spec_runs_ipykernel_without_the_debugger() -> None:
    """``unoparty app`` finds the ``python3`` kernel spec in the package first: a kernel that
    does not import debugpy (about 8 MB a kernel)."""
    from jupyter_client.kernelspec import KernelSpecManager

    from unoparty.serve import jupyter_path_env

    env = dict(os.environ, JUPYTER_PATH=jupyter_path_env({}))
    code = ("from jupyter_client.kernelspec import KernelSpecManager as K; s = K().get_kernel_spec('python3'); "
            "print(s.argv[1:3], s.resource_dir)")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert "['-m', 'unoparty.app_kernel']" in out and "unoparty/app/kernels/python3" in out
    assert KernelSpecManager  # the same manager Voila uses
    # a real kernel from that spec: the debugger's modules are not loaded
    probe = ("from jupyter_client.manager import start_new_kernel\n"
             "km, kc = start_new_kernel(kernel_name='python3')\n"
             "try:\n"
             "    kc.execute_interactive(\"import sys; print('debugger:', '_pydevd_bundle' in sys.modules, "
             "'debugpy' in sys.modules and sys.modules['debugpy'] is not None)\", timeout=120)\n"
             "finally:\n"
             "    kc.stop_channels(); km.shutdown_kernel(now=True)\n")
    out = subprocess.run([sys.executable, "-c", probe], env={**env, "JUPYTER_PLATFORM_DIRS": "1"},
                         capture_output=True, text=True, timeout=300).stdout
    assert "debugger: False False" in out, out
