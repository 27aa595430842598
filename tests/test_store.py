"""The progress store: learners, stars, tries and mistakes per lesson and rule, settings;
30 processes writing at once into one SQLite file and into one PostgreSQL database."""

from __future__ import annotations

import json
import uuid

import pytest

from unoparty.progress import DictStore, LearnerProgress, SQLStore, StoreError, open_store

from tests.pg import postgres_url

WRITERS = 30


@pytest.fixture(scope="module")
def pg_url():
    yield from postgres_url()


@pytest.fixture(params=["sqlite", "dict"])
def store(request, tmp_path):
    if request.param == "sqlite":
        return SQLStore(f"sqlite://{tmp_path / 'p.sqlite3'}")
    saved = {}
    return DictStore(lambda: saved.get("db"), lambda d: saved.__setitem__("db", json.loads(json.dumps(d))))


def test_records_per_lesson_and_rule(store) -> None:
    store.start_lesson("Mia", "uno")
    store.record_answer("Mia", "uno", ["U-1"], right=False)
    store.record_answer("Mia", "uno", ["U-1", "U-2"], right=True)
    assert store.record_stars("Mia", "uno", 2) == 2
    assert store.record_stars("Mia", "uno", 1) == 2          # the best is kept
    store.start_lesson("Mia", "uno")
    store.record_answer("Leo", "", ["SP-4"], right=False)      # practice: outside lessons
    assert store.learners() == ["Leo", "Mia"]
    assert [(r.learner, r.lesson, r.stars, r.tries, r.mistakes) for r in store.lessons()] == [
        ("Mia", "uno", 2, 2, 1)]
    assert [(r.learner, r.lesson, r.rule, r.tries, r.mistakes) for r in store.rules()] == [
        ("Leo", "", "SP-4", 1, 1), ("Mia", "uno", "U-1", 2, 1), ("Mia", "uno", "U-2", 1, 0)]
    assert store.stars("Mia") == {"uno": 2} and store.stars("Leo") == {}


def test_settings_reset_and_delete(store) -> None:
    store.set_setting("Ana", "language", "fr")
    store.set_setting("Ana", "language", "en")
    store.record_stars("Ana", "goal", 3)
    assert store.settings("Ana") == {"language": "en"}
    store.reset_learner("Ana")
    assert store.lessons("Ana") == [] and store.learners() == ["Ana"] and store.setting("Ana", "language") == "en"
    store.delete_learner("Ana")
    assert store.learners() == [] and store.settings("Ana") == {}


def test_names_are_checked(store) -> None:
    assert store.add_learner("  Mia   Rose ") == "Mia Rose"
    with pytest.raises(StoreError):
        store.add_learner("   ")
    with pytest.raises(StoreError):
        store.add_learner("x" * 41)
    assert store.learners() == ["Mia Rose"]


def test_old_progress_json_is_carried_over_once(tmp_path, monkeypatch) -> None:
    old = tmp_path / "progress.json"
    old.write_text(json.dumps({"version": 1, "stars": {"goal": 3, "uno": 1}}), encoding="utf-8")
    monkeypatch.setenv("UNOPARTY_PROGRESS", str(old))
    s = SQLStore(f"sqlite://{tmp_path / 'p.sqlite3'}")
    assert s.import_progress_json(learner="Sam") == 2
    assert s.import_progress_json(learner="Sam") == 0
    assert s.stars("Sam") == {"goal": 3, "uno": 1}
    broken = tmp_path / "broken.json"
    broken.write_text("{nope", encoding="utf-8")
    assert SQLStore(f"sqlite://{tmp_path / 'q.sqlite3'}").import_progress_json(broken) == 0


def test_open_store_follows_the_url(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("UNOPARTY_PROGRESS", str(tmp_path / "none.json"))
    monkeypatch.setenv("UNOPARTY_DB", f"sqlite://{tmp_path / 'db' / 'x.sqlite3'}")
    s = open_store()
    s.add_learner("Zoe")
    assert (tmp_path / "db" / "x.sqlite3").is_file() and open_store() is s
    with pytest.raises(StoreError, match="unknown kind"):
        open_store("mysql://x")


def test_learner_progress_without_a_name_keeps_stars_in_memory(tmp_path) -> None:
    p = LearnerProgress(SQLStore("sqlite://"), None)
    assert p.record("goal", 2) == 2 and p.stars("goal") == 2 and not p.keeps
    assert p.store.learners() == []


def _many_writers(url: str) -> None:
    from tests.helpers_writers import run_writers
    names = [f"Learner {i:02d}" for i in range(WRITERS)]
    assert run_writers(url, names) == [0] * WRITERS
    s = SQLStore(url)
    assert s.learners() == ["Everyone", *names]
    lessons = s.lessons()
    assert len(lessons) == WRITERS * 5 + 5
    for r in lessons:
        if r.learner == "Everyone":
            assert (r.stars, r.tries, r.mistakes) == (0, 0, WRITERS)
        else:
            k = int(r.lesson.split("-")[1])
            assert (r.stars, r.tries, r.mistakes) == (1 + k % 3, 1, 1)
    rules = {(r.learner, r.lesson, r.rule): (r.tries, r.mistakes) for r in s.rules()}
    assert all(rules[(n, f"lesson-{k}", "T-1")] == (2, 1) and rules[(n, f"lesson-{k}", "SP-4")] == (1, 1)
               for n in names for k in range(5))
    assert all(rules[("Everyone", f"lesson-{k}", "T-1")] == (WRITERS, WRITERS) for k in range(5))
    assert all(s.settings(n) == {"language": "fr"} for n in names)


def test_thirty_processes_write_one_sqlite_file(tmp_path) -> None:
    _many_writers(f"sqlite://{tmp_path / 'class.sqlite3'}")


def test_thirty_processes_write_one_postgresql_database(pg_url) -> None:
    import psycopg
    db = "unoparty_" + uuid.uuid4().hex[:12]
    with psycopg.connect(pg_url, autocommit=True) as con:
        con.execute(f"CREATE DATABASE {db}")
    url = pg_url.rsplit("/", 1)[0] + "/" + db
    _many_writers(url)
    s = SQLStore(url)
    s.delete_learner("Everyone")
    assert "Everyone" not in s.learners()
