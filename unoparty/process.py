"""Stopping a served app and everything it started: the servers that ``unoparty app``, the
tests, the trials in ``deploy/`` and the benchmarks start (Voila, a Jupyter server, a
JupyterHub) run in a process session of their own (``subprocess.Popen(...,
start_new_session=True)``), so that one signal to that session's process group reaches the
server's kernels, proxies and services too.
"""

from __future__ import annotations

import os
import signal
import subprocess
from typing import Any

__all__ = ["stop_session"]


def stop_session(proc: "subprocess.Popen[Any]", grace: float = 10.0) -> None:
    """Stop `proc` (started with ``start_new_session=True``) and every process of its
    session: SIGTERM to its process group, then SIGKILL to the group if `proc` has not
    exited after `grace` seconds. Nothing happens if it has already exited; a group that
    is already gone is not an error."""
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        proc.wait()
        return
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
