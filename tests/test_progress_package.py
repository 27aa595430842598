"""The store as one package (unoparty.progress): the old imports still work — the
deprecated ``unoparty.store`` with a warning, ``unoparty.views.browser_storage`` — and the
package has one answer record."""

from __future__ import annotations

import importlib
import warnings

import pytest

import unoparty.progress as progress
from unoparty.practice import mastery


def test_the_old_store_module_still_works_and_warns() -> None:
    old = importlib.import_module("unoparty.store")
    message = (r"unoparty\.store is deprecated; use unoparty\.progress "
               r"\(unoparty\.store goes in the next minor version\)")
    for name in progress.__all__:
        with pytest.warns(DeprecationWarning, match=message):
            assert getattr(old, name) is getattr(progress, name), name
    with pytest.warns(DeprecationWarning, match=message):
        from unoparty.store import ATTEMPT_FORGET, SQLStore, open_store
    assert ATTEMPT_FORGET == progress.ATTEMPT_FORGET and SQLStore is progress.SQLStore
    store = open_store("sqlite://")
    assert store.record_stars("Mia", "uno", 2) == 2 and isinstance(store, progress.Store)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        old.nothing  # noqa: B018


def test_the_package_itself_raises_no_deprecation_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        for name in ("sql", "document", "browser", "legacy", "learner", "opening", "protocol", "records",
                     "dialect", "migrations"):
            importlib.import_module(f"unoparty.progress.{name}")


def test_the_browser_storage_stays_importable_from_views() -> None:
    from unoparty.views import browser_storage
    assert browser_storage.BrowserStorage is progress.browser.BrowserStorage
    assert browser_storage.load_store_from_browser is progress.browser.load_store_from_browser


def test_one_answer_record_with_both_names() -> None:
    assert progress.Answer is progress.PracticeAnswer is mastery.Answer
    a = mastery.Answer("SP-4", True, 12.5)
    assert (a.rule, a.right, a.correct, a.at) == ("SP-4", True, True, 12.5)
    assert mastery.Answer("SP-4", correct=False) == progress.Answer("SP-4", False, 0.0)
    with pytest.raises(TypeError, match="needs right"):
        mastery.Answer("SP-4")
    # what the store hands back is what the practice logic reads
    store = progress.open_store("sqlite://")
    for ok in (True, True, True):
        store.record_practice("Ana", "W-3", ok, at=1.0)
    assert mastery.mastery(store.practice("Ana"))["W-3"].mastered


def test_lessons_and_practice_share_one_learner_record() -> None:
    store = progress.open_store("sqlite://")
    me = progress.LearnerProgress(store, "Ana")
    me.record("links", 2)
    progress.LearnerPracticeStore(store).record("Ana", "W-3", False, at=5.0)
    assert me.practice() == [progress.Answer("W-3", False, 5.0)] and store.stars("Ana") == {"links": 2}
    assert progress.LearnerPracticeStore(store).history("Ana") == me.practice()


def test_the_store_protocol_has_nothing_about_files_or_browsers() -> None:
    import ast
    import inspect
    tree = ast.parse(inspect.getsource(progress.protocol))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert imported == {"__future__", "abc", "collections.abc", "typing", "records"}
    methods = [m for m in vars(progress.Store) if callable(getattr(progress.Store, m))]
    for word in ("json", "path", "browser", "import", "file", "sql", "last_learner"):
        assert not [m for m in methods if word in m.lower()], word
    with pytest.raises(TypeError, match="abstract"):
        progress.Store()  # type: ignore[abstract]
