"""Serve the app with Voila from the installed package (``unoparty app``, ``make app``).

The app notebook ships inside the package (``unoparty/app/Start here.ipynb``, written by
``notebooks/make_notebooks.py``), so ``pip install unoparty[app]`` is all a server needs.

What the command sets, and why (measured on a 2-core machine, issue 13):

- **Only the app notebook** is served (Voila's single-notebook mode, page at ``/``), so a
  preheated pool (``--pool-size``) starts kernels for it and for nothing else.
- **A closed tab's kernel shuts down at once.** The page sends ``POST
  /voila/api/shutdown/<kernel id>`` with ``navigator.sendBeacon``, which cannot carry
  Jupyter's ``_xsrf`` token, so Voila 0.5 refused every one (``403 '_xsrf' argument missing``,
  voila #1458) and kernels lived until the idle cull. :func:`accept_shutdown_beacons`
  replaces the token check of that one handler with a same-origin check: a request from
  another site, or with no ``Origin`` header at all (a script's), is still refused unless it
  carries the token, and the kernel id (a random UUID only its page knows) is what names
  the kernel. A kernel websocket with no ``Origin`` is refused too
  (:func:`refuse_scripted_websockets`; Jupyter lets those through as "from a script"). The idle cull stays as the backstop for tabs that vanish without
  a beacon (a crashed browser, a lost network).
- **A busy server shows the app, never an empty page.** Voila waits ``iopub_timeout``
  seconds (4 by default) for the notebook's output while it executes; on a busy server the
  app's widget messages took longer, and the page showed only the markdown. We wait up to
  ``--iopub-timeout`` seconds (60).
- **Nothing from another host.** The app's template leaves out Voila's icon font and
  nbconvert's Mermaid loader, both from CDNs (``no_cdn.html.j2``); ``/logout`` goes back to
  the app (``unoparty.app_logout``); ``--certfile``/``--keyfile`` serve HTTPS
  (:func:`serve_https`).
- **Meanwhile the page says so, in the learner's language.** The page uses the app's own
  Voila template ``unoparty`` (``unoparty/app/voila/templates/unoparty``: Voila's ``lab``
  template with its spinner replaced), found through ``JUPYTER_PATH``. It shows "The app is
  starting…" (:func:`starting_messages`, every language of the app, passed as the
  template's resources) until the app's widgets are drawn — not only while the notebook
  runs — and picks the language from ``?lang=`` or the browser's languages.
"""

from __future__ import annotations

import os
import sys
from typing import Any
from pathlib import Path

__all__ = ["APP_NOTEBOOK", "JUPYTER_DATA", "TEMPLATE", "accept_shutdown_beacons", "refuse_scripted_websockets",
           "serve_https", "starting_messages",
           "voila_argv", "jupyter_path_env", "serve"]

APP_NOTEBOOK = Path(__file__).resolve().parent / "app" / "Start here.ipynb"
"""The app notebook shipped as package data."""
JUPYTER_DATA = Path(__file__).resolve().parent / "app"
"""A Jupyter data folder shipped as package data: ``voila/templates/unoparty``, and
``kernels/python3`` (the app's kernel without the debugger, :mod:`unoparty.app_kernel`)."""
TEMPLATE = "unoparty"
"""The app's Voila template (the ``lab`` template with the app's "still starting" message)."""


WEBSOCKET_MAX_MESSAGE = 64 * 1024 * 1024
"""Bytes: the largest message a page may send its kernel (a file picked in the upload button
travels in one message; the scenarios page refuses more than 512 kB with a sentence)."""


def starting_messages() -> dict[str, dict[str, str]]:
    """The "still starting" message of the page, in every language of the app:
    ``{code: {"title": ..., "text": ..., "lost": ..., "reload": ...}}`` ("lost" and "reload":
    the sentence and the button the page shows when its connection to the kernel is lost)
    (a language's catalogue not translating it yet gives the English text). Leaves the
    current language as it was.

    >>> starting_messages()["en"]["title"]
    'UNO Party! — learn to play'
    """
    from .i18n import _, in_every_language

    return in_every_language(lambda: {"title": _("UNO Party! — learn to play"),
                                      "text": _("The app is starting. Many learners may be opening it at the same time: "
                                                "this page fills in by itself in a moment, there is no need to reload it."),
                                      # a lost connection (the template's hook): one sentence and a button
                                      "lost": _("The connection to the app is lost: the server has stopped or restarted. "
                                                "Reload the page to go on."),
                                      "reload": _("Reload")})


def jupyter_path_env(environ: dict[str, str] | None = None) -> str:
    """``JUPYTER_PATH`` with the package's Jupyter data folder first (where Voila finds the
    app's template), followed by the one in `environ` (default: this process's)."""
    current = (os.environ if environ is None else environ).get("JUPYTER_PATH", "")
    return os.pathsep.join([str(JUPYTER_DATA), *([current] if current else [])])


def voila_argv(*, notebook: str | os.PathLike[str] = APP_NOTEBOOK, port: int = 8866, ip: str = "127.0.0.1",
               pool_size: int = 0, cull_idle: int = 600, cull_interval: int = 60,
               iopub_timeout: int = 60, refill_delay: float = 5.0, open_browser: bool = False,
               max_kernels: int | None = None, connect_timeout: float = 60.0) -> list[str]:
    """Voila's command-line arguments for serving `notebook`.

    `port`: TCP port; `ip`: the address to listen on (loopback by default: pass
    ``0.0.0.0`` to serve a class network); `pool_size`: kernels kept preheated (the notebook
    already run) for the next visitors, 0 = none; `cull_idle`: seconds a kernel with no tab
    may stay idle before it is shut down (0 = never); `cull_interval`: seconds between cull
    checks; `iopub_timeout`: seconds Voila waits for the notebook's output; `refill_delay`:
    seconds the pool waits before starting a kernel to replace one a visitor took (5: the
    visitor's own page is served first — a replacement started at once took half the CPU of
    that page; the refill then starts one or two kernels at a time, :mod:`unoparty.kernel_pool`,
    so a burst of visitors keeps the CPU); `max_kernels`: kernels the server holds at most, pooled
    and in use (None: :func:`unoparty.kernel_pool.default_max_kernels` of the pool and the
    memory; 0: no bound); `connect_timeout`: seconds within which a page must connect to the
    kernel it was given, else the kernel is shut down (0: never). With a pool,
    the notebook's cell has no time limit: a preheated kernel's cell waits for its visitor
    (the page's language) however long the pool stays unused — with Voila's limit (300 s
    here before) an unused pool's kernels all failed after five minutes.
    Raises ValueError for a negative number or a port outside 1–65535.

    The template ``unoparty`` is found only with :func:`jupyter_path_env` as
    ``JUPYTER_PATH`` (:func:`serve` sets it).

    >>> voila_argv(notebook="a.ipynb", port=9000)[:3]
    ['a.ipynb', '--port=9000', '--Voila.ip=127.0.0.1']
    """
    for name, value in (("pool_size", pool_size), ("cull_idle", cull_idle), ("cull_interval", cull_interval),
                        ("iopub_timeout", iopub_timeout), ("refill_delay", refill_delay),
                        ("max_kernels", max_kernels or 0), ("connect_timeout", connect_timeout)):
        if value < 0:
            raise ValueError(f"{name} must be 0 or more, not {value}")
    if not 0 < port < 65536:
        raise ValueError(f"port must be between 1 and 65535, not {port}")
    import json

    from .kernel_pool import default_max_kernels

    if max_kernels is None:
        max_kernels = default_max_kernels(pool_size)
    elif 0 < max_kernels < pool_size:
        raise ValueError(f"max_kernels ({max_kernels}) must be at least the pool size ({pool_size})")
    argv = [str(notebook), f"--port={port}", f"--Voila.ip={ip}",
            "--strip_sources=True",
            # the app's page: "still starting" in the learner's language (needs jupyter_path_env)
            f"--template={TEMPLATE}",
            "--VoilaConfiguration.resources=" + json.dumps({"unoparty_starting": starting_messages()}),
            # the browser's language reaches the kernel (unoparty.views.language's chain)
            "--VoilaConfiguration.http_header_envs=Accept-Language",
            # an uploaded file reaches the kernel in one websocket message: above tornado's
            # 10 MiB default the connection dropped and a 20 MB upload did nothing visible;
            # now it arrives and the scenarios page says it is too big (views/scenarios_page.py)
            "--Voila.tornado_settings=" + json.dumps({"websocket_max_message_size": WEBSOCKET_MAX_MESSAGE}),
            f"--VoilaExecutor.iopub_timeout={iopub_timeout}",
            # a cell may take long on a busy server: never cut the app's building short
            # (a preheated kernel's cell also waits for its visitor: no limit then)
            f"--VoilaExecutor.timeout={300 if pool_size == 0 else -1}",
            f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
            f"--MappingKernelManager.cull_interval={max(cull_interval, 1)}",
            # /logout goes back to the app (Voila's own page needs a static path it lacks: a 500)
            "--IdentityProvider.logout_handler_class=unoparty.app_logout.LogoutHandler",
            # unoparty.kernel_pool (read by unoparty.serve.serve's Voila only)
            f"--BoundedKernels.max_kernels={max_kernels}", f"--BoundedKernels.connect_timeout={connect_timeout:g}"]
    if pool_size > 0:
        argv += ["--preheat_kernel=True", f"--pool_size={pool_size}",
                 f"--VoilaKernelManager.fill_delay={refill_delay:g}"]
    if not open_browser:
        argv.append("--no-browser")
    return argv


def accept_shutdown_beacons() -> None:
    """Let Voila's kernel shutdown handler accept the page's ``sendBeacon`` request.

    The beacon cannot send Jupyter's ``_xsrf`` token; instead of the token this handler
    (and only this one) checks that the request comes from the app's own origin. Safe to
    call more than once.
    """
    from tornado import web
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

    if getattr(VoilaShutdownKernelHandler, "_unoparty_beacon", False):
        return

    token_check = VoilaShutdownKernelHandler.check_xsrf_cookie

    def check_xsrf_cookie(self: Any) -> None:  # self: Voila's handler (untyped)
        if self.get_argument("_xsrf", None) or self.request.headers.get("X-XSRFToken"):
            token_check(self)  # a request with the token: Jupyter's own check
            return
        # no token (the beacon): the browser's Origin header must name this server. A
        # request with no Origin is not a page's (a script's): refused too (issue 22)
        if not self.request.headers.get("Origin"):
            raise web.HTTPError(403, "kernel shutdown without the _xsrf token or an Origin header refused")
        if not self.check_origin():
            raise web.HTTPError(403, "kernel shutdown from another site refused")

    VoilaShutdownKernelHandler.check_xsrf_cookie = check_xsrf_cookie
    VoilaShutdownKernelHandler._unoparty_beacon = True


def refuse_scripted_websockets() -> None:
    """Refuse a kernel websocket that names no origin (``Origin`` or
    ``Sec-WebSocket-Origin``): a browser always sends one, so only a script would open
    it without (Jupyter lets those through, "assume from script"). Another site's origin
    stays refused by Jupyter's own check. Safe to call more than once."""
    from tornado import web
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    if getattr(VoilaKernelWebsocketHandler, "_unoparty_origin", False):
        return
    pre_get = VoilaKernelWebsocketHandler.pre_get

    async def pre_get_with_origin(self: Any) -> None:
        headers = self.request.headers
        if not (headers.get("Origin") or headers.get("Sec-WebSocket-Origin")):
            raise web.HTTPError(403, "a kernel websocket without an Origin header refused")
        await pre_get(self)

    VoilaKernelWebsocketHandler.pre_get = pre_get_with_origin
    VoilaKernelWebsocketHandler._unoparty_origin = True


def serve_https(certfile: str | os.PathLike[str], keyfile: str | os.PathLike[str]) -> None:
    """Make Voila listen over HTTPS with this certificate and key (PEM files): Voila's own
    app has no ``certfile`` option (Jupyter server's does), so its ``listen`` passes
    tornado the TLS context.

    Raises:
        OSError, ssl.SSLError: a file is missing or is not a certificate and its key.
    """
    import ssl

    from voila.app import Voila

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(str(certfile), str(keyfile))
    listen = Voila.listen

    def listen_https(self: Any) -> None:
        plain = self.app.listen
        self.app.listen = lambda port, address="", **kw: plain(port, address, ssl_options=context, **kw)
        try:
            listen(self)
        finally:
            self.app.listen = plain

    Voila.listen = listen_https


def serve(argv: list[str], *, certfile: str | os.PathLike[str] | None = None,
          keyfile: str | os.PathLike[str] | None = None) -> int:
    """Run Voila in this process with `argv` (see :func:`voila_argv`) until Ctrl-C; the
    package's template folder is put first on ``JUPYTER_PATH``. With `certfile` and
    `keyfile`: over HTTPS (:func:`serve_https`)."""
    os.environ["JUPYTER_PATH"] = jupyter_path_env()
    accept_shutdown_beacons()
    refuse_scripted_websockets()
    if certfile:
        serve_https(certfile, keyfile or certfile)
    from .kernel_pool import bounded_voila

    bounded_voila().launch_instance(argv=argv)
    return 0


if __name__ == "__main__":  # python -m unoparty.serve [voila arguments]
    sys.exit(serve(sys.argv[1:] or voila_argv()))
