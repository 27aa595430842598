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

__all__ = ["stop_session", "stop_marked", "exited", "free_ports"]


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


def stop_marked(marker: str, grace: float = 10.0) -> list[int]:
    """Stop every process of this user whose environment holds `marker` (a text no other
    process has, e.g. the path of a run's own folder) or whose working folder is under it:
    what a server started in sessions of their own, which a signal to its group does not
    reach — JupyterHub starts its proxy and each of its managed services (the class's store
    service) with a session of its own, and a hub stopped before it stopped them left them
    running. SIGTERM, then SIGKILL after `grace`
    seconds to those still there. Returns the process ids found (Linux ``/proc``; elsewhere
    none)."""
    import time
    from pathlib import Path
    found = []
    me = os.getpid()
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            pid = int(proc.name)
            if pid == me:
                continue
            if marker.encode() in (proc / "environ").read_bytes() or os.readlink(proc / "cwd").startswith(marker):
                found.append(pid)
        except (OSError, ValueError):
            continue   # gone, or not ours to read
    for pid in found:
        try:
            os.kill(pid, signal.SIGTERM)
        except (ProcessLookupError, PermissionError):
            pass
    deadline = time.monotonic() + grace
    left = list(found)
    while left and time.monotonic() < deadline:
        left = [pid for pid in left if not exited(pid)]
        if left:
            time.sleep(0.1)
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    return found


def exited(pid: int) -> bool:
    """Whether the process `pid` has exited: no longer there, or a zombie waiting to be
    reaped (Linux ``/proc``)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


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
