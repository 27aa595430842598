"""The translation catalogue (DESIGN.md "Language"): English first, French shipped; the
language is a setting, and narration, explanations and lesson texts follow it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from unoparty import extract, i18n
from unoparty.cards import Card
from unoparty.engine import Event, EventKind
from unoparty.errors import IllegalMove
from unoparty.game import Game
from unoparty.narrate import narrate
from unoparty.refusal_words import explain

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "unoparty" / "locale" / "fr" / "LC_MESSAGES" / "unoparty.po"
MO = PO.with_suffix(".mo")


@pytest.fixture
def french():
    if not MO.exists():  # make test compiles the catalogues first; compile here when run alone
        subprocess.run([sys.executable, "-m", "babel.messages.frontend", "compile", "-d",
                        str(ROOT / "unoparty" / "locale"), "-D", "unoparty"], check=True, capture_output=True)
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_english_is_the_default() -> None:
    assert i18n.language() == "en"
    assert i18n.card_name(Card.parse("red 7")) == "red 7"
    assert i18n.the_card(Card.parse("wild draw four")) == "the wild draw four"


def test_unknown_language_falls_back_to_english() -> None:
    i18n.set_language("xx")
    try:
        assert i18n._("Your hand") == "Your hand"
    finally:
        i18n.set_language("en")


def test_narration_follows_the_language(french) -> None:
    event = Event(EventKind.PLAYED, "T-1", player=0, cards=(Card.parse("red 7"),))
    text = narrate(event, ("Ava", "Ben"))
    assert "Ava" in text and "(T-1)" in text
    assert "7 rouge" in text and "plays" not in text


def test_refusals_follow_the_language(french) -> None:
    g = Game.from_setup(["Ava", "Ben"], {"Ava": [Card.parse("red 7")], "Ben": [Card.parse("blue 1")]},
                        "Ava", [Card.parse("blue 3")], [Card.parse("green 1")], rest="none")
    with pytest.raises(IllegalMove) as err:
        g.apply_text("Ava: play red 7")
    assert err.value.rule == "T-1"
    assert "7 rouge" in explain(err.value.refusal) and "You can't" not in explain(err.value.refusal)
    assert explain(err.value.refusal).endswith("(T-1)")


def test_lesson_texts_follow_the_language(french) -> None:
    from unoparty.scenarios import load_scenario
    lesson = load_scenario(str(ROOT / "unoparty" / "lessons" / "wild-pile-up.toml"))
    assert lesson.title != "Wild Pile Up: the yellow 3 mini pile"
    assert "mini" in lesson.title.lower()
    i18n.set_language("en")
    assert load_scenario(str(ROOT / "unoparty" / "lessons" / "wild-pile-up.toml")).title == \
        "Wild Pile Up: the yellow 3 mini pile"


def test_lesson_extractor_yields_every_text() -> None:
    """The Babel extractor finds titles, narration, tasks, hints, feedback and mistakes."""
    path = ROOT / "unoparty" / "lessons" / "wild-pile-up.toml"
    with open(path, "rb") as f:
        found = [m for _, _, m, _ in extract.extract_lessons(f, (), (), {})]
    assert "Wild Pile Up: the yellow 3 mini pile" in found
    assert "The mini pile is yellow." in found
    assert any(m.startswith("Only a yellow card or a wild card") for m in found)


def test_the_app_switches_language(french, tmp_path, monkeypatch) -> None:
    """The language is a setting of the app: the dropdown rebuilds every page in French."""
    monkeypatch.setenv("UNOPARTY_PROGRESS", str(tmp_path / "progress.json"))
    i18n.set_language("en")
    from unoparty.views.app import App, lesson_catalogue
    app = App()
    english_header = app.header.value
    assert app.nav_buttons["rules"].description == "Rules"
    english_titles = [b.description for b in app.lesson_buttons.values()]
    app.language.value = "fr"
    assert i18n.language() == "fr"
    assert app.nav_buttons["rules"].description != "Rules"
    assert app.header.value != english_header
    french_titles = [b.description for b in app.lesson_buttons.values()]
    assert len(french_titles) == len(english_titles) and french_titles != english_titles
    lesson = app.open_lesson(lesson_catalogue()[0])
    app.language.value = "en"
    assert app.page == "lesson" and app.lesson is not lesson
    assert app.nav_buttons["rules"].description == "Rules"
    assert app.errors.errors == []


def test_every_learner_string_has_a_french_translation(tmp_path) -> None:
    """Every string marked for the catalogue (code, f-strings, lessons, plain-words rules), as
    extracted now, is translated in the French catalogue — none missing, none fuzzy. A new
    string fails this until `make messages` and a translation are done."""
    import os

    from babel.messages.pofile import read_po

    pot = tmp_path / "now.pot"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", str(ROOT / "babel.cfg"),
                    "--no-default-keywords", "-k", "_", "-k", "N_", "-k", "ngettext:1,2", "-o", str(pot), "."],
                   cwd=ROOT, env=env, check=True, capture_output=True)
    with open(pot, "rb") as f:
        wanted = [m.id for m in read_po(f) if m.id]
    with open(PO, "rb") as f:
        french = {m.id: m for m in read_po(f) if m.id}
    assert len(wanted) > 800
    missing = [mid for mid in wanted if mid not in french]
    assert not missing, f"{len(missing)} strings not in the French catalogue (run make messages): {missing[:5]}"
    untranslated = [mid for mid in wanted if not french[mid].string or french[mid].fuzzy
                    or (isinstance(french[mid].string, tuple) and not all(french[mid].string))]
    assert not untranslated, f"{len(untranslated)} strings without a French translation: {untranslated[:5]}"


# ---- the language chain, the picker, keeping your place (issue 11) ---------------------------


def test_the_language_chain(monkeypatch) -> None:
    """The learner's choice, else ?lang=, else UNOPARTY_LANG, else the browser's, else English."""
    from unoparty.views.language import choose_language
    env = {"QUERY_STRING": "x=1&lang=fr", "UNOPARTY_LANG": "en", "HTTP_ACCEPT_LANGUAGE": "en-US"}
    assert choose_language("en", env) == "en"                      # the learner's choice first
    assert choose_language(None, env) == "fr"                      # then the address
    assert choose_language(None, {**env, "QUERY_STRING": ""}) == "en"  # then UNOPARTY_LANG
    assert choose_language(None, {"UNOPARTY_LANG": "fr"}) == "fr"
    assert choose_language(None, {"HTTP_ACCEPT_LANGUAGE": "fr-BE,fr;q=0.9,en;q=0.5"}) == "fr"  # the browser
    assert choose_language(None, {"HTTP_ACCEPT_LANGUAGE": "de-DE"}) == "en"  # else English
    assert choose_language("xx", {"QUERY_STRING": "lang=zz"}) == "en"        # unknown ones skipped


def test_the_app_opens_in_the_chosen_language_and_remembers_a_choice(tmp_path, monkeypatch) -> None:
    from unoparty.views.app import App
    from unoparty.views.progress import Progress
    monkeypatch.delenv("UNOPARTY_LANG", raising=False)
    monkeypatch.setenv("QUERY_STRING", "lang=fr")
    progress = Progress(tmp_path / "p.json")
    app = App(progress=progress)
    try:
        assert i18n.language() == "fr" and app.language.value == "fr"
        assert progress.language is None          # a demo link is not the learner's choice
        assert [code for _name, code in app.language.options] == i18n.available_languages()
        app.language.value = "en"                 # the learner picks English: kept
        assert progress.language == "en" and i18n.language() == "en"
        progress.record("matching", 2)
        assert progress.language == "en" and progress.stars("matching") == 2
        assert App(progress=progress).language.value == "en"  # beats ?lang=fr next time
    finally:
        i18n.set_language("en")


def test_the_cli_lang_option_sets_the_language_for_the_command_only(monkeypatch, capsys) -> None:
    """``--lang fr``: the command speaks French and what it starts (the app's kernels) gets
    ``UNOPARTY_LANG=fr``; a process that goes on after ``main`` (a notebook, the test
    suite) is left as it was — before, the next app built in it opened in French."""
    import os

    from unoparty import cli
    monkeypatch.delenv("UNOPARTY_LANG", raising=False)
    seen = []
    real = cli.build_parser

    def watching_parser():
        parser = real()
        seen.append((os.environ.get("UNOPARTY_LANG"), i18n.language()))
        return parser

    monkeypatch.setattr(cli, "build_parser", watching_parser)
    assert cli.main(["--lang", "fr", "lessons"]) == 0
    assert seen == [("fr", "fr")]
    assert "Le but et la mise en place" in capsys.readouterr().out
    assert "UNOPARTY_LANG" not in os.environ and i18n.language() == "en"
    monkeypatch.setenv("UNOPARTY_LANG", "nb")
    assert cli.main(["--lang", "cs", "lessons"]) == 0
    assert os.environ["UNOPARTY_LANG"] == "nb" and i18n.language() == "en"


def test_switching_language_mid_lesson_keeps_the_step_and_answers(french, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("UNOPARTY_PROGRESS", str(tmp_path / "progress.json"))
    i18n.set_language("en")
    from unoparty.views.app import App, lesson_catalogue
    app = App(lang="en")
    info = next(i for i in lesson_catalogue() if i.id == "matching")
    player = app.open_lesson(info)
    while not (player.pos >= 0 and player.steps[player.pos].is_task):
        player.next_button.click()
    task = player.steps[player.pos]
    wrong = next(m for m in player.game.legal_moves(player.me) if m not in task.answer_moves) \
        if any(m not in task.answer_moves for m in player.game.legal_moves(player.me)) else None
    if wrong is not None:
        player._answer(wrong)
    player._answer(task.answer_moves[0])
    pos, answered, wrong_count = player.pos, set(player.answered), player.wrong
    english_say, english_feedback = player.say.value, player.feedback.text
    app.language.value = "fr"
    resumed = app.lesson
    assert resumed is not player and app.page == "lesson"
    assert (resumed.pos, resumed.answered, resumed.wrong) == (pos, answered, wrong_count)
    # the same texts shown, in French: the right answer's feedback (which says the narration)
    assert resumed.say.value != english_say or not english_say
    assert resumed.feedback.kind == player.feedback.kind == "good"
    assert resumed.feedback.text and resumed.feedback.text != english_feedback
    assert [str(e) for e in resumed.game.events] == [str(e) for e in player.game.events]
    assert app.errors.errors == []


def test_switching_language_mid_game_keeps_the_table(french, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("UNOPARTY_PROGRESS", str(tmp_path / "progress.json"))
    from unoparty.views.app import App
    app = App(lang="en", start="game")
    game_app = app.game
    game_app.deal(seed=7)
    game, controller = game_app.game, game_app.controller
    board = game_app.board
    playable = [i for i, box in enumerate(board.hand.slots[: len(board.hand.cards)])
                if "up-playable" in box._dom_classes]
    if playable and game.current == 0:
        board.hand.buttons[playable[0]].click()
        if board.picker.layout.display != "none" and board.colour_buttons:
            list(board.colour_buttons.values())[0].click()
    moves_before = len(game.events)
    app.language.value = "fr"
    assert app.page == "game" and app.game is not game_app
    assert app.game.game is game and app.game.controller is controller
    assert len(app.game.game.events) == moves_before
    assert app.game.game_box.layout.display != "none" and app.game.settings_box.layout.display == "none"
    assert app.game.deal_button.description != "Deal the cards"
    assert app.errors.errors == []


def test_the_command_help_follows_lang(capsys) -> None:
    """``unoparty --lang fr --help``: the command's own help texts in French."""
    from unoparty.cli import main
    try:
        assert main(["--lang", "fr", "--help"]) == 0
        out = capsys.readouterr().out
        assert "lister les leçons" in out and "list the lessons" not in out
    finally:
        import os
        os.environ.pop("UNOPARTY_LANG", None)
        i18n.set_language("en")


# ---- English that comes from code: every word a learner reads goes through the catalogue ----

class _Marking:
    """A catalogue that marks every message it translates: ``⟨clockwise⟩``. What is left
    outside the marks after the marked spans are taken out did not go through the catalogue."""

    def gettext(self, message: str) -> str:
        return f"⟨{message}⟩"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"⟨{singular if n == 1 else plural}⟩"


@pytest.fixture
def marking(monkeypatch):
    monkeypatch.setattr(i18n, "_translation", _Marking())
    yield


def _unmarked(text: str) -> str:
    import re
    while True:  # innermost marks first (a translated text may hold translated values)
        stripped = re.sub(r"⟨[^⟨⟩]*⟩", " ", text)
        if stripped == text:
            return text
        text = stripped


def test_the_walk_through_translates_directions_truths_rule_sets_and_rule_titles(marking) -> None:
    """``unoparty scenario show``: directions, true/false, the rule set's name, the taught
    rules' titles and the card counts go through the catalogue (only names, rule ids, the
    scenario's own moves and expectation keys stay as written)."""
    import re
    from unoparty.scenarios.loader import load_scenario
    from unoparty.scenarios.show import walkthrough
    lessons = sorted((ROOT / "unoparty" / "lessons").glob("*.toml"))
    seen_teaches = seen_direction = 0
    for path in lessons:
        scenario = load_scenario(path)
        text, _ok = walkthrough(scenario)
        for line in text.splitlines()[3:]:  # title, underline, id line
            if line.lstrip().startswith(">"):
                continue  # the scenario's own moves, in the scenario language
            left = _unmarked(line)
            for word in ("clockwise", "counterclockwise", "true", "false", "party", "classic", "cards in all"):
                assert not re.search(rf"\b{word}\b", left, re.I), (path.name, line)
            if "Teaches:" in line:
                seen_teaches += 1
                assert not re.sub(r"[A-Z]{1,2}-\d+|,", " ", left).strip(), (path.name, line)
            if "direction = " in line or "play goes" in line:
                seen_direction += 1
        assert "⟨UNO Party!⟩" in text or "⟨Classic UNO⟩" in text
    assert seen_teaches and seen_direction


def test_the_viewer_in_a_list_is_its_own_sentence_not_the_player_name(marking) -> None:
    """In a list ("you and Ben are passed over") and in the pointing pairs ("you at Cal"), the
    viewer is in a message of its own ("You and {players} …", "you at {target}"), never the
    name the learner's seat has ("Zed") nor the pronoun dropped into a frame that cannot agree."""
    names = ("Zed", "Ava", "Ben")
    passed = narrate(Event(EventKind.PASSED_OVER, "A-2", players=(0, 2)), names, viewer=0)
    assert passed.startswith("⟨You and {players} are passed over.⟩".replace("{players}", "Ben")) and "Zed" not in passed
    linked = narrate(Event(EventKind.LINKED, "W-5", players=(2, 0)), names, viewer=0)
    assert linked.startswith("⟨You and Ben are linked:") and "Zed" not in linked
    pointing = narrate(Event(EventKind.POINTING_RESULT, "PT-1", players=(0, 1), targets=(2, 0)), names, viewer=0)
    assert "⟨you at Ben⟩" in pointing and "⟨Ava at you⟩" in pointing and "Zed" not in pointing


def test_the_viewer_is_still_named_you_alone_in_english() -> None:
    names = ("You", "Ava", "Ben")
    assert narrate(Event(EventKind.PASSED_OVER, "A-2", players=(0, 2)), names, viewer=0).startswith(
        "You and Ben are passed over.")
    assert "you at Ben" in narrate(Event(EventKind.POINTING_RESULT, "PT-1", players=(1, 0), targets=(0, 2)),
                                   names, viewer=0)


def test_the_seat_label_is_its_own_message_not_the_pronoun() -> None:
    """"Ion (you)": the label is the message ``"(you)"``, so a language may word it apart from
    the pronoun ``"you"``."""
    assert "seat_label(" in (ROOT / "unoparty/views/board.py").read_text(encoding="utf-8")
    for rel in ("unoparty/narrate.py", "unoparty/views/table.py"):
        source = (ROOT / rel).read_text(encoding="utf-8")
        assert '_("(you)")' in source, rel
        assert '" (" + _("you")' not in source and '({esc(_("you"))})' not in source, rel


def _literal_calls(source: str):
    """(function, first literal argument) of every ``_(…)`` and ``ngettext(…)`` call."""
    import ast
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "ngettext"):
            args = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if args:
                yield node.func.id, args


def test_a_counted_noun_goes_through_ngettext_and_no_message_carries_padding() -> None:
    """``"{n} cards"`` in a ``_()`` message cannot be put in the plural a language needs
    (Czech has three forms): a count with its noun goes through ``ngettext``. A message never
    ends in spaces kept for column alignment (``ngettext('win ', 'wins', n)``): padding is
    the caller's, outside the translation."""
    import re
    counted = re.compile(r"\{n\} (cards?|points?|rounds?|bots?|wins?|lessons?|rules?)\b")
    bad = []
    for path in sorted((ROOT / "unoparty").rglob("*.py")):
        for func, args in _literal_calls(path.read_text(encoding="utf-8")):
            if func == "_" and counted.search(args[0]):
                bad.append(f"{path.name}: _({args[0]!r})")
            if any(a.strip() and a != a.rstrip(" ") and a == a.lstrip(" ") for a in args):
                bad.append(f"{path.name}: {func}({args!r}) ends in padding")
    assert bad == []


def test_a_refusal_counts_the_cards_it_names() -> None:
    """"… playing the red 7 leaves you 0 cards / 2 cards": the count has its noun, in the
    plural form the count needs."""
    from unoparty.engine.refusals import Refusal, RefusalReason
    from unoparty.refusal_words import explain
    red7 = Card.parse("red 7")
    for n, words in ((0, "leaves you 0 cards."), (2, "leaves you 2 cards.")):
        refusal = Refusal("U-1", RefusalReason.UNO_CALL_LEAVES, player=0, card=red7, count=n)
        assert words in explain(refusal, ("Ava", "Ben"))
    held = Refusal("U-1", RefusalReason.UNO_NOT_ONE_CARD, player=0, count=3)
    assert "you hold 3 cards." in explain(held, ("Ava", "Ben"))


def test_the_rules_search_finds_what_is_shown_in_the_language_shown(french) -> None:
    """The rules page's search looks in the texts shown — the plain title and text, in French
    here — with or without accents, and still in English; not in the specification's wording,
    which the page does not show."""
    import unicodedata
    from unoparty.rulebook import RULES
    from unoparty.views.rules_page import rule_matches
    rule = RULES["T-1"]
    shown = " ".join((rule.plain_title, rule.plain_text))
    english = " ".join((rule.title, rule.plain_title_en, rule.plain_text_en)).casefold()
    french_words = [w for w in shown.split() if len(w) > 5 and w.isalpha() and w.casefold() not in english]
    assert french_words
    for word in french_words[:5]:
        assert rule_matches(rule, word), word
    accented = next(w for w in shown.split() if w.isalpha() and any(ord(ch) > 127 for ch in w))
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", accented) if not unicodedata.combining(ch))
    assert rule_matches(rule, plain.upper()) and rule_matches(rule, accented)
    only_in_spec = [w for w in rule.exact_text.split() if len(w) > 5 and w.isalpha()
                    and w.casefold() not in (rule.plain_title + " " + rule.plain_text + " " + english).casefold()]
    assert only_in_spec and not rule_matches(rule, only_in_spec[0])
    assert rule_matches(rule, "T-1") and not rule_matches(rule, "zzqx")


@pytest.mark.parametrize("lang", ["en", "fr", "ro", "nb", "cs"])
def test_colour_letters_are_the_languages_own_and_tell_the_colours_apart(lang) -> None:
    """Issue 21: card corners and accessible names use each language's colour letters (a
    Norwegian child reads G as *gul*, yellow): four different letters, each the first letter
    of that language's colour name, on the card and in its label."""
    from unoparty.cards import Colour
    from unoparty.i18n import colour_initial, colour_name, set_language
    from unoparty.views.svg import card_label, card_svg
    set_language(lang)
    try:
        letters = {c: colour_initial(c) for c in Colour}
        assert len(set(letters.values())) == 4, letters
        for colour, letter in letters.items():
            assert colour_name(colour).casefold().startswith(letter.casefold()), (colour, letter)
            card = Card.parse(f"{colour} 7")
            assert f">{letter}</text>" in card_svg(card)
            assert f"({letter} " in card_label(card)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang, two_and_a_bit", [("en", "2.30"), ("fr", "2,30"), ("ro", "2,30"), ("nb", "2,30"),
                                                  ("cs", "2,30")])
def test_times_are_written_as_the_language_writes_numbers(lang, two_and_a_bit) -> None:
    """Issue 21: the drill's times went out as "2.30 s" in every language; a decimal is
    written through Babel in the learner's locale, the unit after a no-break space."""
    from unoparty.i18n import format_decimal, format_seconds, set_language
    set_language(lang)
    try:
        assert format_decimal(2.3) == two_and_a_bit
        assert format_seconds(2.3) == two_and_a_bit + "\u00a0s"
    finally:
        set_language("en")


def test_the_drill_says_its_times_in_the_learners_language(monkeypatch) -> None:
    from unoparty.i18n import set_language
    from unoparty.session.practice import DrillVerdict
    from unoparty.views.drill import SpeedDrillView
    set_language("fr")
    try:
        page = SpeedDrillView(seed=1)
        page._show(DrillVerdict("hit", 0.5, "SP-1"))
        assert "0,50\u00a0s" in page.feedback.text and "0.50" not in page.feedback.text
        page._show(DrillVerdict("late", 1.25, "SP-1"))
        assert "1,25\u00a0s" in page.feedback.text
    finally:
        set_language("en")
