"""The Practice page's record (answers per rule, mastery) is each learner's, kept in the
progress store beside their stars (``UNOPARTY_DB``: SQLite, PostgreSQL; the browser's
storage on the static site), and switching learner switches it."""

from __future__ import annotations

import json
import sqlite3

import pytest

from unoparty.practice.mastery import MemoryPracticeStore
from unoparty.progress import DictStore, LearnerPracticeStore, PracticeAnswer, SQLStore, StoreError, open_store

from tests.pg import postgres_url


@pytest.fixture(scope="module")
def pg_url():
    yield from postgres_url()


def _dict_store() -> DictStore:
    saved: dict = {}
    return DictStore(lambda: saved.get("db"), lambda d: saved.__setitem__("db", json.loads(json.dumps(d))))


@pytest.fixture(params=["sqlite", "dict"])
def store(request, tmp_path):
    if request.param == "sqlite":
        return SQLStore(f"sqlite://{tmp_path / 'p.sqlite3'}")
    return _dict_store()


def _two_learners_apart(store) -> None:
    store.record_practice("Mia", "A-1", True, at=1.0)
    store.record_practice(" Mia ", "A-1", False, at=2.0)
    store.record_practice("Leo", "T-1", False, at=3.0)
    store.record_practice("Mia", "T-1", True, at=4.0)
    assert store.practice("Mia") == [PracticeAnswer("A-1", True, 1.0), PracticeAnswer("A-1", False, 2.0),
                                     PracticeAnswer("T-1", True, 4.0)]
    assert store.practice("Leo") == [PracticeAnswer("T-1", False, 3.0)]
    assert store.practice("Zoe") == []
    assert "Mia" in store.learners() and "Leo" in store.learners()
    # the answers count in the per-rule tries and mistakes outside lessons (the teacher sees them)
    assert [(r.learner, r.lesson, r.rule, r.tries, r.mistakes) for r in store.rules()] == [
        ("Leo", "", "T-1", 1, 1), ("Mia", "", "A-1", 2, 1), ("Mia", "", "T-1", 1, 0)]
    store.reset_learner("Leo")
    assert store.practice("Leo") == [] and len(store.practice("Mia")) == 3
    store.delete_learner("Mia")
    assert store.practice("Mia") == []


def test_two_learners_practice_records_stay_apart(store) -> None:
    _two_learners_apart(store)


def test_two_learners_practice_records_stay_apart_in_postgresql(pg_url) -> None:
    import uuid
    base, _slash, _db = pg_url.rpartition("/")
    import psycopg
    name = "practice_" + uuid.uuid4().hex[:8]
    with psycopg.connect(pg_url, autocommit=True) as con:
        con.execute(f"CREATE DATABASE {name}")
    url = f"{base}/{name}"
    _two_learners_apart(SQLStore(url))
    # four kernels answering for one learner at once: every answer kept, numbered in order
    import threading
    kernels = [SQLStore(url) for _ in range(4)]

    def answer(k: int) -> None:
        for i in range(10):
            kernels[k].record_practice("Ana", f"K-{k}", i % 2 == 0)

    threads = [threading.Thread(target=answer, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    record = SQLStore(url).practice("Ana")
    assert len(record) == 40 and all(sum(a.rule == f"K-{k}" for a in record) == 10 for k in range(4))


def test_a_bad_name_is_a_clear_error_and_keeps_nothing(store) -> None:
    with pytest.raises(StoreError, match="empty"):
        store.record_practice("   ", "A-1", True)
    assert store.learners() == []


def test_a_store_that_refuses_loses_the_answer_not_the_page(tmp_path) -> None:
    class Broken:
        def record_practice(self, *a, **k):
            raise StoreError("the progress database refused a change")

        def practice(self, learner):
            raise StoreError("the progress database refused a change")

    keep = LearnerPracticeStore(Broken())
    keep.record("Mia", "A-1", True)
    assert keep.history("Mia") == [] and keep.errors == 2


# ---------------------------------------------------------------- the app


def _answer(page, right: bool) -> str:
    """Answer a new question, right or wrong; the rule it was about."""
    if page.answered:
        page.next()
    ex = page.exercise
    wrong = next(c for c in ex.choices() if c != ex.answer)
    assert page.answer(ex.answer if right else wrong) is right
    return ex.rule


def test_switching_learner_switches_the_practice_record(tmp_path) -> None:
    from unoparty.views.app import App

    shared = SQLStore(f"sqlite://{tmp_path / 'class.sqlite3'}")
    app = App(lang="en", store=shared, learner="Mia")
    app.show_practice()
    page = app.practice
    mia = [_answer(page, True) for _ in range(2)]
    assert page.learner == "Mia"
    assert [a.rule for a in shared.practice("Mia")] == mia
    assert "of 1 right" in page.mastery_html.value or "of 2 right" in page.mastery_html.value

    app.learner_picker.pick("Leo")                             # another learner at the same app
    assert page.learner == "Leo" and page.count == 1
    assert page.mastery_html.value.count("<td>not tried<") == len(page.rules)   # Leo's (empty) record
    leo = _answer(page, False)
    assert [(a.rule, a.right) for a in shared.practice("Leo")] == [(leo, False)]
    assert [a.rule for a in shared.practice("Mia")] == mia     # Mia's record is untouched

    app.learner_picker.pick("Mia")                             # back: Mia's record again
    assert page.learner == "Mia" and page.store.history("Mia")[-1].rule == mia[-1]


def test_the_practice_record_survives_a_new_app_with_the_same_store(tmp_path) -> None:
    from unoparty.views.app import App

    url = f"sqlite://{tmp_path / 'class.sqlite3'}"
    app = App(lang="en", store=SQLStore(url), learner="Ana")
    rules = [_answer(app.practice, True) for _ in range(3)]
    again = App(lang="en", store=SQLStore(url), learner="Ana")  # a new kernel, the same database
    assert [a.rule for a in again.practice.store.history("Ana")] == rules
    assert again.practice.mastered() == app.practice.mastered()


def test_unoparty_db_sqlite_file_holds_the_practice_record(tmp_path, monkeypatch) -> None:
    from unoparty.views.app import App

    path = tmp_path / "elsewhere" / "class.sqlite3"
    monkeypatch.setenv("UNOPARTY_DB", f"sqlite://{path}")
    app = App(lang="en")
    app.learner_picker.pick("Mia")
    rule = _answer(app.practice, False)
    with sqlite3.connect(path) as con:
        rows = con.execute("SELECT learner, n, rule, right_answer FROM practice_answers").fetchall()
    assert rows == [("Mia", 1, rule, 0)]
    assert not (tmp_path / "practice.json").exists()           # nothing beside UNOPARTY_PROGRESS


def test_a_learner_with_no_name_keeps_a_session_only_record(tmp_path) -> None:
    from unoparty.views.app import App

    shared = SQLStore(f"sqlite://{tmp_path / 'class.sqlite3'}")
    app = App(lang="en", store=shared)
    assert app.learner is None
    page = app.practice
    rule = _answer(page, True)
    assert isinstance(page.store, MemoryPracticeStore) and page.store.history(page.learner)[0].rule == rule
    assert shared.learners() == [] and shared.rules() == []   # nothing kept in the class's store
    app.learner_picker.pick("Zoe")                             # the session's answer is now Zoe's (issue 19)
    assert page.learner == "Zoe" and [a.rule for a in page.store.history("Zoe")] == [rule]


# ---------------------------------------------------------------- the old file


def test_the_old_practice_file_is_carried_over_once(tmp_path, monkeypatch) -> None:
    old = tmp_path / "practice.json"                           # beside UNOPARTY_PROGRESS (conftest)
    old.write_text(json.dumps({"version": 1, "learners": {
        "me": [["A-1", True, 10.0], ["A-1", False, 11.0], "broken"], "Leo": [["T-1", True, 12.0]]}}))
    store = SQLStore(f"sqlite://{tmp_path / 'p.sqlite3'}")
    assert store.import_practice_json(learner="Mia") == 3
    assert store.practice("Mia") == [PracticeAnswer("A-1", True, 10.0), PracticeAnswer("A-1", False, 11.0)]
    assert store.practice("Leo") == [PracticeAnswer("T-1", True, 12.0)]
    assert store.import_practice_json(learner="Mia") == 0      # once per store
    assert len(store.practice("Mia")) == 2


def test_a_broken_old_practice_file_counts_as_none(tmp_path) -> None:
    old = tmp_path / "practice.json"
    old.write_text("{not json")
    store = _dict_store()
    assert store.import_practice_json(old, learner="Mia") == 0 and store.learners() == []


def test_open_store_carries_the_old_file_over(tmp_path, monkeypatch) -> None:
    (tmp_path / "practice.json").write_text(json.dumps({"learners": {"me": [["U-1", False, 5.0]]}}))
    monkeypatch.setattr("getpass.getuser", lambda: "kim")
    s = open_store(f"sqlite://{tmp_path / 'moved.sqlite3'}")
    assert s.practice("kim") == [PracticeAnswer("U-1", False, 5.0)]


def test_answers_given_before_a_name_is_typed_move_to_the_learner(tmp_path) -> None:
    """Issue 19: practice answers given before a name was typed vanished when the name was
    typed, without a word. They move to the learner, in order and with their times, and
    the page says so in one sentence; another learner typed later gets none of them."""
    from unoparty.views.app import App

    shared = SQLStore(f"sqlite://{tmp_path / 'class.sqlite3'}")
    app = App(lang="en", store=shared)
    assert app.learner is None
    app.show_practice()
    page = app.practice
    before = [_answer(page, True), _answer(page, False), _answer(page, True)]
    times = [a.at for a in page.store.history(page.learner)]
    app.show_home()                                            # the name is typed on the landing page
    app.learner_picker.pick("Mia")
    assert [(a.rule, a.right) for a in shared.practice("Mia")] == list(zip(before, [True, False, True]))
    assert [a.at for a in shared.practice("Mia")] == pytest.approx(times)
    said = "The 3 practice answers you gave before typing your name are now kept under Mia."
    assert said in page.note.value and said in app.learner_picker.message.value
    assert page.mastered() == {r: False for r in page.rules} and page.learner == "Mia"
    assert f"{before[0]}</span> 1 of 3 in a row" in page.mastery_html.value or before[0] == before[2]
    _answer(page, True)
    app.learner_picker.pick("Leo")                             # Mia's answers are hers: nothing moves
    assert shared.practice("Leo") == [] and page.note.value == ""
    assert len(shared.practice("Mia")) == 4


def test_a_device_given_as_the_progress_file_is_written_into_never_replaced(tmp_path, monkeypatch) -> None:
    """UNOPARTY_PROGRESS=/dev/null (keep nothing) must not replace the device with a regular
    file (run as root, that broke every program on the machine that writes to /dev/null)."""
    import os
    import stat

    from unoparty.practice.mastery import write_whole
    from unoparty.views.progress import Progress
    before = os.stat(os.devnull)
    write_whole(__import__("pathlib").Path(os.devnull), "{}")
    Progress(os.devnull).record("first-steps", 2)
    after = os.stat(os.devnull)
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino
    target = tmp_path / "p.json"                     # a regular file: written whole, then in place
    write_whole(target, '{"a": 1}')
    assert target.read_text() == '{"a": 1}' and not (tmp_path / "p.tmp").exists()
