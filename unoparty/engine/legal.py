"""`legal_moves`: every move a player may make now (never a speed-play mistake, SP-4).

Agrees with `why_illegal` (a property test checks it): a move is listed here if and only if
`why_illegal` returns ``None`` and it is not a speed-play mistake.
"""

from __future__ import annotations

from itertools import combinations, repeat
from operator import is_ as _is
from typing import Any, Final, Iterable, cast

from ..cards import COLOURS, Card, Kind
from ..errors import SeatError
from .moves import (Accept, CallUno, Catch, Challenge, Draw, Keep, Move, Play, PointAt, SpeedPlay,
                    TakeMiniPile)
from .refusals import MATCHING, SPEED_MATCHING
from .shared import CATCH_INDEX, PLAIN_PLAY_INDEX, PLAY_INDEX, POINT_INDEX, SIMPLE_INDEX
from .state import Phase, State

__all__ = ["legal_moves", "listing", "out_of_turn", "listed_as", "among", "recognise", "LONG", "SHARED"]

# Module constants are `Final`: compiled (mypyc), a final name is a C static, read without
# the look-up in the module's dictionary that every other global costs there (issue 20).
_TURN: Final = Phase.TURN
_DRAWN: Final = Phase.DRAWN
_CHALLENGE: Final = Phase.CHALLENGE
_POINTING: Final = Phase.POINTING
_MINI_PILE: Final = Phase.MINI_PILE
_ROUND_OVER: Final = Phase.ROUND_OVER
_MATCH_OVER: Final = Phase.MATCH_OVER
_NUMBER: Final = Kind.NUMBER
_WILD: Final = Kind.WILD
_WD4: Final = Kind.WILD_DRAW_FOUR
_MATCHING: Final = MATCHING
_SPEED_MATCHING: Final = SPEED_MATCHING
_FROMKEYS: Final = dict.fromkeys  # bound once: compiled, `dict.fromkeys(...)` looks the method up every call

# Every move object `legal_moves` returns is made once and shared, and indexed here by its
# fields (moves are frozen values): a fresh move equal to a listed one — ``Draw(0)`` built by
# the caller — is recognised by `listed_as` with one look-up instead of `why_illegal`.
# Plays by (player, card, colour, link, call_uno, swap_with, twice); speed plays by (player,
# card, call_uno, swap_with); pointing and catches by (player, target); the one-field moves
# in `_SIMPLE` by (type, player).
_PLAY_INDEX: Final[dict[tuple[Any, ...], Play]] = PLAY_INDEX  # also read by `Play.__new__`
_SPEED_INDEX: Final[dict[tuple[Any, ...], SpeedPlay]] = {}
_POINT_INDEX: Final[dict[tuple[int, int], PointAt]] = POINT_INDEX  # also read by `PointAt.__new__`
SHARED: Final[set[int]] = set()
"""The ids of every shared move object (they live as long as the indexes above, so an id
stays theirs): ``id(move) in SHARED`` tells in one look-up that `move` is its value's shared
object (`listed_as(move) is move`), so `Game.apply` need not look for a fresh one's twin."""


def _share(move: Any) -> Any:
    """`move`, a shared object just made, registered in `SHARED`."""
    SHARED.add(id(move))
    return move


def _shared_plays(plays: Iterable[Play]) -> tuple[Play, ...]:
    """`plays` as the shared objects of `_PLAY_INDEX` (the first object made for each value),
    the plain ones (no link, call, swap or second card) also in `PLAIN_PLAY_INDEX`."""
    out: list[Play] = []
    for m in plays:
        shared = _PLAY_INDEX.setdefault((m.player, m.card, m.colour, m.link, m.call_uno, m.swap_with, m.twice), m)
        if shared.link is None and shared.call_uno is False and shared.swap_with is None and shared.twice is False:
            PLAIN_PLAY_INDEX.setdefault((shared.player, shared.card, shared.colour), shared)
        out.append(_share(shared))
    return tuple(out)


_ONE_FIELD: Final = frozenset((Draw, Keep, Accept, Challenge, CallUno, TakeMiniPile))


def listed_as(move: object) -> Move | None:
    """The shared object `legal_moves` makes for `move`, or ``None``.

    Returns the move object equal to `move` whose every field is the very same object (so
    also of the same type: ``Draw(True) == Draw(1)``, but ``True`` is not ``1``, and such a
    move must reach `why_illegal`'s type checks); ``None`` when `legal_moves` never made such
    a move, or a field is not hashable (a list for a link). Whether it is legal *now* is for
    the caller to see: it is if this object is among the moves just listed."""
    t: Any = type(move)
    m: Any = move
    try:
        if t is Play:
            link = m.link
            c: Any = _PLAY_INDEX.get((m.player, m.card, m.colour, link, m.call_uno, m.swap_with, m.twice))
            if c is None or c.player is not m.player or c.colour is not m.colour \
                    or c.call_uno is not m.call_uno or c.swap_with is not m.swap_with or c.twice is not m.twice:
                return None
            # (cards compare by identity: an equal card is the same card)
            if link is not None and (type(link) is not tuple or link[0] is not c.link[0] or link[1] is not c.link[1]):
                return None
            return c  # type: ignore[no-any-return]
        if t in _ONE_FIELD:
            c = _SIMPLE.get((t, m.player))
            return c if c is not None and c.player is m.player else None
        if t is SpeedPlay:
            c = _SPEED_INDEX.get((m.player, m.card, m.call_uno, m.swap_with))
            if c is None or c.player is not m.player or c.call_uno is not m.call_uno or c.swap_with is not m.swap_with:
                return None
            return c  # type: ignore[no-any-return]
        if t is Catch or t is PointAt:
            c = (_CATCHES if t is Catch else _POINT_INDEX).get((m.player, m.target))
            if c is None or c.player is not m.player or c.target is not m.target:
                return None
            return c  # type: ignore[no-any-return]
    except TypeError:  # an unhashable field
        return None
    return None


_PAIRS: Final[dict[int, tuple[tuple[int, int], ...]]] = {}


def _pairs(n: int) -> tuple[tuple[int, int], ...]:
    if n not in _PAIRS:
        _PAIRS[n] = tuple(combinations(range(n), 2))
    return _PAIRS[n]


# (seat, card, players, hand size up to 4, a Seven-O seven, doubles possible) -> the plays
_VARIANTS: Final[dict[tuple[int, Card, int, int, bool, bool], tuple[Play, ...]]] = {}


def _play_variants(s: State, p: int, card: Card, out: list[Move], allow_twice: bool = True,
                   long: list[tuple[Move, ...]] | None = None) -> None:
    hand = s.hands[p]
    rules = s.rules
    seven = rules.seven_o and card.kind is Kind.NUMBER and card.number == 7
    two = allow_twice and rules.doubles and card.kind < Kind.WILD and hand.count(card) >= 2
    size = len(hand)
    key = (p, card, s.n, size if size <= 3 else 4, seven, two)
    moves = _VARIANTS.get(key)
    if moves is None:
        moves = _VARIANTS[key] = _build_variants(s.n, p, card, size, seven, two)
    _add(out, moves, long)


def _add(out: list[Move], moves: tuple[Move, ...], long: list[tuple[Move, ...]] | None) -> None:
    """Add the shared tuple `moves` to the listing `out`. With `long` given (`listing`'s
    call), a tuple of more than `LONG` moves is not copied into `out` but given to `long`,
    and `None` marks its place in `out`: `listing` copies it once into the tuple it returns
    (or returns a shared tuple holding it) instead of copying it into the list, the list
    into a tuple, and freeing both (issue 20)."""
    if long is not None and len(moves) > LONG:
        long.append(moves)
        out.append(cast(Move, None))
    else:
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
    return _shared_plays(out)


# The one-field moves, made once per seat and shared (moves are frozen values); pointing,
# speed plays, the mini pile's plays and catches too.
_SIMPLE: Final[dict[tuple[type[Move], int], Move]] = SIMPLE_INDEX  # also read by `Draw.__new__`, `Keep.__new__`...
_POINTS: Final[dict[tuple[int, int], tuple[PointAt, ...]]] = {}
_SPEEDS: Final[dict[tuple[int, Card, int, bool, bool], tuple[SpeedPlay, ...]]] = {}
_MINI: Final[dict[tuple[int, Card, bool], tuple[Play, ...]]] = {}   # (seat, card, UNO call possible) -> plays
_CATCHES: Final[dict[tuple[int, int], Catch]] = CATCH_INDEX  # also read by `Catch.__new__`
# (players) -> [5 * seat + hand size up to 4] -> card -> the plays of one card without a swap
# or a second copy: for tables without Seven-O and Doubles (every classic game), and for the
# card just drawn without Seven-O (no Doubles after a draw, T-3): one look-up per playable
# card. A small int and a list index find the seat's table: a key tuple made, hashed and
# compared on every listing cost more.
_PLAIN: Final[dict[int, list[dict[Card, tuple[Play, ...]]]]] = {}


def _tables(n: int) -> list[dict[Card, tuple[Play, ...]]]:
    """`_PLAIN`'s tables for a table of `n` players, made on first use."""
    tables = _PLAIN.get(n)
    if tables is None:
        tables = _PLAIN[n] = [{} for _ in range(5 * n)]
    return tables


def _simple(kind: type[Draw | Keep | Accept | Challenge | TakeMiniPile | CallUno], p: int) -> Move:
    move = _SIMPLE.get((kind, p))
    if move is None:
        move = _SIMPLE[(kind, p)] = _share(kind(p))
    return move


# The one-field moves by seat (S-1: at most 16 seats): ``_DRAWS[p]`` is ``Draw(p)``.
_DRAWS: Final[list[Move]] = [_simple(Draw, p) for p in range(16)]
_KEEPS: Final[list[Move]] = [_simple(Keep, p) for p in range(16)]
_ACCEPTS: Final[list[Move]] = [_simple(Accept, p) for p in range(16)]


LONG: Final = 24
"""Shared tuples of more moves than this that `legal_moves` adds (a Wild Drawn Together's
links at a big table, LK-1) are also given to its `long` list (see `among`)."""

# id of a shared tuple of moves -> (the tuple, the ids of its moves): made once per tuple
_MEMBERS: Final[dict[int, tuple[tuple[Move, ...], frozenset[int]]]] = {}


def among(move: object, moves: tuple[Move, ...], long: list[tuple[Move, ...]]) -> bool:
    """Whether `move` is one of the objects in `moves` (by identity, not equality), where
    `long` holds the long shared tuples `legal_moves` put into `moves`: a move of those is
    found with a set look-up instead of a walk through hundreds of moves."""
    if len(moves) <= LONG:
        for m in moves:  # a dozen moves usually: faster than the walk below
            if m is move:
                return True
        return False
    key = id(move)
    for chunk in long:
        entry = _MEMBERS.get(id(chunk))
        if entry is None or entry[0] is not chunk:
            entry = _MEMBERS[id(chunk)] = (chunk, frozenset(map(id, chunk)))
        if key in entry[1]:
            return True
    return any(map(_is, moves, repeat(move)))


def recognise(move: object, listed: tuple[Move, ...], long: list[tuple[Move, ...]]) -> Move | None:
    """The object among `listed` (what `legal_moves` just returned, `long` its long shared
    tuples) that `move` stands for — `move` itself, or the shared object equal to it field
    for field (`listed_as`) — or ``None`` when it is not listed (then `why_illegal` judges
    it). A listed move is legal: `legal_moves` ⇔ `why_illegal` (a property test).
    Used by `Game.apply` on every move (one call; compiled with the engine).

    A short listing is first walked for `move` itself (most moves applied are the listed
    object, or built as it: ``Draw(0)``), before any look-up: the walk of a dozen pointers
    costs less than `SHARED`'s (a large set, rarely in the processor's cache)."""
    if not listed:
        return None
    if len(listed) <= LONG:
        for m in listed:  # a dozen moves usually
            if m is move:
                return m
        known: object = listed_as(move)  # a fresh twin of a listed move (a speed play built)
        if known is None or known is move:
            return None
        for m in listed:
            if m is known:
                return m
        return None
    known = move if id(move) in SHARED else listed_as(move)
    if known is None:
        return None
    return cast(Move, known) if among(known, listed, long) else None  # then a listed object


def listing(s: State, player: object, long: list[tuple[Move, ...]]) -> tuple[Move, ...]:
    """`Game.legal_moves`'s work in one call (compiled with the engine): the legal moves of
    seat `player` as a tuple, `long` emptied and then given their long shared tuples
    (`recognise`).

    Raises:
        SeatError: `player` is not a seat of this table (an int from 0 to n - 1, not a bool).
    """
    if player.__class__ is not int:
        raise SeatError(player, s.n)
    seat: int = player
    if not 0 <= seat < s.n:
        raise SeatError(player, s.n)
    if long:
        long.clear()
    out = _collect(s, seat, long)
    if not long:
        return tuple(out)
    if len(long) == 1:
        # One long tuple (a Wild Drawn Together's links at a big table, LK-1), followed by one
        # move — Draw on a turn, Keep after drawing, Accept (three in four long listings at
        # 16 players): the shared tuple of both, made once, is returned as it is when
        # nothing comes before (no copy of the hundreds of moves, and none to free after
        # the move), else after the few moves before it in one copy. Each pass over the
        # long tuple — copying it into a list, the list into a tuple, freeing both — touches
        # hundreds of objects: at 16 players, memory traffic more than instructions.
        at = len(out) - 2
        if at >= 0 and out[at] is None:
            whole = _with_last(long[0], out[at + 1])
            return whole if at == 0 else tuple(out[:at]) + whole
    whole_list: list[Move] = []
    k = 0
    for m in out:  # the long tuples spliced in at their places, in order
        if m is None:
            whole_list += long[k]
            k += 1
        else:
            whole_list.append(m)
    return tuple(whole_list)


# (id of a long shared tuple of moves, id of a shared move) -> (the two, and them as one tuple)
_WITH_LAST: Final[dict[tuple[int, int], tuple[tuple[Move, ...], Move, tuple[Move, ...]]]] = {}


def _with_last(moves: tuple[Move, ...], last: Move) -> tuple[Move, ...]:
    """``moves + (last,)``, made once per shared tuple `moves` and shared move `last`, and
    shared (both live as long as the engine's tables, so their ids stay their own)."""
    key = (id(moves), id(last))
    entry = _WITH_LAST.get(key)
    if entry is not None and entry[0] is moves and entry[1] is last:
        return entry[2]
    both = moves + (last,)
    _WITH_LAST[key] = (moves, last, both)
    return both


def legal_moves(s: State, p: int) -> list[Move]:
    """Every move seat `p` may make now, in a stable order (plays, then draw/keep/answers,
    then speed plays, UNO calls and catches). Builds no refusal: T-1 is looked up in the
    matching table (`refusals.MATCHING`), and the move objects are made once and shared."""
    return _collect(s, p, None)


def _collect(s: State, p: int, long: list[tuple[Move, ...]] | None) -> list[Move]:
    """`legal_moves`'s work. With `long` given (`listing`): the shared tuples of more than
    `LONG` moves are not copied into the list returned but added to `long`, in order, each
    leaving `None` in its place (`_add`); without, the list is `legal_moves`'s."""
    phase = s.phase
    if phase is _ROUND_OVER or phase is _MATCH_OVER:
        return []
    out: list[Move] = []
    hand = s.hands[p]
    is_cur = p == s.current
    rules = s.rules
    if phase is _TURN:
        if is_cur:
            # _play_variants, written inline for the commonest case.
            # The hand's playable cards, each once, in the order of their first copy in the
            # hand (as a walk over the distinct cards finds them). A filter over the hand,
            # made distinct only when two or more play: `sorted(..., key=hand.index)` cost
            # twice as much (every `index` compares cards that are not the one sought).
            ok = _MATCHING[s.discard_pile[-1]][s.colour]
            found = [c for c in hand if c in ok]
            # distinct, as a list: compiled, a loop over a list reads it in place (over a dict
            # it takes the generic iterator)
            playable = found if len(found) <= 1 else list(_FROMKEYS(found))
            size = len(hand)
            bucket = size if size <= 3 else 4
            n = s.n
            if s.plain:  # no Seven-O, no Doubles
                tables = _PLAIN.get(n)
                plain = (tables if tables is not None else _tables(n))[5 * p + bucket]
                for card in playable:
                    moves = plain.get(card)
                    if moves is None:
                        moves = plain[card] = _build_variants(n, p, card, size, False, False)
                    if long is not None and len(moves) > LONG:
                        long.append(moves)
                        out.append(cast(Move, None))  # `_add`, inline
                    else:
                        out += moves
            else:
                seven_o, doubles = rules.seven_o, rules.doubles
                for card in playable:
                    kind = card.kind
                    seven = seven_o and kind is _NUMBER and card.number == 7
                    two = doubles and kind < _WILD and hand.count(card) >= 2
                    key = (p, card, n, bucket, seven, two)
                    moves = _VARIANTS.get(key)
                    if moves is None:
                        moves = _VARIANTS[key] = _build_variants(n, p, card, size, seven, two)
                    if long is not None and len(moves) > LONG:
                        long.append(moves)
                        out.append(cast(Move, None))  # `_add`, inline
                    else:
                        out += moves
            out.append(_DRAWS[p])
    elif phase is _DRAWN:
        if is_cur:
            drawn = s.drawn_card
            assert drawn is not None  # the card just drawn, in this phase
            if s.seven_o:
                _play_variants(s, p, drawn, out, False, long)
            else:  # _play_variants, inline: the same shared plays as `_PLAIN` holds (no Doubles after a draw, T-3)
                size = len(hand)
                tables = _PLAIN.get(s.n)
                plain = (tables if tables is not None else _tables(s.n))[5 * p + (size if size <= 3 else 4)]
                moves = plain.get(drawn)
                if moves is None:
                    moves = plain[drawn] = _build_variants(s.n, p, drawn, size, False, False)
                if long is not None and len(moves) > LONG:
                    long.append(moves)
                    out.append(cast(Move, None))  # `_add`, inline
                else:
                    out += moves
            out.append(_KEEPS[p])
    elif phase is _CHALLENGE:
        if is_cur:
            if rules.stacking:
                for card in dict.fromkeys(hand):
                    if card.kind is s.pending_kind:
                        _play_variants(s, p, card, out, True, long)
            out.append(_ACCEPTS[p])
            if s.pending_kind is _WD4:
                out.append(_simple(Challenge, p))
    elif phase is _POINTING:
        if p not in s.pointing:
            seats = (s.n, p)
            points = _POINTS.get(seats)
            if points is None:
                points = _POINTS[seats] = tuple(_share(_POINT_INDEX.setdefault((p, t), PointAt(p, t)))
                                                for t in range(s.n) if t != p)
            out += points
    elif phase is _MINI_PILE:
        if is_cur:
            mini_colour = s.mini_colour
            fits = [c for c in dict.fromkeys(hand) if c.kind >= _WILD or c.colour is mini_colour]  # fits_mini_pile (PU-4)
            if fits:
                two = len(hand) == 2
                for card in fits:
                    mini_key = (p, card, two)
                    minis = _MINI.get(mini_key)
                    if minis is None:
                        minis = _MINI[mini_key] = _shared_plays(Play(p, card, call_uno=call)
                                                                for call in ((False, True) if two else (False,)))
                    out += minis
            else:
                out.append(_simple(TakeMiniPile, p))
    if s.speed_play and (phase is _TURN or (phase is _DRAWN and not is_cur)) \
            and s.top_player != p:  # Rules.has_speed_play first: never in classic without Jump-In
        two = len(hand) == 2
        seven_o = rules.seven_o
        exact = _SPEED_MATCHING[s.discard_pile[-1]][rules.jump_in].intersection(hand)
        for card in (exact if len(exact) <= 1 else sorted(exact, key=hand.index)):  # as for plays above
            seven = seven_o and card.kind is _NUMBER and card.number == 7
            speed_key = (p, card, s.n, two, seven)
            speeds = _SPEEDS.get(speed_key)
            if speeds is None:
                calls = (False, True) if two else (False,)
                swaps: tuple[int | None, ...] = (None,) + tuple(t for t in range(s.n) if t != p) if seven else (None,)
                speeds = _SPEEDS[speed_key] = tuple(
                    _share(_SPEED_INDEX.setdefault((p, card, call, swap), SpeedPlay(p, card, call, swap)))
                    for call in calls for swap in swaps)
            out += speeds
    if len(hand) == 1 and not s.uno_called[p]:
        out.append(_simple(CallUno, p))
    t = s.catchable
    if t is not None and t != p and len(s.hands[t]) == 1 and not s.uno_called[t]:
        catch = _CATCHES.get((p, t))
        if catch is None:
            catch = _CATCHES[(p, t)] = _share(Catch(p, t))
        out.append(catch)
    return out


def out_of_turn(s: State) -> tuple[int, ...]:
    """The seats that may make an out-of-turn move now — a speed play (SP-1), an UNO call
    (U-1) or a catch (U-2) — in seat order, without listing anyone's moves: seat `p` is in
    it if and only if ``legal_moves(s, p)`` holds a `SpeedPlay`, `CallUno` or `Catch` (a
    property test checks it). A session asks this once per change to know who may react."""
    phase = s.phase
    if phase is _ROUND_OVER or phase is _MATCH_OVER:
        return ()
    n = s.n
    hands = s.hands
    seats = [False] * n
    rules = s.rules
    if (phase is _TURN or phase is _DRAWN) and (rules.rule_set == "party" or rules.jump_in):
        exact = _SPEED_MATCHING[s.discard_pile[-1]][rules.jump_in]
        for p in range(n):
            if s.top_player == p or (phase is _DRAWN and p == s.current):
                continue
            for card in hands[p]:
                if card in exact:
                    seats[p] = True
                    break
    called = s.uno_called
    for p in range(n):
        if len(hands[p]) == 1 and not called[p]:
            seats[p] = True
    t = s.catchable
    if t is not None and len(hands[t]) == 1 and not called[t]:
        for p in range(n):
            if p != t:
                seats[p] = True
    return tuple(p for p in range(n) if seats[p])
