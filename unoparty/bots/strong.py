"""``strong`` level: determinized Monte Carlo search over what the bot cannot see.

For a decision with more than one sensible option (which card to play, play or draw, play
the drawn card or keep it, which card to add to a mini pile — and whether to bluff a Wild
Draw Four) the bot:

1. samples the hidden cards consistently with its view (`determinize_state`): the unseen
   cards (the deck minus its own hand, the discard pile and the mini pile) are dealt into
   the other hands, with their sizes, and the draw pile — respecting what it remembers
   from the views it watched (`unoparty.bots.memory`: who could not follow a colour, who
   took a mini pile) and, as an opponent model, dealing a hand again (up to
   `consistency_tries` times) when a ``basic`` player holding it would not have made the
   plays seen since that player last drew (`plays_agreeing`);
2. tries every option on the same samples (common random numbers) and plays each sample
   on for at most `depth` moves with a fast ``basic``-like policy for every seat;
3. scores the end: 1 for a round it wins, 0 for a round another player wins, else a soft
   estimate from hand sizes; and leaves the ``basic`` choice only for an option that beats
   it clearly (single rollouts are noisy: most options differ by less than the noise).

The budget is counted in playouts (`playouts` per decision, shared by the options), never
in time, so a seeded run repeats exactly. Answers that search adds little to (pointing,
accept or challenge, catching, UNO calls, speed plays) use the ``basic`` heuristics, tuned:
the strong bot never forgets to call UNO, expects few bluffs from others, plays a Wild Draw
Four to stop a player about to go out (bluffing only when a challenge is unlikely), and
prefers colours the next player lacks.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..cards import Card, Colour, Kind
from ..engine import Catch, Draw, Event, Keep, Move, Phase, Play, State, TakeMiniPile
from ..engine.effects import apply_move
from ..engine.moves import Accept, Challenge, PointAt
from ..engine.refusals import fits_mini_pile, matches
from ..cards import COLOURS
from .base import Timing, colour_counts, unseen_cards
from .memory import Decision, TableMemory, card_keys
from .basic import BasicBot, _Then, colour_before_wd4, wd4_is_legal
from .reasons import Reason, Why

if TYPE_CHECKING:
    from ..game import Game, PlayerView

__all__ = ["StrongBot", "determinize", "determinize_state", "rollout", "plays_agreeing"]

_WD4 = Card(Kind.WILD_DRAW_FOUR)
_RECENT_PLAYS = 4
"""Plays per player an opponent-model check looks at (the latest; bounds the time a move takes)."""


# ---- sampling the hidden cards -------------------------------------------------------------------

def determinize_state(view: PlayerView, rng: random.Random, memory: TableMemory | None = None, tries: int = 0,
                      model: BasicBot | None = None) -> State:
    """An engine `State` agreeing with `view` in everything the viewer can see, with the
    hidden cards — other hands, draw pile order, secret pointing targets, whether a Wild Draw
    Four being answered was legal — sampled with `rng`.

    With a `TableMemory`, each other hand is dealt its known cards and at most ``fresh``
    cards of each colour it is void in (as far as the unseen cards allow); with `tries` and a
    ``basic`` `model`, hands are dealt again (up to `tries` times) until the model would have
    made the plays the memory saw (`plays_agreeing`).

    Depends only on `view`, `memory` and `rng`: two games with the same view give the same
    samples.
    """
    n = len(view.names)
    me = view.player
    s = State(view.rules, n)
    pool = unseen_cards(view)
    rng.shuffle(pool)
    if memory is not None and memory.voids and len(memory.voids) == n:
        _deal_with_memory(s, view, pool, memory, tries, model)
    else:
        for seat in range(n):
            if seat == me:
                s.hands[seat] = list(view.hand)
            else:
                k = view.hand_sizes[seat]
                s.hands[seat] = pool[len(pool) - k:]
                del pool[len(pool) - k:]
    s.draw_pile = pool                      # top = end (the order is a sample)
    s.discard_pile = list(view.discard_pile)
    s.colour = view.colour
    s.direction = view.direction
    s.phase = view.phase
    s.current = view.current if view.current is not None else me
    s.top_player = view.top_player
    s.uno_called = list(view.uno_called)
    s.catchable = view.catchable
    s.links = tuple(view.links)
    s.pending_draw = view.pending_draw
    s.pending_kind = view.pending_kind
    s.wd4_player = view.wd4_player
    s.pointer = view.pointer
    s.mini_pile = list(view.mini_pile)
    s.mini_colour = view.mini_pile[0].colour if view.mini_pile else None
    s.scores = list(view.scores)
    s.round_number = view.round_number
    if view.phase is Phase.DRAWN:
        if view.drawn_card is not None:
            s.drawn_card = view.drawn_card
        else:
            _sample_drawn_card(s, rng)
    if view.phase is Phase.POINTING:
        for seat, done in enumerate(view.has_pointed):
            if done:
                if seat == me and view.my_target is not None:
                    s.pointing[seat] = view.my_target
                else:
                    s.pointing[seat] = rng.choice([t for t in range(n) if t != seat])
    if view.wd4_player is not None:
        before = view.wd4_colour if view.wd4_colour is not None else colour_before_wd4(view)
        s.wd4_colour = view.wd4_colour
        if before is not None:
            s.wd4_legal = wd4_is_legal(s.hands[view.wd4_player], before)
        else:
            s.wd4_legal = rng.random() < 0.75
    return s


def _deal_with_memory(s: State, view: PlayerView, pool: list[Card], memory: TableMemory, tries: int = 0,
                      model: BasicBot | None = None) -> None:
    """Deal the shuffled `pool` into the other hands respecting `memory`; the rest stays in
    `pool` (the draw pile). With `tries` > 0 and a `model` (a ``basic`` bot), a hand with
    which the model would not have made the plays `memory` saw since that player last drew
    (`plays_agreeing`; the latest `_RECENT_PLAYS`) is dealt again, up to `tries` times; the
    hand agreeing with the most plays is kept."""
    me = view.player
    s.hands[me] = list(view.hand)
    seats = [q for q in range(s.n) if q != me]
    seats.sort(key=lambda q: -len(memory.voids[q]) - sum(memory.known[q].values()))
    decisions = getattr(memory, "decisions", None) if tries and model is not None else None
    for q in seats:
        k = view.hand_sizes[q]
        seen = decisions[q][-_RECENT_PLAYS:] if decisions else ()
        if not seen:
            s.hands[q] = _deal_hand(q, k, pool, memory)
            continue
        assert model is not None  # `decisions` are looked at only with a model
        left = memory.left[q]
        best: list[Card] | None = None
        best_ok = -1
        for _i in range(tries + 1):
            hand = _deal_hand(q, k, pool, memory)
            ok = plays_agreeing(model, seen, hand, left, len(view.names))
            if ok > best_ok:
                best, best_ok = hand, ok
            pool[0:0] = hand                # every hand dealt goes back under the pool
            if ok == len(seen):
                break
        assert best is not None  # at least one hand was dealt
        for card in best:
            pool.remove(card)
        s.hands[q] = best


def _deal_hand(q: int, k: int, pool: list[Card], memory: TableMemory) -> list[Card]:
    """`k` cards from `pool` (taken out of it) for seat `q`: the cards `memory` knows they
    hold, cards of the colours they probably hold, and at most ``fresh`` cards of each
    colour, number or symbol they are void in (relaxed when not enough cards fit)."""
    hand: list[Card] = []
    for card, count in memory.known[q].items():
        for _i in range(count):
            if len(hand) < k and card in pool:
                pool.remove(card)
                hand.append(card)
    n_known = len(hand)
    for colour, count in memory.likes[q].items():
        if colour in memory.voids[q]:
            continue
        for i in range(len(pool) - 1, -1, -1):
            if count <= 0 or len(hand) >= k:
                break
            if pool[i].colour is colour:
                hand.append(pool.pop(i))
                count -= 1
    allow = dict(memory.voids[q])
    for card in hand[n_known:]:
        for key in card_keys(card):
            if key in allow:
                allow[key] -= 1
    rest: list[Card] = []
    while pool and len(hand) < k:
        card = pool.pop()
        keys = [key for key in card_keys(card) if key in allow]
        if keys:
            if any(allow[key] <= 0 for key in keys):
                rest.append(card)
                continue
            for key in keys:
                allow[key] -= 1
        hand.append(card)
    while len(hand) < k and rest:     # not enough cards fit: relax
        hand.append(rest.pop())
    pool.extend(reversed(rest))
    return hand


def plays_agreeing(model: BasicBot, decisions: Iterable[Decision], hand_now: Iterable[Card],
                   left: Sequence[Card], n: int) -> int:
    """How many of `decisions` (one player's plays since they last drew) a ``basic`` `model`
    (`BasicBot.could_have_played`) would have made with `hand_now` plus the cards played
    since (`left`)."""
    ok = 0
    for d in decisions:
        then = list(hand_now)
        then.extend(left[d.index:])
        if model.could_have_played(d, then, n):
            ok += 1
    return ok


def _sample_drawn_card(s: State, rng: random.Random) -> None:
    """Another player is deciding on a drawn card: make it a playable card of their hand."""
    hand = s.hands[s.current]
    playable = [c for c in hand if matches(s, c)]
    if playable:
        s.drawn_card = rng.choice(playable)
        return
    for i, c in enumerate(s.draw_pile):
        if matches(s, c):
            s.draw_pile[i], hand[-1] = hand[-1], c
            s.drawn_card = c
            return
    s.drawn_card = hand[-1]


def determinize(view: PlayerView, rng: random.Random, seed: int = 0) -> Game:
    """A `unoparty.game.Game` agreeing with `view` (see `determinize_state`), with undo off
    and its own generator seeded with `seed` — for search and what-ifs from a player's side."""
    from ..game import Game

    return Game.from_state(view.names, view.rules, determinize_state(view, rng), seed)


# ---- the rollout policy (fast, on the engine state) ---------------------------------------------

def _best_colour(hand: Iterable[Card], exclude: Card | None = None) -> Colour:
    counts = [0, 0, 0, 0]
    for c in hand:
        if c.colour is not None:
            counts[c.colour] += 1
    if exclude is not None and exclude.colour is not None:
        counts[exclude.colour] -= 1
    best = max(range(4), key=lambda i: counts[i])
    from ..cards import COLOURS
    return COLOURS[best]


def _fewest(s: State, p: int, k: int) -> list[int]:
    others = [q for q in range(s.n) if q != p]
    others.sort(key=lambda q: len(s.hands[q]))
    return others[:k]


def _rollout_play(s: State, p: int, card: Card) -> Play:
    hand = s.hands[p]
    colour = _best_colour(hand, card) if card.kind.takes_colour else None
    link: tuple[int, int] | None = None
    if card.kind is Kind.WILD_DRAWN_TOGETHER:
        if s.n > 2:
            a, b = _fewest(s, p, 2)
            link = (a, b)
        else:
            link = (0, 1)
    return Play(p, card, colour, link, len(hand) == 2)


def policy_move(s: State) -> Move | None:
    """A quick ``basic``-like move for the seat the state waits for (legal by construction);
    ``None`` when the round is over."""
    phase = s.phase
    p = s.current
    if p is None:
        return None  # the round is over: nobody is waited for
    hand = s.hands[p]
    if phase is Phase.TURN:
        best = None
        best_score = -1e9
        score: float
        counts = [0, 0, 0, 0]
        for c in hand:
            if c.colour is not None:
                counts[c.colour] += 1
        nxt_small = len(s.hands[s.next_seat(p)]) <= 2
        for c in hand:
            k = c.kind
            if c.colour is None:  # a wild card (W-1)
                score = -20 + (5 if k is Kind.WILD_DRAW_FOUR and nxt_small else 0)
            else:
                if not matches(s, c):
                    continue
                score = counts[c.colour] * 2 + c.points / 10
                if nxt_small and Kind.DRAW_TWO <= k <= Kind.SKIP:
                    score += 10
            if score > best_score:
                best, best_score = c, score
        if best is None:
            return Draw(p)
        return _rollout_play(s, p, best)
    if phase is Phase.DRAWN:
        assert s.drawn_card is not None  # the card just drawn, in this phase
        return _rollout_play(s, p, s.drawn_card)
    if phase is Phase.CHALLENGE:
        if s.pending_kind is Kind.WILD_DRAW_FOUR and s.wd4_player is not None \
                and len(s.hands[s.wd4_player]) >= 3:
            return Challenge(p)
        return Accept(p)
    if phase is Phase.MINI_PILE:
        best = None
        for c in hand:
            if fits_mini_pile(s, c) and (best is None or (best.kind >= Kind.WILD and c.kind < Kind.WILD)):
                best = c
        if best is None:
            return TakeMiniPile(p)
        return Play(p, best, call_uno=len(hand) == 2)
    if phase is Phase.POINTING:
        q = s.to_act()[0]
        return PointAt(q, _fewest(s, q, 1)[0])
    return None


def rollout(s: State, me: int, rng: random.Random, depth: int, softness: float = 0.45) -> float:
    """Play on from `s` (mutated) for at most `depth` moves with `policy_move`; the value for
    seat `me`: 1 won, 0 lost, else exp(-softness·size) normalised over the seats, where a
    hand's size counts each wild card as half a card (it can always be played)."""
    for _i in range(depth):
        if s.phase.is_over:
            break
        move = policy_move(s)
        assert move is not None  # the round is not over
        apply_move(s, move, rng)
    if s.phase.is_over:
        return 1.0 if s.winner == me else 0.0
    weights = [math.exp(-softness * (len(h) - 0.5 * sum(1 for c in h if c.kind >= Kind.WILD))) for h in s.hands]
    return weights[me] / sum(weights)


# ---- the bot -------------------------------------------------------------------------------------

@dataclass
class StrongBot(BasicBot):
    """Determinized Monte Carlo search (module doc).

    Attributes:
        playouts: rollouts per decision, shared by the options (the budget; no clock).
        depth: moves per rollout before scoring by hand sizes.
        max_options: options compared at most (the ``basic`` choice first).
        confidence, margin: leave the ``basic`` choice only for an option whose mean paired
            gain exceeds `margin` plus `confidence` standard errors.
        search_phases: the phases (``Phase.value``) searched; elsewhere the heuristic choice.
        consistency_tries: deals of each other hand per sample until it agrees with the
            plays seen (0: deal once).
        assumed_bluff_rate, wd4_attack_at, safe_bluff_hand, bait_legal_wd4: Wild Draw Four
            play and answers (W-2, W-3). void_bonus: prefer colours the next player lacks.
        forget_uno: 0 — the strong bot always calls UNO.
        timing: think delay and reaction time (seconds).
    """

    playouts: int = 80
    depth: int = 30
    max_options: int = 4
    margin: float = 0.0
    confidence: float = 2.0
    forget_uno: float = 0.0
    bluff_rate: float = 0.3
    assumed_bluff_rate: float = 0.08
    wd4_attack_at: int = 3
    safe_bluff_hand: int = 2
    bait_legal_wd4: bool = True
    action_bonus: float = 0.0
    search_phases: tuple[str, ...] = ("turn", "drawn", "mini pile")
    consistency_tries: int = 3

    void_bonus: float = 5.0

    def _next_void(self, view: PlayerView | _Then, colour: Colour | None) -> float:
        """How sure the memory is that the next player holds no card of `colour` (0–1)."""
        voids = self.memory.voids
        if colour is None or len(voids) != len(view.names):
            return 0.0
        nxt = (view.player + view.direction) % len(view.names)
        fresh = voids[nxt].get(colour)
        if fresh is None:
            return 0.0
        return 1.0 if fresh == 0 else 0.5 if fresh == 1 else 0.0

    def _score(self, view: PlayerView | _Then, card: Card, threat: bool) -> float:
        score = super()._score(view, card, threat)
        if card.kind in (Kind.DRAW_TWO, Kind.SKIP):
            score += self.action_bonus
        return score + self.void_bonus * self._next_void(view, card.colour)

    def _play(self, view: PlayerView, card: Card, rng: random.Random, twice: bool = False,
              forget: bool | None = None) -> Play:
        move = super()._play(view, card, rng, twice=twice, forget=forget)
        if move.colour is not None and self.void_bonus:
            counts = colour_counts(view.hand, exclude=card)
            best = max(COLOURS, key=lambda c: (counts[c] + 2.5 * self.void_bonus * self._next_void(view, c)
                                               if counts[c] else -1, counts[c], -int(c)))
            if best is not move.colour:
                move = Play(move.player, move.card, best, move.link, move.call_uno, move.swap_with, move.twice)
        return move
    timing: Timing = field(default_factory=lambda: Timing(think_delay=1.0, reaction_time=0.6))
    level: str = "strong"

    def _turn(self, view: PlayerView, rng: random.Random) -> tuple[Move, Reason]:
        hand = view.hand
        wd4 = _WD4
        if wd4 in hand and len(hand) > 1:
            nxt = (view.player + view.direction) % len(view.names)
            legal = wd4_is_legal(hand, view.colour, wd4)
            left = len(hand) - 1
            if view.hand_sizes[nxt] <= self.wd4_attack_at and (legal or left <= self.safe_bluff_hand):
                return self._play(view, wd4, rng), Reason(Why.WD4_ATTACK, seat=nxt, count=view.hand_sizes[nxt])
            if legal and self.bait_legal_wd4 and left >= 3:
                return self._play(view, wd4, rng), Reason(Why.WD4_BAIT, seat=nxt)
        return super()._turn(view, rng)

    def __post_init__(self) -> None:
        self.memory = TableMemory()
        self._model = BasicBot()

    def observe(self, view: PlayerView, events: Sequence[Event] = ()) -> None:
        """Watch the table: call with this seat's view and the events it saw since the last
        call (``game.events_for(seat, start)``) after every move (optional; it makes the
        sampled hands likelier, `TableMemory`)."""
        if view.player is not None:
            self.memory.observe(view, events)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        phase = view.phase
        if phase in (Phase.POINTING, Phase.CHALLENGE) or any(type(m) is Catch for m in view.legal_moves):
            return self.decide(view, rng)[0]
        cands = self.options(view, rng)
        if len(cands) == 1 or self.playouts <= 0 or phase.value not in self.search_phases:
            return cands[0]
        return self.search(view, cands, rng)

    def options(self, view: PlayerView, rng: random.Random) -> list[Move]:
        """The moves worth comparing now; the ``basic`` choice first."""
        first = self.decide(view, rng)[0]
        out = [first]
        p = view.player
        phase = view.phase
        seen = {getattr(first, "card", None)} if type(first) is Play else set()
        if phase is Phase.TURN:
            for m in view.legal_moves:
                if type(m) is Play and m.card not in seen:
                    seen.add(m.card)
                    twice = view.rules.doubles and view.hand.count(m.card) >= 2
                    out.append(self._play(view, m.card, rng, twice=twice, forget=False))
            # Drawing instead of playing a coloured card is almost never better: spend the
            # budget on the plays (drawing stays an option when only wild cards fit).
            if Draw(p) not in out and not any(type(m) is Play and not m.card.is_wild for m in out):
                out.append(Draw(p))
        elif phase is Phase.DRAWN:
            assert view.drawn_card is not None  # the card just drawn, in this phase
            play = self._play(view, view.drawn_card, rng, forget=False)
            for m in (play, Keep(p)):
                if m not in out:
                    out.append(m)
        elif phase is Phase.MINI_PILE:
            for m in view.legal_moves:
                if type(m) is Play and m.card not in seen:
                    seen.add(m.card)
                    out.append(Play(p, m.card, call_uno=len(view.hand) == 2))
        legal = set(view.legal_moves)
        return [m for m in out if m in legal] or [first]

    def search(self, view: PlayerView, cands: list[Move], rng: random.Random) -> Move:
        """The option whose sampled rollouts beat the heuristic choice (``cands[0]``) clearly:
        by more than `margin` plus `confidence` standard errors of the paired differences; else
        ``cands[0]``. (Single rollouts are noisy: most options differ by less than the noise.)"""
        me = view.player
        cands = cands[:self.max_options]
        k = max(2, self.playouts // len(cands))
        diffs: list[list[float]] = [[] for _ in cands]
        for _i in range(k):
            base = determinize_state(view, rng, self.memory, self.consistency_tries, self._model)
            seed = rng.getrandbits(32)
            values: list[float] = []
            for move in cands:
                s = base.copy()
                r = random.Random(seed)
                apply_move(s, move, r)
                values.append(rollout(s, me, r, self.depth))
            for i, v in enumerate(values):
                diffs[i].append(v - values[0])
        best, best_gain = 0, 0.0
        for i in range(1, len(cands)):
            d = diffs[i]
            mean = sum(d) / k
            var = sum((x - mean) ** 2 for x in d) / (k - 1)
            gain = mean - self.confidence * math.sqrt(var / k) - self.margin
            if gain > best_gain:
                best, best_gain = i, gain
        return cands[best]
