"""Each learner's progress in one small store (issue 18: the store as one package, one
concept per file): learners, stars, tries and mistakes per lesson and per rule id, the
Practice page's answers, settings per learner and of the class, the tries of a secret, the
browsers' session keys and the sessions they keep.

- :mod:`~unoparty.progress.records` — the records, the name rule (:func:`normalise_name`),
  :class:`StoreError`;
- :mod:`~unoparty.progress.protocol` — :class:`Store`, what every backend offers;
- :mod:`~unoparty.progress.sql` (+ :mod:`~unoparty.progress.dialect`) — SQLite and
  PostgreSQL; :mod:`~unoparty.progress.document` — one JSON-able document;
  :mod:`~unoparty.progress.browser` — the browser's storage (the static site);
- :mod:`~unoparty.progress.migrations` — the schema's numbered steps;
  :mod:`~unoparty.progress.legacy` — old formats carried over once;
- :mod:`~unoparty.progress.learner` — this learner's record (:class:`LearnerProgress`), for
  lessons and practice alike; :mod:`~unoparty.progress.opening` — which store
  (``UNOPARTY_DB``: :func:`open_store`).

>>> s = open_store("sqlite://")
>>> s.add_learner("  Mia ")
'Mia'
>>> s.start_lesson("Mia", "speed-play")
>>> s.record_answer("Mia", "speed-play", ["SP-4"], right=False)
>>> s.record_stars("Mia", "speed-play", 2), s.stars("Mia")
(2, {'speed-play': 2})
>>> [(r.lesson, r.stars, r.tries, r.mistakes) for r in s.lessons()]
[('speed-play', 2, 1, 1)]
>>> [(r.rule, r.tries, r.mistakes) for r in s.rules()]
[('SP-4', 1, 1)]

A browser's session key signs in as a learner; what it kept before moves to them:

>>> key = "k3y-of-one-browser_0123"
>>> LearnerProgress(s, key=key).record("links", 3)
3
>>> s.sign_in(key, "Ana"), s.stars("Ana"), s.learner_for_key(key)
('Ana', {'links': 3}, 'Ana')
>>> s.save_session(key, "game", {"seed": 7, "moves": []}); s.load_session(key, "game")
{'seed': 7, 'moves': []}

Errors: :class:`StoreError` (a bad URL, name, key or state; a database that cannot be
reached, or that a newer release wrote).
"""

from __future__ import annotations

from .attempts import ATTEMPT_FORGET, ATTEMPT_MAX_WAIT, ATTEMPT_WAIT
from .browser import BROWSER_KEY, OLD_BROWSER_KEY, in_browser, open_browser_store
from .document import DictStore
from .learner import LearnerPracticeStore, LearnerProgress
from .opening import default_url, open_store
from .protocol import Store
from .records import (MAX_NAME, MAX_SESSION_BYTES, SESSION_KINDS, Answer, LessonRecord, PracticeAnswer, RuleRecord,
                      StoreError, hub_learner_name, normalise_name)
from .sql import SQLStore

__all__ = ["Store", "SQLStore", "DictStore", "StoreError", "LessonRecord", "RuleRecord", "Answer", "PracticeAnswer",
           "LearnerProgress", "LearnerPracticeStore", "open_store", "open_browser_store", "default_url",
           "normalise_name", "hub_learner_name", "in_browser", "MAX_NAME", "SESSION_KINDS", "MAX_SESSION_BYTES", "BROWSER_KEY",
           "OLD_BROWSER_KEY", "ATTEMPT_WAIT", "ATTEMPT_MAX_WAIT", "ATTEMPT_FORGET"]
