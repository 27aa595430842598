"""Fixtures shared by the live-table tests (tests/test_tables*.py): the store's URL, once per
backend — a SQLite file of the test's own, or a database on this module's PostgreSQL cluster."""

from __future__ import annotations

import pytest

from tests.pg import postgres_url


@pytest.fixture(scope="module")
def pg_url():
    yield from postgres_url()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/class.sqlite3"
    return request.getfixturevalue("pg_url")


class Clock:
    """An injected clock for table sessions: ``clock()`` is ``t`` seconds, moved by hand."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


KEY_A, KEY_B, KEY_C = "a" * 22, "b" * 22, "c" * 22
"""Three browsers' session keys (22 URL-safe characters, as a page makes them)."""
