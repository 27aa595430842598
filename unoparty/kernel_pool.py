"""The app server's kernels: a pool that refills gently, and a bounded number of kernels
(issues 20 and 22). Used by :func:`unoparty.serve.serve` (``unoparty app``, ``make app``).

Voila's preheated pool (``--pool-size``) keeps kernels with the app already built. On its
own it (measured on 2 cores):

- **refilled in a stampede**: every kernel a visitor took was replaced after a fixed delay
  (60 s here), all at once — 30 replacement kernels after a class arrived held both cores for
  about 115 s (load 6.5 → 42), and learners arriving then waited 120–166 s;
- **had no bound**: a plain ``GET /`` (``curl``, a link preview) took a kernel of about
  105 MB that no page ever connected to, kept until the idle cull ten minutes later — eight
  ``curl``\\ s took a server from 3 to 14 kernels;
- and past the pool every visitor started a kernel of their own, without limit.

:func:`bounded_voila` (Voila's application, with :class:`BoundedKernels` mixed into its kernel
manager and two handlers of its own) changes that:

- **Replacement kernels start at once, `start_at_once` at a time** (1 on a 2-core machine, 2
  from 3 cores: never more than the cores), each counted until its notebook has built the
  app and waits for its visitor — so the refill leaves the machine to the pages being served,
  and a learner arriving during a refill gets the next kernel that is ready.
- **A kernel that no page connects to** within `connect_timeout` seconds (60) after its page
  was sent is shut down (the pool then starts a fresh one): a ``curl`` or a link preview holds
  a kernel for a minute, not ten.
- **At most `max_kernels` kernels** (pooled and in use, :func:`default_max_kernels`): the pool
  refills only within the bound, and a visitor beyond it gets a short page (HTTP 503,
  ``Retry-After: 60``) saying, in their language, that the class is full and to try again in
  a minute (:func:`full_messages`; the language from ``?lang=`` or the browser's languages,
  as the app chooses it).

Settings (Jupyter configuration, as ``unoparty app`` passes them):
``--BoundedKernels.max_kernels=N``, ``--BoundedKernels.connect_timeout=SECONDS``,
``--BoundedKernels.start_at_once=N``.
"""

from __future__ import annotations

import asyncio
import contextvars
import html
import os
import time
from collections.abc import Callable
from typing import Any

__all__ = ["bounded_voila", "default_max_kernels", "default_start_at_once", "full_messages",
           "full_page", "KERNEL_MB"]

KERNEL_MB = 100
"""Memory counted per kernel for the default bound (MB): an app kernel holds about 62 MB RSS
after its first page and grows with the pages a learner opens; the rest is margin."""

READY_CAP_S = 300.0
"""The longest a starting kernel keeps its place in the throttle (s) if it never reports that
it waits for its visitor (a notebook that does not wait, a kernel that hangs)."""

# the kernels a page request was handed, so the handler knows when that page was sent
_handed_in_request: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("unoparty_handed", default=None)


def default_start_at_once(cores: int | None = None) -> int:
    """Kernels started at the same time when the pool refills: 1 on 1–2 cores, 2 from 3 cores
    (a core stays free for the pages being served).

    >>> default_start_at_once(2), default_start_at_once(8)
    (1, 2)
    """
    cores = cores or os.cpu_count() or 1
    return max(1, min(2, cores - 1))


def _available_memory() -> int | None:
    """Bytes of memory available now (psutil, else ``/proc/meminfo``), or None."""
    try:
        import psutil
        return int(psutil.virtual_memory().available)
    except Exception:  # noqa: BLE001 — psutil missing or failing: /proc
        pass
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def default_max_kernels(pool_size: int, available: int | None = -1) -> int:
    """The default bound on kernels: as many as three quarters of the memory available at the
    start hold at `KERNEL_MB` each, and never fewer than the pool and one visitor more.
    `available` is in bytes (default: measured now; None when unknown: then twice the pool,
    at least 10).

    >>> default_max_kernels(5, available=4 * 10**9), default_max_kernels(30, available=10**9), default_max_kernels(2, None)
    (30, 31, 10)
    """
    if available == -1:
        available = _available_memory()
    floor = pool_size + 1
    if available is None:
        return max(floor, 2 * pool_size, 10)
    return max(floor, int(available * 0.75 // (KERNEL_MB * 10**6)))


def full_messages() -> dict[str, dict[str, str]]:
    """The "class is full" page's words in every language of the app:
    ``{code: {"title", "text", "again"}}``. Leaves the current language as it was."""
    from .i18n import _, in_every_language

    return in_every_language(lambda: {"title": _("The class is full"),
                                      "text": _("Every place on this server is taken right now. Try again in a minute: "
                                                "this page tries again by itself."),
                                      "again": _("Try again")})


def full_page(lang: str, messages: dict[str, dict[str, str]], retry_s: int = 60) -> str:
    """The HTML page a visitor beyond the bound reads, in `lang` (English when `messages` has
    no such language); it reloads itself after `retry_s` seconds."""
    words = messages.get(lang) or messages["en"]
    title, text, again = (html.escape(words[k]) for k in ("title", "text", "again"))
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta http-equiv="refresh" content="{int(retry_s)}"><title>{title}</title>'
            '<style>body{font-family:system-ui,sans-serif;max-width:36em;margin:4em auto;padding:0 1em;'
            'color:#222;line-height:1.5}a{display:inline-block;margin-top:1em;padding:.6em 1.2em;'
            'background:#0956BF;color:#fff;border-radius:6px;text-decoration:none}</style></head>'
            f'<body><main id="up-class-full" role="status"><h1>{title}</h1><p>{text}</p>'
            f'<a href="">{again}</a></main></body></html>\n')


def _kernel_manager_mixin() -> type[Any]:
    """The class :class:`BoundedKernels` (made on first use: importing this module needs no
    Jupyter server)."""
    global _MIXIN
    if _MIXIN is not None:
        return _MIXIN
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from traitlets import Float, Int

    class BoundedKernels(AsyncMappingKernelManager):
        """Mixed into Voila's kernel manager by :func:`bounded_voila` (above Voila's pool, so its
        methods see the pool's). See the module's docstring."""

        max_kernels = Int(0, config=True, help="Kernels the server holds at most, pooled and in use (0: no bound).")
        connect_timeout = Float(60.0, config=True,
                                help="Seconds after its page was sent within which a page must connect to a kernel; "
                                     "a kernel no page connected to by then is shut down (0: never).")
        start_at_once = Int(0, config=True, help="Pool kernels started at the same time (0: by the cores).")

        # ------------------------------------------------------------------ book-keeping
        def _bounds(self) -> dict[str, Any]:
            state = self.__dict__.get("_unoparty")
            if state is None:
                state = self.__dict__["_unoparty"] = {
                    "handed": set(),     # kernels given to a page (pooled or started for it)
                    "sent": {},          # kernel → monotonic time its page was sent, until a page connects
                    "connected": set(),  # kernels a page has connected to
                    "ready": {},         # kernel → asyncio.Event: its notebook waits for its visitor
                    "throttle": None,    # asyncio.Semaphore, made on the loop
                    "watch": None,       # the connect-timeout task
                    "stopping": False,
                    "taking": 0,         # pool kernels being handed to a page right now
                }
            return state

        def _throttle(self) -> asyncio.Semaphore:
            state = self._bounds()
            if state["throttle"] is None:
                state["throttle"] = asyncio.Semaphore(self.start_at_once or default_start_at_once())
            throttle: asyncio.Semaphore = state["throttle"]
            return throttle

        def kernels_in_use(self) -> int:
            """Kernels given to pages and still running (and those being taken from the pool now)."""
            state = self._bounds()
            return len(state["handed"] & set(self.list_kernel_ids())) + int(state["taking"])

        def _pooled(self, notebook_name: str | None) -> int:
            pools = getattr(self, "_pools", None)
            return len(pools.get(notebook_name, ())) if pools is not None else 0

        def is_full(self, notebook_name: str | None) -> bool:
            """True when a new visitor of `notebook_name` can get no kernel: the pool is empty and
            the server holds `max_kernels` already."""
            if not self.max_kernels or self._pooled(notebook_name):
                return False
            return self.kernels_in_use() + sum(len(p) for p in getattr(self, "_pools", {}).values()) >= self.max_kernels

        def _hand_out(self, kernel_id: str) -> None:
            self._bounds()["handed"].add(kernel_id)
            handed = _handed_in_request.get()
            if handed is not None:
                handed.append(kernel_id)
            else:  # not through our handler: start the clock now
                self.page_sent(kernel_id)

        def page_sent(self, kernel_id: str) -> None:
            """The page holding `kernel_id` has been sent: a page must connect within
            `connect_timeout` seconds."""
            state = self._bounds()
            if not self.connect_timeout or kernel_id in state["connected"] or kernel_id not in self:
                return
            state["sent"][kernel_id] = time.monotonic()
            if state["watch"] is None or state["watch"].done():
                state["watch"] = asyncio.ensure_future(self._watch_connections())

        async def _watch_connections(self) -> None:
            state = self._bounds()
            step = max(0.2, min(10.0, self.connect_timeout / 4))
            while state["sent"] and not state["stopping"]:
                await asyncio.sleep(step)
                now = time.monotonic()
                for kernel_id, sent in list(state["sent"].items()):
                    if kernel_id in state["connected"] or kernel_id not in self:
                        state["sent"].pop(kernel_id, None)
                    elif now - sent >= self.connect_timeout:
                        state["sent"].pop(kernel_id, None)
                        self.log.info("Kernel %s: no page connected within %g s of its page being sent: shutting it "
                                      "down", kernel_id, self.connect_timeout)
                        try:
                            await self.shutdown_kernel(kernel_id)
                        except Exception:  # noqa: BLE001 — already gone
                            self.log.debug("Kernel %s was already gone", kernel_id, exc_info=True)

        def notify_connect(self, kernel_id: str) -> None:
            state = self._bounds()
            state["connected"].add(kernel_id)
            state["sent"].pop(kernel_id, None)
            super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]  # jupyter_server leaves it untyped

        def kernel_waits_for_request(self, kernel_id: str) -> None:
            """A preheated kernel's notebook has reached its wait for a visitor (it opened Voila's
            request-info socket): it no longer counts against the refill's throttle."""
            self._ready(kernel_id).set()

        def _ready(self, kernel_id: str) -> asyncio.Event:
            ready: asyncio.Event = self._bounds()["ready"].setdefault(kernel_id, asyncio.Event())
            return ready

        # ------------------------------------------------------------------ the pool
        def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
            """Voila's refill, within `max_kernels`: the pool is filled to its size or to what the
            bound leaves beside the kernels in use."""
            state = self._bounds()
            if state["stopping"]:
                return
            if not self.max_kernels:
                super().fill_if_needed(delay=delay, notebook_name=notebook_name, **kwargs)  # type: ignore[misc]  # the pool's method: above it in the class Voila makes, not in this one's static bases
                return
            configs: dict[Any, Any] = getattr(self, "kernel_pools_config")  # Voila's pool's setting (not in the static bases)
            default = configs.get("default", {})
            config = configs.get(notebook_name, default)
            size = config.get("pool_size", default.get("pool_size", 1))
            others = sum(len(p) for name, p in getattr(self, "_pools", {}).items() if name != notebook_name)
            room = max(0, self.max_kernels - self.kernels_in_use() - others)
            if room >= size:
                super().fill_if_needed(delay=delay, notebook_name=notebook_name, **kwargs)  # type: ignore[misc]  # the pool's method: above it in the class Voila makes, not in this one's static bases
                return
            setattr(self, "kernel_pools_config", {**configs, notebook_name: {**config, "pool_size": room}})
            try:
                super().fill_if_needed(delay=delay, notebook_name=notebook_name, **kwargs)  # type: ignore[misc]  # the pool's method: above it in the class Voila makes, not in this one's static bases
            finally:
                setattr(self, "kernel_pools_config", configs)

        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> dict[str, Any]:
            """Voila's start of a pool kernel, `start_at_once` at a time: a start keeps its place
            until its notebook waits for its visitor (or has run, or `READY_CAP_S`)."""
            if kernel_id is not None:  # a restart: not the pool's refill
                restarted: dict[str, Any] = await super()._initialize(notebook_path, kernel_id, **kwargs)  # type: ignore[misc]  # the pool's method: above it in the class Voila makes, not in this one's static bases
                return restarted
            throttle = self._throttle()
            await throttle.acquire()
            try:
                content: dict[str, Any] = await super()._initialize(notebook_path, kernel_id, **kwargs)  # type: ignore[misc]  # the pool's method: above it in the class Voila makes, not in this one's static bases
            except BaseException:
                throttle.release()
                raise
            asyncio.ensure_future(self._release_when_ready(content["kernel_id"], content["task"], throttle))
            return content

        async def _release_when_ready(self, kernel_id: str, task: asyncio.Future[Any], throttle: asyncio.Semaphore) -> None:
            waiting = asyncio.ensure_future(self._ready(kernel_id).wait())
            try:
                await asyncio.wait([waiting, task], timeout=READY_CAP_S, return_when=asyncio.FIRST_COMPLETED)
            finally:
                waiting.cancel()
                self._bounds()["ready"].pop(kernel_id, None)
                throttle.release()

        async def get_rendered_notebook(self, notebook_name: str, *args: Any, **kwargs: Any) -> Any:
            """Voila's hand-out of a pool kernel to a page; the kernel counts as in use from the
            moment it leaves the pool (Voila refills the pool before it returns)."""
            state = self._bounds()
            state["taking"] += 1
            try:
                result = await super().get_rendered_notebook(notebook_name, *args, **kwargs)  # type: ignore[misc]  # the pool's method: above it in the class Voila makes, not in this one's static bases
            finally:
                state["taking"] -= 1
            self._hand_out(result[2])
            return result

        # jupyter_client types MultiKernelManager's start_kernel, shutdown_kernel and shutdown_all
        # as plain methods; jupyter_server's asynchronous manager, this one's base, makes them
        # coroutines: hence the override ignores below.
        async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
            """A kernel started for one page (the pool was empty or there is none)."""
            kernel_id: str = await super().start_kernel(*args, **kwargs)
            self._hand_out(kernel_id)
            return kernel_id

        async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
            state = self._bounds()
            try:
                await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]  # jupyter_server's, untyped
            finally:
                was_handed = kernel_id in state["handed"]
                for key in ("handed", "connected"):
                    state[key].discard(kernel_id)
                state["sent"].pop(kernel_id, None)
                pools = getattr(self, "_pools", None)  # Voila's pool's (not in the static bases)
                if was_handed and not state["stopping"] and pools is not None:
                    # a place freed within the bound: the pool may refill it
                    for name in list(pools):
                        self.fill_if_needed(delay=0, notebook_name=name)

        async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
            self._bounds()["stopping"] = True
            await super().shutdown_all(*args, **kwargs)

    _MIXIN = BoundedKernels
    return _MIXIN


_MIXIN: type[Any] | None = None


def _bounded_factory(original: Callable[..., type[Any]]) -> Callable[..., type[Any]]:
    """Voila's kernel-manager factory, with :class:`BoundedKernels` mixed in above its pool."""
    def factory(base_class: type[Any], *args: Any, **kwargs: Any) -> type[Any]:
        made = original(base_class, *args, **kwargs)
        try:
            return type("UnopartyKernelManager", (_kernel_manager_mixin(), made), {})
        except TypeError:  # another kernel manager class configured: Voila's, unbounded
            return made
    return factory


def _voila_classes() -> type[Any]:
    """The application and handler classes (built on first use: importing this module needs
    no Voila)."""
    from tornado import web
    from voila.app import Voila
    from voila.request_info_handler import RequestInfoSocketHandler
    from voila.tornado.handler import TornadoVoilaHandler

    messages = full_messages()
    BoundedKernels = _kernel_manager_mixin()

    # Voila has no type information (pyproject: ignore_missing_imports): its classes are Any
    class BoundedVoilaHandler(TornadoVoilaHandler):  # type: ignore[misc]
        """Voila's page handler: "the class is full" beyond the bound; the connect clock of a
        kernel starts once its page is sent."""

        @web.authenticated
        async def get(self, path: str | None = None) -> None:
            km = self.kernel_manager
            if not path and isinstance(km, BoundedKernels) and km.is_full(self.notebook_path or path):
                from .views.language import choose_language

                lang = choose_language(None, {"QUERY_STRING": self.request.query,
                                              "HTTP_ACCEPT_LANGUAGE": self.request.headers.get("Accept-Language", "")})
                self.log.warning("The class is full (%d kernels): a visitor was asked to try again", km.max_kernels)
                self.set_status(503)
                self.set_header("Retry-After", "60")
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.set_header("Cache-Control", "no-store")
                self.finish(full_page(lang, messages))
                return
            handed: list[str] = []
            token = _handed_in_request.set(handed)
            try:
                await super().get(path)
            finally:
                _handed_in_request.reset(token)
                if isinstance(km, BoundedKernels):
                    for kernel_id in handed:
                        km.page_sent(kernel_id)

    class ReadySocketHandler(RequestInfoSocketHandler):  # type: ignore[misc]  # Voila's, untyped
        """Voila's request-info socket: a kernel opening it tells the pool it is ready."""

        def open(self, kernel_id: str) -> None:
            super().open(kernel_id)
            km = self.settings.get("kernel_manager")
            if isinstance(km, BoundedKernels):
                km.kernel_waits_for_request(kernel_id)

    class BoundedVoilaApp(Voila):  # type: ignore[misc]  # Voila's, untyped
        """Voila with :class:`BoundedKernels` and the two handlers above."""

        def init_settings(self) -> dict[str, Any]:
            import voila.app as voila_app

            original = voila_app.voila_kernel_manager_factory
            voila_app.voila_kernel_manager_factory = _bounded_factory(original)
            try:
                settings: dict[str, Any] = super().init_settings()
                return settings
            finally:
                voila_app.voila_kernel_manager_factory = original

        def init_handlers(self) -> list[Any]:
            swap = {TornadoVoilaHandler: BoundedVoilaHandler, RequestInfoSocketHandler: ReadySocketHandler}
            return [(h[0], swap.get(h[1], h[1]), *h[2:]) for h in super().init_handlers()]

    return BoundedVoilaApp


def bounded_voila() -> type[Any]:
    """Voila's application class with bounded kernels (imports Voila):
    ``bounded_voila().launch_instance(argv=...)``."""
    global _BOUNDED
    if _BOUNDED is None:
        _BOUNDED = _voila_classes()
    return _BOUNDED


_BOUNDED: type[Any] | None = None
