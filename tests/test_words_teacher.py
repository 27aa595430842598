"""Teacher-facing English that never reached the catalogue (issue 21, the native reviews'
"Second reading" of fr, nb, ro): the teacher's CSV file (translated headers, and a file for
scripts whose header row stays the same), ``practice show``'s errors and the scenario it
writes, ``practice stats``'s reasons and progress bar, and the bot seats of a live table."""

from __future__ import annotations

import base64
import csv
import io
import re

import pytest

from tests.test_teacher_words import CARD_NAMES, COMMAND_WORDS, assert_no_english, english_afterwards, run  # noqa: F401
from unoparty import i18n
from unoparty.progress import SQLStore


# ---------------------------------------------------------------- the teacher's CSV file

def _store(tmp_path) -> SQLStore:
    store = SQLStore(f"sqlite://{tmp_path / 'c.sqlite3'}")
    store.record_stars("Chloé", "goal", 2)
    store.record_answer("Chloé", "goal", ["SP-4"], right=False)
    store.record_practice("Chloé", "SP-4", False)
    store.record_practice("Chloé", "SP-4", True)
    store.add_learner("Mia")
    return store


def _rows(text: str) -> list[list[str]]:
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))


@pytest.mark.parametrize("lang", ["fr", "ro", "nb", "cs"])
def test_the_teachers_csv_speaks_the_teachers_language(tmp_path, lang) -> None:
    from unoparty.views.teacher import CSV_COLUMNS, class_csv
    store = _store(tmp_path)
    i18n.set_language(lang)
    rows = _rows(class_csv(store))
    header = rows[0]
    assert len(header) == len(CSV_COLUMNS)
    assert not set(header) & {"learner", "lesson", "title", "stars", "tries", "mistakes", "rules_wrong",
                              "Learner", "Lesson", "Stars", "Tries", "Mistakes", "Rules got wrong"}
    assert_no_english(" ; ".join(header), lang)
    practice = [r for r in rows if r[0] == "Chloé" and r[3] == ""]
    assert len(practice) == 1 and practice[0][1] != "practice"  # the Practice rows' id, in the language too
    assert practice[0][4:6] == ["2", "1"]


@pytest.mark.parametrize("lang", ["en", "fr", "cs"])
def test_the_csv_for_scripts_keeps_its_header_row_in_every_language(tmp_path, lang) -> None:
    from unoparty.views.teacher import CSV_COLUMNS, class_csv
    store = _store(tmp_path)
    i18n.set_language(lang)
    text = class_csv(store, machine=True)
    assert text.startswith("\ufefflearner,lesson,title,stars,tries,mistakes,rules_wrong\n")
    rows = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    assert tuple(rows[0]) == CSV_COLUMNS
    by = {(r["learner"], r["lesson"]): r for r in rows}
    assert by[("Chloé", "practice")]["tries"] == "2" and by[("Chloé", "goal")]["rules_wrong"] == "SP-4×1"
    assert ("Mia", "") in by


def test_the_teacher_page_offers_both_files(tmp_path, monkeypatch) -> None:
    from unoparty.views.teacher import TeacherPage, class_csv
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    store = _store(tmp_path)
    i18n.set_language("fr")
    page = TeacherPage(store)
    assert page.unlock("owl-42")
    files = dict(re.findall(r'download="([^"]+)" href="data:text/csv;charset=utf-8;base64,([^"]+)"', page.download.value))
    assert base64.b64decode(files["class-progress.csv"]).decode("utf-8") == class_csv(store)
    assert base64.b64decode(files["class-progress-for-scripts.csv"]).decode("utf-8") == class_csv(store, machine=True)
    assert_no_english(re.sub(r"<[^>]+>", " ", page.download.value), "fr")
