"""Helpers for the engine's rule tests (tests/test_rules_*.py): small tables built with
``Game.from_setup(..., rest="none")`` so that only the cards written in a test exist, and
checks that a refused move names its rule and leaves the game exactly as it was.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping

import pytest

from unoparty.cards import Card, Colour, parse_colour
from unoparty.engine import EventKind, Phase
from unoparty.errors import IllegalMove
from unoparty.game import Game
from unoparty.rules import Rules
from unoparty.refusal_words import explain

__all__ = ["C", "cards", "table", "snapshot", "refuse", "ok", "all_cards", "hand", "kinds",
           "events_of", "seat_names", "turn_of", "EventKind", "Phase", "Colour", "Rules"]


def C(text: str) -> Card:
    """One card from its text (``"red 7"``)."""
    return Card.parse(text)


def cards(spec: str | Iterable[str] | Iterable[Card]) -> list[Card]:
    """Cards from ``"red 7, blue 2"`` or a list of texts / cards; ``""`` is no cards."""
    if isinstance(spec, str):
        return [Card.parse(t) for t in spec.split(",") if t.strip()]
    return [c if isinstance(c, Card) else Card.parse(c) for c in spec]


def table(players: str | list[str], hands: Mapping[str, str | list], turn: str | None = None,
          discard: str | list = "red 5", draw: str | list = (), *, rules: Rules | None = None,
          colour: str | Colour | None = None, rest: str = "none", **kw) -> Game:
    """A table set up by hand. `players`: ``"Ava Ben Cal"`` or a list; `hands`: name →
    ``"red 7, wild"``; `turn`: default the first player; `discard`: bottom first;
    `draw`: top first. Only these cards exist unless ``rest="shuffled"``."""
    names = players.split() if isinstance(players, str) else list(players)
    if isinstance(colour, str):
        colour = parse_colour(colour)
    return Game.from_setup(
        names, {n: cards(v) for n, v in hands.items()}, turn or names[0], cards(discard),
        cards(draw), rules=rules or Rules(), colour=colour, rest=rest, **kw)


def snapshot(g: Game) -> dict:
    """Everything observable about a game, to compare before and after a refused move."""
    return dict(
        json=g.to_json(), hands=g.hands, draw=g.draw_pile, discard=g.discard_pile,
        mini=g.mini_pile, colour=g.colour, direction=g.direction, phase=g.phase,
        current=g.current, links=g.links, scores=g.scores, uno=g.uno_called,
        catchable=g.catchable, drawn=g.drawn_card, pending=g.pending_draw,
        waiting=g.waiting_for, top_player=g.top_player, events=g.events, history=g.history,
        outcome=g.outcome(),
    )


def refuse(g: Game, text: str, rule: str, *words: str) -> IllegalMove:
    """`text` must be refused citing `rule` (by `why_illegal` and by `apply`), the game must
    be unchanged, the explanation must end with the rule id and contain each of `words`
    (case-insensitive; typically the cards' names), and `legal_moves` must not list it."""
    move = g.parse_move(text)
    before = snapshot(g)
    why = g.why_illegal(move)
    assert why is not None, f"{text!r} should be refused ({rule}) but why_illegal allows it"
    assert why.rule == rule, f"{text!r}: refused citing {why.rule}, expected {rule}: {explain(why)}"
    with pytest.raises(IllegalMove) as info:
        g.apply(move)
    err = info.value
    assert err.rule == rule
    assert err.move == move
    assert snapshot(g) == before, f"{text!r} was refused but the game changed"
    assert explain(err.refusal).rstrip().endswith(f"({rule})"), explain(err.refusal)
    for w in words:
        assert w.lower() in explain(err.refusal).lower(), f"{w!r} not named in: {explain(err.refusal)}"
    assert move not in g.legal_moves(move.player)
    return err


def ok(g: Game, text: str):
    """Apply `text`, which must be allowed and listed by `legal_moves`; return its events."""
    move = g.parse_move(text)
    why = g.why_illegal(move)
    assert why is None, f"{text!r} refused: {why.rule}: {explain(why)}"
    assert move in g.legal_moves(move.player), f"{text!r} allowed but not in legal_moves"
    before = snapshot(g)
    events = g.apply(move)
    # every rule move can be taken back exactly, and made again with the same result
    g.undo()
    assert snapshot(g) == before, f"undo after {text!r} did not restore the game"
    again = g.apply(move)
    assert again == events, f"{text!r} made again gave other events"
    loaded = Game.from_json(g.to_json())
    mine, theirs = snapshot(g), snapshot(loaded)
    for key in ("events",):   # a loaded game replays its moves, not the dealing events
        mine.pop(key), theirs.pop(key)
    assert theirs == mine, f"save/load after {text!r} changed the game"
    return events


def all_cards(g: Game) -> Counter:
    """Every card in every place: hands, draw pile, discard pile, mini pile."""
    c: Counter = Counter()
    for h in g.hands:
        c.update(h)
    c.update(g.draw_pile)
    c.update(g.discard_pile)
    c.update(g.mini_pile)
    return c


def hand(g: Game, name: str) -> list[str]:
    """A player's hand as sorted card texts."""
    return sorted(str(c) for c in g.hands[g.seat(name)])


def kinds(events) -> list[EventKind]:
    return [e.kind for e in events]


def events_of(events, kind: EventKind) -> list:
    return [e for e in events if e.kind is kind]


def seat_names(g: Game, seats) -> list[str]:
    return [g.name(s) for s in seats]


def turn_of(g: Game) -> str | None:
    return None if g.current is None else g.name(g.current)
