"""The start method for tests that need several real processes at once (the thirty store
writers, one process per seat of a live table, the racing processes): ``forkserver``.
Each test process starts one fork server that imports the tests' worker modules and the
package once; every worker process is then a fork of it — a separate OS process with its own
connections, started in milliseconds instead of a Python start-up and imports of its own
(issue 18: the time of ``make test``; "spawn" cost 0.4–1 CPU-s a process)."""

from __future__ import annotations

import multiprocessing
from multiprocessing.context import BaseContext

PRELOAD = ["tests.helpers_writers", "tests.tables_workers", "unoparty.progress", "unoparty.session.table",
           "psycopg"]
"""Imported once by the fork server (a module that cannot be imported is skipped)."""


def context() -> BaseContext:
    """The ``forkserver`` context, its server preloading :data:`PRELOAD` (the same list
    whichever test starts the server first)."""
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)
    return ctx
