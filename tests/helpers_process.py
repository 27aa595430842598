"""Servers the tests start (Voila, JupyterLab, ``unoparty app``) run in a session of their
own (``start_new_session=True``), so that stopping one stops its kernels too."""

from __future__ import annotations

import os
import signal
import subprocess


def stop_session(proc: subprocess.Popen, grace: float = 10.0) -> None:
    """Stop `proc` and every process of its session: SIGTERM to the group, then SIGKILL if it
    has not exited after `grace` seconds. Nothing happens if it has already exited."""
    if proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


# Ports for the servers the tests start. Asking the system for a free one (bind to port 0,
# then let it go) races with every other process that asks: a kernel takes its five ports
# from the same ephemeral range (/proc/sys/net/ipv4/ip_local_port_range, 32768–60999 here)
# while the browser tests start servers and kernels on both workers, and a server's port
# then went to another server before it bound it (a page answered with another server's
# TLS: "ERR_INVALID_HTTP_RESPONSE", once in a loaded make test). These ports lie below that
# range, where the system hands out none, each pytest-xdist worker in a block of its own.
_PORT_BLOCK = 1000
_PORT_BASE = 20000
_handed_out: set[int] = set()


def free_port() -> int:
    """A loopback TCP port that is free now and that no other test process of this run is
    handed: from this worker's block of ports below the system's ephemeral range.

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
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        _handed_out.add(port)
        return port
    raise RuntimeError(f"no free port in {start}–{start + _PORT_BLOCK - 1}")
