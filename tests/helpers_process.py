"""Servers the tests start (Voila, JupyterLab, ``unoparty app``) run in a session of their
own (``start_new_session=True``), so that stopping one stops its kernels too."""

from __future__ import annotations

import os
import subprocess

from unoparty.process import stop_session  # noqa: F401  (the package's one helper; tests import it from here)


# Ports for the servers the tests start. Asking the system for a free one (bind to port 0,
# then let it go) races with every other process that asks: a kernel takes its five ports
# from the same ephemeral range (/proc/sys/net/ipv4/ip_local_port_range, 32768–60999 here)
# while the browser tests start servers and kernels on both workers, and a server's port
# then went to another server before it bound it (a page answered with another server's
# TLS: "ERR_INVALID_HTTP_RESPONSE", once in a loaded make test). These ports lie below that
# range, where the system hands out none, each pytest-xdist worker in a block of its own.
# Two test runs at once (a second clone's `make test`) use the same blocks: a port is also
# claimed with a lock file that this process holds until it exits (``flock``), so the other
# run skips it even before the server has bound it.
_PORT_BLOCK = 1000
_PORT_BASE = 20000
_PORT_LOCKS = "/tmp/unoparty-test-ports"
_handed_out: set[int] = set()
_held: list = []


def free_port() -> int:
    """A loopback TCP port that is free now and that no other test process is handed while
    this one runs (of this run or of another at once): from this worker's block of ports
    below the system's ephemeral range, claimed by a lock file this process holds.

    Raises:
        RuntimeError: every port of the block is taken.
    """
    import random
    import socket

    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    index = int(worker[2:]) if worker[2:].isdigit() else 0
    start = _PORT_BASE + (index % 12) * _PORT_BLOCK
    ports = [p for p in range(start, start + _PORT_BLOCK) if p not in _handed_out]
    random.shuffle(ports)
    for port in ports:
        claim = _claim(port)
        if claim is None:
            continue  # another test process holds it
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                claim.close()
                continue
        _held.append(claim)
        _handed_out.add(port)
        return port
    raise RuntimeError(f"no free port in {start}–{start + _PORT_BLOCK - 1}")


def _claim(port: int):
    """The lock file of `port`, held by this process (an open file), or None when another
    process holds it."""
    import fcntl

    os.makedirs(_PORT_LOCKS, mode=0o777, exist_ok=True)
    f = open(os.path.join(_PORT_LOCKS, str(port)), "a")
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        f.close()
        return None
    return f


def machine_load() -> str:
    """The load average, for reports: ``"load average 11.2 (8.0 over 5 min) on 2 cores"``."""
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} ({five:.1f} over 5 min) on {os.cpu_count()} cores"


def slow_start(what: str, waited: float, log=None) -> RuntimeError:
    """The error for a start that took longer than `waited` seconds: says it is slow, not broken."""
    where = f"; see {log}" if log else ""
    return RuntimeError(f"slow start, not a failed check: {what} did not answer within {waited:.0f} s "
                        f"({machine_load()}){where}")


def wait_for_http(url: str, proc: subprocess.Popen, timeout: float, what: str, log=None, context=None) -> None:
    """Wait until `url` answers (any HTTP status: the server is up), as long as `proc` runs.

    Polls every 0.2 s up to `timeout` seconds (a bound, not a sleep). `context`: an
    ``ssl.SSLContext`` for an HTTPS server.

    Raises:
        RuntimeError: `proc` exited (its log named), or `timeout` ran out (:func:`slow_start`).
    """
    import time
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            text = ""
            if log is not None:
                try:
                    text = ":\n" + open(log, encoding="utf-8", errors="replace").read()[-4000:]
                except OSError:
                    pass
            raise RuntimeError(f"{what} exited ({proc.returncode}); see {log}{text}")
        try:
            urllib.request.urlopen(url, timeout=5, context=context).close()
            return
        except urllib.error.HTTPError:  # it answers: it is up
            return
        except OSError:
            time.sleep(0.2)
    raise slow_start(what, timeout, log)


class ServedApp:
    """``python -m unoparty app --port P *args`` (the command `make app` runs) on a port of
    :func:`free_port`, in a session of its own, its output in `log`.

    `tmp`: its working folder (the log ``app.log`` goes there); `env`: its environment
    (default: this process's, with ``UNOPARTY_PROGRESS`` in `tmp` and
    ``JUPYTER_PLATFORM_DIRS=1``); `scheme`: ``"https"`` with ``--certfile``/``--keyfile``.
    ``url`` is where a browser opens it; :meth:`log_mark` and :meth:`log_text` read what the
    server wrote since a mark (a server shared by several tests)."""

    def __init__(self, tmp, *args: str, env: dict[str, str] | None = None, scheme: str = "http",
                 cwd=None) -> None:
        import sys
        from pathlib import Path

        tmp = Path(tmp)
        self.tmp = tmp
        self.port = free_port()
        self.url = f"{scheme}://127.0.0.1:{self.port}/"
        self.plain = f"http://127.0.0.1:{self.port}/"
        self.log = tmp / "app.log"
        if env is None:
            env = dict(os.environ, UNOPARTY_PROGRESS=str(tmp / "progress.json"), JUPYTER_PLATFORM_DIRS="1")
        self.args, self.env, self.cwd = args, env, cwd or tmp
        self._log = open(self.log, "w")
        self._start()

    def _start(self) -> None:
        import sys

        self.proc = subprocess.Popen([sys.executable, "-m", "unoparty", "app", "--port", str(self.port), *self.args],
                                     cwd=self.cwd, env=self.env, stdout=self._log, stderr=subprocess.STDOUT,
                                     start_new_session=True)

    def restart(self, timeout: float = 600.0) -> None:
        """Stop the server (its kernels killed first: nothing is flushed on the way out) and
        start it again with the same arguments on the same port (a browser's
        ``localStorage`` belongs to the page's origin) and stores; returns once it answers.

        Raises:
            RuntimeError: it did not answer within `timeout` seconds (:func:`slow_start`).
        """
        import time

        self.stop(kill_kernels=True)
        deadline = time.monotonic() + timeout
        while True:  # the port is let go with the process
            self._log = open(self.log, "a")
            self._start()
            try:
                self.wait(max(1.0, deadline - time.monotonic()))
                return
            except RuntimeError:
                self.stop()
                if time.monotonic() > deadline:
                    raise slow_start("unoparty app, started again", timeout, self.log) from None

    def wait(self, timeout: float = 600.0, context=None) -> None:
        """Wait until the server answers (see :func:`wait_for_http`)."""
        wait_for_http(self.url + "voila/static/", self.proc, timeout, f"unoparty app on {self.url}", self.log,
                      context=context)

    def log_mark(self) -> int:
        """A mark in the server's log: what it has written so far."""
        self._log.flush()
        return self.log.stat().st_size

    def log_text(self, since: int = 0) -> str:
        """What the server wrote to its log since `since` (a :meth:`log_mark`)."""
        with open(self.log, "rb") as f:
            f.seek(since)
            return f.read().decode("utf-8", errors="replace")

    def kernel_processes(self) -> dict:
        """The kernels running under the server (``psutil.Process``), by id (from their
        connection file names)."""
        import re

        import psutil

        found = {}
        for child in psutil.Process(self.proc.pid).children(recursive=True):
            try:
                m = re.search(r"kernel-([0-9a-f-]{36})\.json", " ".join(child.cmdline()))
            except psutil.Error:
                continue
            if m:
                found[m.group(1)] = child
        return found

    def kernels(self) -> set[str]:
        """Ids of the kernels running under the server."""
        return set(self.kernel_processes())

    def stop(self, kill_kernels: bool = False) -> None:
        """Stop the server and its kernels. `kill_kernels`: kill the kernels first (a
        fixture's teardown: nothing is checked after, and Voila's shutting down of each
        kernel in turn took seconds), instead of letting the server shut them down."""
        if kill_kernels and self.proc.poll() is None:
            import psutil

            for kernel in self.kernel_processes().values():
                try:
                    kernel.kill()
                except psutil.Error:
                    pass
        stop_session(self.proc, 15)
        self._log.close()
