"""unoparty.process: stopping a served app's whole session, and ports for the trials."""

from __future__ import annotations

import subprocess
import sys
import time

from unoparty.process import exited, free_ports, stop_session


_gone = exited   # no longer there, or a zombie waiting to be reaped


def _wait_until(condition, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_stopping_a_session_stops_its_children() -> None:
    proc = subprocess.Popen([sys.executable, "-c", "import subprocess, sys, time\n"
                             "c = subprocess.Popen(['sleep', '120']); print(c.pid, flush=True); time.sleep(120)"],
                            stdout=subprocess.PIPE, text=True, start_new_session=True)
    child = int(proc.stdout.readline())
    stop_session(proc, 10)
    assert proc.returncode is not None and _wait_until(lambda: _gone(child))


def test_what_a_session_leaves_behind_is_stopped_too() -> None:
    """A JupyterHub that failed to start (its port taken) exited and left its proxy running:
    stopping its session stops what is left of it."""
    proc = subprocess.Popen(["sh", "-c", "sleep 120 & echo $!"], stdout=subprocess.PIPE, text=True,
                            start_new_session=True)
    child = int(proc.stdout.readline())
    proc.wait(30)
    assert not _gone(child)
    stop_session(proc)
    assert _wait_until(lambda: _gone(child))
    stop_session(proc)   # twice, the group gone: nothing happens


def test_a_process_without_a_session_of_its_own_is_still_stopped() -> None:
    proc = subprocess.Popen(["sleep", "120"])
    stop_session(proc, 10)
    assert proc.returncode is not None


def test_free_ports_are_different() -> None:
    ports = free_ports(20)
    assert len(set(ports)) == 20 and all(1024 <= p < 65536 for p in ports)


def test_stop_marked_stops_what_a_signal_to_the_group_does_not_reach(tmp_path) -> None:
    """A server's helper started in a session of its own (as JupyterHub starts its store
    service) outlives a stop of the server's group: stop_marked finds it by a text in its
    environment and stops it, and leaves every other process alone."""
    import os
    import subprocess
    import sys
    import time

    from unoparty.process import stop_marked
    marker = str(tmp_path / "run-marker")
    env = dict(os.environ, UNOPARTY_TEST_MARK=marker)
    stray = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"], env=env,
                             start_new_session=True)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"], start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while marker.encode() not in open(f"/proc/{stray.pid}/environ", "rb").read():
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert stop_marked(marker) == [stray.pid]
        assert stray.wait(60) is not None
        assert other.poll() is None
    finally:
        for p in (stray, other):
            if p.poll() is None:
                p.kill()
            p.wait()


def test_stop_marked_finds_a_process_by_its_working_folder(tmp_path) -> None:
    """JupyterHub's proxy keeps nothing of the run in its environment, only its working folder."""
    import subprocess
    import sys
    import time

    from unoparty.process import stop_marked
    folder = tmp_path / "hub"
    folder.mkdir()
    stray = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"], cwd=folder,
                             start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if stray.pid in stop_marked(str(folder)):
                    break
            except AssertionError:
                raise
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert stray.wait(60) is not None
    finally:
        if stray.poll() is None:
            stray.kill()
        stray.wait()
