"""RULES.md "Order of refusals": when several rules forbid a move, the refusal cites the first
that applies. Each test builds a move that two (or more) rules forbid and checks the rule
cited, that the state is unchanged and that the explanation names the card."""

from __future__ import annotations

import pytest

from tests.helpers_rules import C, Colour, Phase, Rules, ok, refuse, snapshot, table
from unoparty.engine import Play, SpeedPlay
from unoparty.errors import IllegalMove
from unoparty.refusal_words import explain

ABC = "Ava Ben Cal"
DRAW = "blue 1, blue 2, blue 3, green 4, green 5, green 6"


def g3(ava="red 7, blue 3, wild, wild drawn together, red 1", ben="blue 7, red 3, yellow 8, wild",
       cal="green 2, red 4, red 7", **kw):
    return table(ABC, {"Ava": ava, "Ben": ben, "Cal": cal}, kw.pop("turn", "Ava"),
                 kw.pop("top", "red 5"), kw.pop("draw", DRAW), **kw)


def refuse_move(g, move, rule, *words):
    before = snapshot(g)
    why = g.why_illegal(move)
    assert why is not None and why.rule == rule, (why, rule)
    with pytest.raises(IllegalMove) as info:
        g.apply(move)
    assert info.value.rule == rule and snapshot(g) == before
    for w in words:
        assert w in explain(info.value.refusal), (w, explain(info.value.refusal))
    if 0 <= move.player < g.n_players:
        assert move not in g.legal_moves(move.player)


# ---- 1. not held -------------------------------------------------------------------------------

def test_T_1_order_not_held_comes_before_not_your_turn():
    """Order 1: a card not held is refused T-1 even out of turn (T-0 would also apply)."""
    g = g3()
    refuse(g, "Ben: play green 9", "T-1", "green 9")


def test_SP_4_order_not_held_speed_play_before_phase_and_own_card():
    """Order 1: a speed play of a card not held is refused SP-4 before SP-5 / SP-7."""
    g = g3(ava="red point taken, red 1")
    ok(g, "Ava: play red point taken")
    refuse(g, "Ben: speed play green 9", "SP-4", "green 9")    # pointing: SP-5 also applies
    g = g3(rules=Rules(rule_set="classic"), ava="red 7, blue 3, wild, red 1")
    refuse(g, "Ben: speed play green 9", "SP-4", "green 9")    # classic: SP-7 also applies


# ---- 2. not this player's moment -------------------------------------------------------------

def test_T_0_order_out_of_turn_before_no_match_or_missing_colour():
    """Order 2 before 3: out of turn, a non-matching card or a wild without colour is refused
    T-0 (not T-1, not W-1)."""
    g = g3()
    refuse(g, "Ben: play yellow 8", "T-0", "Ava")
    refuse(g, "Ben: play wild", "T-0", "Ava")
    refuse(g, "Ben: play red 3 and call uno", "T-0", "Ava")


def test_PT_3_order_play_or_draw_while_pointing():
    """Order 2: during `pointing` a play (even non-matching, even by the next player) or a draw
    is refused PT-3; a point at oneself outside pointing is PT-3 too."""
    g = g3(ava="red point taken, red 1")
    refuse(g, "Ava: point at Ava", "PT-3")
    ok(g, "Ava: play red point taken")
    refuse(g, "Ben: play yellow 8", "PT-3")
    refuse(g, "Ben: draw", "PT-3")
    refuse(g, "Cal: play red 7", "PT-3")


def test_W_3_order_play_or_draw_during_challenge():
    """Order 2: during `challenge` a play or draw is refused W-3 (by the next player or anyone);
    accept/challenge outside it W-3; a speed play SP-5."""
    g = g3(ava="wild draw four, red 1")
    refuse(g, "Ben: accept", "W-3")
    ok(g, "Ava: play wild draw four as green")
    refuse(g, "Ben: play yellow 8", "W-3")
    refuse(g, "Ben: play wild", "W-3")
    refuse(g, "Cal: play green 2", "W-3")
    refuse(g, "Ben: draw", "W-3")
    refuse(g, "Cal: speed play red 7", "SP-5")
    refuse(g, "Ava: keep", "T-3")
    refuse(g, "Ava: take mini pile", "PU-6")


def test_PU_4_order_draw_during_mini_pile_and_T_0_for_another_adder():
    """Order 2: during `mini pile` a draw is refused PU-4; another player's add is T-0 even if
    the card does not fit (PU-4 would also apply)."""
    g = g3(ava="wild pile up, red 1", draw="red 9, blue 1")
    ok(g, "Ava: play wild pile up")
    refuse(g, "Ben: draw", "PU-4")
    refuse(g, "Cal: draw", "PU-4")
    refuse(g, "Cal: play green 2", "T-0", "Ben")
    refuse(g, "Ava: point at Ben", "PT-3")
    refuse(g, "Ben: accept", "W-3")


def test_T_3_order_other_play_during_drawn_before_no_match():
    """Order 2: during `drawn` a play other than the drawn card is refused T-3, even a card
    that would not match (T-1) or a wild without colour (W-1); another player's play is T-0."""
    g = g3(draw="red 2")
    ok(g, "Ava: draw")
    refuse(g, "Ava: play blue 3", "T-3", "red 2")
    refuse(g, "Ava: play wild", "T-3", "red 2")
    refuse(g, "Ben: play red 3", "T-0", "Ava")


def test_R_1_order_anything_at_round_over():
    """Order 2: anything at `round over` is R-1, even what another rule also forbids."""
    g = g3(ava="red 1")
    ok(g, "Ava: play red 1")
    refuse(g, "Ben: play yellow 8", "R-1")
    refuse(g, "Ben: play wild", "R-1")
    refuse(g, "Ben: point at Ben", "R-1")
    refuse(g, "Ben: call uno", "R-1")


def test_SP_7_order_classic_without_jump_in_before_phase():
    """Order 2: classic without Jump-In: speed play refused SP-7 whatever the phase."""
    rules = Rules(rule_set="classic")
    g = g3(ava="wild draw four, red 1", rules=rules)
    ok(g, "Ava: play wild draw four as green")
    refuse(g, "Cal: speed play red 7", "SP-7")


# ---- 3. the card or choice breaks a rule -----------------------------------------------------

def test_SP_5_order_own_card_before_call_uno():
    """Order 3: a speed play onto your own card with a wrong `and call uno` is SP-5 first."""
    g = g3(ava="red 7, red 7, blue 3, red 1")
    ok(g, "Ava: play red 7")
    refuse(g, "Ava: speed play red 7 and call uno", "SP-5")


def test_T_1_order_no_match_before_colour_rules():
    """Order 3: T-1 (no match) before W-1: a non-matching card with a colour named is T-1."""
    g = g3()
    refuse_move(g, Play(0, C("blue 3"), colour=Colour.RED), "T-1", "blue 3")


def test_W_1_order_missing_colour_before_missing_link_and_uno():
    """Order 3: W-1 before LK-1 and U-1: a Wild Drawn Together with neither colour nor pair,
    with a wrong `and call uno`, is refused W-1."""
    g = g3()
    refuse_move(g, Play(0, C("wild drawn together"), call_uno=True), "W-1", "wild drawn together")


def test_PU_3_order_colour_on_mini_pile_before_fit():
    """Order 3: PU-3 (a colour named on a mini pile) before PU-4 (does not fit)."""
    g = g3(ava="wild pile up, red 1", draw="red 9, blue 1")
    ok(g, "Ava: play wild pile up")
    refuse_move(g, Play(1, C("blue 7"), colour=Colour.RED), "PU-3", "blue 7")
    refuse_move(g, Play(1, C("wild"), colour=Colour.BLUE), "PU-3", "wild")


def test_PU_1_order_colour_for_pile_up_before_uno():
    """Order 3: PU-1 (colour for Wild Pile Up) before U-1."""
    g = g3(ava="wild pile up, red 1, red 2")
    refuse_move(g, Play(0, C("wild pile up"), colour=Colour.RED, call_uno=True), "PU-1")


def test_LK_1_order_bad_pair_before_call_uno():
    """Order 3: LK-1 before U-1: a bad pair with a wrong `and call uno` is LK-1."""
    g = g3()
    refuse(g, "Ava: play wild drawn together as red linking Ben and Ben and call uno", "LK-1")


def test_U_1_order_call_uno_before_house_rules():
    """Order 3: U-1 before H-2 / H-4 (options off)."""
    g = g3()
    refuse(g, "Ava: play red 7 swapping with Ben and call uno", "U-1")
    g = g3(ava="red 7, red 7, blue 3, red 1")
    refuse(g, "Ava: play red 7 twice and call uno", "U-1")


def test_PU_5_must_add_with_fit_order():
    """Order 3: take mini pile with a fitting card is PU-5; by another player T-0."""
    g = g3(ava="wild pile up, red 1", draw="red 9, blue 1")
    ok(g, "Ava: play wild pile up")
    refuse(g, "Cal: take mini pile", "T-0", "Ben")
    refuse(g, "Ben: take mini pile", "PU-5", "red 3")


def test_H_2_H_4_order_house_rules_last():
    """Order 3: H-2 / H-4 come after T-1: a non-matching 7 with `swapping with` is T-1."""
    g = g3(ava="blue 7, blue 7, red 1")
    refuse(g, "Ava: play blue 7 swapping with Ben", "T-1", "blue 7", "red 5")
    refuse(g, "Ava: play blue 7 twice", "T-1", "blue 7")
    g = g3(ava="red 7, red 7, red 1")
    refuse(g, "Ava: play red 7 swapping with Ben", "H-2")
    refuse(g, "Ava: play red 7 twice", "H-4")


def test_T_0_seats_not_at_the_table_are_refused_never_raise():
    """T-0 / U-3 / PT-3 / H-2 / LK-1: moves naming seats that are not at the table are refused
    with a rule id (never an exception), the state unchanged."""
    from unoparty.engine import Catch, Draw, PointAt
    g = g3(ava="red 7, wild drawn together, red point taken", rules=Rules(seven_o=True))
    refuse_move(g, Play(5, C("red 7")), "T-0")
    refuse_move(g, Draw(-1), "T-0")
    refuse_move(g, Catch(1, 9), "U-3")
    refuse_move(g, Play(0, C("red 7"), swap_with=7), "H-2")
    refuse_move(g, Play(0, C("wild drawn together"), colour=Colour.RED, link=(0, 9)), "LK-1")
    ok(g, "Ava: play red point taken")
    refuse_move(g, PointAt(0, 9), "PT-3")
    refuse_move(g, PointAt(0, -1), "PT-3")


def test_refusals_decided_by_a_ruling_say_so_and_printed_ones_do_not():
    """RULES.md preamble: the app tells the learner when a ruling (not a printed rule) decided
    something. Refusals by SP-5, U-2, U-3, PU-5 and H-4 (wild doubles) are rulings: flagged and
    explained as such; T-0, T-1, W-1, PT-3, SP-4, SP-7 refusals are printed rules: not flagged."""
    note = "printed rules don't say"
    g = g3(ava="red 7, red 7, blue 3, red 1")
    for text, rule in (("Ben: play red 3", "T-0"), ("Ava: play blue 3", "T-1"),
                       ("Ben: speed play green 9", "SP-4"), ("Ava: catch Ava", "U-3")):
        err = refuse(g, text, rule)
        assert err.is_ruling is (rule == "U-3") and (note in explain(err.refusal)) is err.is_ruling, text
    g = g3(ava="red 7, red 7")
    ok(g, "Ava: play red 7")
    err = refuse(g, "Ava: speed play red 7", "SP-5")
    assert err.is_ruling and note in explain(err.refusal)
    ok(g, "Ben: play red 3")
    err = refuse(g, "Cal: catch Ava", "U-2")
    assert err.is_ruling and note in explain(err.refusal)
    g = g3(ava="wild pile up, red 1", draw="red 9, blue 1")
    ok(g, "Ava: play wild pile up")
    err = refuse(g, "Ben: take mini pile", "PU-5")
    assert err.is_ruling and note in explain(err.refusal)
    g = g3(ava="wild, wild, red 1", rules=Rules(doubles=True))
    err = refuse(g, "Ava: play wild as red twice", "H-4")
    assert err.is_ruling and note in explain(err.refusal)
    err = refuse(g, "Ava: play wild", "W-1")
    assert not err.is_ruling and note not in explain(err.refusal)
    g = g3(ava="red point taken, red 1")
    ok(g, "Ava: play red point taken")
    err = refuse(g, "Ava: point at Ava", "PT-3")
    assert not err.is_ruling
    g = g3(rules=Rules(rule_set="classic"), ava="red 7, blue 3, wild, red 1")
    err = refuse(g, "Cal: speed play red 7", "SP-7")
    assert not err.is_ruling


def test_why_illegal_is_a_table_with_a_checker_for_every_kind_of_move() -> None:
    """Issue 18: `why_illegal` is one entry per kind of move (`engine.refusals.CHECKERS`), so
    no kind of move can lack its reasons; a new kind of move without a checker fails here,
    and `check_move_types` accepts exactly the kinds the table checks."""
    import typing

    from unoparty.engine.moves import Move
    from unoparty.engine.refusals import _MOVE_TYPES, CHECKERS
    kinds = set(typing.get_args(Move))
    assert set(CHECKERS) == kinds and _MOVE_TYPES == kinds and len(kinds) == 10
    assert all(callable(check) for check in CHECKERS.values())
    # each kind's entry answers for it: when the round is over, every kind is refused by R-1
    g = table("Ava Ben", {"Ava": "red 1", "Ben": "blue 1"}, "Ava", "red 5")
    ok(g, "Ava: play red 1")
    moves = [g.parse_move(f"Ben: {m}") for m in ("play blue 1", "draw", "keep", "speed play blue 1", "call uno",
                                                 "catch Ava", "accept", "challenge", "point at Ava", "take mini pile")]
    assert {type(m) for m in moves} == kinds
    for move in moves:
        assert g.why_illegal(move).rule == "R-1", move
