"""Teaching a class: the scenario player for a named learner and for a show, the learner's
name on the landing page, the teacher's page and the teacher's own scenarios."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

from unoparty.cards import Card
from unoparty.scenarios import load_scenario
from unoparty.progress import SQLStore, open_store
from unoparty.views.lesson import LessonPlayer
from unoparty.views.progress import Progress

HERE = Path(__file__).resolve().parent / "scenarios" / "classroom"


def _click(hand, text: str) -> None:
    hand.buttons[hand.cards.index(Card.parse(text))].click()


def _play_through(player: LessonPlayer, seat_name: str) -> None:
    player.next_button.click()                       # step 1: narration only
    assert player.board.actions.layout.display == "none"
    player.next_button.click()                       # step 2: the task
    assert player.board.hand.box.layout.display == ""
    assert player.game.names[player.board.me] == seat_name
    assert (player.me is None) == ("Mia to answer" in player.task.value)
    assert player.board.draw_button.layout.display == "" and player.board.keep_button.layout.display == "none"
    assert player.board.accept_button.layout.display == "none"
    player.next_button.click()                       # must answer first
    assert player.pos == 1 and "Answer the task first" in player.feedback.text
    _click(player.board.hand, "blue 9")              # wrong
    assert player.feedback.kind == "bad"
    _click(player.board.hand, "red 5")               # right
    assert player.feedback.kind == "good" and 1 in player.answered
    player.next_button.click()
    player.next_button.click()                       # finish
    assert player.finished and not player.errors.errors


def test_a_scenario_with_learner_key_is_played_from_that_seat(tmp_path) -> None:
    scenario = load_scenario(HERE / "mia.toml")
    assert scenario.learner == "Mia"
    player = LessonPlayer(scenario, progress=Progress(tmp_path / "p.json"))
    assert player.me == 0
    _play_through(player, "Mia")


def test_a_scenario_without_you_is_a_show_answered_for_the_task_player(tmp_path) -> None:
    scenario = load_scenario(HERE / "show.toml")
    assert scenario.learner is None
    player = LessonPlayer(scenario, progress=Progress(tmp_path / "p.json"))
    assert player.me is None
    assert player.board.hand.box.layout.display == "none"   # the table as set up: no hand
    player.next_button.click()
    while player.session.waiting_task is None:
        player.next_button.click()
    # the task's player's hand is open, but on the projector that seat is not "(you)"
    assert player.board.hand.box.layout.display == ""
    assert "(you)" not in player.board.table.drawing.value
    player = LessonPlayer(scenario, progress=Progress(tmp_path / "p2.json"))
    _play_through(player, "Mia")


def test_learner_must_name_a_player(tmp_path) -> None:
    import pytest

    from unoparty.errors import ScenarioError
    text = (HERE / "mia.toml").read_text().replace('learner = "Mia"', 'learner = "Zed"')
    (tmp_path / "zed.toml").write_text(text)
    with pytest.raises(ScenarioError, match="unknown player 'Zed'"):
        load_scenario(tmp_path / "zed.toml")


def test_a_lesson_records_tries_and_mistakes_per_rule(tmp_path) -> None:
    from unoparty.progress import LearnerProgress
    store = SQLStore(f"sqlite://{tmp_path / 'p.sqlite3'}")
    player = LessonPlayer(load_scenario(HERE / "mia.toml"), progress=LearnerProgress(store, "Mia"))
    _play_through(player, "Mia")
    [lesson] = store.lessons("Mia")
    assert (lesson.lesson, lesson.stars, lesson.tries, lesson.mistakes) == ("mia-plays", 2, 1, 1)
    rules = {(r.rule, r.tries, r.mistakes) for r in store.rules("Mia")}
    assert rules == {("T-1", 2, 1)}


def test_the_landing_page_asks_for_a_name_and_keeps_the_language(monkeypatch) -> None:
    from unoparty.i18n import language, set_language
    from unoparty.views.app import App
    app = App()
    picker = app.learner_picker
    assert app.learner is None and picker.box in app.home.children
    picker.name_field.value = "   "
    picker.start_button.click()
    assert app.learner is None and "up-msg-bad" in picker.message.value
    picker.name_field.value = "Leo"
    picker.start_button.click()
    assert app.learner == "Leo" and open_store().learners() == ["Leo"]
    try:
        app.language.value = "fr"  # the learner picks French: remembered as their choice
        assert open_store().setting("Leo", "language") == "fr"
        set_language("en")
        other = App()
        assert other.learner_picker.name_field.options == ()   # the class's names: a teacher's setting
        open_store().set_class_setting("list-names", "1")
        other.learner_picker.refresh()
        assert "Leo" in other.learner_picker.name_field.options
        other.learner_picker.pick("Leo")
        assert language() == "fr"
    finally:
        set_language("en")


def test_a_name_typed_with_other_capitals_finds_the_same_learner() -> None:
    from unoparty.views.app import App
    picker = App().learner_picker
    assert picker.pick("Zoë") == "Zoë"
    assert picker.pick("  zOË ") == "Zoë"  # the learner the class knows, not a new empty one
    assert open_store().learners() == ["Zoë"]
    assert picker.pick("Zoe") == "Zoe"  # another name (no diaeresis) stays another learner
    assert sorted(open_store().learners()) == ["Zoe", "Zoë"]


# ---------------------------------------------------------------- the teacher's page


def _class_store(tmp_path) -> SQLStore:
    store = SQLStore(f"sqlite://{tmp_path / 'class.sqlite3'}")
    for name, stars, wrong in (("Mia", 3, []), ("Leo", 1, ["SP-4", "SP-4", "T-1"])):
        store.start_lesson(name, "speed-play")
        for rule in wrong:
            store.record_answer(name, "speed-play", [rule], right=False)
        store.record_stars(name, "speed-play", stars)
    store.add_learner("Zoe")
    return store


def test_teacher_page_says_how_to_set_a_code_when_none_is_set(tmp_path, monkeypatch) -> None:
    from unoparty.views.teacher import TeacherPage
    monkeypatch.delenv("UNOPARTY_TEACHER_CODE", raising=False)
    page = TeacherPage(_class_store(tmp_path))
    assert "UNOPARTY_TEACHER_CODE" in page.message.value and page.lock.layout.display == "none"
    assert not page.unlock("") and page.class_box.layout.display == "none"


def test_teacher_page_opens_with_the_code_and_shows_the_class(tmp_path, monkeypatch) -> None:
    import base64
    import csv
    import io
    import re

    from unoparty.views.teacher import TeacherPage
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    store = _class_store(tmp_path)
    page = TeacherPage(store)
    page.code_field.value = "wrong"
    page.open_button.click()
    assert not page.is_open and "not the teacher" in page.message.value and "Mia" not in page.table.value
    page.code_field.value = " owl-42 "
    page.open_button.click()
    assert page.is_open and page.class_box.layout.display == ""
    table = page.table.value
    assert all(name in table for name in ("Mia", "Leo", "Zoe"))
    assert "SP-4 ×2, T-1 ×1" in table and "3 wrong" in table
    # the CSV for scripts: its header row stays the same in every language (issue 21)
    data = re.search(r'download="class-progress-for-scripts.csv" href="[^"]*base64,([^"]+)"', page.download.value).group(1)
    raw = base64.b64decode(data)
    assert raw.startswith(b"\xef\xbb\xbf")  # a BOM: a spreadsheet reads the names as UTF-8
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))
    assert {(r["learner"], r["lesson"], r["stars"], r["tries"], r["mistakes"], r["rules_wrong"]) for r in rows} == {
        ("Leo", "speed-play", "1", "1", "3", "SP-4×2 T-1×1"), ("Mia", "speed-play", "3", "1", "0", ""),
        ("Zoe", "", "0", "0", "0", "")}
    # reset Leo, then delete Zoe — each after a confirmation with the code typed again
    page.learner_field.value = "Leo"
    page.reset_button.click()
    assert store.lessons("Leo") and page.confirm_button.layout.display == ""
    page.confirm_button.click()  # no code typed: nothing happens
    assert store.lessons("Leo") and "not the teacher" in page.message.value
    page.confirm_code.value = "owl-42"
    page.confirm_button.click()
    assert store.lessons("Leo") == [] and store.rules("Leo") == [] and "Leo" in store.learners()
    page.learner_field.value = "Zoe"
    page.delete_button.click()
    page.cancel_button.click()
    assert "Zoe" in store.learners()
    page.delete_button.click()
    page.confirm_code.value = "owl-42"
    page.confirm_button.click()
    assert store.learners() == ["Leo", "Mia"] and "Zoe" not in page.table.value
    assert not page.errors.errors


def test_teacher_in_a_notebook(tmp_path, monkeypatch) -> None:
    import unoparty
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    open_store().record_stars("Ana", "goal", 2)
    box = unoparty.teacher("owl-42")
    assert box.page.is_open and "Ana" in box.page.table.value


def test_the_app_has_the_classroom_pages(monkeypatch) -> None:
    from unoparty.views.app import App
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    app = App()
    app.nav_buttons["teacher"].click()
    assert app.page == "teacher"
    app.nav_buttons["scenarios"].click()
    assert app.page == "scenarios"
    assert not app.errors.errors


# ---------------------------------------------------------------- the teacher's scenarios


def _upload(page, name: str, text: str) -> None:
    page.upload.value = ({"name": name, "type": "application/toml", "size": len(text.encode()),
                          "content": memoryview(text.encode()),
                          "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)},)


def test_an_uploaded_scenario_is_checked_and_opened_in_the_app() -> None:
    from unoparty.views.app import App
    app = App(learner="Mia")
    app.show_scenarios()
    page = app._scenarios
    _upload(page, "broken.toml", (HERE / "mia.toml").read_text().replace('answer = "Mia: play red 5"',
                                                                         'answer = "Mia: play red 9"'))
    assert "broken.toml" in page.message.value and "step 2" in page.message.value
    assert app.page == "scenarios"
    _upload(page, "typo.toml", "format = 1\nid = 'x'\ntitle = 'x'\n[setup\n")
    assert "typo.toml" in page.message.value and "line 4" in page.message.value
    _upload(page, "mia.toml", (HERE / "mia.toml").read_text())
    assert app.page == "lesson" and app.lesson.scenario.learner == "Mia"
    lit = [name for name, b in app.nav_buttons.items() if "up-nav-active" in b._dom_classes]
    assert lit == ["scenarios"]   # a teacher's scenario is not one of the Lessons
    _play_through(app.lesson, "Mia")
    assert open_store().stars("Mia") == {"scenario:mia-plays": 2}   # its own record
    app.lesson.exit_button.click()
    assert app.page == "scenarios" and not app.errors.errors


def test_an_uploaded_file_never_earns_an_app_lessons_stars() -> None:
    """A teacher's file with the id of an app lesson (``id = "speed-play"``) keeps its own
    record, ``scenario:speed-play``: the landing page's Speed Play stays at 0 stars (issue 19)."""
    from unoparty.views.app import App
    app = App(learner="Mia")
    app.show_scenarios()
    text = (HERE / "mia.toml").read_text().replace('id = "mia-plays"', 'id = "speed-play"')
    _upload(app._scenarios, "speed-play.toml", text)
    assert app.page == "lesson"
    _play_through(app.lesson, "Mia")
    stars = open_store().stars("Mia")
    assert "speed-play" not in stars and stars.get("scenario:speed-play") == 2
    app.show_home()
    assert "up-star-off\">★★★" in app.lesson_stars["speed-play"].value   # 0 of 3 stars


def test_the_same_file_uploaded_again_opens_again() -> None:
    from unoparty.views.app import App
    app = App(learner="Mia")
    app.show_scenarios()
    text = (HERE / "mia.toml").read_text()
    _upload(app._scenarios, "mia.toml", text)
    assert app.page == "lesson"
    app.lesson.exit_button.click()
    assert app.page == "scenarios"
    _upload(app._scenarios, "mia.toml", text)   # the very same file, chosen again
    assert app.page == "lesson" and app.lesson.pos == -1


def _page_message(page) -> str:
    import re
    return re.sub(r"<[^>]+>", " ", page.message.value)


def test_a_file_that_is_no_scenario_gets_one_sentence_and_nothing_else() -> None:
    """Too big (20 MB), binary, nested thousands deep, or not TOML: one sentence in the
    learner's language — no traceback, no "File / Where / What" of a previous file."""
    from unoparty.i18n import set_language
    from unoparty.views.app import App
    app = App(learner="Mia")
    app.show_scenarios()
    page = app._scenarios
    _upload(page, "typo.toml", "format = 1\nid = 'x'\ntitle = 'x'\n[setup\n")
    said = _page_message(page).strip()
    assert said == "typo.toml is not valid TOML: look at line 4, column 7."   # no parser's English
    cases = {
        "big.toml": "a = 1\n" * (20 * 1024 * 1024 // 6),
        "nested.toml": "a = " + "[" * 50000 + "]" * 50000 + "\n",
        "deep-tables.toml": "a = " + "{b = " * 3000 + "1" + "}" * 3000 + "\n",
    }
    for name, text in cases.items():
        _upload(page, name, text)
        said = _page_message(page).strip()
        assert said.startswith(name) and said.count(".") <= 2, said
        assert "line 4" not in page.message.value and "Where" not in said and "Recursion" not in said
        assert not app.errors.errors and app.page == "scenarios"
    page.upload.value = ({"name": "cat.png", "type": "image/png", "size": 40,
                          "content": memoryview(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(24)),
                          "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)},)
    said = _page_message(page).strip()
    assert said.startswith("cat.png") and "text" in said and not app.errors.errors
    try:
        set_language("fr")
        _upload(page, "big.toml", cases["big.toml"])
        said = _page_message(page)
        assert "big.toml" in said and "too big" not in said and "trop" in said
    finally:
        set_language("en")


def _class_curriculum(tmp_path) -> Path:
    (tmp_path / "mia.toml").write_text((HERE / "mia.toml").read_text())
    path = tmp_path / "our-class.toml"
    path.write_text('[[groups]]\ntitle = "Our class"\nlessons = ["mia.toml", "matching"]\n')
    return path


def test_a_teachers_curriculum_is_the_servers_default_with_its_titles_everywhere(tmp_path, monkeypatch) -> None:
    """UNOPARTY_CURRICULUM (as `unoparty lessons --curriculum` takes) sets the app's lessons;
    the teacher's own lesson shows by its title on the landing page, the Teacher page and in
    the CSV — never by its id with an empty title (issue 19)."""
    import base64
    import csv
    import io
    from unoparty.views.app import App
    from unoparty.views.teacher import TeacherPage
    monkeypatch.setenv("UNOPARTY_CURRICULUM", str(_class_curriculum(tmp_path)))
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    app = App(learner="Mia")
    assert list(app.lesson_buttons) == ["mia-plays", "matching"]
    assert "Mia matches the colour" in app.lesson_buttons["mia-plays"].description
    app.lesson_buttons["mia-plays"].click()
    assert app.page == "lesson" and app.lesson.lesson_id == "mia-plays"
    _play_through(app.lesson, "Mia")
    assert app.lesson.next_lesson_button.layout.display == ""   # the curriculum's next lesson
    page = TeacherPage(open_store())
    assert page.unlock("owl-42")
    assert "Mia matches the colour" in page.table.value
    data = re.search(r'download="class-progress-for-scripts.csv" href="[^"]*base64,([^"]+)"', page.download.value).group(1)
    rows = list(csv.DictReader(io.StringIO(base64.b64decode(data).decode("utf-8-sig"))))
    mine = [r for r in rows if r["lesson"] == "mia-plays"]
    assert mine and mine[0]["title"] == "Mia matches the colour"


def test_the_teacher_chooses_the_class_lessons_over_the_servers_default(tmp_path, monkeypatch) -> None:
    from unoparty.views.app import App
    from unoparty.views.teacher import TeacherPage
    monkeypatch.setenv("UNOPARTY_CURRICULUM", str(_class_curriculum(tmp_path)))
    monkeypatch.setenv("UNOPARTY_TEACHER_CODE", "owl-42")
    page = TeacherPage(open_store())
    assert page.unlock("owl-42")
    picker = page.curriculum
    assert [c for _label, c in picker.field.options] == ["app", "server"] and picker.field.value == "server"
    learner = App(learner="Leo")
    assert list(learner.lesson_buttons) == ["mia-plays", "matching"]
    picker.field.value = "app"
    picker.use_button.click()
    assert "The class now follows" in picker.message.value
    assert "speed-play" in App(learner="Zoe").lesson_buttons   # a learner arriving now
    learner.show_home()                                        # one already here: at Home
    assert "speed-play" in learner.lesson_buttons and "mia-plays" not in learner.lesson_buttons
    picker.field.value = "server"
    picker.use_button.click()
    assert list(App(learner="Zoe").lesson_buttons) == ["mia-plays", "matching"]


def test_scenarios_from_the_folder(monkeypatch) -> None:
    from unoparty.views.scenarios_page import ScenariosPage
    monkeypatch.setenv("UNOPARTY_SCENARIOS", str(HERE))
    page = ScenariosPage()
    assert [name for name, _path in page.folder_field.options] == ["mia.toml", "show.toml"]
    page.folder_field.value = str(HERE / "show.toml")
    page.open_button.click()
    assert page.player is not None and page.player.me is None and not page.errors.errors
    monkeypatch.delenv("UNOPARTY_SCENARIOS")
    assert "UNOPARTY_SCENARIOS" in ScenariosPage().folder_note.value


def test_show_a_scenario_file_in_a_notebook(tmp_path) -> None:
    import unoparty
    box = unoparty.show(HERE / "mia.toml")
    assert box.player.scenario.id == "mia-plays" and "<style>" in box.children[0].value
    bad = tmp_path / "bad.toml"
    bad.write_text("format = 2\n")
    box = unoparty.show(bad)
    assert box.player is None and "bad.toml" in box.children[1].value and "required key missing" in box.children[1].value


def test_a_missing_or_unreadable_scenario_file_is_told_in_words_not_an_errno(tmp_path) -> None:
    import unoparty
    box = unoparty.show(tmp_path / "nope.toml")
    assert box.player is None and "no such file" in box.children[1].value
    assert "Errno" not in box.children[1].value
    box = unoparty.show(tmp_path)
    assert "is a directory" in box.children[1].value and "Errno" not in box.children[1].value
    (tmp_path / "latin1.toml").write_bytes(b'title = "caf\xe9"\n')
    box = unoparty.show(tmp_path / "latin1.toml")
    assert "is not UTF-8 text" in box.children[1].value


# ---------------------------------------------------------------- the classroom lab


def test_rules_can_leave_a_card_kind_out_of_the_deck() -> None:
    import pytest

    from unoparty.cards import Kind
    from unoparty.game import Game
    from unoparty.rules import Rules
    r = Rules(without=("wild pile up", Kind.POINT_TAKEN, "point taken"))
    assert r.without == (Kind.POINT_TAKEN, Kind.WILD_PILE_UP)
    assert Rules.from_dict("party", r.options()) == r
    g = Game(["A", "B", "C"], r, seed=3)
    cards = [c for h in g.hands for c in h] + list(g.draw_pile) + list(g.discard_pile)
    assert len(cards) == 224 - 8 - 4 and not any(c.kind in r.without for c in cards)
    for bad in (["number"], ["nope"], [3]):
        with pytest.raises(ValueError, match="without"):
            Rules(without=bad)
    with pytest.raises(ValueError, match="classic deck has no"):
        Rules("classic", without=["point taken"])


def test_lab_results_are_seeded_and_cached(tmp_path, monkeypatch) -> None:
    from unoparty import lab
    monkeypatch.setenv("UNOPARTY_LAB_CACHE", str(tmp_path))
    a = lab.card_effects(players=4, games=2, seed=5, progress=False)
    assert len(list(tmp_path.glob("card_comebacks_v2-*.json"))) == 1
    assert lab.card_effects(players=4, games=2, seed=5, progress=False) == a
    assert lab.card_effects(players=4, games=2, seed=5, progress=False, cache=False) == a
    assert set(a) == {"all cards", "without point taken", "without wild pile up", "without wild drawn together"}
    rates = lab.win_rates(games=3, seed=1, progress=False, strong_playouts=4)
    assert all(0 <= v["low"] <= v["rate"] <= v["high"] <= 1 for v in rates.values())
    chance = lab.playable_chance(hand_sizes=(1, 7), samples=200, progress=False)
    assert 0 < chance[1] < chance[7] <= 1
    speed = lab.speed_play_chances(players=(4,), games=2, progress=False)
    assert 0 <= speed[4]["taken"] <= speed[4]["chances"] <= speed[4]["moves"]


def test_the_teacher_page_names_a_folder_scenario_by_its_title(tmp_path, monkeypatch) -> None:
    from unoparty.views.teacher import class_csv
    monkeypatch.setenv("UNOPARTY_SCENARIOS", str(HERE))
    store = SQLStore(f"sqlite://{tmp_path / 'class.sqlite3'}")
    store.record_stars("Mia", "scenario:mia-plays", 2)
    assert ",scenario:mia-plays,Mia matches the colour," in class_csv(store)


def test_lab_numbers_do_not_depend_on_the_worker_processes(tmp_path, monkeypatch) -> None:
    from unoparty import lab
    monkeypatch.setenv("UNOPARTY_LAB_CACHE", str(tmp_path))
    monkeypatch.setenv("UNOPARTY_LAB_WORKERS", "1")
    one = lab.round_length_by_players(players=(2, 3), games=3, seed=4, cache=False, progress=False)
    monkeypatch.setenv("UNOPARTY_LAB_WORKERS", "2")
    assert lab.round_length_by_players(players=(2, 3), games=3, seed=4, cache=False, progress=False) == one
    # round length and speed play read the same rounds, played once and cached per table size
    lab.round_length_by_players(players=(2, 3), games=3, seed=4, progress=False)
    assert len(list(tmp_path.glob("basic_rounds-*.json"))) == 2
    monkeypatch.setattr(lab, "_basic_round", lambda *a: pytest.fail("played again"))
    assert lab.speed_play_chances(players=(3,), games=3, seed=4, progress=False)[3]["moves"] > 0


def test_lab_playable_chance_is_exact() -> None:
    """Worked out by counting (it was sampled); a seeded sample agrees."""
    import random

    from unoparty import lab
    from unoparty.cards import deck
    exact = lab.playable_chance(hand_sizes=(1, 3), cache=False)
    rng, cards = random.Random(1), deck("party")
    tops = [c for c in cards if not c.is_wild]
    for k in (1, 3):
        hits = 0
        for _ in range(4000):
            top = rng.choice(tops)
            rest = list(cards)
            rest.remove(top)
            hits += any(lab._matches(c, top, top.colour) for c in rng.sample(rest, k))
        assert abs(hits / 4000 - exact[k]) < 0.03, k


def test_lab_comebacks_and_intervals_stay_within_their_rounds() -> None:
    from unoparty import lab
    effects = lab.card_effects(players=4, games=6, seed=3, cache=False, progress=False)
    for v in effects.values():
        assert 0 <= v["comebacks"] <= v["rounds"] == len(v["turns"])
        assert 0.0 <= v["low"] <= v["comeback_share"] <= v["high"] <= 1.0
        assert 0.0 < v["even_share"] < 1.0


def test_the_csv_lists_the_class_learner_by_learner_in_the_pages_order(tmp_path) -> None:
    """The CSV (both versions) reads as the Teacher page does: learners in the page's order
    (by name, whatever the case), each one's lessons in the curriculum's order, their
    Practice row after them, and a row of zeros for a learner with nothing yet."""
    import csv
    import io

    from unoparty.views.teacher import PRACTICE_ID, _lesson_titles, class_csv
    order = list(_lesson_titles())
    first, later = order[0], order[3]
    store = SQLStore(f"sqlite://{tmp_path / 'class.sqlite3'}")
    store.record_stars("zoë", later, 2)        # done after Bo's, and a later lesson first
    store.record_stars("Bo", first, 3)
    store.record_practice("zoë", "T-1", True)
    store.record_stars("zoë", first, 1)
    store.record_practice("Bo", "SP-4", False)
    store.add_learner("Anna")
    rows = list(csv.DictReader(io.StringIO(class_csv(store, machine=True).removeprefix("\ufeff"))))
    assert [(r["learner"], r["lesson"]) for r in rows] == [
        ("Anna", ""), ("Bo", first), ("Bo", PRACTICE_ID), ("zoë", first), ("zoë", later), ("zoë", PRACTICE_ID)]
    assert [r["learner"] for r in rows] == sorted((r["learner"] for r in rows), key=str.casefold)
