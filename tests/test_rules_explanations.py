"""Explanations name the cards (DESIGN.md "Errors"): refusals of card moves, rule by rule."""

from __future__ import annotations

from tests.helpers_rules import C, Phase, ok, refuse, table, turn_of


def test_SP_5_drawing_player_speed_play_refusal_names_the_drawn_card():
    """SP-5 / order of refusals / DESIGN.md "Errors" (explanations name the cards): the
    drawing player's speed play is refused (T-3) and the explanation names the card drawn
    (as the T-3 refusal of another play does)."""
    g = table("Ava Ben Cal Dee Eli", {"Ava": "red 7, green 1", "Ben": "red 7, yellow 1",
                                      "Cal": "green 2", "Dee": "yellow 2", "Eli": "blue 9"},
              "Ava", "red 5", "red 1")
    ok(g, "Ava: play red 7")
    ok(g, "Ben: draw")
    refuse(g, "Ben: speed play red 7", "T-3", "red 1")


import pytest  # noqa: E402

from tests.helpers_rules import Rules  # noqa: E402

_D = "blue 1, blue 2, blue 3, blue 4, green 8, green 9"


def _t(ava, ben="blue 7, red 3, yellow 8, red 7", cal="green 2, red 4", before=(), **kw):
    g = table("Ava Ben Cal", {"Ava": ava, "Ben": ben, "Cal": cal}, "Ava", kw.pop("top", "red 5"),
              kw.pop("draw", _D), **kw)
    for text in before:
        ok(g, text)
    return g


# (situation, refused move naming a held card, rule cited)
CARD_REFUSALS = [
    ("out of turn", lambda: _t("red 1, green 1"), "Ben: play red 3", "T-0"),
    ("during pointing", lambda: _t("red point taken, green 1", before=["Ava: play red point taken"]),
     "Ben: play red 3", "PT-3"),
    ("during challenge", lambda: _t("wild draw four, green 1", before=["Ava: play wild draw four as red"]),
     "Ben: play red 3", "W-3"),
    ("at round over", lambda: _t("red 1", before=["Ava: play red 1"]), "Ben: play red 3", "R-1"),
    ("speed play while pointing", lambda: _t("red point taken, green 1", before=["Ava: play red point taken"]),
     "Ben: speed play red 3", "SP-5"),
    ("speed play onto own card", lambda: _t("red 7, red 7, green 1", before=["Ava: play red 7"]),
     "Ava: speed play red 7", "SP-5"),
    ("classic speed play", lambda: _t("red 7, green 1", rules=Rules(rule_set="classic"), before=["Ava: play red 7"]),
     "Ben: speed play red 7", "SP-7"),
    ("call uno on a play leaving two", lambda: _t("red 1, green 1, green 2"),
     "Ava: play red 1 and call uno", "U-1"),
    ("seven-o off", lambda: _t("red 7, green 1"), "Ava: play red 7 swapping with Ben", "H-2"),
    ("doubles off", lambda: _t("red 1, red 1, green 1"), "Ava: play red 1 twice", "H-4"),
    ("stacking, wrong card", lambda: _t("red draw two, green 1", rules=Rules(stacking=True),
                                        before=["Ava: play red draw two"]), "Ben: play red 3", "H-1"),
]


@pytest.mark.parametrize("situation,make,text,rule", CARD_REFUSALS, ids=[c[0] for c in CARD_REFUSALS])
def test_every_refused_card_move_names_the_card(situation, make, text, rule):
    """DESIGN.md "Errors": explanations name the cards. Every refusal of a play or speed play
    of a card the player holds names that card (here: the rule is right and the state is
    unchanged; only the card's name is missing from some explanations)."""
    g = make()
    card = text.split(" play ", 1)[1].split(" and ")[0].split(" swapping")[0].split(" twice")[0]
    refuse(g, text, rule, card)
