"""Moves and states to plain JSON-able dicts and back (for `Game.to_json`)."""

from __future__ import annotations

from typing import Any, Iterable

from ..cards import Card, Colour, Kind
from ..rules import Rules
from .events import Event, EventKind
from .moves import (Accept, CallUno, Catch, Challenge, Draw, Keep, Move, Play, PointAt, SpeedPlay,
                    TakeMiniPile)
from .state import Phase, State

_MOVES = {c.__name__: c for c in (Accept, CallUno, Catch, Challenge, Draw, Keep, Play, PointAt,
                                   SpeedPlay, TakeMiniPile)}


def move_to_dict(m: Move) -> dict[str, Any]:
    d: dict[str, Any] = {"move": type(m).__name__}
    for name in m.__slots__:
        v = getattr(m, name)
        if isinstance(v, Card):
            v = str(v)
        elif isinstance(v, Colour):
            v = str(v)
        elif isinstance(v, tuple):
            v = list(v)
        d[name] = v
    return d


def move_from_dict(d: dict[str, Any]) -> Move:
    cls = _MOVES[d["move"]]
    kwargs: dict[str, Any] = {}
    for name in cls.__slots__:
        v = d.get(name)
        if name == "card":
            v = Card.parse(str(v))
        elif name == "colour" and v is not None:
            v = Colour[v.upper()]
        elif name == "link" and v is not None:
            v = tuple(v)
        if v is not None or name in ("colour", "link", "swap_with"):
            kwargs[name] = v
    return cls(**kwargs)


def _cards(cs: Iterable[Card]) -> list[str]:
    return [str(c) for c in cs]


def state_to_dict(s: State) -> dict[str, Any]:
    return {
        "n": s.n, "hands": [_cards(h) for h in s.hands], "draw_pile": _cards(s.draw_pile),
        "discard_pile": _cards(s.discard_pile), "colour": None if s.colour is None else str(s.colour),
        "direction": s.direction, "current": s.current, "phase": s.phase.value,
        "top_player": s.top_player, "drawn_card": None if s.drawn_card is None else str(s.drawn_card),
        "uno_called": list(s.uno_called), "catchable": s.catchable, "links": list(s.links),
        "pending_draw": s.pending_draw, "pending_kind": None if s.pending_kind is None else s.pending_kind.name,
        "wd4_player": s.wd4_player, "wd4_legal": s.wd4_legal,
        "wd4_colour": None if s.wd4_colour is None else str(s.wd4_colour), "pointer": s.pointer,
        "pointing": [[k, v] for k, v in s.pointing.items()], "pointing_twice": s.pointing_twice,
        "mini_pile": _cards(s.mini_pile), "mini_colour": None if s.mini_colour is None else str(s.mini_colour),
        "scores": list(s.scores), "round_number": s.round_number, "dealer": s.dealer,
        "winner": s.winner, "round_points": s.round_points, "blocked": s.blocked,
        "idle_turns": s.idle_turns, "match_winner": s.match_winner,
    }


def dict_to_state(d: dict[str, Any], rules: Rules) -> State:
    s = State(rules, d["n"])
    parse = Card.parse
    s.hands = [[parse(c) for c in h] for h in d["hands"]]
    s.draw_pile = [parse(c) for c in d["draw_pile"]]
    s.discard_pile = [parse(c) for c in d["discard_pile"]]
    s.colour = None if d["colour"] is None else Colour[d["colour"].upper()]
    s.direction = d["direction"]
    s.current = d["current"]
    s.phase = Phase(d["phase"])
    s.top_player = d["top_player"]
    s.drawn_card = None if d["drawn_card"] is None else parse(d["drawn_card"])
    s.uno_called = list(d["uno_called"])
    s.catchable = d["catchable"]
    s.links = tuple(d["links"])
    s.pending_draw = d["pending_draw"]
    s.pending_kind = None if d["pending_kind"] is None else Kind[d["pending_kind"]]
    s.wd4_player = d["wd4_player"]
    s.wd4_legal = d["wd4_legal"]
    s.wd4_colour = None if d.get("wd4_colour") is None else Colour[d["wd4_colour"].upper()]
    s.pointer = d["pointer"]
    s.pointing = {k: v for k, v in d["pointing"]}
    s.pointing_twice = d["pointing_twice"]
    s.mini_pile = [parse(c) for c in d["mini_pile"]]
    s.mini_colour = None if d["mini_colour"] is None else Colour[d["mini_colour"].upper()]
    s.scores = list(d["scores"])
    s.round_number = d["round_number"]
    s.dealer = d["dealer"]
    s.winner = d["winner"]
    s.round_points = d["round_points"]
    s.blocked = d["blocked"]
    s.idle_turns = d["idle_turns"]
    s.match_winner = d["match_winner"]
    return s


def event_to_dict(e: Event) -> dict[str, Any]:
    return {"kind": e.kind.name, "rule": e.rule, "player": e.player, "target": e.target,
            "cards": _cards(e.cards), "colour": None if e.colour is None else str(e.colour),
            "count": e.count, "players": list(e.players), "targets": list(e.targets), "flag": e.flag}


def event_from_dict(d: dict[str, Any]) -> Event:
    return Event(EventKind[d["kind"]], d["rule"], d["player"], d["target"],
                 tuple(Card.parse(c) for c in d["cards"]),
                 None if d["colour"] is None else Colour[d["colour"].upper()], d["count"],
                 tuple(d["players"]), tuple(d["targets"]), d["flag"])
