"""Write the stores of the release of commit 0827e3c (before the store had numbered
migrations), the fixtures every migration is tested from (tests/test_migrations.py):

- ``store_0827e3c.sqlite``: an SQLite store, as ``unoparty.store.SQLStore`` wrote it;
- ``store_0827e3c.json``: the document the browser keeps (``unoparty.store.DictStore``,
  key ``"store"`` of the static site's IndexedDB).

Both hold the same learners (one "Chloé", one "Ștefan", one with a PIN), lesson stars,
tries and mistakes, rule records in and outside lessons, Practice answers, per-learner
settings (language, the PIN's salted hash), class settings (``pins``, ``list-names``,
``curriculum``) and rate-limit rows of the teacher's code and a PIN (``code_attempts``). The
teacher's code itself is not in the store in that release (``UNOPARTY_TEACHER_CODE``): only
its rate-limit rows are. The document store also keeps its browser's last learner and
stars of the site from before learners had names, waiting for the next learner chosen.

Run it with the code of that commit, never with a later one (the files are committed; this
script only says how they were made)::

    git worktree add /tmp/unoparty-0827e3c 0827e3c
    PYTHONPATH=/tmp/unoparty-0827e3c python tests/data/make_store_fixture.py
    git worktree remove /tmp/unoparty-0827e3c

Everything is written with fixed times, so two runs give the same records.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SQLITE = HERE / "store_0827e3c.sqlite"
DOCUMENT = HERE / "store_0827e3c.json"

T0 = 1_764_590_400.0   # 2025-12-01 12:00 UTC: the answers' times, one minute apart
PIN_HASH = "pbkdf2$10000$00112233445566778899aabbccddeeff$" + "ab" * 32   # a hash_pin() form


def fill(store) -> None:
    """The same records into any store of that release."""
    for name in ("Chloé", "Ștefan", "Mia", "Zoë Ånes"):
        store.add_learner(name)
    store.start_lesson("Chloé", "first-game")
    store.start_lesson("Chloé", "first-game")
    store.record_answer("Chloé", "first-game", ["T-1", "M-2"], right=False)
    store.record_answer("Chloé", "first-game", ["T-1"], right=True)
    store.record_stars("Chloé", "first-game", 2)
    store.start_lesson("Chloé", "speed-play")
    store.record_stars("Chloé", "speed-play", 3)
    store.start_lesson("Ștefan", "speed-play")
    store.record_answer("Ștefan", "speed-play", ["SP-4"], right=False)
    store.record_answer("Ștefan", "speed-play", ["SP-4", "SP-1"], right=True)
    store.record_stars("Ștefan", "speed-play", 1)
    store.start_lesson("Mia", "links")       # started, never finished: no stars
    for i, (who, rule, right) in enumerate([("Chloé", "W-3", True), ("Chloé", "W-3", False),
                                            ("Chloé", "D-2", True), ("Ștefan", "W-3", True),
                                            ("Ștefan", "W-3", True), ("Ștefan", "W-3", True),
                                            ("Zoë Ånes", "U-1", False)]):
        store.record_practice(who, rule, right, at=T0 + 60 * i)
    store.set_setting("Chloé", "language", "fr")
    store.set_setting("Ștefan", "language", "ro")
    store.set_setting("Zoë Ånes", "language", "nb")
    store.set_setting("Mia", "pin", PIN_HASH)
    store.set_class_setting("pins", "1")
    store.set_class_setting("list-names", "1")
    store.set_class_setting("curriculum", "classic")
    # the teacher's code: wrong tries from one page (a wait started), and a PIN's tries
    limits = {"teacher": 10, "teacher:page:abc123": 5}
    for k in range(5):
        store.code_attempt(limits, False, now=T0 + k)
    store.code_attempt({"pin:Mia": 5}, False, now=T0 + 10)


def make_sqlite() -> None:
    from unoparty.store import SQLStore

    for p in (SQLITE, SQLITE.with_name(SQLITE.name + "-wal"), SQLITE.with_name(SQLITE.name + "-shm")):
        p.unlink(missing_ok=True)
    fill(SQLStore(str(SQLITE)))
    con = sqlite3.connect(SQLITE)   # one self-contained file: out of WAL, compacted
    con.execute("PRAGMA journal_mode = DELETE")
    con.execute("VACUUM")
    con.close()


def make_document() -> None:
    from unoparty.store import DictStore

    saved: dict = {}
    store = DictStore(lambda: saved.get("db"), lambda d: saved.__setitem__("db", d), keeps_last_learner=True)
    fill(store)
    store.remember_learner("Chloé")
    # the site's stars from before learners had names, kept for the next learner chosen
    store.keep_unnamed_progress({"stars": {"first-game": 3, "links": 1}, "language": "cs"}, "browser:progress")
    DOCUMENT.write_text(json.dumps(saved["db"], ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                        encoding="utf-8")


if __name__ == "__main__":
    import importlib.util
    if importlib.util.find_spec("unoparty.progress") is not None:  # a later release: not the fixture
        sys.exit("run this with the code of commit 0827e3c (see the docstring)")
    make_sqlite()
    make_document()
    print(f"wrote {SQLITE.name} and {DOCUMENT.name}")
