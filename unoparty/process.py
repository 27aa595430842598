"""Starting and stopping a served app and everything it starts: the servers that ``unoparty
app``, the tests, the trials in ``deploy/`` and the benchmarks start (Voila, a Jupyter
server, a JupyterHub) run in a process session of their own (``subprocess.Popen(...,
start_new_session=True)``), so that one signal to that session's process group reaches the
server's kernels, proxies and services too.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
from typing import Any

__all__ = ["stop_session", "free_ports"]


def stop_session(proc: "subprocess.Popen[Any]", grace: float = 10.0) -> None:
    """Stop `proc` (started with ``start_new_session=True``) and every process of its
    session: SIGTERM to its process group, then SIGKILL to the group if `proc` has not
    exited after `grace` seconds. If `proc` has already exited, what is left of its group
    (a JupyterHub that failed to start leaves its proxy running) gets SIGTERM; a group
    that is already gone is not an error."""
    if proc.poll() is not None:
        _signal_group(proc.pid, signal.SIGTERM)
        return
    if not _signal_group(proc.pid, signal.SIGTERM):
        proc.terminate()   # not the leader of a group of its own: the process alone
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        if not _signal_group(proc.pid, signal.SIGKILL):
            proc.kill()
        proc.wait()


def _signal_group(pgid: int, sig: int) -> bool:
    """`sig` to the process group `pgid`; False when the group has no process left."""
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        return False
    except PermissionError:   # only processes of another user are left in it: not ours to stop
        return False
    return True


def free_ports(n: int, host: str = "127.0.0.1") -> list[int]:
    """`n` different TCP ports of `host` that are free now: all bound at once, then let go
    (asked one by one, the system may hand the same port out twice — a JupyterHub trial
    once got its proxy's port for its hub too). Another process may still take one before
    the server binds it."""
    sockets = []
    try:
        for _ in range(n):
            s = socket.socket()
            sockets.append(s)
            s.bind((host, 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()
