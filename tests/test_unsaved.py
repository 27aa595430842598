"""Nothing lost when the store fails (issue 22): with the SQLite file locked or PostgreSQL
stopped mid-lesson, every change is kept in the kernel and tried again; the page says "not
saved yet", the teacher's page says whose work waits, and once the database is back every
answer lands exactly once."""

from __future__ import annotations

import sqlite3
import time

import pytest

from tests.pg import postgres_cluster
from tests.test_classroom import HERE, _play_through
from unoparty.scenarios import load_scenario
from unoparty.progress import SQLStore
from unoparty.unsaved import KeptStore, unsaved_learners
from unoparty.views.lesson import LessonPlayer


@pytest.fixture(scope="module")
def pg():
    yield from postgres_cluster()


def _until(predicate, timeout: float = 60.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def _records(store) -> tuple:
    [lesson] = store.lessons("Mia")
    return ((lesson.lesson, lesson.stars, lesson.tries, lesson.mistakes),
            {(r.rule, r.tries, r.mistakes) for r in store.rules("Mia")},
            [(a.rule, a.right) for a in store.practice("Mia")])


EXPECTED = (("mia-plays", 2, 1, 1), {("T-1", 2, 1), ("SP-4", 1, 1)}, [("SP-4", False)])


def _lesson_with_a_failure(app, fail, mend) -> None:
    """Mia plays the lesson; the store fails after its first step and comes back at its end."""
    player = LessonPlayer(load_scenario(HERE / "mia.toml"), progress=app.progress, lesson_id="mia-plays")
    fail()
    _play_through(player, "Mia")
    app.store.record_practice("Mia", "SP-4", False)
    assert app.store.pending and "Not saved yet" in app.unsaved_note.value
    assert app.progress.stars("mia-plays") == 2        # the page still shows the stars earned
    assert "Mia" in unsaved_learners()
    mend()


def test_a_locked_sqlite_file_loses_nothing(tmp_path, monkeypatch, capfd) -> None:
    from unoparty.views.app import App
    from unoparty.views.teacher import TeacherPage
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    path = tmp_path / "class.sqlite3"
    store = SQLStore(f"sqlite://{path}", timeout=0.2)
    app = App(lang="en", store=store, learner="Mia")
    app.store.retry_every = 0  # the test tries again itself
    lock = sqlite3.connect(str(path), isolation_level=None)

    def fail() -> None:
        lock.execute("BEGIN EXCLUSIVE")

    teacher = TeacherPage(SQLStore(f"sqlite://{path}", timeout=0.2))

    def mend() -> None:
        teacher.session.is_open = True  # the teacher's page of another kernel, opened before
        teacher.refresh()
        assert "Mia (" in teacher.unsaved.value and "Not saved yet" in teacher.unsaved.value
        lock.execute("ROLLBACK")

    _lesson_with_a_failure(app, fail, mend)
    assert app.store.retry() and app.store.pending == [] and app.unsaved_note.value == ""
    assert _records(store) == EXPECTED
    assert app.store.retry() and _records(store) == EXPECTED   # nothing twice
    assert unsaved_learners() == {}
    log = capfd.readouterr().err
    assert "not saved yet, kept to try again: start_lesson for Mia" not in log  # the lesson began before
    assert "not saved yet, kept to try again: record_answer for Mia" in log and "saved now" in log


def test_postgresql_stopped_mid_lesson_loses_nothing(pg, monkeypatch) -> None:
    from unoparty.views.app import App
    store = SQLStore(pg.url, timeout=2)
    with store._transaction() as cur:
        for table in ("lesson_progress", "rule_progress", "practice_answers", "learners"):
            cur.execute(f"DELETE FROM {table}")
    app = App(lang="en", store=store, learner="Mia")
    app.store.retry_every = 0.05   # the timer tries again: no call from the test
    _lesson_with_a_failure(app, pg.stop, pg.start)
    # the timer's thread empties the list, then says so on the page: wait for both
    assert _until(lambda: not app.store.pending and app.unsaved_note.value == ""), "the timer saved the kept changes"
    assert _records(SQLStore(pg.url)) == EXPECTED


def test_a_new_change_waits_behind_the_kept_ones(tmp_path) -> None:
    path = tmp_path / "s.sqlite3"
    kept = KeptStore(SQLStore(f"sqlite://{path}", timeout=0.1), retry_every=0)
    lock = sqlite3.connect(str(path), isolation_level=None)
    lock.execute("BEGIN EXCLUSIVE")
    kept.record_stars("Ana", "goal", 1)
    lock.execute("ROLLBACK")
    kept.record_stars("Ana", "goal", 3)   # the store takes both, in order
    assert kept.pending == [] and kept.store.stars("Ana") == {"goal": 3}


def test_the_unsaved_file_is_never_read_half_written(tmp_path, monkeypatch) -> None:
    """The teacher's page reads a kernel's file of unsaved learners while the kernel's retry
    timer writes it again: it read an empty file (written in place: truncated, then
    written) and missed the learner, once under load. Now a file is replaced whole."""
    import threading

    monkeypatch.setenv("UNOPARTY_UNSAVED_DIR", str(tmp_path))
    kept = KeptStore(SQLStore(f"sqlite://{tmp_path / 'p.sqlite3'}"), retry_every=0)
    kept.pending = [("Mia", "record_stars", ("Mia", "x", 1), {})]
    kept._mark()
    stop = threading.Event()

    def rewrite() -> None:
        while not stop.is_set():
            kept._mark()

    writer = threading.Thread(target=rewrite)
    writer.start()
    try:
        missed = sum("Mia" not in unsaved_learners() for _ in range(3000))
    finally:
        stop.set()
        writer.join()
    assert missed == 0
