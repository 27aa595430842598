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


def text_first_line(text: str) -> str:
    return text.lstrip("\ufeff").split("\n", 1)[0]


def _rows(text: str, delimiter: str = ";") -> list[list[str]]:
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=delimiter))


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
    # a spreadsheet of a decimal-comma language splits on ';' (a double-clicked file opens in columns)
    assert text_first_line(class_csv(store)).count(";") == len(CSV_COLUMNS) - 1
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


# ---------------------------------------------------------------- practice show and practice stats

@pytest.mark.parametrize("lang", ["fr", "ro", "nb", "cs"])
def test_practice_shows_errors_in_the_teachers_language(capsys, lang, monkeypatch):
    code, out, _ = run(capsys, "--lang", lang, "practice", "show", "a-b")
    assert code == 2 and "'a-b'" in out
    assert_no_english(out, lang, allowed=COMMAND_WORDS)
    code, out, _ = run(capsys, "--lang", lang, "practice", "show", "7-99999")
    assert code == 2 and "99999" in out and "1035" in out  # how many there are, and the last one's number
    assert_no_english(out, lang, allowed=COMMAND_WORDS)
    from unoparty.practice import exercises
    monkeypatch.setattr(exercises, "round_exercises", lambda seed: [])  # no round has one: quick
    code, out, _ = run(capsys, "--lang", lang, "practice", "show", "7", "--rule", "H-3")
    assert code == 2 and "H-3" in out and "400" in out
    assert_no_english(out, lang, allowed=COMMAND_WORDS)


def test_practice_shows_errors_in_english_are_one_sentence_each(capsys):
    code, out, _ = run(capsys, "practice", "show", "7-99999")
    assert out == ("unoparty practice show: round 7 has 1036 exercises, numbered 0 to 1035: "
                   "there is no exercise 99999\n")


@pytest.mark.parametrize("lang", ["fr", "ro", "nb", "cs"])
def test_the_scenario_practice_show_writes_is_in_the_teachers_language(capsys, lang):
    from unoparty.scenarios.loader import loads_scenario
    code, text, _ = run(capsys, "--lang", lang, "practice", "show", "7", "--scenario")
    assert code == 0
    scenario = loads_scenario(text, "p.toml")
    assert "Practice" not in scenario.title and "how many" not in scenario.title and "rule" not in scenario.title
    assert "T-3" in scenario.title and "7" in scenario.title
    said = [s.say for s in scenario.steps if s.say]
    assert said and "The round so far." not in said
    assert_no_english(scenario.title + " " + " ".join(said), lang, allowed=CARD_NAMES)
    i18n.set_language("en")
    code, text, _ = run(capsys, "practice", "show", "7", "--scenario")
    assert 'title = "Practice: how many, rule T-3 (round 7)"' in text and 'say = "The round so far."' in text


@pytest.mark.parametrize("lang", ["fr", "ro", "nb", "cs"])
def test_practice_stats_reasons_and_bar_in_the_teachers_language(capsys, lang):
    code, out, err = run(capsys, "--lang", lang, "practice", "stats", "--rounds", "1")
    assert code == 1
    reasons = [line for line in out.splitlines() if line.split()[:1] and line.split()[0] in ("D-1", "SP-6", "H-3", "PU-3")]
    assert len(reasons) == 4
    assert_no_english("\n".join(reasons), lang, allowed=CARD_NAMES | {"Jump", "In"})
    assert_no_english(out.splitlines()[-1], lang)
    assert "rounds cut" not in err and "round/s" not in err
    assert "deck's make-up" not in out and "decided by no move" not in out and "not a deciding rule" not in out


def test_practice_stats_in_english_keeps_its_lines(capsys):
    from unoparty.practice.coverage import NOT_POSED
    code, out, err = run(capsys, "practice", "stats", "--rounds", "1")
    assert code == 1
    line = next(x for x in out.splitlines() if x.startswith("D-1 "))
    assert line.endswith(NOT_POSED["D-1"])
    assert "deciding rules with fewer than 50 distinct positions: " in out


def test_every_reason_of_practice_stats_is_its_english_sentence_through_the_catalogue():
    from unoparty.practice.coverage import NOT_POSED, _REASON_WORDS, not_posed_reason
    i18n.set_language("en")
    assert set(_REASON_WORDS) == set(NOT_POSED)
    assert {rule: not_posed_reason(rule) for rule in NOT_POSED} == NOT_POSED
    i18n.set_language("fr")
    assert not set(map(not_posed_reason, NOT_POSED)) & set(NOT_POSED.values())


# ---------------------------------------------------------------- a bot's seat at a live table

def _live_table(tmp_path):
    from tests.helpers_tables import KEY_A, KEY_B, Clock
    from unoparty.progress.table_log import TableLog
    from unoparty.session.table import Pace, TableSession
    clock = Clock()
    log = TableLog(f"sqlite:///{tmp_path}/tables.sqlite3")
    pace = Pace(kind="party", window=0, round_pause=None)
    ava = TableSession.open(log, host="Ava", holder=KEY_A, seats=3, pace=pace, seed=7, clock=clock)
    ben = TableSession.join(log, ava.code, name="Ben", holder=KEY_B, clock=clock)
    return log, ava, ben


def test_a_bot_seat_is_stored_once_and_named_in_each_screens_language(tmp_path):
    log, ava, ben = _live_table(tmp_path)
    i18n.set_language("fr")
    ava.start()
    assert ava.start_info["names"] == ["Ava", "Ben", "Bot 3"]    # stored: the same for every kernel
    assert ava.view().seats[2].name == "Bot 3"
    assert ava.game.names == ("Ava", "Ben", "Robot 3")           # shown: this screen's language
    i18n.set_language("en")
    ben.refresh()
    assert ben.game.names == ("Ava", "Ben", "Bot 3")
    assert ava.draw().applied
    ben.refresh()
    seq, hands = ben.seq, ben.game.hands
    i18n.set_language("fr")                                       # the page switches language
    assert ben.game.names[2] == "Robot 3" and ben.seq == seq and ben.game.hands == hands
    assert ben.view().player.names[2] == "Robot 3"
    assert log.snapshot(ben.code, 0)[1][2].name == "Bot 3"         # the store keeps its name


def test_shown_names_never_give_two_players_one_name():
    from unoparty.table_words import bot_name, shown_names
    i18n.set_language("fr")
    assert bot_name("Bot 3") == "Robot 3" and bot_name("Bot 3.2") == "Robot 3.2" and bot_name("Bottine") == "Bottine"
    assert shown_names(["Robot 3", "Ben", "Bot 3"], {"Bot 3"}) == ("Robot 3", "Ben", "Bot 3")
    assert shown_names(["Bot 1", "Bot 3"], {"Bot 3"}) == ("Bot 1", "Robot 3")  # a learner may be called Bot 1


def test_a_french_table_page_projector_and_teachers_list_show_no_bot_3(tmp_path):
    from tests.helpers_tables import Clock
    from unoparty.progress.table_log import TableLog
    from unoparty.views.table_page import LiveTables, ProjectorView, TablePage
    i18n.set_language("fr")
    clock = Clock()
    url = f"sqlite:///{tmp_path}/class.sqlite3"
    ava = TablePage(log=TableLog(url), name="Ava", key="a" * 22, follow=False, clock=clock)
    ava.seats.value = 3
    ava.pace.value = "party"
    session = ava.open_table()
    ben = TablePage(log=TableLog(url), name="Ben", key="b" * 22, follow=False, clock=clock)
    assert ben.join(session.code) is not None
    ava.session.set_seat(2, "bot")                                 # a bot seat before the start
    ava.poll()
    texts = [ava.seats_list.value, " ".join(label for label, _seat in ava.seat_pick.options)]
    ava.start_button.click()
    for _ in range(30):                                          # the round goes on: the bot plays too
        clock.t += 5
        for page in (ava, ben):
            page.session.tick()
            page.poll()
            if page.session.game.current == page.session.seat and page.board.hand.buttons:
                page.session.draw()
    ava.poll()
    proj = ProjectorView(session.code, log=TableLog(url), follow=False)
    live = LiveTables(log=TableLog(url), clock=clock)
    live.refresh()
    texts += [ava.play_seats.value, ava.status.value, ava.board.table.drawing.value, ava.log_view.html.value,
              proj.seats_list.value, proj.status.value, proj.scores.value, proj.log_view.html.value,
              proj.table.drawing.value, live.html.value]
    everything = "\n".join(texts)
    assert "Bot 3" not in everything
    for shown in (texts[0], texts[1], ava.log_view.html.value, proj.log_view.html.value, proj.scores.value,
                  live.html.value):
        assert "Robot 3" in shown
    assert session.start_info["names"][2] == "Bot 3"


def test_the_english_teachers_csv_keeps_the_comma(tmp_path) -> None:
    """English spreadsheets split CSV on ',' (the decimal point is '.')."""
    from unoparty.views.teacher import CSV_COLUMNS, class_csv
    store = _store(tmp_path)
    i18n.set_language("en")
    rows = _rows(class_csv(store), delimiter=",")
    assert len(rows[0]) == len(CSV_COLUMNS) and rows[0][0] == "Learner"
