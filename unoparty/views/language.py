"""Which language the app opens in (issue 11): the learner's choice (kept with their
progress), else ``?lang=`` in the app's address (a demo link), else the ``UNOPARTY_LANG``
environment variable (``unoparty --lang``), else the browser's language, else English.

Voila passes the page's address and, when started with
``--VoilaConfiguration.http_header_envs=Accept-Language``, the browser's language to the
kernel as the environment variables ``QUERY_STRING`` and ``HTTP_ACCEPT_LANGUAGE``. A
preheated kernel runs the notebook before anyone connects: :func:`request_environ` waits
for the connection first (:func:`wait_for_request`), so it gets them too.

The wait is our own, not ``voila.utils.wait_for_request``: importing ``voila.utils`` loads
about 700 modules of Voila's server side (Jupyter server, JupyterLab server, a parser
grammar of 13 MiB) into every kernel, 110–114 MB a kernel instead of about 62 (issue 20).
Ours needs only ``websockets``' small synchronous client.
"""

from __future__ import annotations

import json
import os
from urllib.parse import parse_qs

from ..i18n import match_language

__all__ = ["choose_language", "request_environ", "request_info_url", "wait_for_request"]

WAIT_OPEN_S = 30.0
"""Seconds the kernel tries to reach the server's request-info socket (a busy server
answers late); after that the page opens with the other sources of the language."""


def request_info_url(environ: dict[str, str] | None = None) -> str | None:
    """The address of Voila's request-info websocket for this kernel (``…/voila/query/<kernel
    id>``), from the variables Voila gives a preheated kernel; None without a kernel id.
    Built as ``voila.utils.wait_for_request`` builds it.

    >>> request_info_url({"VOILA_KERNEL_ID": "k1", "VOILA_APP_PORT": "9000", "VOILA_SERVER_URL": "/app/"})
    'ws://127.0.0.1:9000/app/voila/query/k1'
    """
    env = os.environ if environ is None else environ
    kernel = env.get("VOILA_KERNEL_ID")
    if not kernel:
        return None
    base = env.get("VOILA_WS_BASE_URL") or env.get("VOILA_SERVER_URL") or "/"
    return (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
            f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{kernel}")


def wait_for_request(url: str | None = None, open_timeout: float = WAIT_OPEN_S) -> dict[str, str]:
    """Wait, in a preheated kernel, until a page takes this kernel, and put the page request's
    variables (``QUERY_STRING``, ``HTTP_ACCEPT_LANGUAGE``, …) into ``os.environ``.

    Connects to `url` (default :func:`request_info_url`) and reads the one message the server
    sends when a page takes the kernel: a JSON object of strings. Returns it (``{}`` when
    there is nothing to wait for, or the server could not be reached within `open_timeout`
    seconds: the page then opens with the other sources). Imports nothing of Voila.
    """
    url = url or request_info_url()
    if not url:
        return {}
    try:
        from websockets.sync.client import connect
    except ImportError:  # websockets < 11: no synchronous client
        return {}
    try:
        with connect(url, open_timeout=open_timeout, max_size=2**20) as socket:
            info = json.loads(socket.recv())
    except Exception:  # noqa: BLE001 — unreachable, closed, not JSON: the page opens all the same
        return {}
    if not isinstance(info, dict):
        return {}
    info = {str(k): str(v) for k, v in info.items()}
    os.environ.update(info)
    return info


_request_seen = False  # the preheated kernel's page request has come (request_environ)


def request_environ() -> dict[str, str]:
    """The page request's ``QUERY_STRING`` and ``HTTP_ACCEPT_LANGUAGE`` (``""`` when there is
    none: JupyterLab, tests). Under Voila with a preheated kernel, waits until the page
    connects — once: the request comes once per kernel, so a second call returns at once
    (a second wait would hang the page, which cannot show until the cell ends)."""
    global _request_seen
    if not _request_seen and os.environ.get("VOILA_PREHEAT", "False") == "True":
        wait_for_request()  # never raises: the other sources stand in
        _request_seen = True
    return {key: os.environ.get(key, "") for key in ("QUERY_STRING", "HTTP_ACCEPT_LANGUAGE")}


def choose_language(saved: str | None = None, environ: dict[str, str] | None = None) -> str:
    """The language to open in, from the chain above; each source counts only when its
    language has a catalogue (``unoparty.i18n.available_languages``).

    >>> choose_language(None, {"QUERY_STRING": "lang=fr", "UNOPARTY_LANG": "en"})
    'fr'
    >>> choose_language("xx", {"QUERY_STRING": "", "HTTP_ACCEPT_LANGUAGE": "de,en;q=0.5"})
    'en'
    """
    env = dict(os.environ if environ is None else environ)
    query = parse_qs(env.get("QUERY_STRING", "") or "").get("lang", [""])[0]
    for candidate in (saved, query, env.get("UNOPARTY_LANG"), env.get("HTTP_ACCEPT_LANGUAGE")):
        found = match_language(candidate)
        if found:
            return found
    return "en"
