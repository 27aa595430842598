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
