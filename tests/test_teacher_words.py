"""Teacher-facing text in the teacher's language (issue 21): a scenario file's errors, the
command line's help and argparse's own words, ``scenario check``'s verdicts, ``simulate``'s
report, ``lessons`` and ``practice show``. In French and Czech (and Romanian, Norwegian for
the errors) no English sentence is left (the probe of ``tests/test_no_english.py``) nor an
English word outside the quoted parts (the file's own notation, a parser's detail); in
English (``--lang en``, ``LANG=C``) the lines scripts read are unchanged."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

import pytest

from tests.test_no_english import english_probes  # the probe: English sentence parts of the catalogue

from unoparty import i18n
from unoparty.cli import main
from unoparty.errors import ScenarioError
from unoparty.scenarios.loader import loads_scenario

ROOT = Path(__file__).resolve().parents[1]

GOOD = '''format = 1
id = "base"
title = "Base"
[setup]
players = ["Ava", "Ben", "Cal"]
turn = "Ava"
discard_pile = ["red 3"]
[setup.hands]
Ava = ["red 7", "green 4"]
Ben = ["blue 7"]
Cal = ["green 2", "wild"]
[[steps]]
do = "Ava: play red 7"
'''

BAD = {  # file text -> what the English sentence says (as scripts read it)
    "unknown card": (GOOD + 'expect = { top = "purple 12" }\n', "t.toml: step 1: expect.top: unknown card 'purple 12'"),
    "toml": ('format = 1\ntitle = "oops\n', "t.toml: line 2: not valid TOML: a mistake at line 2, column 14 (Illegal character '\\n')"),
    "type": (GOOD + "say = 3\n", "t.toml: step 1: say: must be text, not a number"),
    "move": (GOOD.replace('do = "Ava: play red 7"', 'do = "Ava play red 7"'),
             "t.toml: step 1: do: 'Ava play red 7' is not a move: write '<player>: <action>', e.g. 'Ava: play red 7' "
             "in 'Ava play red 7'"),
    "unknown key": ("colour = 3\n" + GOOD, "t.toml: colour: unknown key (known: format, id, title, lesson, rules, options, "
                                           "setup, steps, learner, reshuffles)"),
    "unknown player": (GOOD + 'expect = { turn = "Zed" }\n', "t.toml: step 1: expect.turn: unknown player 'Zed'"),
    "deck": (GOOD.replace('discard_pile = ["red 3"]', 'discard_pile = ["red 3"]\ndraw_pile = ["red 7", "red 7", "red 7", "red 7"]'),
             "t.toml: setup.draw_pile: 5 copies of red 7, but the party deck has only 4"),
    "players": (GOOD.replace('turn = "Ava"', 'turn = "Zed"'), "t.toml: setup.turn: unknown player 'Zed'"),
    "bytes": (b"\0\0", "t.toml: file: is not a text file (it holds binary data): a scenario file is TOML text"),
}

ENGLISH_WORDS = {"step", "line", "unknown", "must", "not", "missing", "file", "key", "the", "is", "expected",
                 "found", "card", "cards", "player", "invalid", "fail", "usage", "show", "help", "exit", "error",
                 "round", "rounds", "win", "wins", "per", "mean", "answer", "rule", "rules", "of", "and", "or",
                 "with", "an", "to", "be", "lesson", "lessons", "taught", "seed", "players", "plays", "kind",
                 "decision", "decisions", "thinking", "time", "drawn", "required", "following",
                 "positional", "commands", "check", "every", "expectation", "list", "print", "move"}
_QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|«[^»]*»|„[^“”]*[“”]|\[[^\]\n]*\]")
_CODE = re.compile(r"\b[a-z_]+(?:, [a-z_]+){2,}|(?:--|-)[a-z][a-z-]*|\S+\.(?:toml|md|py)\b|\{[^}]*\}|\b[A-Z]+-\d+\b|\bP\d+\b|\S*[_/]\S*|\b[A-Z]{2,}\b")


COMMAND_WORDS = {"scenario", "check", "show", "lessons", "list", "coverage", "practice", "simulate", "app"}
"""The commands' own words: typed as they are in every language."""
CARD_NAMES = {"Speed", "Play", "Plays", "Point", "Taken", "Wild", "Drawn", "Together", "Pile", "Up", "Draw", "Two",
              "Four", "Reverse", "Skip"}
"""The English card and move names the glossaries keep (docs/glossary/)."""


def english_words(text: str) -> set[str]:
    """English words of `text` outside its quoted parts, options, file names and code words."""
    bare = _CODE.sub(" ", _QUOTED.sub(" ", text))
    return {w for w in re.findall(r"[A-Za-z]+", bare) if w.lower() in ENGLISH_WORDS}


@lru_cache(maxsize=None)
def probes(lang: str) -> dict[str, str]:
    return english_probes(ROOT / "unoparty" / "locale" / lang / "LC_MESSAGES" / "unoparty.po")


def assert_no_english(text: str, lang: str, allowed: set[str] = frozenset()) -> None:
    left = sorted(p for p in probes(lang) if p in text)
    assert not left, f"English sentences in {lang}: {left[:5]}\n{text}"
    words = english_words(text) - set(allowed)
    assert not words, f"English words in {lang}: {sorted(words)}\n{text}"


@pytest.fixture(autouse=True)
def english_afterwards(monkeypatch):
    monkeypatch.delenv("UNOPARTY_LANG", raising=False)  # --lang sets it: restored (removed) afterwards
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    yield
    i18n.set_language("en")


def error_of(text) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        loads_scenario(text, "t.toml")
    return info.value


def test_the_probe_sees_english_words():
    assert english_words("t.toml: step 1: expect.top: unknown card 'purple 12'") == {"step", "unknown", "card"}
    assert english_words("t.toml, étape 1, clé expect.top : carte inconnue : 'purple 12'") == set()


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_scenario_error_is_one_unchanged_english_sentence(case):
    text, sentence = BAD[case]
    i18n.set_language("en")
    assert str(error_of(text)) == sentence


@pytest.mark.parametrize("lang", ["fr", "cs", "ro", "nb"])
@pytest.mark.parametrize("case", sorted(BAD))
def test_a_scenario_error_has_no_english_in_the_teachers_language(lang, case):
    i18n.set_language(lang)
    e = error_of(BAD[case][0])
    sentence = str(e)
    assert "t.toml" in sentence and sentence != BAD[case][1]
    assert_no_english(sentence, lang)
    assert_no_english(e.place, lang)
    assert e.where == (str(error_of(BAD[case][0]).where))  # where, as scripts read it, stays the same


def test_every_move_syntax_message_is_worded_in_the_catalogue():
    """notation.py and cards.py may not import the catalogue (the layers): each template they
    raise as Words must have its catalogue message in values.SYNTAX_MESSAGES."""
    from unoparty.scenarios.values import SYNTAX_MESSAGES
    templates = set()
    for name in ("notation.py", "cards.py", "game.py"):
        for node in ast.walk(ast.parse((ROOT / "unoparty" / name).read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "of"
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "Words"):
                templates.add(node.args[0].value)
    assert len(templates) >= 34
    assert templates - set(SYNTAX_MESSAGES) == set()
    for template, message in SYNTAX_MESSAGES.items():
        assert message() == template  # English: the same words


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "good.toml", GOOD + 'expect = { turn = "Ben" }\n')
    _write(tmp_path, "fail.toml", GOOD + 'expect = { turn = "Cal" }\n')
    _write(tmp_path, "bad.toml", BAD["unknown card"][0])
    return tmp_path


def test_scenario_check_in_english_is_unchanged_for_scripts(capsys, files):
    code, out, _ = run(capsys, "--lang", "en", "scenario", "check", "good.toml", "fail.toml", "bad.toml")
    assert code == 2
    assert out.splitlines() == ["ok good.toml", "FAIL fail.toml step 1: turn: expected Cal, found Ben",
                                "INVALID bad.toml: step 1: expect.top: unknown card 'purple 12'"]
    code, out2, _ = run(capsys, "scenario", "check", "good.toml", "fail.toml", "bad.toml")  # LANG unset: English
    assert out2 == out


@pytest.mark.parametrize("lang", ["fr", "cs"])
def test_scenario_check_verdicts_in_the_teachers_language(capsys, files, lang):
    for name, code in (("good.toml", 0), ("fail.toml", 1), ("bad.toml", 2)):
        got, out, err = run(capsys, "--lang", lang, "scenario", "check", name)
        assert got == code, (name, out, err)  # the exit codes of the README, in every language
        assert_no_english(out, lang, allowed={"ok"} if code == 0 else set())
    got, out, _ = run(capsys, "--lang", lang, "scenario", "show", "bad.toml")
    assert got == 2
    assert_no_english(out, lang)


def test_the_terminals_language_is_used_and_lang_c_gives_english(capsys, files, monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    _, out, _ = run(capsys, "scenario", "check", "bad.toml")
    assert out.startswith("NON VALIDE")
    monkeypatch.setenv("LC_ALL", "C")
    _, out, _ = run(capsys, "scenario", "check", "bad.toml")
    assert out.startswith("INVALID bad.toml: step 1:")


@pytest.mark.parametrize("lang", ["fr", "cs"])
@pytest.mark.parametrize("argv", [["--help"], ["scenario", "--help"], ["scenario", "check", "--help"],
                                  ["lessons", "--help"], ["simulate", "--help"], ["practice", "show", "--help"]])
def test_help_and_argparses_own_words_in_the_teachers_language(capsys, lang, argv):
    code, out, _ = run(capsys, "--lang", lang, *argv)
    assert code == 0
    assert "usage:" not in out and "options:" not in out and "show this help message" not in out
    assert_no_english(out, lang, allowed=COMMAND_WORDS)


@pytest.mark.parametrize("lang", ["fr", "cs"])
def test_argparse_errors_in_the_teachers_language(capsys, lang):
    code, out, err = run(capsys, "--lang", lang, "scenario", "check")
    assert code == 2 and "error:" not in err and "the following arguments" not in err
    assert_no_english(err, lang, allowed=COMMAND_WORDS)
    code, out, err = run(capsys, "--lang", lang, "lessons", "nonsense")
    assert code == 2 and "invalid choice" not in err
    assert_no_english(err, lang, allowed=COMMAND_WORDS)


@pytest.mark.parametrize("lang", ["fr", "cs"])
def test_simulates_report_in_the_teachers_language(capsys, lang):
    code, out, _ = run(capsys, "--lang", lang, "simulate", "--games", "2", "--bots", "strong,basic")
    assert code == 0
    assert_no_english(out, lang, allowed={"strong", "basic", "party"} | CARD_NAMES)
    assert re.search(r"\d,\d", out)  # decimals as the language writes them (Babel)
    code, _, err = run(capsys, "--lang", lang, "simulate", "--games", "x")
    assert code == 2
    assert_no_english(err, lang)


def test_simulates_report_in_english_is_unchanged(capsys):
    code, out, _ = run(capsys, "simulate", "--games", "2")
    assert code == 0
    assert out.startswith("2 rounds, 4 players, party rules, seed 0 (")
    assert "Win rates (95% Wilson interval):" in out and "Plays of each card kind:" in out


@pytest.mark.parametrize("lang", ["fr", "cs"])
def test_practice_show_in_the_teachers_language(capsys, lang):
    code, out, _ = run(capsys, "--lang", lang, "practice", "show", "7")
    assert code == 0
    assert_no_english(out, lang, allowed=CARD_NAMES)
    code, out, _ = run(capsys, "--lang", lang, "practice", "show", "seven")
    assert code == 2
    assert_no_english(out, lang, allowed=COMMAND_WORDS)


@pytest.mark.parametrize("lang", ["fr", "cs"])
def test_lessons_and_coverage_in_the_teachers_language(capsys, lang):
    code, out, _ = run(capsys, "--lang", lang, "lessons")
    assert code == 0
    assert_no_english(out, lang, allowed=CARD_NAMES)
    code, out, _ = run(capsys, "--lang", lang, "lessons", "coverage")
    assert code == 0
    assert_no_english(out.splitlines()[-1], lang)


def test_an_unknown_lang_is_refused_in_the_terminals_language(capsys, monkeypatch):
    code, _, err = run(capsys, "--lang", "xx", "lessons")
    assert code == 2 and err.startswith("unoparty: error: --lang 'xx': no such language here; use one of en, fr")
    monkeypatch.setenv("LANG", "cs_CZ.UTF-8")
    code, _, err = run(capsys, "--lang", "xx", "lessons")
    assert code == 2
    assert_no_english(err, "cs")
