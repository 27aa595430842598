"""Scenario files, format 1 (SCENARIO_FORMAT.md): loading, validating, checking, stepping,
and the ``unoparty scenario`` / ``unoparty lessons`` commands."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from unoparty.cards import Card, Colour
from unoparty.cli import main
from unoparty.engine.moves import Play, SpeedPlay
from unoparty.errors import ScenarioError, SetupError
from unoparty.game import Game
from unoparty.rulebook import RULES
from unoparty.scenarios import (Runner, check_file, load_scenario, loads_scenario, walkthrough)
from unoparty.scenarios.curriculum import coverage, load_curriculum
from unoparty.refusal_words import explain

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "scenarios"
GOOD = sorted((HERE / "good").glob("*.toml"))
C = Card.parse


def run_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "unoparty", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def run_main(*args: str) -> subprocess.CompletedProcess:
    """``unoparty <args>`` run in this process from the checkout, as `run_cli` runs it but
    without starting Python again (`test_the_command_answers_as_run_in_the_process` shows
    both answer alike). A traceback would raise here."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(ROOT), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return subprocess.CompletedProcess(["unoparty", *args], code, out.getvalue(), err.getvalue())


def answer(r: subprocess.CompletedProcess) -> tuple[int, str, str]:
    return r.returncode, r.stdout, r.stderr


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


# --- the command: one line per file, exit 0/1/2, never a traceback ----------------------------

BAD = {
    "malformed-toml.toml": "line 3: not valid TOML: a mistake at line 3, column 14 (Illegal character '\\n')",
    "unknown-step-key.toml": "step 1: unknown key 'sya' (known: say, do, task, answer, hint, feedback, mistakes, "
                             "teaches, expect)",
    "unknown-expect-key.toml": "step 1: expect: unknown key 'tunr' (known: turn, phase, waiting_for, top, colour, "
                               "direction, hand, draw_pile, discard_pile, mini_pile, links, winner, round_points, "
                               "scores, match_winner, refused, reason)",
    "unknown-setup-key.toml": "setup.sede: unknown key (known: players, hands, turn, direction, discard_pile, colour, "
                              "draw_pile, rest, seed, links, scores, colour_to_choose)",
    "unknown-card.toml": "setup.hands: unknown card 'purple 7'",
    "unknown-player.toml": "step 1: do: unknown player 'Zed' in 'Zed: draw'",
    "duplicate-names.toml": "setup.players: duplicate name 'Ava'",
    "impossible-setup.toml": "setup.hands: 3 copies of red 7, but the classic deck has only 2",
    "wild-top-no-colour.toml": "setup.colour: required: the top card (wild) is a wild card",
    "bad-move-syntax.toml": "step 1: do: unknown colour 'purple' (use red, yellow, green or blue) in "
                            "'Ava: play red 7 as purple'",
    "unknown-action.toml": "step 1: do: unknown action 'dance' (moves: play, speed play, draw, keep, call uno, catch, "
                           "accept, challenge, point at, take mini pile) in 'Ava: dance'",
    "missing-title.toml": "title: required key missing",
    "refused-two-moves.toml": "step 1: 'refused' needs a single move in 'do'",
    "reason-without-refused.toml": "step 1: 'reason' needs 'refused = true'",
    "do-and-task.toml": "step 1: a step may not have both 'do' and 'task'",
    "unknown-rule-id.toml": "step 1: teaches: unknown rule id 'SP-99' (see RULES.md)",
    "unknown-mistake-rule.toml": "step 1: mistakes[1].rule: unknown rule id 'XX-1' (see RULES.md)",
}


def test_every_bad_file_is_listed():
    assert sorted(p.name for p in (HERE / "bad").glob("*.toml")) == sorted(BAD)


@pytest.mark.parametrize("name", sorted(BAD))
def test_an_invalid_file_exits_2_with_one_line(name):
    path = rel(HERE / "bad" / name)
    r = run_main("scenario", "check", path)
    assert r.returncode == 2
    assert r.stdout == f"INVALID {path}: {BAD[name]}\n"
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_a_good_file_exits_0(path):
    assert answer(run_main("scenario", "check", rel(path))) == (0, f"ok {rel(path)}\n", "")


def test_the_command_answers_as_run_in_the_process():
    """`python -m unoparty …` answers as `run_main` (which most tests here use): invalid,
    good and failing files, a walk-through, the lessons' coverage."""
    fail = HERE / "fail" / "wrong-reason.toml"
    for args in (("scenario", "check", rel(HERE / "bad" / "unknown-card.toml"), rel(GOOD[0]), rel(fail)),
                 ("scenario", "show", rel(GOOD[0])), ("lessons", "coverage")):
        assert answer(run_cli(*args)) == answer(run_main(*args)), args


def _refusal(setup_path: Path, move_text: str):
    """What the engine says refusing `move_text` at the start of the file's table."""
    game = load_scenario(setup_path).new_game()
    return game.why_illegal(game.parse_move(move_text))


def _bare(refusal) -> str:
    text = " ".join(explain(refusal).split())
    return text[: -len(f"({refusal.rule})")].rstrip() if text.endswith(f"({refusal.rule})") else text


def test_a_refused_move_that_is_not_expected_fails():
    path = HERE / "fail" / "refused-not-expected.toml"
    refusal = _refusal(path, "Cal: play green 2")
    assert refusal is not None and refusal.rule == "T-0"
    r = run_main("scenario", "check", rel(path))
    assert r.returncode == 1
    assert r.stdout == (f"FAIL {rel(path)} step 1: refused: expected false, found true: "
                        f"'Cal: play green 2' is refused by T-0: {_bare(refusal)}\n")


def test_a_wrong_reason_fails():
    path = HERE / "fail" / "wrong-reason.toml"
    refusal = _refusal(path, "Ben: play blue 7")
    r = run_main("scenario", "check", rel(path))
    assert r.returncode == 1
    assert r.stdout == f"FAIL {rel(path)} step 1: reason: expected T-1, found {refusal.rule} ({_bare(refusal)})\n"


def test_an_allowed_move_when_a_refusal_is_expected_fails():
    path = HERE / "fail" / "allowed-but-refusal-expected.toml"
    assert _refusal(path, "Ava: play red 7") is None
    r = run_main("scenario", "check", rel(path))
    assert (r.returncode, r.stdout) == (
        1, f"FAIL {rel(path)} step 1: refused: expected true, found false: 'Ava: play red 7' is allowed\n")


def test_a_wrong_expectation_fails_with_expected_and_found():
    path = HERE / "fail" / "wrong-turn.toml"
    game = load_scenario(path).new_game()
    game.apply_text("Ava: play red 7")
    found = game.names[game.current]
    assert found != "Cal"
    r = run_main("scenario", "check", rel(path))
    assert (r.returncode, r.stdout) == (1, f"FAIL {rel(path)} step 1: turn: expected Cal, found {found}\n")


def test_several_files_worst_status_wins():
    good, fail, bad = GOOD[0], HERE / "fail" / "wrong-turn.toml", HERE / "bad" / "unknown-card.toml"
    r = run_main("scenario", "check", rel(good), rel(fail))
    assert r.returncode == 1
    assert r.stdout.splitlines()[0] == f"ok {rel(good)}"
    assert r.stdout.splitlines()[1].startswith(f"FAIL {rel(fail)} step 1: ")
    r = run_main("scenario", "check", rel(bad), rel(good), rel(fail))
    assert r.returncode == 2 and len(r.stdout.splitlines()) == 3
    r = run_main("scenario", "check", *(rel(p) for p in GOOD))
    assert r.returncode == 0 and r.stdout.splitlines() == [f"ok {rel(p)}" for p in GOOD]


def test_unreadable_files_are_invalid_not_tracebacks(tmp_path):
    missing = tmp_path / "nope.toml"
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'format = 1\ntitle = "caf\xe9"\n')
    r = run_main("scenario", "check", str(tmp_path), str(missing), str(latin))
    assert r.returncode == 2
    assert r.stdout.splitlines() == [
        f"INVALID {tmp_path}: file: is a directory, not a scenario file",
        f"INVALID {missing}: file: no such file",
        f"INVALID {latin}: file: is not UTF-8 text",
    ]
    assert "Traceback" not in r.stderr


def test_usage_errors_do_not_trace():
    r = run_cli("scenario", "check")
    assert r.returncode == 2 and "Traceback" not in r.stderr and "FILE" in r.stderr
    r = run_cli()
    assert r.returncode == 2 and "scenario" in r.stdout


def test_show_prints_the_walk_through():
    path = HERE / "good" / "speed-play-example.toml"
    scenario = load_scenario(path)
    r = run_main("scenario", "show", rel(path))
    assert r.returncode == 0, r.stdout + r.stderr
    out = r.stdout
    assert out.startswith(scenario.title + "\n")
    for name, cards in zip(scenario.setup.players, scenario.setup.hands):
        assert any(line.strip().startswith(name) and str(cards[0]) in line for line in out.splitlines())
    for step in scenario.steps:
        assert f"Step {step.number}" in out
        for text in step.do + step.answers[:1]:
            assert f"> {text}" in out
    assert scenario.steps[1].task in out and scenario.steps[1].hint in out
    assert "Ava plays the red 7. (T-1)" in out  # narrated events
    assert "Refused:" in out and "(SP-4)" in out  # the expected refusal, with its rule


def test_show_hides_other_players_draws_unless_all(tmp_path):
    path = HERE / "good" / "names-and-links.toml"
    mine = run_main("scenario", "show", rel(path)).stdout
    everything = run_main("scenario", "show", "--all", rel(path)).stdout
    assert "Mary Ann draws 1 card." in mine
    assert "Mary Ann draws the green 1." in everything


def test_show_of_an_invalid_file():
    path = rel(HERE / "bad" / "unknown-card.toml")
    r = run_main("scenario", "show", path)
    assert (r.returncode, r.stdout) == (2, f"INVALID {path}: {BAD['unknown-card.toml']}\n")


# --- loading: the data -----------------------------------------------------------------------

def test_load_gives_frozen_typed_data():
    s = load_scenario(HERE / "good" / "speed-play-example.toml")
    assert (s.id, s.lesson, s.rules.rule_set) == ("speed-play-red-seven", "speed-play", "party")
    assert s.setup.players == ("You", "Ava", "Ben", "Cal", "Dee", "Eli")
    assert s.setup.hand("Cal") == (C("green 2"), C("wild"))
    assert s.setup.discard_pile == (C("blue 5"), C("red 3")) and s.setup.colour is Colour.RED
    assert (s.setup.seed, s.setup.rest, s.setup.direction) == (7, "shuffled", 1)
    assert [st.number for st in s.steps] == [1, 2, 3]
    assert s.steps[0].moves == (Play(1, C("red 7")),)
    assert s.steps[1].is_task and s.steps[1].answer_moves == (SpeedPlay(0, C("red 7"), call_uno=True),)
    assert s.steps[2].expects_refusal and s.steps[2].expect["reason"] == "SP-4"
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.id = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        s.steps[0].expect["turn"] = "Ava"  # type: ignore[index]


def test_new_game_is_the_setup_and_is_deterministic():
    s = load_scenario(HERE / "good" / "speed-play-example.toml")
    a, b = s.new_game(), s.new_game()
    assert a.names == s.setup.players
    assert a.draw_pile == b.draw_pile
    assert a.draw_pile[:2] == s.setup.draw_pile  # top first
    assert a.top_card == C("red 3") and a.colour is Colour.RED
    assert a.hands[2] == (C("blue 7"),)
    assert len(a.draw_pile) + sum(map(len, a.hands)) + len(a.discard_pile) == 224  # the rest is shuffled in
    none = load_scenario(HERE / "good" / "names-and-links.toml").new_game()
    assert none.draw_pile == tuple(C(t) for t in ("green 1", "green 2", "yellow 5", "yellow 6"))


BASE = '''format = 1
id = "base"
title = "Base"
{top}
[setup]
players = ["Ava", "Ben", "Cal"]
turn = "Ava"
discard_pile = ["red 3"]
{setup}
[setup.hands]
Ava = ["red 7", "green 4"]
Ben = ["blue 7"]
Cal = ["green 2", "wild"]
{steps}
'''


def load_text(top: str = "", setup: str = "", steps: str = ""):
    text = BASE.format(top=top, setup=setup, steps=steps)
    if top.startswith("format"):  # replaces the base's format line
        text = text.replace("format = 1\n", "", 1)
    return loads_scenario(text, "t.toml")


@pytest.mark.parametrize("top, setup, steps, where, what", [
    ('format = 2', "", "", "format", "must be 1 (this version reads format 1), not 2"),
    ('tittle = "x"', "", "", "tittle", "unknown key (known: format, id, title, lesson, rules, options, setup, steps, learner, reshuffles)"),
    ('rules = "house"', "", "", "rules", "must be 'party' or 'classic', not 'house'"),
    ('options = { stackin = true }', "", "", "options.stackin",
     "unknown option (known: stacking, seven_o, jump_in, doubles, target_score)"),
    ('options = { stacking = "yes" }', "", "", "options.stacking", "must be true or false, not text"),
    ("", 'seed = "seven"', "", "setup.seed", "must be a whole number, not text"),
    ("", 'direction = "left"', "", "setup.direction", "must be 'clockwise' or 'counterclockwise', not 'left'"),
    ("", 'colour = "blue"', "", "setup.colour",
     "blue does not match the top card (red 3); give a colour only when it is the top card's or the top card is wild"),
    ("", 'links = ["Ava"]', "", "setup.links", "must be [] or two players, not 1"),
    ("", 'links = ["Ava", "Zed"]', "", "setup.links", "unknown player 'Zed'"),
    ("", 'scores = { Zed = 3 }', "", "setup.scores", "unknown player 'Zed'"),
    ("", 'rest = "some"', "", "setup.rest", "must be 'shuffled' or 'none', not 'some'"),
    ('rules = "classic"', 'draw_pile = ["red point taken"]', "", "setup.draw_pile", "the classic deck has no red point taken"),
    ("", "", '[[steps]]\ntask = "Go"\n', "step 1", "'task' needs 'answer' (the accepted move or moves)"),
    ("", "", '[[steps]]\nhint = "Go"\n', "step 1", "'hint' needs 'task'"),
    ("", "", '[[steps]]\ndo = []\n', "step 1", "do: needs at least one move"),
    ("", "", '[[steps]]\ndo = "Ava: play red 7"\nexpect = { phase = "turns" }\n', "step 1",
     "expect.phase: unknown phase 'turns' (phases: turn, drawn, challenge, pointing, mini pile, round over, match over)"),
    ("", "", '[[steps]]\nexpect = { hand = { Ava = ["red 77"] } }\n', "step 1", "expect.hand.Ava: unknown card 'red 77'"),
    ("", "", '[[steps]]\nexpect = { turn = "Zed" }\n', "step 1", "expect.turn: unknown player 'Zed'"),
    ("", "", '[[steps]]\nexpect = { reason = "T-99", refused = true }\n', "step 1",
     "expect.reason: unknown rule id 'T-99' (see RULES.md)"),
    ("", "", '[[steps]]\ntask = "Go"\nanswer = "Ava: play red 7"\nmistakes = [ { answer = "Ava: play red 7", say = "no" } ]\n',
     "step 1", "mistakes[1]: 'Ava: play red 7' is also an accepted answer"),
    ("", "", '[[steps]]\ntask = "Go"\nanswer = "Ava: play red 7"\nmistakes = [ { answer = "Ava: draw", sya = "no" } ]\n',
     "step 1", "mistakes[1]: unknown key 'sya' (known: answer, say, rule)"),
    ("", "", '[[steps]]\ntask = "Go"\nanswer = "Ava: play red 7"\nmistakes = [ { answer = ["Ava: draw"], say = "x" } ]\n',
     "step 1", "mistakes[1].answer: must be a move (text), not a list"),
    ("", "", '[[steps]]\ndo = "Ava: play red 7"\nexpect = { refused = true }\n[[steps]]\nsay = 3\n',
     "step 2", "say: must be text, not a number"),
])
def test_validation(top, setup, steps, where, what):
    with pytest.raises(ScenarioError) as info:
        load_text(top, setup, steps)
    assert (info.value.file, info.value.where, info.value.what) == ("t.toml", where, what)


def test_player_counts_follow_the_rule_set():
    names = ", ".join(f'"P{i}"' for i in range(11))
    hands = "\n".join(f'P{i} = ["red {i % 10}"]' for i in range(11))
    doc = f'format = 1\nid = "x"\ntitle = "x"\nrules = "classic"\n[setup]\nplayers = [{names}]\nturn = "P0"\n' \
          f'discard_pile = ["blue 3"]\n[setup.hands]\n{hands}\n'
    with pytest.raises(ScenarioError) as info:
        loads_scenario(doc, "t.toml")
    assert (info.value.where, info.value.what) == ("setup.players", "classic needs 2 to 10 players, not 11")
    assert len(loads_scenario(doc.replace('rules = "classic"', ""), "t.toml").setup.players) == 11


def test_a_setup_error_of_the_engine_is_invalid(monkeypatch):
    def refuse(*args, **kwargs):
        raise SetupError("draw_pile", "the engine says no")

    monkeypatch.setattr(Game, "from_setup", classmethod(lambda cls, *a, **k: refuse()))
    with pytest.raises(ScenarioError) as info:
        load_text()
    assert (info.value.where, info.value.what) == ("setup.draw_pile", "the engine says no")


def test_one_card_at_setup_counts_as_called():
    game = load_text().new_game()
    assert game.uno_called[1] is True and game.uno_called[0] is False


# --- checking --------------------------------------------------------------------------------

def test_turn_at_round_over_fails_with_any_value(tmp_path):
    src = (HERE / "good" / "round-and-match.toml").read_text()
    for name in ("You", "Ava"):
        p = tmp_path / f"{name}.toml"
        p.write_text(src.replace('phase = "match over"', f'turn = "{name}"'))
        result = check_file(p)
        assert result.status == "fail" and result.exit_code == 1
        assert result.line == f"FAIL {p} step 1: turn: expected {name}, found nobody (match over)"


def test_lists_compare_as_the_format_says(tmp_path):
    src = (HERE / "good" / "names-and-links.toml").read_text()
    # hands and links are multisets: another order passes
    p = tmp_path / "order.toml"
    p.write_text(src.replace('hand = { You = ["blue 9", "red 5"] }', 'hand = { You = ["red 5", "blue 9"] }')
                 .replace('links = ["Ben and Jerry", "Mary Ann"]', 'links = ["Mary Ann", "Ben and Jerry"]'))
    assert check_file(p).status == "ok"
    # but not other cards
    p.write_text(src.replace('hand = { You = ["blue 9", "red 5"] }', 'hand = { You = ["blue 9", "red 6"] }'))
    assert check_file(p).line == f"FAIL {p} step 2: hand.You: expected [blue 9, red 6], found [red 5, blue 9]"
    p.write_text(src.replace('"Ben and Jerry" = 3', '"Ben and Jerry" = 4'))
    assert check_file(p).line == f"FAIL {p} step 3: hand.Ben and Jerry: expected 4 cards, found 3 cards"


def test_a_mistake_rule_is_checked_against_the_engine(tmp_path):
    src = (HERE / "good" / "names-and-links.toml").read_text()
    p = tmp_path / "m.toml"
    p.write_text(src.replace('rule = "T-1" }', 'rule = "W-2" }'))
    game = load_scenario(p).new_game()
    found = game.why_illegal(game.parse_move("You: play blue 9")).rule
    assert check_file(p).line == f"FAIL {p} step 2: mistakes[1].rule: expected W-2, found {found} (for 'You: play blue 9')"


def test_every_accepted_answer_must_be_allowed(tmp_path):
    src = (HERE / "good" / "names-and-links.toml").read_text()
    p = tmp_path / "a.toml"
    p.write_text(src.replace('"You: play wild drawn together as blue linking Ben and Jerry and Mary Ann",',
                             '"Mary Ann: draw",'))
    game = load_scenario(p).new_game()
    refusal = game.why_illegal(game.parse_move("Mary Ann: draw"))
    assert check_file(p).line == (f"FAIL {p} step 2: answer: expected 'Mary Ann: draw' to be allowed, found "
                                  f"'Mary Ann: draw' is refused by {refusal.rule}: {_bare(refusal)}")


def test_mini_pile_in_order(tmp_path):
    doc = '''format = 1
id = "pile"
title = "Pile up"
[setup]
players = ["You", "Ava", "Ben"]
turn = "You"
discard_pile = ["red 3"]
draw_pile = ["wild", "blue 4", "green 1", "green 2"]
rest = "none"
[setup.hands]
You = ["wild pile up", "red 1"]
Ava = ["blue 7", "blue 8"]
Ben = ["yellow 2", "green 6"]
[[steps]]
do = ["You: play wild pile up", "Ava: play blue 7"]
expect = { phase = "mini pile", mini_pile = ["blue 4", "blue 7"], colour = "blue", turn = "Ben" }
'''
    p = tmp_path / "pile.toml"
    p.write_text(doc)
    assert check_file(p).line == f"ok {p}"
    p.write_text(doc.replace('["blue 4", "blue 7"]', '["blue 7", "blue 4"]'))
    assert check_file(p).line == f"FAIL {p} step 1: mini_pile: expected [blue 7, blue 4], found [blue 4, blue 7]"
    p.write_text(doc.replace('["blue 4", "blue 7"]', "3"))
    assert check_file(p).line == f"FAIL {p} step 1: mini_pile: expected 3 cards, found 2 cards"


# --- the runner (the app's scenario player) --------------------------------------------------

def test_runner_steps_and_answers():
    s = load_scenario(HERE / "good" / "speed-play-example.toml")
    r = Runner(s)
    assert r.position == 0 and r.next_step is s.steps[0] and not r.waiting_for_answer
    first = r.step_forward()
    assert first.failure is None and first.moves == ("Ava: play red 7",)
    assert "Ava plays the red 7. (T-1)" in first.sentences
    assert r.waiting_for_answer and r.hint() == s.steps[1].hint

    wrong = r.answer("play blue 2")  # no "You:": the learner's own move
    assert not wrong.right and wrong.move == Play(0, C("blue 2"))
    assert wrong.rule is not None and wrong.rule in wrong.explanation
    assert wrong.message == s.steps[1].hint and r.position == 1  # nothing applied

    mistake = r.answer("You: speed play blue 2")
    assert not mistake.right and mistake.rule == "SP-4" and r.game.hands[0] == (C("red 7"), C("blue 2"))
    assert any("mistake" in c for c in mistake.consequences)

    nonsense = r.answer("You: play purple 2")
    assert not nonsense.right and nonsense.move is None and "unknown card 'purple 2'" in nonsense.explanation

    right = r.answer("You: speed play red 7 and call uno")
    assert right.right and right.message == s.steps[1].say and right.result.failure is None
    assert r.position == 2 and len(r.game.hands[0]) == 1

    third = r.step_forward()
    assert third.refusal is not None and third.refusal.rule == "SP-4" and third.failure is None
    assert r.done and r.next_step is None
    with pytest.raises(IndexError):
        r.step_forward()


def test_runner_mistake_replies_and_going_back():
    s = load_scenario(HERE / "good" / "names-and-links.toml")
    r = Runner(s)
    r.step_forward()
    reply = r.answer("You: play wild drawn together as blue")
    assert not reply.right and reply.message == s.steps[1].mistakes[1].say and reply.rule == "LK-1"
    assert r.answer(s.steps[1].answers[1]).right  # any accepted answer
    r.step_forward()
    after3 = r.game.hands
    r.step_back()
    assert r.position == 2 and r.game.hands != after3
    assert r.state_after(3).hands == after3 and r.position == 2
    r.go_to(0)
    assert r.game.hands == s.new_game().hands
    with pytest.raises(ValueError):
        r.answer("You: draw")  # step 1 is not a task
    results = r.run_to_end()
    assert all(res.failure is None for res in results)


def test_walkthrough_reports_failures(tmp_path):
    s = load_scenario(HERE / "fail" / "wrong-turn.toml")
    text, ok = walkthrough(s)
    assert not ok and "turn: expected Cal" in text


# --- lessons and coverage --------------------------------------------------------------------

def test_lessons_coverage_lists_every_rule():
    r = run_main("lessons", "coverage")
    lines = r.stdout.splitlines()
    ids = [line.split()[0] for line in lines[: len(RULES)]]
    assert ids == list(RULES)
    curriculum = load_curriculum()
    table = coverage(curriculum.lessons)
    for line in lines[: len(RULES)]:
        rid, rest = line.split(None, 1)
        assert rest == (", ".join(table[rid]) or "-")
    for lesson in curriculum.lessons:
        if lesson.scenario is not None:
            for rid in lesson.scenario.teaches:
                assert lesson.scenario.id in table[rid]


def test_lessons_lists_a_curriculum(tmp_path):
    for name in ("names-and-links.toml", "round-and-match.toml"):
        (tmp_path / name).write_text((HERE / "good" / name).read_text())
    (tmp_path / "curriculum.toml").write_text(
        'format = 1\n[[groups]]\nid = "b"\ntitle = "Second things"\nlessons = ["round-and-match"]\n'
        '[[groups]]\nid = "a"\ntitle = "First things"\nlessons = ["names-and-links"]\n')
    r = run_main("lessons", "--curriculum", str(tmp_path / "curriculum.toml"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "1. Second things",
        f"   {tmp_path / 'round-and-match.toml'}  The last card wins the round and the match",
        "2. First things",
        f"   {tmp_path / 'names-and-links.toml'}  Linked players with long names",
    ]
    r = run_main("lessons", "coverage", "--curriculum", str(tmp_path / "curriculum.toml"))
    assert "LK-1  names-and-links" in r.stdout.splitlines()
    assert "R-4   round-and-match" in r.stdout.splitlines()
    r = run_main("lessons", "check", "--curriculum", str(tmp_path / "curriculum.toml"))
    assert (r.returncode, r.stdout) == (0, f"ok {tmp_path / 'round-and-match.toml'}\nok {tmp_path / 'names-and-links.toml'}\n")
    (tmp_path / "names-and-links.toml").write_text("format = 1\n")
    r = run_main("lessons", "check", "--curriculum", str(tmp_path / "curriculum.toml"))
    assert r.returncode == 2 and r.stdout.splitlines()[1] == f"INVALID {tmp_path / 'names-and-links.toml'}: id: required key missing"


def test_a_class_curriculum_mixes_its_own_lessons_and_the_apps(tmp_path):
    from unoparty.scenarios.curriculum import LESSONS_DIR
    (tmp_path / "names-and-links.toml").write_text((HERE / "good" / "names-and-links.toml").read_text())
    (tmp_path / "my-class.toml").write_text('lessons = ["names-and-links", "matching", "no-such-lesson"]\n')
    r = run_main("lessons", "check", "--curriculum", str(tmp_path / "my-class.toml"))
    lines = r.stdout.splitlines()
    assert lines[0] == f"ok {tmp_path / 'names-and-links.toml'}"
    assert lines[1].startswith("ok ") and (LESSONS_DIR / "matching.toml").samefile(lines[1][3:])
    # a name found nowhere is still reported against the curriculum's own folder
    assert r.returncode == 2 and str(tmp_path / "no-such-lesson.toml") in lines[2]


def test_a_curriculum_is_not_a_scenario(tmp_path):
    path = str(tmp_path / "curriculum.toml")
    Path(path).write_text('format = 1\n[[groups]]\nid = "a"\ntitle = "A"\nlessons = ["x"]\n')
    r = run_main("scenario", "check", path)
    assert (r.returncode, r.stdout) == (
        2, f"INVALID {path}: groups: this is a curriculum, not a scenario (check its lessons with "
           "'unoparty lessons check')\n")


# ---- learner, reshuffles and the rule of a mistake (SCENARIO_FORMAT.md, issue 9) -------------

_BASE = '''
format = 1
id = "t"
title = "T"
{top}
[setup]
players = ["Ava", "Ben"]
hands = {{ Ava = ["blue 1", "blue 2"], Ben = ["green 1"] }}
turn = "Ava"
discard_pile = ["red 3", "red 4", "red 5"]
rest = "none"
{steps}
'''


def _load(top: str = "", steps: str = ""):  # noqa: D103
    from unoparty.scenarios import loads_scenario
    return loads_scenario(_BASE.format(top=top, steps=steps))


def test_learner_defaults_to_you_or_nobody_and_must_be_a_player():
    from unoparty.errors import ScenarioError
    assert _load().learner is None
    assert _load('learner = "Ben"').learner == "Ben"
    with pytest.raises(ScenarioError, match="learner"):
        _load('learner = "Zed"')


def test_reshuffles_give_the_draw_pile_and_are_checked():
    from unoparty.errors import ScenarioError
    from unoparty.scenarios.check import check_scenario
    steps = '[[steps]]\ndo = "Ava: draw"\nexpect = { hand = { Ava = ["blue 1", "blue 2", "red 4"] }, draw_pile = 1 }\n'
    s = _load('reshuffles = [["red 4", "red 3"]]', steps)
    assert s.reshuffles == ((C("red 4"), C("red 3")),)
    assert check_scenario(s) is None
    failure = check_scenario(_load('reshuffles = [["red 4", "red 9"]]', steps))
    assert failure is not None and failure.step == 1 and failure.key == "reshuffles"
    with pytest.raises(ScenarioError, match="reshuffles"):
        _load('reshuffles = "red 4"')


def test_the_rule_of_a_mistake_is_checked_against_the_engine():
    from unoparty.scenarios.check import check_scenario
    task = ('[[steps]]\ntask = "Play?"\nanswer = "Ava: draw"\n'
            'mistakes = [{{ answer = "Ava: play blue 1", say = "No.", rule = "{rule}" }}]\n')
    assert check_scenario(_load(steps=task.format(rule="T-1"))) is None
    failure = check_scenario(_load(steps=task.format(rule="W-1")))
    assert failure is not None and failure.key == "mistakes[1].rule" and "T-1" in failure.found
    # a mistake the engine allows cannot name a rule
    from unoparty.scenarios import loads_scenario
    allowed = ('[[steps]]\ntask = "Play?"\nanswer = "Ava: play red 1"\n'
               'mistakes = [{ answer = "Ava: draw", say = "Better play.", rule = "T-3" }]\n')
    text = _BASE.format(top="", steps=allowed).replace('"blue 1", "blue 2"', '"blue 1", "red 1"')
    failure = check_scenario(loads_scenario(text))
    assert failure is not None and failure.key == "mistakes[1].rule" and "allows" in failure.found


@pytest.mark.parametrize("text, where, detail", [
    ('format = 1\ntitle = "oops\n', "line 2", "(Illegal character '\\n')"),
    ("format = 1\nid = ", "line 2", "(Invalid value)"),
])
def test_a_toml_syntax_error_is_told_in_our_translated_words(monkeypatch, text, where, detail):
    """A teacher's file with a TOML mistake: the sentence goes through the catalogue (so it
    follows the app's language); tomllib's English detail is a quoted part inside our own
    sentence (issue 21), and the whole error is one catalogue sentence."""
    from unoparty import i18n

    class Marking:  # marks every message translated: ⟨…⟩
        def gettext(self, message):
            return f"⟨{message}⟩"

    monkeypatch.setattr(i18n, "_translation", Marking())
    with pytest.raises(ScenarioError) as info:
        loads_scenario(text, "t.toml")
    what = info.value.what
    assert info.value.where == where and what.startswith("⟨not valid TOML") and what.endswith("⟩")
    assert detail.strip("()") in what and what.count("⟩") == 1  # tomllib's words only inside our sentence
    # the file, the line and what is wrong: one catalogue sentence around it
    assert str(info.value) == f"⟨t.toml: {where}: {what}⟩"


def test_a_table_is_checked_once_by_the_engine(monkeypatch):
    """The loader reads the values' types; what a table may be is checked in one place,
    ``Game.from_setup``, called once per file loaded (issue 10)."""
    calls = []
    real = Game.from_setup.__func__

    def counting(cls, *args, **kwargs):
        calls.append(args)
        return real(cls, *args, **kwargs)

    monkeypatch.setattr(Game, "from_setup", classmethod(counting))
    load_text()
    assert len(calls) == 1


@pytest.mark.parametrize("setup, where, what", [
    ('links = ["Ava", "Ava"]', "setup.links", "must be two different players, not 'Ava' twice"),
    ("scores = { Ava = -2 }", "setup.scores", "'Ava': a score cannot be negative (-2)"),
    ('draw_pile = ["red 7", "red 7", "red 7", "red 7"]', "setup.draw_pile", "5 copies of red 7, but the party deck has only 4"),
])
def test_the_engine_words_a_bad_table(setup, where, what):
    with pytest.raises(ScenarioError) as info:
        load_text(setup=setup)
    assert (info.value.where, info.value.what) == (where, what)


def test_the_api_and_the_file_get_the_same_words_for_a_bad_table():
    with pytest.raises(SetupError) as direct:
        Game.from_setup(["Ava", "Ben", "Cal"], {"Ava": [C("red 7"), C("green 4")], "Ben": [C("blue 7")],
                                                "Cal": [C("green 2"), C("wild")]}, "Ava", [C("red 3")], [C("red 7")] * 4)
    assert (direct.value.key, direct.value.what) == ("draw_pile", "5 copies of red 7, but the party deck has only 4")
    with pytest.raises(ScenarioError) as info:
        load_text(setup='draw_pile = ["red 7", "red 7", "red 7", "red 7"]')
    assert (info.value.where, info.value.what) == ("setup.draw_pile", direct.value.what)


def test_the_runner_goes_on_from_the_learners_own_accepted_answer():
    """Issue 19: another accepted answer is kept (``chosen``) and replayed on every go_to, so
    the table and the events are the learner's; one the later steps cannot go on from is not
    made (``needs`` names the first answer)."""
    from pathlib import Path

    from unoparty.engine.events import EventKind
    from unoparty.scenarios.loader import load_scenario
    from unoparty.scenarios.runner import Runner
    lessons = Path(__file__).resolve().parents[1] / "unoparty" / "lessons"
    runner = Runner(load_scenario(lessons / "point-taken.toml"))
    while not runner.waiting_for_answer or "choose any other player" not in runner.next_step.task:
        runner.step_forward()
    task = runner.position
    reply = runner.answer("You: point at Ben")
    assert reply.right and reply.needs is None and task in runner.chosen
    runner.go_to(len(runner.steps))
    pointing = [e for r in runner.results for e in r.events if e.kind is EventKind.POINTING_RESULT][-1]
    you = runner.scenario.names.index("You")
    assert dict(zip(pointing.players, pointing.targets))[you] == runner.scenario.names.index("Ben")
    wd4 = Runner(load_scenario(lessons / "wild-draw-four.toml"))
    while not wd4.waiting_for_answer:
        wd4.step_forward()
    at = wd4.position
    reply = wd4.answer("You: play wild draw four as green")
    assert not reply.right and reply.needs == wd4.next_step.answer_moves[0] and wd4.position == at
    assert reply.consequences and not wd4.chosen
    assert wd4.answer("You: play wild draw four as blue").right
