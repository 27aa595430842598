"""Applying moves: one function per card effect, each citing its rule (RULES.md).

Every function appends the events it causes to `ev` and mutates the state; none checks
legality (that is `refusals.why_illegal`, called first by `apply`). Randomness comes only
from the `rng` passed in (reshuffles, T-5).
"""

from __future__ import annotations

import random
from typing import Any, Final

from ..cards import Card, Colour, Kind, hand_points
from .events import EVENT_SLOTS, Event, EventKind as E
from .moves import (Accept, CallUno, Catch, Challenge, Draw, Keep, Move, Play, PointAt, SpeedPlay,
                    TakeMiniPile)
from .legal import recognise
from .refusals import MATCHING, speed_matches, wd4_legal
from .state import Phase, State

__all__ = ["apply_move", "apply_listed", "draw_cards", "reshuffle", "start_turn", "end_round", "new_event"]

# Enum members as module constants, for the code run on every move: in Python 3.11 a look-up
# such as `Kind.WILD`, `Phase.TURN` or `EventKind.DREW` goes through `EnumType.__getattr__`'s
# hook and costs several times a global name (issue 20). `E_X` is `EventKind.X`. `Final`:
# compiled (mypyc), a final name is a C static, not a look-up in the module's dictionary.
_DRAW_TWO: Final = Kind.DRAW_TWO
_NUMBER: Final = Kind.NUMBER
_POINT_TAKEN: Final = Kind.POINT_TAKEN
_REVERSE: Final = Kind.REVERSE
_SKIP: Final = Kind.SKIP
_WILD: Final = Kind.WILD
_WILD_DRAWN_TOGETHER: Final = Kind.WILD_DRAWN_TOGETHER
_WILD_DRAW_FOUR: Final = Kind.WILD_DRAW_FOUR
_WILD_PILE_UP: Final = Kind.WILD_PILE_UP
_CHALLENGE: Final = Phase.CHALLENGE
_DRAWN: Final = Phase.DRAWN
_MATCH_OVER: Final = Phase.MATCH_OVER
_MINI_PILE: Final = Phase.MINI_PILE
_POINTING: Final = Phase.POINTING
_ROUND_OVER: Final = Phase.ROUND_OVER
_TURN: Final = Phase.TURN
E_ACCEPTED: Final = E.ACCEPTED
E_CHALLENGED: Final = E.CHALLENGED
E_CHALLENGE_STARTED: Final = E.CHALLENGE_STARTED
E_COLOUR_CHOSEN: Final = E.COLOUR_CHOSEN
E_COLOUR_SET: Final = E.COLOUR_SET
E_DIRECTION_CHANGED: Final = E.DIRECTION_CHANGED
E_DREW: Final = E.DREW
E_HANDS_PASSED: Final = E.HANDS_PASSED
E_HANDS_SWAPPED: Final = E.HANDS_SWAPPED
E_KEPT: Final = E.KEPT
E_LINKED: Final = E.LINKED
E_LINKS_ENDED: Final = E.LINKS_ENDED
E_MATCH_WON: Final = E.MATCH_WON
E_MINI_PILE_ADDED: Final = E.MINI_PILE_ADDED
E_MINI_PILE_NOT_STARTED: Final = E.MINI_PILE_NOT_STARTED
E_MINI_PILE_STARTED: Final = E.MINI_PILE_STARTED
E_MINI_PILE_TAKEN: Final = E.MINI_PILE_TAKEN
E_MINI_PILE_WILD_TURNED: Final = E.MINI_PILE_WILD_TURNED
E_PASSED_OVER: Final = E.PASSED_OVER
E_PLAYED: Final = E.PLAYED
E_POINTED: Final = E.POINTED
E_POINTING_RESULT: Final = E.POINTING_RESULT
E_POINTING_STARTED: Final = E.POINTING_STARTED
E_RESHUFFLED: Final = E.RESHUFFLED
E_ROUND_BLOCKED: Final = E.ROUND_BLOCKED
E_ROUND_WON: Final = E.ROUND_WON
E_SKIPPED: Final = E.SKIPPED
E_SPEED_PLAYED: Final = E.SPEED_PLAYED
E_SPEED_PLAY_MISTAKE: Final = E.SPEED_PLAY_MISTAKE
E_STACKED: Final = E.STACKED
E_TURN_ENDED_AFTER_DRAW: Final = E.TURN_ENDED_AFTER_DRAW
E_TURN_STARTED: Final = E.TURN_STARTED
E_UNO_CALLED: Final = E.UNO_CALLED
E_UNO_CAUGHT: Final = E.UNO_CAUGHT


_MATCHING: Final = MATCHING

PT_MAX_DRAW: Final = 5  # PT-4: at most five cards per Point Taken


# ---- events ------------------------------------------------------------------------------------

_OBJECT_NEW: Final = object.__new__
_EVENT_SLOTS: Final = EVENT_SLOTS


def new_event(kind: E, rule: str, player: int | None = None, target: int | None = None,
              cards: tuple[Card, ...] = (), colour: Colour | None = None, count: int = 0,
              players: tuple[int, ...] = (), targets: tuple[int, ...] = (), flag: bool = False) -> Event:
    """``Event(kind, rule, ...)`` for the events the engine makes (its values are its own):
    the fields set through their slots' descriptors from here, without `Event.__init__`'s
    Python frame — compiled, a third of the time (the events of several cards, which are not
    shared: a draw of two or more, a reshuffle, a pointing's result)."""
    e: Event = _OBJECT_NEW(Event)
    (set_kind, set_rule, set_player, set_target, set_cards, set_colour, set_count,
     set_players, set_targets, set_flag) = _EVENT_SLOTS
    set_kind(e, kind)
    set_rule(e, rule)
    set_player(e, player)
    set_target(e, target)
    set_cards(e, cards)
    set_colour(e, colour)
    set_count(e, count)
    set_players(e, players)
    set_targets(e, targets)
    set_flag(e, flag)
    return e


# (id of the kind, rule, player, target, cards, colour, count) -> the shared event
_EVENTS: Final[dict[tuple[int, str, int | None, int | None, tuple[Card, ...], Colour | None, int], Event]] = {}
_EVENTS_MAX: Final = 50_000  # a bound, so long runs keep flat memory (the table is a cache only)


def _event(kind: E, rule: str, player: int | None = None, target: int | None = None,
           cards: tuple[Card, ...] = (), colour: Colour | None = None, count: int = 0) -> Event:
    """The `Event` with these fields: events are frozen values, so the common ones (at most one
    card) are made once and shared — building a frozen dataclass costs more than a look-up."""
    if len(cards) > 1:
        return new_event(kind, rule, player, target, cards, colour, count)
    key = (id(kind), rule, player, target, cards, colour, count)
    e = _EVENTS.get(key)
    if e is None:
        if len(_EVENTS) >= _EVENTS_MAX:
            _EVENTS.clear()
        e = _EVENTS[key] = new_event(kind, rule, player, target, cards, colour, count)
    return e


# (id of the kind, rule, player) -> the shared event: `_event` for the events that name a
# player and nothing else (skips, UNO calls, keeps...), with a key a third the size.
_SEAT_EVENTS: Final[dict[tuple[int, str, int], Event]] = {}


def _seat_event(kind: E, rule: str, player: int) -> Event:
    """``_event(kind, rule, player=player)``, looked up faster (called on most moves)."""
    key = (id(kind), rule, player)
    e = _SEAT_EVENTS.get(key)
    if e is None:
        e = _SEAT_EVENTS[key] = new_event(kind, rule, player)
    return e


# (id of the kind, rule, player, the linked seats) -> the shared LINKED / LINKS_ENDED event
_LINK_EVENTS: Final[dict[tuple[int, str, int | None, tuple[int, ...]], Event]] = {}


def _links_event(kind: E, rule: str, player: int | None, links: tuple[int, ...]) -> Event:
    """``Event(kind, rule, player=player, players=links)``, made once and shared (LK-1, LK-3, LK-4, PT-2)."""
    key = (id(kind), rule, player, links)
    e = _LINK_EVENTS.get(key)
    if e is None:
        e = _LINK_EVENTS[key] = new_event(kind, rule, player, players=links)
    return e


# (rule, player, target, card, count) -> the shared DREW event of one card drawn
_DREW_ONE: Final[dict[tuple[str, int, int | None, Card, int], Event]] = {}


# ---- piles ------------------------------------------------------------------------------------

def _shuffle(cards: list[Card], rng: random.Random) -> None:
    """Shuffle `cards` (internal order: the end is the top) in place. Chance made explicit: a
    generator with ``shuffle_cards`` (`Game`'s) may give the order instead — a scenario's
    ``reshuffles``, or a replay of recorded reshuffle events — and shuffles otherwise, in one
    call (a big table reshuffles a few cards every few moves)."""
    shuffle_cards = getattr(rng, "shuffle_cards", None)
    if shuffle_cards is not None:
        shuffle_cards(cards)
    else:
        rng.shuffle(cards)


def reshuffle(s: State, rng: random.Random, ev: list[Event], rule: str = "T-5", with_draw_pile: bool = False) -> bool:
    """T-5: shuffle the discard pile except its top card into the draw pile (under what is
    left there). Chosen colours of the buried wild cards are forgotten (colours are not stored
    on cards). With `with_draw_pile` (PU-2 ruling) the cards left in the draw pile are
    shuffled together with them. The event carries the new draw pile, top first, so a
    history replays without the random generator. Returns False when there was nothing to
    shuffle."""
    if len(s.discard_pile) <= 1:
        return False
    top = s.discard_pile.pop()
    cards = s.discard_pile
    s.discard_pile = [top]
    if with_draw_pile:
        cards += s.draw_pile
        s.draw_pile = []
    _shuffle(cards, rng)
    s.draw_pile[:0] = cards
    ev.append(_event(E_RESHUFFLED, rule, count=len(cards), cards=tuple(reversed(s.draw_pile))))
    return True


def _take_top(s: State, rng: random.Random, ev: list[Event]) -> Card | None:
    if not s.draw_pile and not reshuffle(s, rng, ev):
        return None
    return s.draw_pile.pop()


def draw_cards(s: State, p: int, count: int, rule: str, rng: random.Random, ev: list[Event],
               copy: bool = True, source: int | None = None) -> list[Card]:
    """`p` draws `count` cards, fewer if the piles run out (T-5); a linked partner then draws
    the same number right after (LK-2; the copy is not copied back). Returns the cards `p`
    drew. `source`: for a copied draw, the seat whose draw is copied (the event's target)."""
    pile = s.draw_pile
    if count == 1 and pile:
        got = [pile.pop()]
    elif len(pile) >= count:  # no reshuffle needed: the top `count` cards, top first
        got = pile[:-count - 1:-1] if count else []
        del pile[len(pile) - count:]
    else:
        got = []
        for _ in range(count):
            card = _take_top(s, rng, ev)
            if card is None:
                break
            got.append(card)
    if got:
        s.hands[p].extend(got)
        s.uno_called[p] = False
        s.idle_turns = 0
    if len(got) == 1:  # most draws: one card (T-3)
        key = (rule, p, source, got[0], count)
        drew = _DREW_ONE.get(key)
        if drew is None:
            if len(_DREW_ONE) >= _EVENTS_MAX:
                _DREW_ONE.clear()
            drew = _DREW_ONE[key] = new_event(E_DREW, rule, p, source, (got[0],), None, count)
        ev.append(drew)
    else:
        ev.append(_event(E_DREW, rule, p, source, tuple(got), None, count))
    if copy and s.links and p in s.links and count > 0:
        partner = s.links[1] if s.links[0] == p else s.links[0]
        draw_cards(s, partner, count, "LK-2", rng, ev, copy=False, source=p)
    return got


# ---- turns -------------------------------------------------------------------------------------

_TURN_STARTED: Final[dict[int, Event]] = {}


def start_turn(s: State, seat: int, ev: list[Event]) -> None:
    """T-4: `seat` takes their turn."""
    s.current = seat
    s.phase = _TURN
    s.drawn_card = None
    e = _TURN_STARTED.get(seat)
    if e is None:
        e = _TURN_STARTED[seat] = new_event(E_TURN_STARTED, "T-4", player=seat)
    ev.append(e)


def _close_catch(s: State, p: int) -> None:
    """U-2 ruling: a play, turn draw or keep by any other player ends the chance to catch."""
    if s.catchable is not None and s.catchable != p:
        s.catchable = None


def _after_hand_shrinks(s: State, p: int, call_uno: bool, ev: list[Event]) -> None:
    """U-1: a player left with one card must call UNO; if they do not, they may be caught."""
    if len(s.hands[p]) == 1:
        s.uno_called[p] = call_uno
        if call_uno:
            ev.append(_seat_event(E_UNO_CALLED, "U-1", p))
            if s.catchable == p:
                s.catchable = None
        else:
            s.catchable = p


def _idle_turn(s: State, p: int, rng: random.Random, ev: list[Event]) -> None:
    """A turn with nothing played and nothing drawn; a whole table of them blocks the round (T-6)."""
    s.idle_turns += 1
    if s.idle_turns >= s.n:
        ev.append(_event(E_ROUND_BLOCKED, "T-6"))
        # Ruling (T-6/R-1): on a tie, the first of the tied players in turn order after the
        # player whose move ended the round.
        order = [s.next_seat(p, i) for i in range(1, s.n + 1)]
        winner = min(order, key=lambda seat: hand_points(s.hands[seat]))
        end_round(s, winner, ev, rule="T-6")
    else:
        start_turn(s, s.next_seat(p), ev)


def end_round(s: State, winner: int, ev: list[Event], rule: str = "R-1") -> None:
    """R-1/R-3/R-4: the winner scores the cards left in the other hands; links end (LK-4); the
    match ends when a total reaches the target score (the highest total wins)."""
    points = sum(hand_points(h) for i, h in enumerate(s.hands) if i != winner)
    s.scores[winner] += points
    s.winner = winner
    s.round_points = points
    s.blocked = rule == "T-6"
    if s.links:
        ev.append(_links_event(E_LINKS_ENDED, "LK-4", None, s.links))
        s.links = ()
    s.catchable = None
    s.drawn_card = None
    s.pending_draw = 0
    s.pending_kind = None
    s.pointing = {}
    ev.append(new_event(E_ROUND_WON, "R-3", player=winner, count=points, flag=s.blocked))
    if max(s.scores) >= s.rules.target_score:
        best = max(s.scores)
        # Ties at the top: the round's winner if among them, else the first in seating order (ruling).
        s.match_winner = winner if s.scores[winner] == best else s.scores.index(best)
        s.phase = _MATCH_OVER
        ev.append(_event(E_MATCH_WON, "R-4", player=s.match_winner, count=best))
    else:
        s.phase = _ROUND_OVER


# ---- card effects ------------------------------------------------------------------------------

def effect_number(s: State, p: int, card: Card, m: Play | SpeedPlay | None, rng: random.Random, ev: list[Event]) -> None:
    """Number cards have no effect, except with Seven-O (H-2): a 7 may swap hands, a 0 passes
    every hand on in the direction of play — played in turn, by speed play or by jump-in
    (ruling). Two 7s or 0s played together (Doubles) make one swap or one pass (ruling); a
    last card swaps nothing (the round is over first, `_going_out`). UNO duties follow the
    hands (ruling)."""
    if s.rules.seven_o and card.number == 7 and m is not None and m.swap_with is not None:
        t = m.swap_with
        s.hands[p], s.hands[t] = s.hands[t], s.hands[p]
        ev.append(_event(E_HANDS_SWAPPED, "H-2", player=p, target=t))
        _uno_follows_hands(s)
    elif s.rules.seven_o and card.number == 0:
        hands = s.hands[:]  # every slot is replaced: each hand moves to the next seat
        for i in range(s.n):
            hands[s.next_seat(i)] = s.hands[i]
        s.hands = hands
        ev.append(_event(E_HANDS_PASSED, "H-2", count=s.direction))
        _uno_follows_hands(s)
    start_turn(s, s.next_seat(p), ev)


def _uno_follows_hands(s: State) -> None:
    for i, h in enumerate(s.hands):
        s.uno_called[i] = len(h) == 1
    s.catchable = None


def effect_draw_two(s: State, p: int, k: int, rng: random.Random, ev: list[Event]) -> None:
    """A-1: the next player draws two (per card, H-4) and loses their turn; with stacking
    (H-1) they may instead pass the growing total on with another Draw Two."""
    nxt = s.next_seat(p)
    if s.rules.stacking:
        s.pending_draw += 2 * k
        s.pending_kind = _DRAW_TWO
        s.phase = _CHALLENGE
        s.current = nxt
        ev.append(_event(E_STACKED, "H-1", player=p, target=nxt, count=s.pending_draw))
        return
    draw_cards(s, nxt, 2 * k, "A-1", rng, ev)
    ev.append(_seat_event(E_SKIPPED, "A-1", nxt))
    start_turn(s, s.next_seat(p, 2), ev)


def effect_reverse(s: State, p: int, k: int, ev: list[Event]) -> None:
    """A-2: the direction flips (once per card, H-4). A-3: with two players it acts as a Skip."""
    for _ in range(k):
        s.direction = -s.direction
        ev.append(_event(E_DIRECTION_CHANGED, "A-2", p, None, (), None, s.direction))
    if s.n == 2:
        for i in range(1, k + 1):
            ev.append(_seat_event(E_SKIPPED, "A-3", s.next_seat(p, i)))
        start_turn(s, s.next_seat(p, k + 1), ev)
    else:
        start_turn(s, s.next_seat(p), ev)


def effect_skip(s: State, p: int, k: int, ev: list[Event]) -> None:
    """A-4: the next player loses their turn (the next two with a double Skip, H-4)."""
    for i in range(1, k + 1):
        ev.append(_seat_event(E_SKIPPED, "A-4", s.next_seat(p, i)))
    start_turn(s, s.next_seat(p, k + 1), ev)


def effect_point_taken(s: State, p: int, k: int, ev: list[Event]) -> None:
    """PT-1…PT-3: a coloured action card (20 points, matched by colour or symbol like any
    other); links end at once (PT-2); then everybody points at another player (PT-3)."""
    if s.links:
        ev.append(_links_event(E_LINKS_ENDED, "PT-2", None, s.links))
        s.links = ()
    s.phase = _POINTING
    s.pointer = p
    s.pointing = {}
    s.pointing_twice = k == 2
    s.current = s.next_seat(p)
    ev.append(_seat_event(E_POINTING_STARTED, "PT-3", p))


def resolve_pointing(s: State, rng: random.Random, ev: list[Event]) -> None:
    """PT-4/PT-5: reveal who pointed at whom; each draws one card per pointer (at most five),
    starting after the card's player in turn order; then play goes on after the card's player."""
    pointer = s.pointer
    assert pointer is not None  # set by the Point Taken (PT-3)
    order = sorted(s.pointing)
    ev.append(new_event(E_POINTING_RESULT, "PT-4", player=s.pointer, players=tuple(order),
                    targets=tuple(s.pointing[i] for i in order)))
    counts = [0] * s.n
    for t in s.pointing.values():
        counts[t] += 1
    per = 2 if s.pointing_twice else 1
    for i in range(1, s.n + 1):
        seat = s.next_seat(pointer, i)
        if counts[seat]:
            draw_cards(s, seat, min(counts[seat], PT_MAX_DRAW) * per, "PT-4", rng, ev)
    s.pointing = {}
    start_turn(s, s.next_seat(pointer), ev)


def effect_wild_draw_four(s: State, p: int, colour_before: Colour | None, rng: random.Random,
                          ev: list[Event]) -> None:
    """W-2/W-3: the next player must accept or challenge. The play is legal only if its player
    held no card of the colour before it (Wild, Wild Drawn Together and Wild Pile Up count as
    that colour; another Wild Draw Four does not — ruling). With stacking the total grows (H-1)."""
    legal = wd4_legal(s.hands[p], colour_before)
    s.wd4_player = p
    s.wd4_legal = legal
    s.wd4_colour = colour_before
    s.pending_draw = (s.pending_draw if s.rules.stacking else 0) + 4
    s.pending_kind = _WILD_DRAW_FOUR
    s.phase = _CHALLENGE
    s.current = s.next_seat(p)
    if s.rules.stacking and s.pending_draw > 4:
        ev.append(_event(E_STACKED, "H-1", player=p, target=s.current, count=s.pending_draw))
    ev.append(_event(E_CHALLENGE_STARTED, "W-3", player=p, target=s.current, count=s.pending_draw))


def effect_wild_drawn_together(s: State, p: int, link: tuple[int, int], ev: list[Event]) -> None:
    """LK-1/LK-3: the two chosen players are linked; a new link replaces the old one."""
    rule = "LK-3" if s.links else "LK-1"
    s.links = tuple(link)
    ev.append(_links_event(E_LINKED, rule, p, s.links))
    start_turn(s, s.next_seat(p), ev)


def effect_wild_pile_up(s: State, p: int, rng: random.Random, ev: list[Event]) -> None:
    """PU-2/PU-3: turn up draw-pile cards until one is not wild (the wild ones go to the bottom
    of the draw pile); it starts the mini pile before the next player, and its colour is the
    current colour. When only wild cards are left in the draw pile (or none), the discard pile
    but its top card is shuffled together with them first (T-5) — whatever the discard pile
    holds, wild cards only included. If only wild cards are left even then, no mini pile
    starts and play passes to the next player (ruling)."""
    nxt = s.next_seat(p)
    if not any(c.kind < _WILD for c in s.draw_pile):
        # Ruling (PU-2): the discard pile except its top card is shuffled together with the
        # wild cards left in the draw pile (T-5), and turning goes on; then, only wild cards
        # left (or none): no mini pile.
        reshuffle(s, rng, ev, with_draw_pile=True)
        if not any(c.kind < _WILD for c in s.draw_pile):
            ev.append(_event(E_MINI_PILE_NOT_STARTED, "PU-2", player=p))
            start_turn(s, nxt, ev)
            return
    while True:
        card = s.draw_pile.pop()
        if card.kind < _WILD:
            break
        s.draw_pile.insert(0, card)
        ev.append(_event(E_MINI_PILE_WILD_TURNED, "PU-2", player=p, cards=(card,)))
    s.mini_pile = [card]
    s.mini_colour = card.colour
    s.colour = card.colour
    s.phase = _MINI_PILE
    s.current = nxt
    ev.append(_event(E_MINI_PILE_STARTED, "PU-3", player=p, target=nxt, cards=(card,), colour=card.colour))


def _card_effect(s: State, p: int, card: Card, k: int, m: Play | SpeedPlay | None,
                 colour_before: Colour | None, rng: random.Random, ev: list[Event]) -> None:
    kind = card.kind
    if kind is _NUMBER:
        effect_number(s, p, card, m, rng, ev)
    elif kind is _DRAW_TWO:
        effect_draw_two(s, p, k, rng, ev)
    elif kind is _REVERSE:
        effect_reverse(s, p, k, ev)
    elif kind is _SKIP:
        effect_skip(s, p, k, ev)
    elif kind is _POINT_TAKEN:
        effect_point_taken(s, p, k, ev)
    elif kind is _WILD:
        start_turn(s, s.next_seat(p), ev)
    elif kind is _WILD_DRAW_FOUR:
        effect_wild_draw_four(s, p, colour_before, rng, ev)
    elif kind is _WILD_DRAWN_TOGETHER:
        assert isinstance(m, Play) and m.link is not None  # LK-1: a Wild Drawn Together names its link
        effect_wild_drawn_together(s, p, m.link, ev)
    else:
        effect_wild_pile_up(s, p, rng, ev)


def _going_out(s: State, p: int, card: Card, k: int, rng: random.Random, ev: list[Event]) -> None:
    """R-1/R-2: the last card ends the round; a last Draw Two or Wild Draw Four first makes the
    next player draw (links apply, no challenge). The player who went out has left the round:
    linked to the next player, they copy nothing (ruling)."""
    if card.kind is _DRAW_TWO or card.kind is _WILD_DRAW_FOUR:
        per = 2 if card.kind is _DRAW_TWO else 4
        total = per * k + (s.pending_draw if s.rules.stacking and s.phase is _CHALLENGE else 0)
        nxt = s.next_seat(p)
        copy = not (p in s.links and nxt in s.links)
        draw_cards(s, nxt, total, "R-2", rng, ev, copy=copy)
    end_round(s, p, ev)


# ---- moves -------------------------------------------------------------------------------------

_TAKES_COLOUR: Final = frozenset(k for k in Kind if k.takes_colour)  # W-1, LK-1 (not PU-1)


_PLAYED: Final[dict[tuple[int, Card, int, Colour | None], Event]] = {}  # (player, card, copies, colour) -> event


def _play(s: State, m: Play, rng: random.Random, ev: list[Event]) -> None:
    """T-1: the card (two with Doubles, H-4) goes on the discard pile; a wild card's colour is
    named (W-1); UNO (U-1); the last card ends the round (R-1); else the card's effect."""
    if s.phase is _MINI_PILE:
        _add_to_mini_pile(s, m, rng, ev)
        return
    p, card, colour = m.player, m.card, m.colour
    hand = s.hands[p]
    hand.remove(card)
    s.discard_pile.append(card)
    if m.twice:
        k = 2
        hand.remove(card)
        s.discard_pile.append(card)
    else:
        k = 1
    colour_before = s.colour
    s.top_player = p
    s.drawn_card = None
    s.idle_turns = 0
    if s.catchable is not None and s.catchable != p:  # _close_catch (U-2 ruling)
        s.catchable = None
    key = (p, card, k, colour)
    played = _PLAYED.get(key)
    if played is None:
        played = _PLAYED[key] = new_event(E_PLAYED, "T-1", player=p, cards=(card,) * k, colour=colour)
    ev.append(played)
    kind = card.kind
    if kind in _TAKES_COLOUR:
        s.colour = colour
        ev.append(_event(E_COLOUR_CHOSEN, "W-1", p, None, (), colour))
    elif kind is not _WILD_PILE_UP:
        s.colour = card.colour
    if len(hand) <= 1:
        _after_hand_shrinks(s, p, m.call_uno, ev)
        if not hand:
            _going_out(s, p, card, k, rng, ev)
            return
    if kind is _NUMBER and not s.seven_o:
        start_turn(s, (p + s.direction) % s.n, ev)  # effect_number without Seven-O: no effect (T-4)
        return
    _card_effect(s, p, card, k, m, colour_before, rng, ev)


def _add_to_mini_pile(s: State, m: Play, rng: random.Random, ev: list[Event]) -> None:
    """PU-4/PU-8: add one card to the mini pile, without effect; the last card wins the round."""
    p = m.player
    s.hands[p].remove(m.card)
    s.mini_pile.append(m.card)
    s.idle_turns = 0
    _close_catch(s, p)
    ev.append(_event(E_MINI_PILE_ADDED, "PU-4", player=p, cards=(m.card,)))
    _after_hand_shrinks(s, p, m.call_uno, ev)
    if not s.hands[p]:
        end_round(s, p, ev)
        return
    s.current = s.next_seat(p)


def _take_mini_pile(s: State, m: TakeMiniPile, ev: list[Event]) -> None:
    """PU-6/PU-7: take every card of the mini pile (not a draw: links don't copy it); the
    current colour becomes the mini pile's colour; play goes on after the taker."""
    p = m.player
    cards = tuple(s.mini_pile)
    s.hands[p].extend(cards)
    s.uno_called[p] = False
    s.mini_pile = []
    s.colour = s.mini_colour
    ev.append(_event(E_MINI_PILE_TAKEN, "PU-6", player=p, cards=cards, colour=s.mini_colour))
    ev.append(_event(E_COLOUR_SET, "PU-7", colour=s.mini_colour))
    s.mini_colour = None
    start_turn(s, s.next_seat(p), ev)


def _draw(s: State, m: Draw, rng: random.Random, ev: list[Event]) -> None:
    """T-3: draw one card; a playable card may be played at once or kept, otherwise the turn
    ends. Drawing nothing (empty piles) still ends the turn (T-5)."""
    p = m.player
    if s.catchable is not None and s.catchable != p:  # _close_catch (U-2 ruling)
        s.catchable = None
    pile = s.draw_pile
    if pile and not s.links:  # `draw_cards(s, p, 1, "T-3", rng, ev)`, inline for most draws
        card = pile.pop()
        s.hands[p].append(card)
        s.uno_called[p] = False
        s.idle_turns = 0
        key = ("T-3", p, None, card, 1)
        drew = _DREW_ONE.get(key)
        if drew is None:
            if len(_DREW_ONE) >= _EVENTS_MAX:
                _DREW_ONE.clear()
            drew = _DREW_ONE[key] = new_event(E_DREW, "T-3", p, None, (card,), None, 1)
        ev.append(drew)
    else:
        got = draw_cards(s, p, 1, "T-3", rng, ev)
        if not got:
            _idle_turn(s, p, rng, ev)
            return
        card = got[0]
    if card in _MATCHING[s.discard_pile[-1]][s.colour]:  # `matches` (T-1)
        s.phase = _DRAWN
        s.drawn_card = card
    else:
        ev.append(_event(E_TURN_ENDED_AFTER_DRAW, "T-3", p, None, (card,)))
        start_turn(s, (p + s.direction) % s.n, ev)


def _keep(s: State, m: Keep, ev: list[Event]) -> None:
    p = m.player
    _close_catch(s, p)
    ev.append(_seat_event(E_KEPT, "T-3", p))
    start_turn(s, (p + s.direction) % s.n, ev)


def _speed_play(s: State, m: SpeedPlay, rng: random.Random, ev: list[Event]) -> None:
    """SP-1…SP-4, SP-7: an exact match goes on the discard pile and play continues after its
    player, passing over the players between; a card that does not match goes back to the
    hand and its player draws one penalty card (SP-4). It is judged against the top card at
    the moment it arrives (SP-3): once another card covers the first one, the chance is gone.
    Speed plays arriving "at once" are taken in the order `apply` receives them (SP-6)."""
    p, card = m.player, m.card
    if not speed_matches(s, card):
        ev.append(_event(E_SPEED_PLAY_MISTAKE, "SP-4", player=p, cards=(card,)))
        draw_cards(s, p, 1, "SP-4", rng, ev)
        return
    rule = "SP-1" if card.kind is _NUMBER else "SP-7"
    passed: list[int] = []
    seat = s.current
    while seat != p and len(passed) < s.n:
        passed.append(seat)
        seat = s.next_seat(seat)
    s.hands[p].remove(card)
    s.discard_pile.append(card)
    s.colour = card.colour
    s.top_player = p
    s.drawn_card = None
    s.idle_turns = 0
    _close_catch(s, p)
    ev.append(_event(E_SPEED_PLAYED, rule, player=p, cards=(card,)))
    if passed:
        ev.append(new_event(E_PASSED_OVER, "SP-2", player=p, players=tuple(passed)))
    _after_hand_shrinks(s, p, m.call_uno, ev)
    if not s.hands[p]:
        s.phase = _TURN
        _going_out(s, p, card, 1, rng, ev)
        return
    s.phase = _TURN
    _card_effect(s, p, card, 1, m, card.colour, rng, ev)


def _accept(s: State, m: Accept, rng: random.Random, ev: list[Event]) -> None:
    """W-3/H-1: draw the cards and lose the turn."""
    p = m.player
    total = s.pending_draw
    rule = "H-1" if s.rules.stacking else ("W-3" if s.pending_kind is _WILD_DRAW_FOUR else "A-1")
    ev.append(_event(E_ACCEPTED, rule, player=p, count=total))
    s.pending_draw = 0
    s.pending_kind = None
    got = draw_cards(s, p, total, rule, rng, ev)
    ev.append(_seat_event(E_SKIPPED, rule, p))
    if not got:
        _idle_turn(s, p, rng, ev)
        return
    start_turn(s, s.next_seat(p), ev)


def _challenge(s: State, m: Challenge, rng: random.Random, ev: list[Event]) -> None:
    """W-3: the Wild Draw Four's player shows their hand to the challenger. Legal play: the
    challenger draws six (the total plus two, with stacking) and loses their turn. Illegal:
    the Wild Draw Four's player draws the cards instead, and the challenger takes their turn
    (ruling, from classic). The chosen colour stands."""
    p = m.player
    w = s.wd4_player
    assert w is not None  # set by the Wild Draw Four being answered
    total = s.pending_draw
    ev.append(new_event(E_CHALLENGED, "W-3", player=p, target=w, cards=tuple(s.hands[w]), flag=s.wd4_legal))
    s.pending_draw = 0
    s.pending_kind = None
    if s.wd4_legal:
        draw_cards(s, p, total + 2, "W-3", rng, ev)
        ev.append(_seat_event(E_SKIPPED, "W-3", p))
        start_turn(s, s.next_seat(p), ev)
    else:
        draw_cards(s, w, total, "W-3", rng, ev)
        start_turn(s, p, ev)


def _point_at(s: State, m: PointAt, rng: random.Random, ev: list[Event]) -> None:
    s.pointing[m.player] = m.target
    ev.append(_seat_event(E_POINTED, "PT-3", m.player))
    if len(s.pointing) == s.n:
        resolve_pointing(s, rng, ev)


def _call_uno(s: State, m: CallUno, ev: list[Event]) -> None:
    s.uno_called[m.player] = True
    if s.catchable == m.player:
        s.catchable = None
    ev.append(_seat_event(E_UNO_CALLED, "U-1", m.player))


def _catch(s: State, m: Catch, rng: random.Random, ev: list[Event]) -> None:
    """U-2: the player caught draws two cards (links apply)."""
    s.catchable = None
    ev.append(_event(E_UNO_CAUGHT, "U-2", player=m.player, target=m.target))
    draw_cards(s, m.target, 2, "U-2", rng, ev)


def apply_move(s: State, move: Move, rng: random.Random) -> list[Event]:
    """Apply an allowed move (checked beforehand with `why_illegal`) and return its events."""
    ev: list[Event] = []
    if type(move) is Play:
        _play(s, move, rng, ev)
    elif type(move) is Draw:
        _draw(s, move, rng, ev)
    elif type(move) is Keep:
        _keep(s, move, ev)
    elif type(move) is SpeedPlay:
        _speed_play(s, move, rng, ev)
    elif type(move) is Accept:
        _accept(s, move, rng, ev)
    elif type(move) is Challenge:
        _challenge(s, move, rng, ev)
    elif type(move) is PointAt:
        _point_at(s, move, rng, ev)
    elif type(move) is TakeMiniPile:
        _take_mini_pile(s, move, ev)
    elif type(move) is CallUno:
        _call_uno(s, move, ev)
    elif type(move) is Catch:
        _catch(s, move, rng, ev)
    else:
        raise TypeError(f"not a move: {move!r}")
    return ev


def apply_listed(s: State, move: object, listed: tuple[Move, ...], long: list[tuple[Move, ...]],
                 rng: random.Random, events: list[Event], log: list[Any]) -> tuple[Event, ...] | None:
    """`Game.apply` for a game without undo and without given reshuffles, in one call (compiled
    with the engine): if `move` is one of the moves `legal_moves` just listed (`listed`, with
    `long`: `legal.recognise`) — so legal —, apply that listed object, add its events to
    `events` and it to `log`, and return the events; else return ``None`` and change nothing
    (the caller judges the move with `why_illegal`)."""
    known = recognise(move, listed, long)
    if known is None:
        return None
    ev = apply_move(s, known, rng)
    events.extend(ev)
    log.append(known)
    return tuple(ev)
