"""The Czech game log agrees with the mover (issue 21): "Ava zahrála …", "Ben zahrál …",
"Ava chytila …" for every kind of logged move — in the narration of events
(:mod:`unoparty.narrate`) and in the words of a move (:func:`unoparty.move_words.move_past`) —
and a player of unknown gender (the learner, a pupil at a live table) gets the wording that
needs none (the present: "Mia hraje …")."""

from __future__ import annotations

import random
import re

import pytest

from unoparty import i18n
from unoparty.cards import Card, Colour
from unoparty.engine import Phase
from unoparty.engine.events import Event, EventKind as K
from unoparty.engine.moves import Accept, CallUno, Catch, Challenge, Draw, Keep, Play, PointAt, SpeedPlay, TakeMiniPile
from unoparty.move_words import move_past
from unoparty.narrate import narrate

C = Card.parse
NAMES = ["Mia", "Ava", "Ben"]   # Mia: the learner (no gender known); Ava: feminine; Ben: masculine
AVA, BEN = 1, 2

# A Czech past form of a player who acts, masculine and feminine ("zahrál"/"zahrála");
# "kdo zahrál" (whoever played, the generic masculine of *kdo*) is not said of the mover.
MASCULINE = re.compile(r"(?<!kdo )\b(zahrál|dobral|nechal|vzal|chytil|ukázal|zavolal|přijal|vyzval|zvolil|propojil|"
                       r"vyměnil|udělal|přidal|vyhrál|rozdal|nemohl|přišel|spletl|přeskočen)\b")
FEMININE = re.compile(r"\b(zahrála|dobrala|nechala|vzala|chytila|ukázala|zavolala|přijala|vyzvala|zvolila|propojila|"
                      r"vyměnila|udělala|přidala|vyhrála|rozdala|nemohla|přišla|spletla|přeskočena)\b")


@pytest.fixture
def cs():
    i18n.set_language("cs")
    yield
    i18n.set_language("en")


def _events(p: int, other: int) -> list[tuple[str, Event]]:
    """One event of each kind a player's move is logged by, `p` acting on `other`."""
    return [
        ("play", Event(K.PLAYED, "T-1", player=p, cards=(C("red 7"),))),
        ("double play", Event(K.PLAYED, "DB-1", player=p, cards=(C("red 7"), C("red 7")))),
        ("speed play", Event(K.SPEED_PLAYED, "SP-1", player=p, cards=(C("blue 2"),))),
        ("speed play mistake", Event(K.SPEED_PLAY_MISTAKE, "SP-4", player=p, cards=(C("blue 2"),))),
        ("draw", Event(K.DREW, "D-1", player=p, cards=(C("blue 2"),), count=1)),
        ("keep", Event(K.KEPT, "T-3", player=p, cards=(C("blue 2"),))),
        ("turn ends after a draw", Event(K.TURN_ENDED_AFTER_DRAW, "T-3", player=p)),
        ("choose a colour", Event(K.COLOUR_CHOSEN, "W-1", player=p, colour=Colour.RED)),
        ("accept", Event(K.ACCEPTED, "W-3", player=p)),
        ("challenge the learner", Event(K.CHALLENGED, "W-3", player=p, target=0, flag=True)),
        ("call UNO", Event(K.UNO_CALLED, "U-1", player=p)),
        ("catch", Event(K.UNO_CAUGHT, "U-2", player=p, target=other)),
        ("catch the learner", Event(K.UNO_CAUGHT, "U-2", player=p, target=0)),
        ("play a point taken", Event(K.POINTING_STARTED, "PT-3", player=p)),
        ("point", Event(K.POINTED, "PT-3", player=p, target=other)),
        ("add to the mini pile", Event(K.MINI_PILE_ADDED, "PU-4", player=p, cards=(C("yellow 0"),))),
        ("take the mini pile", Event(K.MINI_PILE_TAKEN, "PU-6", player=p, count=3)),
        ("swap hands with the learner", Event(K.HANDS_SWAPPED, "7-0", player=p, target=0)),
        ("lose a turn", Event(K.SKIPPED, "A-1", player=p)),
        ("deal", Event(K.ROUND_STARTED, "S-2", player=p, count=7)),
        ("win the round", Event(K.ROUND_WON, "R-3", player=p, count=20)),
    ]


def test_the_czech_log_of_each_kind_of_move_agrees_with_the_mover(cs) -> None:
    for (what, ava), (_, ben) in zip(_events(AVA, BEN), _events(BEN, AVA)):
        for viewer in (0, None):   # the learner's log, and an onlooker who sees every card
            she, he = narrate(ava, NAMES, viewer), narrate(ben, NAMES, viewer)
            assert not MASCULINE.search(she) and not FEMININE.search(he), (what, she, he)
            if viewer == 0:   # the learner's log says what the player did, in the past
                assert FEMININE.search(she) and MASCULINE.search(he), (what, she, he)
            else:             # the onlooker's may name both players without a verb ("Výzva: Ava → Mia")
                assert bool(FEMININE.search(she)) == bool(MASCULINE.search(he)), (what, she, he)
    said = {what: narrate(e, NAMES, None) for what, e in _events(AVA, BEN)}
    assert said["play"] == "Ava zahrála červenou 7. (T-1)"
    assert said["speed play"] == "Ava zahrála modrou 2 jako Speed Play! (SP-1)"
    assert said["double play"].startswith("Ava zahrála najednou dvě karty")
    assert said["draw"] == "Ava si dobrala modrou 2. (D-1)"
    assert said["keep"] == "Ava si nechala modrou 2. (T-3)"
    assert said["catch"].startswith("Ava chytila hráče Ben, který nezavolal UNO")   # both genders: she caught him
    assert said["point"] == "Ava ukázala na hráče Ben. (PT-3)"
    assert said["take the mini pile"].startswith("Ava nemohla přidat kartu a vzala si mini hromádku")
    assert narrate(_events(AVA, BEN)[9][1], NAMES, 0).startswith("Ava tě vyzvala")
    assert narrate(_events(BEN, AVA)[0][1], NAMES, 0) == "Ben zahrál červenou 7. (T-1)"


def _moves(p: int, other: int) -> list[tuple[str, object]]:
    return [
        ("play", Play(p, C("red 7"))),
        ("double play", Play(p, C("red 7"), twice=True)),
        ("wild and colour", Play(p, C("wild"), colour=Colour.BLUE)),
        ("link", Play(p, C("wild drawn together"), colour=Colour.RED, link=(0, other))),
        ("link two others", Play(p, C("wild drawn together"), colour=Colour.RED, link=(p, other))),
        ("swap and UNO", Play(p, C("green 7"), swap_with=other, call_uno=True)),
        ("speed play", SpeedPlay(p, C("blue 2"))),
        ("draw", Draw(p)),
        ("keep", Keep(p)),
        ("call UNO", CallUno(p)),
        ("accept", Accept(p)),
        ("challenge", Challenge(p)),
        ("catch", Catch(p, other)),
        ("point", PointAt(p, other)),
        ("take the mini pile", TakeMiniPile(p)),
    ]


def test_the_czech_words_of_each_move_agree_with_the_mover(cs) -> None:
    for (what, ava), (_, ben) in zip(_moves(AVA, BEN), _moves(BEN, AVA)):
        for perfect in (False, True):
            she, he = move_past(ava, NAMES, 0, perfect=perfect), move_past(ben, NAMES, 0, perfect=perfect)
            assert FEMININE.search(she) and not MASCULINE.search(she), (what, she)
            assert MASCULINE.search(he) and not FEMININE.search(he), (what, he)
            # the learner (seat 0, `me`) and a name of unknown gender: no gendered past at all
            for text in (move_past(_moves(0, AVA)[_index(what)][1], NAMES, 0, perfect=perfect),
                         move_past(ava, ["Mia", "Zoe", "Ben"], None, perfect=perfect)):
                assert not FEMININE.search(text) and not MASCULINE.search(text), (what, text)
    words = {what: move_past(m, NAMES, 0) for what, m in _moves(AVA, BEN)}
    assert words["play"] == "zahrála červenou 7"
    assert words["speed play"] == "zahrála modrou 2 jako Speed Play"
    assert words["draw"] == "si dobrala kartu" and words["keep"] == "si nechala dobranou kartu"
    assert words["challenge"] == "vyzvala toho, kdo zahrál kartu Wild Draw Four"
    assert words["take the mini pile"] == "si vzala mini hromádku"
    assert words["catch"] == "chytila hráče Ben"                        # both genders: she caught him
    assert move_past(Catch(BEN, AVA), NAMES, 0) == "chytil hráčku Ava"
    assert words["point"] == "ukázala na hráče Ben"
    assert words["link two others"].endswith("a propojila se s jiným hráčem: Ben")  # Ava links herself and Ben (jiný: another; další would be the next in turn)
    assert move_past(Play(0, C("red 7")), NAMES, 0) == "hraje červenou 7"   # the learner: no gender presumed


def _index(what: str) -> int:
    return [w for w, _ in _moves(AVA, BEN)].index(what)


@pytest.mark.parametrize("lang", ["fr", "ro", "nb"])
def test_the_languages_without_this_agreement_say_each_move_one_way(lang) -> None:
    """fr, ro and nb do not mark the mover's gender in these words: Ava's and Ben's read alike
    (and no context falls back to English)."""
    i18n.set_language(lang)
    try:
        for (what, ava), (_, ben) in zip(_moves(AVA, BEN), _moves(BEN, AVA)):
            she, he = move_past(ava, NAMES, 0), move_past(ben, NAMES, 0)
            if what not in ("catch", "point", "link", "link two others", "swap and UNO"):
                assert she == he, (what, she, he)
            i18n.set_language("en")
            english = move_past(ava, NAMES, 0)
            i18n.set_language(lang)
            assert she != english, (what, she)
    finally:
        i18n.set_language("en")


def test_a_played_czech_round_never_speaks_of_ava_as_a_boy_or_of_ben_as_a_girl(cs) -> None:
    from unoparty.bots import make_bot
    from unoparty.game import Game
    names = ["Ty", "Ava", "Ben", "Dee", "Cal"]
    game = Game(list(names), seed=5)
    bots = [make_bot("basic") for _ in names]
    rng = random.Random(5)
    while game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        seat = game.waiting_for[0] if game.phase is Phase.POINTING else game.current
        game.apply(bots[seat].choose(game.view_for(seat), rng))
    about = {AVA: [], BEN: []}
    for e in game.events:
        if e.player in about and e.kind is not K.TURN_STARTED:
            about[e.player].append(narrate(e, names, 0))
    assert len(about[AVA]) > 5 and len(about[BEN]) > 5
    for text in about[AVA]:
        assert not MASCULINE.search(text.split(":")[0]), text   # before a colon: what Ava did
    for text in about[BEN]:
        assert not FEMININE.search(text.split(":")[0]), text
    assert any(t.startswith("Ava ") and FEMININE.search(t) for t in about[AVA])
    assert any(t.startswith("Ben ") and MASCULINE.search(t) for t in about[BEN])


def test_the_czech_log_of_one_player_acting_on_another_agrees_with_both(cs) -> None:
    """Catching, pointing, challenging and swapping hands between two other players take the
    gender of both (:func:`unoparty.i18n.said_to`): "Ava chytila hráče Ben", never "Ava
    ukázala na: Ben" (a preposition before a colon); a name of unknown gender (a pupil at a
    live table) gets the wording that needs none."""
    names = ["Ty", "Ava", "Ben", "Mia"]   # the viewer; feminine; masculine; unknown
    onlooker = None                        # the projector's log and a replay name every target

    def say(kind, p, t, **kw):
        return narrate(Event(kind, "X-1", player=p, target=t, **kw), names, onlooker)

    assert say(K.UNO_CAUGHT, 1, 2) == "Ava chytila hráče Ben, který nezavolal UNO. (X-1)"
    assert say(K.UNO_CAUGHT, 2, 1) == "Ben chytil hráčku Ava, která nezavolala UNO. (X-1)"
    assert say(K.UNO_CAUGHT, 3, 1) == "Mia chytá hráčku Ava, která nezavolala UNO. (X-1)"
    assert say(K.UNO_CAUGHT, 1, 3) == "Ava chytila: Mia – UNO nezaznělo. (X-1)"
    assert say(K.POINTED, 2, 1) == "Ben ukázal na hráčku Ava. (X-1)"
    assert say(K.POINTED, 1, 3) == "Ava ukázala, na koho míří: Mia. (X-1)"
    assert say(K.CHALLENGED, 1, 2, flag=True) == \
        "Ava vyzvala hráče Ben: karta Wild Draw Four byla zahraná podle pravidel. (X-1)"
    assert say(K.HANDS_SWAPPED, 2, 1) == "Ben si vyměnil karty v ruce s hráčkou Ava. (X-1)"
    # the learner acting on another player: the other's gender ("Chytáš hráčku Ava")
    onlooker = 0
    assert say(K.UNO_CAUGHT, 0, 1) == "Chytáš hráčku Ava, která nezavolala UNO. (X-1)"
    assert say(K.POINTED, 0, 2) == "Ukazuješ na hráče Ben. (X-1)"
    assert say(K.CHALLENGED, 0, 2, flag=False).startswith("Vyzýváš hráče Ben: ")
    assert say(K.HANDS_SWAPPED, 0, 1) == "Vyměňuješ si karty v ruce s hráčkou Ava. (X-1)"
    assert say(K.UNO_CAUGHT, 0, 3) == "Chytáš: Mia – UNO nezaznělo. (X-1)"
    for viewer in (None, 0):
        onlooker = viewer
        for text in [say(k, a, b, flag=True) for k in (K.UNO_CAUGHT, K.POINTED, K.CHALLENGED, K.HANDS_SWAPPED)
                     for a in (0, 1, 2, 3) for b in (1, 2, 3) if a != b]:
            assert not re.search(r"\b(na|s|se): |[A-Za-zá-ž]: .*: ", text), text


def test_a_live_tables_bot_is_spoken_of_as_the_masculine_bot(cs) -> None:
    """A live table's bots are "Bot 3", "Bot 3.1" (session/table.py): Czech speaks of them as
    *bot*, masculine, in the past like the game page's bots ("Bot 3 rozdal …")."""
    from unoparty.player_names import gender_of
    assert gender_of("Bot 3") == gender_of("Bot 12.2") == "m"
    assert gender_of("Botanik") is None and gender_of("Mia") is None
    names = ["Ava", "Mia", "Bot 3"]
    assert narrate(Event(K.ROUND_STARTED, "S-2", player=2, count=7), names, 0).startswith("Bot 3 rozdal")
    assert narrate(Event(K.PLAYED, "T-1", player=2, cards=(C("red 7"),)), names, 0) == "Bot 3 zahrál červenou 7. (T-1)"


def test_a_czech_late_catch_refusal_agrees_with_the_player_who_cannot_be_caught(cs) -> None:
    """U-2's "too late to catch" names the player who can no longer be caught in the form for
    that player: *už nejde chytit hráčku Ava*, *hráče Ben*; a name of unknown gender keeps the sentence that
    needs none (issue 21)."""
    from unoparty.engine.refusals import Refusal, RefusalReason
    from unoparty.refusal_words import explain

    def late(seat: int) -> str:
        return explain(Refusal("U-2", RefusalReason.CATCH_TOO_LATE, player=0, seat=seat, names=tuple(NAMES)))

    assert "Už nejde chytit hráčku Ava" in late(AVA)
    assert "Už nejde chytit hráče Ben" in late(BEN)
    assert "Na chycení je pozdě (Mia)" in late(0).replace("\u2068", "").replace("\u2069", "")
