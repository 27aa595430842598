"""The lessons (`unoparty/lessons/`, issue 4): the curriculum, every lesson file passing
`unoparty scenario check`, rule coverage, and every task's answers and mistakes judged by
the engine.

Lesson files are read twice: as plain TOML (so the structure tests do not depend on the
scenario loader) and through `unoparty.scenarios` (so the engine judges every move).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "unoparty" / "lessons"
CURRICULUM = LESSONS.parent / "curriculum.toml"
RULES_MD = ROOT / "unoparty" / "rules_text" / "RULES.md"

# The issue's order of topics; each group's title must mention these words, in this order.
TOPIC_ORDER = [
    "goal", "matching", "draw two", "wild draw four", "uno", "speed play", "point taken",
    "wild pile up", "wild drawn together", "scoring", "classic",
]

# Words that mark a note about a ruling in lesson text (RULES.md: "The printed rules don't
# say; this app rules that …").
RULING_NOTE = re.compile(r"this app rules|printed rules don't say|printed rules do not say", re.I)


def _rule_ids() -> list[str]:
    """Every rule id of the rule book the package holds, in order."""
    try:
        from unoparty.rulebook import RULES
    except ImportError:  # pragma: no cover - before the rule book module existed
        return re.findall(r"\*\*([A-Z]+-\d+)", RULES_MD.read_text(encoding="utf-8"))
    return [rule.id for rule in RULES.values()]


def _pure_rulings() -> list[str]:
    """Rule ids that are rulings of this app only (no printed part)."""
    from unoparty.rulebook import RULES
    return [r.id for r in RULES.values() if r.markers == ("ruling",)]


def _curriculum() -> dict:
    return tomllib.loads(CURRICULUM.read_text(encoding="utf-8"))


def _lesson_ids() -> list[str]:
    return [lesson for group in _curriculum()["groups"] for lesson in group["lessons"]]


def _doc(lesson_id: str) -> dict:
    return tomllib.loads((LESSONS / f"{lesson_id}.toml").read_text(encoding="utf-8"))


def _lesson_files() -> list[Path]:
    return sorted(p for p in LESSONS.glob("*.toml") if p.name != "curriculum.toml")


LESSON_IDS = _lesson_ids()


# --- the curriculum ---------------------------------------------------------------------

def test_curriculum_lists_every_lesson_file_once():
    ids = _lesson_ids()
    assert len(ids) == len(set(ids)), "a lesson is listed twice"
    assert sorted(ids) == sorted(p.stem for p in _lesson_files())


def test_curriculum_groups_follow_the_issue_order():
    groups = _curriculum()["groups"]
    assert len(groups) == len(TOPIC_ORDER)
    for group, topic in zip(groups, TOPIC_ORDER):
        assert group["title"].strip() and group["lessons"]
        assert topic in group["title"].lower(), (group["title"], topic)


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_lesson_file_names_its_id_and_group(lesson_id):
    doc = _doc(lesson_id)
    group = next(g for g in _curriculum()["groups"] if lesson_id in g["lessons"])
    assert doc["format"] == 1
    assert doc["id"] == lesson_id
    assert doc["lesson"] == group["id"]


def test_the_cli_curriculum_loads_every_lesson():
    from unoparty.scenarios.curriculum import load_curriculum
    cur = load_curriculum(CURRICULUM)
    assert [ref.id for ref in cur.lessons] == LESSON_IDS
    assert all(ref.scenario is not None for ref in cur.lessons), [
        (ref.file.name, ref.error) for ref in cur.lessons if ref.scenario is None]


# --- the shape of a lesson --------------------------------------------------------------

@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_lesson_shape(lesson_id):
    steps = _doc(lesson_id).get("steps", [])
    assert 3 <= len(steps) <= 10, f"{len(steps)} steps"
    tasks = [s for s in steps if "task" in s]
    assert tasks, "no task"
    for step in tasks:
        for key in ("answer", "hint", "feedback", "mistakes"):
            assert step.get(key), f"task {step['task']!r} has no {key}"
        for mistake in step["mistakes"]:
            assert "rule" in mistake, f"mistake {mistake['answer']!r} names no rule"
    for step in steps:
        if "task" in step:
            answers = step["answer"] if isinstance(step["answer"], list) else [step["answer"]]
            assert all(a.startswith("You: ") for a in answers), "the learner is 'You'"


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_steps_that_teach_a_ruling_say_so(lesson_id):
    """A step teaching a rule that is only a ruling of this app tells the learner so."""
    rulings = set(_pure_rulings())
    for n, step in enumerate(_doc(lesson_id).get("steps", []), 1):
        if rulings & set(step.get("teaches", [])):
            text = " ".join(str(step.get(k, "")) for k in ("say", "task", "feedback"))
            text += " ".join(m["say"] for m in step.get("mistakes", []))
            assert RULING_NOTE.search(text), f"step {n} teaches a ruling without saying so"


# --- coverage -----------------------------------------------------------------------------

def test_every_rule_is_taught_by_some_lesson():
    taught: set[str] = set()
    for lesson_id in LESSON_IDS:
        for step in _doc(lesson_id).get("steps", []):
            taught.update(step.get("teaches", []))
    ids = _rule_ids()
    assert ids, "no rule ids found"
    missing = [rid for rid in ids if rid not in taught]
    assert not missing, f"rules no lesson teaches: {missing}"
    unknown = sorted(taught - set(ids))
    assert not unknown, f"lessons teach unknown rule ids: {unknown}"


def test_rulebook_ids_match_the_rules_text():
    """The regex reading of RULES.md and the rule book module agree on the ids."""
    from_text = re.findall(r"\*\*([A-Z]+-\d+)", RULES_MD.read_text(encoding="utf-8"))
    assert _rule_ids() == from_text


def test_classic_only_rules_are_taught_in_classic_or_house_rule_lessons():
    classic_only = ["D-3", "S-5", "SP-7", "H-1", "H-2", "H-3", "H-4"]
    for lesson_id in LESSON_IDS:
        doc = _doc(lesson_id)
        special = doc.get("rules") == "classic" or any(doc.get("options", {}).values())
        for step in doc.get("steps", []):
            for rid in step.get("teaches", []):
                if rid in classic_only:
                    assert special, f"{lesson_id} teaches {rid} at the party table"


# --- the engine judges every lesson -------------------------------------------------------

@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_lesson_passes_scenario_check(lesson_id):
    from unoparty.scenarios import check_file
    result = check_file(LESSONS / f"{lesson_id}.toml")
    assert result.exit_code == 0, result.line if hasattr(result, "line") else result


def test_scenario_check_command_on_all_lessons():
    """`python -m unoparty scenario check` on every lesson file: exit 0, one `ok` per file."""
    files = [str(p) for p in _lesson_files()]
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-m", "unoparty", "scenario", "check", *files],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    assert len(lines) == len(files) and all(line.startswith("ok ") for line in lines), proc.stdout


def _judge(game, move) -> str | None:
    """The rule the engine cites refusing or penalising `move`; None if it is allowed."""
    from unoparty.scenarios.check import mistake_rule
    return mistake_rule(game, move)


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_task_answers_are_legal_and_mistakes_are_refused_with_their_rule(lesson_id):
    """At every task: each accepted answer is allowed; every listed mistake is refused or
    penalised by the engine, citing the rule the lesson names."""
    from unoparty.errors import IllegalMove
    from unoparty.scenarios import load_scenario

    scenario = load_scenario(LESSONS / f"{lesson_id}.toml")
    game = scenario.new_game()
    for step in scenario.steps:
        if step.is_task:
            for text, move in zip(step.answers, step.answer_moves):
                assert _judge(game, move) is None, (
                    f"step {step.number}: answer {text!r} is not allowed ({_judge(game, move)})")
            for mistake in step.mistakes:
                found = _judge(game, mistake.move)
                assert found == mistake.rule, (
                    f"step {step.number}: mistake {mistake.answer!r}: the lesson names "
                    f"{mistake.rule}, the engine says {found or 'allowed'}")
        for move in step.applied_moves:
            try:
                game.apply(move)
            except IllegalMove:
                if not step.expect.get("refused"):
                    raise


@pytest.mark.parametrize("lesson_id", ["speed-play", "matching", "wild-pile-up"])
def test_a_mistake_with_its_own_words_shows_the_refusal_once(lesson_id):
    """A wrong answer the lesson has its own words for (``mistakes``) shows those words, not
    the engine's refusal of the same move after them (it said the same thing twice); the
    rule link stays."""
    pytest.importorskip("ipywidgets")
    from tests.test_views import stub_bots
    from unoparty.views.app import App, lesson_catalogue

    app = App(bot_factory=stub_bots)
    player = app.open_lesson({i.id: i for i in lesson_catalogue()}[lesson_id])
    seen = 0
    while player.pos + 1 < len(player.steps):
        step = player.steps[player.pos] if player.pos >= 0 else None
        if step is not None and step.is_task and player.pos not in player.answered:
            for mistake in step.mistakes:
                refusal = player.game.why_illegal(mistake.move)
                player.board.on_move(mistake.move)  # what a click on the table hands the player
                shown = player.feedback.text
                assert player.feedback.kind == "bad" and shown.count(mistake.say) == 1, shown
                if refusal is not None:
                    from unoparty.refusal_words import explain
                    assert explain(refusal) not in shown, shown
                    seen += 1
                assert player.feedback.rule == (mistake.rule or (refusal.rule if refusal else ""))
            player.board.on_move(step.answer_moves[0])
        player.next_button.click()
    assert seen >= 1


def test_the_player_draws_a_lesson_session_brought_back_and_tells_each_change():
    """The app keeps the lesson session after every change (on_change) and draws it again
    after a reload: the same step, the answers given, Back works on (issue 18)."""
    from unoparty.scenarios.loader import load_scenario
    from unoparty.session.lesson import LessonSession
    from unoparty.views.lesson import LessonPlayer
    path = LESSONS / "matching.toml"
    told = []
    player = LessonPlayer(load_scenario(path), on_change=told.append)
    while not (player.pos >= 0 and player.steps[player.pos].is_task):
        player.next_button.click()
    player._answer(player.steps[player.pos].answer_moves[0])
    player.next_button.click()
    assert told and all(s is player.session for s in told)
    state = player.session.to_state()
    again = LessonPlayer(load_scenario(path), session=LessonSession.from_state(state, scenario=load_scenario(path)))
    assert again.pos == player.pos and again.answered == player.answered
    assert again.step_label.value == player.step_label.value and again.say.value == player.say.value
    again.back_button.click()
    assert again.pos == player.pos - 1 and "Done" in again.task.value


def test_a_curriculum_reads_each_lesson_file_once_until_it_changes(tmp_path, monkeypatch) -> None:
    """The app reads the curriculum whenever a lesson opens (to offer the next one): each
    lesson file is parsed once while it is unchanged (issue 18: nothing recomputed at click
    time), and read again once it changes."""
    import os

    from unoparty.scenarios import curriculum, loader
    src = (curriculum.LESSONS_DIR / "matching.toml").read_text(encoding="utf-8")
    folder = tmp_path / "mine"
    folder.mkdir()
    lesson = folder / "mine.toml"
    lesson.write_text(src.replace('id = "matching"', 'id = "mine"'), encoding="utf-8")
    reads = []
    real = loader.load_scenario
    monkeypatch.setattr(curriculum, "load_scenario", lambda p: reads.append(p) or real(p))
    first = curriculum.load_curriculum(folder)
    again = curriculum.load_curriculum(folder)
    assert len(reads) == 1 and again.lessons[0].scenario is first.lessons[0].scenario
    lesson.write_text(src.replace('id = "matching"', 'id = "mine-2"'), encoding="utf-8")
    st = lesson.stat()
    os.utime(lesson, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))   # a later change time, whatever the clock's tick
    changed = curriculum.load_curriculum(folder)
    assert len(reads) == 2 and changed.lessons[0].scenario.id == "mine-2"
