"""Events → sentences (unoparty.narrate)."""

from __future__ import annotations

import random
import re

import pytest

from unoparty import i18n
from unoparty.cards import ALL_CARDS, Card, Colour
from unoparty.engine.events import Event, EventKind
from unoparty.errors import IllegalMove
from unoparty.game import Game
from unoparty.narrate import card_name, cards_phrase, narrate, narrate_all, narrate_refusal, rule_note
from unoparty.rulebook import RULES, is_ruling
from unoparty.rules import Rules
from unoparty.refusal_words import explain

NAMES = ["You", "Ava", "Ben", "Cal"]
C = Card.parse
PRINTED = next(rid for rid, r in RULES.items() if not r.is_ruling)
RULING = next(rid for rid, r in RULES.items() if r.is_ruling)


def _full_event(kind: EventKind, rule: str = PRINTED, player: int = 1) -> Event:
    return Event(kind, rule=rule, player=player, target=2, cards=(C("red 7"), C("wild")), colour=Colour.GREEN,
                 count=2, players=(2, 3), targets=(3, 2), flag=True)


@pytest.mark.parametrize("kind", list(EventKind))
@pytest.mark.parametrize("viewer", [None, 0, 1, 2])
def test_every_event_kind_is_one_sentence_with_its_rule(kind, viewer):
    text = narrate(_full_event(kind), NAMES, viewer)
    assert text and "\n" not in text
    assert text[0].isupper()
    assert text.endswith(f"({PRINTED})")
    assert "{" not in text and "}" not in text
    bare = narrate(Event(kind, player=1, target=2, cards=(C("blue 2"),), count=1), NAMES, viewer)
    assert not bare.endswith(")") or kind in (EventKind.DREW,)  # no rule: no rule note


def test_every_event_kind_has_its_own_function_in_the_table():
    from unoparty.narrate import SENTENCES
    assert set(SENTENCES) == set(EventKind)
    assert len(set(SENTENCES.values())) == len(EventKind)


def test_kinds_say_different_things():
    texts = {narrate(_full_event(k), NAMES) for k in EventKind}
    assert len(texts) == len(EventKind)


def test_a_draw_is_hidden_from_other_players():
    e = Event(EventKind.DREW, rule=PRINTED, player=2, cards=(C("red 7"), C("wild")), count=2)
    for viewer in (0, 1, 3):
        text = narrate(e, NAMES, viewer)
        assert text == f"Ben draws 2 cards. ({PRINTED})"
        assert "red 7" not in text and "wild" not in text
    assert narrate(e, NAMES, 2) == f"You draw the red 7 and the wild. ({PRINTED})"
    assert narrate(e, NAMES, None) == f"Ben draws the red 7 and the wild. ({PRINTED})"
    one = Event(EventKind.DREW, player=2, cards=(C("blue 2"),), count=1)
    assert narrate(one, NAMES, 0) == "Ben draws 1 card."


def test_the_projector_says_how_many_cards_a_hidden_draw_was():
    """The projector's log (every seat's events with the drawn cards taken out, narrated for
    an onlooker, viewer None) says "Ben draws 2 cards" — it said "Ben draws no card" (A-1)."""
    from unoparty.session.table import _public_events
    e = Event(EventKind.DREW, "A-1", player=1, cards=(Card.parse("red 7"), Card.parse("wild")), count=2)
    hidden = e.seen_by(-1)
    assert narrate(hidden, ["Ava", "Ben", "Cal"], viewer=None) == "Ben draws 2 cards. (A-1)"
    g = Game(["Ava", "Ben", "Cal", "Dee"], seed=3)
    rng = random.Random(1)
    while not g.phase.is_over and len(g.events) < 300:
        seat = g.to_act()[0]
        g.apply(rng.choice(list(g.legal_moves(seat))))
    drawn = [narrate(ev, g.names, viewer=None) for ev in _public_events(g, 0) if ev.kind is EventKind.DREW]
    assert drawn and not [line for line in drawn if "no card" in line and "none left" not in line]


def test_a_short_draw_says_what_was_left():
    e = Event(EventKind.DREW, player=1, cards=(C("red 7"),), count=2)
    assert narrate(e, NAMES, 0) == "Ava draws 1 card (only 1 was left)."
    assert narrate(Event(EventKind.DREW, player=1, count=1), NAMES, 0) == "Ava draws no card: there is none left."


def test_you_for_the_viewer():
    e = Event(EventKind.PLAYED, rule="T-1", player=0, cards=(C("blue skip"),))
    assert narrate(e, NAMES, 0) == "You play the blue skip. (T-1)"
    assert narrate(e, ["Dee", "Ava"], 1) == "Dee plays the blue skip. (T-1)"
    e = Event(EventKind.PLAYED, rule="T-1", player=1, cards=(C("blue skip"),))
    assert narrate(e, NAMES, 1) == "You play the blue skip. (T-1)"
    assert narrate(e, NAMES, 2) == "Ava plays the blue skip. (T-1)"
    caught = Event(EventKind.UNO_CAUGHT, rule="U-2", player=1, target=2)
    assert narrate(caught, NAMES, 2).startswith("Ava catches you")
    assert narrate(caught, NAMES, 1).startswith("You catch Ben")
    linked = Event(EventKind.LINKED, rule="LK-1", players=(1, 3))
    assert narrate(linked, NAMES, 3).startswith("You and Ava are linked")


def test_a_ruling_says_so():
    e = Event(EventKind.ROUND_BLOCKED, rule=RULING)
    assert is_ruling(RULING)
    assert narrate(e, NAMES).endswith(f"({RULING}, a ruling of this app)")
    assert rule_note(PRINTED) == f"({PRINTED})" and rule_note("") == ""


def test_card_names():
    assert [card_name(c) for c in ALL_CARDS] == [str(c) for c in ALL_CARDS]
    assert cards_phrase([C("red 7")]) == "the red 7"
    assert cards_phrase([C("red 7"), C("blue 2"), C("wild")]) == "the red 7, the blue 2 and the wild"


def test_sentences_go_through_the_catalogue(monkeypatch):
    class Shouting:
        @staticmethod
        def _up(message):  # upper-case everything but the {placeholders}
            return re.sub(r"(^|\})([^{]*)", lambda m: m.group(1) + m.group(2).upper(), message)

        def gettext(self, message):
            return self._up(message)

        def ngettext(self, singular, plural, n):
            return self._up(singular if n == 1 else plural)

    e = Event(EventKind.PLAYED, rule="T-1", player=1, cards=(C("red 7"),))
    monkeypatch.setattr(i18n, "_translation", Shouting())
    assert narrate(e, NAMES, 2) == "Ava PLAYS THE RED 7. (T-1)"


def test_the_refusal_sentence():
    game = Game.from_setup(NAMES, {"You": [C("red 7")], "Ava": [C("blue 2")], "Ben": [C("blue 3")],
                                   "Cal": [C("green 1")]}, "Ava", [C("red 3")], [], rest="none")
    move = game.parse_move("Ben: play blue 3")
    refusal = game.why_illegal(move)
    assert refusal is not None
    text = narrate_refusal(refusal)
    assert text.startswith(explain(refusal).strip()[:20]) and refusal.rule in text
    with pytest.raises(IllegalMove) as info:
        game.apply(move)
    assert narrate_refusal(info.value) == text


@pytest.mark.parametrize("seed", range(6))
def test_every_event_of_random_games_narrates_without_leaking_cards(seed):
    rng = random.Random(seed)
    names = ["You", "Ava", "Ben", "Cal", "Dee"][: 2 + seed % 4]
    rules = Rules(rule_set="classic") if seed % 3 == 2 else Rules()
    game = Game(names, rules, seed=seed)
    for _ in range(300):
        moves = game.all_legal_moves()
        if not moves:
            break
        game.apply(rng.choice(moves))
    events = game.events
    assert events
    for viewer in [None, *range(len(names))]:
        sentences = narrate_all(events, names, viewer)
        assert len(sentences) == len(events)
        for e, s in zip(events, sentences):
            assert s and "\n" not in s
            if e.rule:
                assert re.search(r"\(" + re.escape(e.rule) + r"(, a ruling of this app)?\)$", s)
            if e.kind is EventKind.DREW and viewer is not None and viewer != e.player and e.cards:
                assert "the " not in s, s  # cards are not named to others


def test_a_refusal_by_a_ruling_says_so_once():
    game = Game.from_setup(NAMES, {"You": [C("red 7"), C("red 1")], "Ava": [C("blue 2"), C("blue 3")],
                                   "Ben": [C("blue 3"), C("red 2")], "Cal": [C("green 1"), C("red 5")]},
                           "You", [C("red 3")], [], rest="none")
    game.apply_text("You: play red 7")
    move = game.parse_move("You: speed play red 1")  # onto one's own card: a ruling (SP-5)
    refusal = game.why_illegal(move)
    assert refusal is not None and refusal.is_ruling and is_ruling(refusal.rule)
    text = narrate_refusal(refusal)
    assert text.count("printed rules don") == 1 and refusal.rule in text

    class Bare:  # a refusal whose explanation does not mention the ruling
        rule, explanation, is_ruling = refusal.rule, "Not now.", True

    # the one ruling note, from refusal_words (issue 9: never a second wording of it)
    assert narrate_refusal(Bare()) == (f"Not now. (The printed rules don't say; this app rules it so.) "
                                       f"({refusal.rule})")


def test_a_draw_seen_by_another_seat_says_how_many_cards_not_none() -> None:
    """A draw as another seat sees it (Game.events_for, a live table's public log) hides the
    cards but not their number: 'Ava draws 2 cards', never 'Ava draws no card: there is none
    left' while the draw pile is full (T-2). A draw from an empty pile still says so."""
    drew = Event(EventKind.DREW, "T-2", player=1, cards=(Card.parse("red 7"), Card.parse("blue 2")), count=2)
    assert drew.seen_by(1) is drew                       # the drawer sees the cards
    seen = drew.seen_by(0)
    assert seen.cards == () and seen.count == 2 and seen.flag
    said = narrate(seen, NAMES, 0)
    assert "2 cards" in said and "no card" not in said, said
    assert "no card" in narrate(Event(EventKind.DREW, "T-5", player=1, count=1), NAMES, 0)
    g = Game(["You", "Ava", "Ben"], seed=3)
    for _ in range(40):                                   # a real log as seat 0 sees it
        seat = g.to_act()[0]
        moves = g.legal_moves(seat)
        g.apply(next((m for m in moves if type(m).__name__ == "Draw"), moves[0]))
    for e in g.events_for(0):
        if e.kind is EventKind.DREW and e.player != 0 and g.draw_pile:
            assert "no card" not in narrate(e, g.names, 0)
