"""Refusals as data, words at the edge (issue 9, point 2).

`unoparty.engine` imports no translation, narration or widget code; every `RefusalReason`
is worded by `unoparty.refusal_words` in the second person ending with the rule id, and a
ruling's note appears exactly once wherever a refusal is shown.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from unoparty.cards import Card, Colour, Kind
from unoparty.engine import Refusal, RefusalReason
from unoparty.engine.state import Phase
from unoparty.errors import IllegalMove
from unoparty.narrate import narrate_refusal
from unoparty.refusal_words import explain, ruling_note

C = Card.parse
ROOT = Path(__file__).resolve().parents[1]


def test_importing_the_engine_loads_no_words_and_no_widgets():
    code = ("import sys, unoparty.engine, unoparty.game; "
            "bad = [m for m in ('unoparty.i18n', 'unoparty.narrate', 'unoparty.refusal_words', 'ipywidgets') "
            "if m in sys.modules]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def test_the_engine_sources_import_nothing_from_i18n_or_narrate():
    for path in (ROOT / "unoparty" / "engine").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not {"i18n", "narrate"} & set(node.module.split(".")), (path, node.module)


@pytest.mark.parametrize("reason", list(RefusalReason))
def test_every_reason_is_worded_with_its_rule_id(reason):
    f = Refusal("X-1", reason, player=0, card=C("red 7"), other=C("blue skip"), seat=1, count=3,
                colour=Colour.RED, kind=Kind.DRAW_TWO, phase=Phase.ROUND_OVER, names=("You", "Ava"))
    text = explain(f)
    assert text.endswith("(X-1)") and "{" not in text and "None" not in text, text
    assert ruling_note() not in text


def test_a_ruling_is_noted_once_everywhere_it_is_shown():
    f = Refusal("SP-5", RefusalReason.SPEED_OWN_CARD, player=0, card=C("red 7"), is_ruling=True)
    note = ruling_note()
    assert explain(f).count(note) == 1 and explain(f).endswith("(SP-5)")
    err = IllegalMove(None, f)
    assert explain(err.refusal) == explain(f) and err.reason is RefusalReason.SPEED_OWN_CARD
    assert narrate_refusal(f) == explain(f) and narrate_refusal(err) == explain(f)


def test_the_engine_and_its_error_word_nothing_for_a_learner():
    """Words only at the edge (issue 18): a `Refusal` and an `IllegalMove` carry the rule id
    and the reason as data; their ``str()`` is a plain sentence for developers naming both
    (like python-chess's ``IllegalMoveError``), in English whatever the language; the
    learner's sentence is made by `refusal_words.explain`."""
    from unoparty import i18n
    from unoparty.engine import Draw
    from unoparty.game import Game
    g = Game(["You", "Ava", "Ben"], seed=1)
    with pytest.raises(IllegalMove) as info:
        g.apply(Draw(1))
    err = info.value
    assert (err.rule, err.reason, err.move, err.is_ruling) == ("T-0", RefusalReason.NOT_YOUR_TURN, Draw(1), False)
    assert err.refusal == g.why_illegal(Draw(1)) and err.explanation is None
    assert not hasattr(err.refusal, "explanation")
    assert str(err) == "illegal move Draw(player=1): refused by T-0 (not your turn)"
    assert str(err.refusal) == "refused by T-0 (not your turn)"
    assert explain(err.refusal) == "It's not your turn. The player to act is You. (T-0)"
    ruling = IllegalMove(None, Refusal("SP-5", RefusalReason.SPEED_OWN_CARD, player=0, card=C("red 7"), is_ruling=True))
    assert str(ruling) == "illegal move None: refused by SP-5 (speed own card, a ruling of this app)"
    before = i18n.language()
    try:
        i18n.set_language("fr")
        assert str(err) == "illegal move Draw(player=1): refused by T-0 (not your turn)"
        assert explain(err.refusal) != "It's not your turn. The player to act is You. (T-0)"
    finally:
        i18n.set_language(before)
    # the older form still carries its own sentence, and names it
    legacy = IllegalMove("x", "T-9", "No.", True)
    assert (legacy.rule, legacy.reason, legacy.explanation, legacy.is_ruling) == ("T-9", None, "No.", True)
    assert str(legacy) == "illegal move 'x': refused by T-9 (No., a ruling of this app)"


def test_a_skip_is_named_by_its_symbol_word():
    f = Refusal("T-1", RefusalReason.NO_MATCH_SYMBOL, player=0, card=C("blue 3"), other=C("red skip"),
                colour=Colour.RED)
    assert explain(f) == ("You can't play the blue 3 on the red skip: it matches neither the colour (red) "
                          "nor the symbol (Skip). (T-1)")


def test_names_come_from_the_wording_call_or_the_refusal():
    f = Refusal("T-0", RefusalReason.NOT_YOUR_TURN, player=1, seat=0)
    assert explain(f) == "It's not your turn. The player to act is player 1. (T-0)"
    assert explain(f, ["Zoe", "Ava"]) == "It's not your turn. The player to act is Zoe. (T-0)"


def test_refusals_name_only_the_draw_cards_on_the_table():
    """Issue 9: a refusal speaks of a Wild Draw Four or a Draw Two only when one is being
    answered, is the top card or is the card of the move (e.g. a third player's `challenge`
    facing a stacked Draw Two says nothing of a Wild Draw Four)."""
    import random

    from unoparty.engine import Accept, Challenge, Draw, Play
    from unoparty.game import Game
    from unoparty.playout import random_move
    from unoparty.rules import Rules

    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        g = Game(["A", "B", "C", "D"], Rules(stacking=True), seed=seed)
        for _ in range(150):
            if g.phase.is_over:
                break
            for p in range(4):
                moves = [Challenge(p), Accept(p), Draw(p)] + [Play(p, c) for c in set(g.hands[p])]
                for m in moves:
                    f = g.why_illegal(m)
                    if f is None or f.reason is RefusalReason.NOTHING_TO_CHALLENGE:
                        continue
                    text = explain(f)
                    cards = {getattr(m, "card", None), g.top_card}
                    pending = g.phase is Phase.CHALLENGE and g._state.pending_kind
                    if "Wild Draw Four" in text:
                        assert pending is Kind.WILD_DRAW_FOUR or any(c and c.kind is Kind.WILD_DRAW_FOUR for c in cards), text
                    if "Draw Two" in text.replace("draw two", ""):
                        assert pending is Kind.DRAW_TWO or any(c and c.kind is Kind.DRAW_TWO for c in cards), text
                    checked += 1
            g.apply(random_move(g, rng))
    assert checked > 1000


def test_every_reason_has_its_own_entry_in_the_table():
    from unoparty.refusal_words import WORDS
    assert set(WORDS) == set(RefusalReason)


@pytest.mark.parametrize("lang", ["en", "fr", "ro", "nb", "cs"])
def test_every_reason_is_worded_in_every_language(lang):
    import re

    from unoparty import i18n
    i18n.set_language(lang)
    try:
        for reason in RefusalReason:
            f = Refusal("X-1", reason, player=0, card=C("red 7"), other=C("blue skip"), seat=1, count=3,
                        colour=Colour.RED, kind=Kind.DRAW_TWO, phase=Phase.ROUND_OVER, names=("You", "Ava"))
            text = explain(f)
            assert text.endswith("(X-1)") and "{" not in text and "None" not in text, (lang, reason, text)
            assert lang == "en" or not re.search(r"\bYou\b", text), (lang, reason, text)
    finally:
        i18n.set_language("en")
