"""Rule tests, family PT (Point Taken)."""

from __future__ import annotations

from tests.helpers_rules import (C, EventKind, Phase, Rules, events_of, hand, ok, refuse, table,
                                 turn_of)

SEVEN = "Ava Ben Cal Dee Eli Fay Gus"
DRAW = ", ".join(f"{c} {n}" for c in ("blue", "green") for n in range(1, 10))


def seven(cal="red point taken, green 1", **kw):
    hands = {n: f"yellow {i}, yellow {i}" for i, n in enumerate(SEVEN.split(), 1)}
    hands["Cal"] = cal
    return table(SEVEN, hands, kw.pop("turn", "Cal"), kw.pop("top", "red 5"), kw.pop("draw", DRAW), **kw)


def everyone_points(g, targets: dict[str, str]):
    evs = []
    for who, at in targets.items():
        evs += ok(g, f"{who}: point at {at}")
    return evs


def test_PT_1_coloured_action_card_matched_by_colour_or_symbol_worth_20():
    """PT-1: Point Taken is a coloured action card worth 20, matched by colour or symbol."""
    assert C("red point taken").points == 20 and C("red point taken").is_action
    g = seven(top="red 5")
    ok(g, "Cal: play red point taken")
    g = seven(top="blue point taken")
    ok(g, "Cal: play red point taken")
    g = seven(top="blue 5")
    refuse(g, "Cal: play red point taken", "T-1", "red point taken", "blue 5")


def test_PT_2_point_taken_ends_links_before_anyone_draws():
    """PT-2: playing a Point Taken ends any link at once, before anyone draws: a linked
    player's partner does not copy the Point Taken draws."""
    g = seven(links=("Ben", "Dee"))
    ev = ok(g, "Cal: play red point taken")
    ended = events_of(ev, EventKind.LINKS_ENDED)[0]
    assert ended.rule == "PT-2" and g.links == ()
    assert [e.kind for e in ev].index(EventKind.LINKS_ENDED) < [e.kind for e in ev].index(EventKind.POINTING_STARTED)
    everyone_points(g, {n: ("Ben" if n != "Ben" else "Ava") for n in SEVEN.split()})
    assert len(g.hands[g.seat("Ben")]) == 2 + 5
    assert len(g.hands[g.seat("Dee")]) == 2


def test_PT_3_everyone_points_at_another_player_secretly():
    """PT-3: after a Point Taken every player — its player too — points at one other player;
    the choices are secret until all have pointed."""
    g = seven()
    ok(g, "Cal: play red point taken")
    assert g.phase is Phase.POINTING and turn_of(g) == "Dee"
    assert set(g.waiting_for) == set(range(7))
    ev = ok(g, "Ava: point at Ben")
    pointed = events_of(ev, EventKind.POINTED)[0]
    assert pointed.target is None          # secret
    assert g.view_for(g.seat("Ben")).my_target is None
    assert g.view_for(g.seat("Ava")).my_target == g.seat("Ben")
    assert g.seat("Ava") not in g.waiting_for
    refuse(g, "Ava: point at Cal", "PT-3")  # already pointed
    ok(g, "Cal: point at Ava")              # the card's player points too
    assert not events_of(g.events, EventKind.POINTING_RESULT)


def test_PT_3_pointing_at_oneself_is_refused():
    """PT-3: a player never points at themselves: refused (PT-3)."""
    g = seven()
    ok(g, "Cal: play red point taken")
    refuse(g, "Ben: point at Ben", "PT-3")
    refuse(g, "Cal: point at Cal", "PT-3")


def test_PT_3_no_play_or_draw_while_pointing_and_no_pointing_outside():
    """PT-3: during pointing a play or a draw is refused (PT-3); pointing outside a Point Taken
    is refused (PT-3)."""
    g = seven()
    refuse(g, "Cal: point at Ava", "PT-3")
    ok(g, "Cal: play red point taken")
    refuse(g, "Dee: play yellow 4", "PT-3")
    refuse(g, "Dee: draw", "PT-3")
    refuse(g, "Cal: play green 1", "PT-3")


def test_PT_4_one_card_per_pointer_at_most_five():
    """PT-4: each player draws one card for each player pointing at them, at most five."""
    g = seven()
    ok(g, "Cal: play red point taken")
    ev = everyone_points(g, {n: ("Ben" if n != "Ben" else "Ava") for n in SEVEN.split()})
    result = events_of(ev, EventKind.POINTING_RESULT)[0]
    assert dict(zip(result.players, result.targets))[g.seat("Ben")] == g.seat("Ava")
    assert len(g.hands[g.seat("Ben")]) == 2 + 5      # six pointers, at most five
    assert len(g.hands[g.seat("Ava")]) == 2 + 1
    assert all(len(g.hands[g.seat(n)]) == 2 for n in ("Dee", "Eli", "Fay", "Gus"))
    assert len(g.hands[g.seat("Cal")]) == 1


def test_PT_4_draws_in_turn_order_from_the_player_after_the_card():
    """PT-4 ruling: the draws are made one after another, starting with the player after the
    card's player, in turn order (so the draw pile's top cards go to the first of them)."""
    g = seven()
    ok(g, "Cal: play red point taken")
    targets = {"Ava": "Ben", "Ben": "Ava", "Cal": "Gus", "Dee": "Ava", "Eli": "Fay", "Fay": "Dee",
               "Gus": "Eli"}
    ev = everyone_points(g, targets)
    drawers = [g.name(e.player) for e in events_of(ev, EventKind.DREW)]
    assert drawers == ["Dee", "Eli", "Fay", "Gus", "Ava", "Ben"]
    draws = {g.name(e.player): e.cards for e in events_of(ev, EventKind.DREW)}
    assert draws["Dee"] == (C("blue 1"),) and draws["Ava"] == (C("blue 5"), C("blue 6"))
    assert draws["Ben"] == (C("blue 7"),)


def test_PT_4_draw_order_counterclockwise():
    """PT-4: counterclockwise, the draws start on the card's player's right."""
    g = seven(direction=-1)
    ok(g, "Cal: play red point taken")
    assert turn_of(g) == "Ben"
    ev = everyone_points(g, {"Ava": "Dee", "Ben": "Dee", "Cal": "Ava", "Dee": "Ben", "Eli": "Dee",
                             "Fay": "Dee", "Gus": "Dee"})
    assert [g.name(e.player) for e in events_of(ev, EventKind.DREW)] == ["Ben", "Ava", "Dee"]


def test_PT_5_play_continues_after_the_card_player_nobody_skipped():
    """PT-5: after the draws, play continues with the player after the card's player — even if
    that player drew; nobody is skipped."""
    g = seven()
    ok(g, "Cal: play red point taken")
    everyone_points(g, {n: ("Dee" if n != "Dee" else "Cal") for n in SEVEN.split()})
    assert len(g.hands[g.seat("Dee")]) == 7
    assert g.phase is Phase.TURN and turn_of(g) == "Dee"
    assert not events_of(g.events, EventKind.SKIPPED)
    ok(g, "Dee: draw")
