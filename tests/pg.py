"""One throwaway PostgreSQL cluster per test process, a database of its own for each fixture: ``UNOPARTY_TEST_PG`` names a server to use
instead. Debian's binaries live in ``/usr/lib/postgresql/*/bin``; as root they run as the
``postgres`` user. Without a server the tests skip, unless ``UNOPARTY_REQUIRE_PG=1`` (CI):
then they fail."""

from __future__ import annotations

import atexit
import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

__all__ = ["Cluster", "Database", "postgres_cluster", "postgres_url"]


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

    def running(self) -> bool:
        """True while the cluster's server runs (``pg_ctl status``)."""
        return subprocess.run([*self._run_as, self._pg_ctl, "-D", self._data, "status"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def postgres_url():
    """A generator for a fixture: yields a ``postgresql://`` URL of an empty database of its
    own (on the test process's one cluster, :func:`postgres_cluster`, or on ``UNOPARTY_TEST_PG``'s
    server as it is)."""
    url = os.environ.get("UNOPARTY_TEST_PG")
    if url:
        yield url
        return
    for cluster in postgres_cluster():
        yield cluster.url


class Database(Cluster):
    """A database of its own on the process's shared cluster: ``url`` names it; :meth:`stop`
    and :meth:`start` stop and start the whole cluster (the process's tests run one at a time;
    the cluster is started again after the fixture if a test left it stopped)."""

    def __init__(self, cluster: Cluster, name: str) -> None:
        self._cluster = cluster
        self.url = cluster.url.rsplit("/", 1)[0] + "/" + name

    def start(self) -> None:
        self._cluster.start()

    def stop(self) -> None:
        self._cluster.stop()


_shared: Cluster | None = None
_databases = 0


def postgres_cluster():
    """A generator for a fixture: yields a :class:`Database` — an empty database of its own
    on this test process's one throwaway cluster, that a test may stop and start (skips with
    ``UNOPARTY_TEST_PG``: a server the test must not stop).

    One cluster per test process (each pytest-xdist worker has its own): started by the
    first fixture that asks, stopped when the process exits. Not one for both workers: a
    test that stops its cluster must not pull it from under the other worker's tests."""
    global _shared, _databases
    if os.environ.get("UNOPARTY_TEST_PG"):
        pytest.skip("UNOPARTY_TEST_PG names a server that a test must not stop")
    if _shared is None:
        _shared = _start_cluster()
    cluster = _shared
    if not cluster.running():
        cluster.start()
    import psycopg

    _databases += 1
    name = f"unoparty_test_{_databases}"
    with psycopg.connect(cluster.url, autocommit=True) as con:
        con.execute(f"DROP DATABASE IF EXISTS {name}")
        con.execute(f"CREATE DATABASE {name}")
    try:
        yield Database(cluster, name)
    finally:
        if not cluster.running():
            cluster.start()


def _start_cluster() -> Cluster:
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
    made = subprocess.run([*run_as, initdb, "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if made.returncode != 0:
        shutil.rmtree(root, ignore_errors=True)
        raise RuntimeError(f"initdb failed ({made.returncode}): {made.stderr.strip()[-2000:]}")
    opts = f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={root} -c fsync=off " \
           f"-c max_connections=100"
    cluster = Cluster(run_as, pg_ctl, data, log, opts, f"postgresql://postgres@127.0.0.1:{port}/postgres")
    cluster.start()

    def remove() -> None:
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)

    atexit.register(remove)
    return cluster
