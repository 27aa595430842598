"""Whole sentences in every language (issue 21): the learner is "you" everywhere (pickers,
refusals about them, moves echoed back, replays), card names agree, the Czech log reads in the
past tense with the bots' grammatical gender, and the learner's words presume no gender."""

from __future__ import annotations

import random
import re
import tomllib

import pytest

from unoparty import i18n
from unoparty.cards import Card, Colour
from unoparty.engine import Phase, Refusal, RefusalReason
from unoparty.engine.events import Event, EventKind
from unoparty.engine.moves import Play
from unoparty.game import Game
from unoparty.move_words import move_advice, move_past
from unoparty.narrate import narrate
from unoparty.refusal_words import ABOUT_YOU, WORDS, explain, told

C = Card.parse
LANGS = ["en", "fr", "ro", "nb", "cs"]
ENGLISH_YOU = re.compile(r"\bYou\b")


@pytest.fixture
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def _no_english_you(lang: str, text: str) -> None:
    if lang != "en":
        assert not ENGLISH_YOU.search(text), (lang, text)


# ---- 1. the learner is "you" everywhere -------------------------------------------------------

def _wdt_board(names):
    pytest.importorskip("ipywidgets")
    from unoparty.views.board import Board
    game = Game.from_setup(list(names), {names[0]: [C("wild drawn together"), C("red 1")],
                                         names[1]: [C("blue 2"), C("blue 3")], names[2]: [C("green 4"), C("green 5")]},
                           names[0], [C("red 5")], rest="none", draw_pile=[C("yellow 1"), C("yellow 2")])
    board = Board()
    board.render(game, 0)
    moves = [m for m in game.legal_moves(0) if isinstance(m, Play) and m.card == C("wild drawn together")]
    board._choose(moves)
    board.colour_buttons[Colour.RED].click()
    assert board.pick_kind == "link"
    return board


@pytest.mark.parametrize("lang", LANGS, indirect=True)
def test_the_link_picker_names_the_learner_in_the_language_shown(lang) -> None:
    board = _wdt_board(["You", "Ava", "Ben"])
    labels = [b.description for b in board.picker_buttons]
    assert labels[0] == i18n._("You") and labels[1:] == ["Ava", "Ben"]
    for label in labels:
        _no_english_you(lang, label)
    board.picker_buttons[0].click()  # the learner first: "Link yourself with…"
    assert i18n._("Link yourself with…") in board.picker_title.value
    _no_english_you(lang, board.picker_title.value)


@pytest.mark.parametrize("lang", ["fr", "cs"], indirect=True)
def test_a_learner_with_a_name_is_named_with_the_you_label(lang) -> None:
    board = _wdt_board(["Mia", "Ava", "Ben"])
    assert board.picker_buttons[0].description == "Mia " + i18n._("(you)")


@pytest.mark.parametrize("lang", LANGS, indirect=True)
def test_a_refused_catch_about_the_learner_is_said_to_the_learner(lang) -> None:
    names = ("You", "Ava")
    r = Refusal("U-3", RefusalReason.CATCH_CALLED, player=1, seat=0, is_ruling=True, names=names)
    text = told(r, names, me=0)
    assert "Ava" in text and text.endswith("(U-3)")
    _no_english_you(lang, text)
    assert text.count(i18n._("(The printed rules don't say; this app rules it so.)")) == 1
    # the learner's own refusal is the plain second-person sentence
    own = Refusal("U-3", RefusalReason.CATCH_CALLED, player=0, seat=1, names=names)
    assert told(own, names, me=0) == explain(own)


def test_every_reason_naming_another_seat_has_words_about_the_learner() -> None:
    """A reason whose `seat` can be the learner while another player's move is refused has an
    entry in ABOUT_YOU (the engine's comments: "seat" — who acts, who drew, the target)."""
    import inspect

    from unoparty.engine import refusals
    source = inspect.getsource(refusals.RefusalReason)
    with_seat = {r for r in RefusalReason if re.search(rf"\b{r.name}\b = .*#.*\bseat\b", source)}
    assert with_seat - {RefusalReason.NO_SUCH_SEAT} <= set(ABOUT_YOU)
    assert set(WORDS) == set(RefusalReason)


@pytest.mark.parametrize("lang", LANGS, indirect=True)
def test_a_move_echoed_back_calls_the_learner_yourself(lang) -> None:
    move = Play(0, C("wild drawn together"), colour=Colour.RED, link=(0, 1))
    for text in (move_advice(move, ["You", "Ava"], 0), move_past(move, ["You", "Ava"], 0)):
        assert "Ava" in text
        _no_english_you(lang, text)


def _bot_round(names, seed: int = 3) -> Game:
    from unoparty.bots import make_bot
    game = Game(list(names), seed=seed)
    bots = [make_bot("basic") for _ in names]
    rng = random.Random(seed)
    while game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        seat = game.waiting_for[0] if game.phase is Phase.POINTING else game.current
        game.apply(bots[seat].choose(game.view_for(seat), rng))
    return game


@pytest.mark.parametrize("lang", LANGS, indirect=True)
def test_a_replay_speaks_to_the_learner_in_the_second_person(lang) -> None:
    from unoparty.replay import round_to_toml
    default = i18n._("You")  # the game page's name for a learner who gave none ("Toi", "Du")
    for names, learner in ((["Mia", "Ava", "Ben"], "Mia"), ([default, "Ava", "Ben"], None)):
        game = _bot_round(names)
        doc = tomllib.loads(round_to_toml(game, learner=learner))
        says = [step["say"] for step in doc["steps"]]
        text = " ".join(says)
        assert i18n._("It is your turn.") in text
        # never "À Toi de jouer", "Turen går til Du": the learner's seat in a third-person sentence
        assert i18n._("It is {player}'s turn.").format(player=names[0]) not in text, (lang, names[0])
        if learner == "Mia":  # a name of the learner's own never acts in a sentence ("Mia pioche…")
            assert "Mia" not in text, (lang, text)


# ---- 2. whole sentences that agree --------------------------------------------------------

@pytest.mark.parametrize(("lang", "card", "bare", "in_a_sentence"), [
    ("fr", "green reverse", "Inversion verte", "l'Inversion verte"),
    ("fr", "green 7", "7 vert", "le 7 vert"),
    ("nb", "green draw two", "grønt Trekk to", "det grønne Trekk to-kortet"),
    ("nb", "red 7", "rød 7", "den røde 7-eren"),
    ("nb", "wild", "Joker", "jokeren"),   # the plain Wild card's name is Joker (docs/glossary/nb.md)
    ("en", "blue skip", "blue skip", "the blue skip"),
], indirect=["lang"])
def test_card_names_agree_with_their_kind(lang, card, bare, in_a_sentence) -> None:
    assert i18n.card_name(C(card)) == bare
    assert i18n.the_card(C(card)) == in_a_sentence


@pytest.mark.parametrize("lang", ["nb"], indirect=True)
def test_norwegian_plays_the_joker_in_the_definite_form(lang) -> None:
    e = Event(EventKind.PLAYED, rule="W-1", player=0, cards=(C("wild"),))
    assert narrate(e, ["You", "Ava"], 0).startswith("Du spiller jokeren.")


@pytest.mark.parametrize("lang", ["fr"], indirect=True)
def test_a_french_question_never_glues_que_to_a_vowel(lang) -> None:
    from unoparty.practice.exercises import cut_round
    from unoparty.practice.text import question
    asked = [question(ex) for seed in (1, 2) for ex in cut_round(seed)[:30]]
    assert asked
    for text in asked:
        assert not re.search(r"\bque [AEIOUaeiouÉé]", text), text


def test_no_french_message_puts_de_or_que_before_a_name() -> None:
    """"de Eli" and "que Eli" are wrong (d'Eli, qu'Eli) and a placeholder cannot elide: the
    French messages put a name after "à", "pour", a colon, or as the subject."""
    from pathlib import Path

    from babel.messages.pofile import read_po
    po = Path(__file__).resolve().parents[1] / "unoparty" / "locale" / "fr" / "LC_MESSAGES" / "unoparty.po"
    with open(po, "rb") as f:
        catalogue = read_po(f)
    bad = []
    for m in catalogue:
        for text in ([m.string] if isinstance(m.string, str) else list(m.string)):
            if re.search(r"\b(de|que|lorsque|puisque) \{(name|player|who|target|players|a|b)\}", text or ""):
                bad.append(text)
    assert not bad, bad


@pytest.mark.parametrize(("lang", "you_at", "at_you"), [
    ("ro", "tu spre Cal", "Ava spre tine"), ("nb", "du på Cal", "Ava på deg"),
    ("fr", "toi vers Cal", "Ava vers toi"), ("en", "you at Cal", "Ava at you")], indirect=["lang"])
def test_the_pointing_pairs_use_the_learner_as_a_subject_and_as_an_object(lang, you_at, at_you) -> None:
    e = Event(EventKind.POINTING_RESULT, "PT-1", players=(0, 1), targets=(2, 0))
    text = narrate(e, ["You", "Ava", "Cal"], 0)
    assert you_at in text and at_you in text


@pytest.mark.parametrize("lang", ["cs"], indirect=True)
def test_the_czech_log_reads_in_the_past_tense_by_the_players_gender(lang) -> None:
    names = ["Mia", "Ava", "Ben"]
    play = lambda seat: narrate(Event(EventKind.PLAYED, "T-1", player=seat, cards=(C("red 7"),)), names, 0)  # noqa: E731
    assert play(1) == "Ava zahrála červenou 7. (T-1)"          # the card played: its accusative form
    assert play(2) == "Ben zahrál červenou 7. (T-1)"
    assert play(0) == "Hraješ červenou 7. (T-1)"                # the learner: present, no gender
    assert narrate(Event(EventKind.PLAYED, "T-1", player=0, cards=(C("red 7"),)), names, 1) == \
        "Mia hraje červenou 7. (T-1)"                           # a name of unknown gender: present
    assert narrate(Event(EventKind.UNO_CALLED, "U-1", player=1), names, 0) == "Ava zavolala UNO! (U-1)"


def test_every_name_the_app_gives_a_player_has_a_gender() -> None:
    from pathlib import Path

    from unoparty.player_names import NAME_GENDERS
    from unoparty.practice.exercises import NAMES
    names = set(NAMES)
    pytest.importorskip("ipywidgets")
    from unoparty.views.game_app import BOT_NAMES
    names |= set(BOT_NAMES)
    for path in (Path(__file__).resolve().parents[1] / "unoparty" / "lessons").glob("*.toml"):
        names |= set(tomllib.loads(path.read_text(encoding="utf-8")).get("setup", {}).get("players", []))
    names.discard("You")
    assert names <= set(NAME_GENDERS), sorted(names - set(NAME_GENDERS))
    assert set(NAME_GENDERS.values()) <= {"f", "m"}


# ---- 3. the learner's words presume no gender; the teacher is addressed politely ---------------

MALE_ONLY = {
    # Czech: the learner's past tense and conditional in the masculine ("UNO už jsi zavolal",
    # "abys mohl", "Dobral sis", "Skočil jsi", "ty sám")
    "cs": re.compile(r"\b\w+l (jsi|sis|ses|bys)\b|\b([Jj]si|[Ss]is|[Ss]es|[Aa]?[Bb]ys)( \w+){0,2} \w+l\b"
                     r"|\bty sám\b|\b[Ss]ám\b|\b[Mm]ohl bys\b"),
    # Romanian: masculine adjectives and participles said of the learner
    "ro": re.compile(r"\bFii rapid\b|\bești obligat\b|\bpoți fi prins\b|\bte poți prinde singur\b|\bsă fii primul\b"
                     r"|\b[Ee]ști nou\b|\bsunteți legați\b"),
}


def _catalogue(lang: str):
    from pathlib import Path

    from babel.messages.pofile import read_po
    po = Path(__file__).resolve().parents[1] / "unoparty" / "locale" / lang / "LC_MESSAGES" / "unoparty.po"
    with open(po, "rb") as f:
        return read_po(f)


def _strings(m) -> list[str]:
    return [s for s in ([m.string] if isinstance(m.string, str) else list(m.string)) if s]


@pytest.mark.parametrize("lang", sorted(MALE_ONLY))
def test_no_male_only_form_addresses_the_learner(lang) -> None:
    found = [s for m in _catalogue(lang) if m.id and not (m.context or "").startswith("said of")
             for s in _strings(m) if MALE_ONLY[lang].search(s)]
    assert not found, f"{len(found)} messages address the learner as male only: {found[:5]}"


def test_the_male_only_check_finds_the_known_forms() -> None:
    for text in ("UNO už jsi zavolal.", "abys mohl", "Dobral sis modrou 9.", "Skočil jsi do hry!", "ty sám",
                 "Abys je zahrál najednou", "Ty jsi ale UNO zavolal", "kartu, kterou sis právě dobral",
                 "Sám sebe chytit nemůžeš."):
        assert MALE_ONLY["cs"].search(text), text
    for text in ("Fii rapid!", "Dar nu ești obligat!", "altfel poți fi prins", "Ești nou la UNO Party!?", "Tu și Ava sunteți legați"):
        assert MALE_ONLY["ro"].search(text), text
    assert not MALE_ONLY["cs"].search("Tvoje UNO už zaznělo.")


INFORMAL = {
    "fr": re.compile(r"\b(tu|ton|ta|tes|toi)\b|\b(Choisis|Tape|Démarre|démarre|regarde|enregistre-le|Importes-en)\b"),
    "ro": re.compile(r"\b(tău|tale|alegi|vezi|arăți)\b|\b(Alege|Pornește|Scrie|Încarcă|salvează-l|uită-te)\b"),
    "cs": re.compile(r"\b(tvoje|tvůj|Tvoje|uvidíš|Nahraj|vyber|Zadej|Spusť|spusť|ulož|podívej|Chceš)\b"),
}


@pytest.mark.parametrize("lang", sorted(INFORMAL))
def test_the_teacher_and_scenarios_pages_address_the_teacher_politely(lang) -> None:
    import ast
    from pathlib import Path
    views = Path(__file__).resolve().parents[1] / "unoparty" / "views"
    ids = set()
    for name in ("teacher.py", "scenarios_page.py"):
        for node in ast.walk(ast.parse((views / name).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "ngettext") \
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                ids.add(node.args[0].value)
    assert len(ids) > 30
    cat = _catalogue(lang)
    informal = [s for mid in sorted(ids) if (m := cat.get(mid)) is not None for s in _strings(m)
                if INFORMAL[lang].search(s)]
    assert not informal, informal


@pytest.mark.parametrize("lang", ["ro", "cs"], indirect=True)
def test_a_card_named_in_a_sentence_agrees_with_it(lang) -> None:
    """The review of issue 21: Romanian "cartea 7 roșu" (feminine *cartea*, masculine colour)
    and Czech "kartu červená 7" (a nominative name inside an accusative) are gone: the card
    "in a sentence" agrees (ro *cartea roșie de 7*, cs *červenou 7*, *zelenou kartu Skip*) and
    the sentences around it take it as it is."""
    from unoparty.engine.moves import Play
    from unoparty.i18n import the_card
    from unoparty.move_words import move_advice
    want = {"ro": ("cartea roșie de 7", "cartea verde Stai o tură", "joacă cartea roșie de 7"),
            "cs": ("červenou 7", "zelenou kartu Skip", "zahraj červenou 7")}[lang]
    assert the_card(C("red 7")) == want[0]
    assert the_card(C("green skip")) == want[1]
    assert move_advice(Play(0, C("red 7")), ["Ava", "Ben"], 0) == want[2]
    bad = {"ro": re.compile(r"cartea (\d|Ia două|Stai|Schimbă|Point)[^.:;]* (roșu|galben|albastru)\b"),
           "cs": re.compile(r"\bkart[uy] (červená|žlutá|zelená|modrá)\b")}[lang]
    from babel.messages.pofile import read_po
    from pathlib import Path
    po = Path(__file__).resolve().parents[1] / "unoparty" / "locale" / lang / "LC_MESSAGES" / "unoparty.po"
    with open(po, "rb") as f:
        for m in read_po(f):
            for s in (m.string if isinstance(m.string, tuple) else (m.string,)):
                assert not bad.search(s or ""), (m.id, s)


@pytest.mark.parametrize("lang", ["cs"], indirect=True)
def test_a_czech_sentence_about_a_player_of_unknown_gender_names_no_masculine_player(lang) -> None:
    """"chyť hráče Ava" said of a girl: a message that does not know the player's gender puts
    the name where no gender is needed (*Chytit: Ava*, *Na tahu je Ava*)."""
    from unoparty.engine.moves import Catch
    from unoparty.move_words import move_infinitive
    assert move_infinitive(Catch(1, 0), ["Ava", "Ben"]) == "chyť hráčku Ava"   # her gender known: said()
    from babel.messages.pofile import read_po
    from pathlib import Path
    po = Path(__file__).resolve().parents[1] / "unoparty" / "locale" / "cs" / "LC_MESSAGES" / "unoparty.po"
    masculine = re.compile(r"\b(hráč|žák)(e|i|em)? \{(who|name|player|target|a|b)\}", re.IGNORECASE)  # "Hráč {name} drží"
    with open(po, "rb") as f:
        for m in read_po(f):
            if m.context is None:
                for s in (m.string if isinstance(m.string, tuple) else (m.string,)):
                    assert not masculine.search(s or ""), (m.id, s)


# ---- 4. agreement of a card's name with its frame; the object's case and gender (issue 21) ----

@pytest.mark.parametrize(("lang", "card", "in_a_sentence", "as_object"), [
    ("ro", "red 7", "cartea roșie de 7", "cartea roșie de 7"),    # "cartea" is feminine: roșie, not roșu
    ("ro", "blue skip", "cartea albastră Stai o tură", "cartea albastră Stai o tură"),
    ("ro", "yellow draw two", "cartea galbenă Ia două", "cartea galbenă Ia două"),
    ("cs", "red 7", "červenou 7", "červenou 7"),                  # Czech: the card in a sentence is its object
    ("cs", "blue reverse", "modrou kartu Reverse", "modrou kartu Reverse"),
    ("cs", "wild", "kartu Wild", "kartu Wild"),
    ("fr", "green 7", "le 7 vert", "le 7 vert"),
    ("en", "red 7", "the red 7", "the red 7"),
], indirect=["lang"])
def test_a_card_as_the_object_of_a_sentence_has_its_own_form(lang, card, in_a_sentence, as_object) -> None:
    assert i18n.the_card(C(card)) == in_a_sentence
    assert i18n.the_card_object(C(card)) == as_object


def test_no_romanian_card_with_cartea_keeps_a_masculine_colour() -> None:
    """"cartea 7 roșu" (issue 21): after the feminine "cartea" the colour agrees, in every
    form of every card."""
    i18n.set_language("ro")
    try:
        from unoparty.cards import Kind
        wrong = []
        for colour in Colour:
            for kind in (Kind.NUMBER, Kind.DRAW_TWO, Kind.REVERSE, Kind.SKIP, Kind.POINT_TAKEN):
                card = Card(kind, colour, 7 if kind is Kind.NUMBER else None)
                for text in (i18n.the_card(card), i18n.the_card_object(card)):
                    if text.startswith("cartea ") and re.search(r"\b(roșu|galben|albastru)$", text):
                        wrong.append(text)
        assert not wrong, wrong
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["ro"], indirect=True)
def test_a_romanian_card_turned_up_is_the_subject_that_agrees(lang) -> None:
    # the card turned up is the sentence's subject (i18n.the_card_subject): "cartea" with the
    # colour agreeing, never the bare name after a fixed frame (issue 21)
    e = Event(EventKind.FIRST_CARD, "S-4", cards=(C("red 7"),))
    text = narrate(e, ["Ava", "Ben"], 0)
    assert text.startswith("Cartea roșie de 7 ") and "7 roșu" not in text, text


@pytest.mark.parametrize("lang", ["cs"], indirect=True)
def test_czech_cards_played_drawn_and_advised_are_in_the_accusative(lang) -> None:
    names = ["Mia", "Ava", "Ben"]
    assert narrate(Event(EventKind.DREW, "D-1", player=1, cards=(C("blue 2"),)), names, 1).startswith(
        "Dobíráš si modrou 2")
    assert move_advice(Play(0, C("green 5")), names, 0) == "zahraj zelenou 5"
    assert move_past(Play(1, C("yellow skip")), names, 0) == "zahrála žlutou kartu Skip"   # Ava: feminine
    assert move_past(Play(2, C("yellow skip")), names, 0) == "zahrál žlutou kartu Skip"


@pytest.mark.parametrize("lang", ["cs", "ro"], indirect=True)
def test_catching_or_pointing_at_a_player_takes_that_players_gender(lang) -> None:
    """"chyť hráče Avu" (issue 21): the player caught or pointed at is a *hráčka* when the name
    is feminine (Czech), a *jucătoare* (Romanian), in the hint, the echo of a move and the
    learner's chance."""
    from unoparty.engine.moves import Catch, PointAt
    names = ["Mia", "Ava", "Ben"]
    female, male = ("hráčku", "hráče") if lang == "cs" else ("jucătoarea", "jucătorul")
    assert female in move_advice(Catch(0, 1), names, 0) and male not in move_advice(Catch(0, 1), names, 0)
    assert male in move_advice(Catch(0, 2), names, 0)
    assert female in move_past(Catch(0, 1), names, 0)
    if lang == "cs":
        assert "hráčku Ava" in move_advice(PointAt(0, 1), names, 0)
        assert "hráče Ben" in move_advice(PointAt(0, 2), names, 0)


@pytest.mark.parametrize("lang", ["cs"], indirect=True)
def test_another_players_refused_card_is_the_object_in_czech(lang) -> None:
    """"Ava teď nemůže zahrát červenou 7" (said to the learner about another player's move):
    the card after *zahrát* in the accusative, not "červená 7"."""
    names = ("Mia", "Ava")
    r = Refusal("T-0", RefusalReason.NOT_YOUR_TURN_ANSWER, player=1, seat=0, card=C("red 7"), names=names)
    text = told(r, names, me=0)
    assert "zahrát červenou 7" in text, text
