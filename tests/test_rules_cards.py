"""Rule tests, family D (cards), and the coverage check: every rule id of RULES.md is named
by some test in tests/test_rules_*.py."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tests.helpers_rules import C
from unoparty.cards import ALL_CARDS, Card, Kind, deck, deck_counts
from unoparty.errors import MoveSyntaxError
from unoparty.game import Game
from unoparty.rulebook import RULES
from unoparty.rules import Rules

TESTS = Path(__file__).parent
COLOURS = ("red", "yellow", "green", "blue")


def test_every_rule_id_is_named_by_a_rule_test():
    """Every rule id in RULES.md (unoparty.rulebook.RULES) is named by a test function
    (``test_SP_3_...``) in some tests/test_rules_*.py module."""
    text = "\n".join(p.read_text() for p in sorted(TESTS.glob("test_rules_*.py")))
    names = set(re.findall(r"^def (test_\w+)", text, re.M))
    missing = []
    for rid in RULES:
        prefix = "test_" + rid.replace("-", "_") + "_"
        if not any(n.startswith(prefix) for n in names):
            missing.append(rid)
        elif rid not in text:
            missing.append(rid)
    assert not missing, f"rule ids without a test: {missing}"


def test_D_1_party_deck_has_224_cards_in_the_documented_counts():
    """D-1: 224 cards; per colour two 0s, four each of 1–9, four Draw Two / Reverse / Skip,
    two Point Taken; four each of the four wild cards."""
    d = deck("party")
    assert len(d) == 224
    counts = Counter(d)
    for colour in COLOURS:
        assert counts[C(f"{colour} 0")] == 2
        for n in range(1, 10):
            assert counts[C(f"{colour} {n}")] == 4
        for action in ("draw two", "reverse", "skip"):
            assert counts[C(f"{colour} {action}")] == 4
        assert counts[C(f"{colour} point taken")] == 2
    for wild in ("wild", "wild draw four", "wild drawn together", "wild pile up"):
        assert counts[C(wild)] == 4
    assert sum(counts.values()) == 8 + 144 + 48 + 8 + 16
    assert dict(counts) == deck_counts("party")


def test_D_1_a_dealt_party_game_holds_the_whole_deck():
    """D-1: a dealt party game holds exactly the 224-card deck, for several table sizes."""
    for n in (2, 6, 16):
        g = Game([f"P{i}" for i in range(n)], seed=n)
        c = Counter(g.draw_pile) + Counter(g.discard_pile)
        for h in g.hands:
            c.update(h)
        assert c == Counter(deck("party"))


def test_D_2_direction_tracker_and_link_cards_are_not_in_the_deck():
    """D-2: the Direction Tracker and the Link cards are markers, not cards of the deck:
    no card kind for them, they cannot be parsed, links and direction are table state."""
    assert {c.kind for c in ALL_CARDS} == set(Kind)
    assert len(ALL_CARDS) == 4 * 14 + 4
    for text in ("link", "direction tracker", "red link"):
        with pytest.raises(MoveSyntaxError):
            Card.parse(text)
    g = Game(["A", "B", "C"], seed=3)
    assert g.links == () and g.direction == 1
    assert g.card_count() == 224


def test_D_3_classic_deck_has_108_cards_in_the_documented_counts():
    """D-3 (classic): 108 cards; per colour one 0, two each of 1–9, two each of Skip, Reverse,
    Draw Two; four Wild, four Wild Draw Four; no Point Taken, Drawn Together, Pile Up."""
    d = deck("classic")
    assert len(d) == 108
    counts = Counter(d)
    for colour in COLOURS:
        assert counts[C(f"{colour} 0")] == 1
        for n in range(1, 10):
            assert counts[C(f"{colour} {n}")] == 2
        for action in ("draw two", "reverse", "skip"):
            assert counts[C(f"{colour} {action}")] == 2
        assert counts[C(f"{colour} point taken")] == 0
    assert counts[C("wild")] == 4 and counts[C("wild draw four")] == 4
    assert counts[C("wild drawn together")] == 0 and counts[C("wild pile up")] == 0
    g = Game(["A", "B"], rules=Rules(rule_set="classic"), seed=1)
    assert g.card_count() == 108


def test_D_4_card_kinds_number_coloured_action_and_wild():
    """D-4: number cards 0–9; coloured action cards Draw Two, Reverse, Skip, Point Taken;
    wild cards Wild, Wild Draw Four, Wild Drawn Together, Wild Pile Up. The symbol of an
    action card is its action (Reverse on Reverse)."""
    for n in range(10):
        c = C(f"green {n}")
        assert c.is_number and not c.is_action and not c.is_wild and c.symbol == str(n)
    for action in ("draw two", "reverse", "skip", "point taken"):
        c = C(f"blue {action}")
        assert c.is_action and not c.is_number and not c.is_wild and c.symbol == action
    for wild in ("wild", "wild draw four", "wild drawn together", "wild pile up"):
        c = C(wild)
        assert c.is_wild and not c.is_action and not c.is_number and c.colour is None
    assert C("red reverse").symbol == C("blue reverse").symbol


def test_D_4_every_card_text_round_trips():
    """D-4 / DESIGN: ``Card.parse(str(c)) == c`` for every card of both decks."""
    for c in ALL_CARDS:
        assert Card.parse(str(c)) == c
        assert Card.parse(str(c).upper()) == c
    for c in set(deck("party")) | set(deck("classic")):
        assert Card.parse(str(c)) is c or Card.parse(str(c)) == c


def test_rule_tests_name_their_rule_in_the_docstring():
    """Every test named after a rule (``test_SP_3_...``) has a docstring naming that rule."""
    import ast
    ids = set(RULES)
    missing = []
    for path in sorted(TESTS.glob("test_rules_*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                m = re.match(r"test_([A-Z]{1,2})_(\d+)_", node.name)
                if m and f"{m[1]}-{m[2]}" in ids:
                    doc = ast.get_docstring(node) or ""
                    if f"{m[1]}-{m[2]}" not in doc:
                        missing.append(f"{path.name}::{node.name}")
    assert not missing, missing
