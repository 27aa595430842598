"""A throwaway PostgreSQL cluster for tests: ``UNOPARTY_TEST_PG`` names a server to use
instead. Debian's binaries live in ``/usr/lib/postgresql/*/bin``; as root they run as the
``postgres`` user. Without a server the tests skip, unless ``UNOPARTY_REQUIRE_PG=1`` (CI):
then they fail."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

__all__ = ["Cluster", "postgres_cluster", "postgres_url"]


def _free_port() -> int:
    from tests.helpers_process import free_port  # below the kernels' ephemeral ports
    return free_port()


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                   key=lambda p: int(Path(p).parts[4]) if Path(p).parts[4].isdigit() else 0)
    return found[-1] if found else shutil.which(name)


def _missing(why: str):
    if os.environ.get("UNOPARTY_REQUIRE_PG") == "1":
        pytest.fail(f"PostgreSQL is required (UNOPARTY_REQUIRE_PG=1) but {why}")
    pytest.skip(f"no PostgreSQL: {why} (set UNOPARTY_TEST_PG to a server's URL)")


class Cluster:
    """A throwaway cluster that a test can stop and start again (``url``, :meth:`stop`,
    :meth:`start`); None of this with ``UNOPARTY_TEST_PG``."""

    def __init__(self, run_as: list[str], pg_ctl: str, data: str, log: str, opts: str, url: str) -> None:
        self._run_as, self._pg_ctl, self._data, self._log, self._opts = run_as, pg_ctl, data, log, opts
        self.url = url

    def start(self) -> None:
        subprocess.run([*self._run_as, self._pg_ctl, "-D", self._data, "-l", self._log, "-o", self._opts,
                        "-w", "-t", "60", "start"], check=True, stdout=subprocess.DEVNULL)

    def stop(self) -> None:
        subprocess.run([*self._run_as, self._pg_ctl, "-D", self._data, "-m", "immediate", "-w", "stop"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def postgres_url():
    """A generator for a fixture: yields a ``postgresql://`` URL of an empty database."""
    url = os.environ.get("UNOPARTY_TEST_PG")
    if url:
        yield url
        return
    for cluster in postgres_cluster():
        yield cluster.url


def postgres_cluster():
    """A generator for a fixture: yields a :class:`Cluster` of its own (skips with
    ``UNOPARTY_TEST_PG``: a server the test must not stop)."""
    if os.environ.get("UNOPARTY_TEST_PG"):
        pytest.skip("UNOPARTY_TEST_PG names a server that a test must not stop")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _missing("psycopg is not installed")
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if not initdb or not pg_ctl:
        _missing("initdb and pg_ctl were not found in /usr/lib/postgresql/*/bin")
    root = tempfile.mkdtemp(prefix="unoparty-pg-")
    run_as: list[str] = []
    if os.geteuid() == 0:
        import pwd
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            _missing("running as root and there is no postgres user")
        os.chown(root, user.pw_uid, user.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    data = os.path.join(root, "data")
    port = _free_port()
    log = os.path.join(root, "log")
    subprocess.run([*run_as, initdb, "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    opts = f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={root} -c fsync=off " \
           f"-c max_connections=100"
    cluster = Cluster(run_as, pg_ctl, data, log, opts, f"postgresql://postgres@127.0.0.1:{port}/postgres")
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)
