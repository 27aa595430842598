"""`legal_moves`: every move a player may make now (never a speed-play mistake, SP-4).

Agrees with `why_illegal` (a property test checks it): a move is listed here if and only if
`why_illegal` returns ``None`` and it is not a speed-play mistake.
"""

from __future__ import annotations

from itertools import combinations

from ..cards import COLOURS, Card, Kind
from .moves import (Accept, CallUno, Catch, Challenge, Draw, Keep, Move, Play, PointAt, SpeedPlay,
                    TakeMiniPile)
from .refusals import MATCHING, SPEED_MATCHING, fits_mini_pile
from .state import Phase, State

__all__ = ["legal_moves"]

_PAIRS: dict[int, tuple[tuple[int, int], ...]] = {}


def _pairs(n: int) -> tuple[tuple[int, int], ...]:
    if n not in _PAIRS:
        _PAIRS[n] = tuple(combinations(range(n), 2))
    return _PAIRS[n]


# (seat, card, players, hand size up to 4, a Seven-O seven, doubles possible) -> the plays
_VARIANTS: dict[tuple[int, Card, int, int, bool, bool], tuple[Play, ...]] = {}


def _play_variants(s: State, p: int, card: Card, out: list[Move], allow_twice: bool = True) -> None:
    hand = s.hands[p]
    rules = s.rules
    seven = rules.seven_o and card.kind is Kind.NUMBER and card.number == 7
    two = allow_twice and rules.doubles and card.kind < Kind.WILD and hand.count(card) >= 2
    size = len(hand)
    key = (p, card, s.n, size if size <= 3 else 4, seven, two)
    moves = _VARIANTS.get(key)
    if moves is None:
        moves = _VARIANTS[key] = _build_variants(s.n, p, card, size, seven, two)
    out += moves


def _build_variants(n: int, p: int, card: Card, size: int, seven: bool, two: bool) -> tuple[Play, ...]:
    kind = card.kind
    colours = COLOURS if kind.takes_colour else (None,)
    links: tuple[tuple[int, int] | None, ...] = _pairs(n) if kind is Kind.WILD_DRAWN_TOGETHER else (None,)
    swaps: tuple[int | None, ...] = (None,) + tuple(t for t in range(n) if t != p) if seven else (None,)
    out: list[Play] = []
    for twice in ((False, True) if two else (False,)):
        left = size - (2 if twice else 1)
        calls = (False, True) if left == 1 else (False,)
        for colour in colours:
            for link in links:
                for swap in swaps:
                    for call in calls:
                        out.append(Play(p, card, colour, link, call, swap, twice))
    return tuple(out)


# The one-field moves, made once per seat and shared (moves are frozen values); pointing too.
_SIMPLE: dict[tuple[type[Move], int], Move] = {}
_POINTS: dict[tuple[int, int], tuple[PointAt, ...]] = {}
_SPEEDS: dict[tuple[int, Card, int, bool, bool], tuple[SpeedPlay, ...]] = {}


def _simple(kind: type[Draw | Keep | Accept | Challenge | TakeMiniPile | CallUno], p: int) -> Move:
    move = _SIMPLE.get((kind, p))
    if move is None:
        move = _SIMPLE[(kind, p)] = kind(p)
    return move


def legal_moves(s: State, p: int) -> list[Move]:
    """Every move seat `p` may make now, in a stable order (plays, then draw/keep/answers,
    then speed plays, UNO calls and catches). Builds no refusal: T-1 is looked up in the
    matching table (`refusals.MATCHING`), and the move objects are made once and shared."""
    phase = s.phase
    if phase is Phase.ROUND_OVER or phase is Phase.MATCH_OVER:
        return []
    out: list[Move] = []
    hand = s.hands[p]
    distinct = dict.fromkeys(hand)
    is_cur = p == s.current
    if phase is Phase.TURN:
        if is_cur:
            # _play_variants, written inline for the commonest case.
            ok = MATCHING[s.discard_pile[-1]][s.colour]
            rules = s.rules
            seven_o, doubles = rules.seven_o, rules.doubles
            size = len(hand)
            bucket = size if size <= 3 else 4
            n = s.n
            for card in distinct:
                if card in ok:
                    kind = card.kind
                    seven = seven_o and kind is Kind.NUMBER and card.number == 7
                    two = doubles and kind < Kind.WILD and hand.count(card) >= 2
                    key = (p, card, n, bucket, seven, two)
                    moves = _VARIANTS.get(key)
                    if moves is None:
                        moves = _VARIANTS[key] = _build_variants(n, p, card, size, seven, two)
                    out += moves
            out.append(_simple(Draw, p))
    elif phase is Phase.DRAWN:
        if is_cur:
            assert s.drawn_card is not None  # the card just drawn, in this phase
            _play_variants(s, p, s.drawn_card, out, allow_twice=False)
            out.append(_simple(Keep, p))
    elif phase is Phase.CHALLENGE:
        if is_cur:
            if s.rules.stacking:
                for card in distinct:
                    if card.kind is s.pending_kind:
                        _play_variants(s, p, card, out)
            out.append(_simple(Accept, p))
            if s.pending_kind is Kind.WILD_DRAW_FOUR:
                out.append(_simple(Challenge, p))
    elif phase is Phase.POINTING:
        if p not in s.pointing:
            seats = (s.n, p)
            points = _POINTS.get(seats)
            if points is None:
                points = _POINTS[seats] = tuple(PointAt(p, t) for t in range(s.n) if t != p)
            out += points
    elif phase is Phase.MINI_PILE:
        if is_cur:
            fits = [c for c in distinct if fits_mini_pile(s, c)]
            if fits:
                calls = (False, True) if len(hand) == 2 else (False,)
                for card in fits:
                    for call in calls:
                        out.append(Play(p, card, call_uno=call))
            else:
                out.append(_simple(TakeMiniPile, p))
    if (phase is Phase.TURN or (phase is Phase.DRAWN and not is_cur)) and s.rules.has_speed_play \
            and s.top_player != p:
        two = len(hand) == 2
        seven_o = s.rules.seven_o
        exact = SPEED_MATCHING[s.discard_pile[-1]][s.rules.jump_in]
        for card in distinct:
            if card in exact:
                seven = seven_o and card.kind is Kind.NUMBER and card.number == 7
                speed_key = (p, card, s.n, two, seven)
                speeds = _SPEEDS.get(speed_key)
                if speeds is None:
                    calls = (False, True) if two else (False,)
                    swaps: tuple[int | None, ...] = (None,) + tuple(t for t in range(s.n) if t != p) if seven else (None,)
                    speeds = _SPEEDS[speed_key] = tuple(SpeedPlay(p, card, call, swap) for call in calls for swap in swaps)
                out += speeds
    if len(hand) == 1 and not s.uno_called[p]:
        out.append(_simple(CallUno, p))
    t = s.catchable
    if t is not None and t != p and len(s.hands[t]) == 1 and not s.uno_called[t]:
        out.append(Catch(p, t))
    return out
