"""The store's numbered schema steps (unoparty/progress/migrations), tested from the stores
today's release wrote (tests/data/store_0827e3c.*, made by tests/data/make_store_fixture.py
with that release's code): they open, are migrated, and keep every learner's stars, rules,
practice and settings — SQLite, PostgreSQL and the browser's document alike."""

from __future__ import annotations

import json
import shutil
import sqlite3
import types
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest

from unoparty.progress import migrations
from unoparty.progress.dialect import POSTGRESQL, SQLITE, Cursor
from unoparty.progress import DictStore, SQLStore, StoreError

from tests.pg import postgres_url

DATA = Path(__file__).parent / "data"
FIXTURE_SQLITE = DATA / "store_0827e3c.sqlite"
FIXTURE_DOCUMENT = DATA / "store_0827e3c.json"
TODAY_TABLES = ("learners", "lesson_progress", "rule_progress", "settings", "meta", "practice_answers",
                "code_attempts")

# what the fixture holds, written out by hand (tests/data/make_store_fixture.py wrote it)
LEARNERS = ["Chloé", "Mia", "Zoë Ånes", "Ștefan"]
LESSONS = [("Chloé", "first-game", 2, 2, 1), ("Chloé", "speed-play", 3, 1, 0), ("Mia", "links", 0, 1, 0),
           ("Ștefan", "speed-play", 1, 1, 1)]
RULES = [("Chloé", "", "D-2", 1, 0), ("Chloé", "", "W-3", 2, 1), ("Chloé", "first-game", "M-2", 1, 1),
         ("Chloé", "first-game", "T-1", 2, 1), ("Zoë Ånes", "", "U-1", 1, 1), ("Ștefan", "", "W-3", 3, 0),
         ("Ștefan", "speed-play", "SP-1", 1, 0), ("Ștefan", "speed-play", "SP-4", 2, 1)]
T0 = 1_764_590_400.0
PRACTICE = {"Chloé": [("W-3", True, T0), ("W-3", False, T0 + 60), ("D-2", True, T0 + 120)],
            "Ștefan": [("W-3", True, T0 + 180), ("W-3", True, T0 + 240), ("W-3", True, T0 + 300)],
            "Zoë Ånes": [("U-1", False, T0 + 360)], "Mia": []}
SETTINGS = {"Chloé": {"language": "fr"}, "Ștefan": {"language": "ro"}, "Zoë Ånes": {"language": "nb"},
            "Mia": {"pin": "pbkdf2$10000$00112233445566778899aabbccddeeff$" + "ab" * 32}}
CLASS = {"pins": "1", "list-names": "1", "curriculum": "classic"}


def _records(store) -> dict:
    return {
        "learners": store.learners(),
        "lessons": [(r.learner, r.lesson, r.stars, r.tries, r.mistakes) for r in store.lessons()],
        "rules": [(r.learner, r.lesson, r.rule, r.tries, r.mistakes) for r in store.rules()],
        "practice": {n: [(a.rule, a.right, a.at) for a in store.practice(n)] for n in store.learners()},
        "settings": {n: store.settings(n) for n in store.learners()},
        "class": {k: store.class_setting(k) for k in CLASS},
    }


EXPECTED = {"learners": LEARNERS, "lessons": LESSONS, "rules": RULES, "practice": PRACTICE,
            "settings": SETTINGS, "class": CLASS}


def _check_kept(store) -> None:
    assert _records(store) == EXPECTED
    # the rate-limit rows of the teacher's code: a page's key still waits, the class's does not
    assert store.code_attempt({"teacher:page:abc123": 5}, None, now=T0 + 30) == pytest.approx(34.0)
    assert store.code_attempt({"teacher": 10}, None, now=T0 + 30) == 0.0


def _dump(path: Path) -> list[str]:
    con = sqlite3.connect(path)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def _transactions(path: Path):
    """What a backend hands the steps: one transaction per call, yielding its cursor."""
    @contextmanager
    def transaction():
        con = sqlite3.connect(path, isolation_level=None)
        cur = con.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            yield Cursor(cur, SQLITE)
        except BaseException:
            cur.execute("ROLLBACK")
            raise
        else:
            cur.execute("COMMIT")
        finally:
            con.close()
    return transaction


@pytest.fixture
def old_sqlite(tmp_path) -> Path:
    path = tmp_path / "progress.sqlite3"
    shutil.copyfile(FIXTURE_SQLITE, path)
    return path


def test_the_fixture_is_todays_release_with_no_version() -> None:
    con = sqlite3.connect(FIXTURE_SQLITE)
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    con.close()
    assert tables == set(TODAY_TABLES)
    doc = json.loads(FIXTURE_DOCUMENT.read_text(encoding="utf-8"))
    assert doc["version"] == 1 and "schema_version" not in doc and "migrations" not in doc


def test_steps_are_found_by_file_name_in_order() -> None:
    steps = migrations.migrations()
    assert [(s.number, s.name) for s in steps][:2] == [(1, "m0001_baseline"), (2, "m0002_learner_keys")]
    assert [s.number for s in steps] == sorted(s.number for s in steps)
    for s in steps:
        assert s.name == f"m{s.number:04d}_" + s.name.split("_", 1)[1]
    assert migrations.latest() == steps[-1].number


def test_todays_sqlite_store_opens_migrated_and_keeps_everything(old_sqlite) -> None:
    store = SQLStore(str(old_sqlite))
    assert store.schema_version() == migrations.latest()
    _check_kept(store)
    con = sqlite3.connect(old_sqlite)
    assert [n for (n,) in con.execute("SELECT number FROM schema_version ORDER BY number")] == \
        [s.number for s in migrations.migrations()]
    con.close()
    # and it works on: the new tables are there
    key = "k" * 22
    assert store.sign_in(key, "Chloé") == "Chloé" and store.learner_for_key(key) == "Chloé"


def test_migrating_twice_changes_nothing(old_sqlite) -> None:
    SQLStore(str(old_sqlite))
    once = _dump(old_sqlite)
    again = SQLStore(str(old_sqlite))
    assert _dump(old_sqlite) == once
    assert again.schema_version() == migrations.latest()
    assert migrations.migrate_sql(_transactions(old_sqlite), SQLITE) == migrations.latest()
    assert _dump(old_sqlite) == once


def test_a_newer_store_is_refused_and_left_as_it_is(old_sqlite) -> None:
    SQLStore(str(old_sqlite))
    con = sqlite3.connect(old_sqlite)
    con.execute("INSERT INTO schema_version (number, applied_at) VALUES (99, 0)")
    con.commit()
    con.close()
    before = _dump(old_sqlite)
    with pytest.raises(StoreError, match=r"written by a newer release of unoparty \(schema version 99.*"
                                         r"upgrade unoparty"):
        SQLStore(str(old_sqlite))
    assert _dump(old_sqlite) == before


def _failing_step(number: int = 3):
    def up(cur, dialect) -> None:
        cur.execute("CREATE TABLE half_done (x INTEGER)")
        cur.execute("INSERT INTO learners (name) VALUES ('Half')")
        raise RuntimeError("the disk is full")

    def up_document(data) -> None:
        data["learners"]["Half"] = {}
        raise RuntimeError("the disk is full")
    module = types.SimpleNamespace(NUMBER=number, up=up, up_document=up_document)
    return migrations.Migration(number, f"m{number:04d}_fails", module)  # type: ignore[arg-type]


def test_a_step_that_fails_leaves_the_store_at_its_previous_version(old_sqlite) -> None:
    store = SQLStore(str(old_sqlite))
    before = _dump(old_sqlite)
    steps = migrations.migrations() + [_failing_step(migrations.latest() + 1)]
    with pytest.raises(StoreError, match=r"the schema step m\d{4}_fails failed, the store stays as it was "
                                         r"before it: RuntimeError: the disk is full"):
        migrations.migrate_sql(_transactions(old_sqlite), SQLITE, steps=steps)
    assert _dump(old_sqlite) == before
    assert store.schema_version() == migrations.latest() and "Half" not in store.learners()


def test_a_step_that_fails_on_a_todays_store_leaves_it_unversioned(old_sqlite) -> None:
    before = _dump(old_sqlite)
    with pytest.raises(StoreError, match="m0001_fails failed"):
        migrations.migrate_sql(_transactions(old_sqlite), SQLITE, steps=[_failing_step(1)])
    assert _dump(old_sqlite) == before


# --------------------------------------------------------------------------------- the document


def _document_store(doc: dict | None):
    saved = {"db": doc}
    return DictStore(lambda: saved["db"], lambda d: saved.__setitem__("db", json.loads(json.dumps(d))),
                     keeps_last_learner=True), saved


def test_todays_browser_document_opens_migrated_and_keeps_everything() -> None:
    store, saved = _document_store(json.loads(FIXTURE_DOCUMENT.read_text(encoding="utf-8")))
    _check_kept(store)
    assert saved["db"]["schema_version"] == migrations.latest()
    assert saved["db"]["migrations"] == [s.number for s in migrations.migrations()]
    assert store.last_learner() == "Chloé"
    # the site's stars from before names still wait for the next learner chosen
    assert store.remember_learner("Mia") == "Mia"
    assert store.stars("Mia") == {"first-game": 3, "links": 1} and store.setting("Mia", "language") == "cs"
    once = json.dumps(saved["db"], sort_keys=True)
    assert migrations.migrate_document(saved["db"]) is None      # twice: nothing to do
    store.learners()
    assert json.dumps(saved["db"], sort_keys=True) == once


def test_a_newer_document_is_refused_and_left_as_it_is() -> None:
    doc = json.loads(FIXTURE_DOCUMENT.read_text(encoding="utf-8"))
    doc["migrations"], doc["schema_version"] = [1, 2, 99], 99
    store, saved = _document_store(doc)
    text = json.dumps(saved["db"], sort_keys=True)
    with pytest.raises(StoreError, match="newer release of unoparty"):
        store.learners()
    with pytest.raises(StoreError, match="newer release of unoparty"):
        store.record_stars("Chloé", "links", 3)
    assert json.dumps(saved["db"], sort_keys=True) == text


def test_a_step_that_fails_leaves_the_document_as_it_was() -> None:
    doc = json.loads(FIXTURE_DOCUMENT.read_text(encoding="utf-8"))
    text = json.dumps(doc, sort_keys=True)
    with pytest.raises(StoreError, match="m0003_fails failed"):
        migrations.migrate_document(doc, steps=migrations.migrations() + [_failing_step(3)])
    assert json.dumps(doc, sort_keys=True) == text


def test_a_new_document_and_a_new_sqlite_store_start_at_the_latest_version(tmp_path) -> None:
    store, saved = _document_store(None)
    store.add_learner("Ana")
    assert saved["db"]["schema_version"] == migrations.latest() and store.learners() == ["Ana"]
    assert SQLStore(str(tmp_path / "new.sqlite3")).schema_version() == migrations.latest()


# --------------------------------------------------------------------------------- PostgreSQL


@pytest.fixture(scope="module")
def pg_url():
    yield from postgres_url()


def _pg_transactions(url: str):
    import psycopg

    @contextmanager
    def transaction():
        with psycopg.connect(url) as con, con.transaction(), con.cursor() as cur:
            yield Cursor(cur, POSTGRESQL)
    return transaction


def _todays_store_in_postgresql(pg_url: str) -> str:
    """A new database holding the fixture's tables and rows, as today's release keeps them
    in PostgreSQL (the same CREATE TABLE statements), with no version recorded."""
    import psycopg
    base, _slash, _db = pg_url.rpartition("/")
    name = "today_" + uuid.uuid4().hex[:8]
    with psycopg.connect(pg_url, autocommit=True) as con:
        con.execute(f"CREATE DATABASE {name}")
    url = f"{base}/{name}"
    old = sqlite3.connect(FIXTURE_SQLITE)
    with psycopg.connect(url) as con:
        for table in TODAY_TABLES:
            (ddl,) = old.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()
            con.execute(ddl)
            rows = old.execute(f"SELECT * FROM {table}").fetchall()
            if rows:
                marks = ", ".join(["%s"] * len(rows[0]))
                with con.cursor() as cur:
                    cur.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)
    old.close()
    return url


def test_todays_postgresql_store_opens_migrated_and_keeps_everything(pg_url) -> None:
    url = _todays_store_in_postgresql(pg_url)
    store = SQLStore(url)
    assert store.schema_version() == migrations.latest()
    _check_kept(store)
    assert SQLStore(url).schema_version() == migrations.latest()     # twice: a no-op
    assert _records(SQLStore(url)) == EXPECTED
    # a newer store: refused, nothing changed
    import psycopg
    with psycopg.connect(url) as con:
        con.execute("INSERT INTO schema_version (number, applied_at) VALUES (99, 0)")
    with pytest.raises(StoreError, match="newer release of unoparty"):
        SQLStore(url)
    # a step that fails: rolled back, the store stays at its version
    with psycopg.connect(url) as con:
        con.execute("DELETE FROM schema_version WHERE number = 99")
    with pytest.raises(StoreError, match="fails failed"):
        migrations.migrate_sql(_pg_transactions(url), POSTGRESQL,
                               steps=migrations.migrations() + [_failing_step(migrations.latest() + 1)])
    assert store.schema_version() == migrations.latest() and "Half" not in store.learners()
    with psycopg.connect(url) as con:
        assert con.execute("SELECT to_regclass('half_done')").fetchone() == (None,)
        assert max(n for (n,) in con.execute("SELECT number FROM schema_version")) == migrations.latest()


# --------------------------------------------------------------------------------- step 22: visible names


def test_names_kept_with_invisible_characters_get_the_name_they_show(tmp_path) -> None:
    """Issue 22: the name rule now drops invisible characters, so "Ava" + U+200B kept before
    could no longer be reached (deleting it from the Teacher page reached Ava). Step 22
    renames it everywhere: to what it shows, or "Ava (2)" beside a real Ava (never merged)."""
    path = tmp_path / "class.sqlite3"
    store = SQLStore(str(path))
    store.record_stars("Ava", "speed-play", 2)
    with store._transaction() as cur:
        for raw, stars in (("Ava\u200b", 1), ("Mia\u200d", 3), ("Chloe\u0301", 1)):
            cur.execute("INSERT INTO learners (name) VALUES (?)", (raw,))
            cur.execute("INSERT INTO lesson_progress (learner, lesson, stars, tries, mistakes) VALUES (?, ?, ?, 1, 0)",
                        (raw, "goal", stars))
        cur.execute("INSERT INTO settings (learner, key, value) VALUES (?, ?, ?)", ("Ava\u200b", "language", "fr"))
    con = sqlite3.connect(path)
    con.execute("DELETE FROM schema_version WHERE number = 22")
    con.commit()
    con.close()
    again = SQLStore(str(path))
    assert again.schema_version() == migrations.latest()
    assert again.learners() == ["Ava", "Ava (2)", "Chloé", "Mia"]
    assert again.stars("Ava") == {"speed-play": 2} and again.stars("Ava (2)") == {"goal": 1}
    assert again.stars("Mia") == {"goal": 3} and again.setting("Ava (2)", "language") == "fr"
    again.delete_learner("Ava (2)")
    assert again.learners() == ["Ava", "Chloé", "Mia"] and again.stars("Ava") == {"speed-play": 2}


def test_the_document_store_renames_names_with_invisible_characters() -> None:
    from unoparty.progress.migrations import m0022_visible_names
    data = {"learners": {"Ava": {"lessons": {"a": 1}}, "Ava\ufeff": {"lessons": {"b": 2}}, "Leo\u2060": {}},
            "keys": {"k" * 22: {"learner": "Ava\ufeff"}, "j" * 22: {"learner": None}}}
    m0022_visible_names.up_document(data)
    assert data["learners"] == {"Ava": {"lessons": {"a": 1}}, "Ava (2)": {"lessons": {"b": 2}}, "Leo": {}}
    assert data["keys"]["k" * 22]["learner"] == "Ava (2)" and data["keys"]["j" * 22]["learner"] is None
