"""The store's learner keys and kept sessions (CONTRACTS.md §1), on every backend: SQLite,
the document store (the browser's) and PostgreSQL."""

from __future__ import annotations

import json
import uuid

import pytest

from unoparty.progress import DictStore, LearnerProgress, SQLStore, StoreError
from unoparty.unsaved import KeptStore

from tests.pg import postgres_url

A = "browserA_" + "a" * 14          # 23 characters
B = "browserB-" + "b" * 20
C = "C" * 64


@pytest.fixture(scope="module")
def pg_url():
    yield from postgres_url()


@pytest.fixture(params=["sqlite", "dict", "postgresql"])
def store(request, tmp_path):
    if request.param == "sqlite":
        return SQLStore(f"sqlite://{tmp_path / 'p.sqlite3'}")
    if request.param == "dict":
        saved: dict = {}
        return DictStore(lambda: saved.get("db"), lambda d: saved.__setitem__("db", json.loads(json.dumps(d))))
    import psycopg
    url = request.getfixturevalue("pg_url")
    base, _slash, _db = url.rpartition("/")
    name = "sessions_" + uuid.uuid4().hex[:8]
    with psycopg.connect(url, autocommit=True) as con:
        con.execute(f"CREATE DATABASE {name}")
    return SQLStore(f"{base}/{name}")


def _everything(store) -> tuple:
    names = store.learners()
    return (names, [(r.learner, r.lesson, r.stars, r.tries, r.mistakes) for r in store.lessons()],
            [(r.learner, r.lesson, r.rule, r.tries, r.mistakes) for r in store.rules()],
            {n: store.practice(n) for n in names},
            {k: (store.learner_for_key(k), store.stars_for_key(k), store.practice_for_key(k),
                 {kind: store.load_session(k, kind) for kind in ("app", "game", "lesson", "practice", "table")})
             for k in (A, B, C)})


def test_a_session_is_kept_per_key_and_kind_and_none_deletes_it(store) -> None:
    assert store.learner_for_key(A) is None and store.load_session(A, "game") is None
    store.save_session(A, "game", {"seed": 7, "moves": ["R5", "draw"], "names": ["Chloé", "Ștefan"]})
    store.save_session(A, "lesson", {"lesson": "speed-play", "step": 3})
    assert store.load_session(A, "game") == {"seed": 7, "moves": ["R5", "draw"], "names": ["Chloé", "Ștefan"]}
    assert store.load_session(B, "game") is None             # another browser's key: not its session
    store.save_session(A, "game", {"seed": 8, "moves": []})  # replaced
    assert store.load_session(A, "game") == {"seed": 8, "moves": []}
    store.save_session(A, "game", None)
    assert store.load_session(A, "game") is None and store.load_session(A, "lesson") == {"lesson": "speed-play",
                                                                                           "step": 3}


def test_two_keys_signed_in_as_one_name_see_the_same_sessions(store) -> None:
    assert store.sign_in(A, "  Chloé ") == "Chloé"
    assert store.sign_in(B, "Chloé") == "Chloé"
    assert store.learner_for_key(A) == store.learner_for_key(B) == "Chloé" and store.learners() == ["Chloé"]
    store.save_session(A, "game", {"seed": 1, "moves": ["Y2"]})
    assert store.load_session(B, "game") == {"seed": 1, "moves": ["Y2"]}
    store.save_session(B, "game", None)
    assert store.load_session(A, "game") is None


def test_sign_out_then_sign_in_as_another_name(store) -> None:
    store.sign_in(A, "Chloé")
    store.save_session(A, "practice", {"rule": "W-3", "answers": [True]})
    store.sign_out(A)
    assert store.learner_for_key(A) is None
    assert store.load_session(A, "practice") is None          # "Not me": Chloé's session is not shown
    store.save_session(A, "practice", {"rule": "SP-4", "answers": []})   # the new person's, under the key
    store.record_stars_for_key(A, "links", 2)
    assert store.sign_in(A, "Ștefan") == "Ștefan"
    assert store.learner_for_key(A) == "Ștefan"
    assert store.load_session(A, "practice") == {"rule": "SP-4", "answers": []}
    assert store.stars("Ștefan") == {"links": 2} and store.stars("Chloé") == {}
    store.sign_in(B, "Chloé")
    assert store.load_session(B, "practice") == {"rule": "W-3", "answers": [True]}   # still Chloé's


BAD_KEYS = ["", "short", "x" * 21, "y" * 65, "has space in it 0123456789", "é" * 30, "a/b" + "c" * 20, None,
            12345678901234567890123]


def test_a_bad_key_is_refused_and_nothing_changes(store) -> None:
    store.sign_in(A, "Mia")
    store.save_session(A, "game", {"seed": 1})
    before = _everything(store)
    for bad in BAD_KEYS:
        for call in (lambda: store.learner_for_key(bad), lambda: store.sign_in(bad, "Leo"),
                     lambda: store.sign_out(bad), lambda: store.save_session(bad, "game", {"seed": 2}),
                     lambda: store.load_session(bad, "game"), lambda: store.record_stars_for_key(bad, "links", 3),
                     lambda: store.record_practice_for_key(bad, "W-3", True),
                     lambda: LearnerProgress(store, key=bad or "")):
            with pytest.raises(StoreError, match="a session key is 22 to 64 characters"):
                call()
    assert _everything(store) == before and store.learners() == ["Mia"]


def test_a_bad_kind_an_oversize_or_unjsonable_state_is_refused_and_nothing_changes(store) -> None:
    store.save_session(A, "game", {"seed": 1})
    before = _everything(store)
    with pytest.raises(StoreError, match="kind is one of app, game, lesson, practice, table"):
        store.save_session(A, "chess", {"seed": 2})
    with pytest.raises(StoreError, match="at most 1000000 bytes"):
        store.save_session(A, "game", {"moves": ["x" * 1000] * 1000})
    with pytest.raises(StoreError, match="must be JSON"):
        store.save_session(A, "game", {"seed": object()})
    with pytest.raises(StoreError, match="is a dict, not list"):
        store.save_session(A, "game", ["seed"])  # type: ignore[arg-type]
    assert _everything(store) == before
    store.save_session(A, "game", {"moves": ["é" * 100] * 4000})   # 800 kB of UTF-8 JSON: kept
    assert len(store.load_session(A, "game")["moves"]) == 4000


def test_work_done_before_a_name_moves_to_the_name(store) -> None:
    me = LearnerProgress(store, key=A)
    assert me.keeps and me.name is None
    me.start("speed-play")
    me.answer("speed-play", ["SP-4"], False)
    assert me.record("speed-play", 2) == 2
    me.record_practice("W-3", True, at=100.0)
    me.record_practice("W-3", False, at=160.0)
    assert me.all() == {"speed-play": 2} and [(a.rule, a.right) for a in me.practice()] == [("W-3", True),
                                                                                             ("W-3", False)]
    assert store.learners() == [] and store.lessons() == []          # nobody's record yet
    store.sign_in(A, "Zoë")
    assert me.name == "Zoë" and me.all() == {"speed-play": 2}
    assert [(r.lesson, r.stars, r.tries, r.mistakes) for r in store.lessons("Zoë")] == [("speed-play", 2, 1, 1)]
    assert [(r.lesson, r.rule, r.tries, r.mistakes) for r in store.rules("Zoë")] == [
        ("", "W-3", 2, 1), ("speed-play", "SP-4", 1, 1)]
    assert [(a.rule, a.right, a.at) for a in store.practice("Zoë")] == [("W-3", True, 100.0), ("W-3", False, 160.0)]
    assert store.stars_for_key(A) == {} and store.practice_for_key(A) == []      # moved, not copied
    me.record("links", 1)                                             # now straight to the learner
    assert store.stars("Zoë") == {"speed-play": 2, "links": 1} and store.stars_for_key(A) == {}


def test_a_name_that_has_stars_keeps_both_and_the_higher_stars_win(store) -> None:
    store.start_lesson("Chloé", "first-game")
    store.record_stars("Chloé", "first-game", 3)
    store.record_stars("Chloé", "links", 1)
    store.record_practice("Chloé", "D-2", True, at=10.0)
    store.start_lesson_for_key(A, "first-game")
    store.record_answer_for_key(A, "first-game", ["T-1"], right=False)
    store.record_stars_for_key(A, "first-game", 1)
    store.record_stars_for_key(A, "links", 3)
    store.record_stars_for_key(A, "uno", 2)
    store.record_practice_for_key(A, "U-1", False, at=20.0)
    store.sign_in(A, "Chloé")
    assert store.stars("Chloé") == {"first-game": 3, "links": 3, "uno": 2}
    first = [r for r in store.lessons("Chloé") if r.lesson == "first-game"][0]
    assert (first.tries, first.mistakes) == (2, 1)
    assert [(a.rule, a.at) for a in store.practice("Chloé")] == [("D-2", 10.0), ("U-1", 20.0)]
    store.record_practice("Chloé", "D-2", False, at=30.0)            # numbered on after the moved ones
    assert [a.at for a in store.practice("Chloé")] == [10.0, 20.0, 30.0]


def test_at_sign_in_the_newer_session_of_each_kind_wins(store, monkeypatch) -> None:
    import time as clock
    now = [1000.0]
    monkeypatch.setattr(clock, "time", lambda: now[0])
    store.sign_in(B, "Mia")
    store.save_session(B, "game", {"from": "Mia's tablet"})
    store.save_session(B, "lesson", {"from": "Mia's tablet"})
    now[0] = 2000.0
    store.save_session(A, "game", {"from": "this browser, before the name"})
    store.save_session(A, "lesson", None)
    store.sign_in(A, "Mia")
    assert store.load_session(A, "game") == {"from": "this browser, before the name"}
    assert store.load_session(A, "lesson") == {"from": "Mia's tablet"}
    assert store.load_session(B, "game") == {"from": "this browser, before the name"}


def test_a_bad_name_at_sign_in_changes_nothing(store) -> None:
    store.record_stars_for_key(A, "links", 2)
    before = _everything(store)
    with pytest.raises(StoreError, match="cannot be empty"):
        store.sign_in(A, "   ")
    with pytest.raises(StoreError, match="at most 40 characters"):
        store.sign_in(A, "x" * 41)
    assert _everything(store) == before


def test_deleting_a_learner_signs_their_keys_out(store) -> None:
    store.sign_in(A, "Leo")
    store.save_session(A, "game", {"seed": 3})
    store.delete_learner("Leo")
    assert store.learner_for_key(A) is None and store.load_session(A, "game") is None
    store.sign_in(A, "Leo")
    assert store.load_session(A, "game") is None


def test_the_kept_store_passes_keys_and_sessions_through(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("UNOPARTY_UNSAVED_DIR", str(tmp_path / "unsaved"))
    kept = KeptStore(SQLStore(f"sqlite://{tmp_path / 'k.sqlite3'}"))
    kept.save_session(C, "app", {"page": "practice"})
    kept.record_stars_for_key(C, "uno", 1)
    assert kept.sign_in(C, "Ana") == "Ana" and kept.learner_for_key(C) == "Ana"
    assert kept.load_session(C, "app") == {"page": "practice"} and kept.stars("Ana") == {"uno": 1}
    assert LearnerProgress(kept, key=C).all() == {"uno": 1}
    kept.sign_out(C)
    assert kept.learner_for_key(C) is None
